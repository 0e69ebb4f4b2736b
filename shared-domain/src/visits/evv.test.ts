import {
  EVV_MESSAGES,
  EVV_REVIEW_DISTANCE_MILES,
  evvDistanceMiles,
  evvProblems,
  type EvvTap,
  type EvvVisitFacts,
} from './evv';

// A Central-time visit on Tuesday 3/10/2026 (CDT, UTC-5 since 3/8) at the patient's home in Austin, booked
// 9:00–10:00 PM local (02:00–03:00 UTC on 3/11): near midnight, where the server's UTC date is already the next day.
const AUSTIN_HOME = { latitude: 30.2672, longitude: -97.7431 };
const lateVisit: EvvVisitFacts = {
  dateOfService: '2026-03-10',
  timeZone: 'America/Chicago',
  scheduledEnd: '2026-03-11T03:00:00Z',
  timeIn: null,
  home: AUSTIN_HOME,
};
const tap = (kind: EvvTap['kind'], at: string, where = AUSTIN_HOME): EvvTap => ({ kind, at, ...where });

describe('evvProblems: check-in on the visit’s day, in its time zone', () => {
  it('takes a check-in at 11:50 PM local, when the UTC date is already the next day', () => {
    expect(evvProblems(lateVisit, tap('checkIn', '2026-03-11T04:50:00Z'))).toEqual({
      refusals: [],
      flags: [],
    });
  });

  it('takes a check-in from 12:00 AM local (05:00 UTC in daylight time)', () => {
    expect(evvProblems(lateVisit, tap('checkIn', '2026-03-10T05:00:00Z')).refusals).toEqual([]);
  });

  it('refuses a check-in one minute before the day starts, naming at, with the local time', () => {
    expect(evvProblems(lateVisit, tap('checkIn', '2026-03-10T04:59:00Z')).refusals).toEqual([
      {
        field: 'at',
        message:
          'must be on the day of the visit, 3/10/2026 (America/Chicago); it is 3/9/2026 11:59 PM there',
      },
    ]);
  });

  it('refuses a check-in at 12:00 AM local the next day, and one six days early', () => {
    expect(evvProblems(lateVisit, tap('checkIn', '2026-03-11T05:00:00Z')).refusals[0]?.field).toBe('at');
    expect(evvProblems(lateVisit, tap('checkIn', '2026-03-04T15:00:00Z')).refusals).toEqual([
      {
        field: 'at',
        message: EVV_MESSAGES.checkInOffDay('3/10/2026', 'America/Chicago', '3/4/2026 9:00 AM'),
      },
    ]);
  });
});

describe('evvProblems: check-out after the check-in, by the next morning', () => {
  const checkedIn = { ...lateVisit, timeIn: '2026-03-11T02:05:00Z' }; // 9:05 PM local

  it('takes a check-out past midnight (12:40 AM local the next day)', () => {
    expect(evvProblems(checkedIn, tap('checkOut', '2026-03-11T05:40:00Z')).refusals).toEqual([]);
  });

  it('refuses a check-out 47 hours before the check-in, naming at', () => {
    expect(evvProblems(checkedIn, tap('checkOut', '2026-03-09T03:05:00Z')).refusals).toEqual([
      { field: 'at', message: 'must be after the check-in at 3/10/2026 9:05 PM' },
    ]);
  });

  it('refuses a check-out at the very time of the check-in', () => {
    expect(evvProblems(checkedIn, tap('checkOut', '2026-03-11T02:05:00Z')).refusals[0]?.field).toBe('at');
  });

  it('takes a check-out at noon the next day and refuses one a minute later', () => {
    expect(evvProblems(checkedIn, tap('checkOut', '2026-03-11T17:00:00Z')).refusals).toEqual([]);
    expect(evvProblems(checkedIn, tap('checkOut', '2026-03-11T17:01:00Z')).refusals).toEqual([
      {
        field: 'at',
        message: EVV_MESSAGES.checkOutTooLate('3/11/2026 12:00 PM'),
      },
    ]);
  });

  it('lets a long shift booked to end late the next day check out up to 12 hours after its end', () => {
    const shift = { ...checkedIn, scheduledEnd: '2026-03-12T01:00:00Z' }; // 8:00 PM local on 3/11
    expect(evvProblems(shift, tap('checkOut', '2026-03-12T06:00:00Z')).refusals).toEqual([]);
    expect(evvProblems(shift, tap('checkOut', '2026-03-12T13:01:00Z')).refusals[0]?.field).toBe('at');
  });

  it('without a recorded check-in, refuses only a check-out before the visit’s day', () => {
    expect(evvProblems(lateVisit, tap('checkOut', '2026-03-10T04:00:00Z')).refusals).toEqual([
      { field: 'at', message: 'must not be before the day of the visit, 3/10/2026' },
    ]);
    expect(evvProblems(lateVisit, tap('checkOut', '2026-03-10T20:00:00Z')).refusals).toEqual([]);
  });
});

