// Chat (issue 27, SPEC §7 chat: topics, messages, read status, counts). Every write is one transaction with its
// audit entry; a posted message is announced on the platform's event stream (services/events.ts: NOTIFY, heard
// by every API instance at commit, in commit order, once) as `chatMessage` `created` to the topic's members.
import {
  CHAT_MESSAGE_PAGE_SIZE,
  CHAT_MESSAGES,
  ROLE,
  isOrganizationRole,
  type ChatCounts,
  type ChatFile,
  type ChatMessage,
  type ChatMessageInput,
  type ChatMessageList,
  type ChatMessageListQuery,
  type ChatReadResult,
  type ChatTopic,
  type ChatTopicList,
  type ChatTopicListQuery,
  type ChatTopicOpen,
} from '@carelane/shared-domain';
import type { Executor } from '../../../db/client';
import { badRequest, conflict, forbidden, notFound } from '../../../lib/errors';
import { containsPattern } from '../../../lib/like-pattern';
import { checkUpload } from '../../../services/file-upload';
import { pagingOf } from '../../../lib/paging';
import type { AppServices } from '../../../services/app-services';
import { recordAudit } from '../../../services/audit';
import { requireActor, type Actor, type RequestContext } from '../../../services/context';
import { publishEvent } from '../../../services/events';
import * as repo from './repository';

type Services = Pick<AppServices, 'db'>;

export const CHAT_MESSAGE_EVENT = 'chatMessage';

function viewerOf(actor: Actor): repo.Viewer {
  return {
    userId: actor.userId,
    orgId: isOrganizationRole(actor.roleId) ? actor.referralSourceId : null,
  };
}

const iso = (value: Date | string) => new Date(value).toISOString();

function toMessage(m: repo.MessageRow): ChatMessage {
  return {
    id: Number(m.id),
    topicId: Number(m.topic_id),
    authorId: Number(m.author_id),
    authorName: m.author_name,
    body: m.body,
    attachmentFileId: m.attachment_file_id,
    attachment:
      m.attachment_file_id === null
        ? null
        : {
            id: m.attachment_file_id,
            topicId: Number(m.topic_id),
            fileName: m.file_name!,
            contentType: m.content_type!,
            sizeBytes: m.size_bytes!,
            uploadedAt: iso(m.uploaded_at!),
          },
    createdAt: iso(m.created_at),
    channel: m.channel,
  };
}

const toFile = (f: repo.FileRow): ChatFile => ({
  id: f.id,
  topicId: Number(f.topic_id),
  fileName: f.file_name,
  contentType: f.content_type,
  sizeBytes: f.size_bytes,
  uploadedAt: iso(f.uploaded_at),
});

function toTopic(t: repo.TopicRow): ChatTopic {
  return {
    id: Number(t.id),
    kind: t.kind,
    episodeId: t.episode_id,
    referralSourceId: t.referral_source_id,
    title: t.title ?? '',
    unreadCount: Number(t.unread_count),
    lastReadMessageId: t.last_read_message_id,
    lastMessage:
      t.last_id === null
        ? null
        : toMessage({
            id: t.last_id,
            topic_id: t.id,
            author_id: t.last_author_id!,
            author_name: t.last_author_name ?? '',
            body: t.last_body ?? '',
            attachment_file_id: t.last_attachment_file_id,
            created_at: t.last_created_at!,
            channel: t.last_channel ?? 'app',
            file_name: t.last_file_name,
            content_type: t.last_content_type,
            size_bytes: t.last_size_bytes,
            uploaded_at: t.last_uploaded_at,
          }),
  };
}

/** 403 unless the caller is a member of the topic (or when it does not exist); see `isTopicMember` for `options`. */
async function requireMember(
  ex: Executor,
  actor: Actor,
  topicId: number,
  options?: repo.MembershipCheck,
): Promise<void> {
  if (!(await repo.isTopicMember(ex, viewerOf(actor), topicId, options)))
    throw forbidden(CHAT_MESSAGES.notMember);
}

/** The topic as the caller sees it; 403 when they are not a member (or it does not exist). */
async function memberTopic(ex: Executor, actor: Actor, topicId: number): Promise<ChatTopic> {
  const row = await repo.findTopic(ex, viewerOf(actor), topicId);
  if (!row) throw forbidden(CHAT_MESSAGES.notMember);
  return toTopic(row);
}

