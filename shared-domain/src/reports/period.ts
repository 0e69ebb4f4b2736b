/**
 * A report's period (SPEC §9: "funnels and health reports mostly 7 days compared to the prior week"): whole days
 * of the organization's calendar, `from` to `to` inclusive, and the prior period of the same length just before.
 */
import dayjs from 'dayjs';

export type ReportPeriod = { from: string; to: string };

/** The default period: the last 7 days, today included. */
export const REPORT_DEFAULT_DAYS = 7;
/** The longest period a report reads: a year (366 days, for a leap year's whole year). */
export const REPORT_MAX_DAYS = 366;

const DAY = 'YYYY-MM-DD';

/** Days in a period, both ends counted. */
export function periodDays(period: ReportPeriod): number {
  return dayjs(period.to).diff(dayjs(period.from), 'day') + 1;
}

/** The last `days` days up to `today` (YYYY-MM-DD). */
export function defaultReportPeriod(today: string, days: number = REPORT_DEFAULT_DAYS): ReportPeriod {
  return {
    from: dayjs(today)
      .subtract(days - 1, 'day')
      .format(DAY),
    to: today,
  };
}

/** The period of the same length ending the day before `period` starts. */
export function priorPeriod(period: ReportPeriod): ReportPeriod {
  const days = periodDays(period);
  const to = dayjs(period.from).subtract(1, 'day');
  return { from: to.subtract(days - 1, 'day').format(DAY), to: to.format(DAY) };
}

/**
 * The period a caller asked for: either end missing takes the default's; an end before the start gives one day,
 * the start (SPEC §5's range rule); longer than REPORT_MAX_DAYS is a problem naming `to`.
 */
export function askedReportPeriod(
  asked: { from?: string; to?: string },
  today: string,
): { ok: true; period: ReportPeriod } | { ok: false; field: 'to'; message: string } {
  const fallback = defaultReportPeriod(today);
  const from = asked.from ?? (asked.to ? defaultReportPeriod(asked.to).from : fallback.from);
  const to = asked.to ?? (asked.from ? today : fallback.to);
  const period = to < from ? { from, to: from } : { from, to };
  if (periodDays(period) > REPORT_MAX_DAYS)
    return { ok: false, field: 'to', message: `must make a period of at most ${REPORT_MAX_DAYS} days` };
  return { ok: true, period };
}
