// Visit notes (issue 12, decision 027): the note types and their versioned definitions (forms as data, seeded
// from shared-domain NOTE_DEFINITIONS), one note per visit with its values and version, every acknowledged save
// as an append-only revision (who, when, which device), comments per visit or field, the ICD-10 codes the
// diagnoses pick from, and the goal phrase library (templates) administrators edit.
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  check,
} from 'drizzle-orm/pg-core';
import { users } from './core-schema';
import { visits } from './scheduling-schema';
import { createdAt, updatedAt, version } from './columns';

/** A note type (SOC, ROC, SNV, PT_EVAL …): its code and name. */
export const noteTypes = pgTable('note_types', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
});

/** One version of a note type's definition; a stored note keeps the version it was written with. */
export const noteDefinitions = pgTable(
  'note_definitions',
  {
    id: serial('id').primaryKey(),
    noteType: text('note_type')
      .notNull()
      .references(() => noteTypes.code),
    version: integer('version').notNull(),
    definition: jsonb('definition').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('note_definitions_type_version_key').on(t.noteType, t.version)],
);

/** The note of one visit: its current values and version (each acknowledged save adds one). */
export const notes = pgTable(
  'notes',
  {
    id: serial('id').primaryKey(),
    visitId: integer('visit_id')
      .notNull()
      .references(() => visits.id),
    noteType: text('note_type').notNull(),
    definitionVersion: integer('definition_version').notNull(),
    values: jsonb('values').$type<Record<string, unknown>>().notNull(),
    /** 1 after the first save; the version of the newest revision. */
    version: integer('version').notNull(),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull().defaultNow(),
    savedBy: integer('saved_by')
      .notNull()
      .references(() => users.id),
    /** The last submission; null until the note was first submitted. */
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('notes_visit_key').on(t.visitId),
    foreignKey({
      name: 'notes_definition_fk',
      columns: [t.noteType, t.definitionVersion],
      foreignColumns: [noteDefinitions.noteType, noteDefinitions.version],
    }),
    check('notes_version_check', sql`${t.version} >= 1`),
  ],
);

/**
 * Every acknowledged save of a note, never changed afterwards (a trigger refuses UPDATE and DELETE). Read only
 * by note and version (the unique index); the notes list never reads it.
 */
export const noteRevisions = pgTable(
  'note_revisions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    noteId: integer('note_id')
      .notNull()
      .references(() => notes.id),
    version: integer('version').notNull(),
    values: jsonb('values').$type<Record<string, unknown>>().notNull(),
    savedBy: integer('saved_by')
      .notNull()
      .references(() => users.id),
    /** The random id the device keeps in IndexedDB. */
    deviceId: text('device_id').notNull(),
    autosave: boolean('autosave').notNull().default(false),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('note_revisions_note_version_key').on(t.noteId, t.version)],
);

/** A reviewer's comment on a visit's note, on one field or the whole note. */
export const noteComments = pgTable(
  'note_comments',
  {
    id: serial('id').primaryKey(),
    visitId: integer('visit_id')
      .notNull()
      .references(() => visits.id),
    fieldId: text('field_id'),
    text: text('text').notNull(),
    authorUserId: integer('author_user_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('note_comments_visit_idx').on(t.visitId, t.createdAt.desc(), t.id.desc()),
    check('note_comments_text_check', sql`char_length(${t.text}) between 1 and 2000`),
  ],
);

/** The common home-health ICD-10 codes (a full table would come from CMS, decision 027). */
export const icdCodes = pgTable('icd_codes', {
  code: text('code').primaryKey(),
  description: text('description').notNull(),
});

/** The goal builder's phrase library: category → person → action → phrase (German text for templates only). */
export const goalTemplates = pgTable(
  'goal_templates',
  {
    id: serial('id').primaryKey(),
    category: text('category').notNull(),
    person: text('person').notNull(),
    action: text('action').notNull(),
    phrase: text('phrase').notNull(),
    phraseDe: text('phrase_de'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [index('goal_templates_category_idx').on(t.category, t.person, t.action, t.id)],
);
