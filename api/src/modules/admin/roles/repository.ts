import { and, eq } from 'drizzle-orm';
import type { PrivilegeMap } from '@carelane/shared-domain';
import { roles } from '../../../db/schema';
import type { Executor } from '../../../db/client';

export type RoleRow = typeof roles.$inferSelect;

export function listRoles(ex: Executor): Promise<RoleRow[]> {
  return ex.select().from(roles).orderBy(roles.roleId);
}

export async function findRole(ex: Executor, roleId: number): Promise<RoleRow | undefined> {
  const [row] = await ex.select().from(roles).where(eq(roles.roleId, roleId));
  return row;
}

/** Writes the privileges with the next version if `before` is still current; undefined when it is not. */
export async function updateRolePrivileges(
  ex: Executor,
  before: RoleRow,
  privileges: PrivilegeMap,
): Promise<RoleRow | undefined> {
  const [after] = await ex
    .update(roles)
    .set({ privileges, version: before.version + 1 })
    .where(and(eq(roles.roleId, before.roleId), eq(roles.version, before.version)))
    .returning();
  return after;
}
