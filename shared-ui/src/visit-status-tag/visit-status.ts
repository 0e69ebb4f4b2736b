/** SPEC §4 visit statuses. */
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

export type VisitLabelInput = {
  status: VisitStatus | (string & {});
  lateCancellation?: boolean;
  /** 'Shift' for a shift; anything else is a visit. */
  episodeType?: string;
  shiftConfirmedByFacility?: boolean;
};

export const FACILITY_UNACCEPTED_SUFFIX = ', Facility Unaccepted';

/**
 * SPEC §4 visit label: Active shows 'Published'; NotesApproved with a late cancellation shows 'Late Cancelled';
 * a Staffed shift the facility has not confirmed (shiftConfirmedByFacility false) gets ', Facility Unaccepted';
 * any other status shows as it is.
 */
export function visitStatusLabel({
  status,
  lateCancellation,
  episodeType,
  shiftConfirmedByFacility,
}: VisitLabelInput): string {
  if (status === 'Active') return 'Published';
  if (status === 'NotesApproved' && lateCancellation) return 'Late Cancelled';
  if (status === 'Staffed' && isShift(episodeType) && shiftConfirmedByFacility === false)
    return `${status}${FACILITY_UNACCEPTED_SUFFIX}`;
  return status;
}

const isShift = (episodeType: string | undefined) => episodeType?.toLowerCase() === 'shift';

/** antd preset tag colour per status: blue published, green done well, orange/red needing attention. */
export const VISIT_STATUS_COLORS: Record<VisitStatus, string> = {
  Draft: 'default',
  Active: 'blue',
  Expired: 'default',
  Staffed: 'cyan',
  AfterStaffed: 'geekblue',
  VisitOverdue: 'volcano',
  Missed: 'red',
  NotesDue: 'gold',
  NotesOverdue: 'orange',
  NotesInReview: 'purple',
  NotesRejected: 'magenta',
  NotesApproved: 'green',
  ApprovalDue: 'gold',
  FinalReview: 'lime',
  LateCanceled: 'red',
  FinalConfirmed: 'green',
  Deleted: 'default',
};

export function visitStatusColor({ status, lateCancellation }: VisitLabelInput): string {
  if (status === 'NotesApproved' && lateCancellation) return VISIT_STATUS_COLORS.LateCanceled;
  return (VISIT_STATUS_COLORS as Record<string, string>)[status] ?? 'default';
}
