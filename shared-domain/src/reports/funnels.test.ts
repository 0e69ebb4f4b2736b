// The funnels' worked examples (decision 053): each funnel's stages evaluated over a handful of records, the
// numbers the decision note shows.
import {
  FUNNELS,
  FUNNEL_KEYS,
  countFunnel,
  funnelDefinition,
  funnelFigures,
  funnelMedian,
  stageConversion,
  type FunnelDefinition,
} from './funnels';

const f = (key: string) => funnelDefinition(key) as FunnelDefinition;
const counts = (key: string, records: Record<string, unknown>[]) =>
  countFunnel(f(key), records).map((c) => c.count);
const t = (hour: number) => new Date(Date.UTC(2026, 10, 2, hour)).toISOString();

describe('funnel definitions', () => {
  it('defines every funnel once, with unique stage ids and a rule in words', () => {
    expect(FUNNELS.map((x) => x.key)).toEqual([...FUNNEL_KEYS]);
    for (const funnel of FUNNELS) {
      expect(new Set(funnel.stages.map((s) => s.id)).size).toBe(funnel.stages.length);
      for (const stage of funnel.stages) expect(stage.rule.length).toBeGreaterThan(5);
    }
  });
});

describe('worked examples', () => {
  it('visit funnel: requested 4, covered within 5 miles 3, staffed 2, checked in 1, completed 1', () => {
    const visits = [
      // Staffed and completed, requested at 0 h, assigned at 4 h, checked in at 30 h.
      {
        status: 'NotesApproved',
        requestedAt: t(0),
        assignedAt: t(4),
        timeIn: t(30),
        nearestClinicianMiles: 12,
      },
      // Staffed, not yet checked in, assigned after 2 h.
      { status: 'Staffed', requestedAt: t(0), assignedAt: t(2), timeIn: null, nearestClinicianMiles: null },
      // Open, a clinician 3 miles away.
      { status: 'Active', requestedAt: t(0), nearestClinicianMiles: 3 },
      // Expired, nobody within 5 miles.
      { status: 'Expired', requestedAt: t(0), nearestClinicianMiles: 8 },
      // Never counted: missed, deleted, draft, a non-visit.
      { status: 'Missed', requestedAt: t(0), nearestClinicianMiles: 1 },
      { status: 'Deleted', requestedAt: t(0) },
      { status: 'Draft', requestedAt: t(0) },
      { status: 'Staffed', nonVisit: true, requestedAt: t(0), assignedAt: t(1) },
    ];
    const result = countFunnel(f('visitFunnel'), visits);
    expect(result.map((c) => c.count)).toEqual([4, 3, 2, 1, 1]);
    // Time in Staffed: from requested (Covered records no moment) to assigned: 4 h and 2 h, median 3 h.
    expect(result[2]!.medianHours).toBe(3);
    // Time in Checked in: from assigned to check-in: 26 h.
    expect(result[3]!.medianHours).toBe(26);
    expect(result[1]!.medianHours).toBeNull();
    expect(result[4]!.medianHours).toBeNull();
  });

  it('service request funnel: created 3, published 2, a visit staffed 1, a visit completed 0', () => {
    expect(
      counts('episodeFunnel', [
        { status: 'Active', publishedAt: t(1), staffedVisits: 2, completedVisits: 0 },
        { status: 'Active', publishedAt: t(1), staffedVisits: 0 },
        { status: 'Draft', publishedAt: null },
        { status: 'Deleted', publishedAt: t(1), staffedVisits: 1, completedVisits: 1 },
      ]),
    ).toEqual([3, 2, 1, 0]);
  });

  it('patient funnel: created 3, with a service request 2, staffed 1, completed 1', () => {
    expect(
      counts('patientFunnel', [
        { episodes: 1, staffedVisits: 1, completedVisits: 1 },
        { episodes: 2, staffedVisits: 0 },
        { episodes: 0, staffedVisits: 0 },
      ]),
    ).toEqual([3, 2, 1, 1]);
  });

  it('organization funnel: active 3, onboarded 2, asked 2, staffed 1, completed 0', () => {
    expect(
      counts('referralSourceFunnel', [
        { status: 'ACTIVE', onboardStep: 'Done', requestedVisits: 5, staffedVisits: 3, completedVisits: 0 },
        { status: 'ACTIVE', onboardStep: 'Done', requestedVisits: 1, staffedVisits: 0 },
        { status: 'ACTIVE', onboardStep: 'Rates', requestedVisits: 4, staffedVisits: 4 },
        { status: 'INACTIVE', onboardStep: 'Done', requestedVisits: 4 },
      ]),
    ).toEqual([3, 2, 2, 1, 0]);
  });

  it('organization conversion: requested 3, staffed 2, completed 1 (66.7 %, 50.0 %)', () => {
    const c = countFunnel(f('referralSourceConversion'), [
      { status: 'FinalConfirmed' },
      { status: 'NotesDue' },
      { status: 'Active' },
      { status: 'Missed' },
    ]);
    expect(c.map((x) => x.count)).toEqual([3, 2, 1]);
    const figures = funnelFigures(f('referralSourceConversion'), c, c);
    expect(figures.map((x) => x.conversionText)).toEqual(['—', '66.7 %', '50.0 %']);
  });

  it('clinician funnel: signed up 4, agreement 3, credentials 2, onboarded 1, first visit 1', () => {
    expect(
      counts('providerFunnel', [
        { onboardStep: 'Contract' },
        { onboardStep: 'Profile' },
        { onboardStep: 'Background' },
        { onboardStep: 'Done', staffedVisits: 2 },
      ]),
    ).toEqual([4, 3, 2, 1, 1]);
  });

  it('communication funnel: queued 4, attempted 3, sent 2; time to send from queueing', () => {
    const c = countFunnel(f('communicationFunnel'), [
      { status: 'SENT', attempts: 1, createdAt: t(0), sentAt: t(1) },
      { status: 'SENT', attempts: 2, createdAt: t(0), sentAt: t(3) },
      { status: 'FAILED', attempts: 5, createdAt: t(0) },
      { status: 'PENDING', attempts: 0, createdAt: t(0) },
    ]);
    expect(c.map((x) => x.count)).toEqual([4, 3, 2]);
    expect(c[2]!.medianHours).toBe(2);
  });
});

describe('figures', () => {
  it('computes conversion from the previous stage and the change from the prior period', () => {
    expect(stageConversion([{ count: 10 }, { count: 4 }], 1)).toBe(40);
    expect(stageConversion([{ count: 0 }, { count: 0 }], 1)).toBeNull();
    const figures = funnelFigures(
      f('communicationFunnel'),
      [
        { count: 10, medianHours: null },
        { count: 8, medianHours: null },
        { count: 6, medianHours: 1 },
      ],
      [
        { count: 12, medianHours: null },
        { count: 8, medianHours: null },
        { count: 6, medianHours: 2 },
      ],
    );
    expect(figures.map((x) => x.change)).toEqual(['−2', '±0', '±0']);
    expect(figures[2]!.conversionText).toBe('75.0 %');
  });

  it('takes the median like percentile_cont(0.5)', () => {
    expect(funnelMedian([])).toBeNull();
    expect(funnelMedian([3, 1, 2])).toBe(2);
    expect(funnelMedian([4, 1, 2, 3])).toBe(2.5);
  });
});
