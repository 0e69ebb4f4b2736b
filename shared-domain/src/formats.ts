import dayjs from 'dayjs';
import { z } from 'zod';

/** SPEC §5 date format (dayjs tokens). */
export const DATE_FORMAT = 'M/D/YYYY';

/** '' for missing or invalid dates. */
export function formatDate(value: Date | string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const date = dayjs(value);
  return date.isValid() ? date.format(DATE_FORMAT) : '';
}

/** Made once: building an Intl formatter costs far more than using one (a print of 200 notes formats thousands). */
let timeFormat: Intl.DateTimeFormat | undefined;

/** A moment as the date and the local time to the second ('11/24/2026 7:05:09 AM'); '' when missing or invalid. */
export function formatDateTime(value: Date | string | number | null | undefined): string {
  const date = formatDate(value);
  if (!date) return '';
  timeFormat ??= new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', second: '2-digit' });
  return `${date} ${timeFormat.format(new Date(value as string | number | Date))}`;
}

/** An ISO calendar date 'YYYY-MM-DD' (year, month, day captured); the API's dates travel so. */
export const ISO_DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
/** True for a real calendar date 'YYYY-MM-DD' from year 1 to 9999 (not 2024-02-30, 9999-99-99 or 0000-01-01). */
export function isIsoDate(text: string): boolean {
  const match = ISO_DATE_PATTERN.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  const date = new Date(Date.UTC(2000, month - 1, day));
  date.setUTCFullYear(year);
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A 24-hour wall-clock time 'HH:mm' (hours, minutes captured). */
export const TIME_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)$/;

const DATE_TEXT_PATTERN = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

/** Strict M/D/YYYY (one or two digit month and day) to a local midnight; null for anything else. */
export function parseDate(text: string): Date | null {
  const match = DATE_TEXT_PATTERN.exec(text.trim());
  if (!match) return null;
  const [month, day, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(year, month - 1, day);
  const roundTrips = date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day;
  return roundTrips ? date : null;
}

/** The same pattern the API's email schema uses, so the browser and the server agree. */
export const EMAIL_PATTERN: RegExp = z.regexes.email;
const EMAIL_MAX_LENGTH = 254;

export function isValidEmail(text: string): boolean {
  return text.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(text);
}

const PHONE_PATTERN = /^(?:\+?1[\s.-]?)?(?:\((\d{3})\)|(\d{3}))[\s.-]?(\d{3})[\s.-]?(\d{4})$/;

/** The 10 digits of a US phone number, with any leading +1 or 1 dropped; null when it is not one. */
export function normalizePhone(text: string): string | null {
  const match = PHONE_PATTERN.exec(text.trim());
  if (!match) return null;
  const [, areaInParentheses, area, exchange, line] = match;
  return `${areaInParentheses ?? area}${exchange}${line}`;
}

export function isValidPhone(text: string): boolean {
  return normalizePhone(text) !== null;
}

/** SPEC §5: displayed NNN-NNN-NNNN with +1 stripped; text that is not a phone number is returned unchanged. */
export function formatPhone(text: string): string {
  const digits = normalizePhone(text);
  return digits === null ? text : `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`;
}

export const EMPLOYER_ID_PATTERN = /^\d{2}-\d{7}$/;

export function isValidEmployerId(text: string): boolean {
  return EMPLOYER_ID_PATTERN.test(text);
}

/** Nine digits (separators ignored) to NN-NNNNNNN; anything else is returned unchanged. */
export function formatEmployerId(digits: string): string {
  const onlyDigits = digits.replace(/[\s-]/g, '');
  return /^\d{9}$/.test(onlyDigits) ? `${onlyDigits.slice(0, 2)}-${onlyDigits.slice(2)}` : digits;
}

export const SSN_PATTERN = /^\d{3}-\d{2}-\d{4}$/;

export function isValidSsn(text: string): boolean {
  return SSN_PATTERN.test(text);
}

/** Nine digits (separators ignored) to NNN-NN-NNNN; anything else is returned unchanged. */
export function formatSsn(digits: string): string {
  const onlyDigits = digits.replace(/[\s-]/g, '');
  return /^\d{9}$/.test(onlyDigits)
    ? `${onlyDigits.slice(0, 3)}-${onlyDigits.slice(3, 5)}-${onlyDigits.slice(5)}`
    : digits;
}
