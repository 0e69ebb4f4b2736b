// The time-to-staff report's SQL (issue 26). The visits and their hours are the dashboard's staffing delay, from
// the dashboard's own generators (its visit set, its hours, its filters), so the report's staffed visits are the
// dashboard's denominator for the same filters. Medians and p90s are PostgreSQL's percentile_cont (shared-domain's
// `percentile` is the same interpolation).
import { sql, type SQL } from 'drizzle-orm';
import {
  TIME_TO_STAFF_BUCKETS,
  type ReportPeriod,
  type TimeToStaffBucket,
  type TimeToStaffGroupBy,
  type VisitDurationMetric,
} from '@carelane/shared-domain';
import { queryRows, type Executor } from '../../../db/client';
import { metricHours, metricPartCondition, visitsFrom, type VisitFilter } from '../dashboard/repository';

/** Each visit of the metric's set dated in either period: whether in the current one, its groups, its hours. */
function staffedVisits(
  metric: VisitDurationMetric,
  filter: VisitFilter,
  current: ReportPeriod,
  prior: ReportPeriod,
): SQL {
  return sql`select v.date_of_service >= ${current.from}::date as cur, v.provider_type_id, v.referral_source_id,
                    (${metricHours(metric)})::float8 as h
             ${visitsFrom(filter, { from: prior.from, to: current.to })}
               and ${metricPartCondition(metric, 'denominator')}`;
}

const GROUPS: Record<TimeToStaffGroupBy, SQL> = {
  providerType: sql`join provider_types g on g.id = d.provider_type_id`,
  organization: sql`join referral_sources g on g.id = d.referral_source_id`,
};
const GROUP_NAMES: Record<TimeToStaffGroupBy, SQL> = {
  providerType: sql`g.type`,
  organization: sql`g.name`,
};

export type TimeToStaffDbRow = {
  /** null: every group's (the totals). */
  group_id: number | null;
  group_name: string | null;
  cur: boolean;
  n: number;
  average: number | null;
  median: number | null;
  p90: number | null;
};

/** Per group and period, and per period over every group: staffed visits, average, median and p90 hours. */
export function groupFigures(
  ex: Executor,
  metric: VisitDurationMetric,
  groupBy: TimeToStaffGroupBy,
  filter: VisitFilter,
  current: ReportPeriod,
  prior: ReportPeriod,
): Promise<TimeToStaffDbRow[]> {
  return queryRows(
    ex,
    sql`with d as (${staffedVisits(metric, filter, current, prior)})
        select g.id as group_id, ${GROUP_NAMES[groupBy]} as group_name, d.cur, count(*)::int as n,
               avg(d.h)::float8 as average,
               percentile_cont(0.5) within group (order by d.h)::float8 as median,
               percentile_cont(0.9) within group (order by d.h)::float8 as p90
          from d ${GROUPS[groupBy]}
         group by grouping sets ((g.id, ${GROUP_NAMES[groupBy]}, d.cur), (d.cur))
         order by group_name nulls first, group_id, d.cur`,
  );
}

/**
 * Each visit's bucket as a number, computed once from its hours `d.h` (width_bucket over the bounded buckets'
 * upper bounds, ascending: 0 below the first, i from the i-th bound up), then named per group: the first bucket
 * whose upper bound the hours are below, else the last (as shared-domain's bucketOf; null hours, which the set's
 * assigned-at evidence excludes, would be the last too, as NaN is). Generated from the buckets' bounds.
 */
function bucketNames(): { bounds: SQL; keys: SQL; last: number } {
  const buckets: readonly TimeToStaffBucket[] = TIME_TO_STAFF_BUCKETS;
  const bounds = buckets.slice(0, -1).map((b) => b.upperHours);
  bounds.forEach((bound, i) => {
    if (bound === null || !Number.isFinite(bound) || (i > 0 && bound <= bounds[i - 1]!))
      throw new Error('TIME_TO_STAFF_BUCKETS: bounds must ascend, the last bucket alone unbounded');
  });
  for (const b of buckets)
    if (!/^[A-Za-z0-9]+$/.test(b.key)) throw new Error(`TIME_TO_STAFF_BUCKETS: ${b.key} is not a key`);
  return {
    bounds: sql`${`{${bounds.join(',')}}`}::float8[]`,
    keys: sql`${`{${buckets.map((b) => b.key).join(',')}}`}::text[]`,
    last: bounds.length,
  };
}

/** The staffed visits per bucket and period (buckets without one are absent). */
export function bucketCounts(
  ex: Executor,
  metric: VisitDurationMetric,
  filter: VisitFilter,
  current: ReportPeriod,
  prior: ReportPeriod,
): Promise<{ bucket: string; cur: boolean; n: number }[]> {
  const { bounds, keys, last } = bucketNames();
  return queryRows(
    ex,
    sql`with d as (${staffedVisits(metric, filter, current, prior)})
        select (${keys})[coalesce(b.i, ${last}::int) + 1] as bucket, b.cur, b.n
          from (select width_bucket(d.h, ${bounds}) as i, d.cur, count(*)::int as n from d group by 1, 2) b`,
  );
}
