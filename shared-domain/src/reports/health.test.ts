// The health reports' worked examples (decision 050): each figure over a handful of visits, the change from the
// prior period, and each report's worst-first order.
import {
  AREA_HEALTH_FIGURES,
  CLINICIAN_HEALTH_FIGURES,
  OPERATIONS_COVERAGE_MISMATCH_MILES,
  OPERATIONS_HEALTH_FIGURES,
  areaWorstFirst,
  clinicianWorstFirst,
  countAreaHealth,
  countClinicianHealth,
  formatHealthFigure,
  healthFigureChange,
  healthFigureRecords,
  operationsWorstFirst,
  sortHealthRows,
  type AreaHealthCounts,
  type ClinicianHealthCounts,
  type HealthFigure,
  type OperationsHealthCounts,
} from './health';
import type { MetricVisit } from './metrics';

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
const IN = '2026-11-02T15:00:00.000Z';

// One organization's week: 2 approved (checked in), 1 in review (checked in), 1 staffed (not yet), 1 Active,
// 1 Expired, 2 Missed, 1 Draft, 1 Deleted, 1 non-visit Staffed.
const WEEK: MetricVisit[] = [
  visit({ status: 'NotesApproved', timeIn: IN }),
  visit({ status: 'FinalConfirmed', timeIn: IN }),
  visit({ status: 'NotesInReview', timeIn: IN }),
  visit({ status: 'Staffed' }),
  visit({ status: 'Active' }),
  visit({ status: 'Expired' }),
  visit({ status: 'Missed' }),
  visit({ status: 'Missed' }),
  visit({ status: 'Draft' }),
  visit({ status: 'Deleted' }),
  visit({ status: 'Staffed', nonVisit: true }),
];
// The prior week: 4 requested, all staffed and checked in, 1 approved, no missed.
const PRIOR: MetricVisit[] = [
  visit({ status: 'NotesApproved', timeIn: IN }),
  visit({ status: 'NotesInReview', timeIn: IN }),
  visit({ status: 'NotesDue', timeIn: IN }),
  visit({ status: 'NotesOverdue', timeIn: IN }),
];

const figure = <C>(figures: readonly HealthFigure<C>[], key: string) => figures.find((f) => f.key === key)!;
const shown = (key: string, counts: AreaHealthCounts) =>
  formatHealthFigure(figure(AREA_HEALTH_FIGURES, key), counts);

describe('organization and state health figures (worked example)', () => {
  const week = countAreaHealth(WEEK);
  const prior = countAreaHealth(PRIOR);

  it('counts requested, staffed and missed visits and the three dashboard rates', () => {
    // Requested: Active, Expired and the 4 staffed (Draft, Deleted, Missed and the non-visit are not).
    expect(shown('requestedVisits', week)).toBe('6');
    expect(shown('staffedVisits', week)).toBe('4');
    expect(shown('staffingRate', week)).toBe('66.7 %'); // 4 / 6
    expect(shown('fillRate', week)).toBe('50.0 %'); // 3 checked in / 6
    expect(shown('completionRate', week)).toBe('50.0 %'); // 2 approved / 4 staffed
    expect(shown('missedVisits', week)).toBe('2');
  });

  it('drills a count to itself and a rate to its numerator', () => {
    expect(healthFigureRecords(figure(AREA_HEALTH_FIGURES, 'requestedVisits'), week)).toBe(6);
    expect(healthFigureRecords(figure(AREA_HEALTH_FIGURES, 'fillRate'), week)).toBe(3);
    expect(figure(AREA_HEALTH_FIGURES, 'fillRate').drill).toEqual({
      kind: 'metric',
      metric: 'fillRate',
      part: 'numerator',
    });
    expect(figure(AREA_HEALTH_FIGURES, 'missedVisits').drill).toEqual({
      kind: 'visits',
      figure: 'missedVisits',
    });
  });

  it('shows the change from the prior week: points for a rate, records for a count', () => {
    const change = (key: string) => healthFigureChange(figure(AREA_HEALTH_FIGURES, key), week, prior);
    expect(change('staffingRate')).toEqual({ delta: -33.3, text: '−33.3 pts', better: false }); // 100 → 66.7
    expect(change('completionRate')).toEqual({ delta: 25, text: '+25.0 pts', better: true }); // 25 → 50
    expect(change('requestedVisits')).toEqual({ delta: 2, text: '+2', better: true });
    expect(change('missedVisits')).toEqual({ delta: 2, text: '+2', better: false });
    expect(
      healthFigureChange(figure(AREA_HEALTH_FIGURES, 'staffingRate'), week, countAreaHealth([])),
    ).toBeNull();
    expect(shown('staffingRate', countAreaHealth([]))).toBe('—');
  });

  it('puts the lowest staffing rate first, ties by the most requested, nothing to staff last', () => {
    const row = (name: string, staffed: number, requested: number) => ({
      name,
      current: { ...countAreaHealth([]), staffingRate: { numerator: staffed, denominator: requested } },
      prior: countAreaHealth([]),
    });
    const rows = [row('Idle', 0, 0), row('Good', 9, 10), row('Small gap', 1, 2), row('Big gap', 5, 10)];
    expect([...rows].sort(areaWorstFirst).map((r) => r.name)).toEqual([
      'Big gap',
      'Small gap',
      'Good',
      'Idle',
    ]);
    expect(
      sortHealthRows(rows, AREA_HEALTH_FIGURES, areaWorstFirst, 'staffingRate', true).map((r) => r.name),
    ).toEqual(['Good', 'Big gap', 'Small gap', 'Idle']);
    expect(
      sortHealthRows(rows, AREA_HEALTH_FIGURES, areaWorstFirst, 'name', false).map((r) => r.name),
    ).toEqual(['Big gap', 'Good', 'Idle', 'Small gap']);
  });
});

