import {
  churnCohorts,
  churnDays,
  churnMembers,
  churnMonths,
  churnWindow,
  cohortMembers,
  type EntityActivity,
} from './churn';

// The worked example of decision 055: four clinicians over August to October 2026 (July is the month before).
//   1: active Jul, Aug, Sep, Oct — first active long before (2025-03)
//   2: active Jul only — lost in August
//   3: first active in August, then away in September, back in October
//   4: first active 2025-01, quiet for a year, back in September
const EXAMPLE: EntityActivity[] = [
  { id: 1, firstMonth: '2025-03', months: ['2026-07', '2026-08', '2026-09', '2026-10'] },
  { id: 2, firstMonth: '2026-02', months: ['2026-07'] },
  { id: 3, firstMonth: '2026-08', months: ['2026-08', '2026-10'] },
  { id: 4, firstMonth: '2025-01', months: ['2026-09', '2026-10'] },
];
const WINDOW = churnWindow('2026-10', 3);

describe('historical churn (decision 055)', () => {
  it('takes the months ending with the last one, oldest first, and reads the month before too', () => {
    expect(WINDOW).toEqual(['2026-08', '2026-09', '2026-10']);
    expect(churnWindow('2026-02', 3)).toEqual(['2025-12', '2026-01', '2026-02']);
    expect(churnDays(WINDOW)).toEqual({ from: '2026-07-01', to: '2026-10-31' });
  });

  it("gives the worked example's figures month by month", () => {
    expect(churnMonths(EXAMPLE, WINDOW)).toEqual([
      // Aug: 1 and 3 active; 3 is new; 2 is lost; 2 of July's 2 active remain → churn 1/2.
      { month: '2026-08', active: 2, won: 1, new: 1, returning: 0, lost: 1, churnRate: 0.5 },
      // Sep: 1 and 4 active; 4 returns after a year; 3 is lost.
      { month: '2026-09', active: 2, won: 1, new: 0, returning: 1, lost: 1, churnRate: 0.5 },
      // Oct: 1, 3 and 4 active; 3 returns; nobody is lost.
      { month: '2026-10', active: 3, won: 1, new: 0, returning: 1, lost: 0, churnRate: 0 },
    ]);
  });

  it('lists the ids behind each figure, as many as the figure counts', () => {
    expect(churnMembers(EXAMPLE, '2026-08', 'lost')).toEqual([2]);
    expect(churnMembers(EXAMPLE, '2026-09', 'returning')).toEqual([4]);
    expect(churnMembers(EXAMPLE, '2026-10', 'active')).toEqual([1, 3, 4]);
    for (const row of churnMonths(EXAMPLE, WINDOW))
      for (const figure of ['active', 'won', 'new', 'returning', 'lost'] as const)
        expect(churnMembers(EXAMPLE, row.month, figure)).toHaveLength(row[figure]);
  });

  it('has no churn rate for a month after a month nobody was active in', () => {
    expect(churnMonths([{ id: 9, firstMonth: '2026-10', months: ['2026-10'] }], ['2026-10'])).toEqual([
      { month: '2026-10', active: 1, won: 1, new: 1, returning: 0, lost: 0, churnRate: null },
    ]);
  });

  it('follows each cohort first active in the window to the last month', () => {
    expect(churnCohorts(EXAMPLE, WINDOW)).toEqual([
      { month: '2026-08', size: 1, retained: [1, 0, 1] },
      { month: '2026-09', size: 0, retained: [0, 0] },
      { month: '2026-10', size: 0, retained: [0] },
    ]);
    expect(cohortMembers(EXAMPLE, '2026-08', 2)).toEqual([3]);
    expect(cohortMembers(EXAMPLE, '2026-08', 1)).toEqual([]);
  });
});
