// Surveys (issue 26, migration 0031, decision 049): an invitation is one respondent's single-use link to one survey
// (stored only as its hash, expiring), sent after a named trigger at most once; a response is the answers it gave,
// checked against the survey's definition before they are written.
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { referralSources, users } from './core-schema';
import { providerTypes } from './scheduling-schema';
import { createdAt } from './columns';

export const surveyInvitations = pgTable(
  'survey_invitations',
  {
    id: serial('id').primaryKey(),
    /** SURVEY_KEYS of shared-domain. */
    survey: text('survey').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** What sent it ('visits:5', 'episode:12'); null when staff sent it by hand. One invitation per trigger. */
    triggerKey: text('trigger_key'),
    tokenHash: text('token_hash').notNull(),
    /** The organization survey's respondent's organization. */
    referralSourceId: integer('referral_source_id').references(() => referralSources.id),
    /** The clinician survey's respondent's provider type. */
    providerTypeId: integer('provider_type_id').references(() => providerTypes.id),
    sentTo: text('sent_to').notNull(),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    check('survey_invitations_survey_check', sql`${t.survey} in ('clinician', 'organization')`),
    uniqueIndex('survey_invitations_token_key').on(t.tokenHash),
    uniqueIndex('survey_invitations_trigger_key')
      .on(t.survey, t.userId, t.triggerKey)
      .where(sql`${t.triggerKey} is not null`),
    index('survey_invitations_user_idx').on(t.userId),
  ],
);

export const surveyResponses = pgTable(
  'survey_responses',
  {
    id: serial('id').primaryKey(),
    invitationId: integer('invitation_id')
      .notNull()
      .references(() => surveyInvitations.id),
    survey: text('survey').notNull(),
    /** The definition's version the answers were given to. */
    version: integer('version').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    referralSourceId: integer('referral_source_id').references(() => referralSources.id),
    providerTypeId: integer('provider_type_id').references(() => providerTypes.id),
    /** Question id → value, as surveyAnswersSchema left them. */
    answers: jsonb('answers').$type<Record<string, number | string>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('survey_responses_survey_check', sql`${t.survey} in ('clinician', 'organization')`),
    check('survey_responses_answers_check', sql`jsonb_typeof(${t.answers}) = 'object'`),
    uniqueIndex('survey_responses_invitation_key').on(t.invitationId),
    index('survey_responses_survey_created_idx').on(t.survey, t.createdAt),
    index('survey_responses_rs_created_idx').on(t.referralSourceId, t.createdAt),
  ],
);
