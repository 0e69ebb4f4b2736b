// The funnel reports (issue 26, decision 053): per stage its count and median time in stage for the period and the
// prior one; the conversion and the change are computed by shared-domain's `funnelFigures`, never here.
import { z } from 'zod';
import { FUNNEL_KEYS } from '../reports/funnels';
import { pagingQuerySchema } from './common';
import { reportFilterQuerySchema, reportPeriodSchema } from './reports';

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
