/**
 * The visit state machine (SPEC §4), its labels and counting rules, and the pure part of the scheduled job
 * that expires unstaffed visits and flags overdue ones. See docs/visit-states.md for the diagram.
 *
 * The statuses are the spec's; the transitions between them are our design (the spec lists operations —
 * publish, hold, assign, expire, approve, pause, delete, facility verification — but not a graph):
 *
 *   Draft --publish--> Active (shown as 'Published') --assign--> Staffed --checkIn--> AfterStaffed
 *   AfterStaffed --checkOut--> NotesDue --submitNotes--> NotesInReview --approveNotes--> NotesApproved
 *   NotesApproved --requestApproval--> ApprovalDue --approve--> FinalReview --confirm--> FinalConfirmed
 *   NotesApproved --sendToFinalReview--> FinalReview (no facility approval needed)
 *   AfterStaffed --complete--> ApprovalDue (no notes workflow, e.g. a shift's timesheet)
 *
 * and the side paths: hold (Active -> Draft), unassign (Staffed -> Active), expire (Active -> Expired),
 * republish (Expired -> Active), overdue (Staffed -> VisitOverdue), miss (-> Missed), restore (Missed ->
 * Staffed), lateCancel (-> LateCanceled), approveLateCancel (LateCanceled -> NotesApproved, the visit keeps
 * `lateCancellation: true` and is labelled 'Late Cancelled'), notesOverdue (NotesDue -> NotesOverdue),
 * rejectNotes (NotesInReview -> NotesRejected), reject (ApprovalDue -> NotesRejected), reopenNotes (-> NotesDue)
 * and delete (any non-final status -> Deleted). Deleted and FinalConfirmed are final: nothing leaves them.
 */
import { visitDueAt, type TimedVisit } from './visit-time';

/** SPEC §4 visit statuses, in the spec's order. */
export const VISIT_STATUSES = [
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
] as const;
export type VisitStatus = (typeof VISIT_STATUSES)[number];

export function isVisitStatus(value: string): value is VisitStatus {
  return (VISIT_STATUSES as readonly string[]).includes(value);
}

/** Statuses nothing leaves. */
export const FINAL_VISIT_STATUSES = ['FinalConfirmed', 'Deleted'] as const satisfies readonly VisitStatus[];

export function isFinalVisitStatus(status: VisitStatus): boolean {
  return (FINAL_VISIT_STATUSES as readonly VisitStatus[]).includes(status);
}

/** The named actions that move a visit between statuses. */
export const VISIT_ACTIONS = [
  'publish',
  'hold',
  'assign',
  'unassign',
  'expire',
  'republish',
  'overdue',
  'checkIn',
  'checkOut',
  'complete',
  'miss',
  'restore',
  'lateCancel',
  'approveLateCancel',
  'notesOverdue',
  'submitNotes',
  'approveNotes',
  'rejectNotes',
  'reopenNotes',
  'requestApproval',
  'sendToFinalReview',
  'approve',
  'reject',
  'confirm',
  'delete',
] as const;
export type VisitAction = (typeof VISIT_ACTIONS)[number];

/**
 * Who may trigger an action. staff: coordinators, managers and billing users; clinician: the assigned (or
 * accepting) clinician; facility: the organization's users, or a facility answering through a response token;
 * scheduledJob: the server's periodic job (see {@link dueTransitions}).
 */
export type VisitActor = 'staff' | 'clinician' | 'facility' | 'scheduledJob';

export type VisitActionInfo = {
  /** Who may trigger it; the server checks the actor's role, this table is the shared reference. */
  triggeredBy: readonly VisitActor[];
  /** A person triggering it picks a reason (e.g. expireVisitReasonTypes, missedVisitReasonTypes of SPEC §9). */
  needsReason: boolean;
  description: string;
};

