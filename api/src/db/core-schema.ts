// The tables every area shares: roles, organizations (referral sources), users, sessions, audit, constants,
// outbox, short links, verification tokens. Scheduling tables are in scheduling-schema.ts; schema.ts exports both.
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const version = () => integer('version').notNull().default(0);

export const roles = pgTable('roles', {
  roleId: integer('role_id').primaryKey(),
  rolename: text('rolename').notNull(),
  description: text('description').notNull().default(''),
  privileges: jsonb('privileges').$type<Record<string, string>>().notNull().default({}),
  version: version(),
});

export const referralSources = pgTable(
  'referral_sources',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    status: text('status').notNull().default('ACTIVE'),
    zipcode: text('zipcode'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    phone: text('phone'),
    fax: text('fax'),
    email: text('email'),
    idleTimeout: integer('idle_timeout'),
    dashboardVisitDateRange: integer('dashboard_visit_date_range'),
    missedVisitDateRange: integer('missed_visit_date_range'),
    tasksDateRange: integer('tasks_date_range'),
    incidentsDateRange: integer('incidents_date_range'),
    caseManager: boolean('case_manager').notNull().default(false),
    actionType: text('action_type'),
    onboardStepRS: text('onboard_step_rs').notNull().default('Rates'),
    /** IANA zone of its visits (decision 039); null: the zone of its ZIP code's state. */
    timeZone: text('time_zone'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [index('referral_sources_status_name_idx').on(t.status, t.name)],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    emailId: text('email_id').notNull(),
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phoneNumber: text('phone_number'),
    pin: text('pin'),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.roleId),
    referralSourceId: integer('referral_source_id').references(() => referralSources.id),
    status: text('status').notNull().default('ACTIVE'),
    changePassword: boolean('change_password').notNull().default(false),
    emailVerified: boolean('email_verified').notNull().default(false),
    phoneVerified: boolean('phone_verified').notNull().default(false),
    privileges: jsonb('privileges').$type<Record<string, string>>().notNull().default({}),
    onboardStep: text('onboard_step'),
    firstAssignment: boolean('first_assignment').notNull().default(false),
    appDownloaded: boolean('app_downloaded').notNull().default(false),
    backOfficeSupportId: integer('back_office_support_id'),
    lastLogin: timestamp('last_login', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    uniqueIndex('users_email_id_key').on(t.emailId),
    index('users_name_idx').on(t.lastName, t.firstName, t.id),
    index('users_role_name_idx').on(t.roleId, t.lastName, t.firstName, t.id),
    index('users_referral_source_idx').on(t.referralSourceId, t.lastName, t.firstName, t.id),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    impersonatorId: integer('impersonator_id').references(() => users.id),
    idleTimeoutMinutes: integer('idle_timeout_minutes').notNull(),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    emailId: text('email_id').notNull(),
    success: boolean('success').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    ip: text('ip'),
  },
  (t) => [index('login_attempts_email_at_idx').on(t.emailId, t.at)],
);

/** Secrets the server signs with, shared by every instance (migration 0025): the device cookie's key. */
export const signingKeys = pgTable('signing_keys', {
  name: text('name').primaryKey(),
  secret: text('secret').notNull(),
  createdAt: createdAt(),
});

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    userId: integer('user_id'),
    userEmail: text('user_email'),
    impersonatorId: integer('impersonator_id'),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    action: text('action').notNull(),
    diff: jsonb('diff').$type<Record<string, { before: unknown; after: unknown }>>(),
    ip: text('ip'),
    /** The patients a read of patient data named (action READ); null for other entries. */
    patientIds: integer('patient_ids').array(),
    /** ALLOWED or REFUSED, for a read of patient data. */
    outcome: text('outcome'),
  },
  // Partitioned by month on `at` (migration 0007), hence the key of id and at.
  (t) => [
    primaryKey({ name: 'audit_log_pkey', columns: [t.id, t.at] }),
    index('audit_log_at_idx').on(t.at),
    index('audit_log_entity_idx').on(t.entity, t.entityId, t.at),
    index('audit_log_user_idx').on(t.userId, t.at),
    index('audit_log_patient_idx').using('gin', t.patientIds),
  ],
);

export const appConstants = pgTable('app_constants', {
  name: text('name').primaryKey(),
  type: text('type').notNull(),
  value: text('value').notNull(),
  description: text('description').notNull().default(''),
  updatedAt: updatedAt(),
  version: version(),
});

export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    channel: text('channel').notNull(),
    to: text('to').notNull(),
    cc: text('cc'),
    bcc: text('bcc'),
    subject: text('subject'),
    body: text('body').notNull(),
    status: text('status').notNull().default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    dedupeKey: text('dedupe_key'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /**
     * The clinician an SMS was queued to (services/clinician-sms.ts, migration 0043): the rule "no more after 5
     * unanswered SMS" counts these. No foreign key: core tables do not reference the scheduling ones.
     */
    providerId: integer('provider_id'),
    /** The staff user who wrote it (a direct SMS or an inbox reply); null for the product's own messages. */
    sentByUserId: integer('sent_by_user_id'),
    /** The chat topic it was sent from: the clinician's next SMS lands there. */
    topicId: integer('topic_id'),
  },
  (t) => [
    uniqueIndex('outbox_dedupe_key').on(t.dedupeKey),
    index('outbox_provider_idx')
      .on(t.providerId, t.createdAt)
      .where(sql`provider_id is not null`),
    index('outbox_pending_idx')
      .on(t.nextAttemptAt)
      .where(sql`status = 'PENDING'`),
    index('outbox_to_idx').on(t.to, t.createdAt),
  ],
);

export const shortLinks = pgTable('short_links', {
  id: text('id').primaryKey(),
  path: text('path').notNull(),
  createdBy: integer('created_by').references(() => users.id),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
});

export const verificationTokens = pgTable(
  'verification_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    purpose: text('purpose').notNull(),
    tokenHash: text('token_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('verification_tokens_hash_key').on(t.purpose, t.tokenHash),
    index('verification_tokens_user_idx').on(t.userId, t.purpose),
  ],
);

/** The day a daily job last completed (credential expiry): a restarted server does not run the day's work again. */
export const jobRuns = pgTable('job_runs', {
  name: text('name').primaryKey(),
  lastDay: date('last_day').notNull(),
  finishedAt: timestamp('finished_at', { withTimezone: true }).notNull().defaultNow(),
});
