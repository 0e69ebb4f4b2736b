// Chat (issue 27, migration 0040): topics, their members' read state, and messages. A care-team topic is one per
// service request (SPEC §3 episode careTeamTopicId); its members follow the episode (its organization's users, its
// coordinators, the clinicians of its visits) and are computed when the topic is read or posted to, so a row in
// chat_topic_members only keeps where such a member has read up to. A direct topic is between two users, both
// kept as member rows. A message is written once per author's idempotency key, so a retried send is one message.
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigserial,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { referralSources, users } from './core-schema';
import { episodes, patients, providers } from './scheduling-schema';
import { createdAt, storedFileColumns, updatedAt, version } from './columns';

export const chatTopics = pgTable(
  'chat_topics',
  {
    id: serial('id').primaryKey(),
    /** 'careTeam' (one per episode) or 'direct' (two users). */
    kind: text('kind').notNull(),
    /** The service request of a care-team topic; null for a direct one. */
    episodeId: integer('episode_id').references(() => episodes.id),
    /** The organization the topic belongs to: the episode's, or a direct topic's organization user's; else null. */
    referralSourceId: integer('referral_source_id').references(() => referralSources.id),
    /** A direct topic's two users, the smaller id first (one topic per pair). */
    directUserLow: integer('direct_user_low').references(() => users.id),
    directUserHigh: integer('direct_user_high').references(() => users.id),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    /** The newest message, set in the transaction that posts it (lists sort topics by it). */
    lastMessageId: integer('last_message_id'),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
  },
  (t) => [
    check('chat_topics_kind_check', sql`${t.kind} in ('careTeam', 'direct')`),
    check(
      'chat_topics_shape_check',
      sql`(${t.kind} = 'careTeam' and ${t.episodeId} is not null and ${t.directUserLow} is null and ${t.directUserHigh} is null)
        or (${t.kind} = 'direct' and ${t.episodeId} is null and ${t.directUserLow} < ${t.directUserHigh})`,
    ),
    uniqueIndex('chat_topics_episode_key')
      .on(t.episodeId)
      .where(sql`kind = 'careTeam'`),
    uniqueIndex('chat_topics_direct_key')
      .on(t.directUserLow, t.directUserHigh)
      .where(sql`kind = 'direct'`),
  ],
);

export const chatTopicMembers = pgTable(
  'chat_topic_members',
  {
    topicId: integer('topic_id')
      .notNull()
      .references(() => chatTopics.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** Read up to and including this message; null: nothing read yet. */
    lastReadMessageId: integer('last_read_message_id'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'chat_topic_members_pkey', columns: [t.topicId, t.userId] }),
    // A user's topics (direct ones, and the read state of every one).
    index('chat_topic_members_user_idx').on(t.userId, t.topicId, t.lastReadMessageId),
  ],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: serial('id').primaryKey(),
    topicId: integer('topic_id')
      .notNull()
      .references(() => chatTopics.id),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id),
    body: text('body').notNull(),
    /** The client's key of this send: a retry with the same key answers the message already written. */
    idempotencyKey: text('idempotency_key').notNull(),
    /** The file sent with the message (message_files, migration 0048); null: none. At most one message a file. */
    attachmentFileId: integer('attachment_file_id').references((): AnyPgColumn => messageFiles.id),
    createdAt: createdAt(),
    /** How it came: 'app', or 'sms' / 'email' (an inbound reply, or staff's SMS to a clinician; migration 0043). */
    channel: text('channel').notNull().default('app'),
  },
  (t) => [
    check(
      'chat_messages_body_check',
      sql`length(${t.body}) <= 4000 and (length(${t.body}) >= 1 or ${t.attachmentFileId} is not null)`,
    ),
    uniqueIndex('chat_messages_attachment_key')
      .on(t.attachmentFileId)
      .where(sql`${t.attachmentFileId} is not null`),
    check('chat_messages_channel_check', sql`${t.channel} in ('app', 'sms', 'email')`),
    uniqueIndex('chat_messages_author_key').on(t.authorId, t.idempotencyKey),
    // A topic's history newest first by keyset on id, and the unread count after a read mark (others' messages).
    index('chat_messages_topic_idx').on(t.topicId, t.id, t.authorId),
  ],
);

/**
 * Files attached to chat messages (issue 27, migration 0048, decision 067): stored in a conversation by a member
 * (the upload checks of decision 012), then sent with one message; downloaded by the conversation's members.
 */
