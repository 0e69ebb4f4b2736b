// The clinician's visits (issue 11, decision 025): the EVV record of each check-in and check-out (who, which
// visit, when by the device and by the server, where), and the public feedback on a checked-out visit — its
// single-use links (stored only as a hash) and the ratings they gave.
import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './core-schema';
import { providers, visits } from './scheduling-schema';
import { createdAt } from './columns';

/** Electronic visit verification: one row per check-in or check-out, never changed afterwards. */
export const evvRecords = pgTable(
  'evv_records',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    visitId: integer('visit_id')
      .notNull()
      .references(() => visits.id),
    providerId: integer('provider_id')
      .notNull()
      .references(() => providers.id),
    /** Who tapped (the clinician, or staff recording it for them). */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** 'checkIn' or 'checkOut'. */
    kind: text('kind').notNull(),
    /** The device's clock at the tap. */
    deviceAt: timestamp('device_at', { withTimezone: true }).notNull(),
    /** The server's clock when it was recorded. */
    recordedAt: createdAt(),
    /** Where the visit was held: at the patient's place, or by video (issue 28; no position then). */
    location: text('location').notNull().default('home'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    ip: text('ip'),
  },
  (t) => [
    index('evv_records_visit_idx').on(t.visitId, t.recordedAt),
    check('evv_records_kind_check', sql`${t.kind} in ('checkIn', 'checkOut')`),
    check(
      'evv_records_location_check',
      sql`${t.location} = 'telehealth' or (${t.location} = 'home' and ${t.latitude} is not null and ${t.longitude} is not null)`,
    ),
  ],
);

/** A feedback link of a checked-out visit: random, stored only as its SHA-256, expiring, single-use. */
export const clinicianFeedbackTokens = pgTable(
  'clinician_feedback_tokens',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    visitId: integer('visit_id')
      .notNull()
      .references(() => visits.id),
    providerId: integer('provider_id')
      .notNull()
      .references(() => providers.id),
    /** The email address the link went to; null when staff made it to hand over themselves. */
    sentTo: text('sent_to'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('clinician_feedback_tokens_hash_key').on(t.tokenHash),
    index('clinician_feedback_tokens_visit_idx').on(t.visitId),
  ],
);

/** A patient's or supervisor's rating of a visit, given through one feedback link. */
export const clinicianFeedback = pgTable(
  'clinician_feedback',
  {
    id: serial('id').primaryKey(),
    tokenId: integer('token_id')
      .notNull()
      .references(() => clinicianFeedbackTokens.id),
    visitId: integer('visit_id')
      .notNull()
      .references(() => visits.id),
    providerId: integer('provider_id')
      .notNull()
      .references(() => providers.id),
    rating: integer('rating').notNull(),
    comment: text('comment'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('clinician_feedback_token_key').on(t.tokenId),
    uniqueIndex('clinician_feedback_visit_key').on(t.visitId),
    index('clinician_feedback_provider_idx').on(t.providerId),
    check('clinician_feedback_rating_check', sql`${t.rating} between 1 and 5`),
  ],
);
