import { z } from 'zod';
import {
  boundedDateSchema,
  idSchema,
  idValueSchema,
  pagingQuerySchema,
  pagingSchema,
  versionSchema,
} from '../common';
import { PAGE_SIZES } from '../../constants';
import { VISIT_STATUSES } from '../../visits/visit-status';

const optionalId = idSchema.optional();

/** SPEC §4: the visit list opens on Active (shown 'Published'); 'ALL' lists every status. */
export const visitStatusFilterSchema = z.enum([...VISIT_STATUSES, 'ALL']);

export const visitListQuerySchema = pagingQuerySchema.extend({
  pageSize: z.coerce.number().int().min(1).max(100).default(PAGE_SIZES.default),
  status: visitStatusFilterSchema.default('Active'),
  from: boundedDateSchema.optional(),
  to: boundedDateSchema.optional(),
  visitTypeId: optionalId,
  providerTypeId: optionalId,
  episodeId: optionalId,
  patientId: optionalId,
  referralSourceId: optionalId,
  sort: z.enum(['dateOfService', '-dateOfService']).default('dateOfService'),
});
export type VisitListQuery = z.infer<typeof visitListQuerySchema>;

export const visitRowSchema = z
  .object({
    id: z.number().int(),
    episodeId: z.number().int(),
    episodeTitle: z.string(),
    episodeType: z.string(),
    referralSourceId: z.number().int(),
    organizationName: z.string(),
    patientId: z.number().int().nullable(),
    patientName: z.string().nullable(),
    visitTypeId: z.number().int(),
    visitType: z.string(),
    providerTypeId: z.number().int(),
    providerType: z.string(),
    dateOfService: z.string(),
    startAt: z.string(),
    endAt: z.string(),
    timeZone: z
      .string()
      .optional()
      .describe("The zone of its date and times: its organization's (decision 039)"),
    duration: z.number().int().nullable(),
    status: z.enum(VISIT_STATUSES),
    paused: z.boolean(),
    nonVisit: z.boolean(),
    lateCancellation: z.boolean(),
    shiftConfirmedByFacility: z.boolean(),
    providerId: z.number().int().nullable(),
    providerName: z.string().nullable(),
    /** Clinician pay; null for organization users. */
    providerAmount: z.number().nullable(),
    rsAmount: z.number().nullable(),
    facilityResponse: z.string().nullable(),
    expireReason: z.string().nullable(),
    version: z.number().int(),
  })
  .meta({ id: 'VisitRow' });
export type VisitRow = z.infer<typeof visitRowSchema>;

export const visitListResponseSchema = z.object({ rows: z.array(visitRowSchema), paging: pagingSchema });

/** Bulk actions name each visit with the version the page read (stale ones are refused with 409). */
export const visitRefSchema = z.object({ id: idValueSchema, version: versionSchema });
const visitRefs = z
  .array(visitRefSchema)
  .min(1, { error: 'select at least one visit' })
  .max(500, { error: 'at most 500 visits at a time' });

export const visitBulkSchema = z.object({ visits: visitRefs });
export type VisitBulk = z.infer<typeof visitBulkSchema>;
export const pauseVisitsSchema = z.object({ visits: visitRefs, paused: z.boolean() });
export type PauseVisits = z.infer<typeof pauseVisitsSchema>;
export const expireVisitSchema = z.object({
  visits: visitRefs,
  reason: z.string().trim().min(1, { error: 'is required' }).max(200),
});
export type ExpireVisit = z.infer<typeof expireVisitSchema>;
export const visitBulkResponseSchema = z.object({ count: z.number().int(), message: z.string() });
export type VisitBulkResponse = z.infer<typeof visitBulkResponseSchema>;

/** SPEC §8 messages of the approve action. */
export const NO_VISITS_FOR_APPROVAL = 'There is no visits for approval. ';
export const VISITS_NOT_APPROVED = "The selected visits couldn't be marked as approved. ";
