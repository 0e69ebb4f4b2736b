// Orientations (issue 11, decision 023): an orientation with its ordered sections and quiz, its assignment (or a
// performance evaluation's) to a clinician, and the clinician's progress and quiz attempts.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './core-schema';
import { providers } from './scheduling-schema';
import { createdAt, updatedAt, version } from './columns';

export const orientations = pgTable('orientations', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  /** The provider types it applies to; a required one is required of each of them. */
  providerTypeIds: integer('provider_type_ids')
    .array()
    .notNull()
    .default(sql`'{}'::integer[]`),
  required: boolean('required').notNull().default(false),
  /** Percent of the quiz's questions to answer right. */
  passMark: integer('pass_mark').notNull(),
  active: boolean('active').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  version: version(),
});

/** The orientation's sections, read in `index` order. */
export const orientationSections = pgTable(
  'orientation_sections',
  {
    id: serial('id').primaryKey(),
    orientationId: integer('orientation_id')
      .notNull()
      .references(() => orientations.id, { onDelete: 'cascade' }),
    index: integer('index').notNull(),
    title: text('title').notNull(),
    text: text('text').notNull().default(''),
    videoUrl: text('video_url'),
  },
  (t) => [uniqueIndex('orientation_sections_order_idx').on(t.orientationId, t.index)],
);

/** The quiz: questions in `index` order, each with its options and the index of the right one. */
export const orientationQuestions = pgTable(
  'orientation_questions',
  {
    id: serial('id').primaryKey(),
    orientationId: integer('orientation_id')
      .notNull()
      .references(() => orientations.id, { onDelete: 'cascade' }),
    index: integer('index').notNull(),
    question: text('question').notNull(),
    options: text('options').array().notNull(),
    correctOption: integer('correct_option').notNull(),
  },
  (t) => [
    uniqueIndex('orientation_questions_order_idx').on(t.orientationId, t.index),
    check(
      'orientation_questions_correct_check',
      sql`${t.correctOption} >= 0 and ${t.correctOption} < cardinality(${t.options})`,
    ),
  ],
);

/** An orientation or a performance evaluation assigned to a clinician by staff. */
export const clinicianAssignments = pgTable(
  'clinician_assignments',
  {
    id: serial('id').primaryKey(),
    providerId: integer('provider_id')
      .notNull()
      .references(() => providers.id),
    /** Orientation (with orientation_id) or PerformanceEvaluation (without). */
    kind: text('kind').notNull(),
    orientationId: integer('orientation_id').references(() => orientations.id),
    note: text('note'),
    dueOn: date('due_on'),
    assignedBy: integer('assigned_by')
      .notNull()
      .references(() => users.id),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'clinician_assignments_kind_check',
      sql`(${t.kind} = 'Orientation' and ${t.orientationId} is not null)
        or (${t.kind} = 'PerformanceEvaluation' and ${t.orientationId} is null)`,
    ),
    index('clinician_assignments_provider_idx').on(t.providerId, t.orientationId),
  ],
);

/** A clinician's progress in one orientation: the sections viewed, the last score, when passed. */
export const orientationProgress = pgTable(
  'orientation_progress',
  {
    providerId: integer('provider_id')
      .notNull()
      .references(() => providers.id),
    orientationId: integer('orientation_id')
      .notNull()
      .references(() => orientations.id, { onDelete: 'cascade' }),
    sectionsViewed: integer('sections_viewed')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    attempts: integer('attempts').notNull().default(0),
    lastScore: integer('last_score'),
    passedAt: timestamp('passed_at', { withTimezone: true }),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [primaryKey({ columns: [t.providerId, t.orientationId] })],
);

/** Every quiz attempt, with the answers given and its score. */
export const orientationQuizAttempts = pgTable(
  'orientation_quiz_attempts',
  {
    id: serial('id').primaryKey(),
    providerId: integer('provider_id')
      .notNull()
      .references(() => providers.id),
    orientationId: integer('orientation_id')
      .notNull()
      .references(() => orientations.id, { onDelete: 'cascade' }),
    /** The orientation's version the quiz was taken at. */
    orientationVersion: integer('orientation_version').notNull(),
    answers: integer('answers').array().notNull(),
    score: integer('score').notNull(),
    passed: boolean('passed').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('orientation_quiz_attempts_provider_idx').on(t.providerId, t.orientationId)],
);
