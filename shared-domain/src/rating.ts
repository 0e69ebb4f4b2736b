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
