// Where a visit's time lives (issue 24, decision 039): a visit happens at the patient's address, so its date and
// times are wall-clock times in the organization's time zone, stored as an instant plus that zone. Every job and
// comparison (overdue, expired, EVV day, date-range filters, "today") goes through these rules; a viewer in
// another zone sees the times in the organization's zone, with its abbreviation.
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { formatDate } from '../formats';
import { DEFAULT_TIME_ZONE, localDateIn, localDayBounds, timeZoneOfPlace, zonedInstant } from './time-zone';

dayjs.extend(utc);
dayjs.extend(timezone);

/** A Staffed visit nobody checked in to this many minutes after its booked start is Visit Overdue. */
export const VISIT_OVERDUE_GRACE_MINUTES = 15;

export const VISIT_TIME_MESSAGES = {
  /** A time the parser cannot read. */
  unreadableTime: 'must be a time such as 10:00 AM, 10am or 22:00',
  /** A visit saved without a start time (there is no default time). */
  startTimeRequired: 'is required: type the time the visit starts, such as 10:00 AM',
  /** An organization's zone that is not an IANA zone. */
  unknownTimeZone: 'must be a time zone such as America/Chicago',
} as const;

export type TimeOfDayParse = { ok: true; time: string } | { ok: false; message: string };

const TWELVE_HOUR = /^(\d{1,2})(?::?([0-5]\d))?\s*([ap])\.?\s*m?\.?$/;
const TWENTY_FOUR_HOUR = /^(\d{1,2}):([0-5]\d)$/;
const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A time of day as people type it — '10:00 AM', '10am', '10:00am', '9:30 pm', '1030pm', '22:00', '7:05' — as
 * 24-hour 'HH:mm'; anything else (empty, '25:00', '13pm', 'abc') is refused with a message, never a default.
 */
export function parseTimeOfDay(text: string | null | undefined): TimeOfDayParse {
  const typed = (text ?? '').trim().toLowerCase();
  const twelve = TWELVE_HOUR.exec(typed);
  if (twelve) {
    const hour = Number(twelve[1]);
    if (hour < 1 || hour > 12) return { ok: false, message: VISIT_TIME_MESSAGES.unreadableTime };
    const hours = (hour % 12) + (twelve[3] === 'p' ? 12 : 0);
    return { ok: true, time: `${pad(hours)}:${twelve[2] ?? '00'}` };
  }
  const twentyFour = TWENTY_FOUR_HOUR.exec(typed);
  if (twentyFour && Number(twentyFour[1]) < 24) {
    return { ok: true, time: `${pad(Number(twentyFour[1]))}:${twentyFour[2]}` };
  }
  return { ok: false, message: VISIT_TIME_MESSAGES.unreadableTime };
}

/** 'HH:mm' as a person reads it: '18:00' → '6:00 PM'. */
export function formatTimeOfDay(time: string): string {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  return `${hours % 12 || 12}:${pad(minutes)} ${hours < 12 ? 'AM' : 'PM'}`;
}

let knownZones: Set<string> | null = null;

/** Whether `zone` is an IANA time zone this runtime knows (Intl's list, plus UTC). */
export function isTimeZone(zone: string | null | undefined): boolean {
  if (!zone) return false;
  knownZones ??= new Set([...Intl.supportedValuesOf('timeZone'), 'UTC']);
  return knownZones.has(zone);
}

/** The zones an organization may pick, sorted. */
export function timeZoneChoices(): string[] {
  return [...Intl.supportedValuesOf('timeZone')].sort();
}

/** An organization's zone: the one it keeps, else the one of its address (its state; America/Chicago for TX). */
export function organizationTimeZone(org: {
  timeZone?: string | null;
  state?: string | null;
  latitude?: number | null;
  longitude?: number | null;
}): string {
  if (org.timeZone && isTimeZone(org.timeZone)) return org.timeZone;
  return org.state ? timeZoneOfPlace(org) : DEFAULT_TIME_ZONE;
}

/** The instant a wall-clock date ('YYYY-MM-DD') and time ('HH:mm') happens in `zone`. */
export const visitInstant = zonedInstant;

