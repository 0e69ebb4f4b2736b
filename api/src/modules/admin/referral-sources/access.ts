import { isOrganizationRole, isStaffingRole, ROLE } from '@carelane/shared-domain';
import { forbidden, notFound } from '../../../lib/errors';
import type { Actor } from '../../../services/context';

export const isStaff = (actor: Actor) => actor.roleId === ROLE.ADMINISTRATOR || isStaffingRole(actor.roleId);

/** Organization users see only their own organization; staff see all. */
export function assertMayRead(actor: Actor, id: number) {
  if (isOrganizationRole(actor.roleId) && actor.referralSourceId !== id) throw notFound('The organization');
  if (
    !isOrganizationRole(actor.roleId) &&
    !isStaffingRole(actor.roleId) &&
    actor.roleId !== ROLE.ADMINISTRATOR
  ) {
    throw notFound('The organization');
  }
}

export function assertMayWrite(actor: Actor, id: number | null) {
  if (actor.roleId === ROLE.ADMINISTRATOR || isStaffingRole(actor.roleId)) return;
  if (actor.roleId === ROLE.ORGANIZATION_ADMINISTRATOR && id !== null && actor.referralSourceId === id)
    return;
  throw forbidden('Sorry, you may not change organizations.');
}
