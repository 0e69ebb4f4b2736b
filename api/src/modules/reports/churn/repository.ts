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

/** Each entity active between `from` and `to` (days), with its active months there and its first active day. */
export async function activity(
  ex: Executor,
  subject: ChurnSubject,
  f: ChurnFilter,
  days: { from: string; to: string },
): Promise<ActivityRow[]> {
  if (subject === 'clinicians')
    return queryRows<ActivityRow>(
      ex,
      sql`with m as (
            select distinct c.provider_id as id, to_char(c.day, 'YYYY-MM') as month
              from report_clinician_days c
             where c.day between ${days.from}::date and ${days.to}::date and c.visits > 0 ${clinicianActivity(f, 'c')}
          )
          select m.id, array_agg(m.month order by m.month) as months,
                 (select min(c2.day) from report_clinician_days c2
                   where c2.provider_id = m.id and c2.visits > 0 ${clinicianActivity(f, 'c2')})::text as first_day
            from m group by m.id`,
    );
  return queryRows<ActivityRow>(
    ex,
    sql`with m as (
          select distinct v.referral_source_id as id, to_char(v.day, 'YYYY-MM') as month
            from report_visit_days v
           where v.day between ${days.from}::date and ${days.to}::date ${organizationActivity(f, 'v')}
        )
        select m.id, array_agg(m.month order by m.month) as months,
               (select min(v2.day) from report_visit_days v2
                 where v2.referral_source_id = m.id ${organizationActivity(f, 'v2')})::text as first_day
          from m group by m.id`,
  );
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
