// Electronic visit verification checks (issue 23, decision 038): what makes a check-in or check-out impossible
// (refused: a position that is no position, a check-in outside the visit's day in its time zone, a check-out
// before the check-in or past the next morning), and what a reviewer must look at before approving the notes
// (flagged: a tap farther than EVV_REVIEW_DISTANCE_MILES from the patient's address).
import { formatDate } from '../formats';
import { distanceMiles } from '../scheduling/distance';
import { addIsoDays, formatInZone, localDayBounds, zonedInstant } from './time-zone';

/** A check-in or check-out farther than this from the patient's (or facility's) address is flagged for review. */
export const EVV_REVIEW_DISTANCE_MILES = 5;
/** A check-out may come until this hour (local) of the day after the visit's day… */
export const EVV_CHECK_OUT_NEXT_DAY_UNTIL_HOUR = 12;
/** …or until this many hours after the visit's booked end, when that is later (a long shift). */
export const EVV_CHECK_OUT_GRACE_HOURS = 12;

export type EvvKind = 'checkIn' | 'checkOut';
export type EvvPosition = { latitude: number; longitude: number };

/** What the checks need to know of the visit. */
export type EvvVisitFacts = {
  /** YYYY-MM-DD, the visit's day in its time zone. */
  dateOfService: string;
  /** The visit's IANA time zone (timeZoneOfPlace). */
  timeZone: string;
  /** The booked end. */
  scheduledEnd: Date | string;
  /** The recorded check-in (a check-out is checked against it); null before one. */
  timeIn: Date | string | null;
  /** The patient's (or facility's) address on the map; null when it has no position. */
  home: EvvPosition | null;
};

/** One tap: which, when (the device's clock) and where. */
export type EvvTap = EvvPosition & { kind: EvvKind; at: Date | string };

/** A refusal names the field of the check-in / check-out call it is about. */
export type EvvRefusal = { field: 'at' | 'latitude' | 'longitude'; message: string };
/** A flag the reviewer must acknowledge before approving the notes. */
export type EvvFlag = { kind: 'distance'; element: EvvKind; distanceMiles: number; limitMiles: number };

const HOUR_MS = 3_600_000;

export const EVV_MESSAGES = {
  noPosition: 'must not be 0 with longitude 0: the device had no location fix',
  latitudeRange: 'must be a number from -90 to 90',
  longitudeRange: 'must be a number from -180 to 180',
  checkInOffDay: (day: string, zone: string, local: string) =>
    `must be on the day of the visit, ${day} (${zone}); it is ${local} there`,
  checkOutBeforeCheckIn: (local: string) => `must be after the check-in at ${local}`,
  checkOutBeforeDay: (day: string) => `must not be before the day of the visit, ${day}`,
  checkOutTooLate: (limit: string) =>
    `must be by ${limit}: a check-out runs at most to noon the day after the visit, or ${EVV_CHECK_OUT_GRACE_HOURS} hours past its booked end`,
  /** Appended to the check-in / check-out message when the tap is flagged. */
  flagged: (miles: number) =>
    ` You are ${miles} miles from the patient's address (more than ${EVV_REVIEW_DISTANCE_MILES}): the reviewer will confirm it.`,
  /** 409 of approving notes whose visit has flags nobody acknowledged. */
  unacknowledged:
    'This visit has electronic visit verification flags nobody acknowledged: acknowledge them before approving the notes.',
  acknowledged: 'EVV flags acknowledged.',
  /** 409 of an acknowledgement outside the review. */
  notInReview: (statusLabel: string) =>
    `EVV flags are acknowledged while the notes are in review: the visit is ${statusLabel}.`,
  /** 400 (flagIds) of an id that is not a flag of the visit. */
  notAFlag: (ids: readonly number[]) =>
    `${ids.join(', ')} ${ids.length > 1 ? 'are not flags' : 'is not a flag'} of this visit`,
  elementNames: { checkIn: 'Check-in', checkOut: 'Check-out' } as Record<EvvKind, string>,
} as const;

