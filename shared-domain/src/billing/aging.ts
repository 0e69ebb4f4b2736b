/**
 * The aging buckets' bounds (decision 030), the one statement of the rule: each bucket holds the balances whose
 * days past due are at most its `maxDays` (and more than the previous bucket's); the last has no bound.
 * money.ts's `agingBucketOf` and the AR health SQL (generated from this table) must agree: tests check both.
 */
import { AGING_BUCKETS, type AgingBucket } from './money';

export const AGING_BUCKET_BOUNDS: readonly { bucket: AgingBucket; maxDays: number | null }[] = [
  { bucket: 'current', maxDays: 0 },
  { bucket: '1-30', maxDays: 30 },
  { bucket: '31-60', maxDays: 60 },
  { bucket: '61-90', maxDays: 90 },
  { bucket: '90+', maxDays: null },
];

/** The bucket of a number of days past due, read from AGING_BUCKET_BOUNDS. */
export function agingBucketOfDays(days: number): AgingBucket {
  const found = AGING_BUCKET_BOUNDS.find((b) => b.maxDays === null || days <= b.maxDays);
  return found?.bucket ?? AGING_BUCKETS[AGING_BUCKETS.length - 1]!;
}

/** The boundary days tests check the SQL and agingBucketOf against. */
export const AGING_BOUNDARY_DAYS = [-5, 0, 1, 30, 31, 60, 61, 90, 91, 400] as const;
