import { dashboardMetric } from './metrics';
import {
  bucketOf,
  formatHours,
  percentile,
  TIME_TO_STAFF_BUCKETS,
  TIME_TO_STAFF_METRIC,
} from './time-to-staff';

describe('time to staff', () => {
  it("reads the dashboard's staffing delay: request to assignment over staffed visits with an assignment", () => {
    expect(TIME_TO_STAFF_METRIC).toBe(dashboardMetric('staffingDelay'));
    expect(TIME_TO_STAFF_METRIC).toMatchObject({ from: 'requestedAt', to: 'assignedAt' });
    expect(TIME_TO_STAFF_METRIC.over.evidence).toEqual(['assignedAt']);
  });

  it('has buckets that follow one another without a gap, open at both ends', () => {
    const buckets = TIME_TO_STAFF_BUCKETS;
    expect(buckets[0]!.lowerHours).toBeNull();
    expect(buckets[buckets.length - 1]!.upperHours).toBeNull();
    for (let i = 1; i < buckets.length; i++) expect(buckets[i]!.lowerHours).toBe(buckets[i - 1]!.upperHours);
  });

  it('puts each time in one bucket, the lower end included and the upper excluded', () => {
    expect(bucketOf(-1).key).toBe('under4h');
    expect(bucketOf(0).key).toBe('under4h');
    expect(bucketOf(3.99).key).toBe('under4h');
    expect(bucketOf(4).key).toBe('h4to12');
    expect(bucketOf(12).key).toBe('h12to24');
    expect(bucketOf(24).key).toBe('d1to2');
    expect(bucketOf(47.9).key).toBe('d1to2');
    expect(bucketOf(96).key).toBe('d4to7');
    expect(bucketOf(167.99).key).toBe('d4to7');
    expect(bucketOf(168).key).toBe('d7plus');
    expect(bucketOf(10_000).key).toBe('d7plus');
  });

  it('takes percentiles as percentile_cont does: the worked example', () => {
    // Five staffed visits of one provider type, assigned after 2, 6, 10, 30 and 200 hours.
    const hours = [2, 6, 10, 30, 200];
    expect(percentile(hours, 0.5)).toBe(10);
    // p90: position 0.9 × 4 = 3.6, between 30 and 200: 30 + 0.6 × 170 = 132.
    expect(percentile(hours, 0.9)).toBeCloseTo(132, 9);
    // Two visits: the median is halfway.
    expect(percentile([10, 30], 0.5)).toBe(20);
    expect(percentile([7], 0.9)).toBe(7);
    expect(percentile([], 0.5)).toBeNull();
    // Their buckets: < 4 h, 4–12 h twice, 1–2 days, ≥ 7 days.
    expect(hours.map((h) => bucketOf(h).key)).toEqual(['under4h', 'h4to12', 'h4to12', 'd1to2', 'd7plus']);
  });

  it('writes hours to a tenth, and a dash for nothing measured', () => {
    expect(formatHours(131.96)).toBe('132.0 h');
    expect(formatHours(null)).toBe('—');
  });
});
