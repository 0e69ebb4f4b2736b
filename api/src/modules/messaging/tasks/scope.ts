// Who sees which tasks and incident reports (decision 060), and the default date ranges of their lists: staff see
// every one; an organization user only its organization's; a clinician only the tasks assigned to them.
import { DEFAULT_TIME_ZONE, ROLE, isOrganizationRole, todayIn } from '@carelane/shared-domain';
import type { Executor } from '../../../db/client';
import { badRequest } from '../../../lib/errors';
import type { Actor } from '../../../services/context';
import { organizationTimeZone } from '../../maps/service';
import * as repo from './repository';

export function scopeOf(actor: Actor): repo.Scope {
  if (isOrganizationRole(actor.roleId)) return { referralSourceId: actor.referralSourceId ?? -1 };
  if (actor.roleId === ROLE.CLINICIAN) return { assigneeId: actor.userId, providerUserId: actor.userId };
  return {};
}

/** The organization whose settings and calendar an actor's lists use: an organization user's own. */
export const ownOrganization = (actor: Actor): number | null =>
  isOrganizationRole(actor.roleId) ? actor.referralSourceId : null;

export function addDays(day: string, days: number): string {
  const at = new Date(`${day}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

/**
 * The days a list reads: the asked ones, the others from today (in the organization's zone for its users, else
 * the product's) by `fallback` days, or by the organization's own setting when it has one (`ownDays`).
 */
export async function listPeriod(
  ex: Executor,
  actor: Actor,
  asked: { from?: string; to?: string },
  pick: (ranges: {
    tasksDays: number | null;
    incidentsDays: number | null;
  }) => readonly [number, number] | null,
  fallback: readonly [number, number],
): Promise<{ from: string; to: string; zone: string }> {
  const org = ownOrganization(actor);
  let zone = DEFAULT_TIME_ZONE;
  let days = fallback;
  if (org !== null) {
    zone = await organizationTimeZone(ex, org);
    const ranges = await repo.organizationRanges(ex, org);
    days = (ranges && pick(ranges)) ?? fallback;
  }
  const today = todayIn(zone);
  const from = asked.from ?? addDays(today, days[0]);
  const to = asked.to ?? addDays(today, days[1]);
  if (from > to)
    throw asked.to !== undefined
      ? badRequest('to', 'must be on or after from')
      : badRequest('from', 'must be on or before to');
  return { from, to, zone };
}