export const messageFiles = pgTable(
  'message_files',
  {
    id: serial('id').primaryKey(),
    topicId: integer('topic_id')
      .notNull()
      .references(() => chatTopics.id),
    ...storedFileColumns(),
  },
  (t) => [index('message_files_topic_idx').on(t.topicId, t.uploadedAt)],
);

/**
 * SMS and emails received by the signed webhooks (issue 27, migration 0043, decision 062): one row per gateway
 * message id and channel (a replay is refused), the sender matched to a clinician or a user, and the chat topic
 * it landed in. Pending until staff answer or handle it; a STOP / START keyword is handled on arrival.
 */
export const inboundMessages = pgTable(
  'inbound_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** 'sms' or 'email'. */
    channel: text('channel').notNull(),
    /** The gateway's message id. */
    externalId: text('external_id').notNull(),
    /** The sender's number (10 digits) or email address (lower case). */
    fromAddress: text('from_address').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    /** 'Pending' or 'Handled'. */
    status: text('status').notNull().default('Pending'),
    /** 'STOP' or 'START' when the SMS was that keyword. */
    keyword: text('keyword'),
    providerId: integer('provider_id').references(() => providers.id),
    userId: integer('user_id').references(() => users.id),
    referralSourceId: integer('referral_source_id').references(() => referralSources.id),
    topicId: integer('topic_id').references(() => chatTopics.id),
    chatMessageId: integer('chat_message_id').references(() => chatMessages.id),
    /** The service request the intake assistant created from this email (on the patient's timeline with it). */
    episodeId: integer('episode_id').references(() => episodes.id),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    handledByUserId: integer('handled_by_user_id').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    check('inbound_messages_channel_check', sql`${t.channel} in ('sms', 'email')`),
    check('inbound_messages_status_check', sql`${t.status} in ('Pending', 'Handled')`),
    check('inbound_messages_keyword_check', sql`${t.keyword} in ('STOP', 'START')`),
    uniqueIndex('inbound_messages_external_key').on(t.channel, t.externalId),
    index('inbound_messages_status_idx').on(t.status, t.receivedAt.desc()),
    index('inbound_messages_from_idx').on(t.fromAddress, t.receivedAt),
    // A clinician's latest answer: where the SMS rule starts counting (services/clinician-sms.ts).
    index('inbound_messages_episode_idx')
      .on(t.episodeId)
      .where(sql`episode_id is not null`),
    index('inbound_messages_provider_idx')
      .on(t.providerId, t.createdAt)
      .where(sql`provider_id is not null`),
  ],
);

