/**
 * The fit score: how well one clinician fits one visit, 0 to 100, as named factors with points and a reason.
 * Pure; the API gathers the inputs (distance, counts, vacations...) and calls {@link fitScore}. The formula and
 * its worked examples are in docs/fit-score.md. SPEC §9 defaults: see {@link DEFAULT_FIT_SCORE_OPTIONS}.
 */
import { engagementColor } from '../engagement';
import type { CredentialGap } from '../credentials/credential-rule';

/** SPEC §9: fit score clinician distance 5 (miles). */
export const DEFAULT_SEARCH_CLINICIAN_DISTANCE = 5;
/** SPEC §9 "fewer than five visits" and "fewer than one shift" in the period. */
export const FIT_SCORE_VISIT_LIMIT = 5;
export const FIT_SCORE_SHIFT_LIMIT = 1;
/** SPEC §4 credential state 3: fully credentialed today (the message-template choice; matching asks the date). */
export const FULLY_CREDENTIALED_STATE = 3;
/** SPEC §3: coverage value of a clinician whose coverage area holds the visit. */
export const COVERED = '2COVERED';
export const NOT_COVERED = '1NOTCOVERED';

export type FitScoreOptions = {
  searchClinicianDistance: number;
  ignoreWeekdayPreferences: boolean;
  ignoreAssignmentPreferences: boolean;
  ignoreShiftPreferences: boolean;
  /** Only clinicians with fewer than five visits in the period. */
  fewerThanFiveVisits: boolean;
  /** Only clinicians with fewer than one shift in the period. */
  fewerThanOneShift: boolean;
  /** Only clinicians fully credentialed on the visit's date of service (credentialGapsOn). */
  fullyCredentialed: boolean;
  includePreferredZipcodes: boolean;
  includePreviousAssignments: boolean;
  /** A clinician on vacation on the date of service is left out unless this is set. */
  ignoreVacations: boolean;
};

/** SPEC §9 "Fit-score defaults on". */
export const DEFAULT_FIT_SCORE_OPTIONS: FitScoreOptions = {
  searchClinicianDistance: DEFAULT_SEARCH_CLINICIAN_DISTANCE,
  ignoreWeekdayPreferences: true,
  ignoreAssignmentPreferences: true,
  ignoreShiftPreferences: true,
  fewerThanFiveVisits: true,
  fewerThanOneShift: true,
  fullyCredentialed: true,
  includePreferredZipcodes: true,
  includePreviousAssignments: true,
  ignoreVacations: false,
};

export type ShiftName = 'Day' | 'Evening' | 'Night';

/** The shift a start hour (0-23, local) falls in: Day 07-15, Evening 15-23, Night otherwise. */
export function shiftNameOf(startHour: number): ShiftName {
  if (startHour >= 7 && startHour < 15) return 'Day';
  if (startHour >= 15 && startHour < 23) return 'Evening';
  return 'Night';
}

export type FitScoreVisit = {
  /** 0 = Sunday … 6 = Saturday. */
  weekday: number;
  /** 'Visit' or 'Shift'. */
  episodeType: string;
  shiftName: ShiftName;
  zipcode: string | null;
};

export type FitScoreClinician = {
  distanceMiles: number;
  coverageRadiusMiles: number;
  /** The required credentials they lack on the visit's date of service (credentialGapsOn); empty: fully credentialed. */
  credentialGaps: readonly CredentialGap[];
  /** Visits in the period that count as visits (countsAsVisit), shifts left out. */
  visitsCount: number;
  shiftsCount: number;
  weekdayPreferences: readonly number[];
  assignmentPreference: string;
  shiftPreferences: readonly string[];
  onVacation: boolean;
  preferredZipcodes: readonly string[];
  /** Earlier assignments with this visit's patient. */
  previousAssignments: number;
  rating: number | null;
  lastLogin: Date | string | null;
};

