// The clinician's visits (issue 11, decision 025): the signed-in clinician's own (/api/admin/myVisits, SPEC §9
// "my visits", default PendingVisits) and a chosen clinician's for staff (/api/admin/providers/:id/visits), the
// EVV check-in and check-out from the device, and the public feedback page of a checked-out visit.
import { z } from 'zod';
import {
  boundedDateSchema,
  boundedDateTimeSchema,
  idSchema,
  isoDateTimeSchema,
  pagingQuerySchema,
  pagingSchema,
  versionSchema,
} from '../common';
import { VISIT_STATUSES, transitionFor, type VisitStatus } from '../../visits/visit-status';

/**
 * PendingVisits (SPEC §4 default filter of "my visits"): the visits that still ask something of the clinician —
 * booked and not yet worked (Staffed, VisitOverdue), under way (AfterStaffed), or with notes to write or fix
 * (NotesDue, NotesOverdue, NotesRejected).
 */
export const PENDING_VISIT_STATUSES = [
  'Staffed',
  'VisitOverdue',
  'AfterStaffed',
  'NotesDue',
  'NotesOverdue',
  'NotesRejected',
] as const satisfies readonly VisitStatus[];

export function isPendingVisit(status: VisitStatus): boolean {
  return (PENDING_VISIT_STATUSES as readonly VisitStatus[]).includes(status);
}

/** The status filter of the clinician's visits: PendingVisits, every status (ALL), or one status. */
export const providerVisitStatusFilterSchema = z.enum(['PendingVisits', 'ALL', ...VISIT_STATUSES]);
export type ProviderVisitStatusFilter = z.infer<typeof providerVisitStatusFilterSchema>;

/** The statuses a filter stands for (null: every status). */
export function statusesOfFilter(filter: ProviderVisitStatusFilter): readonly VisitStatus[] | null {
  if (filter === 'ALL') return null;
  if (filter === 'PendingVisits') return PENDING_VISIT_STATUSES;
  return [filter];
}

/** The longest range one request may ask for (a year and a half: my visits' default is 166 days). */
export const PROVIDER_VISITS_MAX_DAYS = 550;

const listQuery = pagingQuerySchema.extend({
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
  startDate: boundedDateSchema.optional().describe('First day (YYYY-MM-DD); defaults per SPEC §9'),
  endDate: boundedDateSchema.optional().describe('Last day (YYYY-MM-DD), taken whole; defaults per SPEC §9'),
});
/** GET /api/admin/myVisits: SPEC §9 my visits, -120 to +45 days, status PendingVisits by default. */
export const myVisitsQuerySchema = listQuery.extend({
  status: providerVisitStatusFilterSchema.default('PendingVisits'),
});
export type MyVisitsQuery = z.infer<typeof myVisitsQuerySchema>;
/** GET /api/admin/providers/:id/visits: SPEC §9 provider visits, -29 to +30 days, every status by default. */
export const providerVisitsQuerySchema = listQuery.extend({
  status: providerVisitStatusFilterSchema.default('ALL'),
});
export type ProviderVisitsQuery = z.infer<typeof providerVisitsQuerySchema>;

export const visitAddressSchema = z.object({
  addressLine1: z.string().nullable(),
  addressLine2: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zipcode: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});
export type VisitAddress = z.infer<typeof visitAddressSchema>;

export const providerVisitRowSchema = z
  .object({
    id: z.number().int(),
    episodeId: z.number().int(),
    episodeType: z.string(),
    organizationName: z.string(),
    patientId: z.number().int().nullable(),
    patientName: z.string().nullable(),
    /** Where the visit is: the patient's address (a visit) or the facility's (a shift). */
    placeName: z.string().nullable(),
    address: visitAddressSchema,
    visitType: z.string(),
    /** Held by video: the clinician opens /tc?visit= instead of checking in at the address. */
    telehealth: z.boolean(),
    dateOfService: z.string(),
    startAt: isoDateTimeSchema,
    endAt: isoDateTimeSchema,
    /** The zone the visit's times are shown in: its own, else its organization's (decision 039). */
    timeZone: z.string(),
    status: z.enum(VISIT_STATUSES),
    lateCancellation: z.boolean(),
    shiftConfirmedByFacility: z.boolean(),
    timeIn: isoDateTimeSchema.nullable(),
    timeOut: isoDateTimeSchema.nullable(),
    version: versionSchema,
  })
  .meta({ id: 'ProviderVisitRow' });
export type ProviderVisitRow = z.infer<typeof providerVisitRowSchema>;