/** Numbers that texted STOP (10 digits): they get nothing by SMS but the STOP confirmation until START. */
export const smsOptOuts = pgTable('sms_opt_outs', {
  phone: text('phone').primaryKey(),
  optedOutAt: timestamp('opted_out_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Message templates (issue 27, migration 0044, decision 063): one per purpose and credential state (SPEC §4: 1, 3,
 * 5), an email subject and message, an SMS and an app message in English, each optionally in German (SPEC §9).
 * The migration seeds the broadcast rows, so every database has them.
 */
export const messageTemplates = pgTable(
  'message_templates',
  {
    id: serial('id').primaryKey(),
    /** What the template is for: 'broadcast' (MESSAGE_TEMPLATE_PURPOSES). */
    purpose: text('purpose').notNull(),
    credentialState: integer('credential_state').notNull(),
    emailSubject: text('email_subject').notNull(),
    emailMessage: text('email_message').notNull(),
    smsMessage: text('sms_message').notNull(),
    appMessage: text('app_message').notNull(),
    emailSubjectDe: text('email_subject_de'),
    emailMessageDe: text('email_message_de'),
    smsMessageDe: text('sms_message_de'),
    appMessageDe: text('app_message_de'),
    version: version(),
    updatedAt: updatedAt(),
    /** Who saved it last; null for the seeded text. */
    updatedByUserId: integer('updated_by_user_id').references(() => users.id),
  },
  (t) => [
    check('message_templates_credential_state_check', sql`${t.credentialState} in (1, 3, 5)`),
    uniqueIndex('message_templates_purpose_state_key').on(t.purpose, t.credentialState),
  ],
);

/**
 * The broadcast of open visits (issue 27, migration 0046, decision 065): one service request's open visits sent
 * to many clinicians. Its recipients are the job queue (broadcast_recipients) the BroadcastDispatcher works off.
 */
export const broadcasts = pgTable(
  'broadcasts',
  {
    id: serial('id').primaryKey(),
    episodeId: integer('episode_id')
      .notNull()
      .references(() => episodes.id),
    visitIds: integer('visit_ids').array().notNull(),
    createdByUserId: integer('created_by_user_id')
      .notNull()
      .references(() => users.id),
    /** The creator's key of the request: a retry answers the same broadcast. */
    idempotencyKey: text('idempotency_key').notNull(),
    /** 'Queued', 'Sending', 'Done'. */
    status: text('status').notNull().default('Queued'),
    recipientCount: integer('recipient_count').notNull().default(0),
    sentCount: integer('sent_count').notNull().default(0),
    skippedCount: integer('skipped_count').notNull().default(0),
    failedCount: integer('failed_count').notNull().default(0),
    /** The recipients SMS could not reach when it was queued (the partial answer, the same on a retry). */
    smsBlockedIds: integer('sms_blocked_ids')
      .array()
      .notNull()
      .default(sql`'{}'`),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    check('broadcasts_status_check', sql`${t.status} in ('Queued', 'Sending', 'Done')`),
    uniqueIndex('broadcasts_creator_key').on(t.createdByUserId, t.idempotencyKey),
    index('broadcasts_episode_idx').on(t.episodeId, t.createdAt.desc(), t.id.desc()),
    index('broadcasts_created_idx').on(t.createdAt.desc(), t.id.desc()),
  ],
);

export const broadcastRecipients = pgTable(
  'broadcast_recipients',
  {
    broadcastId: integer('broadcast_id')
      .notNull()
      .references(() => broadcasts.id, { onDelete: 'cascade' }),
    providerId: integer('provider_id')
      .notNull()
      .references(() => providers.id),
    /** 'Pending', 'Sending', 'Sent', 'Skipped', 'Failed'. */
    status: text('status').notNull().default('Pending'),
    /** What reached the clinician: 'email', 'sms', 'app'. */
    channels: text('channels')
      .array()
      .notNull()
      .default(sql`'{}'`),
    reason: text('reason'),
    attempts: integer('attempts').notNull().default(0),
    /** A failed attempt waits until then (backoff). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ name: 'broadcast_recipients_pkey', columns: [t.broadcastId, t.providerId] }),
    check(
      'broadcast_recipients_status_check',
      sql`${t.status} in ('Pending', 'Sending', 'Sent', 'Skipped', 'Failed')`,
    ),
    index('broadcast_recipients_queue_idx')
      .on(t.status, t.claimedAt)
      .where(sql`${t.status} in ('Pending', 'Sending')`),
  ],
);

/**
 * The notes written on a timeline (issue 27, migration 0047, decision 066): call logs, communication notes and
 * comments about exactly one patient, clinician or organization. Kept as written (no edits): the timeline is a
 * record.
 */
export const timelineNotes = pgTable(
  'timeline_notes',
  {
    id: serial('id').primaryKey(),
    /** 'callLog', 'communicationNote', 'comment'. */
    kind: text('kind').notNull(),
    patientId: integer('patient_id').references(() => patients.id),
    providerId: integer('provider_id').references(() => providers.id),
    referralSourceId: integer('referral_source_id').references(() => referralSources.id),
    body: text('body').notNull(),
    /** Call logs: who was on the call, and 'Outgoing' or 'Incoming'. */
    contactName: text('contact_name'),
    direction: text('direction'),
    createdByUserId: integer('created_by_user_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    check('timeline_notes_kind_check', sql`${t.kind} in ('callLog', 'communicationNote', 'comment')`),
    check(
      'timeline_notes_one_subject_check',
      sql`num_nonnulls(${t.patientId}, ${t.providerId}, ${t.referralSourceId}) = 1`,
    ),
    check('timeline_notes_direction_check', sql`${t.direction} in ('Outgoing', 'Incoming')`),
    index('timeline_notes_patient_idx').on(t.patientId, t.createdAt.desc()),
    index('timeline_notes_provider_idx').on(t.providerId, t.createdAt.desc()),
    index('timeline_notes_referral_source_idx').on(t.referralSourceId, t.createdAt.desc()),
  ],
);
