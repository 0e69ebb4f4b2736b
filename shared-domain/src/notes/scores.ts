// The assessment scores of SPEC §3 with the thresholds of SPEC §9, computed as the clinician types (a score field
// of a definition names its kind and its input fields).
import type { NoteField, ScoreKind } from './definition';
import { optionsOfField } from './option-lists';

/** A score field's stored value: null total while an item it needs is missing. */
export type ScoreValue = { total: number | null; level: string | null };

/** One resolved input: its points, 'NA' (an answer that scores nothing, e.g. PHQ-2 NA), or null when missing. */
export type ScoreInput = number | 'NA' | null;

export const FALL_RISK_THRESHOLD = 15;
export const PHQ2_POSITIVE_AT = 3;

export type BradenLevel = 'Severe risk' | 'High risk' | 'Moderate risk' | 'Mild risk' | 'No risk';
export function bradenLevel(total: number): BradenLevel {
  if (total <= 9) return 'Severe risk';
  if (total <= 12) return 'High risk';
  if (total <= 14) return 'Moderate risk';
  if (total <= 18) return 'Mild risk';
  return 'No risk';
}

export type NortonLevel = 'Very high risk' | 'High risk' | 'Medium risk' | 'Low risk';
export function nortonLevel(total: number): NortonLevel {
  if (total < 10) return 'Very high risk';
  if (total <= 14) return 'High risk';
  if (total <= 18) return 'Medium risk';
  return 'Low risk';
}

export type FallRiskLevel = 'At risk' | 'Not at risk';
export function fallRiskLevel(total: number): FallRiskLevel {
  return total >= FALL_RISK_THRESHOLD ? 'At risk' : 'Not at risk';
}

export type NutritionRiskLevel = 'Good' | 'Moderate risk' | 'High risk';
export function nutritionRiskLevel(total: number): NutritionRiskLevel {
  // SPEC §9 names 1-2 'good'; 0 (no risk factor ticked) is good too.
  if (total <= 2) return 'Good';
  if (total <= 5) return 'Moderate risk';
  return 'High risk';
}

export type PainLevel = 'No pain' | 'Mild pain' | 'Moderate pain' | 'Severe pain';
/** Pain 0-10; null outside the scale. */
export function painLevel(score: number): PainLevel | null {
  if (!Number.isFinite(score) || score < 0 || score > 10) return null;
  if (score === 0) return 'No pain';
  if (score <= 3) return 'Mild pain';
  if (score <= 6) return 'Moderate pain';
  return 'Severe pain';
}

export type Phq2Level = 'Positive screen' | 'Negative screen' | 'NA';
export function phq2Level(total: number): Exclude<Phq2Level, 'NA'> {
  return total >= PHQ2_POSITIVE_AT ? 'Positive screen' : 'Negative screen';
}

const sum = (items: readonly number[]) => items.reduce((a, b) => a + b, 0);
const EMPTY: ScoreValue = { total: null, level: null };

/** Braden-type: all six items (sensory perception, moisture, activity, mobility, nutrition, friction and shear). */
export function bradenScore(items: readonly ScoreInput[]): ScoreValue {
  if (items.length === 0 || items.some((item) => typeof item !== 'number')) return EMPTY;
  const total = sum(items as number[]);
  return { total, level: bradenLevel(total) };
}

/** The second scale (Norton-type): all five items. */
export function nortonScore(items: readonly ScoreInput[]): ScoreValue {
  if (items.length === 0 || items.some((item) => typeof item !== 'number')) return EMPTY;
  const total = sum(items as number[]);
  return { total, level: nortonLevel(total) };
}

const present = (items: readonly ScoreInput[]) =>
  items.filter((item): item is number => typeof item === 'number');

/** Fall risk: the points of the factors present; a missing answer is no factor. */
export function fallRiskScore(items: readonly ScoreInput[]): ScoreValue {
  const total = sum(present(items));
  return { total, level: fallRiskLevel(total) };
}

/** Nutrition risk: the points of the items present; a missing answer is no item. */
export function nutritionRiskScore(items: readonly ScoreInput[]): ScoreValue {
  const total = sum(present(items));
  return { total, level: nutritionRiskLevel(total) };
}

export function painScore(items: readonly ScoreInput[]): ScoreValue {
  const score = items[0];
  if (typeof score !== 'number') return EMPTY;
  const level = painLevel(score);
  return level === null ? EMPTY : { total: score, level };
}

/** PHQ-2: two answers 0-3; NA when either is NA. */
export function phq2Score(items: readonly ScoreInput[]): ScoreValue {
  if (items.length === 0 || items.some((item) => item === null)) return EMPTY;
  if (items.some((item) => item === 'NA')) return { total: null, level: 'NA' };
  const total = sum(items as number[]);
  return { total, level: phq2Level(total) };
}

const SCORE_FUNCTIONS: Record<ScoreKind, (items: readonly ScoreInput[]) => ScoreValue> = {
  braden: bradenScore,
  norton: nortonScore,
  fallRisk: fallRiskScore,
  nutritionRisk: nutritionRiskScore,
  pain: painScore,
  phq2: phq2Score,
};

const isEmpty = (value: unknown) => value === undefined || value === null || value === '';

/**
 * A field's value as a score input: a choice is its option's points (a multiple choice the sum of the selected
 * options' points), a number field its number. A value that is not an option, or not the field's shape, is missing.
 */
export function scoreInputOf(value: unknown, field: NoteField | undefined): ScoreInput {
  if (isEmpty(value) || !field) return null;
  if (field.kind === 'number') return typeof value === 'number' && Number.isFinite(value) ? value : null;
  if (field.kind !== 'choice') return null;
  const options = optionsOfField(field);
  const pointsOf = (v: unknown) => options.find((option) => option.value === v);
  if (field.multiple) {
    if (!Array.isArray(value)) return null;
    let total = 0;
    for (const v of value) {
      const option = pointsOf(v);
      if (!option) return null;
      total += option.points ?? 0;
    }
    return total;
  }
  const option = pointsOf(value);
  if (!option) return null;
  return option.points ?? 'NA';
}

/**
 * A score from the values of its input fields (`inputs[i]` is the value of `fields[i]`, in the score field's
 * `inputs` order).
 */
export function computeScore(
  kind: ScoreKind,
  inputs: readonly unknown[],
  fields: readonly NoteField[],
): ScoreValue {
  return SCORE_FUNCTIONS[kind](inputs.map((value, i) => scoreInputOf(value, fields[i])));
}
