import {
  DASHBOARD_METRICS,
  REQUESTED_VISIT_STATUSES,
  STAFFED_VISIT_STATUSES,
  COMPLETED_VISIT_STATUSES,
  countMetric,
  dashboardMetric,
  formatMetricValue,
  inVisitSet,
  metricChange,
  metricValue,
  type MetricClinician,
  type MetricDefinition,
  type MetricVisit,
} from './metrics';
import { VISIT_STATUSES } from '../visits/visit-status';

const metric = (key: string): MetricDefinition => dashboardMetric(key)!;

const visit = (over: Partial<MetricVisit>): MetricVisit => ({
  status: 'Active',
  nonVisit: false,
  dateOfService: '2026-11-02',
  requestedAt: '2026-10-30T14:00:00.000Z',
  assignedAt: null,
  timeIn: null,
  timeOut: null,
  evvVerified: false,
  notesSubmittedAt: null,
  ...over,
});

// The worked example of decision 046: eight visits dated in one week.
const WEEK: MetricVisit[] = [
  // 1: approved, EVV verified; assigned 10 h after the request; note 2 h after check-out
  visit({
    status: 'NotesApproved',
    assignedAt: '2026-10-31T00:00:00.000Z',
    timeIn: '2026-11-02T15:00:00.000Z',
    timeOut: '2026-11-02T16:00:00.000Z',
    evvVerified: true,
    notesSubmittedAt: '2026-11-02T18:00:00.000Z',
  }),
  // 2: note in review, EVV flag not acknowledged; assigned 30 h after; note 4 h after check-out
  visit({
    status: 'NotesInReview',
    assignedAt: '2026-10-31T20:00:00.000Z',
    timeIn: '2026-11-02T17:00:00.000Z',
    timeOut: '2026-11-02T18:00:00.000Z',
    notesSubmittedAt: '2026-11-02T22:00:00.000Z',
  }),
  // 3: staffed, not yet happened; assigned 20 h after
  visit({ status: 'Staffed', assignedAt: '2026-10-31T10:00:00.000Z' }),
  // 4: published, unstaffed
  visit({ status: 'Active' }),
  // 5: expired unstaffed: demand not met
  visit({ status: 'Expired' }),
  // 6, 7, 8: never counted: a draft, a deleted visit, a non-visit
  visit({ status: 'Draft' }),
  visit({ status: 'Deleted' }),
  visit({ status: 'NotesApproved', nonVisit: true, assignedAt: '2026-10-31T00:00:00.000Z' }),
];

const CLINICIANS: MetricClinician[] = [
  { providerStatusId: 3, staffedVisitsInPeriod: 2 },
  { providerStatusId: 3, staffedVisitsInPeriod: 1 },
  { providerStatusId: 3, staffedVisitsInPeriod: 0 },
  { providerStatusId: 3, staffedVisitsInPeriod: 0 },
  { providerStatusId: 5, staffedVisitsInPeriod: 1 }, // inactive: not counted
];

describe('the dashboard metrics (SPEC §9), worked example of decision 046', () => {
  it('are the seven of SPEC §9, in its order, each with a unit', () => {
    expect(DASHBOARD_METRICS.map((m) => m.label)).toEqual([
      'Staffing rate',
      'Utilization rate',
      'Verification rate',
      'Completion rate',
      'Fill rate',
      'Staffing delay',
      'Average completion time',
    ]);
  });

  it.each([
    // key, numerator, denominator, value, shown
    ['staffingRate', 3, 5, 60, '60.0 %'],
    ['utilizationRate', 2, 4, 50, '50.0 %'],
    ['verificationRate', 1, 2, 50, '50.0 %'],
    ['completionRate', 1, 3, 100 / 3, '33.3 %'],
    ['fillRate', 2, 5, 40, '40.0 %'],
    ['staffingDelay', 60, 3, 20, '20.0 h'],
    ['averageCompletionTime', 6, 2, 3, '3.0 h'],
  ])('%s: %d of %d', (key, numerator, denominator, value, shown) => {
    const m = metric(key);
    const counts = countMetric(m, WEEK, CLINICIANS);
    expect(counts).toEqual({ numerator, denominator });
    expect(metricValue(m, counts)).toBeCloseTo(value, 10);
    expect(formatMetricValue(m, metricValue(m, counts))).toBe(shown);
  });

  it('has no value with nothing to measure, shown as a dash', () => {
    const m = metric('staffingRate');
    expect(metricValue(m, countMetric(m, []))).toBeNull();
    expect(formatMetricValue(m, null)).toBe('—');
  });

  it('never counts a non-visit, a draft or a deleted visit', () => {
    for (const m of DASHBOARD_METRICS) {
      if (m.kind === 'clinicianRatio') continue;
      const sets = m.kind === 'visitRatio' ? [m.numerator, m.denominator] : [m.over];
      for (const set of sets) {
        expect(inVisitSet(WEEK[5]!, set)).toBe(false);
        expect(inVisitSet(WEEK[6]!, set)).toBe(false);
        expect(inVisitSet(WEEK[7]!, set)).toBe(false);
      }
    }
  });

  it("keeps every ratio's numerator inside its denominator (status lists nested)", () => {
    for (const m of DASHBOARD_METRICS) {
      if (m.kind !== 'visitRatio') continue;
      for (const status of m.numerator.statuses) expect(m.denominator.statuses).toContain(status);
    }
    for (const status of COMPLETED_VISIT_STATUSES) expect(STAFFED_VISIT_STATUSES).toContain(status);
    for (const status of STAFFED_VISIT_STATUSES) expect(REQUESTED_VISIT_STATUSES).toContain(status);
  });

  it('leaves Missed, Draft and Deleted out of the requested visits (SPEC §4), and keeps Expired in', () => {
    const left = VISIT_STATUSES.filter((s) => !(REQUESTED_VISIT_STATUSES as readonly string[]).includes(s));
    expect(left).toEqual(['Draft', 'Missed', 'Deleted']);
  });

  it('shows the change from the prior period in points or hours, better or worse by the metric', () => {
    expect(metricChange(metric('staffingRate'), 60, 52.5)).toEqual({
      delta: 7.5,
      text: '+7.5 pts',
      better: true,
    });
    expect(metricChange(metric('staffingDelay'), 20, 16)).toEqual({
      delta: 4,
      text: '+4.0 h',
      better: false,
    });
    expect(metricChange(metric('staffingDelay'), 12, 16)).toEqual({
      delta: -4,
      text: '−4.0 h',
      better: true,
    });
    expect(metricChange(metric('fillRate'), 40, 40)).toEqual({ delta: 0, text: '±0.0 pts', better: null });
    expect(metricChange(metric('fillRate'), null, 40)).toBeNull();
  });
});
