import { askedRange, dayOf, isoDay, rangeOf } from './url-date-range';

const fallback = { start: new Date(2030, 5, 1), end: new Date(2030, 5, 30) };

describe('a date range in the URL', () => {
  it('reads and writes calendar days, on the local clock', () => {
    expect(isoDay(new Date(2030, 0, 9, 23, 30))).toBe('2030-01-09');
    expect(isoDay(dayOf('2030-01-09'))).toBe('2030-01-09');
    expect(rangeOf({ startDate: '2030-06-01', endDate: '2030-06-02' })).toEqual({
      start: new Date(2030, 5, 1),
      end: new Date(2030, 5, 2),
    });
  });

  it('takes each missing end from the fallback', () => {
    expect(askedRange(undefined, undefined, fallback)).toEqual({
      startDate: '2030-06-01',
      endDate: '2030-06-30',
    });
    expect(askedRange('2030-06-10', undefined, fallback)).toEqual({
      startDate: '2030-06-10',
      endDate: '2030-06-30',
    });
  });

  it('gives one day for an end before the start, and keeps at most maxDays days', () => {
    expect(askedRange('2030-06-10', '2030-06-05', fallback)).toEqual({
      startDate: '2030-06-10',
      endDate: '2030-06-10',
    });
    // The start the URL names stays; the end comes back to the last day allowed.
    expect(askedRange('2030-01-01', '2030-12-31', fallback, 31)).toEqual({
      startDate: '2030-01-01',
      endDate: '2030-01-31',
    });
  });
});
