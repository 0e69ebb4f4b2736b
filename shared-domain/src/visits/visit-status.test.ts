import {
  FACILITY_UNACCEPTED_SUFFIX,
  FINAL_VISIT_STATUSES,
  VISIT_ACTIONS,
  VISIT_ACTION_INFO,
  VISIT_STATUSES,
  VISIT_TRANSITIONS,
  VisitTransitionError,
  type VisitStatus,
  assertTransition,
  canTransition,
  countsAsVisit,
  countsForAvailability,
  dueTransitions,
  isFinalVisitStatus,
  isVisitStatus,
  transitionFor,
  visitDeadline,
  visitStatusLabel,
} from './visit-status';

describe('visit statuses', () => {
  it('lists the SPEC §4 values in order, Deleted last', () => {
    expect(VISIT_STATUSES).toEqual([
      'Draft',
      'Active',
      'Expired',
      'Staffed',
      'AfterStaffed',
      'VisitOverdue',
      'Missed',
      'NotesDue',
      'NotesOverdue',
      'NotesInReview',
      'NotesRejected',
      'NotesApproved',
      'ApprovalDue',
      'FinalReview',
      'LateCanceled',
      'FinalConfirmed',
      'Deleted',
    ]);
  });

  it('recognises only the listed statuses', () => {
    expect(isVisitStatus('VisitOverdue')).toBe(true);
    expect(isVisitStatus('Published')).toBe(false);
    expect(isVisitStatus('active')).toBe(false);
  });

  it('has FinalConfirmed and Deleted as the only final statuses', () => {
    expect([...FINAL_VISIT_STATUSES].sort()).toEqual(['Deleted', 'FinalConfirmed']);
    expect(VISIT_STATUSES.filter(isFinalVisitStatus)).toEqual(['FinalConfirmed', 'Deleted']);
  });
});

