// SMS and email both ways (issue 27, decision 062). A received SMS or email is kept once (a replayed gateway id is a
// 409), matched to the clinician or user who sent it, and lands in the inbox (Pending) — a clinician's SMS also in
// the chat topic our last SMS to them came from. STOP / START are handled on arrival. Staff answer on the channel
// it came by, or text clinicians directly; every SMS to a clinician goes through services/clinician-sms.ts. Each
// write is one transaction with its audit entry.
import { randomUUID } from 'node:crypto';
import {
  MESSAGING_TEXTS,
  ROLE,
  SMS_START_KEYWORDS,
  SMS_STOP_KEYWORDS,
  isStaffingRole,
  normalizePhone,
  type ClinicianSms,
  type ClinicianSmsResult,
  type InboundEmail,
  type InboundSms,
  type InboxItem,
  type InboxList,
  type InboxListQuery,
  type SmsBlockList,
  type SmsRefusal,
} from '@carelane/shared-domain';
import type { Executor } from '../../../db/client';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../../lib/errors';
import { containsPattern } from '../../../lib/like-pattern';
import { pagingOf } from '../../../lib/paging';
import type { AppServices } from '../../../services/app-services';
import { recordAudit } from '../../../services/audit';
import { enqueueClinicianSms, smsBlocks, smsRefusal, isOptedOut } from '../../../services/clinician-sms';
import { requireActor, type Actor, type RequestContext } from '../../../services/context';
import { publishEvent } from '../../../services/events';
import { enqueueMessage } from '../../../services/outbox';
import { findConstant } from '../../admin/constants';
import { openDirectTopic, postChannelMessage } from '../chat/service';
import * as repo from './repository';

type Services = Pick<AppServices, 'db'>;

export const INBOX_EVENT = 'inboxItem';
const ENTITY = 'InboundMessage';
/** A refused SMS to a number that is no clinician's. */
const NUMBER_OPTED_OUT = 'could not send as this number replied STOP to text messages.';
/** The chat keeps at most this much of a message. */
const CHAT_BODY_MAX = 4000;

export const isStaff = (actor: Actor) => actor.roleId === ROLE.ADMINISTRATOR || isStaffingRole(actor.roleId);

const iso = (value: Date | string) => new Date(value).toISOString();

function toItem(r: repo.ItemRow): InboxItem {
  const kind = r.provider_id !== null ? 'clinician' : r.user_id !== null ? 'user' : 'unknown';
  return {
    id: Number(r.id),
    channel: r.channel,
    from: r.from_address,
    to: r.to_address,
    subject: r.subject,
    body: r.body,
    receivedAt: iso(r.received_at),
    status: r.status,
    keyword: r.keyword,
    sender: {
      kind,
      providerId: r.provider_id,
      userId: r.user_id,
      name: kind === 'clinician' ? r.provider_name : kind === 'user' ? r.user_name : null,
      referralSourceId: r.referral_source_id,
    },
    topicId: r.topic_id,
    handledAt: r.handled_at === null ? null : iso(r.handled_at),
    handledByName: r.handled_by_name,
  };
}

async function itemOf(ex: Executor, id: number): Promise<InboxItem> {
  return toItem((await repo.findItem(ex, id))!);
}

/** The whole SMS trimmed, upper-cased, its trailing punctuation dropped: STOP, START or neither. */
export function keywordOf(body: string): 'STOP' | 'START' | null {
  const word = body
    .trim()
    .toUpperCase()
    .replace(/[\p{P}\s]+$/u, '');
  if ((SMS_STOP_KEYWORDS as readonly string[]).includes(word)) return 'STOP';
  if ((SMS_START_KEYWORDS as readonly string[]).includes(word)) return 'START';
  return null;
}

