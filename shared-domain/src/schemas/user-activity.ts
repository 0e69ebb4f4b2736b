// /userActivity (issue 26, decision 052): per user, the audit log's entries over a period and the prior one.
import { z } from 'zod';
import { USER_ACTIVITY_FIGURE_KEYS } from '../reports/user-activity';
import { reportPeriodSchema } from './reports';
import { boundedDateSchema, idSchema, isoDateTimeSchema, pagingQuerySchema, pagingSchema } from './common';

export const USER_ACTIVITY_SORTS = ['name', 'lastLogin', ...USER_ACTIVITY_FIGURE_KEYS] as const;
export type UserActivitySort = (typeof USER_ACTIVITY_SORTS)[number];

export const userActivityQuerySchema = z
  .object({
    from: boundedDateSchema.optional().describe('First day of the period (Central); default 6 days ago'),
    to: boundedDateSchema.optional().describe('Last day of the period; default today. At most 366 days.'),
    roleId: idSchema.optional(),
    referralSourceId: idSchema.optional().describe("Users of this organization"),
    q: z.string().trim().max(60).optional().describe('A part of the name or email address'),
    sort: z.enum(USER_ACTIVITY_SORTS).default('entries'),
    order: z.enum(['asc', 'desc']).default('asc').describe('Default: the least active first'),
  })
  .extend(pagingQuerySchema.shape);
export type UserActivityQuery = z.infer<typeof userActivityQuerySchema>;

const figureSchema = z.object({ current: z.number().int(), prior: z.number().int() });

export const userActivityRowSchema = z.object({
  userId: z.number().int(),
  name: z.string(),
  emailId: z.string(),
  role: z.string(),
  organizationName: z.string().nullable(),
  /** The engagement colour is shared-domain's `engagementColor` of it. */
  lastLogin: isoDateTimeSchema.nullable(),
  signIns: figureSchema,
  patientReads: figureSchema,
  entries: figureSchema,
});
export type UserActivityRow = z.infer<typeof userActivityRowSchema>;

export const userActivitySchema = z.object({
  period: reportPeriodSchema,
  prior: reportPeriodSchema,
  rows: z.array(userActivityRowSchema),
  paging: pagingSchema,
});
export type UserActivity = z.infer<typeof userActivitySchema>;
