import { z } from 'zod';
import { ORGANIZATION_ONBOARD_STEPS, type OrganizationOnboardStep } from '../../onboarding';
import {
  PAYMENT_TYPES,
  RATE_MESSAGES,
  RATE_UNITS,
  computeRates,
  isSelectable,
  validateRates,
  type OrganizationRateCard,
  type RateResult,
} from '../../rates/rate-engine';
import { idSchema, idValueSchema, isoDateTimeSchema, versionQuerySchema, versionSchema } from '../common';
import { organizationOnboardStepSchema } from '../admin';
import { dollarsSchema } from '../money';

/** One row of an organization's rate card: `referral_source_rates` (SPEC §3 referralSourceRates). */
export const referralSourceRateSchema = z
  .object({
    id: z.number().int(),
    referralSourceId: z.number().int(),
    providerTypeId: z.number().int(),
    visitTypeId: z.number().int(),
    paymentType: z.enum(PAYMENT_TYPES),
    serviceFee: z.number().nullable(),
    specialServiceFee: z.number().nullable(),
    incrementalServiceFee: z.number().nullable(),
    amount: z.number().nullable(),
    specialRate: z.number().nullable(),
    incrementalRate: z.number().nullable(),
    // Carelane's margin: absent in an organization user's answer (the organization does not see it).
    profitMargin: z.number().nullable().optional(),
    specialProfitMargin: z.number().nullable().optional(),
    incrementalProfitMargin: z.number().nullable().optional(),
    unit: z.enum(RATE_UNITS),
    shiftBreakTimeInMins: z.number().int().nullable(),
    durationLimit: z.number().nullable().describe('Hours'),
    billingIncrement: z.number().int().nullable().describe('Minutes'),
    hourlyRateAfterLimit: z.number().nullable(),
    serviceTaxPercentage: z.number().nullable(),
    updatedAt: isoDateTimeSchema,
    version: versionSchema,
  })
  .meta({ id: 'ReferralSourceRate' });
export type ReferralSourceRate = z.infer<typeof referralSourceRateSchema>;
export const referralSourceRateListSchema = z.object({ rows: z.array(referralSourceRateSchema) });

const money = dollarsSchema
  .min(0, { error: 'must not be negative' })
  .max(100_000, { error: 'must be at most 100000' })
  .nullable()
  .optional();

/** SPEC §9: the hourly rate billed beyond the duration limit, when the card does not say. */
export const RATE_CARD_DEFAULT_HOURLY_RATE_AFTER_LIMIT = 60;

const rateCardFields = z.object({
  providerTypeId: idValueSchema,
  visitTypeId: idValueSchema,
  paymentType: z.enum(PAYMENT_TYPES, { error: 'must be FlatRate, ServiceFee or Both' }),
  serviceFee: money,
  specialServiceFee: money,
  incrementalServiceFee: money,
  amount: money,
  specialRate: money,
  incrementalRate: money,
  profitMargin: money,
  specialProfitMargin: money,
  incrementalProfitMargin: money,
  unit: z.enum(RATE_UNITS, { error: 'must be $/Hour or $/Visit' }),
  shiftBreakTimeInMins: z
    .number()
    .int()
    .min(0, { error: 'must not be negative' })
    .max(720)
    .nullable()
    .optional(),
  durationLimit: z.number().gt(0, { error: 'must be more than zero' }).max(24).nullable().optional(),
  billingIncrement: z.number().int().min(1, { error: 'must be at least 1' }).max(60).nullable().optional(),
  hourlyRateAfterLimit: money.default(RATE_CARD_DEFAULT_HOURLY_RATE_AFTER_LIMIT),
  serviceTaxPercentage: z.number().min(0, { error: 'must not be negative' }).max(100).nullable().optional(),
});
type RateCardFields = z.infer<typeof rateCardFields>;