/** Our numbers (constant smsFromNumbers: JSON text of a list of numbers), as 10 digits. */
async function ourNumbers(ex: Executor): Promise<Set<string>> {
  let list: unknown = [];
  try {
    list = JSON.parse((await findConstant(ex, 'smsFromNumbers'))?.value ?? '[]');
  } catch {
    list = [];
  }
  if (!Array.isArray(list)) return new Set();
  return new Set(list.map((n) => normalizePhone(String(n))).filter((n): n is string => n !== null));
}

async function announce(tx: Executor, ctx: RequestContext, id: number, after: object) {
  await recordAudit(tx, ctx, { entity: ENTITY, entityId: id, action: 'CREATE', after });
  await publishEvent(tx, { entity: INBOX_EVENT, id, action: 'created' }, { staffOnly: true });
}

/** POST /api/messaging/inbound/sms (signed): kept, STOP / START honoured, landed in its conversation. */
export async function receiveSms(
  services: Services,
  ctx: RequestContext,
  input: InboundSms,
): Promise<InboxItem> {
  const from = normalizePhone(input.from)!;
  const to = normalizePhone(input.to)!;
  return services.db.transaction(async (tx) => {
    if (!(await ourNumbers(tx)).has(to)) throw badRequest('to', MESSAGING_TEXTS.notOurNumber);
    const provider = await repo.providerByPhone(tx, from);
    const user = provider ? null : await repo.userByPhone(tx, from);
    const userId = provider?.user_id ?? user?.id ?? null;
    const keyword = keywordOf(input.body);
    const id = await repo.insertInbound(tx, {
      channel: 'sms',
      externalId: input.messageId,
      from,
      to,
      subject: null,
      body: input.body,
      receivedAt: input.receivedAt ?? null,
      keyword,
      providerId: provider?.id ?? null,
      userId,
      referralSourceId: user?.referral_source_id ?? null,
    });
    if (id === null) throw conflict(MESSAGING_TEXTS.replayed, 'REPLAYED');
    if (keyword === 'STOP') await repo.optOut(tx, from);
    if (keyword === 'START') await repo.optIn(tx, from);
    if (keyword)
      // The STOP confirmation is the one SMS an opted-out number still gets.
      await enqueueMessage(tx, {
        channel: 'sms',
        to: from,
        body: keyword === 'STOP' ? MESSAGING_TEXTS.stopConfirmation : MESSAGING_TEXTS.startConfirmation,
        dedupeKey: `inbound-sms:${id}:${keyword}`,
      });
    const text = input.body.trim().slice(0, CHAT_BODY_MAX);
    if (!keyword && provider?.user_id && text) {
      const topicId = await repo.latestSmsTopic(tx, provider.id);
      const chatMessageId =
        topicId === null
          ? null
          : await postChannelMessage(tx, ctx, {
              topicId,
              authorId: provider.user_id,
              body: text,
              channel: 'sms',
              key: `inbound-sms:${id}`,
            });
      if (topicId !== null && chatMessageId !== null) await repo.setLanding(tx, id, topicId, chatMessageId);
    }
    await announce(tx, ctx, id, {
      channel: 'sms',
      providerId: provider?.id ?? null,
      userId,
      keyword,
      length: input.body.length,
    });
    return itemOf(tx, id);
  });
}

/** POST /api/messaging/inbound/email (signed): kept and matched to its sender, Pending. */
export async function receiveEmail(
  services: Services,
  ctx: RequestContext,
  input: InboundEmail,
): Promise<InboxItem> {
  const from = input.from.toLowerCase();
  return services.db.transaction(async (tx) => {
    const provider = await repo.providerByEmail(tx, from);
    const user = provider ? null : await repo.userByEmail(tx, from);
    const userId = provider?.user_id ?? user?.id ?? null;
    const id = await repo.insertInbound(tx, {
      channel: 'email',
      externalId: input.messageId,
      from,
      to: input.to,
      subject: input.subject,
      body: input.text,
      receivedAt: input.receivedAt ?? null,
      keyword: null,
      providerId: provider?.id ?? null,
      userId,
      referralSourceId: user?.referral_source_id ?? null,
    });
    if (id === null) throw conflict(MESSAGING_TEXTS.replayed, 'REPLAYED');
    await announce(tx, ctx, id, {
      channel: 'email',
      providerId: provider?.id ?? null,
      userId,
      length: input.text.length,
    });
    return itemOf(tx, id);
  });
}

