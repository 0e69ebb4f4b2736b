// The billing reports (decision 030): each reads one aggregating statement (repository.ts) and applies the
// shared-domain rules to its rows: aging buckets, therapy units and codes, the rebate. Billing staff only.
import {
  AGING_BUCKETS,
  REBATE_RULE_TEXT,
  REBATE_WINDOW_DAYS,
  THERAPY_BILLING_CODES,
  THERAPY_PROVIDER_TYPES,
  billedMinutes,
  daysPastDue,
  invoiceNumberText,
  rebateCents,
  sumCents,
  therapyUnits,
  type ArHealth,
  type ArHealthCell,
  type ArHealthQuery,
  type OutpatientBilling,
  type OutpatientBillingQuery,
  type RebateQuery,
  type RebateReport,
  type UnpaidVisitList,
  type UnpaidVisitsQuery,
} from '@carelane/shared-domain';
import dayjs from 'dayjs';
import { badRequest } from '../../../lib/errors';
import { localIsoDate } from '../../../lib/local-date';
import { pagingOf } from '../../../lib/paging';
import { noteRead, patientIdsOf } from '../../../services/access-log';
import type { AppServices } from '../../../services/app-services';
import type { RequestContext } from '../../../services/context';
import { requireBillingUser } from '../access';
import * as repo from './repository';

/** Outpatient billing: by default the last 30 days of service. */
export const OUTPATIENT_DEFAULT_DAYS_BACK = 30;
/** Rebates: by default the current month and the 11 before it. */
export const REBATE_DEFAULT_MONTHS = 12;

const todayIso = () => localIsoDate(new Date());
const cents = (value: string | number | bigint | null | undefined) => Number(value ?? 0);

function range(q: { startDate?: string; endDate?: string }, defaultStart: string) {
  const startDate = q.startDate ?? defaultStart;
  const endDate = q.endDate ?? todayIso();
  if (endDate < startDate) throw badRequest('endDate', 'must not be before startDate');
  return { startDate, endDate };
}

const emptyCell = (bucket: ArHealthCell['bucket']): ArHealthCell => ({
  bucket,
  balanceCents: 0,
  invoiceCount: 0,
  firstIssuedOn: null,
  lastIssuedOn: null,
});

const minDay = (a: string | null, b: string | null) => (a === null ? b : b === null || a <= b ? a : b);
const maxDay = (a: string | null, b: string | null) => (a === null ? b : b === null || a >= b ? a : b);

/** Cells of one bucket added together (sums of ledger sums). */
function addCells(cells: readonly ArHealthCell[], bucket: ArHealthCell['bucket']): ArHealthCell {
  return cells.reduce(
    (sum, cell) => ({
      bucket,
      balanceCents: sumCents([sum.balanceCents, cell.balanceCents]),
      invoiceCount: sum.invoiceCount + cell.invoiceCount,
      firstIssuedOn: minDay(sum.firstIssuedOn, cell.firstIssuedOn),
      lastIssuedOn: maxDay(sum.lastIssuedOn, cell.lastIssuedOn),
    }),
    emptyCell(bucket),
  );
}

/** GET /api/operation/reports/arHealth */
export async function arHealth(
  services: AppServices,
  ctx: RequestContext,
  q: ArHealthQuery,
): Promise<ArHealth> {
  requireBillingUser(ctx);
  const asOf = q.asOf ?? todayIso();
  // The end of the as-of day on the server's calendar: what was applied later does not count.
  const [y, m, d] = asOf.split('-').map(Number) as [number, number, number];
  const endOfDay = new Date(y, m - 1, d + 1);
  const cells = await repo.arHealthCells(services.db, {
    asOf,
    endOfDay,
    referralSourceId: q.referralSourceId,
  });

  const byOrganization = new Map<number, { name: string; cells: Map<string, ArHealthCell> }>();
  for (const row of cells) {
    const org = byOrganization.get(row.referral_source_id) ?? {
      name: row.organization_name,
      cells: new Map(),
    };
    org.cells.set(row.bucket, {
      bucket: row.bucket,
      balanceCents: cents(row.balance_cents),
      invoiceCount: row.invoice_count,
      firstIssuedOn: row.first_issued_on,
      lastIssuedOn: row.last_issued_on,
    });
    byOrganization.set(row.referral_source_id, org);
  }
  const rows = [...byOrganization].map(([referralSourceId, org]) => {
    const buckets = AGING_BUCKETS.map((bucket) => org.cells.get(bucket) ?? emptyCell(bucket));
    const all = addCells(buckets, 'current');
    return {
      referralSourceId,
      organizationName: org.name,
      buckets,
      totalCents: all.balanceCents,
      invoiceCount: all.invoiceCount,
      firstIssuedOn: all.firstIssuedOn!,
      lastIssuedOn: all.lastIssuedOn!,
    };
  });
  const totalBuckets = AGING_BUCKETS.map((bucket, i) =>
    addCells(
      rows.map((r) => r.buckets[i]!),
      bucket,
    ),
  );
  return {
    asOf,
    rows,
    totals: {
      buckets: totalBuckets,
      totalCents: sumCents(totalBuckets.map((b) => b.balanceCents)),
      invoiceCount: totalBuckets.reduce((n, b) => n + b.invoiceCount, 0),
    },
  };
}

