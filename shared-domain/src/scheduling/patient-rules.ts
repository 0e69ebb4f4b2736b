import { ISO_DATE_PATTERN, isIsoDate } from '../formats';

/** Patient rules shared by the API and the patient form (SPEC §3 patient fields). */

export const PATIENT_STATUSES = ['ACTIVE', 'ARCHIVED'] as const;
export type PatientStatus = (typeof PATIENT_STATUSES)[number];

export const PATIENT_STALE_MESSAGE =
  'Someone else changed this patient since you opened it. Reload to see their changes.';

/** The earliest birthday taken (our choice: SPEC §5 leaves birthday rules open). */
export const EARLIEST_BIRTHDAY = '1900-01-01';

/**
 * What is wrong with an ISO birthday, as the API words it after the field name, or null when it is fine: it
 * must be a real date, not after `today` (local calendar day) and not before 1900. The patient form and the
 * API both check with it.
 */
export function birthdayProblem(iso: string, today: Date = new Date()): string | null {
  if (!isIsoDate(iso)) return 'must be a real date';
  const pad = (n: number) => String(n).padStart(2, '0');
  const todayIso = `${today.getFullYear()}-${pad(today.getMonth() + 1)}-${pad(today.getDate())}`;
  if (iso > todayIso) return 'cannot be in the future';
  if (iso < EARLIEST_BIRTHDAY) return 'must be after 1900';
  return null;
}

/** Whole years from an ISO birthday ('YYYY-MM-DD') to `today`; null without a valid birthday. */
export function ageFromBirthday(
  birthday: string | null | undefined,
  today: Date = new Date(),
): number | null {
  const match = ISO_DATE_PATTERN.exec(birthday ?? '');
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  let age = today.getFullYear() - year;
  const beforeBirthday =
    today.getMonth() + 1 < month || (today.getMonth() + 1 === month && today.getDate() < day);
  if (beforeBirthday) age -= 1;
  return age >= 0 ? age : null;
}

/** 'Last, First M.' as lists show a patient. */
export function patientDisplayName(p: {
  firstName: string;
  lastName: string;
  middleInitial?: string | null;
}) {
  return `${p.lastName}, ${p.firstName}${p.middleInitial ? ` ${p.middleInitial}.` : ''}`;
}
