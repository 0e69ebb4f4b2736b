// The billing reports' SQL (decision 030). Each report is one statement that aggregates in the database: an
// invoice's balance is its total less the sums of its payment allocations and applied receivable adjustments.
import { sql, type SQL } from 'drizzle-orm';
import { AGING_BUCKET_BOUNDS, BILLABLE_VISIT_STATUSES, type AgingBucket } from '@carelane/shared-domain';
import { queryRows, type Executor } from '../../../db/client';

/**
 * The aging CASE over an integer expression of days past due, generated from AGING_BUCKET_BOUNDS (the rule's
 * one statement). The bounds are our own integer constants, so they are written into the text.
 */
export function agingCaseText(daysExpression: string): string {
  const whens = AGING_BUCKET_BOUNDS.map((b) =>
    b.maxDays === null
      ? `else '${b.bucket}'`
      : `when ${daysExpression} <= ${Math.trunc(b.maxDays)} then '${b.bucket}'`,
  );
  return `(case ${whens.join(' ')} end)`;
}

/** Payments and applied receivable adjustments per invoice, each counted when made before `before`. */
function settledBefore(before: Date | null): SQL {
  const paid = before
    ? sql`select invoice_id, sum(amount_cents) as cents from payment_allocations where created_at < ${before.toISOString()}::timestamptz group by invoice_id`
    : sql`select invoice_id, sum(amount_cents) as cents from payment_allocations group by invoice_id`;
  const credited = before
    ? sql`select invoice_id, sum(amount_cents) as cents from adjustments
          where kind = 'receivable' and status = 'Applied' and applied_at < ${before.toISOString()}::timestamptz
          group by invoice_id`
    : sql`select invoice_id, sum(amount_cents) as cents from adjustments
          where kind = 'receivable' and status = 'Applied' group by invoice_id`;
  return sql`left join (${paid}) p on p.invoice_id = i.id left join (${credited}) c on c.invoice_id = i.id`;
}
const BALANCE = sql`(i.total_cents - coalesce(p.cents, 0) - coalesce(c.cents, 0))`;

export type ArHealthCellRow = {
  referral_source_id: number;
  organization_name: string;
  bucket: AgingBucket;
  balance_cents: string | number;
  invoice_count: number;
  first_issued_on: string;
  last_issued_on: string;
};

/**
 * AR health: the invoices issued on or before `asOf` with a balance left at the end of that day (what was
 * applied before `endOfDay`), summed per organization and aging bucket.
 */
export function arHealthCells(
  ex: Executor,
  f: { asOf: string; endOfDay: Date; referralSourceId?: number },
): Promise<ArHealthCellRow[]> {
  const bucket = sql.raw(agingCaseText('o.days'));
  return queryRows(
    ex,
    sql`with open as (
          select i.referral_source_id, i.issued_on, ${BALANCE} as balance, (${f.asOf}::date - i.due_on) as days
            from invoices i ${settledBefore(f.endOfDay)}
           where i.issued_on <= ${f.asOf}::date
             ${f.referralSourceId !== undefined ? sql`and i.referral_source_id = ${f.referralSourceId}` : sql``}
        )
        select o.referral_source_id, rs.name as organization_name, ${bucket} as bucket,
               sum(o.balance)::bigint as balance_cents, count(*)::int as invoice_count,
               min(o.issued_on)::text as first_issued_on, max(o.issued_on)::text as last_issued_on
          from open o join referral_sources rs on rs.id = o.referral_source_id
         where o.balance > 0
         group by o.referral_source_id, rs.name, ${bucket}
         order by rs.name, o.referral_source_id`,
  );
}

// ---- unpaid visits

export type UnpaidFilter = { referralSourceId?: number; dueBy?: string };

function unpaidFrom(f: UnpaidFilter): SQL {
  return sql`from invoice_lines l
      join visits v on v.id = l.visit_id
      join invoices i on i.id = l.invoice_id
      join referral_sources rs on rs.id = i.referral_source_id
      ${settledBefore(null)}
     where ${BALANCE} > 0
       ${f.referralSourceId !== undefined ? sql`and i.referral_source_id = ${f.referralSourceId}` : sql``}
       ${f.dueBy !== undefined ? sql`and i.due_on <= ${f.dueBy}::date` : sql``}`;
}

export type UnpaidRow = {
  line_id: number;
  visit_id: number;
  patient_id: number | null;
  date_of_service: string;
  patient_name: string;
  clinician_name: string;
  referral_source_id: number;
  organization_name: string;
  invoice_id: number;
  invoice_number: number;
  due_on: string;
  amount_cents: string | number;
  service_tax_cents: string | number;
  balance_cents: string | number;
};