describe('visit transitions table', () => {
  it('has an entry for every status', () => {
    expect(Object.keys(VISIT_TRANSITIONS).sort()).toEqual([...VISIT_STATUSES].sort());
  });

  it.each(VISIT_STATUSES)('%s uses each action at most once (one target per action)', (status) => {
    const actions = VISIT_TRANSITIONS[status].map((transition) => transition.action);
    expect(new Set(actions).size).toBe(actions.length);
  });

  it('uses only declared actions, and every declared action is used', () => {
    const used = new Set(VISIT_STATUSES.flatMap((status) => VISIT_TRANSITIONS[status].map((t) => t.action)));
    expect([...used].sort()).toEqual([...VISIT_ACTIONS].sort());
  });

  it('describes every action with at least one actor', () => {
    for (const action of VISIT_ACTIONS) {
      expect(VISIT_ACTION_INFO[action].triggeredBy.length).toBeGreaterThan(0);
      expect(VISIT_ACTION_INFO[action].description).not.toBe('');
    }
  });

  it('gives the scheduled job only expire, overdue and notesOverdue', () => {
    const jobActions = VISIT_ACTIONS.filter((action) =>
      VISIT_ACTION_INFO[action].triggeredBy.includes('scheduledJob'),
    );
    expect(jobActions).toEqual(['expire', 'overdue', 'notesOverdue']);
  });

  it('lets staff expire with a reason', () => {
    expect(VISIT_ACTION_INFO.expire.triggeredBy).toContain('staff');
    expect(VISIT_ACTION_INFO.expire.needsReason).toBe(true);
  });

  it.each(['FinalConfirmed', 'Deleted'] as const)('nothing leaves final status %s', (status) => {
    expect(VISIT_TRANSITIONS[status]).toEqual([]);
    for (const to of VISIT_STATUSES) expect(canTransition(status, to)).toBe(false);
  });

  it.each(VISIT_STATUSES.filter((status) => !isFinalVisitStatus(status)))(
    'delete moves non-final %s to Deleted',
    (status) => {
      expect(transitionFor(status, 'delete')).toBe('Deleted');
    },
  );

  it('reaches every status from Draft', () => {
    const seen = new Set<VisitStatus>(['Draft']);
    const queue: VisitStatus[] = ['Draft'];
    while (queue.length) {
      for (const { to } of VISIT_TRANSITIONS[queue.shift()!]) {
        if (!seen.has(to)) {
          seen.add(to);
          queue.push(to);
        }
      }
    }
    expect([...seen].sort()).toEqual([...VISIT_STATUSES].sort());
  });

  it('reaches FinalConfirmed or Deleted from every status (no dead end)', () => {
    for (const start of VISIT_STATUSES) {
      const seen = new Set<VisitStatus>([start]);
      const queue: VisitStatus[] = [start];
      while (queue.length) {
        for (const { to } of VISIT_TRANSITIONS[queue.shift()!]) {
          if (!seen.has(to)) {
            seen.add(to);
            queue.push(to);
          }
        }
      }
      expect(seen.has('FinalConfirmed') || seen.has('Deleted')).toBe(true);
    }
  });

  it.each([
    ['Draft', 'publish', 'Active'],
    ['Active', 'hold', 'Draft'],
    ['Active', 'assign', 'Staffed'],
    ['Staffed', 'unassign', 'Active'],
    ['Active', 'expire', 'Expired'],
    ['Expired', 'republish', 'Active'],
    ['Staffed', 'overdue', 'VisitOverdue'],
    ['Staffed', 'checkIn', 'AfterStaffed'],
    ['VisitOverdue', 'checkIn', 'AfterStaffed'],
    ['Staffed', 'miss', 'Missed'],
    ['VisitOverdue', 'miss', 'Missed'],
    ['AfterStaffed', 'miss', 'Missed'],
    ['Missed', 'restore', 'Staffed'],
    ['Staffed', 'lateCancel', 'LateCanceled'],
    ['VisitOverdue', 'lateCancel', 'LateCanceled'],
    ['LateCanceled', 'approveLateCancel', 'NotesApproved'],
    ['AfterStaffed', 'checkOut', 'NotesDue'],
    ['AfterStaffed', 'complete', 'ApprovalDue'],
    ['NotesDue', 'notesOverdue', 'NotesOverdue'],
    ['NotesDue', 'submitNotes', 'NotesInReview'],
    ['NotesOverdue', 'submitNotes', 'NotesInReview'],
    ['NotesInReview', 'approveNotes', 'NotesApproved'],
    ['NotesInReview', 'rejectNotes', 'NotesRejected'],
    ['NotesRejected', 'submitNotes', 'NotesInReview'],
    ['NotesInReview', 'reopenNotes', 'NotesDue'],
    ['NotesApproved', 'reopenNotes', 'NotesDue'],
    ['NotesApproved', 'requestApproval', 'ApprovalDue'],
    ['NotesApproved', 'sendToFinalReview', 'FinalReview'],
    ['ApprovalDue', 'approve', 'FinalReview'],
    ['ApprovalDue', 'reject', 'NotesRejected'],
    ['ApprovalDue', 'reopenNotes', 'NotesDue'],
    ['FinalReview', 'reopenNotes', 'NotesDue'],
    ['FinalReview', 'confirm', 'FinalConfirmed'],
  ] as const)('%s --%s--> %s', (from, action, to) => {
    expect(transitionFor(from, action)).toBe(to);
    expect(canTransition(from, to)).toBe(true);
    expect(() => assertTransition(from, to)).not.toThrow();
  });

  it.each([
    ['Draft', 'assign'],
    ['Active', 'checkIn'],
    ['Active', 'overdue'],
    ['Staffed', 'expire'],
    ['Staffed', 'publish'],
    ['Expired', 'assign'],
    ['Missed', 'checkIn'],
    ['NotesDue', 'approveNotes'],
    ['NotesRejected', 'approveNotes'],
    ['LateCanceled', 'submitNotes'],
    ['FinalReview', 'approve'],
    ['FinalConfirmed', 'delete'],
    ['Deleted', 'publish'],
    ['Active', 'noSuchAction'],
  ] as const)('%s has no %s action (null)', (from, action) => {
    expect(transitionFor(from, action)).toBeNull();
  });

  it.each([
    ['Draft', 'Staffed'],
    ['Active', 'AfterStaffed'],
    ['Active', 'VisitOverdue'],
    ['Staffed', 'Expired'],
    ['Expired', 'Staffed'],
    ['NotesDue', 'NotesApproved'],
    ['NotesRejected', 'NotesApproved'],
    ['NotesApproved', 'FinalConfirmed'],
    ['FinalConfirmed', 'Deleted'],
    ['Deleted', 'Draft'],
  ] as const)('%s cannot move to %s', (from, to) => {
    expect(canTransition(from, to)).toBe(false);
  });

  it('assertTransition names both statuses: Staffed -> Expired', () => {
    expect(() => assertTransition('Staffed', 'Expired')).toThrow(
      new Error('A visit cannot move from Staffed to Expired.'),
    );
    try {
      assertTransition('Deleted', 'Active');
      throw new Error('did not throw');
    } catch (error) {
      expect(error).toBeInstanceOf(VisitTransitionError);
      expect(error).toMatchObject({ from: 'Deleted', to: 'Active', name: 'VisitTransitionError' });
      expect((error as Error).message).toContain('Deleted');
      expect((error as Error).message).toContain('Active');
    }
  });

  it('walks the happy path Draft -> FinalConfirmed with notes and facility approval', () => {
    const actions = [
      'publish',
      'assign',
      'checkIn',
      'checkOut',
      'submitNotes',
      'approveNotes',
      'requestApproval',
      'approve',
      'confirm',
    ] as const;
    let status: VisitStatus = 'Draft';
    for (const action of actions) status = transitionFor(status, action)!;
    expect(status).toBe('FinalConfirmed');
  });

  it('walks a late cancellation: Staffed -> LateCanceled -> NotesApproved (labelled Late Cancelled)', () => {
    const canceled = transitionFor('Staffed', 'lateCancel')!;
    const approved = transitionFor(canceled, 'approveLateCancel')!;
    expect(approved).toBe('NotesApproved');
    expect(visitStatusLabel({ status: approved, lateCancellation: true })).toBe('Late Cancelled');
  });
});