export const providerVisitListSchema = z
  .object({
    providerId: z.number().int(),
    providerName: z.string(),
    status: providerVisitStatusFilterSchema,
    startDate: z.string(),
    endDate: z.string(),
    rows: z.array(providerVisitRowSchema),
    paging: pagingSchema,
  })
  .meta({ id: 'ProviderVisitList' });
export type ProviderVisitList = z.infer<typeof providerVisitListSchema>;

/** The EVV record's input: where the device was and when, and the visit's version as the page read it. */
export const evvInputSchema = z.object({
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  /** The device's clock at the tap. */
  at: boundedDateTimeSchema,
  version: versionSchema,
});
export type EvvInput = z.infer<typeof evvInputSchema>;
export const providerVisitParamsSchema = z.object({ id: idSchema });
export const evvResultSchema = z.object({ visit: providerVisitRowSchema, message: z.string() });
export type EvvResult = z.infer<typeof evvResultSchema>;

/** Which of check-in / check-out the visit's status allows now (the visit state machine's checkIn / checkOut). */
export function evvActionOf(status: VisitStatus): 'checkIn' | 'checkOut' | null {
  if (transitionFor(status, 'checkIn')) return 'checkIn';
  if (transitionFor(status, 'checkOut')) return 'checkOut';
  return null;
}

/** The device clock may run this far ahead of the server's, and a tap be sent this late (offline). */
export const EVV_CLOCK_SKEW_MINUTES = 15;
export const EVV_MAX_DELAY_HOURS = 48;

export const PROVIDER_VISIT_MESSAGES = {
  checkedIn: 'Checked in.',
  checkedOut: 'Checked out. Your notes are due.',
  cannotCheckIn: (label: string) =>
    `This visit is ${label}: only a Staffed or Visit Overdue visit can be checked in.`,
  cannotCheckOut: (label: string) => `This visit is ${label}: only a checked-in visit can be checked out.`,
  notYours: 'This visit is not assigned to you.',
  deviceTimeAhead: `is ahead of the server's clock by more than ${EVV_CLOCK_SKEW_MINUTES} minutes`,
  deviceTimeLate: `is more than ${EVV_MAX_DELAY_HOURS} hours ago`,
} as const;

// ——— Public clinician feedback (/clinicianFeedBack?token=…) ———

/** Days a feedback link stays open after check-out. */
export const FEEDBACK_TOKEN_DAYS = 14;

export const clinicianFeedbackQuerySchema = z.object({ token: z.string().min(1).max(200) });
/** What the token grants the page: the visit's date and the clinician's first name, nothing else. */
export const clinicianFeedbackDetailsSchema = z
  .object({ dateOfService: z.string(), clinicianFirstName: z.string(), expiresAt: isoDateTimeSchema })
  .meta({ id: 'ClinicianFeedbackDetails' });
export type ClinicianFeedbackDetails = z.infer<typeof clinicianFeedbackDetailsSchema>;
export const clinicianFeedbackInputSchema = z.object({
  token: z.string().min(1).max(200),
  rating: z
    .number()
    .int()
    .min(1, { error: 'must be 1 to 5 stars' })
    .max(5, { error: 'must be 1 to 5 stars' }),
  comment: z.string().trim().max(2000).optional(),
});
export type ClinicianFeedbackInput = z.infer<typeof clinicianFeedbackInputSchema>;
export const clinicianFeedbackResultSchema = z.object({ message: z.string() });
/** Staff: a new link for a checked-out visit (the raw token is shown once and stored only as its hash). */
export const feedbackLinkParamsSchema = z.object({ id: idSchema, visitId: idSchema });
export const feedbackLinkSchema = z
  .object({ url: z.string(), expiresAt: isoDateTimeSchema, sentTo: z.string().nullable() })
  .meta({ id: 'FeedbackLink' });
export type FeedbackLink = z.infer<typeof feedbackLinkSchema>;

export const FEEDBACK_MESSAGES = {
  /** SPEC §8: the page shows this before the server's text when a rating fails. */
  failed: 'Failed to provide ratings. ',
  thanks: 'Thank you for your feedback.',
  unknownToken: 'This feedback link is not valid.',
  usedToken: 'This feedback link has already been used.',
  expiredToken: 'This feedback link has expired.',
  notCheckedOut: 'A feedback link is only for a visit that was checked out.',
  /** One rating per visit: a second link or a second answer is refused with this. */
  alreadyRated: 'This visit has already been rated. Each visit is rated once.',
} as const;