describe('evvProblems: positions', () => {
  it('refuses 0, 0 (a device without a location fix), naming latitude', () => {
    const result = evvProblems(
      lateVisit,
      tap('checkOut', '2026-03-10T20:00:00Z', { latitude: 0, longitude: 0 }),
    );
    expect(result).toEqual({
      refusals: [{ field: 'latitude', message: EVV_MESSAGES.noPosition }],
      flags: [],
    });
  });

  it('refuses coordinates that are not on Earth, each by its field', () => {
    const result = evvProblems(
      lateVisit,
      tap('checkIn', '2026-03-10T20:00:00Z', { latitude: 91, longitude: Number.NaN }),
    );
    expect(result.refusals).toEqual([
      { field: 'latitude', message: EVV_MESSAGES.latitudeRange },
      { field: 'longitude', message: EVV_MESSAGES.longitudeRange },
    ]);
  });

  it('lists a time refusal beside a position refusal', () => {
    const result = evvProblems(
      lateVisit,
      tap('checkIn', '2026-03-04T15:00:00Z', { latitude: 0, longitude: 0 }),
    );
    expect(result.refusals.map((r) => r.field)).toEqual(['latitude', 'at']);
  });
});

describe('evvProblems: far from the patient’s address is flagged for review', () => {
  it('flags a check-in thousands of miles away (Anchorage) with its distance and the limit', () => {
    const result = evvProblems(
      lateVisit,
      tap('checkIn', '2026-03-10T20:00:00Z', { latitude: 61.2181, longitude: -149.9003 }),
    );
    expect(result.refusals).toEqual([]);
    expect(result.flags).toEqual([
      { kind: 'distance', element: 'checkIn', distanceMiles: expect.any(Number), limitMiles: 5 },
    ]);
    expect(result.flags[0]!.distanceMiles).toBeGreaterThan(3000);
  });

  it('flags a check-out 5.5 miles away, not one 4.5 miles away', () => {
    // 0.01° of latitude is about 0.69 miles.
    const far = { latitude: AUSTIN_HOME.latitude + 0.08, longitude: AUSTIN_HOME.longitude };
    const near = { latitude: AUSTIN_HOME.latitude + 0.065, longitude: AUSTIN_HOME.longitude };
    expect(evvDistanceMiles(AUSTIN_HOME, far)).toBeGreaterThan(EVV_REVIEW_DISTANCE_MILES);
    expect(evvDistanceMiles(AUSTIN_HOME, near)).toBeLessThan(EVV_REVIEW_DISTANCE_MILES);
    expect(evvProblems(lateVisit, tap('checkOut', '2026-03-10T20:00:00Z', far)).flags).toEqual([
      {
        kind: 'distance',
        element: 'checkOut',
        distanceMiles: evvDistanceMiles(AUSTIN_HOME, far),
        limitMiles: 5,
      },
    ]);
    expect(evvProblems(lateVisit, tap('checkOut', '2026-03-10T20:00:00Z', near)).flags).toEqual([]);
  });

  it('cannot flag without a position for the address, and flags nothing on a refused tap', () => {
    const far = { latitude: 61.2181, longitude: -149.9003 };
    expect(
      evvProblems({ ...lateVisit, home: null }, tap('checkIn', '2026-03-10T20:00:00Z', far)).flags,
    ).toEqual([]);
    expect(evvProblems(lateVisit, tap('checkIn', '2026-03-04T15:00:00Z', far)).flags).toEqual([]);
  });
});
