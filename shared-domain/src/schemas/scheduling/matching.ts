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
import { DEFAULT_FIT_SCORE_OPTIONS, FIT_SCORE_FACTORS } from '../../scheduling/fit-score';
import { visitRowSchema } from './visits';
import { referralSourceRateSchema } from './rate-card';

/** A query-string flag: true/false or 1/0. */
const flag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
    .transform((value) => value === 'true' || value === '1')
    .optional()
    .transform((value) => value ?? fallback);

const d = DEFAULT_FIT_SCORE_OPTIONS;
/** SPEC §9 fit-score filters with their defaults; every one can be set in the query. */
export const fitScoreOptionsQuerySchema = z.object({
  searchClinicianDistance: z.coerce.number().min(0.5).max(100).default(d.searchClinicianDistance),
  ignoreWeekdayPreferences: flag(d.ignoreWeekdayPreferences),
  ignoreAssignmentPreferences: flag(d.ignoreAssignmentPreferences),
  ignoreShiftPreferences: flag(d.ignoreShiftPreferences),
  fewerThanFiveVisits: flag(d.fewerThanFiveVisits),
  fewerThanOneShift: flag(d.fewerThanOneShift),
  fullyCredentialed: flag(d.fullyCredentialed),
  includePreferredZipcodes: flag(d.includePreferredZipcodes),
  includePreviousAssignments: flag(d.includePreviousAssignments),
  ignoreVacations: flag(d.ignoreVacations),
});

export const fitScoreQuerySchema = pagingQuerySchema
  .extend({ visitId: idSchema })
  .extend(fitScoreOptionsQuerySchema.shape);
export type FitScoreQuery = z.infer<typeof fitScoreQuerySchema>;

const money = z.number().nullable();
export const fitScoreFactorSchema = z.object({
  name: z.enum(FIT_SCORE_FACTORS),
  points: z.number(),
  max: z.number(),
  reason: z.string(),
});

export const clinicianRateSchema = z.object({
  visitTypeId: z.number().int(),
  amount: z.number(),
  specialRate: money,
  incrementalRate: money,
  visitType: z.string(),
  description: z.string(),
});

/** The rate engine's result for one candidate; what the viewer may not see is left out. */
export const candidateAmountsSchema = z.object({
  organizationAmount: z.number(),
  clinicianAmount: z.number().optional(),
  netProfit: z.number().optional(),
  requiredMargin: z.number().optional(),
});

/** SPEC §3 "Clinician match candidate", plus distance, the factor breakdown and selectability. */
export const matchCandidateSchema = z
  .object({
    providerUserId: z.number().int().describe('The clinician (provider) id; assign with it as providerId'),
    givenName: z.string(),
    familyName: z.string(),
    providerType: z.string(),
    providerTypeId: z.number().int(),
    patientsCount: z.number().int(),
    visitsCount: z.number().int(),
    shiftsCount: z.number().int(),
    providerRatingDetails: z.record(z.string(), z.number()),
    skills: z.array(z.object({ name: z.string() })),
    rating: z.number().nullable(),
    lastLogin: z.string().nullable(),
    fitScore: z.number().int(),
    careCoordinator: z.string().nullable(),
    vacations: z.array(z.object({ startDate: z.string(), endDate: z.string() })),
    coverage: z.string(),
    distanceMiles: z.number(),
    factors: z.array(fitScoreFactorSchema),
    /** The clinician's own rates; only for staff. The organization's rate card is the answer's providerTypeRates. */
    rates: z.array(clinicianRateSchema).optional(),
    amounts: candidateAmountsSchema.nullable(),
    selectable: z.boolean(),
    notSelectableReason: z.string().nullable(),
  })
  .meta({ id: 'MatchCandidate' });
export type MatchCandidate = z.infer<typeof matchCandidateSchema>;

export const fitScoreResponseSchema = z.object({
  visit: visitRowSchema.extend({
    zipcode: z.string().nullable(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
  }),
  providerList: z.array(matchCandidateSchema),
  paging: pagingSchema,
  /** The organization's rate card for the visit's provider type, once for every candidate; staff, or organization users with showRates. */
  providerTypeRates: z.array(referralSourceRateSchema),
  /** What the viewer sees of rates: 'all' (staff), 'organization' (showRates) or 'none'. */
  rateVisibility: z.enum(['all', 'organization', 'none']),
});
export type FitScoreResponse = z.infer<typeof fitScoreResponseSchema>;

/** SPEC §9: fit score visits 0 to +7 days, 25 a page. */
export const fitScoreVisitsQuerySchema = pagingQuerySchema.extend({
  pageSize: z.coerce.number().int().min(1).max(100).default(PAGE_SIZES.fitScoreVisits),
  from: boundedDateSchema.optional(),
  to: boundedDateSchema.optional(),
  providerTypeId: idSchema.optional(),
  visitTypeId: idSchema.optional(),
});
export type FitScoreVisitsQuery = z.infer<typeof fitScoreVisitsQuerySchema>;
export const fitScoreVisitsResponseSchema = z.object({
  visitList: z.array(visitRowSchema),
  paging: pagingSchema,
});

export const assignVisitSchema = z.object({
  visitId: idValueSchema,
  providerId: idValueSchema,
  version: versionSchema,
});
export type AssignVisit = z.infer<typeof assignVisitSchema>;
export const unassignVisitSchema = z.object({
  visitId: idValueSchema,
  version: versionSchema,
});
export type UnassignVisit = z.infer<typeof unassignVisitSchema>;
