import {
  VISIT_TIME_MESSAGES,
  dateRangeInstants,
  formatTimeOfDay,
  formatVisitTime,
  formatVisitMoment,
  formatVisitWindow,
  isTimeZone,
  latestTodayAnywhere,
  organizationTimeZone,
  parseTimeOfDay,
  timeZoneAbbreviation,
  todayIn,
  visitDueAt,
  visitInstant,
  wallClockIn,
} from './visit-time';

describe('parseTimeOfDay', () => {
  it.each([
    ['10:00 AM', '10:00'],
    ['10am', '10:00'],
    ['10:00am', '10:00'],
    ['10 a.m.', '10:00'],
    ['9:30 pm', '21:30'],
    ['1030pm', '22:30'],
    ['12:00 AM', '00:00'],
    ['12 pm', '12:00'],
    ['22:00', '22:00'],
    ['7:05', '07:05'],
    [' 6:00 PM ', '18:00'],
  ])('reads %j as %s', (typed, time) => {
    expect(parseTimeOfDay(typed)).toEqual({ ok: true, time });
  });

  it.each(['25:00', 'abc', '', '13pm', '0am', '10:60', '24:00', '10:0'])(
    'refuses %j with a message',
    (typed) => {
      expect(parseTimeOfDay(typed)).toEqual({ ok: false, message: VISIT_TIME_MESSAGES.unreadableTime });
    },
  );

  it('shows 24-hour times on a 12-hour clock', () => {
    expect(formatTimeOfDay('18:00')).toBe('6:00 PM');
    expect(formatTimeOfDay('00:30')).toBe('12:30 AM');
    expect(formatTimeOfDay('12:05')).toBe('12:05 PM');
  });
});

