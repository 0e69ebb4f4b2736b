// /userActivity's SQL (decision 052): the users of the filters with their audit entries per figure over the
// period and the prior one, from report_user_days (the audit log's rollup, kept by its insert trigger).
import { sql, type SQL } from 'drizzle-orm';
import type { ReportPeriod, UserActivityQuery, UserActivitySort } from '@carelane/shared-domain';
import { queryRows, type Executor } from '../../../db/client';
import { containsPattern } from '../../../lib/like-pattern';

export type UserActivityDbRow = {
  id: number;
  name: string;
  email_id: string;
  role: string;
  organization_name: string | null;
  last_login: string | Date | null;
  sign_ins: number;
  prior_sign_ins: number;
  patient_reads: number;
  prior_patient_reads: number;
  entries: number;
  prior_entries: number;
  total: number;
};

const SORT_COLUMNS: Record<UserActivitySort, SQL> = {
  name: sql`u.last_name, u.first_name`,
  lastLogin: sql`u.last_login`,
  signIns: sql`sign_ins`,
  patientReads: sql`patient_reads`,
  entries: sql`entries`,
};

const inPeriod = (p: ReportPeriod) => sql`d.day between ${p.from}::date and ${p.to}::date`;

/** A page of users with their figures, and the number of users of the filters (on every row). */
export function userActivityPage(
  ex: Executor,
  q: UserActivityQuery,
  current: ReportPeriod,
  prior: ReportPeriod,
): Promise<UserActivityDbRow[]> {
  const filters: SQL[] = [sql`u.status = 'ACTIVE'`];
  if (q.roleId !== undefined) filters.push(sql`u.role_id = ${q.roleId}`);
  if (q.referralSourceId !== undefined) filters.push(sql`u.referral_source_id = ${q.referralSourceId}`);
  if (q.q) {
    const like = containsPattern(q.q);
    filters.push(sql`(u.first_name || ' ' || u.last_name ilike ${like} or u.email_id ilike ${like})`);
  }
  const direction = q.order === 'desc' ? sql`desc` : sql`asc`;
  // Users never signed in sort as the least recent.
  const nulls = q.order === 'desc' ? sql`nulls last` : sql`nulls first`;
  return queryRows(
    ex,
    sql`with counts as (
          select d.user_id,
                 sum(d.entries) filter (where ${inPeriod(current)} and d.action = 'LOGIN')::int as sign_ins,
                 sum(d.entries) filter (where ${inPeriod(prior)} and d.action = 'LOGIN')::int as prior_sign_ins,
                 sum(d.entries) filter (where ${inPeriod(current)} and d.action = 'READ')::int as patient_reads,
                 sum(d.entries) filter (where ${inPeriod(prior)} and d.action = 'READ')::int as prior_patient_reads,
                 sum(d.entries) filter (where ${inPeriod(current)})::int as entries,
                 sum(d.entries) filter (where ${inPeriod(prior)})::int as prior_entries
            from report_user_days d
           where d.day between ${prior.from}::date and ${current.to}::date
           group by d.user_id
        )
        select u.id, u.first_name || ' ' || u.last_name as name, u.email_id, r.rolename as role,
               rs.name as organization_name, u.last_login,
               coalesce(c.sign_ins, 0) as sign_ins, coalesce(c.prior_sign_ins, 0) as prior_sign_ins,
               coalesce(c.patient_reads, 0) as patient_reads,
               coalesce(c.prior_patient_reads, 0) as prior_patient_reads,
               coalesce(c.entries, 0) as entries, coalesce(c.prior_entries, 0) as prior_entries,
               count(*) over ()::int as total
          from users u
          join roles r on r.role_id = u.role_id
          left join referral_sources rs on rs.id = u.referral_source_id
          left join counts c on c.user_id = u.id
         where ${sql.join(filters, sql` and `)}
         order by ${SORT_COLUMNS[q.sort]} ${direction} ${nulls}, u.last_name, u.first_name, u.id
         limit ${q.pageSize} offset ${(q.pageNumber - 1) * q.pageSize}`,
  );
}
