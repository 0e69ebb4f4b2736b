import dayjs from 'dayjs';
import { AGING_BOUNDARY_DAYS, AGING_BUCKET_BOUNDS, agingBucketOfDays } from './aging';
import { AGING_BUCKETS, agingBucketOf } from './money';

describe('aging bucket bounds (decision 030)', () => {
  it('lists every bucket once, in order, the last unbounded', () => {
    expect(AGING_BUCKET_BOUNDS.map((b) => b.bucket)).toEqual([...AGING_BUCKETS]);
    expect(AGING_BUCKET_BOUNDS.at(-1)!.maxDays).toBeNull();
  });

  it('agrees with agingBucketOf on every boundary day', () => {
    const asOf = '2030-06-30';
    for (const days of AGING_BOUNDARY_DAYS) {
      const dueOn = dayjs(asOf).subtract(days, 'day').format('YYYY-MM-DD');
      expect([days, agingBucketOfDays(days)]).toEqual([days, agingBucketOf(dueOn, asOf)]);
    }
    expect(AGING_BOUNDARY_DAYS.map(agingBucketOfDays)).toEqual([
      'current',
      'current',
      '1-30',
      '1-30',
      '31-60',
      '31-60',
      '61-90',
      '61-90',
      '90+',
      '90+',
    ]);
  });
});