describe('visit status labels', () => {
  it.each([
    ['Draft', 'Draft'],
    ['Active', 'Published'],
    ['Expired', 'Expired'],
    ['Staffed', 'Staffed'],
    ['AfterStaffed', 'After Staffed'],
    ['VisitOverdue', 'Visit Overdue'],
    ['Missed', 'Missed'],
    ['NotesDue', 'Notes Due'],
    ['NotesOverdue', 'Notes Overdue'],
    ['NotesInReview', 'Notes In Review'],
    ['NotesRejected', 'Notes Rejected'],
    ['NotesApproved', 'Notes Approved'],
    ['ApprovalDue', 'Approval Due'],
    ['FinalReview', 'Final Review'],
    ['LateCanceled', 'Late Cancelled'],
    ['FinalConfirmed', 'Final Confirmed'],
    ['Deleted', 'Deleted'],
  ] as const)('%s reads %s', (status, label) => {
    expect(visitStatusLabel({ status })).toBe(label);
  });

  it("Staffed Shift not confirmed by the facility reads 'Staffed, Facility Unaccepted'", () => {
    expect(FACILITY_UNACCEPTED_SUFFIX).toBe(', Facility Unaccepted');
    expect(
      visitStatusLabel({ status: 'Staffed', episodeType: 'Shift', shiftConfirmedByFacility: false }),
    ).toBe('Staffed, Facility Unaccepted');
  });

  it('Staffed Shift with shiftConfirmedByFacility missing is unaccepted too', () => {
    expect(visitStatusLabel({ status: 'Staffed', episodeType: 'Shift' })).toBe(
      'Staffed, Facility Unaccepted',
    );
    expect(
      visitStatusLabel({ status: 'Staffed', episodeType: 'Shift', shiftConfirmedByFacility: null }),
    ).toBe('Staffed, Facility Unaccepted');
  });

  it('Staffed Shift confirmed by the facility reads Staffed', () => {
    expect(
      visitStatusLabel({ status: 'Staffed', episodeType: 'Shift', shiftConfirmedByFacility: true }),
    ).toBe('Staffed');
  });

  it("episodeType 'shift' in any case is a shift: 'SHIFT' -> 'Staffed, Facility Unaccepted'", () => {
    expect(
      visitStatusLabel({ status: 'Staffed', episodeType: 'SHIFT', shiftConfirmedByFacility: false }),
    ).toBe('Staffed, Facility Unaccepted');
  });

  it('Staffed Visit (not a shift) never gets the suffix', () => {
    expect(
      visitStatusLabel({ status: 'Staffed', episodeType: 'Visit', shiftConfirmedByFacility: false }),
    ).toBe('Staffed');
  });

  it.each(['Active', 'VisitOverdue', 'AfterStaffed'] as const)(
    'unconfirmed Shift in %s gets no suffix (only Staffed does)',
    (status) => {
      expect(
        visitStatusLabel({ status, episodeType: 'Shift', shiftConfirmedByFacility: false }),
      ).not.toContain('Facility Unaccepted');
    },
  );

  it("NotesApproved with lateCancellation reads 'Late Cancelled', without it 'Notes Approved'", () => {
    expect(visitStatusLabel({ status: 'NotesApproved', lateCancellation: true })).toBe('Late Cancelled');
    expect(visitStatusLabel({ status: 'NotesApproved', lateCancellation: false })).toBe('Notes Approved');
  });

  it('lateCancellation on another status does not change its label: FinalReview', () => {
    expect(visitStatusLabel({ status: 'FinalReview', lateCancellation: true })).toBe('Final Review');
  });
});

