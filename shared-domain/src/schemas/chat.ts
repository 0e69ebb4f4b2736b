// Chat (SPEC §7 "chat (topics, messages, read status, counts)", issue 27): care-team topics (one per service
// request, the episode's careTeamTopicId) and direct topics, their messages 20 at a time newest first (SPEC §9
// "message count 20"), read marks and unread counts (SPEC §7 "topics give referralSourceId and
// totalUnreadMessages"). Paths under /api/chat.
import { z } from 'zod';
import { idSchema, idValueSchema, isoDateTimeSchema, pagingQuerySchema, pagingSchema } from './common';

/** SPEC §9: message count 20. */
export const CHAT_MESSAGE_PAGE_SIZE = 20;
/** Longest message body, in characters (ours: SPEC leaves it not shown). */
export const CHAT_MESSAGE_MAX_LENGTH = 4000;
/** Longest idempotency key a client may send. */
export const CHAT_IDEMPOTENCY_KEY_MAX_LENGTH = 100;
/**
 * A conversation's unread count stops here (shown as 99+): counting stays cheap however long the history (ours;
 * the totals add the stopped counts).
 */
export const CHAT_UNREAD_CAP = 100;
/** Longest search text. */
export const CHAT_SEARCH_MAX_LENGTH = 200;

export const CHAT_TOPIC_KINDS = ['careTeam', 'direct'] as const;
export type ChatTopicKind = (typeof CHAT_TOPIC_KINDS)[number];

/** The texts of chat's refusals (ours). */
export const CHAT_MESSAGES = {
  notMember: 'Only the members of this conversation can see or write in it.',
  messageNotInTopic: 'is not a message of this conversation',
  directNotSelf: 'must be someone other than you',
  directStaffOnly: 'must be a staff user',
  directNotStaff: 'must be a clinician or an organization user',
  directInactive: 'is not an active user',
  keyReused: 'This idempotency key was already used for another message.',
  attachmentNotYours: 'is not a file you attached in this conversation',
  attachmentUsed: 'is already attached to another message',
  emptyMessage: 'must not be empty',
} as const;

/** A file attached to a message (SPEC §7 "fileserver (… message files)"): stored first, then sent with a message. */
export const chatFileSchema = z
  .object({
    id: z.number().int(),
    topicId: z.number().int(),
    fileName: z.string(),
    contentType: z.string(),
    sizeBytes: z.number().int(),
    uploadedAt: isoDateTimeSchema,
  })
  .meta({ id: 'ChatFile' });
export type ChatFile = z.infer<typeof chatFileSchema>;
export const chatFileParamsSchema = z.object({ topicId: idSchema, fileId: idSchema });

export const CHAT_MESSAGE_CHANNELS = ['app', 'sms', 'email'] as const;
export type ChatMessageChannel = (typeof CHAT_MESSAGE_CHANNELS)[number];

export const chatMessageSchema = z
  .object({
    id: z.number().int(),
    topicId: z.number().int(),
    authorId: z.number().int(),
    authorName: z.string(),
    body: z.string(),
    attachmentFileId: z.number().int().nullable(),
    /** The attached file, when there is one (download: GET /api/chat/topics/:topicId/files/:id). */
    attachment: chatFileSchema.nullable(),
    createdAt: isoDateTimeSchema,
    /** How it came: in the app, or by SMS / email (a clinician's reply, staff's SMS to them; decision 062). */
    channel: z.enum(CHAT_MESSAGE_CHANNELS),
  })
  .meta({ id: 'ChatMessage' });
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const chatTopicSchema = z
  .object({
    id: z.number().int(),
    kind: z.enum(CHAT_TOPIC_KINDS),
    /** A care-team topic's service request (the episode whose careTeamTopicId this is); null for direct. */
    episodeId: z.number().int().nullable(),
    /** The organization the topic belongs to, if any. */
    referralSourceId: z.number().int().nullable(),
    /** The service request's title, or the other person's name in a direct topic. */
    title: z.string(),
    /** Others' messages after the caller's read mark. */
    unreadCount: z.number().int(),
    lastReadMessageId: z.number().int().nullable(),
    lastMessage: chatMessageSchema.nullable(),
  })
  .meta({ id: 'ChatTopic' });
export type ChatTopic = z.infer<typeof chatTopicSchema>;

