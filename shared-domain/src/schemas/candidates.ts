// /candidateReport and /candidatePageView (issue 26, decision 058): the candidate pipeline of the invitations sent
// in a period, the page views of the public candidate pages, the records behind any figure, and the beacon the
// public pages send (no cookies, nothing personal kept).
import { z } from 'zod';
import { CANDIDATE_FIGURE_KEYS, CANDIDATE_PAGES } from '../reports/candidates';
import {
  boundedDateSchema,
  isoDateSchema,
  isoDateTimeSchema,
  pagingQuerySchema,
  pagingSchema,
} from './common';
import { reportFilterQuerySchema, reportPeriodSchema } from './reports';

// ---- /candidateReport

/** The organization filter does not apply: an invitation belongs to no organization. */
export const candidateReportQuerySchema = reportFilterQuerySchema.omit({ referralSourceId: true });
export type CandidateReportQuery = z.infer<typeof candidateReportQuerySchema>;

const rateSchema = z.number().nullable();

export const candidateStageFigureSchema = z.object({
  id: z.enum(CANDIDATE_FIGURE_KEYS),
  label: z.string(),
  rule: z.string(),
  count: z.number().int(),
  priorCount: z.number().int(),
  conversion: rateSchema,
  priorConversion: rateSchema,
});

export const candidateGroupSchema = z.object({
  providerTypeId: z.number().int(),
  providerTypeName: z.string(),
  invited: z.number().int(),
  registered: z.number().int(),
  onboarded: z.number().int(),
  firstVisit: z.number().int(),
  expired: z.number().int(),
  onboardedRate: rateSchema,
  medianHoursToRegister: rateSchema,
  priorInvited: z.number().int(),
  priorOnboardedRate: rateSchema,
});
export type CandidateGroupRow = z.infer<typeof candidateGroupSchema>;

export const candidateReportSchema = z.object({
  period: reportPeriodSchema,
  prior: reportPeriodSchema,
  /** The instant "expired" is judged at. */
  asOf: isoDateTimeSchema,
  stages: z.array(candidateStageFigureSchema),
  medianHoursToRegister: rateSchema,
  priorMedianHoursToRegister: rateSchema,
  groups: z.array(candidateGroupSchema),
});
export type CandidateReport = z.infer<typeof candidateReportSchema>;

export const candidateRecordsQuerySchema = candidateReportQuerySchema.extend(pagingQuerySchema.shape).extend({
  figure: z.enum(CANDIDATE_FIGURE_KEYS).describe('A stage, or expired'),
  period: z.enum(['current', 'prior']).default('current'),
});
export type CandidateRecordsQuery = z.infer<typeof candidateRecordsQuerySchema>;

export const candidateRecordSchema = z.object({
  invitationId: z.number().int(),
  providerId: z.number().int(),
  name: z.string(),
  providerTypeName: z.string(),
  onboardStep: z.string(),
  invitedAt: isoDateTimeSchema,
  registeredAt: isoDateTimeSchema.nullable(),
  expiresAt: isoDateTimeSchema,
  invitedByName: z.string().nullable(),
  staffed: z.boolean(),
});
export type CandidateRecord = z.infer<typeof candidateRecordSchema>;

export const candidateRecordsSchema = z.object({
  rows: z.array(candidateRecordSchema),
  paging: pagingSchema,
});
export type CandidateRecords = z.infer<typeof candidateRecordsSchema>;

// ---- the beacon: POST /api/public/page-views

export const pageViewInputSchema = z.strictObject({
  page: z.enum(CANDIDATE_PAGES).describe('The public page viewed (an allow-list)'),
  referrer: z.string().max(2000).optional().describe('document.referrer; only its host is kept'),
  source: z.string().trim().max(100).optional().describe('utm_source of the page address, when it has one'),
  invitation: z.boolean().optional().describe('Whether the address carried an invitation (never the token)'),
});
export type PageViewInput = z.infer<typeof pageViewInputSchema>;

// ---- /candidatePageView

export const candidatePageViewQuerySchema = z.object({
  from: reportFilterQuerySchema.shape.from,
  to: reportFilterQuerySchema.shape.to,
  page: z.enum(CANDIDATE_PAGES).optional().describe('One page; none: every candidate page'),
});
export type CandidatePageViewQuery = z.infer<typeof candidatePageViewQuerySchema>;

const countsSchema = z.object({ views: z.number().int(), visitors: z.number().int() });

export const candidatePageViewSchema = z.object({
  period: reportPeriodSchema,
  prior: reportPeriodSchema,
  totals: countsSchema.extend({ registrations: z.number().int(), registrationRate: rateSchema }),
  priorTotals: countsSchema.extend({ registrations: z.number().int(), registrationRate: rateSchema }),
  days: z.array(countsSchema.extend({ day: isoDateSchema })),
  pages: z.array(countsSchema.extend({ page: z.string(), withInvitation: z.number().int() })),
  channels: z.array(
    countsSchema.extend({ channel: z.string(), label: z.string(), withInvitation: z.number().int() }),
  ),
});
export type CandidatePageView = z.infer<typeof candidatePageViewSchema>;

export const PAGE_VIEW_FIGURES = ['views', 'visitors', 'registrations'] as const;

export const candidatePageViewRecordsQuerySchema = candidatePageViewQuerySchema
  .extend(pagingQuerySchema.shape)
  .extend({
    figure: z.enum(PAGE_VIEW_FIGURES),
    period: z.enum(['current', 'prior']).default('current'),
    day: boundedDateSchema.optional().describe('One day of the period'),
    channel: z
      .string()
      .max(200)
      .optional()
      .describe('A channel as the report names it (utm:…, ref:…, direct)'),
  });
export type CandidatePageViewRecordsQuery = z.infer<typeof candidatePageViewRecordsQuerySchema>;

export const pageViewRecordSchema = z.object({
  id: z.number().int(),
  page: z.string(),
  day: isoDateSchema,
  at: isoDateTimeSchema,
  channel: z.string(),
  withInvitation: z.boolean(),
});
export const registrationRecordSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  providerTypeName: z.string(),
  onboardStep: z.string(),
  registeredAt: isoDateTimeSchema,
  invited: z.boolean(),
});

export const candidatePageViewRecordsSchema = z.discriminatedUnion('subject', [
  z.object({ subject: z.literal('views'), rows: z.array(pageViewRecordSchema), paging: pagingSchema }),
  z.object({
    subject: z.literal('registrations'),
    rows: z.array(registrationRecordSchema),
    paging: pagingSchema,
  }),
]);
export type CandidatePageViewRecords = z.infer<typeof candidatePageViewRecordsSchema>;
