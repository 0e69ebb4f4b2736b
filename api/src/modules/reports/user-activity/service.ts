// /userActivity (issue 26, decision 052): who signs in and works in Carelane, and who has gone quiet. Page key
// activityLogs (administrators, operations directors, executives). The period is of the Central calendar, the
// one the audit log's rollup counts days by.
import type { UserActivity, UserActivityQuery } from '@carelane/shared-domain';
import { pagingOf } from '../../../lib/paging';
import type { AppServices } from '../../../services/app-services';
import { periodsOf } from '../report-scope';
import * as repo from './repository';

type Services = Pick<AppServices, 'db' | 'reportsDb'>;

const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());

/** GET /api/admin/reports/userActivity */
export async function userActivity(services: Services, q: UserActivityQuery): Promise<UserActivity> {
  const { current, prior } = await periodsOf(services, { from: q.from, to: q.to });
  const rows = await repo.userActivityPage(services.reportsDb, q, current, prior);
  return {
    period: current,
    prior,
    rows: rows.map((r) => ({
      userId: r.id,
      name: r.name,
      emailId: r.email_id,
      role: r.role,
      organizationName: r.organization_name,
      lastLogin: iso(r.last_login),
      signIns: { current: Number(r.sign_ins), prior: Number(r.prior_sign_ins) },
      patientReads: { current: Number(r.patient_reads), prior: Number(r.prior_patient_reads) },
      entries: { current: Number(r.entries), prior: Number(r.prior_entries) },
    })),
    paging: pagingOf(q, Number(rows[0]?.total ?? 0)),
  };
}
