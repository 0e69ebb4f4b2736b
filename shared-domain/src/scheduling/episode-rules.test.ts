import {
  blocksEpisodeDelete,
  defaultEpisodeStatusFilter,
  episodeTransition,
  planVisitSchedule,
  suggestedFixedRate,
} from './episode-rules';

describe('episode statuses', () => {
  it('publishes Draft and Hold, holds only Active, deletes until Completed', () => {
    expect(episodeTransition('Draft', 'publish')).toBe('Active');
    expect(episodeTransition('Hold', 'publish')).toBe('Active');
    expect(episodeTransition('Active', 'publish')).toBeNull();
    expect(episodeTransition('Active', 'hold')).toBe('Hold');
    expect(episodeTransition('Draft', 'hold')).toBeNull();
    expect(episodeTransition('Hold', 'delete')).toBe('Deleted');
    expect(episodeTransition('Completed', 'delete')).toBeNull();
    expect(episodeTransition('Deleted', 'archive')).toBeNull();
    expect(episodeTransition('Nonsense', 'publish')).toBeNull();
  });
  it('refuses deletion once a visit is Staffed or later', () => {
    expect(['Draft', 'Active', 'Expired', 'Deleted'].some(blocksEpisodeDelete)).toBe(false);
    expect(
      ['Staffed', 'AfterStaffed', 'NotesDue', 'FinalConfirmed', 'Missed'].every(blocksEpisodeDelete),
    ).toBe(true);
  });
});

describe('defaultEpisodeStatusFilter (SPEC §4)', () => {
  it('is Active, but All for roles 5 and 6 or with a patient filter', () => {
    expect(defaultEpisodeStatusFilter(1, false)).toBe('Active');
    expect(defaultEpisodeStatusFilter(9, false)).toBe('Active');
    expect(defaultEpisodeStatusFilter(5, false)).toBe('ALL');
    expect(defaultEpisodeStatusFilter(6, false)).toBe('ALL');
    expect(defaultEpisodeStatusFilter(1, true)).toBe('ALL');
  });
});

describe('planVisitSchedule', () => {
  const now = new Date('2026-11-23T12:00:00Z');
  const CENTRAL = 'America/Chicago';
  it('books the time typed on the organization clock + the default duration (visit 1 h, shift 8 h)', () => {
    const visit = planVisitSchedule(
      { dateOfService: '2026-11-25', startTime: '10:00', timeZone: CENTRAL },
      'Visit',
      now,
    );
    expect(visit).toEqual({
      ok: true,
      schedule: {
        dateOfService: '2026-11-25',
        startAt: new Date('2026-11-25T16:00:00Z'),
        endAt: new Date('2026-11-25T17:00:00Z'),
        duration: 60,
      },
    });
    const shift = planVisitSchedule(
      { dateOfService: '2026-11-25', startTime: '19:00', timeZone: CENTRAL },
      'Shift',
      now,
    );
    expect(shift.ok && shift.schedule.endAt).toEqual(new Date('2026-11-26T09:00:00Z'));
  });
  it('takes the duration from an end time', () => {
    const planned = planVisitSchedule(
      { dateOfService: '2026-11-25', startTime: '09:30', endTime: '11:00', timeZone: CENTRAL },
      'Visit',
      now,
    );
    expect(planned.ok && planned.schedule).toMatchObject({
      startAt: new Date('2026-11-25T15:30:00Z'),
      endAt: new Date('2026-11-25T17:00:00Z'),
      duration: 90,
    });
  });
  it.each([
    [{ dateOfService: '2026-11-22', startTime: '10:00' }, 'dateOfService', 'cannot be in the past'],
    [
      { dateOfService: '2026-11-25' },
      'startTime',
      'is required: type the time the visit starts, such as 10:00 AM',
    ],
    [
      { dateOfService: '2026-11-25', startTime: '10:00', endTime: '10:00' },
      'endTime',
      'must be after the start time',
    ],
    [
      { dateOfService: '2026-11-25', startTime: '10:00', duration: 0 },
      'duration',
      'must be more than 0 minutes',
    ],
    [
      { dateOfService: '2026-11-25', startTime: '10:00', duration: 1441 },
      'duration',
      'cannot be more than 24 hours',
    ],
    [{ dateOfService: '2026-11-25', startTime: '25:00' }, 'startTime', 'must be a time HH:MM'],
  ])('refuses %o on %s', (input, field, message) => {
    expect(planVisitSchedule({ ...input, timeZone: CENTRAL }, 'Visit', now)).toEqual({
      ok: false,
      problem: { field, message },
    });
  });
  it('judges "today" on the organization clock, not the server one', () => {
    // 02:00 UTC on the 24th is still the 23rd in Texas, already the 24th in UTC.
    const early = new Date('2026-11-24T02:00:00Z');
    const input = { dateOfService: '2026-11-23', startTime: '21:00' };
    expect(planVisitSchedule({ ...input, timeZone: CENTRAL }, 'Visit', early).ok).toBe(true);
    expect(planVisitSchedule({ ...input, timeZone: 'UTC' }, 'Visit', early).ok).toBe(false);
  });
});

describe('suggestedFixedRate', () => {
  it('leaves the margin: FlatRate amount − margin, Both amount + fee − margin, ServiceFee the amount', () => {
    expect(suggestedFixedRate({ paymentType: 'FlatRate', amount: 100, profitMargin: 20 })).toBe(80);
    expect(suggestedFixedRate({ paymentType: 'Both', amount: 100, serviceFee: 10, profitMargin: 20 })).toBe(
      90,
    );
    expect(
      suggestedFixedRate({ paymentType: 'ServiceFee', amount: 45, serviceFee: 10, profitMargin: 5 }),
    ).toBe(45);
    expect(
      suggestedFixedRate(
        { paymentType: 'FlatRate', amount: 100, specialRate: 150, profitMargin: 20 },
        'special',
      ),
    ).toBe(130);
    expect(suggestedFixedRate({ paymentType: 'FlatRate' })).toBeNull();
  });
});
