/**
 * Outpatient therapy billing (decision 030): timed units of 15 minutes by the CMS 8-minute rule, at most 8 units
 * a visit (SPEC §9 "Therapy units 1-8 of 15 minutes"), and the CPT code billed per discipline. Pure.
 */
export const THERAPY_UNIT_MINUTES = 15;
/** Fewer minutes than this: no unit (not billable); a remainder of at least this: one more unit. */
export const THERAPY_MIN_MINUTES = 8;
export const THERAPY_MAX_UNITS = 8;

/**
 * Units for the minutes of direct treatment: each full 15 minutes one unit, a remainder of 8 minutes or more one
 * more; under 8 minutes none; at most 8.
 */
export function therapyUnits(minutes: number | null | undefined): number {
  if (minutes === null || minutes === undefined || !Number.isFinite(minutes) || minutes < THERAPY_MIN_MINUTES)
    return 0;
  const whole = Math.floor(minutes);
  const full = Math.floor(whole / THERAPY_UNIT_MINUTES);
  const extra = whole % THERAPY_UNIT_MINUTES >= THERAPY_MIN_MINUTES ? 1 : 0;
  return Math.min(full + extra, THERAPY_MAX_UNITS);
}

/** The therapy disciplines (provider types, as seeded) and the CPT code each is billed under. */
export const THERAPY_BILLING_CODES = {
  PT: { discipline: 'PT', code: '97110', description: 'Therapeutic exercise, each 15 minutes' },
  PTA: { discipline: 'PT', code: '97110', description: 'Therapeutic exercise, each 15 minutes' },
  OT: { discipline: 'OT', code: '97530', description: 'Therapeutic activities, each 15 minutes' },
  OTA: { discipline: 'OT', code: '97530', description: 'Therapeutic activities, each 15 minutes' },
  'ST/SLP': { discipline: 'ST', code: '92507', description: 'Speech, language, voice treatment' },
} as const satisfies Record<string, { discipline: string; code: string; description: string }>;

export type TherapyProviderType = keyof typeof THERAPY_BILLING_CODES;
export const THERAPY_PROVIDER_TYPES = Object.keys(THERAPY_BILLING_CODES) as TherapyProviderType[];

export const isTherapyProviderType = (type: string): type is TherapyProviderType =>
  Object.hasOwn(THERAPY_BILLING_CODES, type);