/** The organization's calendar date and wall-clock time of an instant: { date: 'YYYY-MM-DD', time: 'HH:mm' }. */
export function wallClockIn(at: Date | string | number, zone: string): { date: string; time: string } {
  const local = dayjs(at).tz(zone);
  return { date: local.format('YYYY-MM-DD'), time: local.format('HH:mm') };
}

/** "Today" in a zone, YYYY-MM-DD. */
export function todayIn(zone: string, now: Date = new Date()): string {
  return localDateIn(now, zone);
}

/**
 * The latest "today" anywhere (UTC+14): a date bound that every zone's today is on or before, for an index
 * range read before the exact comparison of instants.
 */
export function latestTodayAnywhere(now: Date = new Date()): string {
  return localDateIn(now, 'Pacific/Kiritimati');
}

/** A date range of whole days in `zone` (start of `from` to the start of the day after `to`), as instants. */
export function dateRangeInstants(from: string, to: string, zone: string): { start: Date; end: Date } {
  return { start: localDayBounds(from, zone).start, end: localDayBounds(to, zone).end };
}

/** The zone's short name at that instant ('CST', 'CDT', 'PST'; 'GMT+5:30' where there is none). */
export function timeZoneAbbreviation(zone: string, at: Date | string | number = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'short' }).formatToParts(
    new Date(at),
  );
  return parts.find((p) => p.type === 'timeZoneName')?.value ?? zone;
}

/** Whether two zones show the same wall clock at that instant. */
function sameClock(a: string, b: string, at: Date | string | number): boolean {
  return a === b || dayjs(at).tz(a).utcOffset() === dayjs(at).tz(b).utcOffset();
}

/**
 * A visit's time as the organization's wall clock shows it, '6:00 PM'; with the zone's abbreviation
 * ('6:00 PM CST') when the viewer's zone shows another clock.
 */
export function formatVisitTime(at: Date | string | number, orgZone: string, viewerZone: string): string {
  const text = formatTimeOfDay(wallClockIn(at, orgZone).time);
  return sameClock(orgZone, viewerZone, at) ? text : `${text} ${timeZoneAbbreviation(orgZone, at)}`;
}

/**
 * A visit's date and hours as its organization's wall clock shows them, with the zone named, for a message read
 * anywhere: '6/3/2030 9:00 AM–10:00 AM CDT'.
 */
export function formatVisitWindow(
  visit: { dateOfService: string; startAt: Date | string; endAt: Date | string },
  zone: string,
): string {
  const start = formatTimeOfDay(wallClockIn(visit.startAt, zone).time);
  const end = formatTimeOfDay(wallClockIn(visit.endAt, zone).time);
  return `${formatDate(visit.dateOfService)} ${start}–${end} ${timeZoneAbbreviation(zone, visit.startAt)}`;
}

/** A moment on the visit's clock with the zone named, for a document read anywhere: '6/3/2030 9:05 AM CDT'. */
export function formatVisitMoment(at: Date | string | number, zone: string): string {
  const { date, time } = wallClockIn(at, zone);
  return `${formatDate(date)} ${formatTimeOfDay(time)} ${timeZoneAbbreviation(zone, at)}`;
}

/** The viewer's own zone (the browser's, or the server's). */
export function viewerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

export type TimedVisit = { status: string; startAt: Date | string; endAt: Date | string };

/**
 * When the scheduled job acts on a visit: a Staffed visit nobody checked in to becomes Visit Overdue
 * VISIT_OVERDUE_GRACE_MINUTES after its booked start; an Active (unstaffed) one expires at its booked end. Null
 * for any other status. Both are instants, so the organization's zone (and its clock changes) are already in
 * them.
 */
export function visitDueAt(visit: TimedVisit): Date | null {
  if (visit.status === 'Staffed')
    return new Date(new Date(visit.startAt).getTime() + VISIT_OVERDUE_GRACE_MINUTES * 60_000);
  if (visit.status === 'Active') return new Date(visit.endAt);
  return null;
}
