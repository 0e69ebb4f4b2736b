import {
  isVisitStatus,
  visitStatusLabel,
  type VisitLabelInput,
  type VisitStatus,
} from '@carelane/shared-domain';

/** What the tag is given: a visit's status (a value from an older server shows as it is) and its label inputs. */
export type VisitTagInput = Omit<VisitLabelInput, 'status'> & { status: VisitStatus | (string & {}) };

/** The label of SPEC §4 (shared-domain's one rule), or an unknown status as it is. */
export function visitTagLabel(input: VisitTagInput): string {
  const { status } = input;
  return isVisitStatus(status) ? visitStatusLabel({ ...input, status }) : status;
}

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

export function visitStatusColor({ status, lateCancellation }: VisitTagInput): string {
  if (status === 'NotesApproved' && lateCancellation) return VISIT_STATUS_COLORS.LateCanceled;
  return (VISIT_STATUS_COLORS as Record<string, string>)[status] ?? 'default';
}