/** GET /api/chat/topics */
export async function listTopics(
  services: Services,
  ctx: RequestContext,
  q: ChatTopicListQuery,
): Promise<ChatTopicList> {
  const actor = requireActor(ctx);
  const viewer = viewerOf(actor);
  const [rows, totals] = await Promise.all([
    repo.listTopics(services.db, viewer, q),
    repo.topicTotals(services.db, viewer, q.kind),
  ]);
  return {
    rows: rows.map(toTopic),
    paging: pagingOf(q, totals.topics),
    referralSourceId: actor.referralSourceId,
    totalUnreadMessages: totals.unread,
  };
}

/** GET /api/chat/counts */
export async function counts(services: Services, ctx: RequestContext): Promise<ChatCounts> {
  const totals = await repo.topicTotals(services.db, viewerOf(requireActor(ctx)));
  return { totalUnreadMessages: totals.unread };
}

/** GET /api/chat/topics/:topicId */
export async function getTopic(services: Services, ctx: RequestContext, topicId: number): Promise<ChatTopic> {
  return memberTopic(services.db, requireActor(ctx), topicId);
}

const isStaff = (roleId: number) => roleId !== ROLE.CLINICIAN && !isOrganizationRole(roleId);

/** The direct topic's organization and its two users, checked: one staff, the other a clinician or an organization user. */
async function directShape(ex: Executor, actor: Actor, userId: number) {
  if (userId === actor.userId) throw badRequest('userId', CHAT_MESSAGES.directNotSelf);
  const other = await repo.findUser(ex, userId);
  if (!other || other.status !== 'ACTIVE') throw badRequest('userId', CHAT_MESSAGES.directInactive);
  const actorStaff = isStaff(actor.roleId);
  const otherStaff = isStaff(other.role_id);
  if (!actorStaff && !otherStaff) throw badRequest('userId', CHAT_MESSAGES.directStaffOnly);
  if (actorStaff && otherStaff) throw badRequest('userId', CHAT_MESSAGES.directNotStaff);
  const orgUser = isOrganizationRole(actor.roleId)
    ? actor.referralSourceId
    : isOrganizationRole(other.role_id)
      ? other.referral_source_id
      : null;
  return {
    referralSourceId: orgUser,
    low: Math.min(actor.userId, userId),
    high: Math.max(actor.userId, userId),
  };
}

/**
 * The direct topic between the actor and another user, opened (and audited) inside the caller's transaction when
 * it does not exist yet. Also used by the inbox and direct SMS (messaging/inbound) for staff and a clinician.
 */
export async function openDirectTopic(
  tx: Executor,
  ctx: RequestContext,
  actor: Actor,
  userId: number,
): Promise<{ id: number; created: boolean }> {
  const shape = await directShape(tx, actor, userId);
  const row = {
    kind: 'direct' as const,
    episodeId: null,
    referralSourceId: shape.referralSourceId,
    directUserLow: shape.low,
    directUserHigh: shape.high,
    createdBy: actor.userId,
  };
  const topicId = await repo.insertTopic(tx, row);
  if (topicId === null) return { id: (await repo.directTopicId(tx, shape.low, shape.high))!, created: false };
  await repo.insertMembers(tx, topicId, [shape.low, shape.high]);
  await recordAudit(tx, ctx, { entity: 'ChatTopic', entityId: topicId, action: 'CREATE', after: row });
  return { id: topicId, created: true };
}

/**
 * A message that came by SMS or email (a clinician's reply, staff's SMS), written into a topic inside the caller's
 * transaction once per key, audited and announced to the topic's members like a post. Its id, or null when the
 * key was already used.
 */
export async function postChannelMessage(
  tx: Executor,
  ctx: RequestContext,
  input: { topicId: number; authorId: number; body: string; channel: 'sms' | 'email'; key: string },
): Promise<number | null> {
  const id = await repo.insertMessage(tx, {
    topicId: input.topicId,
    authorId: input.authorId,
    body: input.body,
    idempotencyKey: input.key,
    channel: input.channel,
  });
  if (id === null) return null;
  await recordAudit(tx, ctx, {
    entity: 'ChatMessage',
    entityId: id,
    action: 'CREATE',
    after: {
      topicId: input.topicId,
      authorId: input.authorId,
      length: input.body.length,
      channel: input.channel,
    },
  });
  await publishEvent(
    tx,
    { entity: CHAT_MESSAGE_EVENT, id, action: 'created' },
    { userIds: await repo.memberIds(tx, input.topicId) },
  );
  return id;
}

