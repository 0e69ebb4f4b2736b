// Time to staff (issue 26): the dashboard's staffing delay (decision 046) over a period and its prior period, as a
// histogram of buckets and per provider type or organization (median, p90, average). Scoped like the dashboard:
// staff see every organization or the one filtered, an organization's users their own, clinicians are refused
// (the route's page, reports, is the administrator's and the staffing roles' besides).
import {
  TIME_TO_STAFF_BUCKETS,
  TIME_TO_STAFF_METRIC,
  type TimeToStaff,
  type TimeToStaffFigures,
  type TimeToStaffQuery,
} from '@carelane/shared-domain';
import type { AppServices } from '../../../services/app-services';
import { requireActor, type RequestContext } from '../../../services/context';
import { periodsOf, scopedFilter, visitFilterOf } from '../report-scope';
import * as repo from './repository';

type Services = Pick<AppServices, 'db' | 'reportsDb'>;

const num = (value: number | string | null) => (value === null ? null : Number(value));

function figuresOf(rows: readonly repo.TimeToStaffDbRow[]): TimeToStaffFigures {
  const current = rows.find((r) => r.cur);
  const prior = rows.find((r) => !r.cur);
  return {
    staffedVisits: Number(current?.n ?? 0),
    medianHours: num(current?.median ?? null),
    p90Hours: num(current?.p90 ?? null),
    averageHours: num(current?.average ?? null),
    priorStaffedVisits: Number(prior?.n ?? 0),
    priorAverageHours: num(prior?.average ?? null),
  };
}

/** GET /api/admin/reports/timeToStaff */
export async function timeToStaff(
  services: Services,
  ctx: RequestContext,
  query: TimeToStaffQuery,
): Promise<TimeToStaff> {
  const q = scopedFilter(requireActor(ctx), query);
  const { current, prior } = await periodsOf(services, q);
  const filter = await visitFilterOf(services, q);
  const metric = TIME_TO_STAFF_METRIC;
  const [figures, buckets] = await Promise.all([
    repo.groupFigures(services.reportsDb, metric, q.groupBy, filter, current, prior),
    repo.bucketCounts(services.reportsDb, metric, filter, current, prior),
  ]);
  const groups = new Map<number, { name: string; rows: repo.TimeToStaffDbRow[] }>();
  for (const row of figures) {
    if (row.group_id === null) continue;
    const id = Number(row.group_id);
    const group = groups.get(id) ?? { name: String(row.group_name), rows: [] };
    group.rows.push(row);
    groups.set(id, group);
  }
  const countOf = (key: string, cur: boolean) =>
    Number(buckets.find((b) => b.bucket === key && Boolean(b.cur) === cur)?.n ?? 0);
  return {
    period: current,
    prior,
    groupBy: q.groupBy,
    buckets: TIME_TO_STAFF_BUCKETS.map((b) => ({
      key: b.key,
      label: b.label,
      count: countOf(b.key, true),
      priorCount: countOf(b.key, false),
    })),
    rows: [...groups.entries()]
      .map(([groupId, g]) => ({ groupId, groupName: g.name, ...figuresOf(g.rows) }))
      .sort((a, b) => a.groupName.localeCompare(b.groupName) || a.groupId - b.groupId),
    totals: figuresOf(figures.filter((r) => r.group_id === null)),
  };
}