export const FIT_SCORE_FACTORS = [
  'distance',
  'coverage',
  'credentials',
  'workload',
  'preferences',
  'vacation',
  'preferredZipcode',
  'previousAssignments',
  'rating',
  'engagement',
] as const;
export type FitScoreFactorName = (typeof FIT_SCORE_FACTORS)[number];

/** Points each factor can give; they add up to 100. */
export const FIT_SCORE_WEIGHTS: Record<FitScoreFactorName, number> = {
  distance: 20,
  coverage: 10,
  credentials: 15,
  workload: 15,
  preferences: 5,
  vacation: 5,
  preferredZipcode: 5,
  previousAssignments: 10,
  rating: 10,
  engagement: 5,
};

export type FitScoreFactor = { name: FitScoreFactorName; points: number; max: number; reason: string };

export type FitScoreResult = {
  /** 0-100, whole number. */
  score: number;
  factors: FitScoreFactor[];
  /** Why the clinician is left out of the candidates under these options, or null. */
  excludedBecause: string | null;
};

const round1 = (n: number) => Math.round(n * 10) / 10;
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** The first option rule the clinician breaks, or null: the candidate filters of the fit score. */
export function fitScoreExclusion(
  clinician: FitScoreClinician,
  options: FitScoreOptions = DEFAULT_FIT_SCORE_OPTIONS,
): string | null {
  if (clinician.distanceMiles > options.searchClinicianDistance)
    return `Farther than ${options.searchClinicianDistance} miles`;
  if (options.fullyCredentialed && clinician.credentialGaps.length > 0)
    return 'Not fully credentialed on the date of service';
  if (options.fewerThanFiveVisits && clinician.visitsCount >= FIT_SCORE_VISIT_LIMIT)
    return `${FIT_SCORE_VISIT_LIMIT} or more visits in the period`;
  if (options.fewerThanOneShift && clinician.shiftsCount >= FIT_SCORE_SHIFT_LIMIT)
    return 'Already has a shift in the period';
  if (!options.ignoreVacations && clinician.onVacation) return 'On vacation that day';
  return null;
}

function preferencesFactor(
  visit: FitScoreVisit,
  clinician: FitScoreClinician,
  options: FitScoreOptions,
): Pick<FitScoreFactor, 'points' | 'reason'> {
  const max = FIT_SCORE_WEIGHTS.preferences;
  const misses: string[] = [];
  if (
    !options.ignoreWeekdayPreferences &&
    clinician.weekdayPreferences.length > 0 &&
    !clinician.weekdayPreferences.includes(visit.weekday)
  )
    misses.push(`does not work ${WEEKDAYS[visit.weekday] ?? 'that day'}s`);
  if (
    !options.ignoreAssignmentPreferences &&
    clinician.assignmentPreference !== 'Both' &&
    clinician.assignmentPreference.toLowerCase() !== visit.episodeType.toLowerCase()
  )
    misses.push(`prefers ${clinician.assignmentPreference} assignments`);
  if (
    !options.ignoreShiftPreferences &&
    clinician.shiftPreferences.length > 0 &&
    !clinician.shiftPreferences.includes(visit.shiftName)
  )
    misses.push(`prefers ${clinician.shiftPreferences.join('/')} shifts`);
  const allIgnored =
    options.ignoreWeekdayPreferences && options.ignoreAssignmentPreferences && options.ignoreShiftPreferences;
  if (allIgnored) return { points: max, reason: 'Weekday, assignment and shift preferences ignored' };
  if (misses.length === 0) return { points: max, reason: 'Matches the preferences checked' };
  return { points: 0, reason: `Preference mismatch: ${misses.join(', ')}` };
}

/**
 * Scores one clinician for one visit. Every factor is always listed (0 points when it gives nothing), so the
 * breakdown reads the same for every candidate; `excludedBecause` tells whether the options leave them out.
 */
