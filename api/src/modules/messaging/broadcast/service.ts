// POST/GET /api/messaging/broadcasts (issue 27 "Broadcast", decision 065). Creating a broadcast only checks the
// visits, decides the recipients and writes them as Pending rows of the job queue (a few set-based statements,
// so 5,000 recipients answer in well under 200 ms); the BroadcastDispatcher (worker.ts) sends.
import { inArray, sql } from 'drizzle-orm';
import {
  BROADCAST_MESSAGES,
  MESSAGING_TEXTS,
  type Broadcast,
  type BroadcastInput,
  type BroadcastList,
  type BroadcastListQuery,
  type BroadcastRecipientList,
  type BroadcastRecipientListQuery,
} from '@carelane/shared-domain';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../../lib/errors';
import { queryRows, type Executor } from '../../../db/client';
import { visits } from '../../../db/scheduling-schema';
import { pagingOf } from '../../../lib/paging';
import type { AppServices } from '../../../services/app-services';
import { recordAudit } from '../../../services/audit';
import { requireActor, type RequestContext } from '../../../services/context';
import { publishEvent } from '../../../services/events';
import { smsBlockedAmong } from '../../../services/clinician-sms';
import type { VisitRecord } from '../../scheduling/visits/transitions';
import { selectableMatches } from '../../scheduling/matching/selectable-matches';
import * as repo from './repository';
import { intArray } from './repository';

export const BROADCAST_EVENT = 'broadcast';

const public_ = (b: Broadcast & { smsBlockedIds?: number[] }): Broadcast => {
  const { smsBlockedIds: _blocked, ...broadcast } = b;
  return broadcast;
};
const messageOf = (b: { smsBlockedIds: number[] }) =>
  b.smsBlockedIds.length ? MESSAGING_TEXTS.smsPartial(b.smsBlockedIds) : BROADCAST_MESSAGES.sent;

/** The visits, all open (Active, not paused, unassigned) and of one service request, or a 400 naming visitIds. */
async function openVisitsOf(ex: Executor, visitIds: number[]): Promise<VisitRecord[]> {
  const found = await ex
    .select()
    .from(visits)
    .where(inArray(visits.id, visitIds))
    .orderBy(visits.dateOfService, visits.startAt, visits.id);
  if (found.length !== visitIds.length) {
    const known = new Set(found.map((v) => v.id));
    throw badRequest('visitIds', `unknown visit(s): ${visitIds.filter((id) => !known.has(id)).join(', ')}`);
  }
  if (new Set(found.map((v) => v.episodeId)).size > 1)
    throw badRequest('visitIds', 'must all be visits of one service request');
  const notOpen = found.filter((v) => v.status !== 'Active' || v.paused || v.providerId !== null);
  if (notOpen.length)
    throw badRequest(
      'visitIds',
      `visit(s) ${notOpen.map((v) => v.id).join(', ')} are not open (Active, not paused and unassigned)`,
    );
  return found;
}

/** The clinicians who match the visits: whom their publication notified (scheduling's selectableMatches). */
export async function matchingClinicians(ex: Executor, open: VisitRecord[]): Promise<number[]> {
  return [...(await selectableMatches(ex, open)).keys()].sort((a, b) => a - b);
}

async function recipientsOf(ex: Executor, input: BroadcastInput, open: VisitRecord[]): Promise<number[]> {
  if (!input.providerIds) return matchingClinicians(ex, open);
  const rows = await queryRows<{ id: number }>(
    ex,
    sql`select id from providers where id = any(${intArray(input.providerIds)})`,
  );
  if (rows.length !== input.providerIds.length) {
    const known = new Set(rows.map((r) => Number(r.id)));
    throw badRequest(
      'providerIds',
      `unknown clinician(s): ${input.providerIds.filter((id) => !known.has(id)).join(', ')}`,
    );
  }
  return [...input.providerIds].sort((a, b) => a - b);
}

/** POST /api/messaging/broadcasts: 202 with the queued broadcast, or 200 with the same one on a retry. */
export async function createBroadcast(
  services: AppServices,
  ctx: RequestContext,
  input: BroadcastInput,
): Promise<{ status: 200 | 202; body: { broadcast: Broadcast; message: string } }> {
  const actor = requireActor(ctx);
  const again = async () => {
    const existing = await repo.findByKey(services.db, actor.userId, input.idempotencyKey);
    return (
      existing && {
        status: 200 as const,
        body: { broadcast: public_(existing), message: messageOf(existing) },
      }
    );
  };
  const earlier = await again();
  if (earlier) return earlier;
  try {
    const id = await services.db.transaction(async (tx) => {
      const open = await openVisitsOf(tx, input.visitIds);
      const recipients = await recipientsOf(tx, input, open);
      if (!recipients.length) throw conflict(BROADCAST_MESSAGES.noRecipients, 'NO_RECIPIENTS');
      const blocked = await smsBlockedAmong(tx, recipients);
      const [row] = await queryRows<{ id: number }>(
        tx,
        sql`insert into broadcasts (episode_id, visit_ids, created_by_user_id, idempotency_key, recipient_count,
            sms_blocked_ids)
          values (${open[0]!.episodeId}, ${intArray(open.map((v) => v.id))}, ${actor.userId},
            ${input.idempotencyKey}, ${recipients.length}, ${intArray(blocked)})
          returning id`,
      );
      const broadcastId = Number(row!.id);
      await tx.execute(
        sql`insert into broadcast_recipients (broadcast_id, provider_id)
          select ${broadcastId}, unnest(${intArray(recipients)})`,
      );
      await recordAudit(tx, ctx, {
        entity: 'broadcast',
        entityId: broadcastId,
        action: 'CREATE',
        before: null,
        after: {
          episodeId: open[0]!.episodeId,
          visitIds: open.map((v) => v.id),
          recipientCount: recipients.length,
        },
      });
      await publishEvent(
        tx,
        { entity: BROADCAST_EVENT, id: broadcastId, action: 'created' },
        { staffOnly: true },
      );
      return broadcastId;
    });
    const created = (await repo.findBroadcast(services.db, id))!;
    return { status: 202, body: { broadcast: public_(created), message: messageOf(created) } };
  } catch (error) {
    // The same key sent twice at once: the other request wrote it; answer that one.
    if (isUniqueViolation(error)) {
      const same = await again();
      if (same) return same;
    }
    throw error;
  }
}

export async function listBroadcasts(
  services: AppServices,
  query: BroadcastListQuery,
): Promise<BroadcastList> {
  const { rows, totalCount } = await repo.listBroadcasts(services.db, query);
  return { rows: rows.map(public_), paging: pagingOf(query, totalCount) };
}

export async function getBroadcast(services: AppServices, id: number): Promise<Broadcast> {
  const found = await repo.findBroadcast(services.db, id);
  if (!found) throw notFound(BROADCAST_MESSAGES.notFound);
  return public_(found);
}

export async function listBroadcastRecipients(
  services: AppServices,
  id: number,
  query: BroadcastRecipientListQuery,
): Promise<BroadcastRecipientList> {
  await getBroadcast(services, id);
  const { rows, totalCount } = await repo.listRecipients(services.db, id, query);
  return { rows, paging: pagingOf(query, totalCount) };
}
