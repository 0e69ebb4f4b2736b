import { sql } from 'drizzle-orm';
import {
  ROLE,
  canOpenPage,
  isLoginBlocked,
  managedRoleIds,
  mergePrivileges,
  parsePrivilegeMap,
  type PrivilegeMap,
} from '@carelane/shared-domain';
import { queryRows, type Executor } from '../../../db/client';
import { AppError, forbidden, notFound, staleVersion } from '../../../lib/errors';
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

/**
 * Whether these effective privileges let a user of this role change roles' and users' privileges, and so undo
 * any change: an administrator holding the users page, not blocked from signing in.
 */
function managesPrivileges(roleId: number, privileges: Record<string, string>): boolean {
  const parsed = parsePrivilegeMap(privileges);
  return roleId === ROLE.ADMINISTRATOR && canOpenPage(parsed, 'users') && !isLoginBlocked(parsed);
}

const lockout = (field: string, message: string) =>
  new AppError(409, 'PRIVILEGES_LOCKOUT', message, [{ field, message: 'would lock administrators out' }]);

/**
 * Refuses (409 naming `field`) a change after which no active user could manage privileges any more. Called
 * in the change's transaction after its write, so the rollback undoes it; the lock makes two administrators
 * who demote each other at once take turns, and the second sees the first's change
 * (docs/decisions/036-sessions-and-role-changes.md).
 */
export async function assertPrivilegeManagersRemain(ex: Executor, field: string): Promise<void> {
  await ex.execute(sql`select pg_advisory_xact_lock(hashtext('privilege-managers'))`);
  const administrators = await queryRows<{
    role_privileges: Record<string, string>;
    user_privileges: Record<string, string>;
  }>(
    ex,
    sql`select r.privileges as role_privileges, u.privileges as user_privileges
        from users u join roles r on r.role_id = u.role_id
        where u.status = 'ACTIVE' and u.role_id = ${ROLE.ADMINISTRATOR}`,
  );
  const someoneLeft = administrators.some((row) =>
    managesPrivileges(ROLE.ADMINISTRATOR, mergePrivileges(row.role_privileges, row.user_privileges ?? {})),
  );
  if (!someoneLeft)
    throw lockout(
      field,
      'Sorry, after this change no active user could manage users and privileges any more (an active administrator holding the users page).',
    );
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
    // The acting role keeps what it needs to manage users and roles: nobody else could give it back.
    if (
      roleId === actor.roleId &&
      managesPrivileges(roleId, before.privileges) &&
      !managesPrivileges(roleId, input.privileges)
    )
      throw lockout(
        'privileges',
        'Sorry, this change would take managing users and privileges away from your own role: keep its users page, without header blockLogin.',
      );
    const after = await updateRolePrivileges(tx, before, input.privileges);
    if (!after) throw staleVersion('role');
    await assertPrivilegeManagersRemain(tx, 'privileges');
    await recordAudit(tx, ctx, { entity: 'role', entityId: before.roleId, action: 'UPDATE', before, after });
    await publishEvent(tx, { entity: 'role', id: before.roleId, action: 'updated' });
    return after;
  });
}
