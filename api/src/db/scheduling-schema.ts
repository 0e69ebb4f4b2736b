// Scheduling tables (SPEC §3): patients, service requests (episodes), visits and shifts, rates, clinicians
// (the core matching needs), physicians, contacts, groups, insurances, facilities, supply requests and
// facility response tokens. Money is numeric(12,2) read as JS numbers; dates of service are `date`,
// moments are timestamptz. Every editable row has a `version` for stale-edit detection.
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { referralSources, users } from './core-schema';
import { createdAt, storedFileColumns, updatedAt, version } from './columns';

const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' });
const address = () => ({
  addressLine1: text('address_line1'),
  addressLine2: text('address_line2'),
  city: text('city'),
  state: text('state'),
  zipcode: text('zipcode'),
  county: text('county'),
  latitude: doublePrecision('latitude'),
  longitude: doublePrecision('longitude'),
});

/** Provider type (SPEC §3): RN, LVN/LPN, PT, PTA, OT, OTA, ST/SLP, MSW, HHA, CNA. */
export const providerTypes = pgTable('provider_types', {
  id: integer('id').primaryKey(),
  type: text('type').notNull(),
});

/** Visit type (SPEC §3): id, type, description, unit, evaluation, discharge, serviceType. */
export const visitTypes = pgTable('visit_types', {
  id: integer('id').primaryKey(),
  type: text('type').notNull(),
  description: text('description').notNull().default(''),
  unit: text('unit').notNull().default('$/Visit'),
  evaluation: boolean('evaluation').notNull().default(false),
  discharge: boolean('discharge').notNull().default(false),
  serviceType: text('service_type').notNull().default('Visit'),
  /** Held by video in /tc (issue 28, decision 068). */
  telehealth: boolean('telehealth').notNull().default(false),
  /** Provider types that may perform this visit type (empty: any). */
  providerTypeIds: integer('provider_type_ids')
    .array()
    .notNull()
    .default(sql`'{}'::integer[]`),
  active: boolean('active').notNull().default(true),
});

export const insurances = pgTable('insurances', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  payerId: text('payer_id'),
  status: text('status').notNull().default('ACTIVE'),
});