describe('visit counting', () => {
  it.each(VISIT_STATUSES)('%s counts for availability only when Active', (status) => {
    expect(countsForAvailability({ status })).toBe(status === 'Active');
  });

  it.each(VISIT_STATUSES)('%s counts as a visit unless Deleted, Missed or Expired', (status) => {
    expect(countsAsVisit({ status })).toBe(!['Deleted', 'Missed', 'Expired'].includes(status));
  });

  it('a nonVisit entry never counts as a visit, even FinalConfirmed', () => {
    expect(countsAsVisit({ status: 'FinalConfirmed', nonVisit: true })).toBe(false);
    expect(countsAsVisit({ status: 'FinalConfirmed', nonVisit: false })).toBe(true);
    expect(countsAsVisit({ status: 'FinalConfirmed', nonVisit: null })).toBe(true);
  });
});

describe('visit deadline', () => {
  const at = (y: number, m: number, d: number, h = 0, min = 0, s = 0, ms = 0) =>
    new Date(y, m - 1, d, h, min, s, ms);

  it('2025-03-10 with no times ends at 23:59:59.999 local', () => {
    expect(visitDeadline({ dateOfService: '2025-03-10' })).toEqual(at(2025, 3, 10, 23, 59, 59, 999));
  });

  it('2025-03-10 09:00-17:00 ends at 17:00', () => {
    expect(visitDeadline({ dateOfService: '2025-03-10', timeIn: '09:00', timeOut: '17:00' })).toEqual(
      at(2025, 3, 10, 17),
    );
  });

  it('2025-03-10 timeIn 10:30 only ends at 10:30', () => {
    expect(visitDeadline({ dateOfService: '2025-03-10', timeIn: '10:30' })).toEqual(at(2025, 3, 10, 10, 30));
  });

  it('2025-03-10 timeOut 12:00 only ends at 12:00', () => {
    expect(visitDeadline({ dateOfService: '2025-03-10', timeOut: '12:00', timeIn: null })).toEqual(
      at(2025, 3, 10, 12),
    );
  });

  it('overnight shift 2025-03-10 19:00-07:00 ends 2025-03-11 07:00', () => {
    expect(visitDeadline({ dateOfService: '2025-03-10', timeIn: '19:00', timeOut: '07:00' })).toEqual(
      at(2025, 3, 11, 7),
    );
  });

  it('overnight shift across the year 2025-12-31 23:00-07:00 ends 2026-01-01 07:00', () => {
    expect(visitDeadline({ dateOfService: '2025-12-31', timeIn: '23:00', timeOut: '07:00' })).toEqual(
      at(2026, 1, 1, 7),
    );
  });

  it.each([
    [{ dateOfService: '2025-02-30' }],
    [{ dateOfService: '2025-3-10' }],
    [{ dateOfService: '03/10/2025' }],
    [{ dateOfService: '2025-03-10T10:00:00Z' }],
    [{ dateOfService: '' }],
    [{ dateOfService: '2025-03-10', timeIn: '24:00' }],
    [{ dateOfService: '2025-03-10', timeOut: '9:00' }],
    [{ dateOfService: '2025-03-10', timeIn: '09:60' }],
  ])('malformed %p has no deadline', (visit) => {
    expect(visitDeadline(visit)).toBeNull();
  });

  it('empty-string times count as no time', () => {
    expect(visitDeadline({ dateOfService: '2025-03-10', timeIn: '', timeOut: '' })).toEqual(
      at(2025, 3, 10, 23, 59, 59, 999),
    );
  });
});

