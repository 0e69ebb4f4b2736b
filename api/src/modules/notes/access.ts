// Who may do what with visit notes (issue 12, decision 027). The route table lets staff (providerVisits),
// clinicians (myVisits) and organization users (patientDetail) in; each service narrows it here:
// - a clinician reads and writes only the notes of their own visits (visits.provider_id is their record);
// - reviewers are the administrator and the staffing roles: they read everything, approve, reject, re-open, comment;
// - an organization user reads only approved notes (NotesApproved and later) of their own organization.
import {
  ROLE,
  isNoteApproved,
  isOrganizationRole,
  isStaffingRole,
  type VisitStatus,
} from '@carelane/shared-domain';
import { forbidden } from '../../lib/errors';
import { clinicianIdOfUser } from '../clinicians/access';
import type { AppServices } from '../../services/app-services';
import type { Actor } from '../../services/context';

export const NOTE_MESSAGES = {
  notYourVisit: 'This visit is not yours: only its clinician writes its note.',
  reviewersOnly: 'Only a reviewer (staff) can do this.',
  administratorsOnly: 'Only an administrator can change the goal phrase library.',
  notApproved: 'The note of this visit is not approved yet.',
  notSaved: 'The note has not been saved yet.',
  readOnly: (statusLabel: string) => `The note is ${statusLabel} and can no longer be changed.`,
  cannot: (what: string, statusLabel: string) => `The note cannot be ${what}: the visit is ${statusLabel}.`,
  staleNote:
    'This note was saved since the version you were editing. Your text is kept on this device; compare it with the saved note and save again.',
  staleNoteVersion:
    'This note was changed by someone else since you opened it. Reload it and make your change again.',
} as const;

export const isReviewer = (actor: Actor) =>
  actor.roleId === ROLE.ADMINISTRATOR || isStaffingRole(actor.roleId);
export const isClinician = (actor: Actor) => actor.roleId === ROLE.CLINICIAN;
export const isOrganizationUser = (actor: Actor) => isOrganizationRole(actor.roleId);

/**
 * The clinician record of a signed-in clinician, or null (not a clinician, or no record); from the read cache until
 * clinicians change (every notes request of a clinician asks).
 */
export async function clinicianIdOf(
  services: Pick<AppServices, 'db' | 'readCache'>,
  actor: Actor,
): Promise<number | null> {
  if (!isClinician(actor)) return null;
  return services.readCache.read(`clinicianOfUser:${actor.userId}`, ['providers'], () =>
    clinicianIdOfUser(services.db, actor.userId),
  );
}

export type VisitScope = {
  providerId: number | null;
  referralSourceId: number;
  status: VisitStatus;
};

/**
 * May `actor` read the note of this visit? Reviewers always; the assigned clinician; an organization user of
 * the visit's organization once the note is approved. Throws 403 otherwise.
 */
export function assertMayRead(actor: Actor, ownClinicianId: number | null, visit: VisitScope): void {
  if (isReviewer(actor)) return;
  if (isClinician(actor)) {
    if (ownClinicianId !== null && visit.providerId === ownClinicianId) return;
    throw forbidden(NOTE_MESSAGES.notYourVisit);
  }
  if (isOrganizationUser(actor) && actor.referralSourceId === visit.referralSourceId) {
    if (isNoteApproved(visit.status)) return;
    throw forbidden(NOTE_MESSAGES.notApproved);
  }
  throw forbidden();
}

/** Only reviewers: 403 for everyone else. */
export function assertReviewer(actor: Actor): void {
  if (!isReviewer(actor)) throw forbidden(NOTE_MESSAGES.reviewersOnly);
}