export function fitScore(
  visit: FitScoreVisit,
  clinician: FitScoreClinician,
  options: FitScoreOptions = DEFAULT_FIT_SCORE_OPTIONS,
  now: Date = new Date(),
): FitScoreResult {
  const w = FIT_SCORE_WEIGHTS;
  const factors: FitScoreFactor[] = [];
  const add = (name: FitScoreFactorName, points: number, reason: string) =>
    factors.push({ name, points: round1(Math.max(0, Math.min(w[name], points))), max: w[name], reason });

  const reach = Math.max(options.searchClinicianDistance, 0.1);
  const miles = clinician.distanceMiles;
  add('distance', w.distance * (1 - Math.min(miles, reach) / reach), `${round1(miles)} miles away`);

  const covered = miles <= clinician.coverageRadiusMiles;
  add(
    'coverage',
    covered ? w.coverage : 0,
    covered
      ? `Inside the ${clinician.coverageRadiusMiles}-mile coverage area`
      : `Outside the ${clinician.coverageRadiusMiles}-mile coverage area`,
  );

  const credentialed = clinician.credentialGaps.length === 0;
  add(
    'credentials',
    credentialed ? w.credentials : 0,
    credentialed
      ? 'Fully credentialed on the date of service'
      : `Not fully credentialed: ${clinician.credentialGaps.map((g) => g.reason).join('; ')}`,
  );

  const visitShare = 1 - Math.min(clinician.visitsCount, FIT_SCORE_VISIT_LIMIT) / FIT_SCORE_VISIT_LIMIT;
  const noShift = clinician.shiftsCount === 0;
  add(
    'workload',
    10 * visitShare + (noShift ? 5 : 0),
    `${clinician.visitsCount} visit(s) and ${clinician.shiftsCount} shift(s) in the period`,
  );

  const preferences = preferencesFactor(visit, clinician, options);
  add('preferences', preferences.points, preferences.reason);

  add(
    'vacation',
    clinician.onVacation ? 0 : w.vacation,
    clinician.onVacation ? 'On vacation that day (vacations ignored)' : 'Not on vacation that day',
  );

  const zipMatch =
    visit.zipcode !== null && visit.zipcode !== '' && clinician.preferredZipcodes.includes(visit.zipcode);
  add(
    'preferredZipcode',
    options.includePreferredZipcodes && zipMatch ? w.preferredZipcode : 0,
    !options.includePreferredZipcodes
      ? 'Preferred ZIP codes not counted'
      : zipMatch
        ? `Prefers ZIP code ${visit.zipcode}`
        : 'Not a preferred ZIP code',
  );

  const previous = clinician.previousAssignments;
  add(
    'previousAssignments',
    options.includePreviousAssignments && previous > 0 ? w.previousAssignments : 0,
    !options.includePreviousAssignments
      ? 'Previous assignments not counted'
      : previous > 0
        ? `Assigned to this patient ${previous} time(s) before`
        : 'New to this patient',
  );

  const rating = clinician.rating;
  const rated = typeof rating === 'number' && rating > 0;
  add(
    'rating',
    rated ? (w.rating * Math.min(rating, 5)) / 5 : w.rating / 2,
    rated ? `Rated ${round1(rating)} of 5` : 'Not rated yet (NR): half the points',
  );

  const colour = engagementColor(clinician.lastLogin, now);
  const engagementPoints = { green: w.engagement, orange: w.engagement / 2, red: 0 }[colour];
  const engagementReason = {
    green: 'Signed in within the last 7 days',
    orange: 'Last signed in 8 to 14 days ago',
    red: 'Not signed in for over 14 days',
  }[colour];
  add('engagement', engagementPoints, engagementReason);

  const total = factors.reduce((sum, factor) => sum + factor.points, 0);
  return {
    score: Math.max(0, Math.min(100, Math.round(total))),
    factors,
    excludedBecause: fitScoreExclusion(clinician, options),
  };
}

/**
 * SPEC §9: the fit score colour runs red (0) to green (100), as an HSL hue 0-120; dark enough (26 % lightness)
 * that the white score on it keeps 4.5:1 at every hue, yellow-green included.
 */
export function fitScoreColor(score: number): string {
  const clamped = Math.max(0, Math.min(100, score));
  return `hsl(${Math.round((clamped / 100) * 120)}, 70%, 26%)`;
}
