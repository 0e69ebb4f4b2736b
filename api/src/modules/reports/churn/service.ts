// /historicalChurn (issue 26, decision 055): clinicians and organizations active per month, won and lost, and
// their cohorts, from the rollups; every figure's ids come from shared-domain's churn rules.
import {
  churnCohorts,
  churnDays,
  churnMembers,
  churnMonths,
  churnWindow,
  cohortMembers,
  todayIn,
  type Churn,
  type ChurnFigure,
  type ChurnMembers,
  type ChurnMembersQuery,
  type ChurnQuery,
  type ChurnSubject,
  type EntityActivity,
} from '@carelane/shared-domain';
import { badRequest } from '../../../lib/errors';
import { pagingOf } from '../../../lib/paging';
import type { AppServices } from '../../../services/app-services';
import type { Actor } from '../../../services/context';
import { reportTimeZone, scopedFilter } from '../report-scope';
import * as repo from './repository';

type Services = Pick<AppServices, 'db' | 'reportsDb'>;

/** The window asked for and each entity's activity in it (and the month before). */
async function activityOf(services: Services, actor: Actor, q: ChurnQuery) {
  const scoped = scopedFilter(actor, q);
  const zone = await reportTimeZone(services, scoped.referralSourceId);
  const window = churnWindow(scoped.toMonth ?? todayIn(zone).slice(0, 7), scoped.months);
  const rows = await repo.activity(
    services.reportsDb,
    scoped.subject as ChurnSubject,
    scoped,
    churnDays(window),
  );
  const entities: EntityActivity[] = rows.map((r) => ({
    id: r.id,
    months: r.months,
    firstMonth: r.first_day.slice(0, 7),
  }));
  return { window, entities };
}

/** GET /api/admin/reports/historicalChurn */
export async function churn(services: Services, actor: Actor, q: ChurnQuery): Promise<Churn> {
  const { window, entities } = await activityOf(services, actor, q);
  return {
    subject: q.subject as ChurnSubject,
    months: window,
    rows: churnMonths(entities, window),
    cohorts: churnCohorts(entities, window),
  };
}

/** GET /api/admin/reports/historicalChurn/records: the clinicians or organizations behind a figure. */
export async function churnRecords(
  services: Services,
  actor: Actor,
  q: ChurnMembersQuery,
): Promise<ChurnMembers> {
  const { window, entities } = await activityOf(services, actor, q);
  let ids: number[];
  if (q.cohort !== undefined) {
    const at = window.indexOf(q.cohort);
    if (at < 0) throw badRequest('cohort', 'must be a month of the window');
    if (at + q.offset! >= window.length) throw badRequest('offset', 'must end within the window');
    ids = cohortMembers(entities, q.cohort, q.offset!);
  } else {
    if (!window.includes(q.month!)) throw badRequest('month', 'must be a month of the window');
    ids = churnMembers(entities, q.month!, q.figure as ChurnFigure);
  }
  const firstMonth = new Map(entities.map((e) => [e.id, e.firstMonth]));
  const rows = await repo.members(services.reportsDb, q.subject as ChurnSubject, ids, {
    limit: q.pageSize,
    offset: (q.pageNumber - 1) * q.pageSize,
  });
  return {
    rows: rows.map((r) => ({ ...r, firstMonth: firstMonth.get(r.id)! })),
    paging: pagingOf(q, ids.length),
  };
}
