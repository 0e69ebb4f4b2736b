// Who sees which scheduling rows (patients, service requests): organization users only their own
// organization's (others answer 404), staff everything.
import { eq, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { isOrganizationRole } from '@carelane/shared-domain';
import { referralSources } from '../../../db/schema';
import type { Executor } from '../../../db/client';
import { badRequest, conflict, notFound } from '../../../lib/errors';
import type { Actor } from '../../../services/context';

/** The filter an organization user's lists get, or undefined for staff. */
export function organizationScope(actor: Actor, column: AnyPgColumn): SQL | undefined {
  return isOrganizationRole(actor.roleId) ? eq(column, actor.referralSourceId ?? -1) : undefined;
}

/** Throws the thing's 404 when an organization user reaches another organization's row. */
export function assertInScope(actor: Actor, referralSourceId: number, thing: string): void {
  if (isOrganizationRole(actor.roleId) && actor.referralSourceId !== referralSourceId) throw notFound(thing);
}

/** The organization a new row belongs to: an organization user's own; staff must name an existing one. */
export async function owningOrganization(
  ex: Executor,
  actor: Actor,
  requested: number | undefined,
): Promise<number> {
  if (isOrganizationRole(actor.roleId)) {
    if (requested !== undefined && requested !== actor.referralSourceId)
      throw badRequest('referralSourceId', 'must be your own organization');
    return actor.referralSourceId ?? -1;
  }
  if (requested === undefined) throw badRequest('referralSourceId', 'is required');
  const [row] = await ex
    .select({ id: referralSources.id })
    .from(referralSources)
    .where(eq(referralSources.id, requested));
  if (!row) throw badRequest('referralSourceId', 'is not a known organization');
  return row.id;
}

export const staleConflict = (message: string) => conflict(message, 'STALE_VERSION');
