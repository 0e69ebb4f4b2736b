// In-app notifications of one user (issue 24, migration 0028): written in the transaction of what they tell of.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './core-schema';
import { createdAt } from './columns';

export const userNotifications = pgTable(
  'user_notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** NOTIFICATION_KINDS of shared-domain. */
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** The in-app path it is about. */
    link: text('link'),
    /** One notification per event, however often its transaction is retried. */
    dedupeKey: text('dedupe_key'),
    createdAt: createdAt(),
    dismissedAt: timestamp('dismissed_at', { withTimezone: true }),
  },
  (t) => [
    check('user_notifications_kind_check', sql`${t.kind} in ('noteRejected', 'broadcast')`),
    index('user_notifications_user_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    uniqueIndex('user_notifications_dedupe_key').on(t.dedupeKey),
  ],
);
