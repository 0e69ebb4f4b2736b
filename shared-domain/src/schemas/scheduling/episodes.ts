import { z } from 'zod';
import {
  boundedDateSchema,
  idSchema,
  idValueSchema,
  isoDateTimeSchema,
  pagingQuerySchema,
  pagingSchema,
  timeSchema,
  versionQuerySchema,
  versionSchema,
} from '../common';
import { EPISODE_STATUSES, EPISODE_STATUS_FILTERS, EPISODE_TYPES } from '../../scheduling/episode-rules';
import { RATE_TIERS } from '../../rates/rate-engine';
import { PAGE_SIZES } from '../../constants';
import { patientArchiveSchema } from './patients';
import { dollarsSchema } from '../money';

const ids = z.array(idValueSchema).max(100);
const money = dollarsSchema.min(0, { error: 'cannot be negative' }).max(100_000);
const text = (max: number) => z.string().trim().max(max);
const flag = z
  .enum(['true', 'false'])
  .transform((v) => v === 'true')
  .optional();

/** e.g. visit type 304, 2 per week for 4 weeks. */
export const episodeFrequencySchema = z.object({
  visitTypeId: idValueSchema,
  perWeek: z.number().int().min(1, { error: 'must be at least 1' }).max(21),
  weeks: z.number().int().min(1, { error: 'must be at least 1' }).max(52),
});
export type EpisodeFrequency = z.infer<typeof episodeFrequencySchema>;

export const episodePreferencesSchema = z.object({
  gender: z.enum(['M', 'F']).nullable().optional(),
  languages: z.array(text(60)).max(10).optional(),
  skills: z.array(text(100)).max(30).optional(),
});

/** Defaults copied onto new visits of the episode. */
export const episodeVisitRateSchema = z.object({
  isHourly: z.boolean().optional(),
  bonus: money.nullable().optional(),
  referralSourceBonus: money.nullable().optional(),
  duration: z.number().int().min(1).max(1440).nullable().optional(),
  fixedRate: money.nullable().optional(),
});

const episodeFields = {
  episodeType: z.enum(EPISODE_TYPES),
  title: text(200).min(1, { error: 'is required' }),
  description: text(4000).optional(),
  notes: text(4000).optional(),
  startDate: boundedDateSchema,
  endDate: boundedDateSchema.nullable().optional(),
  patientId: idValueSchema.nullable().optional(),
  physicianId: idValueSchema.nullable().optional(),
  facilityId: idValueSchema.nullable().optional(),
  insuranceIds: ids.optional(),
  externalInsuranceId: text(60).nullable().optional(),
  payor: text(200).nullable().optional(),
  authorizedVisits: z.number().int().min(0).max(10_000).nullable().optional(),
  language: text(60).min(1).optional(),
  visitTypeIds: ids.optional(),
  providerTypeIds: ids.optional(),
  frequencies: z.array(episodeFrequencySchema).max(50).optional(),
  contactIds: ids.optional(),
  patientContactIds: ids.optional(),
  caseManagerId: idValueSchema.nullable().optional(),
  careCoordinatorId: idValueSchema.nullable().optional(),
  customerCareCoordinatorId: idValueSchema.nullable().optional(),
  vendorManagerId: idValueSchema.nullable().optional(),
  preferences: episodePreferencesSchema.optional(),
  enableNotesWorkflow: z.boolean().optional(),
  visitRate: episodeVisitRateSchema.optional(),
};

export const episodeInputSchema = z.object({
  ...episodeFields,
  referralSourceId: idValueSchema.optional().describe('Staff only; organization users: their own'),
});
export type EpisodeInput = z.infer<typeof episodeInputSchema>;
export const episodeUpdateSchema = z.object(episodeFields).partial().extend({ version: versionSchema });
export type EpisodeUpdate = z.infer<typeof episodeUpdateSchema>;
export const episodeActionSchema = z.object({ version: versionSchema });
/** Archiving takes a reason of the episodeArchiveReasons constant, like a patient's archive. */
export const episodeArchiveSchema = patientArchiveSchema;

export const episodeSchema = z
  .object({
    id: z.number().int(),
    referralSourceId: z.number().int(),
    referralSource: z.object({
      id: z.number().int(),
      name: z.string(),
      phone: z.string().nullable(),
      fax: z.string().nullable(),
      email: z.string().nullable(),
    }),
    episodeType: z.string(),
    title: z.string(),
    description: z.string(),
    notes: z.string(),
    status: z.enum(EPISODE_STATUSES),
    startDate: z.string(),
    endDate: z.string().nullable(),
    patientId: z.number().int().nullable(),
    patientName: z.string().nullable(),
    physicianId: z.number().int().nullable(),
    facilityId: z.number().int().nullable(),
    insuranceIds: z.array(z.number().int()),
    externalInsuranceId: z.string().nullable(),
    payor: z.string().nullable(),
    authorizedVisits: z.number().int().nullable(),
    language: z.string(),
    visitTypeIds: z.array(z.number().int()),
    providerTypeIds: z.array(z.number().int()),
    frequencies: z.array(episodeFrequencySchema),
    contactIds: z.array(z.number().int()),
    patientContactIds: z.array(z.number().int()),
    caseManagerId: z.number().int().nullable(),
    careCoordinatorId: z.number().int().nullable(),
    customerCareCoordinatorId: z.number().int().nullable(),
    vendorManagerId: z.number().int().nullable(),
    preferences: episodePreferencesSchema,
    enableNotesWorkflow: z.boolean(),
    visitRate: episodeVisitRateSchema,
    publishedAt: isoDateTimeSchema.nullable(),
    archiveReason: z.string().nullable(),
    archivedAt: isoDateTimeSchema.nullable(),
    createdBy: z.number().int().nullable(),
    createdAt: isoDateTimeSchema,
    updatedAt: isoDateTimeSchema,
    version: versionSchema,
    /** SPEC §3: the care-team conversation (chat topic) of the request; null until someone opens it. */
    careTeamTopicId: z.number().int().nullable(),
  })
  .meta({ id: 'Episode' });
