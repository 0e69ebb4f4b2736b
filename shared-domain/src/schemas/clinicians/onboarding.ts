// Clinician onboarding (issue 11, SPEC §4 onboardStep): invitations, the seven steps with what each requires,
// and the inputs of the steps that are filled in on the onboarding page (rates, profile, background).
import { z } from 'zod';
import { MESSAGES } from '../../errors';
import { PROVIDER_ONBOARD_STEPS } from '../../onboarding';
import { emailIdSchema, nameSchema, phoneInputSchema } from '../identity';
import {
  idValueSchema,
  isoDateTimeSchema,
  pagingQuerySchema,
  pagingSchema,
  stateCodeSchema,
  versionSchema,
} from '../common';
import { dollarsSchema } from '../money';

export const INVITATION_DAYS = 14;
export const ONBOARDING_MESSAGES = {
  invitationInvalid: 'is invalid or has expired',
  invitationEmail: 'must be the address the invitation was sent to',
  alreadyRegistered: 'already belongs to a Carelane account',
  providerTypeRequired: 'is required',
  outOfOrder: (currentLabel: string) => `This onboarding step is not open: you are on ${currentLabel}.`,
  finished: 'Onboarding is complete.',
  /** SPEC §8 success toast. */
  invited: MESSAGES.invitationSent,
  /** Inviting an address whose invitation is pending sends that invitation again (a new link, a new expiry). */
  invitedAgain: (email: string) =>
    `${email} was already invited: the invitation was sent again with a new link.`,
} as const;

export const clinicianInvitationInputSchema = z.object({
  firstName: nameSchema,
  lastName: nameSchema,
  emailId: emailIdSchema,
  phoneNumber: phoneInputSchema.optional(),
  providerTypeId: idValueSchema,
});
export type ClinicianInvitationInput = z.infer<typeof clinicianInvitationInputSchema>;
export const clinicianInvitationSchema = z.object({
  providerId: z.number().int(),
  emailId: z.string(),
  expiresAt: isoDateTimeSchema,
  message: z.string(),
});

/** An invitation as /invite lists it: Pending until registered or expired. */
export const INVITATION_STATUSES = ['Pending', 'Registered', 'Expired'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];
export const clinicianInvitationListQuerySchema = pagingQuerySchema.extend({
  status: z.enum(INVITATION_STATUSES).optional(),
});
export type ClinicianInvitationListQuery = z.infer<typeof clinicianInvitationListQuerySchema>;
export const clinicianInvitationRowSchema = z.object({
  id: z.number().int(),
  providerId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  emailId: z.string(),
  phoneNumber: z.string().nullable(),
  providerTypeId: z.number().int(),
  status: z.enum(INVITATION_STATUSES),
  invitedByName: z.string(),
  invitedAt: isoDateTimeSchema,
  expiresAt: isoDateTimeSchema,
});
export type ClinicianInvitationRow = z.infer<typeof clinicianInvitationRowSchema>;
export const clinicianInvitationListSchema = z.object({
  rows: z.array(clinicianInvitationRowSchema),
  paging: pagingSchema,
});
export type ClinicianInvitationList = z.infer<typeof clinicianInvitationListSchema>;

/** What the registration page shows of an invitation. */
export const invitationDetailsSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  emailId: z.string(),
  phoneNumber: z.string().nullable(),
  providerTypeId: z.number().int(),
});
export type InvitationDetails = z.infer<typeof invitationDetailsSchema>;
export const invitationQuerySchema = z.object({ token: z.string().min(10).max(200) });

export const onboardStepSchema = z.enum(PROVIDER_ONBOARD_STEPS);
export const onboardingStateSchema = z.object({
  providerId: z.number().int(),
  providerName: z.string(),
  providerTypeId: z.number().int(),
  providerStatusId: z.number().int(),
  onboardStep: onboardStepSchema,
  steps: z.array(
    z.object({ step: onboardStepSchema, label: z.string(), state: z.enum(['done', 'current', 'todo']) }),
  ),
  /** What the current step still needs before it can be completed (empty: it can be). */
  missing: z.array(z.string()),
  /** After a completed step: the SPEC §4 progress toast of the step reached, if it has one. */
  toast: z.string().nullable(),
});
export type OnboardingState = z.infer<typeof onboardingStateSchema>;
export const completeStepSchema = z.object({ step: onboardStepSchema });

export const onboardingRatesSchema = z.object({
  rates: z
    .array(z.object({ visitTypeId: idValueSchema, amount: dollarsSchema.positive().max(10_000) }))
    .min(1, { error: 'must hold at least one rate' })
    .max(50),
});
export type OnboardingRates = z.infer<typeof onboardingRatesSchema>;

const zipSchema = z
  .string()
  .trim()
  .regex(/^\d{5}$/, { error: 'must be a 5-digit ZIP code' });
export const ONBOARDING_SHIFTS = ['Day', 'Evening', 'Night'] as const;
export const ONBOARDING_ASSIGNMENTS = ['Visit', 'Shift', 'Both'] as const;
/**
 * The clinician's address, point, coverage and preferences: the fields of the Profile step, which staff edit
 * too on the clinician detail page (provider-detail.ts derives its profile input from them).
 */
export const clinicianProfileFieldsSchema = z.object({
  addressLine1: z.string().trim().max(200).nullable().default(null),
  city: z.string().trim().max(100).nullable().default(null),
  state: stateCodeSchema.nullable().default(null),
  zipcode: zipSchema,
  latitude: z.number().min(-90).max(90).nullable().default(null),
  longitude: z.number().min(-180).max(180).nullable().default(null),
  coverageRadiusMiles: z.number().int().min(1).max(100).default(15),
  preferredZipcodes: z.array(zipSchema).max(50).default([]),
  skills: z.array(z.string().trim().min(1).max(60)).max(30).default([]),
  languages: z.array(z.string().trim().min(1).max(40)).max(10).default([]),
  weekdayPreferences: z.array(z.number().int().min(0).max(6)).max(7).default([]),
  shiftPreferences: z.array(z.enum(ONBOARDING_SHIFTS)).max(3).default([]),
  assignmentPreference: z.enum(ONBOARDING_ASSIGNMENTS).default('Both'),
});
export const onboardingProfileSchema = clinicianProfileFieldsSchema.extend({
  version: versionSchema.optional(),
});
export type OnboardingProfile = z.infer<typeof onboardingProfileSchema>;

export const backgroundConsentSchema = z.object({
  consent: z.literal(true, { error: 'must be given to continue' }),
  legalName: z.string().trim().min(2, { error: 'is required' }).max(200),
});
export type BackgroundConsent = z.infer<typeof backgroundConsentSchema>;
