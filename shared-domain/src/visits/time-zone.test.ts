import {
  DEFAULT_TIME_ZONE,
  addIsoDays,
  formatInZone,
  localDateIn,
  localDayBounds,
  timeZoneOfPlace,
  zonedInstant,
} from './time-zone';

describe('timeZoneOfPlace', () => {
  it.each([
    ['Austin', 'TX', 30.27, -97.74, 'America/Chicago'],
    ['El Paso', 'TX', 31.76, -106.49, 'America/Denver'],
    ['Miami', 'FL', 25.76, -80.19, 'America/New_York'],
    ['Pensacola', 'FL', 30.42, -87.22, 'America/Chicago'],
    ['Nashville', 'TN', 36.16, -86.78, 'America/Chicago'],
    ['Knoxville', 'TN', 35.96, -83.92, 'America/New_York'],
    ['Chattanooga', 'TN', 35.05, -85.31, 'America/New_York'],
    ['Louisville', 'KY', 38.25, -85.76, 'America/New_York'],
    ['Bowling Green', 'KY', 36.99, -86.44, 'America/Chicago'],
    ['Indianapolis', 'IN', 39.77, -86.16, 'America/Indiana/Indianapolis'],
    ['Gary', 'IN', 41.59, -87.35, 'America/Chicago'],
    ['Evansville', 'IN', 37.97, -87.57, 'America/Chicago'],
    ['Rapid City', 'SD', 44.08, -103.23, 'America/Denver'],
    ['Sioux Falls', 'SD', 43.55, -96.73, 'America/Chicago'],
    ['Boise', 'ID', 43.62, -116.2, 'America/Boise'],
    ["Coeur d'Alene", 'ID', 47.68, -116.78, 'America/Los_Angeles'],
    ['Phoenix', 'AZ', 33.45, -112.07, 'America/Phoenix'],
    ['Honolulu', 'HI', 21.31, -157.86, 'Pacific/Honolulu'],
  ])('%s, %s is in %s', (_city, state, latitude, longitude, zone) => {
    expect(timeZoneOfPlace({ state, latitude, longitude })).toBe(zone);
  });

  it("uses the state's main zone without coordinates, any case", () => {
    expect(timeZoneOfPlace({ state: 'tx' })).toBe('America/Chicago');
    expect(timeZoneOfPlace({ state: 'ny', latitude: null, longitude: null })).toBe('America/New_York');
  });

  it('falls back to the default zone for an unknown or missing state', () => {
    expect(timeZoneOfPlace({ state: null, latitude: 40.7, longitude: -74 })).toBe(DEFAULT_TIME_ZONE);
    expect(timeZoneOfPlace({ state: 'ZZ' })).toBe(DEFAULT_TIME_ZONE);
    expect(DEFAULT_TIME_ZONE).toBe('America/Chicago');
  });
});

describe('dates and instants in a zone', () => {
  it('tells the local date of an instant: 04:25 UTC on 11/28 is still 11/27 in Central time', () => {
    expect(localDateIn('2026-11-28T04:25:00Z', 'America/Chicago')).toBe('2026-11-27');
    expect(localDateIn('2026-11-28T04:25:00Z', 'America/New_York')).toBe('2026-11-27');
    expect(localDateIn('2026-11-28T06:00:00Z', 'America/Chicago')).toBe('2026-11-28');
  });

  it('finds the instant of a wall-clock time, standard and daylight time', () => {
    expect(zonedInstant('2026-01-15', '09:00', 'America/Chicago').toISOString()).toBe(
      '2026-01-15T15:00:00.000Z',
    );
    expect(zonedInstant('2026-07-15', '09:00', 'America/Chicago').toISOString()).toBe(
      '2026-07-15T14:00:00.000Z',
    );
  });

  it('bounds a day of 23 hours (spring forward) and of 25 hours (fall back)', () => {
    const spring = localDayBounds('2026-03-08', 'America/Chicago');
    expect(spring.start.toISOString()).toBe('2026-03-08T06:00:00.000Z');
    expect(spring.end.toISOString()).toBe('2026-03-09T05:00:00.000Z');
    const fall = localDayBounds('2026-11-01', 'America/Chicago');
    expect((fall.end.getTime() - fall.start.getTime()) / 3_600_000).toBe(25);
  });

  it('adds days across a month and a year, and formats the wall clock', () => {
    expect(addIsoDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addIsoDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(formatInZone('2026-11-28T04:25:00Z', 'America/Chicago')).toBe('11/27/2026 10:25 PM');
  });
});
