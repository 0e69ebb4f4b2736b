// Non-coverages (issue 26, migration 0030, decision 047): a service request, or one visit of it, that cannot be
// covered; Active until resolved (who, when, how). One Active report per visit, or per request naming no visit.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { referralSources, users } from './core-schema';
import { episodes, providerTypes, visits } from './scheduling-schema';
import { version } from './columns';

export const nonCoverages = pgTable(
  'non_coverages',
  {
    id: serial('id').primaryKey(),
    episodeId: integer('episode_id')
      .notNull()
      .references(() => episodes.id),
    /** One visit of that episode, or null: the whole service request. */
    visitId: integer('visit_id').references(() => visits.id),
    /** The episode's organization, copied so the list filters and sorts on this table. */
    referralSourceId: integer('referral_source_id')
      .notNull()
      .references(() => referralSources.id),
    /** The visit's provider type, else the episode's first one (null when it names none). */
    providerTypeId: integer('provider_type_id').references(() => providerTypes.id),
    /** NON_COVERAGE_REASONS of shared-domain. */
    reason: text('reason').notNull(),
    note: text('note'),
    /** 'Active' or 'Resolved'. */
    status: text('status').notNull().default('Active'),
    reportedBy: integer('reported_by')
      .notNull()
      .references(() => users.id),
    reportedAt: timestamp('reported_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedBy: integer('resolved_by').references(() => users.id),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolution: text('resolution'),
    version: version(),
  },
  (t) => [
    check(
      'non_coverages_reason_check',
      sql`${t.reason} in ('No clinician available', 'Outside service area', 'Rate too low', 'Schedule conflict', 'Language not available', 'Other')`,
    ),
    check('non_coverages_note_check', sql`${t.note} is null or length(${t.note}) <= 2000`),
    check(
      'non_coverages_other_note_check',
      sql`${t.reason} <> 'Other' or length(coalesce(${t.note}, '')) > 0`,
    ),
    check('non_coverages_status_check', sql`${t.status} in ('Active', 'Resolved')`),
    check(
      'non_coverages_resolved_check',
      sql`(${t.status} = 'Resolved') = (${t.resolvedAt} is not null) and (${t.resolvedAt} is null) = (${t.resolvedBy} is null) and (${t.resolvedAt} is null) = (${t.resolution} is null)`,
    ),
    check(
      'non_coverages_resolution_check',
      sql`${t.resolution} is null or length(${t.resolution}) between 1 and 2000`,
    ),
    index('non_coverages_status_reported_idx').on(t.status, t.reportedAt.desc(), t.id.desc()),
    index('non_coverages_rs_status_reported_idx').on(
      t.referralSourceId,
      t.status,
      t.reportedAt.desc(),
      t.id.desc(),
    ),
    index('non_coverages_episode_idx').on(t.episodeId),
    uniqueIndex('non_coverages_active_visit_key')
      .on(t.visitId)
      .where(sql`${t.status} = 'Active' and ${t.visitId} is not null`),
    uniqueIndex('non_coverages_active_episode_key')
      .on(t.episodeId)
      .where(sql`${t.status} = 'Active' and ${t.visitId} is null`),
  ],
);