export const physicians = pgTable(
  'physicians',
  {
    id: serial('id').primaryKey(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    npi: text('npi'),
    specialty: text('specialty'),
    phoneNumber: text('phone_number'),
    fax: text('fax'),
    email: text('email'),
    ...address(),
    status: text('status').notNull().default('ACTIVE'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    index('physicians_name_idx').on(t.lastName, t.firstName, t.id),
    uniqueIndex('physicians_npi_key').on(t.npi),
  ],
);

/** A facility of an organization (where shifts are worked); facility users confirm assignments by token. */
export const facilities = pgTable(
  'facilities',
  {
    id: serial('id').primaryKey(),
    referralSourceId: integer('referral_source_id')
      .notNull()
      .references(() => referralSources.id),
    name: text('name').notNull(),
    email: text('email'),
    phoneNumber: text('phone_number'),
    ...address(),
    status: text('status').notNull().default('ACTIVE'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [index('facilities_referral_source_idx').on(t.referralSourceId, t.name)],
);

/** A facility's named shift (e.g. Day 07:00-15:00). Times are local wall-clock "HH:MM". */
export const facilityShifts = pgTable('facility_shifts', {
  id: serial('id').primaryKey(),
  facilityId: integer('facility_id')
    .notNull()
    .references(() => facilities.id),
  name: text('name').notNull(),
  startTime: text('start_time').notNull(),
  endTime: text('end_time').notNull(),
  breakMinutes: integer('break_minutes').notNull().default(0),
});

/** Contact (SPEC §3: phoneNumber, primaryPhone): people at organizations, family members, case managers. */
export const contacts = pgTable(
  'contacts',
  {
    id: serial('id').primaryKey(),
    referralSourceId: integer('referral_source_id').references(() => referralSources.id),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    title: text('title'),
    relationship: text('relationship'),
    email: text('email'),
    phoneNumber: text('phone_number'),
    primaryPhone: text('primary_phone'),
    isCaseManager: boolean('is_case_manager').notNull().default(false),
    status: text('status').notNull().default('ACTIVE'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    index('contacts_name_idx').on(t.lastName, t.firstName, t.id),
    index('contacts_referral_source_idx').on(t.referralSourceId, t.lastName),
  ],
);

/** Clinician groups (teams staff assign work to or broadcast to). */
export const groups = pgTable(
  'groups',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    status: text('status').notNull().default('ACTIVE'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [uniqueIndex('groups_name_key').on(t.name)],
);

/**
 * The clinician record: the core matching needs (SPEC §3 "Clinician match candidate" and "Clinician in the
 * fit score list"). Onboarding and credentials (the clinicians area) extend it with tables of their own.
 * `credentialState` follows the message-template choice of SPEC §4: 1 uncredentialed, 3 fully credentialed,
 * 5 inactive. `providerStatusId` 3 is the active clinician (default filter of SPEC §4).
 */
export const providers = pgTable(
  'providers',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id),
    givenName: text('given_name').notNull(),
    familyName: text('family_name').notNull(),
    email: text('email'),
    phoneNumber: text('phone_number'),
    providerTypeId: integer('provider_type_id')
      .notNull()
      .references(() => providerTypes.id),
    providerStatusId: integer('provider_status_id').notNull().default(3),
    credentialState: integer('credential_state').notNull().default(1),
    onboardStep: text('onboard_step').notNull().default('Contract'),
    ...address(),
    preferredLatitude: doublePrecision('preferred_latitude'),
    preferredLongitude: doublePrecision('preferred_longitude'),
    /** Miles the clinician is willing to travel from the preferred location. */
    coverageRadiusMiles: integer('coverage_radius_miles').notNull().default(15),
    preferredZipcodes: text('preferred_zipcodes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    skills: text('skills')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Languages the clinician speaks besides English. */
    languages: text('languages')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Days of week the clinician prefers to work, 0 = Sunday … 6 = Saturday (empty: any). */
    weekdayPreferences: integer('weekday_preferences')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** 'Visit', 'Shift' or 'Both'. */
    assignmentPreference: text('assignment_preference').notNull().default('Both'),
    /** Preferred shifts: 'Day', 'Evening', 'Night' (empty: any). */
    shiftPreferences: text('shift_preferences')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    rating: doublePrecision('rating'),
    ratingDetails: jsonb('rating_details').$type<Record<string, number>>().notNull().default({}),
    enableEmail: boolean('enable_email').notNull().default(true),
    enableSms: boolean('enable_sms').notNull().default(true),
    deviceStatus: text('device_status'),
    notificationStatus: text('notification_status'),
    careCoordinatorId: integer('care_coordinator_id').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    index('providers_name_idx').on(t.familyName, t.givenName, t.id),
    // Fit score: active candidates of one type in a latitude band, the longitude checked in the index (the
    // bounding box) before any row is read for the exact distance.
    index('providers_type_status_lat_lon_idx').on(
      t.providerTypeId,
      t.providerStatusId,
      t.preferredLatitude,
      t.preferredLongitude,
    ),
    index('providers_status_idx').on(t.providerStatusId, t.familyName),
    // The clinician funnel: the clinicians who signed up in a period (migration 0041).
    index('providers_created_idx').on(t.createdAt, t.id),
    // The global search: a word's start, one range scan each (migration 0045).
    index('providers_family_name_search_idx').on(sql`lower(${t.familyName}) text_pattern_ops`),
    index('providers_given_name_search_idx').on(sql`lower(${t.givenName}) text_pattern_ops`),
    index('providers_email_search_idx').on(sql`lower(${t.email}) text_pattern_ops`),
    index('providers_phone_search_idx').on(sql`${t.phoneNumber} text_pattern_ops`),
    uniqueIndex('providers_user_key').on(t.userId),
  ],
);

/** A clinician's own rate per visit type (SPEC §3 candidate `rates`). */
export const providerRates = pgTable(
  'provider_rates',
  {
    providerId: integer('provider_id')
      .notNull()
      .references(() => providers.id),
    visitTypeId: integer('visit_type_id')
      .notNull()
      .references(() => visitTypes.id),
    amount: money('amount').notNull(),
    specialRate: money('special_rate'),
    incrementalRate: money('incremental_rate'),
  },
  (t) => [primaryKey({ columns: [t.providerId, t.visitTypeId] })],
);

export const providerVacations = pgTable(
  'provider_vacations',
  {
    id: serial('id').primaryKey(),
    providerId: integer('provider_id')
      .notNull()
      .references(() => providers.id),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
  },
  (t) => [index('provider_vacations_provider_idx').on(t.providerId, t.startDate)],
);

export const groupMembers = pgTable(
  'group_members',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id),
    providerId: integer('provider_id')
      .notNull()
      .references(() => providers.id),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.providerId] }),
    index('group_members_provider_idx').on(t.providerId),
  ],
);