export const VISIT_ACTION_INFO: Record<VisitAction, VisitActionInfo> = {
  publish: {
    triggeredBy: ['staff', 'facility'],
    needsReason: false,
    description: 'Publish a draft so matching clinicians can see and accept it.',
  },
  hold: {
    triggeredBy: ['staff', 'facility'],
    needsReason: false,
    description: "Put a published visit on hold ('Service Request has been put on hold.'): back to Draft.",
  },
  assign: {
    triggeredBy: ['staff', 'clinician'],
    needsReason: false,
    description: 'A clinician is assigned by staff, or accepts the request.',
  },
  unassign: {
    triggeredBy: ['staff', 'clinician'],
    needsReason: false,
    description: 'The clinician is removed or withdraws before the visit: published again.',
  },
  expire: {
    triggeredBy: ['scheduledJob', 'staff'],
    needsReason: true,
    description: 'Nobody was staffed in time (job), or staff expire it with an expire reason.',
  },
  republish: {
    triggeredBy: ['staff', 'facility'],
    needsReason: false,
    description: 'Publish an expired visit again (normally after moving its date).',
  },
  overdue: {
    triggeredBy: ['scheduledJob'],
    needsReason: false,
    description: 'The visit time has passed and the clinician has not checked in.',
  },
  checkIn: {
    triggeredBy: ['clinician', 'staff'],
    needsReason: false,
    description: 'The clinician starts the visit (staff may record it for them).',
  },
  checkOut: {
    triggeredBy: ['clinician', 'staff'],
    needsReason: false,
    description: 'The visit is over and its notes are due (episode with the notes workflow).',
  },
  complete: {
    triggeredBy: ['clinician', 'staff'],
    needsReason: false,
    description: 'The visit is over and has no notes (e.g. a shift): straight to approval.',
  },
  miss: {
    triggeredBy: ['staff', 'clinician'],
    needsReason: true,
    description: 'The visit did not take place (missed visit or shift reason).',
  },
  restore: {
    triggeredBy: ['staff'],
    needsReason: false,
    description: 'Undo a miss recorded in error: staffed again.',
  },
  lateCancel: {
    triggeredBy: ['facility', 'staff'],
    needsReason: true,
    description: 'The organization cancels a staffed visit too late; the clinician may be paid a fee.',
  },
  approveLateCancel: {
    triggeredBy: ['staff'],
    needsReason: false,
    description: "Approve a late cancellation for billing; labelled 'Late Cancelled' from then on.",
  },
  notesOverdue: {
    triggeredBy: ['scheduledJob'],
    needsReason: false,
    description: 'The notes were not submitted in time.',
  },
  submitNotes: {
    triggeredBy: ['clinician'],
    needsReason: false,
    description: 'The clinician submits (or resubmits) the visit notes for review.',
  },
  approveNotes: {
    triggeredBy: ['staff'],
    needsReason: false,
    description: 'QA review approves the notes.',
  },
  rejectNotes: {
    triggeredBy: ['staff'],
    needsReason: true,
    description: 'QA review sends the notes back to the clinician.',
  },
  reopenNotes: {
    triggeredBy: ['staff'],
    needsReason: false,
    description: 'Re-open the notes so the clinician can edit them again.',
  },
  requestApproval: {
    triggeredBy: ['staff'],
    needsReason: false,
    description: 'Ask the organization or facility to approve the visit.',
  },
  sendToFinalReview: {
    triggeredBy: ['staff'],
    needsReason: false,
    description: 'No organization approval needed: on to final review.',
  },
  approve: {
    triggeredBy: ['facility', 'staff'],
    needsReason: false,
    description: 'The organization approves (or a facility accepts through its response token).',
  },
  reject: {
    triggeredBy: ['facility', 'staff'],
    needsReason: true,
    description: 'The organization or facility disputes the visit: back to the clinician to correct.',
  },
  confirm: {
    triggeredBy: ['staff'],
    needsReason: false,
    description: 'Final confirmation: the visit can be invoiced and paid.',
  },
  delete: {
    triggeredBy: ['staff', 'facility'],
    needsReason: false,
    description: 'Delete the visit ("Service Request deleted."). Allowed from every non-final status.',
  },
};

export type VisitTransition = { readonly to: VisitStatus; readonly action: VisitAction };

const toDeleted: VisitTransition = { to: 'Deleted', action: 'delete' };

