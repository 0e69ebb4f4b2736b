export type RatingColor = 'green' | 'orange' | 'red' | 'grey';

export const RATING_TOOLTIP_LINES = [
  'Assignments Reliability',
  'Notes Reliability',
  'Patient/Supervisor Satisfaction Rating',
] as const;

/**
 * The rating as the badge shows it (one decimal); null for no rating, zero, or a value that rounds
 * to zero. Colour and label both use this, so a badge reading 3.5 is never orange.
 */
function shownRating(rating: number | null | undefined): number | null {
  if (typeof rating !== 'number' || !Number.isFinite(rating)) return null;
  const rounded = Math.round(rating * 10) / 10;
  return rounded === 0 ? null : rounded;
}

/** SPEC §9 provider rating badge colour. */
export function ratingColor(rating: number | null | undefined): RatingColor {
  const shown = shownRating(rating);
  if (shown === null) return 'grey';
  if (shown >= 3.5) return 'green';
  if (shown >= 2.5) return 'orange';
  return 'red';
}

/** One decimal, or 'NR' (not rated) for zero or no rating. */
export function ratingLabel(rating: number | null | undefined): string {
  const shown = shownRating(rating);
  return shown === null ? 'NR' : shown.toFixed(1);
}

/** SPEC §3 provider rating details as stored: the ten counters, any of which may be missing. */
export type ProviderRatingCounters = Partial<Record<string, number | null | undefined>>;

export type RatingParts = {
  /** 0–5: the share of the clinician's visits that went as booked; null with no visits. */
  assignmentsReliability: number | null;
  /** 0–5: the share of the clinician's notes accepted on time at first; null with no notes. */
  notesReliability: number | null;
  /** 1–5: the average patient/supervisor rating; null when nobody rated. */
  satisfaction: number | null;
  /** The mean of the parts that are not null, two decimals; null when every part is. */
  rating: number | null;
};

const count = (details: ProviderRatingCounters, key: string): number => {
  const value = details[key];
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0;
};

const round2 = (value: number) => Math.round(value * 100) / 100;
const clamp5 = (value: number) => Math.min(5, Math.max(0, value));

/** 5 × (1 − misses / total), clamped to 0–5; null when the total is zero (nothing to judge). */
function reliability(misses: number, total: number): number | null {
  if (total <= 0) return null;
  return round2(clamp5(5 * (1 - misses / total)));
}

/**
 * Decision 026: the one rule from the SPEC §3 counters to the badge's three parts and its number.
 * assignments = 5 × (1 − (unstaffed + unstaffed late + auto-missed + visits overdue) / visits);
 * notes = 5 × (1 − (reopened + overdue + rejected) / notes); satisfaction = avgPatientRating (1–5);
 * rating = the mean of the parts that are not null (two decimals).
 */
export function ratingFromDetails(details: ProviderRatingCounters | null | undefined): RatingParts {
  const d = details ?? {};
  const assignmentsReliability = reliability(
    count(d, 'totalUnstaffedCount') +
      count(d, 'totalUnstaffedLateCount') +
      count(d, 'totalAutoMissedCount') +
      count(d, 'totalVisitOverDueCount'),
    count(d, 'totalVisitCount'),
  );
  const notesReliability = reliability(
    count(d, 'totalNotesReopenCount') +
      count(d, 'totalNotesOverDueCount') +
      count(d, 'totalNotesRejectedCount'),
    count(d, 'totalNotesCount'),
  );
  const avg = d.avgPatientRating;
  const satisfaction =
    typeof avg === 'number' && Number.isFinite(avg) && avg > 0 ? round2(Math.min(5, Math.max(1, avg))) : null;
  const parts = [assignmentsReliability, notesReliability, satisfaction].filter(
    (part): part is number => part !== null,
  );
  const rating = parts.length ? round2(parts.reduce((sum, part) => sum + part, 0) / parts.length) : null;
  return { assignmentsReliability, notesReliability, satisfaction, rating };
}
