// A list's date range as its URL and the API carry it ('YYYY-MM-DD' calendar days, no time zone) and as the
// DateRangeFilter shows it (local Dates), with the SPEC §5 range rules: every list page with a date range.
import { clampDateRange, type DateRange } from '@carelane/shared-domain';
import dayjs from 'dayjs';

/** A local date as the API's 'YYYY-MM-DD'. */
export const isoDay = (date: Date): string => dayjs(date).format('YYYY-MM-DD');

/** The API's 'YYYY-MM-DD' as the local day it names (dayjs reads a date without a time as local). */
export const dayOf = (iso: string): Date => dayjs(iso).toDate();

/**
 * The range a list asks for: the URL's days (from / to), each missing end taken from `fallback`, after the
 * SPEC §5 rules (an end before the start gives the one day of the start; at most `maxDays` days, by default
 * no limit).
 */
export function askedRange(
  from: string | undefined,
  to: string | undefined,
  fallback: DateRange,
  maxDays: number = Number.MAX_SAFE_INTEGER,
): { startDate: string; endDate: string } {
  const range = clampDateRange(
    { start: from ? dayOf(from) : fallback.start, end: to ? dayOf(to) : fallback.end },
    maxDays,
  );
  return { startDate: isoDay(range.start), endDate: isoDay(range.end) };
}

/** The range as the DateRangeFilter shows it. */
export const rangeOf = (asked: { startDate: string; endDate: string }): DateRange => ({
  start: dayOf(asked.startDate),
  end: dayOf(asked.endDate),
});
