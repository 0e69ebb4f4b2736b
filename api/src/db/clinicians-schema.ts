// Clinicians area tables (issue 11): the credential catalogue per provider type, the credentials a clinician
// holds, the clinician's files, invitations, and agreement templates with the agreements clinicians signed.
// The clinician's row itself is `providers` (scheduling-schema.ts), extended, not forked. Dates are 'YYYY-MM-DD' `date`s, compared with the visit's date of service.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
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
import { users } from './core-schema';
import { providerTypes, providers } from './scheduling-schema';
import { createdAt, storedFileColumns, updatedAt, version } from './columns';

/** A kind of credential (RN licence, CPR/BLS card, TB test …): seeded, editable by administrators. */
export const credentialTypes = pgTable('credential_types', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  /** Licence, Health, Background, Insurance, Employment: how the review queue groups them. */
  category: text('category').notNull(),
  /** Whether a credential of this type carries an expiry date (a W-9 does not). */
  expires: boolean('expires').notNull().default(true),
  active: boolean('active').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  version: version(),
});

/** Which credential types each provider type requires to be fully credentialed. */
export const credentialRequirements = pgTable(
  'credential_requirements',
  {
    providerTypeId: integer('provider_type_id')
      .notNull()
      .references(() => providerTypes.id),
    credentialTypeId: integer('credential_type_id')
      .notNull()
      .references(() => credentialTypes.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.providerTypeId, t.credentialTypeId] })],
);

/** A clinician's file (credential scans, signed agreements): decision 012's rules, one table per owner. */
export const providerFiles = pgTable(
  'provider_files',
  {
    id: serial('id').primaryKey(),
    providerId: integer('provider_id')
      .notNull()
      .references(() => providers.id),
    ...storedFileColumns({ sha256: text('sha256').notNull() }),
  },
  (t) => [index('provider_files_provider_idx').on(t.providerId, t.uploadedAt)],
);

/**
 * A credential a clinician holds: Submitted → InReview → Approved / Rejected (with a reason) → Expired (the
 * daily job, after `expiresOn`). A renewal is a new row; any approved row in force on a date covers it.
 */
export const providerCredentials = pgTable(
  'provider_credentials',
  {
    id: serial('id').primaryKey(),
    providerId: integer('provider_id')
      .notNull()
      .references(() => providers.id),
    credentialTypeId: integer('credential_type_id')
      .notNull()
      .references(() => credentialTypes.id),
    number: text('number'),
    issuingState: text('issuing_state'),
    issuedOn: date('issued_on'),
    expiresOn: date('expires_on'),
    status: text('status').notNull().default('Submitted'),
    rejectReason: text('reject_reason'),
    fileId: integer('file_id').references(() => providerFiles.id),
    reviewedBy: integer('reviewed_by').references(() => users.id),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    /** The last expiry warning sent (30, 14 or 7 days before), so each is sent once. */
    warnedDaysBefore: integer('warned_days_before'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    check(
      'provider_credentials_status_check',
      sql`${t.status} in ('Submitted', 'InReview', 'Approved', 'Rejected', 'Expired')`,
    ),
    check(
      'provider_credentials_dates_check',
      sql`${t.expiresOn} is null or ${t.issuedOn} is null or ${t.expiresOn} >= ${t.issuedOn}`,
    ),
    // The credential-at-date predicate: one clinician's rows of one type, approved ones by expiry.
    index('provider_credentials_provider_type_idx').on(t.providerId, t.credentialTypeId, t.expiresOn),
    // The review queue and the expiry job read by status and expiry.
    index('provider_credentials_status_expiry_idx').on(t.status, t.expiresOn),
  ],
);

/**
 * An invitation to register as a clinician: the clinician's record is made when they are invited (status New,
 * onboarding at Contract) and linked to their login when they register from the link. The token is stored
 * hashed; it works once, until `expiresAt`.
 */
export const clinicianInvitations = pgTable(
  'clinician_invitations',
  {
    id: serial('id').primaryKey(),
    providerId: integer('provider_id')
      .notNull()
      .references(() => providers.id),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: integer('invited_by')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
  },
  (t) => [
    index('clinician_invitations_provider_idx').on(t.providerId),
    // The candidate report reads a period of invitations by the day they were sent (decision 058).
    index('clinician_invitations_created_idx').on(t.createdAt),
    index('clinician_invitations_pending_email_idx')
      .on(sql`lower(${t.email})`)
      .where(sql`${t.acceptedAt} is null`),
  ],
);

/**
 * An agreement (or credential form) template, versioned: a new version is a new row with the next `version`,
 * and clinicians who signed an older one are asked again. `formFields` defines the fields the clinician fills
 * (SPEC §3 credentialFormData); `signaturePosition` is where the drawn signature is placed on the PDF.
 */
export const agreementTemplates = pgTable(
  'agreement_templates',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    version: integer('version').notNull().default(1),
    body: text('body').notNull(),
    formFields: jsonb('form_fields').$type<unknown[]>().notNull().default([]),
    signaturePosition: jsonb('signature_position')
      .$type<{ page: number; x: number; y: number; type: string; version: number }>()
      .notNull(),
    includeDate: boolean('include_date').notNull().default(true),
    /** The provider types it applies to (empty: every type). */
    providerTypeIds: integer('provider_type_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** Whether clinicians must sign it during onboarding (the Contract step). */
    requiredForOnboarding: boolean('required_for_onboarding').notNull().default(true),
    active: boolean('active').notNull().default(true),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('agreement_templates_name_version_key').on(t.name, t.version)],
);

/** A clinician's signed agreement: the version signed, the form data, and the signed PDF with its SHA-256. */
export const providerAgreements = pgTable(
  'provider_agreements',
  {
    id: serial('id').primaryKey(),
    providerId: integer('provider_id')
      .notNull()
      .references(() => providers.id),
    templateId: integer('template_id')
      .notNull()
      .references(() => agreementTemplates.id),
    templateName: text('template_name').notNull(),
    templateVersion: integer('template_version').notNull(),
    formData: jsonb('form_data').$type<Record<string, unknown>>().notNull().default({}),
    signedOn: timestamp('signed_on', { withTimezone: true }).notNull().defaultNow(),
    fileId: integer('file_id')
      .notNull()
      .references(() => providerFiles.id),
    sha256: text('sha256').notNull(),
    signedBy: integer('signed_by')
      .notNull()
      .references(() => users.id),
  },
  (t) => [uniqueIndex('provider_agreements_provider_template_key').on(t.providerId, t.templateId)],
);