const scopeOf = (actor: Actor): repo.InboxScope => (isStaff(actor) ? null : { userId: actor.userId });

/** GET /api/messaging/inbox: newest first; staff see every message, others only those they sent. */
export async function listInbox(
  services: Services,
  ctx: RequestContext,
  q: InboxListQuery,
): Promise<InboxList> {
  const scope = scopeOf(requireActor(ctx));
  const filter: repo.ListFilter = {
    status: q.status === 'All' ? undefined : q.status,
    channel: q.channel,
    pattern: q.search ? containsPattern(q.search) : undefined,
  };
  const [rows, total, pendingCount] = await Promise.all([
    repo.listItems(services.db, scope, filter, q),
    repo.countItems(services.db, scope, filter),
    repo.countItems(services.db, scope, { status: 'Pending' }),
  ]);
  return { rows: rows.map(toItem), paging: pagingOf(q, total), pendingCount };
}

/** The item, locked, for staff to answer or handle: 403 for others, 404 unknown, 409 already handled. */
async function openItem(tx: Executor, actor: Actor, id: number): Promise<repo.ItemRow> {
  if (!isStaff(actor)) throw forbidden(MESSAGING_TEXTS.staffOnly);
  const item = await repo.findItem(tx, id, true);
  if (!item) throw notFound('Message');
  if (item.status === 'Handled') throw conflict(MESSAGING_TEXTS.alreadyHandled, 'ALREADY_HANDLED');
  return item;
}

/** POST /api/messaging/inbox/:id/handled */
export async function markHandled(
  services: Services,
  ctx: RequestContext,
  id: number,
): Promise<{ item: InboxItem; message: string }> {
  const actor = requireActor(ctx);
  const item = await services.db.transaction(async (tx) => {
    await openItem(tx, actor, id);
    await repo.markHandled(tx, id, actor.userId);
    await recordAudit(tx, ctx, {
      entity: ENTITY,
      entityId: id,
      action: 'UPDATE',
      after: { status: 'Handled' },
    });
    return itemOf(tx, id);
  });
  return { item, message: MESSAGING_TEXTS.markedHandled };
}

const refusalText = (providerId: number, reason: SmsRefusal) =>
  reason === 'unanswered'
    ? MESSAGING_TEXTS.smsBlocked(providerId)
    : reason === 'optedOut'
      ? MESSAGING_TEXTS.smsOptedOut(providerId)
      : MESSAGING_TEXTS.smsNoPhone(providerId);

/**
 * Staff's SMS to a clinician through the rule, also written (channel sms) into the direct topic between the staff
 * user and the clinician's user, whose id the outbox row keeps: the clinician's answer lands there.
 */
async function smsToClinician(
  tx: Executor,
  ctx: RequestContext,
  actor: Actor,
  provider: repo.ProviderMatch,
  body: string,
  respectEnableSms: boolean,
): Promise<'sent' | SmsRefusal> {
  const clinician = { id: provider.id, phoneNumber: provider.phone_number, enableSms: provider.enable_sms };
  const refusal = await smsRefusal(tx, clinician, respectEnableSms);
  if (refusal) return refusal;
  let topicId: number | null = null;
  if (provider.user_id !== null && provider.user_active && provider.user_id !== actor.userId) {
    topicId = (await openDirectTopic(tx, ctx, actor, provider.user_id)).id;
    await postChannelMessage(tx, ctx, {
      topicId,
      authorId: actor.userId,
      body,
      channel: 'sms',
      key: `sms-out:${randomUUID()}`,
    });
  }
  return enqueueClinicianSms(tx, clinician, { body, sentByUserId: actor.userId, topicId, respectEnableSms });
}

