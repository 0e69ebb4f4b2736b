import {
  DEFAULT_FIT_SCORE_OPTIONS,
  FIT_SCORE_WEIGHTS,
  fitScore,
  fitScoreColor,
  fitScoreExclusion,
  shiftNameOf,
  type FitScoreClinician,
  type FitScoreVisit,
} from './fit-score';

const now = new Date('2026-03-10T12:00:00Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
const visit: FitScoreVisit = { weekday: 2, episodeType: 'Visit', shiftName: 'Day', zipcode: '75201' };
const perfect: FitScoreClinician = {
  distanceMiles: 0,
  coverageRadiusMiles: 15,
  credentialGaps: [],
  visitsCount: 0,
  shiftsCount: 0,
  weekdayPreferences: [],
  assignmentPreference: 'Both',
  shiftPreferences: [],
  onVacation: false,
  preferredZipcodes: ['75201'],
  previousAssignments: 1,
  rating: 5,
  lastLogin: daysAgo(1),
};
const points = (result: ReturnType<typeof fitScore>) =>
  Object.fromEntries(result.factors.map((f) => [f.name, f.points]));

describe('fit score', () => {
  it('weights add up to 100', () => {
    expect(Object.values(FIT_SCORE_WEIGHTS).reduce((a, b) => a + b, 0)).toBe(100);
  });

  it('a perfect fit (0 miles, covered, credentialed, idle, preferred ZIP, knows the patient, 5.0, seen yesterday) scores 100', () => {
    const result = fitScore(visit, perfect, DEFAULT_FIT_SCORE_OPTIONS, now);
    expect(result.score).toBe(100);
    expect(result.excludedBecause).toBeNull();
    expect(result.factors.every((f) => f.points === f.max)).toBe(true);
  });

  it('worked example: 1 of 5 miles 16 + coverage 10 + credentials 15 + 1 visit 8+5 + preferences 5 + vacation 5 + ZIP 5 + previous 10 + rating 4.5 9 + engagement 5 = 93', () => {
    const result = fitScore(
      visit,
      {
        ...perfect,
        distanceMiles: 1,
        visitsCount: 1,
        previousAssignments: 2,
        rating: 4.5,
        lastLogin: daysAgo(2),
      },
      DEFAULT_FIT_SCORE_OPTIONS,
      now,
    );
    expect(points(result)).toEqual({
      distance: 16,
      coverage: 10,
      credentials: 15,
      workload: 13,
      preferences: 5,
      vacation: 5,
      preferredZipcode: 5,
      previousAssignments: 10,
      rating: 9,
      engagement: 5,
    });
    expect(result.score).toBe(93);
  });

  it('worked example: 4 of 5 miles 4 + uncovered 0 + uncredentialed 0 + 4 visits and a shift 2 + preferences 5 + vacation 5 + no ZIP 0 + new 0 + NR 5 + 10 days 2.5 = 23.5, rounds to 24, left out as not fully credentialed', () => {
    const result = fitScore(
      visit,
      {
        ...perfect,
        distanceMiles: 4,
        coverageRadiusMiles: 3,
        credentialGaps: [
          { credentialTypeId: 1, name: 'RN licence', reason: 'RN licence expired on 3/9/2026' },
        ],
        visitsCount: 4,
        shiftsCount: 1,
        preferredZipcodes: [],
        previousAssignments: 0,
        rating: null,
        lastLogin: daysAgo(10),
      },
      DEFAULT_FIT_SCORE_OPTIONS,
      now,
    );
    expect(result.score).toBe(24);
    expect(result.excludedBecause).toBe('Not fully credentialed on the date of service');
    expect(result.factors.find((f) => f.name === 'credentials')?.reason).toBe(
      'Not fully credentialed: RN licence expired on 3/9/2026',
    );
    expect(result.factors.find((f) => f.name === 'rating')?.reason).toMatch(/NR/);
  });

  it('ZIP codes and previous assignments give nothing when not included: 100 - 5 - 10 = 85', () => {
    const result = fitScore(
      visit,
      perfect,
      { ...DEFAULT_FIT_SCORE_OPTIONS, includePreferredZipcodes: false, includePreviousAssignments: false },
      now,
    );
    expect(result.score).toBe(85);
  });

  it('preferences are ignored by default; checked, a Saturday-only Night clinician loses the 5 points on a Tuesday Day shift (95)', () => {
    const picky = {
      ...perfect,
      weekdayPreferences: [6],
      shiftPreferences: ['Night'],
      assignmentPreference: 'Shift',
    };
    expect(fitScore(visit, picky, DEFAULT_FIT_SCORE_OPTIONS, now).score).toBe(100);
    const checked = fitScore(
      visit,
      picky,
      {
        ...DEFAULT_FIT_SCORE_OPTIONS,
        ignoreWeekdayPreferences: false,
        ignoreShiftPreferences: false,
        ignoreAssignmentPreferences: false,
      },
      now,
    );
    expect(checked.score).toBe(95);
    expect(checked.factors.find((f) => f.name === 'preferences')?.reason).toMatch(/Tuesday.*Shift.*Night/);
  });

  it('exclusions follow the options: distance, visits, shifts, vacation', () => {
    expect(fitScoreExclusion({ ...perfect, distanceMiles: 5.1 })).toBe('Farther than 5 miles');
    expect(
      fitScoreExclusion(
        { ...perfect, distanceMiles: 5.1 },
        { ...DEFAULT_FIT_SCORE_OPTIONS, searchClinicianDistance: 10 },
      ),
    ).toBeNull();
    expect(fitScoreExclusion({ ...perfect, visitsCount: 5 })).toMatch(/5 or more visits/);
    expect(
      fitScoreExclusion(
        { ...perfect, visitsCount: 5 },
        { ...DEFAULT_FIT_SCORE_OPTIONS, fewerThanFiveVisits: false },
      ),
    ).toBeNull();
    expect(fitScoreExclusion({ ...perfect, shiftsCount: 1 })).toBe('Already has a shift in the period');
    expect(fitScoreExclusion({ ...perfect, onVacation: true })).toBe('On vacation that day');
    expect(
      fitScoreExclusion(
        { ...perfect, onVacation: true },
        { ...DEFAULT_FIT_SCORE_OPTIONS, ignoreVacations: true },
      ),
    ).toBeNull();
  });

  it('a clinician on vacation kept by ignoreVacations loses the vacation points (95)', () => {
    const result = fitScore(
      visit,
      { ...perfect, onVacation: true },
      { ...DEFAULT_FIT_SCORE_OPTIONS, ignoreVacations: true },
      now,
    );
    expect(result.score).toBe(95);
    expect(result.excludedBecause).toBeNull();
  });

  it('shift names: 07:00 Day, 15:00 Evening, 23:00 and 03:00 Night', () => {
    expect([7, 14, 15, 22, 23, 3].map(shiftNameOf)).toEqual([
      'Day',
      'Day',
      'Evening',
      'Evening',
      'Night',
      'Night',
    ]);
  });

  it('colour runs red at 0 to green at 100', () => {
    expect(fitScoreColor(0)).toBe('hsl(0, 70%, 26%)');
    expect(fitScoreColor(100)).toBe('hsl(120, 70%, 26%)');
    expect(fitScoreColor(150)).toBe('hsl(120, 70%, 26%)');
  });

  it('keeps white text on every score colour at 4.5:1 or more (WCAG AA)', () => {
    // hsl() to sRGB, then the WCAG relative luminance and the contrast with white.
    const luminance = (css: string) => {
      const [h, s, l] = css.match(/[\d.]+/g)!.map(Number) as [number, number, number];
      const sat = s / 100;
      const light = l / 100;
      const f = (n: number) => {
        const k = (n + h / 30) % 12;
        return light - sat * Math.min(light, 1 - light) * Math.max(-1, Math.min(k - 3, 9 - k, 1));
      };
      const lin = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
      return 0.2126 * lin(f(0)) + 0.7152 * lin(f(8)) + 0.0722 * lin(f(4));
    };
    const ratios = Array.from({ length: 101 }, (_, score) => 1.05 / (luminance(fitScoreColor(score)) + 0.05));
    expect(Math.min(...ratios)).toBeGreaterThanOrEqual(4.5);
  });
});
