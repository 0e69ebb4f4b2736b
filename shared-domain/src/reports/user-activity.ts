/**
 * /userActivity (issue 26, decision 052): each user's audit entries over a period and the prior one, counted per
 * day of the Central calendar (the company's: the audit log's rollup buckets entries by it). Each figure is the
 * user's entries of one action, or of every action, between the period's first and last instants: the audit
 * log's page with the same user, action and instants lists exactly those entries.
 */
import { DEFAULT_TIME_ZONE, localDayBounds } from '../visits/time-zone';
import type { ReportPeriod } from './period';

/** The calendar the audit log's rollup counts days by (report_user_days). */
export const USER_ACTIVITY_TIME_ZONE = DEFAULT_TIME_ZONE;

export const USER_ACTIVITY_FIGURES = [
  { key: 'signIns', label: 'Sign-ins', action: 'LOGIN' },
  { key: 'patientReads', label: 'Patient reads', action: 'READ' },
  { key: 'entries', label: 'Everything done', action: null },
] as const;
export type UserActivityFigureKey = (typeof USER_ACTIVITY_FIGURES)[number]['key'];
export const USER_ACTIVITY_FIGURE_KEYS = USER_ACTIVITY_FIGURES.map((f) => f.key) as UserActivityFigureKey[];

/** The first instant of a period and its last millisecond (the audit log's end is inclusive of it), ISO. */
export function activityWindow(period: ReportPeriod): { start: string; end: string } {
  const start = localDayBounds(period.from, USER_ACTIVITY_TIME_ZONE).start;
  const after = localDayBounds(period.to, USER_ACTIVITY_TIME_ZONE).end;
  return { start: start.toISOString(), end: new Date(after.getTime() - 1).toISOString() };
}

/** The audit log's page listing a figure's entries: the user, the action (none: every one), the period. */
export function activityEntriesPath(
  userId: number,
  figure: (typeof USER_ACTIVITY_FIGURES)[number],
  period: ReportPeriod,
): string {
  const { start, end } = activityWindow(period);
  const params: [string, string][] = [
    ['userId', String(userId)],
    ['start', start],
    ['end', end],
  ];
  if (figure.action) params.push(['action', figure.action]);
  return `/auditLogs?${params.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&')}`;
}
