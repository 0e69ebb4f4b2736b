// /supplyDemandGap's worked example (decision 057): one county's week against the week before, its clinicians,
// the figures and their change, the worst-first order, the sorts and the map's shades.
import type { MetricVisit } from './metrics';
import {
  SUPPLY_DEMAND_FIGURES,
  SUPPLY_DEMAND_VISIT_SETS,
  countActiveClinicians,
  countSupplyDemand,
  countyLabel,
  formatSupplyDemand,
  gapShade,
  sortSupplyDemandRows,
  supplyDemandChange,
  supplyDemandFigure,
  supplyDemandGap,
  supplyDemandValue,
  type SupplyDemandRow,
} from './supply-demand';

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

// Travis County's week: 2 Active and 1 Expired (asked for, nobody on them), 3 staffed (Staffed, NotesApproved,
// FinalConfirmed), 1 Missed, 1 Draft, 1 Deleted and 1 staffed non-visit (none of those four asked for).
const WEEK: MetricVisit[] = [
  visit({ status: 'Active' }),
  visit({ status: 'Active' }),
  visit({ status: 'Expired' }),
  visit({ status: 'Staffed' }),
  visit({ status: 'NotesApproved' }),
  visit({ status: 'FinalConfirmed' }),
  visit({ status: 'Missed' }),
  visit({ status: 'Draft' }),
  visit({ status: 'Deleted' }),
  visit({ status: 'Staffed', nonVisit: true }),
];
// The week before: 4 staffed.
const PRIOR_WEEK: MetricVisit[] = [
  visit({ status: 'Staffed' }),
  visit({ status: 'NotesDue' }),
  visit({ status: 'NotesApproved' }),
  visit({ status: 'LateCanceled' }),
];
// Its clinicians: two active, one inactive (status 5), one still onboarding (status 1).
const CLINICIANS = [
  { providerStatusId: 3 },
  { providerStatusId: 3 },
  { providerStatusId: 5 },
  { providerStatusId: 1 },
];

const TRAVIS: SupplyDemandRow = {
  county: '48453',
  state: 'TX',
  name: countyLabel('Travis County', 'TX'),
  activeClinicians: countActiveClinicians(CLINICIANS),
  current: countSupplyDemand(WEEK),
  prior: countSupplyDemand(PRIOR_WEEK),
};

const figure = (key: string) => supplyDemandFigure(key)!;

describe('a county in a week (decision 057)', () => {
  it('counts the dashboard’s requested and staffed sets; the gap is the requested not staffed', () => {
    expect(TRAVIS.current).toEqual({ requested: 6, staffed: 3 });
    expect(supplyDemandGap(TRAVIS.current)).toBe(3);
    expect(TRAVIS.prior).toEqual({ requested: 4, staffed: 4 });
    expect(supplyDemandGap(TRAVIS.prior)).toBe(0);
    expect(SUPPLY_DEMAND_VISIT_SETS.unstaffed.statuses).toEqual(['Active', 'Expired']);
  });

  it('counts only active clinicians; visits per clinician is requested over them', () => {
    expect(TRAVIS.activeClinicians).toBe(2);
    expect(supplyDemandValue(figure('visitsPerClinician'), TRAVIS, 'current')).toBe(3);
    expect(supplyDemandValue(figure('visitsPerClinician'), TRAVIS, 'prior')).toBe(2);
    expect(
      supplyDemandValue(figure('visitsPerClinician'), { ...TRAVIS, activeClinicians: 0 }, 'current'),
    ).toBe(null);
  });

  it('shows each figure and its change from the prior week', () => {
    const shown = SUPPLY_DEMAND_FIGURES.map((f) => [
      f.key,
      formatSupplyDemand(f, supplyDemandValue(f, TRAVIS, 'current')),
      supplyDemandChange(f, TRAVIS)?.text ?? null,
    ]);
    expect(shown).toEqual([
      ['requested', '6', '+2'],
      ['staffed', '3', '−1'],
      ['unstaffed', '3', '+3'],
      ['activeClinicians', '2', null],
      ['visitsPerClinician', '3.0', '+1.0'],
    ]);
    expect(supplyDemandChange(figure('unstaffed'), TRAVIS)?.better).toBe(false);
    expect(supplyDemandChange(figure('requested'), TRAVIS)?.better).toBe(true);
    expect(formatSupplyDemand(figure('visitsPerClinician'), null)).toBe('—');
  });
});

const row = (name: string, requested: number, staffed: number, activeClinicians = 1): SupplyDemandRow => ({
  county: name,
  state: 'TX',
  name,
  activeClinicians,
  current: { requested, staffed },
  prior: { requested: 0, staffed: 0 },
});

describe('the order of the counties', () => {
  const rows = [row('Tarrant', 4, 4), TRAVIS, row('Dallas', 10, 5, 0), row('Bexar', 5, 2, 4)];

  it('puts the largest gap first, then the name', () => {
    expect(sortSupplyDemandRows(rows, 'gap', false).map((r) => r.name)).toEqual([
      'Dallas',
      'Bexar',
      'Travis County, TX',
      'Tarrant',
    ]);
  });

  it('sorts by a figure this period, nulls last either way, ties worst first', () => {
    expect(sortSupplyDemandRows(rows, 'visitsPerClinician', true).map((r) => r.name)).toEqual([
      'Tarrant',
      'Travis County, TX',
      'Bexar',
      'Dallas',
    ]);
    expect(sortSupplyDemandRows(rows, 'visitsPerClinician', false).map((r) => r.name)).toEqual([
      'Bexar',
      'Travis County, TX',
      'Tarrant',
      'Dallas',
    ]);
    expect(sortSupplyDemandRows(rows, 'name', true).map((r) => r.name)[0]).toBe('Travis County, TX');
  });
});

describe('the map’s shades', () => {
  it('splits the gaps into four steps of the largest; no gap is unshaded', () => {
    expect([0, 1, 3, 5, 6, 10].map((gap) => gapShade(gap, 10))).toEqual([0, 1, 2, 2, 3, 4]);
    expect(gapShade(-1, 10)).toBe(0);
    expect(gapShade(3, 0)).toBe(0);
  });
});
