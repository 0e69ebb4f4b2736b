// Chat (issue 27, migration 0040): topics, their members' read state, and messages. A care-team topic is one per
// service request (SPEC §3 episode careTeamTopicId); its members follow the episode (its organization's users, its
// coordinators, the clinicians of its visits) and are computed when the topic is read or posted to, so a row in
// chat_topic_members only keeps where such a member has read up to. A direct topic is between two users, both
// kept as member rows. A message is written once per author's idempotency key, so a retried send is one message.
import { sql } from 'drizzle-orm';
import {
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
import { episodes } from './scheduling-schema';
import { createdAt } from './columns';

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
    /** A file attached to the message (the fileserver's message files, a later slice); null: none. */
    attachmentFileId: integer('attachment_file_id'),
    createdAt: createdAt(),
  },
  (t) => [
    check('chat_messages_body_check', sql`length(${t.body}) between 1 and 4000`),
    uniqueIndex('chat_messages_author_key').on(t.authorId, t.idempotencyKey),
    // A topic's history newest first by keyset on id, and the unread count after a read mark (others' messages).
    index('chat_messages_topic_idx').on(t.topicId, t.id, t.authorId),
  ],
);
