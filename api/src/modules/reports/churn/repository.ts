// /historicalChurn's reads (decision 055): the months each clinician or organization was active in, from the
// rollups, and the first month it ever was (through the rollups' entity-first indexes of migration 0037).
import { REQUESTED_VISIT_STATUSES, type ChurnSubject } from '@carelane/shared-domain';
import { sql, type SQL } from 'drizzle-orm';
import { idsParam, queryRows, type Executor } from '../../../db/client';
import { statusesParam } from '../dashboard/repository';

export type ChurnFilter = { referralSourceId?: number; providerTypeId?: number };
export type ActivityRow = { id: number; months: string[]; first_day: string };

const and = (condition: SQL | false) => (condition ? sql`and ${condition}` : sql``);

/** A clinician's staffed visits, per day and organization (report_clinician_days counts only staffed ones). */
function clinicianActivity(f: ChurnFilter, alias: string): SQL {
  const c = sql.raw(alias);
  return sql`${and(f.referralSourceId !== undefined && sql`${c}.referral_source_id = ${f.referralSourceId}`)}
    ${and(
      f.providerTypeId !== undefined &&
        sql`exists (select 1 from providers p where p.id = ${c}.provider_id and p.provider_type_id = ${f.providerTypeId})`,
    )}`;
}

/** An organization's visits asked for, per day. */
function organizationActivity(f: ChurnFilter, alias: string): SQL {
  const v = sql.raw(alias);
  return sql`and ${v}.status = any(${statusesParam(REQUESTED_VISIT_STATUSES)}) and ${v}.visits > 0
    ${and(f.referralSourceId !== undefined && sql`${v}.referral_source_id = ${f.referralSourceId}`)}
    ${and(f.providerTypeId !== undefined && sql`${v}.provider_type_id = ${f.providerTypeId}`)}`;
}

/** A month as a number (year × 12 + month), in SQL from a day column and here from a 'YYYY-MM…' text. */
const monthNumberOf = (day: SQL) =>
  sql`(date_part('year', ${day})::int * 12 + date_part('month', ${day})::int)`;
const monthNumber = (text: string) => Number(text.slice(0, 4)) * 12 + Number(text.slice(5, 7));

/**
 * The months (YYYY-MM, ascending) of a mask whose bit k is the k-th month from `first` (the months of a window,
 * at most CHURN_MAX_MONTHS + 1, fit in a bigint's 63 bits).
 */
function monthsOfMask(mask: string | number | bigint, first: number): string[] {
  const bits = BigInt(String(mask));
  const months: string[] = [];
  for (let k = 0; k < 63; k += 1)
    if ((bits >> BigInt(k)) & 1n) {
      const n = first + k - 1;
      months.push(`${Math.floor(n / 12)}-${String((n % 12) + 1).padStart(2, '0')}`);
    }
  return months;
}

/**
 * Each entity active between `from` and `to` (days), with its active months there and its first active day.
 * Each entity's months are gathered as the bits of one number in a single grouping of the window's rows (no
 * distinct (entity, month) pairs to hash, sort and gather as text), then named here; its first active day is
 * read per entity through the entity-first index.
 */
export async function activity(
  ex: Executor,
  subject: ChurnSubject,
  f: ChurnFilter,
  days: { from: string; to: string },
): Promise<ActivityRow[]> {
  const first = monthNumber(days.from);
  const bit = (day: SQL) => sql`bit_or(1::bigint << (${monthNumberOf(day)} - ${first}::int))`;
  const rows =
    subject === 'clinicians'
      ? await queryRows<{ id: number; mask: string; first_day: string }>(
          ex,
          sql`with m as (
                select c.provider_id as id, ${bit(sql`c.day`)} as mask
                  from report_clinician_days c
                 where c.day between ${days.from}::date and ${days.to}::date and c.visits > 0 ${clinicianActivity(f, 'c')}
                 group by c.provider_id
              )
              select m.id, m.mask::text as mask,
                     (select min(c2.day) from report_clinician_days c2
                       where c2.provider_id = m.id and c2.visits > 0 ${clinicianActivity(f, 'c2')})::text as first_day
                from m`,
        )
      : await queryRows<{ id: number; mask: string; first_day: string }>(
          ex,
          sql`with m as (
                select v.referral_source_id as id, ${bit(sql`v.day`)} as mask
                  from report_visit_days v
                 where v.day between ${days.from}::date and ${days.to}::date ${organizationActivity(f, 'v')}
                 group by v.referral_source_id
              )
              select m.id, m.mask::text as mask,
                     (select min(v2.day) from report_visit_days v2
                       where v2.referral_source_id = m.id ${organizationActivity(f, 'v2')})::text as first_day
                from m`,
        );
  return rows.map((r) => ({ id: r.id, months: monthsOfMask(r.mask, first), first_day: r.first_day }));
}

export type MemberRow = { id: number; name: string; detail: string | null };

/** A page of `ids` (clinicians or organizations) with their names, by name. */
export async function members(
  ex: Executor,
  subject: ChurnSubject,
  ids: readonly number[],
  page: { limit: number; offset: number },
): Promise<MemberRow[]> {
  if (!ids.length) return [];
  return subject === 'clinicians'
    ? queryRows<MemberRow>(
        ex,
        sql`select p.id, p.given_name || ' ' || p.family_name as name, pt.type as detail
              from providers p join provider_types pt on pt.id = p.provider_type_id
             where p.id = any(${idsParam(ids)}) order by name, p.id limit ${page.limit} offset ${page.offset}`,
      )
    : queryRows<MemberRow>(
        ex,
        sql`select rs.id, rs.name, rs.zipcode as detail from referral_sources rs
             where rs.id = any(${idsParam(ids)}) order by rs.name, rs.id limit ${page.limit} offset ${page.offset}`,
      );
}