/** Every allowed move, by current status. Within one status each action appears at most once. */
export const VISIT_TRANSITIONS: Record<VisitStatus, readonly VisitTransition[]> = {
  Draft: [{ to: 'Active', action: 'publish' }, toDeleted],
  Active: [
    { to: 'Draft', action: 'hold' },
    { to: 'Staffed', action: 'assign' },
    { to: 'Expired', action: 'expire' },
    toDeleted,
  ],
  Expired: [{ to: 'Active', action: 'republish' }, toDeleted],
  Staffed: [
    { to: 'Active', action: 'unassign' },
    { to: 'VisitOverdue', action: 'overdue' },
    { to: 'AfterStaffed', action: 'checkIn' },
    { to: 'Missed', action: 'miss' },
    { to: 'LateCanceled', action: 'lateCancel' },
    toDeleted,
  ],
  VisitOverdue: [
    { to: 'AfterStaffed', action: 'checkIn' },
    { to: 'Missed', action: 'miss' },
    { to: 'LateCanceled', action: 'lateCancel' },
    toDeleted,
  ],
  AfterStaffed: [
    { to: 'NotesDue', action: 'checkOut' },
    { to: 'ApprovalDue', action: 'complete' },
    { to: 'Missed', action: 'miss' },
    toDeleted,
  ],
  Missed: [{ to: 'Staffed', action: 'restore' }, toDeleted],
  NotesDue: [
    { to: 'NotesOverdue', action: 'notesOverdue' },
    { to: 'NotesInReview', action: 'submitNotes' },
    toDeleted,
  ],
  NotesOverdue: [{ to: 'NotesInReview', action: 'submitNotes' }, toDeleted],
  NotesInReview: [
    { to: 'NotesApproved', action: 'approveNotes' },
    { to: 'NotesRejected', action: 'rejectNotes' },
    { to: 'NotesDue', action: 'reopenNotes' },
    toDeleted,
  ],
  NotesRejected: [{ to: 'NotesInReview', action: 'submitNotes' }, toDeleted],
  NotesApproved: [
    { to: 'ApprovalDue', action: 'requestApproval' },
    { to: 'FinalReview', action: 'sendToFinalReview' },
    { to: 'NotesDue', action: 'reopenNotes' },
    toDeleted,
  ],
  ApprovalDue: [
    { to: 'FinalReview', action: 'approve' },
    { to: 'NotesRejected', action: 'reject' },
    { to: 'NotesDue', action: 'reopenNotes' },
    toDeleted,
  ],
  FinalReview: [
    { to: 'FinalConfirmed', action: 'confirm' },
    { to: 'NotesDue', action: 'reopenNotes' },
    toDeleted,
  ],
  LateCanceled: [{ to: 'NotesApproved', action: 'approveLateCancel' }, toDeleted],
  FinalConfirmed: [],
  Deleted: [],
};

/** True when some action moves a visit from `from` to `to`. */
/**
 * The statuses in which the assigned clinician may change the note: during the visit (checked in, AfterStaffed:
 * clinicians write while they are with the patient; submitting waits for the check-out), and while the notes are
 * due, overdue or sent back.
 */
export const EDITABLE_NOTE_STATUSES = [
  'AfterStaffed',
  'NotesDue',
  'NotesOverdue',
  'NotesRejected',
] as const satisfies readonly VisitStatus[];

/**
 * Notes approved and every status after it in the state machine: what an organization reads and prints, and what
 * is billed (a late cancellation is approved into NotesApproved too).
 */
export const APPROVED_NOTE_STATUSES = [
  'NotesApproved',
  'ApprovalDue',
  'FinalReview',
  'FinalConfirmed',
] as const satisfies readonly VisitStatus[];

/** The note has been submitted: in review, approved or later (the clinician reads it, no longer writes it). */
export const SUBMITTED_NOTE_STATUSES = [
  'NotesInReview',
  ...APPROVED_NOTE_STATUSES,
] as const satisfies readonly VisitStatus[];

/** A reviewer may re-open the note from these (the state machine's reopenNotes). */
export const REOPENABLE_NOTE_STATUSES = (Object.keys(VISIT_TRANSITIONS) as VisitStatus[]).filter((status) =>
  VISIT_TRANSITIONS[status].some((t) => t.action === 'reopenNotes'),
);

/** Still to be worked: the visit is held back (Draft), offered (Active) or past its time unstaffed (Expired). */
export const PAUSABLE_VISIT_STATUSES: readonly VisitStatus[] = ['Draft', 'Active', 'Expired'];

/** The statuses the visit status job moves when their time has passed: Active expires, Staffed is overdue. */
export const TIMED_VISIT_STATUSES: readonly VisitStatus[] = ['Active', 'Staffed'];

/** A facility answers an assignment while it is staffed and not yet checked in to. */
export const FACILITY_ANSWERABLE_STATUSES: readonly VisitStatus[] = ['Staffed', 'VisitOverdue'];

/** A visit in these holds no booking of its clinician's time (another visit may take the hours). */
export const NON_BOOKING_VISIT_STATUSES: readonly VisitStatus[] = ['Deleted', 'Missed', 'LateCanceled'];

/** Notes to write that are due or overdue: the late notes of a clinician's list. */
export const LATE_NOTE_STATUSES: readonly VisitStatus[] = ['NotesDue', 'NotesOverdue'];

const isAmong =
  (statuses: readonly VisitStatus[]) =>
  (status: VisitStatus): boolean =>
    statuses.includes(status);
export const isNoteEditable = isAmong(EDITABLE_NOTE_STATUSES);
export const isNoteApproved = isAmong(APPROVED_NOTE_STATUSES);
export const isNoteSubmitted = isAmong(SUBMITTED_NOTE_STATUSES);
export const isNoteReopenable = isAmong(REOPENABLE_NOTE_STATUSES);

