// Telehealth (issue 28, decision 068, migration 0049): one video room per telehealth visit, who is in it (the
// host clinician, staff, and guests from the join link, each holding a random key stored only as its SHA-256),
// and the offers, answers and ICE candidates relayed between them. No media is stored: the signals are the
// handshake only, and are deleted with the room's end.
import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
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
import { createdAt } from './columns';

export const telehealthRooms = pgTable(
  'telehealth_rooms',
  {
    id: serial('id').primaryKey(),
    visitId: integer('visit_id')
      .notNull()
      .references(() => visits.id),
    /** Signs the room's join links (HMAC-SHA256): a link names its room and its expiry. */
    linkSecret: text('link_secret').notNull(),
    openedBy: integer('opened_by')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    /** The first admission: the visit's time in. */
    startedAt: timestamp('started_at', { withTimezone: true }),
    /** The host's end: the visit's time out. */
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('telehealth_rooms_visit_key').on(t.visitId)],
);

export const telehealthParticipants = pgTable(
  'telehealth_participants',
  {
    id: serial('id').primaryKey(),
    roomId: integer('room_id')
      .notNull()
      .references(() => telehealthRooms.id),
    /** The signed-in user; null for a guest from the join link. */
    userId: integer('user_id').references(() => users.id),
    name: text('name').notNull(),
    role: text('role').notNull(),
    state: text('state').notNull(),
    keyHash: text('key_hash').notNull(),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    admittedAt: timestamp('admitted_at', { withTimezone: true }),
    leftAt: timestamp('left_at', { withTimezone: true }),
  },
  (t) => [
    index('telehealth_participants_room_idx').on(t.roomId),
    uniqueIndex('telehealth_participants_key').on(t.keyHash),
    check('telehealth_participants_role_check', sql`${t.role} in ('host', 'staff', 'guest')`),
    check('telehealth_participants_state_check', sql`${t.state} in ('waiting', 'admitted', 'left')`),
    check('telehealth_participants_name_check', sql`length(${t.name}) between 1 and 80`),
  ],
);

export const telehealthSignals = pgTable(
  'telehealth_signals',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    roomId: integer('room_id')
      .notNull()
      .references(() => telehealthRooms.id),
    fromParticipant: integer('from_participant')
      .notNull()
      .references(() => telehealthParticipants.id),
    toParticipant: integer('to_participant')
      .notNull()
      .references(() => telehealthParticipants.id),
    kind: text('kind').notNull(),
    payload: text('payload').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('telehealth_signals_to_idx').on(t.toParticipant, t.id),
    index('telehealth_signals_room_idx').on(t.roomId),
    check('telehealth_signals_kind_check', sql`${t.kind} in ('offer', 'answer', 'candidate')`),
    check('telehealth_signals_payload_check', sql`length(${t.payload}) between 1 and 20000`),
  ],
);
