import type { z } from 'zod';
import {
  defaultDateRange,
  isOrganizationRole,
  type SupplyRequest,
  type supplyRequestInputSchema,
  type supplyRequestListQuerySchema,
  type supplyRequestUpdateSchema,
} from '@carelane/shared-domain';
import type { Executor } from '../../../db/client';
import { badRequest, notFound, staleVersion } from '../../../lib/errors';
import { pagingOf } from '../../../lib/paging';
import { recordAudit } from '../../../services/audit';
import type { AppServices } from '../../../services/app-services';
import { requireActor, type Actor, type RequestContext } from '../../../services/context';
import { publishEvent } from '../../../services/events';
import { referralSourceExists } from '../../admin/referral-sources';
import { blankToNull } from '../physicians/shared';
import {
  findSupplyRequest,
  findSupplyRequestRow,
  insertSupplyRequest,
  listSupplyRequestRows,
  providerTypeExists,
  updateSupplyRequest,
} from './repository';

type SupplyRequestListQuery = z.output<typeof supplyRequestListQuerySchema>;
type SupplyRequestInput = z.output<typeof supplyRequestInputSchema>;
type SupplyRequestUpdate = z.output<typeof supplyRequestUpdateSchema>;

async function readOne(ex: Executor, actor: Actor, id: number): Promise<SupplyRequest> {
  const row = await findSupplyRequest(ex, actor, id);
  if (!row) throw notFound('The supply request');
  return row;
}

async function checkReferences(
  ex: Executor,
  input: { providerTypeId?: number; referralSourceId?: number | null },
) {
  if (input.providerTypeId !== undefined && !(await providerTypeExists(ex, input.providerTypeId)))
    throw badRequest('providerTypeId', 'is not a provider type');
  if (
    input.referralSourceId !== undefined &&
    input.referralSourceId !== null &&
    !(await referralSourceExists(ex, input.referralSourceId))
  )
    throw badRequest('referralSourceId', 'is not an organization');
}

function prepare<T extends { state?: string | null; notes?: string; referralSourceId?: number | null }>(
  actor: Actor,
  input: T,
): T {
  const out = blankToNull(input);
  // Notes are never null: empty notes are stored empty.
  if (input.notes !== undefined) out.notes = input.notes.trim();
  if (typeof out.state === 'string') out.state = out.state.toUpperCase();
  // Organization users cannot file or move a request to another organization.
  if (isOrganizationRole(actor.roleId)) {
    if (out.referralSourceId !== undefined && out.referralSourceId !== actor.referralSourceId) {
      throw badRequest('referralSourceId', 'must be your own organization');
    }
    delete out.referralSourceId;
  }
  return out;
}

/** Supply requests created in a range (default the last 90 days), newest first. */
export async function listSupplyRequests(
  services: AppServices,
  ctx: RequestContext,
  q: SupplyRequestListQuery,
) {
  const actor = requireActor(ctx);
  const fallback = defaultDateRange('supplyRequest');
  const { rows, totalCount } = await listSupplyRequestRows(services, actor, {
    ...q,
    start: q.startDate ? new Date(q.startDate) : fallback.start,
    end: q.endDate ? new Date(q.endDate) : fallback.end,
  });
  return { rows, paging: pagingOf(q, totalCount) };
}

export const getSupplyRequest = (services: AppServices, ctx: RequestContext, id: number) =>
  readOne(services.db, requireActor(ctx), id);

export async function createSupplyRequest(
  services: AppServices,
  ctx: RequestContext,
  body: SupplyRequestInput,
): Promise<SupplyRequest> {
  const actor = requireActor(ctx);
  const input = prepare(actor, body);
  return services.db.transaction(async (tx) => {
    await checkReferences(tx, input);
    const row = await insertSupplyRequest(tx, {
      ...input,
      referralSourceId: isOrganizationRole(actor.roleId) ? actor.referralSourceId : input.referralSourceId,
      createdBy: actor.userId,
    });
    await recordAudit(tx, ctx, {
      entity: 'supplyRequest',
      entityId: row.id,
      action: 'CREATE',
      before: null,
      after: row,
    });
    await publishEvent(
      tx,
      { entity: 'supplyRequest', id: row.id, action: 'created' },
      row.referralSourceId ? { referralSourceId: row.referralSourceId } : { staffOnly: true },
    );
    return readOne(tx, actor, row.id);
  });
}

export async function editSupplyRequest(
  services: AppServices,
  ctx: RequestContext,
  id: number,
  body: SupplyRequestUpdate,
): Promise<SupplyRequest> {
  const actor = requireActor(ctx);
  const { version, ...changes } = prepare(actor, body);
  return services.db.transaction(async (tx) => {
    const before = await findSupplyRequestRow(tx, actor, id);
    if (!before) throw notFound('The supply request');
    if (before.version !== version) throw staleVersion('supply request');
    await checkReferences(tx, changes);
    await updateSupplyRequest(tx, ctx, before, changes);
    return readOne(tx, actor, before.id);
  });
}