export const chatTopicListQuerySchema = pagingQuerySchema.extend({
  pageSize: z.coerce.number().int().min(1).max(100).default(CHAT_MESSAGE_PAGE_SIZE),
  kind: z
    .enum(CHAT_TOPIC_KINDS)
    .optional()
    .describe('Only topics of this kind (the collaboration page lists care-team topics)'),
});
export type ChatTopicListQuery = z.infer<typeof chatTopicListQuerySchema>;

/** GET /api/chat/topics: the caller's topics (of `kind`, when given), latest activity first. */
export const chatTopicListSchema = z.object({
  rows: z.array(chatTopicSchema),
  paging: pagingSchema,
  /** The caller's organization (null for staff and clinicians). */
  referralSourceId: z.number().int().nullable(),
  /** Unread messages over every topic of the caller (whatever `kind` asked for). */
  totalUnreadMessages: z.number().int(),
});
export type ChatTopicList = z.infer<typeof chatTopicListSchema>;

/** GET /api/chat/counts */
export const chatCountsSchema = z.object({ totalUnreadMessages: z.number().int() });
export type ChatCounts = z.infer<typeof chatCountsSchema>;

/** POST /api/chat/topics: opens (or finds) a service request's care-team topic or a direct topic. */
export const chatTopicOpenSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('careTeam'), episodeId: idValueSchema }),
  z.object({ kind: z.literal('direct'), userId: idValueSchema }),
]);
export type ChatTopicOpen = z.infer<typeof chatTopicOpenSchema>;

export const chatTopicParamsSchema = z.object({ topicId: idSchema });

/** GET /api/chat/topics/:topicId/messages: 20 newest first, older ones with `before`; `search` filters. */
export const chatMessageListQuerySchema = z.object({
  before: idSchema
    .optional()
    .describe('Only messages older than this message id (the previous page’s nextBefore)'),
  search: z
    .string()
    .trim()
    .min(1, { error: 'must not be empty' })
    .max(CHAT_SEARCH_MAX_LENGTH)
    .optional()
    .describe('Only messages whose text contains this (case-insensitive)'),
});
export type ChatMessageListQuery = z.infer<typeof chatMessageListQuerySchema>;

export const chatMessageListSchema = z.object({
  rows: z.array(chatMessageSchema),
  /** Pass as `before` for the next (older) page; null when there is none. */
  nextBefore: z.number().int().nullable(),
});
export type ChatMessageList = z.infer<typeof chatMessageListSchema>;

/** POST /api/chat/topics/:topicId/messages */
export const chatMessageInputSchema = z
  .object({
    body: z
      .string({ error: 'is required' })
      .trim()
      .max(CHAT_MESSAGE_MAX_LENGTH, { error: `must be at most ${CHAT_MESSAGE_MAX_LENGTH} characters` }),
    /** A file stored by POST …/files in this conversation by the same author, not attached yet. */
    attachmentFileId: idValueSchema.optional(),
    idempotencyKey: z
      .string({ error: 'is required' })
      .min(1, { error: 'must not be empty' })
      .max(CHAT_IDEMPOTENCY_KEY_MAX_LENGTH)
      .regex(/^[A-Za-z0-9_.:-]+$/, { error: 'may hold only letters, digits and _ . : -' })
      .describe(
        'The client’s key of this send (e.g. a UUID): a retry with the same key answers the same message',
      ),
  })
  .superRefine((input, ctx) => {
    if (!input.body && input.attachmentFileId === undefined)
      ctx.addIssue({ code: 'custom', path: ['body'], message: CHAT_MESSAGES.emptyMessage });
  });
export type ChatMessageInput = z.infer<typeof chatMessageInputSchema>;

export const chatMessageResultSchema = z.object({ message: chatMessageSchema });

/** POST /api/chat/topics/:topicId/read: read up to and including this message. */
export const chatReadInputSchema = z.object({ messageId: idValueSchema });
export type ChatReadInput = z.infer<typeof chatReadInputSchema>;

export const chatReadResultSchema = z.object({
  topicId: z.number().int(),
  lastReadMessageId: z.number().int().nullable(),
  unreadCount: z.number().int(),
  totalUnreadMessages: z.number().int(),
});
export type ChatReadResult = z.infer<typeof chatReadResultSchema>;
