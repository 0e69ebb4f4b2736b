// The report definitions staff save for /genericReport (issue 26, migration 0036, decision 054): each user's own,
// one name once per user. `definition` is shared-domain's generic-report definition, checked again when run.
import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './core-schema';
import { createdAt, updatedAt } from './columns';

export const savedReports = pgTable(
  'saved_reports',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    definition: jsonb('definition').$type<unknown>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('saved_reports_name_check', sql`length(${t.name}) between 1 and 80`),
    uniqueIndex('saved_reports_user_name_key').on(t.userId, t.name),
  ],
);
