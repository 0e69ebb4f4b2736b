// Non-coverages (issue 26, docs/decisions/047-non-coverages.md): a service request, or one visit of it, that
// cannot be covered. Care coordinators report it ('Non Coverage Reported successfully.', SPEC §8), the team
// chases the Active ones (SPEC §4's default filter) until someone resolves one saying how; clinician managers
// watch the weekly trend.
import dayjs from 'dayjs';
import { z } from 'zod';
import { askedReportPeriod, defaultReportPeriod, type ReportPeriod } from '../reports/period';
import {
  boundedDateSchema,
  idSchema,
  idValueSchema,
  isoDateSchema,
  isoDateTimeSchema,
  pagingQuerySchema,
  pagingSchema,
  versionSchema,
} from './common';

/** Why a request cannot be covered (our design, decision 047); 'Other' needs a note saying why. */
export const NON_COVERAGE_REASONS = [
  'No clinician available',
  'Outside service area',
  'Rate too low',
  'Schedule conflict',
  'Language not available',
  'Other',
] as const;
export type NonCoverageReason = (typeof NON_COVERAGE_REASONS)[number];

export const NON_COVERAGE_STATUSES = ['Active', 'Resolved'] as const;
export type NonCoverageStatus = (typeof NON_COVERAGE_STATUSES)[number];
/** The list's status filter; SPEC §4: 'Active' by default. */
export const NON_COVERAGE_STATUS_FILTERS = ['Active', 'Resolved', 'All'] as const;
export type NonCoverageStatusFilter = (typeof NON_COVERAGE_STATUS_FILTERS)[number];
export const NON_COVERAGE_DEFAULT_STATUS: NonCoverageStatusFilter = 'Active';

export const NON_COVERAGE_NOTE_MAX = 2000;
export const NON_COVERAGE_RESOLUTION_MAX = 2000;

/** Episode statuses a non-coverage may be reported for: a request still open (not Completed, Archived, Deleted). */
export const NON_COVERAGE_EPISODE_STATUSES = ['Draft', 'Active', 'Hold'] as const;

export const NON_COVERAGE_MESSAGES = {
  reported: 'Non Coverage Reported successfully.',
  resolved: 'Non Coverage resolved.',
  unknownEpisode: 'is not a known service request',
  episodeClosed: (status: string) =>
    `is ${status}: only an open service request can be reported as not covered`,
  notOfEpisode: 'is not a visit of this service request',
  visitDeleted: 'is deleted',
  noteRequired: 'is required when the reason is Other',
  duplicateVisit: 'This visit is already reported as not covered (Active). Resolve that report first.',
  duplicateEpisode:
    'This service request is already reported as not covered (Active). Resolve that report first.',
  resolvedAlready: 'This non-coverage is resolved already.',
} as const;

const noteText = z
  .string()
  .trim()
  .max(NON_COVERAGE_NOTE_MAX, { error: `must be at most ${NON_COVERAGE_NOTE_MAX} characters` });

export const nonCoverageInputSchema = z
  .object({
    episodeId: idValueSchema.describe('The service request that cannot be covered'),
    visitId: idValueSchema.optional().describe('One visit of that service request (else the whole request)'),
    reason: z.enum(NON_COVERAGE_REASONS, { error: `must be one of: ${NON_COVERAGE_REASONS.join(', ')}` }),
    note: noteText.optional(),
  })
  .superRefine((v, context) => {
    if (v.reason === 'Other' && !v.note)
      context.addIssue({ code: 'custom', path: ['note'], message: NON_COVERAGE_MESSAGES.noteRequired });
  });
export type NonCoverageInput = z.infer<typeof nonCoverageInputSchema>;

export const nonCoverageResolveSchema = z.object({
  resolution: z
    .string()
    .trim()
    .min(1, { error: 'is required' })
    .max(NON_COVERAGE_RESOLUTION_MAX, { error: `must be at most ${NON_COVERAGE_RESOLUTION_MAX} characters` }),
  version: versionSchema,
});
export type NonCoverageResolve = z.infer<typeof nonCoverageResolveSchema>;

