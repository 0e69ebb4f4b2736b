// The dashboard and its drill-down (issue 26, decision 046): the figures are counts; each metric's value is
// computed from them by shared-domain's `metricValue`, in the page and the CSV alike.
import { z } from 'zod';
import { DASHBOARD_METRIC_KEYS } from '../reports/metrics';
import { TIME_TO_STAFF_BUCKET_KEYS, TIME_TO_STAFF_GROUP_BYS } from '../reports/time-to-staff';
import {
  boundedDateSchema,
  idSchema,
  isoDateSchema,
  isoDateTimeSchema,
  pagingQuerySchema,
  pagingSchema,
  stateCodeSchema,
} from './common';

/** The filters every report takes (all optional; the period defaults to the last 7 days). */
export const reportFilterQuerySchema = z.object({
  from: boundedDateSchema
    .optional()
    .describe('First day of the period (the organization calendar); default 6 days ago'),
  to: boundedDateSchema
    .optional()
    .describe('Last day of the period; default today. Before from: one day. At most 366 days.'),
  referralSourceId: idSchema
    .optional()
    .describe("An organization's id; an organization's own users always get theirs"),
  providerTypeId: idSchema.optional(),
  state: stateCodeSchema.optional().describe("The organization's state"),
});
export type ReportFilterQuery = z.infer<typeof reportFilterQuerySchema>;

export const reportPeriodSchema = z.object({ from: isoDateSchema, to: isoDateSchema });

export const metricKeySchema = z.enum(DASHBOARD_METRIC_KEYS as [string, ...string[]]);

/** A metric's counts: for a rate, the records counted over the records it is a share of; for an average time, total hours over the records. */
export const metricCountsSchema = z.object({ numerator: z.number(), denominator: z.number().int() });

export const dashboardMetricSchema = z.object({
  key: metricKeySchema,
  current: metricCountsSchema,
  prior: metricCountsSchema,
  /** The current period day by day (the small trend), oldest first. */
  trend: z.array(metricCountsSchema.extend({ day: isoDateSchema })),
});

export const dashboardSchema = z.object({
  period: reportPeriodSchema,
  prior: reportPeriodSchema,
  /** When the figures were read (they are never more than 60 s behind the data). */
  asOf: isoDateTimeSchema,
  metrics: z.array(dashboardMetricSchema),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

export const METRIC_PARTS = ['numerator', 'denominator'] as const;
export type MetricPart = (typeof METRIC_PARTS)[number];

export const metricDrillQuerySchema = reportFilterQuerySchema.extend(pagingQuerySchema.shape).extend({
  metric: metricKeySchema,
  part: z.enum(METRIC_PARTS).default('numerator'),
  /** prior: the prior period's records. */
  period: z.enum(['current', 'prior']).default('current'),
});
export type MetricDrillQuery = z.infer<typeof metricDrillQuerySchema>;

/** A visit behind a figure. */
export const metricVisitRowSchema = z.object({
  id: z.number().int(),
  dateOfService: isoDateSchema,
  startAt: isoDateTimeSchema,
  timeZone: z.string(),
  status: z.string(),
  patientName: z.string(),
  organizationName: z.string(),
  providerTypeName: z.string(),
  visitTypeName: z.string(),
  clinicianName: z.string().nullable(),
  requestedAt: isoDateTimeSchema,
  assignedAt: isoDateTimeSchema.nullable(),
  timeIn: isoDateTimeSchema.nullable(),
  timeOut: isoDateTimeSchema.nullable(),
  notesSubmittedAt: isoDateTimeSchema.nullable(),
  evvVerified: z.boolean(),
});
export type MetricVisitRow = z.infer<typeof metricVisitRowSchema>;

/** A clinician behind the utilization rate. */
export const metricClinicianRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  providerTypeName: z.string(),
  state: z.string().nullable(),
  staffedVisits: z.number().int(),
});
export type MetricClinicianRow = z.infer<typeof metricClinicianRowSchema>;

export const metricDrillSchema = z.discriminatedUnion('subject', [
  z.object({ subject: z.literal('visits'), rows: z.array(metricVisitRowSchema), paging: pagingSchema }),
  z.object({
    subject: z.literal('clinicians'),
    rows: z.array(metricClinicianRowSchema),
    paging: pagingSchema,
  }),
]);
export type MetricDrill = z.infer<typeof metricDrillSchema>;

// ---- time to staff (issue 26): the dashboard's staffing delay as a histogram and per provider type or organization

export const timeToStaffQuerySchema = reportFilterQuerySchema.extend({
  groupBy: z
    .enum(TIME_TO_STAFF_GROUP_BYS)
    .default('providerType')
    .describe("What each row is: the visits' provider type (default) or their organization"),
});
export type TimeToStaffQuery = z.infer<typeof timeToStaffQuerySchema>;

const hoursSchema = z.number().nullable();

/** One group's figures: hours from request to assignment over its staffed visits (null when it has none). */
export const timeToStaffFiguresSchema = z.object({
  staffedVisits: z.number().int(),
  medianHours: hoursSchema,
  p90Hours: hoursSchema,
  averageHours: hoursSchema,
  priorStaffedVisits: z.number().int(),
  priorAverageHours: hoursSchema,
});
export type TimeToStaffFigures = z.infer<typeof timeToStaffFiguresSchema>;

export const timeToStaffRowSchema = timeToStaffFiguresSchema.extend({
  /** The provider type's or the organization's id. */
  groupId: z.number().int(),
  groupName: z.string(),
});
export type TimeToStaffRow = z.infer<typeof timeToStaffRowSchema>;

export const timeToStaffBucketCountSchema = z.object({
  key: z.enum(TIME_TO_STAFF_BUCKET_KEYS as [string, ...string[]]),
  label: z.string(),
  count: z.number().int(),
  priorCount: z.number().int(),
});

export const timeToStaffSchema = z.object({
  period: reportPeriodSchema,
  prior: reportPeriodSchema,
  groupBy: z.enum(TIME_TO_STAFF_GROUP_BYS),
  /** Every bucket, shortest first, with its staffed visits in each period. */
  buckets: z.array(timeToStaffBucketCountSchema),
  /** A row per group with a staffed visit in either period, by name. */
  rows: z.array(timeToStaffRowSchema),
  totals: timeToStaffFiguresSchema,
});
export type TimeToStaff = z.infer<typeof timeToStaffSchema>;
