// Notes staff keep about a clinician (the clinician detail `/provider`, SPEC §3 "comments (paged)"): the text,
// who wrote it and when. Never changed afterwards; read newest first.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { users } from './core-schema';
import { providers } from './scheduling-schema';
import { createdAt } from './columns';

export const providerNotes = pgTable(
  'provider_notes',
  {
    id: serial('id').primaryKey(),
    providerId: integer('provider_id')
      .notNull()
      .references(() => providers.id),
    /** Trimmed, 1 to 2000 characters (PROVIDER_NOTE_MAX_LENGTH). */
    text: text('text').notNull(),
    authorUserId: integer('author_user_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('provider_notes_provider_idx').on(t.providerId, t.createdAt.desc(), t.id.desc()),
    check('provider_notes_text_check', sql`char_length(${t.text}) between 1 and 2000`),
  ],
);
