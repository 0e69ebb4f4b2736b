// The funnel reports (issue 26, decision 053): per stage its count and median time in stage for the period and the
// prior one; the conversion and the change are computed by shared-domain's `funnelFigures`, never here.
import { z } from 'zod';
import { FUNNEL_KEYS } from '../reports/funnels';
import { isoDateTimeSchema, pagingQuerySchema, pagingSchema } from './common';
import { metricVisitRowSchema, reportFilterQuerySchema, reportPeriodSchema } from './reports';

export const funnelKeySchema = z.enum(FUNNEL_KEYS);

export const funnelParamsSchema = z.object({ funnel: funnelKeySchema });
export const funnelStageParamsSchema = z.object({
  funnel: funnelKeySchema,
  stage: z.string().regex(/^[A-Za-z]{1,40}$/, 'must be a stage id'),
});

export const funnelQuerySchema = reportFilterQuerySchema;
export type FunnelQuery = z.infer<typeof funnelQuerySchema>;

export const funnelStageCountsSchema = z.object({
  count: z.number().int(),
  /** Median hours from the previous recorded moment; null when the stage has no recorded moment or no record. */
  medianHours: z.number().nullable(),
});

export const funnelSchema = z.object({
  funnel: funnelKeySchema,
  period: reportPeriodSchema,
  prior: reportPeriodSchema,
  stages: z.array(
    z.object({ id: z.string(), current: funnelStageCountsSchema, prior: funnelStageCountsSchema }),
  ),
});
export type FunnelAnswer = z.infer<typeof funnelSchema>;

export const funnelRecordsQuerySchema = reportFilterQuerySchema.extend(pagingQuerySchema.shape).extend({
  /** prior: the prior period's records. */
  period: z.enum(['current', 'prior']).default('current'),
});
export type FunnelRecordsQuery = z.infer<typeof funnelRecordsQuerySchema>;

/** /referralSourceConversion's table: a row per organization with a requested visit in the period, worst first. */
export const funnelOrganizationsSchema = z.object({
  funnel: z.literal('referralSourceConversion'),
  period: reportPeriodSchema,
  rows: z.array(
    z.object({
      referralSourceId: z.number().int(),
      organizationName: z.string(),
      /** Each stage's count, in the funnel's stage order. */
      counts: z.array(z.number().int()),
    }),
  ),
});
export type FunnelOrganizations = z.infer<typeof funnelOrganizationsSchema>;

/**
 * A record behind a stage of a funnel whose subject is not visits: its name (a service request's title, a
 * patient's, an organization's, a clinician's, a message's channel and address), its organization, status, the
 * instant it is bucketed by (created, queued; none for organizations) and one detail (a service request's patient,
 * an organization's onboarding step, a clinician's state, a message's subject).
 */
export const funnelRecordRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  organizationName: z.string().nullable(),
  status: z.string().nullable(),
  at: isoDateTimeSchema.nullable(),
  detail: z.string().nullable(),
});
export type FunnelRecordRow = z.infer<typeof funnelRecordRowSchema>;

const recordsOf = <S extends 'episodes' | 'patients' | 'organizations' | 'clinicians' | 'messages'>(
  subject: S,
) => z.object({ subject: z.literal(subject), rows: z.array(funnelRecordRowSchema), paging: pagingSchema });

/** The records behind a stage: visits as the dashboard's drill-down, other subjects as funnel record rows. */
export const funnelRecordsSchema = z.discriminatedUnion('subject', [
  z.object({ subject: z.literal('visits'), rows: z.array(metricVisitRowSchema), paging: pagingSchema }),
  recordsOf('episodes'),
  recordsOf('patients'),
  recordsOf('organizations'),
  recordsOf('clinicians'),
  recordsOf('messages'),
]);
export type FunnelRecords = z.infer<typeof funnelRecordsSchema>;