export function unpaidVisitsPage(
  ex: Executor,
  f: UnpaidFilter,
  page: { pageNumber: number; pageSize: number },
): Promise<UnpaidRow[]> {
  return queryRows(
    ex,
    sql`select l.id as line_id, l.visit_id, v.patient_id, l.date_of_service::text as date_of_service, l.patient_name,
               l.clinician_name, i.referral_source_id, rs.name as organization_name, i.id as invoice_id,
               i.number as invoice_number, i.due_on::text as due_on, l.amount_cents, l.service_tax_cents,
               ${BALANCE} as balance_cents
        ${unpaidFrom(f)}
        order by i.due_on, i.number, l.date_of_service, l.id
        limit ${page.pageSize} offset ${(page.pageNumber - 1) * page.pageSize}`,
  );
}

export async function countUnpaidVisits(ex: Executor, f: UnpaidFilter): Promise<number> {
  const [row] = await queryRows<{ n: number }>(ex, sql`select count(*)::int as n ${unpaidFrom(f)}`);
  return Number(row?.n ?? 0);
}

// ---- outpatient billing

export type OutpatientFilter = {
  referralSourceId?: number;
  startDate: string;
  endDate: string;
  providerTypes: readonly string[];
};

function outpatientFrom(f: OutpatientFilter): SQL {
  return sql`from visits v
      join provider_types pt on pt.id = v.provider_type_id
      join referral_sources rs on rs.id = v.referral_source_id
      left join patients pa on pa.id = v.patient_id
      left join providers pr on pr.id = v.provider_id
      left join invoice_lines l on l.visit_id = v.id
      left join invoices i on i.id = l.invoice_id
     where v.status in (${sql.join(
       BILLABLE_VISIT_STATUSES.map((s) => sql`${s}`),
       sql`, `,
     )})
       and pt.type in (${sql.join(
         f.providerTypes.map((t) => sql`${t}`),
         sql`, `,
       )})
       and v.date_of_service between ${f.startDate}::date and ${f.endDate}::date
       ${f.referralSourceId !== undefined ? sql`and v.referral_source_id = ${f.referralSourceId}` : sql``}`;
}

export type OutpatientRow = {
  visit_id: number;
  patient_id: number | null;
  date_of_service: string;
  referral_source_id: number;
  organization_name: string;
  patient_name: string;
  clinician_name: string;
  provider_type: string;
  duration: number | null;
  time_in: string | Date | null;
  time_out: string | Date | null;
  invoice_id: number | null;
  invoice_number: number | null;
  line_amount_cents: string | number | null;
};

export function outpatientPage(
  ex: Executor,
  f: OutpatientFilter,
  page: { pageNumber: number; pageSize: number },
): Promise<OutpatientRow[]> {
  return queryRows(
    ex,
    sql`select v.id as visit_id, v.patient_id, v.date_of_service::text as date_of_service, v.referral_source_id,
               rs.name as organization_name,
               coalesce(pa.last_name || ', ' || pa.first_name, '') as patient_name,
               coalesce(pr.given_name || ' ' || pr.family_name, '') as clinician_name,
               pt.type as provider_type, v.duration, v.time_in, v.time_out,
               i.id as invoice_id, i.number as invoice_number, l.amount_cents as line_amount_cents
        ${outpatientFrom(f)}
        order by v.date_of_service desc, v.id desc
        limit ${page.pageSize} offset ${(page.pageNumber - 1) * page.pageSize}`,
  );
}

export async function countOutpatient(ex: Executor, f: OutpatientFilter): Promise<number> {
  const [row] = await queryRows<{ n: number }>(ex, sql`select count(*)::int as n ${outpatientFrom(f)}`);
  return Number(row?.n ?? 0);
}

// ---- rebates

export type RebateSumRow = {
  referral_source_id: number;
  organization_name: string;
  month: string;
  payment_count: number;
  qualifying_cents: string | number;
};

/**
 * Per organization and month of receipt: the amounts applied to invoices from payments received within
 * `windowDays` of the invoice's issue date (decision 030), summed.
 */
export function rebateSums(
  ex: Executor,
  f: { referralSourceId?: number; startDate: string; endDate: string; windowDays: number },
): Promise<RebateSumRow[]> {
  return queryRows(
    ex,
    sql`select p.referral_source_id, rs.name as organization_name, to_char(p.received_on, 'YYYY-MM') as month,
               count(distinct p.id)::int as payment_count, sum(a.amount_cents)::bigint as qualifying_cents
          from payment_allocations a
          join payments p on p.id = a.payment_id
          join invoices i on i.id = a.invoice_id
          join referral_sources rs on rs.id = p.referral_source_id
         where p.received_on <= i.issued_on + ${f.windowDays}::int
           and p.received_on between ${f.startDate}::date and ${f.endDate}::date
           ${f.referralSourceId !== undefined ? sql`and p.referral_source_id = ${f.referralSourceId}` : sql``}
         group by p.referral_source_id, rs.name, to_char(p.received_on, 'YYYY-MM')
         order by rs.name, p.referral_source_id, month`,
  );
}
