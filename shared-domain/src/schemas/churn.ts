// /historicalChurn (issue 26, decision 055): per month, the clinicians or organizations active, won and lost, and
// the cohorts of their first month; the ids behind any figure.
import { z } from 'zod';
import {
  CHURN_DEFAULT_MONTHS,
  CHURN_FIGURE_KEYS,
  CHURN_MAX_MONTHS,
  CHURN_SUBJECT_KEYS,
} from '../reports/churn';
import { idSchema, pagingQuerySchema, pagingSchema } from './common';

const monthSchema = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'must be a month as YYYY-MM')
  .refine((m) => m >= '2000-01' && m <= '2100-12', 'must be a month between 2000 and 2100');

export const churnQuerySchema = z.object({
  subject: z.enum(CHURN_SUBJECT_KEYS as [string, ...string[]]).default('clinicians'),
  toMonth: monthSchema.optional().describe("The window's last month (the organization calendar); default this month"),
  months: z.coerce
    .number()
    .int()
    .min(1)
    .max(CHURN_MAX_MONTHS, `must be at most ${CHURN_MAX_MONTHS} months`)
    .default(CHURN_DEFAULT_MONTHS),
  referralSourceId: idSchema.optional().describe('Visits of this organization only'),
  providerTypeId: idSchema.optional(),
});
export type ChurnQuery = z.infer<typeof churnQuerySchema>;

const churnMonthRowSchema = z.object({
  month: z.string(),
  active: z.number().int(),
  won: z.number().int(),
  new: z.number().int(),
  returning: z.number().int(),
  lost: z.number().int(),
  churnRate: z.number().nullable(),
});

export const churnSchema = z.object({
  subject: z.enum(CHURN_SUBJECT_KEYS as [string, ...string[]]),
  months: z.array(z.string()),
  rows: z.array(churnMonthRowSchema),
  cohorts: z.array(z.object({ month: z.string(), size: z.number().int(), retained: z.array(z.number().int()) })),
});
export type Churn = z.infer<typeof churnSchema>;

/** The records behind a month's figure (`month` and `figure`) or a cohort's month (`cohort` and `offset`). */
export const churnMembersQuerySchema = churnQuerySchema
  .extend(pagingQuerySchema.shape)
  .extend({
    month: monthSchema.optional(),
    figure: z.enum(CHURN_FIGURE_KEYS as [string, ...string[]]).optional(),
    cohort: monthSchema.optional(),
    offset: z.coerce.number().int().min(0).max(CHURN_MAX_MONTHS).optional(),
  })
  .superRefine((q, ctx) => {
    const byMonth = q.month !== undefined || q.figure !== undefined;
    const byCohort = q.cohort !== undefined || q.offset !== undefined;
    if (byMonth === byCohort)
      ctx.addIssue({ code: 'custom', path: ['month'], message: 'give either month and figure, or cohort and offset' });
    else if (byMonth && (q.month === undefined || q.figure === undefined))
      ctx.addIssue({ code: 'custom', path: [q.month ? 'figure' : 'month'], message: 'is required with the other' });
    else if (byCohort && (q.cohort === undefined || q.offset === undefined))
      ctx.addIssue({ code: 'custom', path: [q.cohort ? 'offset' : 'cohort'], message: 'is required with the other' });
  });
export type ChurnMembersQuery = z.infer<typeof churnMembersQuerySchema>;

export const churnMemberSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** A clinician's provider type, an organization's city and state. */
  detail: z.string().nullable(),
  firstMonth: z.string(),
});
export type ChurnMember = z.infer<typeof churnMemberSchema>;

export const churnMembersSchema = z.object({ rows: z.array(churnMemberSchema), paging: pagingSchema });
export type ChurnMembers = z.infer<typeof churnMembersSchema>;