export function canTransition(from: VisitStatus, to: VisitStatus): boolean {
  return VISIT_TRANSITIONS[from].some((transition) => transition.to === to);
}

/** The status `action` moves a visit in `from` to, or null when the action is not allowed there. */
export function transitionFor(from: VisitStatus, action: VisitAction | string): VisitStatus | null {
  return VISIT_TRANSITIONS[from].find((transition) => transition.action === action)?.to ?? null;
}

export class VisitTransitionError extends Error {
  constructor(
    readonly from: VisitStatus,
    readonly to: VisitStatus,
  ) {
    super(`A visit cannot move from ${from} to ${to}.`);
    this.name = 'VisitTransitionError';
  }
}

/** Throws a {@link VisitTransitionError} naming both statuses unless the move is allowed. */
export function assertTransition(from: VisitStatus, to: VisitStatus): void {
  if (!canTransition(from, to)) throw new VisitTransitionError(from, to);
}

const VISIT_STATUS_LABELS: Record<VisitStatus, string> = {
  Draft: 'Draft',
  Active: 'Published',
  Expired: 'Expired',
  Staffed: 'Staffed',
  AfterStaffed: 'After Staffed',
  VisitOverdue: 'Visit Overdue',
  Missed: 'Missed',
  NotesDue: 'Notes Due',
  NotesOverdue: 'Notes Overdue',
  NotesInReview: 'Notes In Review',
  NotesRejected: 'Notes Rejected',
  NotesApproved: 'Notes Approved',
  ApprovalDue: 'Approval Due',
  FinalReview: 'Final Review',
  // Our choice: the one spelling the spec shows users is 'Late Cancelled', so this status uses it too.
  LateCanceled: 'Late Cancelled',
  FinalConfirmed: 'Final Confirmed',
  Deleted: 'Deleted',
};

export const FACILITY_UNACCEPTED_SUFFIX = ', Facility Unaccepted';
export const LATE_CANCELLED_LABEL = 'Late Cancelled';

export type VisitLabelInput = {
  status: VisitStatus;
  /** `episode.episodeType` of the visit: 'Visit', 'Shift' or other. */
  episodeType?: string | null;
  shiftConfirmedByFacility?: boolean | null;
  lateCancellation?: boolean | null;
};

/**
 * SPEC §4 labels: Active shows 'Published'; a Staffed shift (episodeType 'Shift', any case) the facility has
 * not confirmed gets ', Facility Unaccepted' — a missing flag counts as not confirmed, since confirmation is
 * something the facility does; NotesApproved with lateCancellation shows 'Late Cancelled'; every other status
 * has a readable label ('Visit Overdue').
 */
export function visitStatusLabel({
  status,
  episodeType,
  shiftConfirmedByFacility,
  lateCancellation,
}: VisitLabelInput): string {
  if (status === 'Staffed' && episodeType?.toLowerCase() === 'shift' && !shiftConfirmedByFacility) {
    return VISIT_STATUS_LABELS.Staffed + FACILITY_UNACCEPTED_SUFFIX;
  }
  if (status === 'NotesApproved' && lateCancellation) return LATE_CANCELLED_LABEL;
  return VISIT_STATUS_LABELS[status];
}

/** SPEC §4: only Active (published) visits count for availability. */
export function countsForAvailability(visit: { status: VisitStatus }): boolean {
  return visit.status === 'Active';
}

const NOT_COUNTED_AS_VISITS: readonly VisitStatus[] = ['Deleted', 'Missed', 'Expired'];

/** SPEC §4: Deleted, Missed, Expired and nonVisit entries are left out of visit counts. */
export function countsAsVisit(visit: { status: VisitStatus; nonVisit?: boolean | null }): boolean {
  return !visit.nonVisit && !NOT_COUNTED_AS_VISITS.includes(visit.status);
}

/**
 * The transitions the scheduled job should apply to `visit` at `now` (see {@link visitDueAt}: a Staffed visit
 * nobody checked in to becomes VisitOverdue after its start plus the grace; an Active one expires after its
 * end). Passed means `now` is strictly after that moment. NotesDue -> NotesOverdue is the notes job's.
 */
export function dueTransitions(visit: TimedVisit & { status: VisitStatus }, now: Date): VisitTransition[] {
  const action: VisitAction | null =
    visit.status === 'Active' ? 'expire' : visit.status === 'Staffed' ? 'overdue' : null;
  if (!action) return [];
  const deadline = visitDueAt(visit);
  if (!deadline || now.getTime() <= deadline.getTime()) return [];
  const to = transitionFor(visit.status, action);
  return to ? [{ to, action }] : [];
}
