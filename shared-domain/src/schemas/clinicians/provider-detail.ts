// The clinician detail `/provider` (issue 11): the clinician's profile as staff see and edit it, status changes
// with a reason (SPEC §9 inactivateProviderReasonTypes), transfer to another clinician manager or care
// coordinator, the clinician's own rates per visit type (the rate engine's checks), vacations and activity.
import { z } from 'zod';
import { validateRates, type ClinicianRate, type RateTier } from '../../rates/rate-engine';
import { ROLE } from '../../roles';
import {
  boundedDateSchema,
  idValueSchema,
  isoDateSchema,
  isoDateTimeSchema,
  pagingSchema,
  versionSchema,
} from '../common';
import { emailIdSchema, nameSchema, phoneInputSchema } from '../identity';
import { dollarsSchema } from '../money';
import { clinicianProfileFieldsSchema } from './onboarding';
import { PROVIDER_STATUSES } from './providers';

/** SPEC §8: the success toast and the failure's subject ('Sorry, clinician could not be saved. ' + text). */
export const CLINICIAN_SAVED = 'Clinician saved.';
export const CLINICIAN_THING_NAME = 'clinician';
/** The provider status a clinician is inactivated with (a reason is required). */
export const INACTIVE_PROVIDER_STATUS_ID = 5;
/** Who a clinician can be transferred to: the users who manage clinicians (active ones of these roles). */
export const CLINICIAN_OWNER_ROLE_IDS: readonly number[] = [ROLE.CLINICIAN_MANAGER, ROLE.CARE_COORDINATOR];
/** SPEC §9: comments and activity are paged by 10. */
export const PROVIDER_ACTIVITY_PAGE_SIZE = 10;

export const PROVIDER_DETAIL_MESSAGES = {
  reasonRequired: 'is required to make a clinician inactive',
  reasonUnknown: 'must be one of the inactivation reasons',
  notAnOwner: 'must be an active clinician manager or care coordinator',
  sameStatus: 'is already the clinician’s status',
  sameOwner: 'already manages this clinician',
  endBeforeStart: 'must be on or after the start date',
  visitTypeNotTheirs: 'is not a visit type of the clinician’s provider type',
  duplicateVisitType: 'is given twice',
  unknownZip: 'is not a known ZIP code',
} as const;

/** A person the clinician record points to (the care coordinator / clinician manager). */
export const userRefSchema = z.object({ id: z.number().int(), name: z.string() });