/** POST /api/chat/topics: a service request's care-team topic, or a direct topic; found if it exists. */
export async function openTopic(
  services: Services,
  ctx: RequestContext,
  input: ChatTopicOpen,
): Promise<{ created: boolean; topic: ChatTopic }> {
  const actor = requireActor(ctx);
  const viewer = viewerOf(actor);
  const { id, created } = await services.db.transaction(async (tx) => {
    let topicId: number | null;
    let row: Parameters<typeof repo.insertTopic>[1];
    if (input.kind === 'careTeam') {
      const organization = await repo.episodeOrganization(tx, input.episodeId);
      if (organization === undefined) throw notFound('Service request');
      if (viewer.orgId !== null && organization !== viewer.orgId) throw notFound('Service request');
      if (!(await repo.isCareTeamMember(tx, viewer, input.episodeId)))
        throw forbidden(CHAT_MESSAGES.notMember);
      row = {
        kind: 'careTeam',
        episodeId: input.episodeId,
        referralSourceId: organization,
        directUserLow: null,
        directUserHigh: null,
        createdBy: actor.userId,
      };
      topicId = await repo.insertTopic(tx, row);
      if (topicId === null) return { id: (await repo.careTeamTopicId(tx, input.episodeId))!, created: false };
    } else return openDirectTopic(tx, ctx, actor, input.userId);
    await recordAudit(tx, ctx, { entity: 'ChatTopic', entityId: topicId, action: 'CREATE', after: row });
    return { id: topicId, created: true };
  });
  return { created, topic: await memberTopic(services.db, actor, id) };
}

/** GET /api/chat/topics/:topicId/messages: 20 newest first, older with `before`, filtered by `search`. */
export async function listMessages(
  services: Services,
  ctx: RequestContext,
  topicId: number,
  q: ChatMessageListQuery,
): Promise<ChatMessageList> {
  const actor = requireActor(ctx);
  const which = {
    before: q.before,
    pattern: q.search !== undefined ? containsPattern(q.search) : undefined,
    limit: CHAT_MESSAGE_PAGE_SIZE + 1,
  };
  // Most readers are members by the topic or its service request: one statement checks that and reads the page.
  const ofMember = await repo.listMessagesOfMember(services.db, viewerOf(actor), topicId, which);
  let rows = ofMember.rows;
  if (!ofMember.member) {
    await requireMember(services.db, actor, topicId, { askedWithoutVisits: true });
    rows = await repo.listMessages(services.db, topicId, which);
  }
  const page = rows.slice(0, CHAT_MESSAGE_PAGE_SIZE);
  return {
    rows: page.map(toMessage),
    nextBefore: rows.length > CHAT_MESSAGE_PAGE_SIZE ? Number(page[page.length - 1]!.id) : null,
  };
}

/**
 * POST /api/chat/topics/:topicId/messages: written once per idempotency key of its author (a retry answers the
 * message already written, `created` false); announced to the topic's members when committed.
 */
