// EVV checks (issue 23, decision 038): the flags of a check-in or check-out a reviewer must acknowledge before the
// visit's notes are approved (migration 0027; a flag is acknowledged once and never changed otherwise).
import { sql } from 'drizzle-orm';
import {
  bigint,
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
import { visits } from './scheduling-schema';
import { evvRecords } from './feedback-schema';
import { createdAt } from './columns';

export const evvFlags = pgTable(
  'evv_flags',
  {
    id: serial('id').primaryKey(),
    visitId: integer('visit_id')
      .notNull()
      .references(() => visits.id),
    /** The check-in or check-out flagged. */
    evvRecordId: bigint('evv_record_id', { mode: 'number' })
      .notNull()
      .references(() => evvRecords.id),
    /** 'distance': farther than the limit from the patient's (or facility's) address. */
    kind: text('kind').notNull(),
    distanceMiles: doublePrecision('distance_miles').notNull(),
    /** EVV_REVIEW_DISTANCE_MILES when the tap was checked. */
    limitMiles: doublePrecision('limit_miles').notNull(),
    createdAt: createdAt(),
    acknowledgedBy: integer('acknowledged_by').references(() => users.id),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
  },
  (t) => [
    index('evv_flags_visit_idx').on(t.visitId),
    uniqueIndex('evv_flags_record_kind_key').on(t.evvRecordId, t.kind),
    check('evv_flags_kind_check', sql`${t.kind} in ('distance')`),
    check('evv_flags_acknowledged_check', sql`(${t.acknowledgedBy} is null) = (${t.acknowledgedAt} is null)`),
  ],
);