/** The checks across fields of a rate card row; each names the field to fix. */
export function rateCardIssues(card: Partial<RateCardFields>): { field: string; message: string }[] {
  const issues: { field: string; message: string }[] = [];
  const needsAmount = card.paymentType === 'FlatRate' || card.paymentType === 'Both';
  const needsFee = card.paymentType === 'ServiceFee' || card.paymentType === 'Both';
  if (needsAmount && !(typeof card.amount === 'number' && card.amount > 0)) {
    issues.push({ field: 'amount', message: `must be greater than zero for ${card.paymentType}` });
  }
  if (needsFee && typeof card.serviceFee !== 'number') {
    issues.push({ field: 'serviceFee', message: `is required for ${card.paymentType}` });
  }
  if (
    card.paymentType === 'ServiceFee' &&
    typeof card.serviceFee === 'number' &&
    card.serviceFee < (card.profitMargin ?? 0)
  ) {
    issues.push({
      field: 'serviceFee',
      message: RATE_MESSAGES.serviceFeeBelowMargin(card.serviceFee, card.profitMargin ?? 0),
    });
  }
  if (
    card.paymentType === 'FlatRate' &&
    typeof card.amount === 'number' &&
    card.amount > 0 &&
    (card.profitMargin ?? 0) > card.amount
  ) {
    issues.push({ field: 'profitMargin', message: 'must not be more than the amount' });
  }
  return issues;
}

export const referralSourceRateInputSchema = rateCardFields.superRefine((card, context) => {
  for (const issue of rateCardIssues(card)) {
    context.addIssue({ code: 'custom', path: [issue.field], message: issue.message });
  }
});
export type ReferralSourceRateInput = z.input<typeof referralSourceRateInputSchema>;
export const referralSourceRateUpdateSchema = rateCardFields
  .extend({ version: versionSchema })
  .superRefine((card, context) => {
    for (const issue of rateCardIssues(card)) {
      context.addIssue({ code: 'custom', path: [issue.field], message: issue.message });
    }
  });
export const rateIdParamsSchema = z.object({
  id: idSchema,
  rateId: idSchema,
});
export const rateDeleteQuerySchema = z.object({ version: versionQuerySchema });

export type RateCardExample = {
  /** '1 hour' or '1 visit'. */
  basis: string;
  result: RateResult;
  selectable: boolean;
  /** SPEC §5 messages for this example (empty when fine). */
  messages: string[];
};

/**
 * What the card bills and pays for one hour ($/Hour) or one visit ($/Visit) with a clinician paid
 * `clinicianRate`: the rate engine's own answer, so the preview never disagrees with billing.
 */
export function rateCardExample(card: OrganizationRateCard, clinicianRate: number): RateCardExample {
  const hourly = card.unit === '$/Hour';
  const input = {
    visit: { duration: hourly ? 60 : null, isHourly: hourly },
    card,
    clinician: { amount: clinicianRate },
  };
  const result = computeRates(input);
  return {
    basis: hourly ? '1 hour' : '1 visit',
    result,
    selectable: isSelectable(result),
    messages: validateRates(input),
  };
}

/**
 * Organization onboarding (SPEC §4 onboardStepRS). The stored step is the one the organization is on, in the
 * order Rates, Contract, Done; accepting a step moves to the following one. With the
 * referralSources.hideRatesOnBoardStep privilege the Rates step is shown (and accepted) as Contract.
 */
export function organizationOnboardStepShown(
  stored: OrganizationOnboardStep,
  options: { hideRatesOnBoardStep?: boolean } = {},
): OrganizationOnboardStep {
  return stored === 'Rates' && options.hideRatesOnBoardStep ? 'Contract' : stored;
}

/** The step after accepting `shown`; null when there is none (Done). */
export function organizationOnboardStepAfter(shown: OrganizationOnboardStep): OrganizationOnboardStep | null {
  const index = ORGANIZATION_ONBOARD_STEPS.indexOf(shown);
  return ORGANIZATION_ONBOARD_STEPS[index + 1] ?? null;
}

export const organizationOnboardingSchema = z
  .object({
    referralSourceId: z.number().int(),
    referralSourceName: z.string(),
    stored: organizationOnboardStepSchema,
    step: organizationOnboardStepSchema.describe('The step shown to the signed-in user'),
    steps: z.array(organizationOnboardStepSchema),
    version: versionSchema,
  })
  .meta({ id: 'OrganizationOnboarding' });
export type OrganizationOnboarding = z.infer<typeof organizationOnboardingSchema>;
export const organizationOnboardAcceptSchema = z.object({
  step: organizationOnboardStepSchema.describe('The step being accepted, as shown'),
  version: versionSchema,
});