/** `GET /api/admin/providers/:id`. */
export const providerDetailSchema = z
  .object({
    id: z.number().int(),
    userId: z.number().int().nullable(),
    givenName: z.string(),
    familyName: z.string(),
    email: z.string().nullable(),
    phoneNumber: z.string().nullable(),
    providerTypeId: z.number().int(),
    providerType: z.string(),
    providerStatusId: z.number().int(),
    credentialState: z.number().int(),
    onboardStep: z.string(),
    addressLine1: z.string().nullable(),
    addressLine2: z.string().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    zipcode: z.string().nullable(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    preferredLatitude: z.number().nullable(),
    preferredLongitude: z.number().nullable(),
    coverageRadiusMiles: z.number().int(),
    preferredZipcodes: z.array(z.string()),
    /** The numbers of the clinician's licence-category credentials (not rejected), newest first. */
    licenceNumbers: z.array(z.string()),
    skills: z.array(z.string()),
    languages: z.array(z.string()),
    weekdayPreferences: z.array(z.number().int()),
    shiftPreferences: z.array(z.string()),
    assignmentPreference: z.string(),
    rating: z.number().nullable(),
    /** SPEC §3 provider rating details: the ten counters, as recorded. */
    ratingDetails: z.record(z.string(), z.number()),
    lastLogin: isoDateTimeSchema.nullable(),
    enableEmail: z.boolean(),
    enableSms: z.boolean(),
    careCoordinator: userRefSchema.nullable(),
    version: z.number().int(),
  })
  .meta({ id: 'ProviderDetail' });
export type ProviderDetail = z.infer<typeof providerDetailSchema>;

const { addressLine1, ...placeAndPreferences } = clinicianProfileFieldsSchema.shape;
/**
 * `PUT /api/admin/providers/:id`: the onboarding Profile step's fields (the second address line takes the
 * first's rules) with the name, contact, provider type and notifications; without latitude and longitude the
 * ZIP code is geocoded (gazetteer).
 */
export const providerProfileInputSchema = z.object({
  givenName: nameSchema,
  familyName: nameSchema,
  email: emailIdSchema.nullable().default(null),
  phoneNumber: phoneInputSchema.nullable().default(null),
  providerTypeId: idValueSchema,
  addressLine1,
  addressLine2: addressLine1,
  ...placeAndPreferences,
  enableEmail: z.boolean().default(true),
  enableSms: z.boolean().default(true),
  version: versionSchema,
});
export type ProviderProfileInput = z.infer<typeof providerProfileInputSchema>;
export type ProviderProfileFormInput = z.input<typeof providerProfileInputSchema>;

const statusIds = PROVIDER_STATUSES.map((status) => status.id as number);
/** `POST /api/admin/providers/:id/status`: a reason is required for Inactive (5). */
export const providerStatusChangeSchema = z.object({
  providerStatusId: z
    .number()
    .int()
    .refine((id) => statusIds.includes(id), { error: `must be one of ${statusIds.join(', ')}` }),
  reason: z.string().trim().max(200).nullable().default(null),
  version: versionSchema,
});
export type ProviderStatusChange = z.infer<typeof providerStatusChangeSchema>;

/** The reasons offered when a clinician is made inactive (SPEC §9 constant inactivateProviderReasonTypes). */
export const providerStatusReasonsSchema = z.object({ reasons: z.array(z.string()) });

/** `POST /api/admin/providers/:id/transfer`. */
export const providerTransferSchema = z.object({ userId: idValueSchema, version: versionSchema });
export type ProviderTransfer = z.infer<typeof providerTransferSchema>;
/** The users a clinician can be transferred to. */
export const providerTransferTargetsSchema = z.object({
  users: z.array(userRefSchema.extend({ roleId: z.number().int(), role: z.string() })),
});

/** One of the clinician's own rates (SPEC §3 candidate `rates`), dollars. */
export const providerRateSchema = z.object({
  visitTypeId: z.number().int(),
  visitType: z.string(),
  description: z.string(),
  unit: z.string(),
  amount: z.number(),
  specialRate: z.number().nullable(),
  incrementalRate: z.number().nullable(),
});
export type ProviderRate = z.infer<typeof providerRateSchema>;
export const providerRateListSchema = z.object({
  rows: z.array(providerRateSchema),
  /** The visit types of the clinician's provider type (what rates can be given for). */
  visitTypes: z.array(z.object({ id: z.number().int(), type: z.string(), unit: z.string() })),
  version: z.number().int(),
});
export type ProviderRateList = z.infer<typeof providerRateListSchema>;
const money = dollarsSchema.min(-1_000_000).max(10_000);
/** `PUT /api/admin/providers/:id/rates`: the whole list (replaces it), at the clinician's version. */
export const providerRatesInputSchema = z.object({
  rates: z
    .array(
      z.object({
        visitTypeId: idValueSchema,
        amount: money,
        specialRate: money.nullable().default(null),
        incrementalRate: money.nullable().default(null),
      }),
    )
    .max(50),
  version: versionSchema,
});
export type ProviderRatesInput = z.infer<typeof providerRatesInputSchema>;

/**
 * The rate engine's checks of one clinician rate (SPEC §5 'Fixed rate must be greater than zero'), per tier
 * given: the field and its message, or null when the rate is fine. No organization card is involved here, so
 * only the clinician's own amount is checked (the card's checks run when a visit is priced).
 */
export function clinicianRateProblem(
  rate: ClinicianRate,
): { field: 'amount' | 'specialRate' | 'incrementalRate'; message: string } | null {
  const tiers: Array<[RateTier, 'amount' | 'specialRate' | 'incrementalRate']> = [
    ['regular', 'amount'],
    ['special', 'specialRate'],
    ['incremental', 'incrementalRate'],
  ];
  for (const [tier, field] of tiers) {
    if (tier !== 'regular' && (rate[field] === null || rate[field] === undefined)) continue;
    const [message] = validateRates({
      visit: {},
      // A neutral card: the organization passes the clinician's rate through, with no margin to keep.
      card: { paymentType: 'ServiceFee', serviceFee: 0, profitMargin: 0 },
      clinician: rate,
      tier,
    });
    if (message) return { field, message };
  }
  return null;
}

export const providerVacationSchema = z.object({
  id: z.number().int(),
  startDate: isoDateSchema,
  endDate: isoDateSchema,
});
export type ProviderVacation = z.infer<typeof providerVacationSchema>;
export const providerVacationListSchema = z.object({ rows: z.array(providerVacationSchema) });
export const providerVacationInputSchema = z.object({
  startDate: boundedDateSchema,
  endDate: boundedDateSchema,
});
export type ProviderVacationInput = z.infer<typeof providerVacationInputSchema>;

/** `GET /api/admin/providers/:id/activity`: the clinician's audit entries, newest first. */
export const providerActivityQuerySchema = z.object({
  pageNumber: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(PROVIDER_ACTIVITY_PAGE_SIZE),
});
export const providerActivityEntrySchema = z.object({
  id: z.number().int(),
  at: isoDateTimeSchema,
  userEmail: z.string().nullable(),
  entity: z.string(),
  action: z.string(),
  /** The fields changed, as before → after. */
  changes: z.array(z.object({ field: z.string(), before: z.unknown(), after: z.unknown() })),
});
export type ProviderActivityEntry = z.infer<typeof providerActivityEntrySchema>;
export const providerActivitySchema = z.object({
  rows: z.array(providerActivityEntrySchema),
  paging: pagingSchema,
});

/** SPEC §3 provider rating details: the ten counters, in the spec's order, with the labels the page shows. */
export const PROVIDER_RATING_DETAIL_FIELDS = [
  { key: 'totalVisitCount', label: 'Visits' },
  { key: 'totalNotesCount', label: 'Notes' },
  { key: 'totalUnstaffedCount', label: 'Unstaffed' },
  { key: 'totalUnstaffedLateCount', label: 'Unstaffed late' },
  { key: 'totalNotesReopenCount', label: 'Notes reopened' },
  { key: 'avgPatientRating', label: 'Average patient rating' },
  { key: 'totalVisitOverDueCount', label: 'Visits overdue' },
  { key: 'totalNotesOverDueCount', label: 'Notes overdue' },
  { key: 'totalAutoMissedCount', label: 'Auto-missed' },
  { key: 'totalNotesRejectedCount', label: 'Notes rejected' },
] as const;
