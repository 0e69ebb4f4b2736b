import { z } from 'zod';
import {
  isTimeZone,
  organizationOnboardStepSchema,
  phoneInputSchema,
  versionSchema,
  VISIT_TIME_MESSAGES,
} from '@carelane/shared-domain';

const dateRangeDays = z.number().int().min(1).max(365).nullable().optional();
export const referralSourceInputSchema = z.object({
  name: z.string().trim().min(1, { error: 'is required' }).max(200),
  status: z.enum(['ACTIVE', 'INACTIVE']).optional(),
  zipcode: z
    .string()
    .regex(/^\d{5}(-\d{4})?$/, { error: 'must be a 5-digit ZIP code' })
    .nullable()
    .optional(),
  latitude: z.number().min(-90).max(90).nullable().optional(),
  longitude: z.number().min(-180).max(180).nullable().optional(),
  phone: phoneInputSchema.nullable().optional(),
  fax: phoneInputSchema.nullable().optional(),
  email: z.email({ error: 'must be a valid email address' }).nullable().optional(),
  idleTimeout: z
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .nullable()
    .optional(),
  dashboardVisitDateRange: dateRangeDays,
  missedVisitDateRange: dateRangeDays,
  tasksDateRange: dateRangeDays,
  incidentsDateRange: dateRangeDays,
  caseManager: z.boolean().optional(),
  actionType: z.string().max(60).nullable().optional(),
  onboardStepRS: organizationOnboardStepSchema.optional(),
  timeZone: z
    .string()
    .refine(isTimeZone, { error: VISIT_TIME_MESSAGES.unknownTimeZone })
    .nullable()
    .optional()
    .describe("IANA zone of its visits (decision 039); null or missing on create: its ZIP code's state's"),
});
export type ReferralSourceInput = z.infer<typeof referralSourceInputSchema>;
export const referralSourceUpdateSchema = referralSourceInputSchema
  .partial()
  .extend({ version: versionSchema });
export type ReferralSourceUpdate = z.infer<typeof referralSourceUpdateSchema>;