/** GET /api/operation/reports/unpaidVisits */
export async function unpaidVisits(
  services: AppServices,
  ctx: RequestContext,
  q: UnpaidVisitsQuery,
): Promise<UnpaidVisitList> {
  requireBillingUser(ctx);
  const filter = { referralSourceId: q.referralSourceId, dueBy: q.dueBy };
  const [rows, total] = await Promise.all([
    repo.unpaidVisitsPage(services.db, filter, q),
    repo.countUnpaidVisits(services.db, filter),
  ]);
  noteRead(ctx, {
    kind: 'billingVisitList',
    entityId: null,
    patientIds: patientIdsOf(rows.map((r) => ({ patientId: r.patient_id }))),
  });
  const today = todayIso();
  return {
    rows: rows.map((r) => ({
      lineId: r.line_id,
      visitId: r.visit_id,
      dateOfService: r.date_of_service,
      patientName: r.patient_name,
      clinicianName: r.clinician_name,
      referralSourceId: r.referral_source_id,
      organizationName: r.organization_name,
      invoiceId: r.invoice_id,
      invoiceNumber: invoiceNumberText(r.invoice_number),
      dueOn: r.due_on,
      daysPastDue: daysPastDue(r.due_on, today),
      amountCents: cents(r.amount_cents),
      serviceTaxCents: cents(r.service_tax_cents),
      invoiceBalanceCents: cents(r.balance_cents),
    })),
    paging: pagingOf(q, total),
  };
}

/** GET /api/operation/reports/outpatientBilling */
export async function outpatientBilling(
  services: AppServices,
  ctx: RequestContext,
  q: OutpatientBillingQuery,
): Promise<OutpatientBilling> {
  requireBillingUser(ctx);
  const dates = range(q, dayjs().subtract(OUTPATIENT_DEFAULT_DAYS_BACK, 'day').format('YYYY-MM-DD'));
  const filter = {
    referralSourceId: q.referralSourceId,
    ...dates,
    providerTypes: q.providerType ? [q.providerType] : THERAPY_PROVIDER_TYPES,
  };
  const [rows, total] = await Promise.all([
    repo.outpatientPage(services.db, filter, q),
    repo.countOutpatient(services.db, filter),
  ]);
  noteRead(ctx, {
    kind: 'billingVisitList',
    entityId: null,
    patientIds: patientIdsOf(rows.map((r) => ({ patientId: r.patient_id }))),
  });
  return {
    ...dates,
    rows: rows.map((r) => {
      const minutes = billedMinutes({ duration: r.duration, timeIn: r.time_in, timeOut: r.time_out });
      const code = THERAPY_BILLING_CODES[r.provider_type as keyof typeof THERAPY_BILLING_CODES];
      return {
        visitId: r.visit_id,
        dateOfService: r.date_of_service,
        referralSourceId: r.referral_source_id,
        organizationName: r.organization_name,
        patientName: r.patient_name,
        clinicianName: r.clinician_name,
        providerType: r.provider_type,
        discipline: code.discipline,
        code: code.code,
        minutes,
        units: therapyUnits(minutes),
        invoiceId: r.invoice_id,
        invoiceNumber: r.invoice_number === null ? null : invoiceNumberText(r.invoice_number),
        lineAmountCents: r.line_amount_cents === null ? null : cents(r.line_amount_cents),
      };
    }),
    paging: pagingOf(q, total),
  };
}

/** GET /api/operation/reports/rebates */
export async function rebates(
  services: AppServices,
  ctx: RequestContext,
  q: RebateQuery,
): Promise<RebateReport> {
  requireBillingUser(ctx);
  const dates = range(
    q,
    dayjs()
      .startOf('month')
      .subtract(REBATE_DEFAULT_MONTHS - 1, 'month')
      .format('YYYY-MM-DD'),
  );
  const sums = await repo.rebateSums(services.db, {
    referralSourceId: q.referralSourceId,
    ...dates,
    windowDays: REBATE_WINDOW_DAYS,
  });
  const rows = sums.map((r) => {
    const qualifyingCents = cents(r.qualifying_cents);
    return {
      referralSourceId: r.referral_source_id,
      organizationName: r.organization_name,
      month: r.month,
      qualifyingPaymentCount: r.payment_count,
      qualifyingCents,
      rebateCents: rebateCents(qualifyingCents),
    };
  });
  return {
    ...dates,
    rule: REBATE_RULE_TEXT,
    rows,
    totals: {
      qualifyingCents: sumCents(rows.map((r) => r.qualifyingCents)),
      rebateCents: sumCents(rows.map((r) => r.rebateCents)),
    },
  };
}