describe("the organization's zone", () => {
  it('knows IANA zones from Intl and refuses others', () => {
    expect(isTimeZone('America/Chicago')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('America/Springfield')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });

  it('keeps its own zone, else the one of its state (Texas: America/Chicago), else Chicago', () => {
    expect(organizationTimeZone({ timeZone: 'America/Denver', state: 'TX' })).toBe('America/Denver');
    expect(organizationTimeZone({ state: 'TX' })).toBe('America/Chicago');
    expect(organizationTimeZone({ state: 'CA' })).toBe('America/Los_Angeles');
    expect(organizationTimeZone({ timeZone: 'Nowhere/Else' })).toBe('America/Chicago');
  });
});

describe('visit instants in the organization zone', () => {
  it('10:00 AM on 11/28/2026 in Central (CST) is 16:00Z; 6:00 PM is 00:00Z the next day', () => {
    expect(visitInstant('2026-11-28', '10:00', 'America/Chicago').toISOString()).toBe(
      '2026-11-28T16:00:00.000Z',
    );
    expect(visitInstant('2026-11-28', '18:00', 'America/Chicago').toISOString()).toBe(
      '2026-11-29T00:00:00.000Z',
    );
  });

  it('in summer (CDT) 10:00 AM is 15:00Z', () => {
    expect(visitInstant('2026-07-01', '10:00', 'America/Chicago').toISOString()).toBe(
      '2026-07-01T15:00:00.000Z',
    );
  });

  it('reads an instant back as the organization wall clock, not the server one', () => {
    expect(wallClockIn('2026-11-29T00:00:00Z', 'America/Chicago')).toEqual({
      date: '2026-11-28',
      time: '18:00',
    });
    expect(wallClockIn('2026-11-29T00:00:00Z', 'America/Los_Angeles')).toEqual({
      date: '2026-11-28',
      time: '16:00',
    });
  });

  it('across the spring change (3/8/2026): 1:30 AM is CST, 3:30 AM is CDT, one hour of clock apart', () => {
    const before = visitInstant('2026-03-08', '01:30', 'America/Chicago');
    const after = visitInstant('2026-03-08', '03:30', 'America/Chicago');
    expect(before.toISOString()).toBe('2026-03-08T07:30:00.000Z');
    expect(after.toISOString()).toBe('2026-03-08T08:30:00.000Z');
  });

  it('the day of the fall change (11/1/2026) is 25 hours long; the spring one 23', () => {
    const fall = dateRangeInstants('2026-11-01', '2026-11-01', 'America/Chicago');
    expect((fall.end.getTime() - fall.start.getTime()) / 3_600_000).toBe(25);
    const spring = dateRangeInstants('2026-03-08', '2026-03-08', 'America/Chicago');
    expect((spring.end.getTime() - spring.start.getTime()) / 3_600_000).toBe(23);
  });
});

describe('"today" in a zone', () => {
  // 9 PM Central on 11/27/2026 is 03:00Z on 11/28: the server (UTC) is already on the 28th.
  const ninePmCentral = new Date('2026-11-28T03:00:00Z');

  it('is the organization date, not the server date', () => {
    expect(todayIn('America/Chicago', ninePmCentral)).toBe('2026-11-27');
    expect(todayIn('America/Los_Angeles', ninePmCentral)).toBe('2026-11-27');
    expect(todayIn('UTC', ninePmCentral)).toBe('2026-11-28');
  });

  it('the latest today anywhere is on or after every zone today', () => {
    const latest = latestTodayAnywhere(ninePmCentral);
    for (const zone of ['America/Chicago', 'Pacific/Honolulu', 'Asia/Tokyo', 'UTC'])
      expect(todayIn(zone, ninePmCentral) <= latest).toBe(true);
  });
});

describe('visit times shown to a viewer', () => {
  const sixPm = '2026-11-29T00:00:00Z';

  it('plain to a viewer in the same zone, with the abbreviation to one in another', () => {
    expect(formatVisitTime(sixPm, 'America/Chicago', 'America/Chicago')).toBe('6:00 PM');
    expect(formatVisitTime(sixPm, 'America/Chicago', 'America/Los_Angeles')).toBe('6:00 PM CST');
    expect(formatVisitTime('2026-07-01T23:00:00Z', 'America/Chicago', 'UTC')).toBe('6:00 PM CDT');
  });

  it('a visit window for a message: its date, hours on the organization clock and the zone', () => {
    const visit = { dateOfService: '2026-11-28', startAt: sixPm, endAt: '2026-11-29T01:30:00Z' };
    expect(formatVisitWindow(visit, 'America/Chicago')).toBe('11/28/2026 6:00 PM\u20137:30 PM CST');
    expect(formatVisitWindow(visit, 'America/New_York')).toBe('11/28/2026 7:00 PM\u20138:30 PM EST');
  });

  it("a moment for a document: its date and time on the visit's clock, the zone named", () => {
    expect(formatVisitMoment('2026-11-29T01:30:00Z', 'America/Chicago')).toBe('11/28/2026 7:30 PM CST');
    expect(formatVisitMoment('2026-11-29T01:30:00Z', 'America/New_York')).toBe('11/28/2026 8:30 PM EST');
    expect(formatVisitMoment('2030-06-03T14:05:00Z', 'America/Chicago')).toBe('6/3/2030 9:05 AM CDT');
  });

  it('names the zone by its short name', () => {
    expect(timeZoneAbbreviation('America/Los_Angeles', sixPm)).toBe('PST');
  });
});

describe('visitDueAt', () => {
  it('Staffed: 15 minutes after the start; Active: the end; others: never', () => {
    const v = { startAt: '2026-11-29T00:00:00Z', endAt: '2026-11-29T01:00:00Z' };
    expect(visitDueAt({ ...v, status: 'Staffed' })?.toISOString()).toBe('2026-11-29T00:15:00.000Z');
    expect(visitDueAt({ ...v, status: 'Active' })?.toISOString()).toBe('2026-11-29T01:00:00.000Z');
    expect(visitDueAt({ ...v, status: 'NotesDue' })).toBeNull();
  });
});