describe('clinician health figures (worked example)', () => {
  it("counts a clinician's assigned, completed and missed visits and overdue notes", () => {
    const counts = countClinicianHealth([...WEEK, ...PRIOR]);
    const show = (key: string) => formatHealthFigure(figure(CLINICIAN_HEALTH_FIGURES, key), counts);
    // Staffed statuses: 3 + Staffed from WEEK, 4 from PRIOR; completed: 3 approved or confirmed.
    expect([
      show('assignedVisits'),
      show('completedVisits'),
      show('missedVisits'),
      show('notesOverdue'),
    ]).toEqual(['8', '3', '2', '1']);
  });

  it('puts the most missed first, then notes overdue, then the lowest rating (not rated last), then the name', () => {
    const c = (missed: number, overdue: number): ClinicianHealthCounts => ({
      assignedVisits: 5,
      completedVisits: 3,
      missedVisits: missed,
      notesOverdue: overdue,
    });
    const row = (name: string, counts: ClinicianHealthCounts, rating: number | null) => ({
      name,
      current: counts,
      prior: counts,
      rating,
      lastLogin: null,
    });
    const rows = [
      row('Ann', c(0, 0), 4.5),
      row('Bo', c(0, 0), null),
      row('Cy', c(0, 0), 2.1),
      row('Di', c(0, 2), 5),
      row('Ed', c(1, 0), 5),
    ];
    expect([...rows].sort(clinicianWorstFirst).map((r) => r.name)).toEqual(['Ed', 'Di', 'Cy', 'Ann', 'Bo']);
    expect(
      sortHealthRows(rows, CLINICIAN_HEALTH_FIGURES, clinicianWorstFirst, 'rating', true).map((r) => r.name),
    ).toEqual(['Ed', 'Di', 'Ann', 'Cy', 'Bo']); // ties worst first
  });
});

describe('operations health figures', () => {
  it(`counts open visits and those without a clinician within ${OPERATIONS_COVERAGE_MISMATCH_MILES} miles, most uncovered first`, () => {
    expect(OPERATIONS_COVERAGE_MISMATCH_MILES).toBe(10);
    const row = (name: string, open: number, mismatch: number) => ({
      name,
      current: { openVisits: open, coverageMismatch: mismatch } satisfies OperationsHealthCounts,
      prior: { openVisits: 0, coverageMismatch: 0 },
    });
    const rows = [row('A', 10, 1), row('B', 3, 3), row('C', 12, 1), row('D', 0, 0)];
    expect([...rows].sort(operationsWorstFirst).map((r) => r.name)).toEqual(['B', 'C', 'A', 'D']);
    const mismatch = figure(OPERATIONS_HEALTH_FIGURES, 'coverageMismatch');
    expect(mismatch.label).toBe('No clinician within 10 miles');
    expect(healthFigureChange(mismatch, rows[1]!.current, rows[1]!.prior)).toEqual({
      delta: 3,
      text: '+3',
      better: false,
    });
  });
});
