import dayjs from 'dayjs';

export type DateRange = { start: Date; end: Date };

export function startOfDay(date: Date): Date {
  return dayjs(date).startOf('day').toDate();
}

export function endOfDay(date: Date): Date {
  return dayjs(date).endOf('day').toDate();
}

/** SPEC §5 limits, in calendar days covered by a range. */
export const PATIENT_CREATION_MAX_DAYS = 180;
export const PROVIDER_PAYMENTS_MAX_DAYS = 180;
export const INVOICES_MAX_DAYS = 365;

/**
 * SPEC §5 date-picker rules: start becomes the start of its day and end the end of its day; an end
 * before the start gives the one day of the start; a range covering more than `maxDays` calendar days
 * is cut to exactly `maxDays` days by moving the end named by `moved` (by default the end date, to the
 * end of day `start + maxDays - 1`; with 'start', the start date to day `end - (maxDays - 1)`).
 */
export function clampDateRange(range: DateRange, maxDays: number, moved: 'start' | 'end' = 'end'): DateRange {
  const start = dayjs(range.start).startOf('day');
  const end = dayjs(range.end).endOf('day');
  if (end.isBefore(start)) return { start: start.toDate(), end: start.endOf('day').toDate() };
  const daysCovered = end.startOf('day').diff(start, 'day') + 1;
  if (daysCovered <= maxDays) return { start: start.toDate(), end: end.toDate() };
  if (moved === 'end')
    return {
      start: start.toDate(),
      end: start
        .add(maxDays - 1, 'day')
        .endOf('day')
        .toDate(),
    };
  return {
    start: end
      .subtract(maxDays - 1, 'day')
      .startOf('day')
      .toDate(),
    end: end.toDate(),
  };
}

/** From the start of day `now + fromDays` to the end of day `now + toDays`, in local time. */
export function defaultRange(fromDays: number, toDays: number, now: Date = new Date()): DateRange {
  const today = dayjs(now);
  return {
    start: today.add(fromDays, 'day').startOf('day').toDate(),
    end: today.add(toDays, 'day').endOf('day').toDate(),
  };
}

/** SPEC §9 default date ranges, as [fromDays, toDays] relative to today. */
export const DEFAULT_DATE_RANGES = {
  auditLogs: [-30, 0],
  providerVisits: [-29, 30],
  myVisits: [-120, 45],
  tasks: [-30, 30],
  invoices: [-180, 0],
  providerPayments: [-30, 30],
  fitScoreVisits: [0, 7],
  supplyRequest: [-90, 0],
  episodeCreation: [-365, 0],
  visitCompletion: [-60, 0],
} as const satisfies Record<string, readonly [number, number]>;
export type DefaultDateRangeName = keyof typeof DEFAULT_DATE_RANGES;

export function defaultDateRange(name: DefaultDateRangeName, now: Date = new Date()): DateRange {
  const [fromDays, toDays] = DEFAULT_DATE_RANGES[name];
  return defaultRange(fromDays, toDays, now);
}
