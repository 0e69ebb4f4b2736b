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
import { ISO_DATE_PATTERN, TIME_PATTERN } from '../formats';

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

export type ScheduledVisit = {
  status: VisitStatus;
  /** ISO date 'YYYY-MM-DD'. */
  dateOfService: string;
  /** 'HH:mm', 24-hour. */
  timeIn?: string | null;
  timeOut?: string | null;
};

function parseTime(text: string | null | undefined): { hours: number; minutes: number } | null | 'invalid' {
  if (text === null || text === undefined || text === '') return null;
  const match = TIME_PATTERN.exec(text);
  return match ? { hours: Number(match[1]), minutes: Number(match[2]) } : 'invalid';
}

/**
 * The moment after which the scheduled job acts on a visit, in the local time of the process running it
 * (the date and times carry no zone, so they are read as local components and compared with the local
 * components of `now`; run the job in the organization's zone):
 * - with `timeOut`: dateOfService at timeOut — the next day when timeOut is not after timeIn (overnight shift);
 * - else with `timeIn`: dateOfService at timeIn;
 * - else the end of dateOfService (23:59:59.999).
 * We take the latest known moment of the visit, so nothing is expired or flagged while it could still be
 * under way. Null when dateOfService is not a real 'YYYY-MM-DD' date or a time is not 'HH:mm'.
 */
export function visitDeadline(visit: Omit<ScheduledVisit, 'status'>): Date | null {
  const date = ISO_DATE_PATTERN.exec(visit.dateOfService);
  if (!date) return null;
  const [year, month, day] = [Number(date[1]), Number(date[2]) - 1, Number(date[3])];
  const check = new Date(year, month, day);
  if (check.getFullYear() !== year || check.getMonth() !== month || check.getDate() !== day) return null;
  const timeIn = parseTime(visit.timeIn);
  const timeOut = parseTime(visit.timeOut);
  if (timeIn === 'invalid' || timeOut === 'invalid') return null;
  if (timeOut) {
    const overnight =
      timeIn !== null && timeOut.hours * 60 + timeOut.minutes <= timeIn.hours * 60 + timeIn.minutes;
    return new Date(year, month, day + (overnight ? 1 : 0), timeOut.hours, timeOut.minutes);
  }
  if (timeIn) return new Date(year, month, day, timeIn.hours, timeIn.minutes);
  return new Date(year, month, day, 23, 59, 59, 999);
}

/**
 * The transitions the scheduled job should apply to `visit` at `now`: an Active visit whose deadline has
 * passed expires, a Staffed one becomes VisitOverdue. Passed means `now` is strictly after the deadline.
 * Returns an empty list otherwise, or when the visit's date or times are malformed (the job logs and skips
 * those rather than guess). NotesDue -> NotesOverdue is also the job's, but its deadline is not shown in the
 * spec, so it is not decided here.
 */
export function dueTransitions(visit: ScheduledVisit, now: Date): VisitTransition[] {
  const action: VisitAction | null =
    visit.status === 'Active' ? 'expire' : visit.status === 'Staffed' ? 'overdue' : null;
  if (!action) return [];
  const deadline = visitDeadline(visit);
  if (!deadline || now.getTime() <= deadline.getTime()) return [];
  const to = transitionFor(visit.status, action);
  return to ? [{ to, action }] : [];
}