export async function postMessage(
  services: Services,
  ctx: RequestContext,
  topicId: number,
  input: ChatMessageInput,
): Promise<{ created: boolean; message: ChatMessage }> {
  const actor = requireActor(ctx);
  const { id, created } = await services.db.transaction(async (tx) => {
    await requireMember(tx, actor, topicId, { lock: true });
    // A retry answers the message its key already wrote (before its attachment, sent with it, is checked again).
    const sentBefore = async () => {
      const earlier = await repo.findByKey(tx, actor.userId, input.idempotencyKey);
      if (!earlier) return null;
      if (Number(earlier.topic_id) !== topicId || earlier.body !== input.body)
        throw conflict(CHAT_MESSAGES.keyReused, 'IDEMPOTENCY_KEY_REUSED');
      return { id: Number(earlier.id), created: false };
    };
    const retried = await sentBefore();
    if (retried) return retried;
    if (input.attachmentFileId !== undefined)
      await checkAttachment(tx, actor.userId, topicId, input.attachmentFileId);
    const newId = await repo.insertMessage(tx, {
      topicId,
      authorId: actor.userId,
      body: input.body,
      idempotencyKey: input.idempotencyKey,
      attachmentFileId: input.attachmentFileId,
    });
    if (newId === null) {
      const concurrent = await sentBefore();
      if (!concurrent) throw conflict(CHAT_MESSAGES.keyReused, 'IDEMPOTENCY_KEY_REUSED');
      return concurrent;
    }
    await recordAudit(tx, ctx, {
      entity: 'ChatMessage',
      entityId: newId,
      action: 'CREATE',
      after: {
        topicId,
        authorId: actor.userId,
        length: input.body.length,
        attachmentFileId: input.attachmentFileId ?? null,
      },
    });
    await publishEvent(
      tx,
      { entity: CHAT_MESSAGE_EVENT, id: newId, action: 'created' },
      { userIds: await repo.memberIds(tx, topicId) },
    );
    return { id: newId, created: true };
  });
  return { created, message: toMessage((await repo.findMessage(services.db, id))!) };
}

/** The file may go with this message: the author stored it in this topic, and no message has it yet. */
async function checkAttachment(tx: Executor, authorId: number, topicId: number, fileId: number) {
  const file = await repo.findFile(tx, topicId, fileId, true);
  if (!file || Number(file.uploaded_by) !== authorId)
    throw badRequest('attachmentFileId', CHAT_MESSAGES.attachmentNotYours);
  if (file.message_id !== null) throw badRequest('attachmentFileId', CHAT_MESSAGES.attachmentUsed);
}

/**
 * POST /api/chat/topics/:topicId/files: a member stores a file in the conversation (the checks of every upload:
 * type, size, content), to send it with their next message.
 */
export async function uploadFile(
  services: Services,
  ctx: RequestContext,
  topicId: number,
  fileName: string,
  content: Buffer,
): Promise<ChatFile> {
  const actor = requireActor(ctx);
  return services.db.transaction(async (tx) => {
    await requireMember(tx, actor, topicId);
    const contentType = await checkUpload(tx, fileName, content);
    const id = await repo.insertFile(tx, {
      topicId,
      fileName,
      contentType,
      content,
      uploadedBy: actor.userId,
    });
    const file = (await repo.findFile(tx, topicId, id))!;
    await recordAudit(tx, ctx, {
      entity: 'ChatFile',
      entityId: id,
      action: 'CREATE',
      after: { topicId, fileName, contentType, sizeBytes: content.length },
    });
    return toFile(file);
  });
}

/** GET /api/chat/topics/:topicId/files/:fileId: the bytes, for the conversation's members. */
export async function downloadFile(services: Services, ctx: RequestContext, topicId: number, fileId: number) {
  const actor = requireActor(ctx);
  await requireMember(services.db, actor, topicId);
  const file = await repo.readFileContent(services.db, topicId, fileId);
  if (!file) throw notFound('This file');
  return file;
}

/** POST /api/chat/topics/:topicId/read: the caller has read up to and including `messageId`. */
export async function markRead(
  services: Services,
  ctx: RequestContext,
  topicId: number,
  messageId: number,
): Promise<ChatReadResult> {
  const actor = requireActor(ctx);
  const viewer = viewerOf(actor);
  await services.db.transaction(async (tx) => {
    await requireMember(tx, actor, topicId);
    if ((await repo.messageTopicId(tx, messageId)) !== topicId)
      throw badRequest('messageId', CHAT_MESSAGES.messageNotInTopic);
    const mark = await repo.markRead(tx, topicId, actor.userId, messageId);
    await recordAudit(tx, ctx, {
      entity: 'ChatRead',
      entityId: topicId,
      action: 'UPDATE',
      after: { userId: actor.userId, lastReadMessageId: mark },
    });
  });
  const [topic, totals] = await Promise.all([
    memberTopic(services.db, actor, topicId),
    repo.topicTotals(services.db, viewer),
  ]);
  return {
    topicId,
    lastReadMessageId: topic.lastReadMessageId,
    unreadCount: topic.unreadCount,
    totalUnreadMessages: totals.unread,
  };
}