export const nonCoverageSchema = z
  .object({
    id: z.number().int(),
    episodeId: z.number().int(),
    visitId: z.number().int().nullable(),
    referralSourceId: z.number().int(),
    organizationName: z.string(),
    providerTypeId: z.number().int().nullable(),
    providerTypeName: z.string().nullable(),
    patientName: z.string().nullable(),
    episodeTitle: z.string(),
    /** The visit's date of service and booked start, on the clock of `visitTimeZone`. */
    visitDate: isoDateSchema.nullable(),
    visitStartAt: isoDateTimeSchema.nullable(),
    visitTimeZone: z.string().nullable(),
    reason: z.enum(NON_COVERAGE_REASONS),
    note: z.string().nullable(),
    status: z.enum(NON_COVERAGE_STATUSES),
    reportedBy: z.number().int(),
    reporterName: z.string(),
    reportedAt: isoDateTimeSchema,
    resolvedBy: z.number().int().nullable(),
    resolverName: z.string().nullable(),
    resolvedAt: isoDateTimeSchema.nullable(),
    resolution: z.string().nullable(),
    version: versionSchema,
  })
  .meta({ id: 'NonCoverage' });
export type NonCoverage = z.infer<typeof nonCoverageSchema>;

const reportFilters = {
  referralSourceId: idSchema.optional().describe("An organization's id"),
  providerTypeId: idSchema.optional(),
  from: boundedDateSchema.optional().describe('Reported on or after this day (the organization calendar)'),
  to: boundedDateSchema.optional().describe('Reported on or before this day'),
};

export const nonCoverageListQuerySchema = pagingQuerySchema.extend({
  status: z
    .enum(NON_COVERAGE_STATUS_FILTERS)
    .default(NON_COVERAGE_DEFAULT_STATUS)
    .describe('Default Active (SPEC §4)'),
  order: z.enum(['newest', 'oldest']).default('newest').describe('By the day reported; default newest first'),
  ...reportFilters,
});
export type NonCoverageListQuery = z.infer<typeof nonCoverageListQuerySchema>;
export const nonCoverageListSchema = z.object({ rows: z.array(nonCoverageSchema), paging: pagingSchema });
export type NonCoverageList = z.infer<typeof nonCoverageListSchema>;
export const nonCoverageResultSchema = z.object({ message: z.string(), nonCoverage: nonCoverageSchema });

/** The trend's default period: the last 12 weeks, today included. */
export const NON_COVERAGE_TREND_DEFAULT_DAYS = 84;

export const nonCoverageTrendQuerySchema = z.object(reportFilters);
export type NonCoverageTrendQuery = z.infer<typeof nonCoverageTrendQuerySchema>;
export const nonCoverageWeekSchema = z.object({
  from: isoDateSchema,
  to: isoDateSchema,
  /** Reported during the week. */
  reported: z.number().int(),
  /** Resolved during the week. */
  resolved: z.number().int(),
  /** Reported by the week's end and not resolved by then. */
  activeAtEnd: z.number().int(),
});
export type NonCoverageWeek = z.infer<typeof nonCoverageWeekSchema>;
export const nonCoverageTrendSchema = z.object({
  period: z.object({ from: isoDateSchema, to: isoDateSchema }),
  weeks: z.array(nonCoverageWeekSchema),
});
export type NonCoverageTrend = z.infer<typeof nonCoverageTrendSchema>;

/**
 * The trend's period: the last 12 weeks when neither end is asked for, else the report period rules
 * (askedReportPeriod: a missing end takes the default's, at most a year).
 */
export function nonCoverageTrendPeriod(
  asked: { from?: string; to?: string },
  today: string,
): ReturnType<typeof askedReportPeriod> {
  if (asked.from === undefined && asked.to === undefined)
    return { ok: true, period: defaultReportPeriod(today, NON_COVERAGE_TREND_DEFAULT_DAYS) };
  return askedReportPeriod(asked, today);
}

/** A period cut in weeks of 7 days from its first day, the last one cut at its end; oldest first. */
export function nonCoverageWeeks(period: ReportPeriod): ReportPeriod[] {
  const weeks: ReportPeriod[] = [];
  for (let start = dayjs(period.from); start.format('YYYY-MM-DD') <= period.to; start = start.add(7, 'day')) {
    const end = start.add(6, 'day').format('YYYY-MM-DD');
    weeks.push({ from: start.format('YYYY-MM-DD'), to: end < period.to ? end : period.to });
  }
  return weeks;
}
