import { ROLE, managedRoleIds, type PrivilegeMap } from '@carelane/shared-domain';
import { forbidden, notFound, staleVersion } from '../../../lib/errors';
import { recordAudit } from '../../../services/audit';
import type { AppServices } from '../../../services/app-services';
import { requireActor, type RequestContext } from '../../../services/context';
import { publishEvent } from '../../../services/events';
import { findRole, listRoles, updateRolePrivileges } from './repository';

export async function listRolesFor(services: AppServices, ctx: RequestContext) {
  const actor = requireActor(ctx);
  const rows = await listRoles(services.db);
  return { rows, manageableRoleIds: [...managedRoleIds(actor.roleId)] };
}

/** Replaces a role's privilege map (administrators only). */
export async function setRolePrivileges(
  services: AppServices,
  ctx: RequestContext,
  roleId: number,
  input: { privileges: PrivilegeMap; version: number },
) {
  const actor = requireActor(ctx);
  if (actor.roleId !== ROLE.ADMINISTRATOR)
    throw forbidden('Sorry, only administrators may change privileges.');
  return services.db.transaction(async (tx) => {
    const before = await findRole(tx, roleId);
    if (!before) throw notFound('The role');
    if (before.version !== input.version) throw staleVersion('role');
    const after = await updateRolePrivileges(tx, before, input.privileges);
    if (!after) throw staleVersion('role');
    await recordAudit(tx, ctx, { entity: 'role', entityId: before.roleId, action: 'UPDATE', before, after });
    await publishEvent(tx, { entity: 'role', id: before.roleId, action: 'updated' });
    return after;
  });
}