/** Miles between the address and the device, to the hundredth. */
export function evvDistanceMiles(home: EvvPosition, at: EvvPosition): number {
  return Math.round(distanceMiles(home.latitude, home.longitude, at.latitude, at.longitude) * 100) / 100;
}

/** What the device sent, refused when it is not a position on Earth or is 0, 0 (a phone without a fix). */
function positionRefusals(tap: EvvPosition): EvvRefusal[] {
  const refusals: EvvRefusal[] = [];
  if (!Number.isFinite(tap.latitude) || Math.abs(tap.latitude) > 90)
    refusals.push({ field: 'latitude', message: EVV_MESSAGES.latitudeRange });
  if (!Number.isFinite(tap.longitude) || Math.abs(tap.longitude) > 180)
    refusals.push({ field: 'longitude', message: EVV_MESSAGES.longitudeRange });
  if (tap.latitude === 0 && tap.longitude === 0)
    refusals.push({ field: 'latitude', message: EVV_MESSAGES.noPosition });
  return refusals;
}

/** When the tap's time is impossible for the visit (in the visit's time zone), the refusal naming `at`. */
export function evvTimeRefusal(
  visit: Omit<EvvVisitFacts, 'home'>,
  tap: Pick<EvvTap, 'kind' | 'at'>,
): EvvRefusal | null {
  const at = new Date(tap.at).getTime();
  const day = localDayBounds(visit.dateOfService, visit.timeZone);
  const local = (t: number | Date | string) => formatInZone(t, visit.timeZone);
  if (tap.kind === 'checkIn') {
    if (at >= day.start.getTime() && at < day.end.getTime()) return null;
    const dayText = formatDate(visit.dateOfService);
    return { field: 'at', message: EVV_MESSAGES.checkInOffDay(dayText, visit.timeZone, local(at)) };
  }
  if (visit.timeIn === null) {
    // Checked in by no tap (moved by staff): the check-out still belongs to the visit's day or the next morning.
    if (at < day.start.getTime())
      return { field: 'at', message: EVV_MESSAGES.checkOutBeforeDay(formatDate(visit.dateOfService)) };
  } else if (at <= new Date(visit.timeIn).getTime()) {
    return { field: 'at', message: EVV_MESSAGES.checkOutBeforeCheckIn(local(visit.timeIn)) };
  }
  const noon = `${String(EVV_CHECK_OUT_NEXT_DAY_UNTIL_HOUR).padStart(2, '0')}:00`;
  const nextMorning = zonedInstant(addIsoDays(visit.dateOfService, 1), noon, visit.timeZone).getTime();
  const afterEnd = new Date(visit.scheduledEnd).getTime() + EVV_CHECK_OUT_GRACE_HOURS * HOUR_MS;
  const limit = Math.max(nextMorning, afterEnd);
  return at > limit ? { field: 'at', message: EVV_MESSAGES.checkOutTooLate(local(limit)) } : null;
}

/**
 * The checks of one check-in or check-out: refusals (the call is refused, nothing written) and, when there is
 * none, flags (the tap is recorded and the reviewer must acknowledge them before approving the notes).
 */
export function evvProblems(visit: EvvVisitFacts, tap: EvvTap): { refusals: EvvRefusal[]; flags: EvvFlag[] } {
  const refusals = positionRefusals(tap);
  const time = evvTimeRefusal(visit, tap);
  if (time) refusals.push(time);
  if (refusals.length) return { refusals, flags: [] };
  const flags: EvvFlag[] = [];
  if (visit.home) {
    const miles = evvDistanceMiles(visit.home, tap);
    if (miles > EVV_REVIEW_DISTANCE_MILES)
      flags.push({
        kind: 'distance',
        element: tap.kind,
        distanceMiles: miles,
        limitMiles: EVV_REVIEW_DISTANCE_MILES,
      });
  }
  return { refusals, flags };
}