/** POST /api/messaging/inbox/:id/reply: answered on its channel, then handled; a refused SMS writes nothing. */
export async function reply(
  services: Services,
  ctx: RequestContext,
  id: number,
  body: string,
): Promise<{ item: InboxItem; message: string }> {
  const actor = requireActor(ctx);
  const item = await services.db.transaction(async (tx) => {
    const found = await openItem(tx, actor, id);
    if (found.channel === 'email') {
      await enqueueMessage(tx, {
        channel: 'email',
        to: found.from_address,
        subject: `Re: ${found.subject ?? ''}`.trim(),
        body,
        sentByUserId: actor.userId,
      });
    } else if (found.provider_id !== null) {
      const [provider] = await repo.providersByIds(tx, [found.provider_id]);
      const outcome = await smsToClinician(tx, ctx, actor, provider!, body, false);
      if (outcome !== 'sent') throw conflict(refusalText(found.provider_id, outcome), 'SMS_REFUSED');
    } else {
      if (await isOptedOut(tx, found.from_address)) throw conflict(NUMBER_OPTED_OUT, 'SMS_REFUSED');
      await enqueueMessage(tx, { channel: 'sms', to: found.from_address, body, sentByUserId: actor.userId });
    }
    await repo.markHandled(tx, id, actor.userId);
    await recordAudit(tx, ctx, {
      entity: ENTITY,
      entityId: id,
      action: 'UPDATE',
      after: { status: 'Handled', reply: { channel: found.channel, length: body.length } },
    });
    return itemOf(tx, id);
  });
  return { item, message: MESSAGING_TEXTS.replySent };
}

/** POST /api/messaging/sms: each clinician through the rule (SMS turned off refuses too), in one transaction. */
export async function sendClinicianSms(
  services: Services,
  ctx: RequestContext,
  input: ClinicianSms,
): Promise<ClinicianSmsResult> {
  const actor = requireActor(ctx);
  if (!isStaff(actor)) throw forbidden(MESSAGING_TEXTS.staffOnly);
  const ids = [...new Set(input.providerIds)];
  return services.db.transaction(async (tx) => {
    const providers = await repo.providersByIds(tx, ids);
    const unknown = ids.filter((pid) => !providers.some((p) => Number(p.id) === pid));
    if (unknown.length) throw badRequest('providerIds', `unknown clinician(s): ${unknown.join(', ')}`);
    const sent: number[] = [];
    const notSent: ClinicianSmsResult['notSent'] = [];
    for (const provider of providers) {
      const outcome = await smsToClinician(tx, ctx, actor, provider, input.body, true);
      if (outcome === 'sent') sent.push(Number(provider.id));
      else notSent.push({ providerId: Number(provider.id), reason: outcome });
    }
    if (!sent.length) {
      const texts = notSent.map((n) => refusalText(n.providerId, n.reason));
      throw new AppError(
        409,
        'SMS_REFUSED',
        texts.length === 1 ? texts[0]! : `Nothing was sent: ${texts.join(' ')}`,
      );
    }
    await recordAudit(tx, ctx, {
      entity: 'ClinicianSms',
      entityId: null,
      action: 'CREATE',
      after: { sent, notSent, length: input.body.length },
    });
    return {
      sent,
      notSent,
      message: notSent.length
        ? MESSAGING_TEXTS.smsPartial(notSent.map((n) => n.providerId))
        : MESSAGING_TEXTS.smsSent,
    };
  });
}

/** GET /api/messaging/smsBlocks */
export async function listSmsBlocks(services: Services, ctx: RequestContext): Promise<SmsBlockList> {
  if (!isStaff(requireActor(ctx))) throw forbidden(MESSAGING_TEXTS.staffOnly);
  return { rows: await smsBlocks(services.db) };
}
