import {
  evvActionOf,
  evvInputSchema,
  isPendingVisit,
  myVisitsQuerySchema,
  statusesOfFilter,
} from './provider-visits';

describe('PendingVisits', () => {
  it('is what still asks something of the clinician: booked, under way, or notes to write or fix', () => {
    expect(statusesOfFilter('PendingVisits')).toEqual([
      'Staffed',
      'VisitOverdue',
      'AfterStaffed',
      'NotesDue',
      'NotesOverdue',
      'NotesRejected',
    ]);
    expect(isPendingVisit('NotesInReview')).toBe(false);
    expect(isPendingVisit('Active')).toBe(false);
    expect(statusesOfFilter('ALL')).toBeNull();
    expect(statusesOfFilter('Missed')).toEqual(['Missed']);
  });

  it('is the default filter of my visits', () => {
    expect(myVisitsQuerySchema.parse({})).toMatchObject({
      status: 'PendingVisits',
      pageNumber: 1,
      pageSize: 50,
    });
  });
});

describe('evvActionOf', () => {
  it('offers check-in to a booked visit, check-out to one under way, nothing otherwise', () => {
    expect(evvActionOf('Staffed')).toBe('checkIn');
    expect(evvActionOf('VisitOverdue')).toBe('checkIn');
    expect(evvActionOf('AfterStaffed')).toBe('checkOut');
    expect(evvActionOf('NotesDue')).toBeNull();
    expect(evvActionOf('Active')).toBeNull();
  });
});

describe('evvInputSchema', () => {
  it('takes a position on Earth and an ISO time with its offset', () => {
    const ok = { latitude: 30.2, longitude: -97.7, at: '2030-01-15T10:00:00.000Z', version: 0 };
    expect(evvInputSchema.safeParse(ok).success).toBe(true);
    expect(evvInputSchema.safeParse({ ...ok, latitude: 91 }).success).toBe(false);
    expect(evvInputSchema.safeParse({ ...ok, at: 'yesterday' }).error?.issues[0]?.message).toBe(
      'must be an ISO 8601 date-time',
    );
  });
});