/** The organization's rate card (SPEC §3 `referralSourceRates`), one row per provider type and visit type. */
export const referralSourceRates = pgTable(
  'referral_source_rates',
  {
    id: serial('id').primaryKey(),
    referralSourceId: integer('referral_source_id')
      .notNull()
      .references(() => referralSources.id),
    providerTypeId: integer('provider_type_id')
      .notNull()
      .references(() => providerTypes.id),
    visitTypeId: integer('visit_type_id')
      .notNull()
      .references(() => visitTypes.id),
    paymentType: text('payment_type').notNull(),
    serviceFee: money('service_fee'),
    specialServiceFee: money('special_service_fee'),
    incrementalServiceFee: money('incremental_service_fee'),
    amount: money('amount'),
    specialRate: money('special_rate'),
    incrementalRate: money('incremental_rate'),
    profitMargin: money('profit_margin'),
    specialProfitMargin: money('special_profit_margin'),
    incrementalProfitMargin: money('incremental_profit_margin'),
    unit: text('unit').notNull().default('$/Visit'),
    shiftBreakTimeInMins: integer('shift_break_time_in_mins'),
    /** Hours. */
    durationLimit: doublePrecision('duration_limit'),
    /** Minutes. */
    billingIncrement: integer('billing_increment'),
    hourlyRateAfterLimit: money('hourly_rate_after_limit'),
    serviceTaxPercentage: doublePrecision('service_tax_percentage'),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [uniqueIndex('referral_source_rates_key').on(t.referralSourceId, t.providerTypeId, t.visitTypeId)],
);

/** Patient (SPEC §3 patient fields), owned by one organization. */
export const patients = pgTable(
  'patients',
  {
    id: serial('id').primaryKey(),
    referralSourceId: integer('referral_source_id')
      .notNull()
      .references(() => referralSources.id),
    firstName: text('first_name').notNull(),
    middleInitial: text('middle_initial'),
    lastName: text('last_name').notNull(),
    gender: text('gender'),
    birthday: date('birthday'),
    phoneNumber1: text('phone_number1'),
    phoneNumber2: text('phone_number2'),
    ...address(),
    language: text('language').notNull().default('English'),
    /** ACTIVE or ARCHIVED. */
    status: text('status').notNull().default('ACTIVE'),
    archiveReason: text('archive_reason'),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    index('patients_created_idx').on(t.createdAt, t.id),
    index('patients_referral_source_created_idx').on(t.referralSourceId, t.createdAt, t.id),
    index('patients_name_idx').on(t.lastName, t.firstName, t.id),
    index('patients_zipcode_idx').on(t.zipcode),
    // The global search (migration 0045).
    index('patients_last_name_search_idx').on(sql`lower(${t.lastName}) text_pattern_ops`),
    index('patients_first_name_search_idx').on(sql`lower(${t.firstName}) text_pattern_ops`),
    index('patients_phone1_search_idx').on(sql`${t.phoneNumber1} text_pattern_ops`),
    index('patients_phone2_search_idx').on(sql`${t.phoneNumber2} text_pattern_ops`),
    index('patients_birthday_idx').on(t.birthday),
  ],
);

/**
 * Episode = service request (SPEC §3). `status`: Draft, Active (published), Hold, Completed, Archived,
 * Deleted (SPEC leaves episode statuses "not shown"; see docs/decisions). `episodeType` 'Visit' or 'Shift'.
 */
export const episodes = pgTable(
  'episodes',
  {
    id: serial('id').primaryKey(),
    referralSourceId: integer('referral_source_id')
      .notNull()
      .references(() => referralSources.id),
    patientId: integer('patient_id').references(() => patients.id),
    physicianId: integer('physician_id').references(() => physicians.id),
    facilityId: integer('facility_id').references(() => facilities.id),
    insuranceId: integer('insurance_id').references(() => insurances.id),
    externalInsuranceId: text('external_insurance_id'),
    insuranceIds: integer('insurance_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    episodeType: text('episode_type').notNull().default('Visit'),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    notes: text('notes').notNull().default(''),
    status: text('status').notNull().default('Draft'),
    startDate: date('start_date').notNull(),
    endDate: date('end_date'),
    language: text('language').notNull().default('English'),
    payor: text('payor'),
    authorizedVisits: integer('authorized_visits'),
    visitTypeIds: integer('visit_type_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    providerTypeIds: integer('provider_type_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    groupIds: integer('group_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    contactIds: integer('contact_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    patientContactIds: integer('patient_contact_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    caseManagerId: integer('case_manager_id').references(() => contacts.id),
    careCoordinatorId: integer('care_coordinator_id').references(() => users.id),
    customerCareCoordinatorId: integer('customer_care_coordinator_id').references(() => users.id),
    vendorManagerId: integer('vendor_manager_id').references(() => users.id),
    reviewerIds: integer('reviewer_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** e.g. { "genderPreference": "F", "languages": ["Spanish"], "skills": ["Wound care"] }. */
    preferences: jsonb('preferences').$type<Record<string, unknown>>().notNull().default({}),
    orgPreferences: jsonb('org_preferences').$type<Record<string, unknown>>().notNull().default({}),
    /** e.g. [{ "visitTypeId": 100, "perWeek": 2, "weeks": 4 }] or free text like "2w4". */
    frequencies: jsonb('frequencies').$type<unknown[]>().notNull().default([]),
    enableNotesWorkflow: boolean('enable_notes_workflow').notNull().default(false),
    /** Default visit rates for new visits of this episode: { isHourly, bonus, referralSourceBonus, duration }. */
    visitRate: jsonb('visit_rate').$type<Record<string, unknown>>().notNull().default({}),
    archiveReason: text('archive_reason'),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    index('episodes_status_created_idx').on(t.status, t.createdAt, t.id),
    index('episodes_created_idx').on(t.createdAt, t.id),
    index('episodes_title_search_idx').on(sql`lower(${t.title}) text_pattern_ops`),
    index('episodes_rs_status_created_idx').on(t.referralSourceId, t.status, t.createdAt, t.id),
    index('episodes_patient_idx').on(t.patientId, t.createdAt),
    index('episodes_created_by_idx').on(t.createdBy, t.createdAt),
    index('episodes_care_coordinator_idx').on(t.careCoordinatorId, t.createdAt),
    // Chat (migration 0040): the care-team topics of a customer care coordinator.
    index('episodes_customer_care_coordinator_idx').on(t.customerCareCoordinatorId),
  ],
);

/**
 * A visit or a shift (SPEC §3 Visit). `startAt`/`endAt` are the booked time (a visit without a time books
 * its whole date of service for overlap checks). `referralSourceId`, `patientId`, the location and the
 * episode type are copied from the episode so lists, scoping and matching read one table.
 */
export const visits = pgTable(
  'visits',
  {
    id: serial('id').primaryKey(),
    episodeId: integer('episode_id')
      .notNull()
      .references(() => episodes.id),
    referralSourceId: integer('referral_source_id')
      .notNull()
      .references(() => referralSources.id),
    patientId: integer('patient_id').references(() => patients.id),
    facilityId: integer('facility_id').references(() => facilities.id),
    episodeType: text('episode_type').notNull().default('Visit'),
    visitTypeId: integer('visit_type_id')
      .notNull()
      .references(() => visitTypes.id),
    providerTypeId: integer('provider_type_id')
      .notNull()
      .references(() => providerTypes.id),
    dateOfService: date('date_of_service').notNull(),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true }).notNull(),
    /** IANA zone the visit was booked in, its organization's (decision 039); null before 0029. */
    timeZone: text('time_zone'),
    /** Minutes. */
    duration: integer('duration'),
    status: text('status').notNull().default('Draft'),
    nonVisit: boolean('non_visit').notNull().default(false),
    isHourly: boolean('is_hourly').notNull().default(false),
    rateOverride: boolean('rate_override').notNull().default(false),
    overrideAmount: money('override_amount'),
    rsOverrideAmount: money('rs_override_amount'),
    bonus: money('bonus'),
    referralSourceBonus: money('referral_source_bonus'),
    /** 'regular', 'special' or 'incremental' (which tier of the rate card applies). */
    rateTier: text('rate_tier').notNull().default('regular'),
    lateCancellation: boolean('late_cancellation').notNull().default(false),
    shiftConfirmedByFacility: boolean('shift_confirmed_by_facility').notNull().default(false),
    paused: boolean('paused').notNull().default(false),
    providerId: integer('provider_id').references(() => providers.id),
    assignedAt: timestamp('assigned_at', { withTimezone: true }),
    assignedBy: integer('assigned_by').references(() => users.id),
    /** What was agreed at assignment: the engine's amounts, kept for billing. */
    providerAmount: money('provider_amount'),
    rsAmount: money('rs_amount'),
    timeIn: timestamp('time_in', { withTimezone: true }),
    timeOut: timestamp('time_out', { withTimezone: true }),
    expireReason: text('expire_reason'),
    facilityResponse: text('facility_response'),
    facilityRejectReason: text('facility_reject_reason'),
    zipcode: text('zipcode'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    index('visits_status_date_idx').on(t.status, t.dateOfService, t.id),
    index('visits_date_idx').on(t.dateOfService, t.id),
    index('visits_date_start_idx').on(t.dateOfService, t.startAt, t.id),
    index('visits_rs_status_date_idx').on(t.referralSourceId, t.status, t.dateOfService, t.id),
    index('visits_episode_date_idx').on(t.episodeId, t.dateOfService, t.id),
    index('visits_provider_start_idx')
      .on(t.providerId, t.startAt)
      .where(sql`provider_id is not null`),
    index('visits_patient_provider_idx')
      .on(t.patientId, t.providerId)
      .where(sql`provider_id is not null`),
    // The notes list's late ones first (decision 027): the visits whose notes can be late, by the time their
    // notes fall due counts from (due = this + NOTES_DUE_HOURS; timestamptz + interval is not immutable, so the
    // hours are added in the query, not here).
    index('visits_notes_due_idx')
      .on(sql`coalesce(${t.timeOut}, ${t.endAt})`, t.id)
      .where(sql`status in ('NotesDue', 'NotesOverdue')`),
    // The reports that read a period's visits themselves (clinician and operations health, time to staff):
    // every column they read, keyed by the day, so a period is an index-only range (migration 0039).
    index('visits_report_period_idx')
      .on(
        t.dateOfService,
        t.status,
        t.providerId,
        t.providerTypeId,
        t.referralSourceId,
        t.createdAt,
        t.assignedAt,
        t.nonVisit,
        t.id,
      )
      .where(sql`non_visit = false`),
    // The patient and service request funnels: a record's staffed or completed visits and its first assignment,
    // index-only by the record's id (migration 0041).
    index('visits_patient_status_idx')
      .on(t.patientId, t.status, t.providerTypeId, t.assignedAt)
      .where(sql`non_visit = false`),
    index('visits_episode_status_idx')
      .on(t.episodeId, t.status, t.providerTypeId, t.assignedAt)
      .where(sql`non_visit = false`),
  ],
);

/** Visit-provider-type entry (SPEC §3): the rate terms of one visit for one provider type. */
export const visitProviderTypes = pgTable(
  'visit_provider_types',
  {
    id: serial('id').primaryKey(),
    visitId: integer('visit_id')
      .notNull()
      .references(() => visits.id),
    providerTypeId: integer('provider_type_id')
      .notNull()
      .references(() => providerTypes.id),
    fixedRate: money('fixed_rate'),
    providerAmount: money('provider_amount'),
    unit: text('unit').notNull().default('$/Visit'),
    profitMargin: money('profit_margin'),
    serviceFee: money('service_fee'),
    bonus: money('bonus'),
    referralSourceBonus: money('referral_source_bonus'),
    isHourly: boolean('is_hourly').notNull().default(false),
  },
  (t) => [uniqueIndex('visit_provider_types_key').on(t.visitId, t.providerTypeId)],
);

/**
 * A signed, expiring, single-use link sent to a facility to accept, change or reject assignments. Only the
 * hash of the token is stored.
 */
export const facilityResponseTokens = pgTable(
  'facility_response_tokens',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    visitIds: integer('visit_ids').array().notNull(),
    referralSourceId: integer('referral_source_id')
      .notNull()
      .references(() => referralSources.id),
    sentTo: text('sent_to').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** 'accepted', 'changed' or 'rejected' once used. */
    outcome: text('outcome'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('facility_response_tokens_hash_key').on(t.tokenHash)],
);

/** Supply request: an organization's or coordinator's ask for more clinicians in an area. */
export const supplyRequests = pgTable(
  'supply_requests',
  {
    id: serial('id').primaryKey(),
    referralSourceId: integer('referral_source_id').references(() => referralSources.id),
    providerTypeId: integer('provider_type_id')
      .notNull()
      .references(() => providerTypes.id),
    zipcode: text('zipcode').notNull(),
    city: text('city'),
    state: text('state'),
    requestedCount: integer('requested_count').notNull().default(1),
    notes: text('notes').notNull().default(''),
    /** Open, InProgress, Fulfilled, Cancelled. */
    status: text('status').notNull().default('Open'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [index('supply_requests_created_idx').on(t.createdAt, t.id)],
);

/** Archive runs of /archiveOldData, with their progress (the page polls it). */
export const archiveRuns = pgTable('archive_runs', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  olderThan: date('older_than').notNull(),
  episodeReason: text('episode_reason'),
  patientReason: text('patient_reason'),
  total: integer('total').notNull().default(0),
  done: integer('done').notNull().default(0),
  /** Running, Done, Failed. */
  status: text('status').notNull().default('Running'),
  error: text('error'),
  createdBy: integer('created_by').references(() => users.id),
  createdAt: createdAt(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});

/**
 * A file attached to a service request (SPEC §3 Episode `files`). The content sits in the row so an upload is
 * one transaction with its audit record; lists never select `content`. Deleting sets `deleted_at`.
 */
export const episodeFiles = pgTable(
  'episode_files',
  {
    id: serial('id').primaryKey(),
    episodeId: integer('episode_id')
      .notNull()
      .references(() => episodes.id),
    ...storedFileColumns(),
  },
  (t) => [index('episode_files_episode_idx').on(t.episodeId, t.uploadedAt)],
);
