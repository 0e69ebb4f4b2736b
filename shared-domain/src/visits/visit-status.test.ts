import { BILLABLE_VISIT_STATUSES } from '../billing/money';
import {
  APPROVED_NOTE_STATUSES,
  EDITABLE_NOTE_STATUSES,
  FACILITY_ANSWERABLE_STATUSES,
  FACILITY_UNACCEPTED_SUFFIX,
  LATE_NOTE_STATUSES,
  NON_BOOKING_VISIT_STATUSES,
  PAUSABLE_VISIT_STATUSES,
  TIMED_VISIT_STATUSES,
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
  isNoteApproved,
  isNoteEditable,
  isNoteReopenable,
  isNoteSubmitted,
  isVisitStatus,
  REOPENABLE_NOTE_STATUSES,
  SUBMITTED_NOTE_STATUSES,
  transitionFor,
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

describe('scheduled job: dueTransitions (instants, decision 039)', () => {
  // A 6:00-7:00 PM Central visit on 11/28/2026 (CST, UTC-6): 00:00Z-01:00Z on 11/29.
  const visit = { startAt: '2026-11-29T00:00:00Z', endAt: '2026-11-29T01:00:00Z' };
  const z = (iso: string) => new Date(iso);

  it('Staffed: not overdue at 9 PM Central the day before, nor at 6:15 PM (the grace); overdue at 6:16 PM', () => {
    const staffed = { ...visit, status: 'Staffed' } as const;
    expect(dueTransitions(staffed, z('2026-11-28T03:00:00Z'))).toEqual([]);
    expect(dueTransitions(staffed, z('2026-11-29T00:05:00Z'))).toEqual([]);
    expect(dueTransitions(staffed, z('2026-11-29T00:15:00Z'))).toEqual([]);
    expect(dueTransitions(staffed, z('2026-11-29T00:16:00Z'))).toEqual([
      { to: 'VisitOverdue', action: 'overdue' },
    ]);
  });

  it('Active: expires after its booked end, not at it', () => {
    const active = { ...visit, status: 'Active' } as const;
    expect(dueTransitions(active, z('2026-11-29T01:00:00Z'))).toEqual([]);
    expect(dueTransitions(active, z('2026-11-29T01:00:01Z'))).toEqual([{ to: 'Expired', action: 'expire' }]);
  });

  it.each(VISIT_STATUSES.filter((status) => status !== 'Active' && status !== 'Staffed'))(
    '%s long past is left alone',
    (status) => {
      expect(dueTransitions({ ...visit, status }, z('2030-01-01T00:00:00Z'))).toEqual([]);
    },
  );

  it('every transition it proposes is allowed by the table', () => {
    for (const status of ['Active', 'Staffed'] as const) {
      const [move] = dueTransitions({ ...visit, status }, z('2030-01-01T00:00:00Z'));
      expect(move && canTransition(status, move.to)).toBe(true);
    }
  });
});

describe('the note statuses, read from the state machine', () => {
  it('the clinician writes the note while checked in and while the notes are due, overdue or sent back', () => {
    expect(EDITABLE_NOTE_STATUSES).toEqual(['AfterStaffed', 'NotesDue', 'NotesOverdue', 'NotesRejected']);
    // Each leads to review by submitting, except during the visit, which the check-out ends first.
    for (const status of EDITABLE_NOTE_STATUSES.filter((s) => s !== 'AfterStaffed'))
      expect(transitionFor(status, 'submitNotes')).toBe('NotesInReview');
    expect(transitionFor('AfterStaffed', 'checkOut')).toBe('NotesDue');
    expect(isNoteEditable('NotesRejected')).toBe(true);
    expect(isNoteEditable('NotesInReview')).toBe(false);
  });

  it('approved and later is what organizations read and what is billed', () => {
    expect(APPROVED_NOTE_STATUSES).toEqual(['NotesApproved', 'ApprovalDue', 'FinalReview', 'FinalConfirmed']);
    expect(transitionFor('NotesInReview', 'approveNotes')).toBe('NotesApproved');
    expect(BILLABLE_VISIT_STATUSES).toBe(APPROVED_NOTE_STATUSES);
    expect(isNoteApproved('FinalConfirmed')).toBe(true);
    expect(isNoteApproved('NotesInReview')).toBe(false);
  });

  it('submitted is in review or approved; a reviewer re-opens exactly where the machine has reopenNotes', () => {
    expect(SUBMITTED_NOTE_STATUSES).toEqual(['NotesInReview', ...APPROVED_NOTE_STATUSES]);
    expect(isNoteSubmitted('NotesInReview')).toBe(true);
    expect(isNoteSubmitted('NotesDue')).toBe(false);
    expect(REOPENABLE_NOTE_STATUSES).toEqual([
      'NotesInReview',
      'NotesApproved',
      'ApprovalDue',
      'FinalReview',
    ]);
    for (const status of REOPENABLE_NOTE_STATUSES)
      expect(transitionFor(status, 'reopenNotes')).toBe('NotesDue');
    expect(isNoteReopenable('FinalConfirmed')).toBe(false);
  });
});

describe('the visit status lists the API works by, read against the state machine', () => {
  it('the status job moves exactly the statuses whose time can pass: Active expires, Staffed is overdue', () => {
    expect(TIMED_VISIT_STATUSES).toEqual(['Active', 'Staffed']);
    expect(transitionFor('Active', 'expire')).toBe('Expired');
    expect(transitionFor('Staffed', 'overdue')).toBe('VisitOverdue');
  });

  it('a facility answers a staffed assignment not yet checked in to', () => {
    expect(FACILITY_ANSWERABLE_STATUSES).toEqual(['Staffed', 'VisitOverdue']);
    for (const status of FACILITY_ANSWERABLE_STATUSES)
      expect(transitionFor(status, 'checkIn')).toBe('AfterStaffed');
  });

  it('a visit that holds no booking is one its clinician will not work: deleted, missed, late-canceled', () => {
    expect(NON_BOOKING_VISIT_STATUSES).toEqual(['Deleted', 'Missed', 'LateCanceled']);
    for (const status of NON_BOOKING_VISIT_STATUSES)
      expect(canTransition(status, 'AfterStaffed')).toBe(false);
  });

  it('pausable visits are those not yet staffed; late notes are the due and overdue ones', () => {
    expect(PAUSABLE_VISIT_STATUSES).toEqual(['Draft', 'Active', 'Expired']);
    for (const status of PAUSABLE_VISIT_STATUSES)
      expect(canTransition(status, 'Staffed')).toBe(status === 'Active');
    expect(LATE_NOTE_STATUSES).toEqual(['NotesDue', 'NotesOverdue']);
    expect(transitionFor('NotesDue', 'notesOverdue')).toBe('NotesOverdue');
    for (const status of LATE_NOTE_STATUSES) expect(isNoteEditable(status)).toBe(true);
  });
});
