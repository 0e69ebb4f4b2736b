// A place's time zone (ARCHITECTURE §9 "Time": a visit's date and times belong to the organization's time zone,
// the patient's address): its US state, and for the states a zone line crosses, which side of the line the place's
// coordinates fall on (decision 038). Organizations and visits keep their zone since decision 039; this rule gives
// an organization's default and the zone of visits booked before.
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

/** The zone of a place whose state is unknown: the service's home (Austin, Texas) and its demo organizations. */
export const DEFAULT_TIME_ZONE = 'America/Chicago';

/** The zone most of each state (and territory) keeps. */
export const STATE_TIME_ZONES: Readonly<Record<string, string>> = {
  AL: 'America/Chicago',
  AK: 'America/Anchorage',
  AZ: 'America/Phoenix',
  AR: 'America/Chicago',
  CA: 'America/Los_Angeles',
  CO: 'America/Denver',
  CT: 'America/New_York',
  DE: 'America/New_York',
  DC: 'America/New_York',
  FL: 'America/New_York',
  GA: 'America/New_York',
  HI: 'Pacific/Honolulu',
  ID: 'America/Boise',
  IL: 'America/Chicago',
  IN: 'America/Indiana/Indianapolis',
  IA: 'America/Chicago',
  KS: 'America/Chicago',
  KY: 'America/New_York',
  LA: 'America/Chicago',
  ME: 'America/New_York',
  MD: 'America/New_York',
  MA: 'America/New_York',
  MI: 'America/Detroit',
  MN: 'America/Chicago',
  MS: 'America/Chicago',
  MO: 'America/Chicago',
  MT: 'America/Denver',
  NE: 'America/Chicago',
  NV: 'America/Los_Angeles',
  NH: 'America/New_York',
  NJ: 'America/New_York',
  NM: 'America/Denver',
  NY: 'America/New_York',
  NC: 'America/New_York',
  ND: 'America/Chicago',
  OH: 'America/New_York',
  OK: 'America/Chicago',
  OR: 'America/Los_Angeles',
  PA: 'America/New_York',
  RI: 'America/New_York',
  SC: 'America/New_York',
  SD: 'America/Chicago',
  TN: 'America/Chicago',
  TX: 'America/Chicago',
  UT: 'America/Denver',
  VT: 'America/New_York',
  VA: 'America/New_York',
  WA: 'America/Los_Angeles',
  WV: 'America/New_York',
  WI: 'America/Chicago',
  WY: 'America/Denver',
  PR: 'America/Puerto_Rico',
  VI: 'America/St_Thomas',
  GU: 'Pacific/Guam',
  AS: 'Pacific/Pago_Pago',
  MP: 'Pacific/Saipan',
};

type Point = { latitude: number; longitude: number };

/**
 * The parts of split states on the other side of the zone line, drawn as coarse boxes (the line follows county
 * borders; near it a place may be an hour off). The first match wins.
 */
const ZONE_SPLITS: readonly { state: string; zone: string; holds: (p: Point) => boolean }[] = [
  { state: 'TX', zone: 'America/Denver', holds: (p) => p.longitude < -104.9 }, // El Paso, Hudspeth
  { state: 'FL', zone: 'America/Chicago', holds: (p) => p.longitude < -85.0 }, // the panhandle
  {
    state: 'TN',
    zone: 'America/New_York', // East Tennessee: Knoxville, Chattanooga
    holds: (p) => p.longitude > -84.95 || (p.latitude < 35.25 && p.longitude > -85.45),
  },
  {
    state: 'KY',
    zone: 'America/Chicago', // West Kentucky: Paducah, Owensboro, Bowling Green
    holds: (p) => p.longitude < -85.9 || (p.latitude < 37.1 && p.longitude < -85.0),
  },
  {
    state: 'IN',
    zone: 'America/Chicago', // the corners by Chicago and by Evansville
    holds: (p) => p.longitude < -86.5 && (p.latitude > 40.9 || p.latitude < 38.45),
  },
  { state: 'MI', zone: 'America/Chicago', holds: (p) => p.longitude < -87.3 && p.latitude < 46.2 },
  { state: 'SD', zone: 'America/Denver', holds: (p) => p.longitude < -100.4 }, // west of the Missouri
  { state: 'NE', zone: 'America/Denver', holds: (p) => p.longitude < -101.2 },
  { state: 'ND', zone: 'America/Denver', holds: (p) => p.longitude < -101.3 && p.latitude < 47.5 },
  { state: 'KS', zone: 'America/Denver', holds: (p) => p.longitude < -101.4 },
  { state: 'ID', zone: 'America/Los_Angeles', holds: (p) => p.latitude > 45.6 }, // the panhandle
  { state: 'OR', zone: 'America/Boise', holds: (p) => p.longitude > -118.2 && p.latitude < 44.6 }, // Malheur
  { state: 'NV', zone: 'America/Denver', holds: (p) => p.longitude > -114.1 && p.latitude > 40.5 }, // West Wendover
  { state: 'AK', zone: 'America/Adak', holds: (p) => p.longitude < -169.5 || p.longitude > 0 }, // the Aleutians
];

export type ZonedPlace = {
  state?: string | null;
  latitude?: number | null;
  longitude?: number | null;
};

/** The IANA time zone of a US place; DEFAULT_TIME_ZONE when its state is unknown. */
export function timeZoneOfPlace(place: ZonedPlace): string {
  const state = place.state?.trim().toUpperCase() ?? '';
  const zone = STATE_TIME_ZONES[state];
  if (!zone) return DEFAULT_TIME_ZONE;
  const { latitude, longitude } = place;
  if (typeof latitude !== 'number' || typeof longitude !== 'number') return zone;
  const split = ZONE_SPLITS.find((s) => s.state === state && s.holds({ latitude, longitude }));
  return split?.zone ?? zone;
}

/** The calendar date (YYYY-MM-DD) of an instant in a time zone. */
export function localDateIn(at: Date | string | number, zone: string): string {
  return dayjs(at).tz(zone).format('YYYY-MM-DD');
}

/** The instant a wall-clock date and time ('YYYY-MM-DD', 'HH:mm') happens in a time zone. */
export function zonedInstant(date: string, time: string, zone: string): Date {
  return dayjs.tz(`${date} ${time}`, 'YYYY-MM-DD HH:mm', zone).toDate();
}

/** The calendar date `days` after a date (YYYY-MM-DD; negative: before). */
export function addIsoDays(date: string, days: number): string {
  return dayjs.utc(date).add(days, 'day').format('YYYY-MM-DD');
}

/** The first instant of a calendar date in a time zone, and the first of the next date (23 to 25 hours later). */
export function localDayBounds(date: string, zone: string): { start: Date; end: Date } {
  return { start: zonedInstant(date, '00:00', zone), end: zonedInstant(addIsoDays(date, 1), '00:00', zone) };
}

/** An instant as the wall clock of a time zone shows it, 'M/D/YYYY h:mm A'. */
export function formatInZone(at: Date | string | number, zone: string): string {
  return dayjs(at).tz(zone).format('M/D/YYYY h:mm A');
}
