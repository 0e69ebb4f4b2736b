/**
 * The time-to-staff report (issue 26): how long staffing a visit takes, by provider type or organization. It reads
 * the dashboard's staffing delay exactly (decision 046): the hours from a visit's request (created) to its
 * assignment, over `dashboardMetric('staffingDelay').over` (staffed visits with an assignment time), bucketed by
 * date of service, so the report's staffed visits are the dashboard's denominator for the same filters.
 */
import { dashboardMetric, type VisitDurationMetric } from './metrics';

/** The dashboard's staffing delay: the one definition this report reads. */
export const TIME_TO_STAFF_METRIC = dashboardMetric('staffingDelay') as VisitDurationMetric;

/** A histogram bucket: hours from `lowerHours` (included; null: no lower end) to `upperHours` (excluded; null: none). */
export type TimeToStaffBucket = {
  key: string;
  label: string;
  lowerHours: number | null;
  upperHours: number | null;
};

/** The histogram's buckets, shortest first; together they cover every number of hours exactly once. */
export const TIME_TO_STAFF_BUCKETS = [
  { key: 'under4h', label: '< 4 h', lowerHours: null, upperHours: 4 },
  { key: 'h4to12', label: '4–12 h', lowerHours: 4, upperHours: 12 },
  { key: 'h12to24', label: '12–24 h', lowerHours: 12, upperHours: 24 },
  { key: 'd1to2', label: '1–2 days', lowerHours: 24, upperHours: 48 },
  { key: 'd2to4', label: '2–4 days', lowerHours: 48, upperHours: 96 },
  { key: 'd4to7', label: '4–7 days', lowerHours: 96, upperHours: 168 },
  { key: 'd7plus', label: '≥ 7 days', lowerHours: 168, upperHours: null },
] as const satisfies readonly TimeToStaffBucket[];

export type TimeToStaffBucketKey = (typeof TIME_TO_STAFF_BUCKETS)[number]['key'];
export const TIME_TO_STAFF_BUCKET_KEYS = TIME_TO_STAFF_BUCKETS.map((b) => b.key) as TimeToStaffBucketKey[];

/** The bucket a number of hours falls in (a negative time, an assignment recorded before the request, is the first). */
export function bucketOf(hours: number): TimeToStaffBucket {
  const buckets: readonly TimeToStaffBucket[] = TIME_TO_STAFF_BUCKETS;
  return buckets.find((b) => b.upperHours === null || hours < b.upperHours)!;
}

/** What the report's rows are per: the visit's provider type, or its organization. */
export const TIME_TO_STAFF_GROUP_BYS = ['providerType', 'organization'] as const;
export type TimeToStaffGroupBy = (typeof TIME_TO_STAFF_GROUP_BYS)[number];

/**
 * The `p` percentile (0–1) of hours sorted ascending, interpolated linearly between the two nearest (PostgreSQL's
 * percentile_cont, which the API uses); null when there are none.
 */
export function percentile(sortedHours: readonly number[], p: number): number | null {
  if (sortedHours.length === 0) return null;
  const position = p * (sortedHours.length - 1);
  const below = Math.floor(position);
  const above = Math.ceil(position);
  const low = sortedHours[below]!;
  return low + (sortedHours[above]! - low) * (position - below);
}

/** Hours as shown: "26.3 h", "—" when there is nothing to measure. */
export const formatHours = (hours: number | null): string => (hours === null ? '—' : `${hours.toFixed(1)} h`);