describe('scheduled job: dueTransitions', () => {
  const at = (y: number, m: number, d: number, h = 0, min = 0, s = 0, ms = 0) =>
    new Date(y, m - 1, d, h, min, s, ms);

  it('Active 2025-03-10 (no time) at 2025-03-11 00:00 expires', () => {
    expect(dueTransitions({ status: 'Active', dateOfService: '2025-03-10' }, at(2025, 3, 11))).toEqual([
      { to: 'Expired', action: 'expire' },
    ]);
  });

  it('Active 2025-03-10 (no time) at 2025-03-10 23:59:59.999 is not yet due', () => {
    expect(
      dueTransitions({ status: 'Active', dateOfService: '2025-03-10' }, at(2025, 3, 10, 23, 59, 59, 999)),
    ).toEqual([]);
  });

  it('Active 2025-03-10 09:00-11:00 at 11:01 expires; at 11:00 exactly it does not', () => {
    const visit = {
      status: 'Active',
      dateOfService: '2025-03-10',
      timeIn: '09:00',
      timeOut: '11:00',
    } as const;
    expect(dueTransitions(visit, at(2025, 3, 10, 11, 1))).toEqual([{ to: 'Expired', action: 'expire' }]);
    expect(dueTransitions(visit, at(2025, 3, 10, 11, 0))).toEqual([]);
  });

  it('Active 2025-03-10 09:00-11:00 at 10:00 (under way) is not due', () => {
    expect(
      dueTransitions(
        { status: 'Active', dateOfService: '2025-03-10', timeIn: '09:00', timeOut: '11:00' },
        at(2025, 3, 10, 10),
      ),
    ).toEqual([]);
  });

  it('Staffed 2025-03-10 timeIn 10:00 at 10:05 becomes VisitOverdue', () => {
    expect(
      dueTransitions(
        { status: 'Staffed', dateOfService: '2025-03-10', timeIn: '10:00' },
        at(2025, 3, 10, 10, 5),
      ),
    ).toEqual([{ to: 'VisitOverdue', action: 'overdue' }]);
  });

  it('Staffed 2025-03-10 (no time) at 2025-03-10 18:00 is not yet overdue', () => {
    expect(dueTransitions({ status: 'Staffed', dateOfService: '2025-03-10' }, at(2025, 3, 10, 18))).toEqual(
      [],
    );
  });

  it('Staffed overnight shift 2025-03-10 19:00-07:00 at 2025-03-11 06:00 is not overdue, at 07:30 it is', () => {
    const visit = {
      status: 'Staffed',
      dateOfService: '2025-03-10',
      timeIn: '19:00',
      timeOut: '07:00',
    } as const;
    expect(dueTransitions(visit, at(2025, 3, 11, 6))).toEqual([]);
    expect(dueTransitions(visit, at(2025, 3, 11, 7, 30))).toEqual([
      { to: 'VisitOverdue', action: 'overdue' },
    ]);
  });

  it.each(VISIT_STATUSES.filter((status) => status !== 'Active' && status !== 'Staffed'))(
    '%s on a past date is left alone',
    (status) => {
      expect(dueTransitions({ status, dateOfService: '2020-01-01' }, at(2025, 3, 10))).toEqual([]);
    },
  );

  it('a malformed date is skipped, not expired: Active 2025-13-01', () => {
    expect(dueTransitions({ status: 'Active', dateOfService: '2025-13-01' }, at(2030, 1, 1))).toEqual([]);
  });

  it('every transition it proposes is allowed by the table', () => {
    for (const status of ['Active', 'Staffed'] as const) {
      for (const { to } of dueTransitions({ status, dateOfService: '2020-01-01' }, at(2025, 1, 1))) {
        expect(canTransition(status, to)).toBe(true);
      }
    }
  });
});
