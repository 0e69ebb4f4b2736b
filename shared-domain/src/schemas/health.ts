// The health reports (issue 26, decision 050): a page of rows, each with its counts in the period and the prior
// period; the values, their text and their change are shared-domain's (reports/health.ts), never the caller's.
import { z } from 'zod';
import {
  AREA_HEALTH_FIGURES,
  CLINICIAN_HEALTH_EXTRA_SORTS,
  CLINICIAN_HEALTH_FIGURES,
  HEALTH_BASE_SORTS,
  HEALTH_VISIT_FIGURES,
  OPERATIONS_HEALTH_FIGURES,
} from '../reports/health';
import { idSchema, pagingQuerySchema, pagingSchema } from './common';
import { metricCountsSchema, reportFilterQuerySchema, reportPeriodSchema } from './reports';

const sortsOf = (keys: readonly string[]) =>
  z
    .enum(keys as [string, ...string[]])
    .default('health')
    .describe('health: worst first (decision 050); name; or a figure, this period');

const healthQuery = (sorts: readonly string[]) =>
  reportFilterQuerySchema.extend(pagingQuerySchema.shape).extend({
    sort: sortsOf(sorts),
    order: z.enum(['ascend', 'descend']).default('ascend'),
  });

export const areaHealthQuerySchema = healthQuery([
  ...HEALTH_BASE_SORTS,
  ...AREA_HEALTH_FIGURES.map((f) => f.key),
]);
export type AreaHealthQuery = z.infer<typeof areaHealthQuerySchema>;
export const clinicianHealthQuerySchema = healthQuery([
  ...HEALTH_BASE_SORTS,
  ...CLINICIAN_HEALTH_EXTRA_SORTS,
  ...CLINICIAN_HEALTH_FIGURES.map((f) => f.key),
]);
export type ClinicianHealthQuery = z.infer<typeof clinicianHealthQuerySchema>;
export const operationsHealthQuerySchema = healthQuery([
  ...HEALTH_BASE_SORTS,
  ...OPERATIONS_HEALTH_FIGURES.map((f) => f.key),
]);
export type OperationsHealthQuery = z.infer<typeof operationsHealthQuerySchema>;

const count = z.number().int();

export const areaHealthCountsSchema = z.object({
  staffingRate: metricCountsSchema,
  fillRate: metricCountsSchema,
  completionRate: metricCountsSchema,
  missedVisits: count,
});
export const clinicianHealthCountsSchema = z.object({
  assignedVisits: count,
  completedVisits: count,
  missedVisits: count,
  notesOverdue: count,
});
export const operationsHealthCountsSchema = z.object({ openVisits: count, coverageMismatch: count });

const page = <R extends z.ZodTypeAny>(row: R) =>
  z.object({
    period: reportPeriodSchema,
    prior: reportPeriodSchema,
    rows: z.array(row),
    paging: pagingSchema,
  });

export const organizationHealthRowSchema = z.object({
  referralSourceId: z.number().int(),
  name: z.string(),
  current: areaHealthCountsSchema,
  prior: areaHealthCountsSchema,
});
export type OrganizationHealthRow = z.infer<typeof organizationHealthRowSchema>;
export const organizationHealthSchema = page(organizationHealthRowSchema);
export type OrganizationHealth = z.infer<typeof organizationHealthSchema>;

export const stateHealthRowSchema = z.object({
  /** The state's code; the row's name. */
  state: z.string(),
  name: z.string(),
  /** How many organizations the state's figures add up. */
  organizations: count,
  current: areaHealthCountsSchema,
  prior: areaHealthCountsSchema,
});
export type StateHealthRow = z.infer<typeof stateHealthRowSchema>;
export const stateHealthSchema = page(stateHealthRowSchema);
export type StateHealth = z.infer<typeof stateHealthSchema>;

export const clinicianHealthRowSchema = z.object({
  providerId: z.number().int(),
  name: z.string(),
  providerTypeName: z.string(),
  state: z.string().nullable(),
  /** The clinician's rating as the clinicians area keeps it (the badge's number); null: not rated. */
  rating: z.number().nullable(),
  /** Their last sign-in (the engagement colour's); null: never. */
  lastLogin: z.string().nullable(),
  current: clinicianHealthCountsSchema,
  prior: clinicianHealthCountsSchema,
});
export type ClinicianHealthRow = z.infer<typeof clinicianHealthRowSchema>;
export const clinicianHealthSchema = page(clinicianHealthRowSchema);
export type ClinicianHealth = z.infer<typeof clinicianHealthSchema>;

export const operationsHealthRowSchema = z.object({
  referralSourceId: z.number().int(),
  name: z.string(),
  current: operationsHealthCountsSchema,
  prior: operationsHealthCountsSchema,
});
export type OperationsHealthRow = z.infer<typeof operationsHealthRowSchema>;
export const operationsHealthSchema = page(operationsHealthRowSchema);
export type OperationsHealth = z.infer<typeof operationsHealthSchema>;

/** The visits behind a health figure that is not a dashboard metric's part (answered as the dashboard's drill). */
export const healthVisitsQuerySchema = reportFilterQuerySchema.extend(pagingQuerySchema.shape).extend({
  figure: z.enum(HEALTH_VISIT_FIGURES as [string, ...string[]]),
  period: z.enum(['current', 'prior']).default('current'),
  /** A clinician's row: only their visits. */
  providerId: idSchema.optional(),
});
export type HealthVisitsQuery = z.infer<typeof healthVisitsQuerySchema>;