export type Episode = z.infer<typeof episodeSchema>;

export const episodeListQuerySchema = pagingQuerySchema.extend({
  search: text(100).optional().describe('Title, patient name or service request id'),
  status: z
    .enum(EPISODE_STATUS_FILTERS)
    .optional()
    .describe('Default: Active; ALL for roles 5 and 6 or with patientId'),
  mine: flag.describe(
    'Only service requests I created or coordinate; default from serviceRequest.defaultShowMine',
  ),
  episodeType: z.enum(EPISODE_TYPES).optional(),
  referralSourceId: idSchema.optional(),
  patientId: idSchema.optional(),
  createdFrom: boundedDateSchema.optional().describe('Default: 365 days ago'),
  createdTo: boundedDateSchema.optional().describe('Default: today'),
});
export type EpisodeListQuery = z.infer<typeof episodeListQuerySchema>;
export const episodeListRowSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  episodeType: z.string(),
  status: z.string(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  referralSourceId: z.number().int(),
  referralSourceName: z.string(),
  patientId: z.number().int().nullable(),
  patientName: z.string().nullable(),
  careCoordinatorName: z.string().nullable(),
  createdAt: isoDateTimeSchema,
});
export type EpisodeListRow = z.infer<typeof episodeListRowSchema>;
export const episodeListResponseSchema = z.object({
  rows: z.array(episodeListRowSchema),
  paging: pagingSchema,
});

/** Rate terms of a visit, as entered on the episode page. */
const visitRateFields = {
  isHourly: z.boolean().optional(),
  bonus: money.nullable().optional(),
  referralSourceBonus: money.nullable().optional(),
  rateOverride: z.boolean().optional(),
  overrideAmount: money.nullable().optional(),
  rsOverrideAmount: money.nullable().optional(),
  rateTier: z.enum(RATE_TIERS).optional(),
  fixedRate: money
    .nullable()
    .optional()
    .describe("Clinician rate offered; default from the organization's rate card"),
};
const visitTimeFields = {
  startTime: timeSchema
    .nullable()
    .optional()
    .describe("HH:MM on the organization's clock (its time zone); required when adding a visit"),
  endTime: timeSchema.nullable().optional(),
  duration: z.number().int().nullable().optional().describe('Minutes; shifts 480 by default'),
  utcOffset: z
    .number()
    .int()
    .min(-840)
    .max(840)
    .optional()
    .describe("Ignored: the times are in the organization's time zone (decision 039)"),
};

export const episodeVisitCreateSchema = z.object({
  visitTypeId: idValueSchema,
  providerTypeId: idValueSchema,
  dateOfService: boundedDateSchema,
  multiple: z.boolean().optional(),
  multipleDates: z.array(boundedDateSchema).max(100).optional(),
  noOfVisits: z.number().int().min(1).max(50).optional(),
  ...visitTimeFields,
  ...visitRateFields,
});
export type EpisodeVisitCreate = z.infer<typeof episodeVisitCreateSchema>;
export const episodeVisitUpdateSchema = z.object({
  dateOfService: boundedDateSchema.optional(),
  ...visitTimeFields,
  ...visitRateFields,
  version: versionSchema,
});
export type EpisodeVisitUpdate = z.infer<typeof episodeVisitUpdateSchema>;
export const visitParamsSchema = z.object({
  id: idSchema,
  visitId: idSchema,
});

export const episodeVisitSchema = z
  .object({
    id: z.number().int(),
    episodeId: z.number().int(),
    episodeType: z.string(),
    visitTypeId: z.number().int(),
    providerTypeId: z.number().int(),
    dateOfService: z.string(),
    startAt: isoDateTimeSchema,
    endAt: isoDateTimeSchema,
    duration: z.number().int().nullable(),
    status: z.string(),
    isHourly: z.boolean(),
    bonus: z.number().nullable(),
    referralSourceBonus: z.number().nullable(),
    rateOverride: z.boolean(),
    overrideAmount: z.number().nullable(),
    rsOverrideAmount: z.number().nullable(),
    rateTier: z.string(),
    fixedRate: z.number().nullable(),
    providerAmount: z.number().nullable(),
    lateCancellation: z.boolean(),
    shiftConfirmedByFacility: z.boolean(),
    providerId: z.number().int().nullable(),
    providerName: z.string().nullable(),
    version: versionSchema,
  })
  .meta({ id: 'EpisodeVisit' });
export type EpisodeVisit = z.infer<typeof episodeVisitSchema>;
export const episodeVisitListQuerySchema = pagingQuerySchema.extend({
  pageSize: z.coerce
    .number()
    .int()
    .min(1)
    .max(PAGE_SIZES.episodeDetailVisits)
    .default(PAGE_SIZES.episodeDetailVisits),
});
export const episodeVisitListResponseSchema = z.object({
  rows: z.array(episodeVisitSchema),
  paging: pagingSchema,
});
export const episodeVisitCreateResponseSchema = z.object({ rows: z.array(episodeVisitSchema) });
export const episodeVisitDeleteQuerySchema = z.object({ version: versionQuerySchema });
