// /supplyDemandGap (issue 26, decision 057): a page of counties, each with its requested and staffed visits in the
// period and the prior period and its active clinicians; the gap, the ratio, their text and their change are
// shared-domain's (reports/supply-demand.ts), never the caller's. The records behind a figure are the dashboard's
// drill-down rows (visits, or clinicians).
import { z } from 'zod';
import { SUPPLY_DEMAND_DRILLS, SUPPLY_DEMAND_SORTS, UNKNOWN_COUNTY } from '../reports/supply-demand';
import { pagingQuerySchema, pagingSchema, stateCodeSchema } from './common';
import { reportFilterQuerySchema, reportPeriodSchema } from './reports';

const filters = reportFilterQuerySchema.extend({
  state: stateCodeSchema.optional().describe("The county's state"),
  providerTypeId: reportFilterQuerySchema.shape.providerTypeId.describe(
    "The visits' provider type, and the clinicians'",
  ),
});

export const supplyDemandQuerySchema = filters.extend(pagingQuerySchema.shape).extend({
  sort: z
    .enum(SUPPLY_DEMAND_SORTS as unknown as [string, ...string[]])
    .default('gap')
    .describe('gap: the largest gap first (decision 057); name; or a figure, this period'),
  order: z.enum(['ascend', 'descend']).default('ascend'),
});
export type SupplyDemandQuery = z.infer<typeof supplyDemandQuerySchema>;

/** A county's 5-digit FIPS code, or 'unknown'. */
export const countyKeySchema = z
  .string()
  .regex(
    new RegExp(`^(\\d{5}|${UNKNOWN_COUNTY})$`),
    `must be a 5-digit county FIPS code or ${UNKNOWN_COUNTY}`,
  );

const countsSchema = z.object({ requested: z.number().int(), staffed: z.number().int() });

export const supplyDemandRowSchema = z.object({
  county: z.string(),
  state: z.string().nullable(),
  name: z.string(),
  activeClinicians: z.number().int(),
  current: countsSchema,
  prior: countsSchema,
});
export type SupplyDemandRowAnswer = z.infer<typeof supplyDemandRowSchema>;

export const supplyDemandSchema = z.object({
  period: reportPeriodSchema,
  prior: reportPeriodSchema,
  rows: z.array(supplyDemandRowSchema),
  paging: pagingSchema,
  /** Every county's row, worst first, whatever the page: the map's shading, the chart's worst counties. */
  all: z.array(supplyDemandRowSchema),
});
export type SupplyDemand = z.infer<typeof supplyDemandSchema>;

/** The records behind a county's figure: its visits of a set (in a period), or its active clinicians. */
export const supplyDemandRecordsQuerySchema = filters.extend(pagingQuerySchema.shape).extend({
  county: countyKeySchema,
  figure: z.enum(SUPPLY_DEMAND_DRILLS),
  period: z.enum(['current', 'prior']).default('current'),
});
export type SupplyDemandRecordsQuery = z.infer<typeof supplyDemandRecordsQuerySchema>;
