// The visit list and the bulk visit actions (approve, delete, expire, pause): each action moves every visit
// named or none, in one transaction, through the visit state machine.
import {
  isOrganizationRole,
  NO_VISITS_FOR_APPROVAL,
  transitionFor,
  type VisitAction,
  type VisitListQuery,
  type VisitStatus,
  PAUSABLE_VISIT_STATUSES,
} from '@carelane/shared-domain';
import type { Executor } from '../../../db/client';
import { badRequest, forbidden } from '../../../lib/errors';
import { pagingOf } from '../../../lib/paging';
import { noteRead, patientIdsOf } from '../../../services/access-log';
import { recordAudit } from '../../../services/audit';
import type { AppServices } from '../../../services/app-services';
import { requireActor, type RequestContext } from '../../../services/context';
import { publishEvent } from '../../../services/events';
import { reasonLabels } from '../../admin/constants';
import { withVisitTimeZones } from '../../maps/service';
import { listVisits as listVisitRows, VISIT_COUNT_CAP, visitListWhere } from './repository';
import {
  assertVisitAction,
  invalidTransition,
  lockVisits,
  statusOf,
  updateVisit,
  type VisitRecord,
} from './transitions';

type VisitRef = { id: number; version: number };
/** Statuses a visit can be paused in: before anyone works it. */

/** Audit and event of one changed visit, inside the action's transaction. */
async function recordVisitChange(
  tx: Executor,
  ctx: RequestContext,
  before: VisitRecord,
  after: VisitRecord,
  action: 'UPDATE' | 'DELETE' = 'UPDATE',
) {
  await recordAudit(tx, ctx, { entity: 'visit', entityId: before.id, action, before, after });
  await publishEvent(
    tx,
    { entity: 'visit', id: before.id, action: action === 'DELETE' ? 'deleted' : 'updated' },
    { referralSourceId: before.referralSourceId },
  );
}

export async function listVisits(services: AppServices, ctx: RequestContext, q: VisitListQuery) {
  const actor = requireActor(ctx);
  if (q.from && q.to && q.to < q.from) throw badRequest('to', 'must not be before from');
  const { rows, totalCount } = await listVisitRows(services, actor, visitListWhere(actor, q), {
    pageNumber: q.pageNumber,
    pageSize: q.pageSize,
    descending: q.sort === '-dateOfService',
  });
  noteRead(ctx, { kind: 'visitList', entityId: null, patientIds: patientIdsOf(rows) });
  return {
    rows: await withVisitTimeZones(services.db, rows, (row) => row.referralSourceId),
    paging: pagingOf(q, totalCount, VISIT_COUNT_CAP),
  };
}

/** Locks the visits and moves each with `move`; answers how many moved. */
function eachLockedVisit(
  services: AppServices,
  ctx: RequestContext,
  refs: readonly VisitRef[],
  move: (tx: Executor, before: VisitRecord) => Promise<void>,
  check: (locked: VisitRecord[]) => void = () => {},
): Promise<number> {
  const actor = requireActor(ctx);
  return services.db.transaction(async (tx) => {
    const locked = await lockVisits(tx, actor, refs);
    check(locked);
    for (const before of locked) await move(tx, before);
    return locked.length;
  });
}

/** One move through the state machine for every visit named. */
function moveVisits(
  services: AppServices,
  ctx: RequestContext,
  refs: readonly VisitRef[],
  action: VisitAction,
  to: VisitStatus,
  extra: Partial<VisitRecord> = {},
  check?: (locked: VisitRecord[]) => void,
): Promise<number> {
  return eachLockedVisit(
    services,
    ctx,
    refs,
    async (tx, before) => {
      assertVisitAction(statusOf(before), action, to);
      const after = await updateVisit(tx, before, { status: to, ...extra });
      await recordVisitChange(tx, ctx, before, after, to === 'Deleted' ? 'DELETE' : 'UPDATE');
    },
    check,
  );
}

/** Bulk approve and delete on /visits are staff work: organization users are refused even on their own visits. */
function refuseOrganizationUsers(ctx: RequestContext): void {
  if (isOrganizationRole(requireActor(ctx).roleId)) throw forbidden();
}

export async function approveVisits(services: AppServices, ctx: RequestContext, refs: readonly VisitRef[]) {
  refuseOrganizationUsers(ctx);
  const count = await moveVisits(services, ctx, refs, 'approve', 'FinalReview', {}, (locked) => {
    if (locked.every((visit) => transitionFor(statusOf(visit), 'approve') === null))
      throw invalidTransition(NO_VISITS_FOR_APPROVAL);
  });
  return { count, message: `${count} visit(s) approved.` };
}

export async function deleteVisits(services: AppServices, ctx: RequestContext, refs: readonly VisitRef[]) {
  refuseOrganizationUsers(ctx);
  const count = await moveVisits(services, ctx, refs, 'delete', 'Deleted');
  return { count, message: `${count} visit(s) deleted.` };
}

export async function expireVisits(
  services: AppServices,
  ctx: RequestContext,
  input: { visits: readonly VisitRef[]; reason: string },
) {
  const reasons = await reasonLabels(services.db, 'expireVisitReasonTypes');
  if (!reasons.includes(input.reason)) throw badRequest('reason', `must be one of: ${reasons.join(', ')}`);
  const count = await moveVisits(services, ctx, input.visits, 'expire', 'Expired', {
    expireReason: input.reason,
  });
  return { count, message: `${count} visit(s) expired.` };
}

/** Pause (or resume): a paused visit is kept out of matching and notifications. */
export async function pauseVisits(
  services: AppServices,
  ctx: RequestContext,
  input: { visits: readonly VisitRef[]; paused: boolean },
) {
  const { paused } = input;
  const count = await eachLockedVisit(services, ctx, input.visits, async (tx, before) => {
    if (paused && !PAUSABLE_VISIT_STATUSES.includes(statusOf(before)))
      throw invalidTransition(
        `A ${before.status} visit cannot be paused: only Draft, Published or Expired visits can.`,
      );
    const after = await updateVisit(tx, before, { paused });
    await recordVisitChange(tx, ctx, before, after);
  });
  return { count, message: `${count} visit(s) ${paused ? 'paused' : 'resumed'}.` };
}
