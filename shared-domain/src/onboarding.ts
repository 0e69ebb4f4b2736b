import { ROLE } from './roles';

/** Provider (clinician) onboarding steps, in the order SPEC §4 lists them. */
export const PROVIDER_ONBOARD_STEPS = [
  'Contract',
  'Rates',
  'Profile',
  'Credentials',
  'Background',
  'MoreCredentials',
  'Done',
] as const;
export type ProviderOnboardStep = (typeof PROVIDER_ONBOARD_STEPS)[number];

/** SPEC §4: the step a provider is sent to from their current `onboardStep`. */
export function nextProviderOnboardStep(step: string | null | undefined): ProviderOnboardStep {
  switch (step) {
    case 'Contract':
      return 'Rates';
    case 'Profile':
      return 'Profile';
    case 'Background':
    case 'Credentials':
      return 'Background';
    case 'Done':
      return 'Credentials';
    default:
      return 'Rates';
  }
}

const PROVIDER_ONBOARD_STEP_LABELS: Record<ProviderOnboardStep, string> = {
  Rates: 'Rates',
  Contract: 'Agreement',
  Background: 'Background',
  Profile: 'Skills & Preferences',
  Credentials: 'Credentials',
  // Our choice: SPEC §4 gives no label for MoreCredentials.
  MoreCredentials: 'More Credentials',
  Done: 'Onboarded',
};

export function providerOnboardStepLabel(step: ProviderOnboardStep): string {
  return PROVIDER_ONBOARD_STEP_LABELS[step];
}

const PROVIDER_ONBOARD_PROGRESS_TOASTS: Partial<Record<ProviderOnboardStep, string>> = {
  Profile: 'Contract signed! Tell us your preferences.',
  Credentials: "Thank you! You'll see matching requests once your account setup is complete.",
  Background: "Great job! Your credentials are in review. We'll contact you if needed.",
  Done: "Yay! You are on the final step. Let's learn the app.",
};

/** The toast shown once a provider has reached `step`; null when that step has none. */
export function providerOnboardProgressToast(step: string | null | undefined): string | null {
  if (!step || !isProviderOnboardStep(step)) return null;
  return PROVIDER_ONBOARD_PROGRESS_TOASTS[step] ?? null;
}

export function isProviderOnboardStep(step: string): step is ProviderOnboardStep {
  return (PROVIDER_ONBOARD_STEPS as readonly string[]).includes(step);
}

/** Organization (referral source) onboarding steps, `onboardStepRS` of SPEC §4. */
export const ORGANIZATION_ONBOARD_STEPS = ['Rates', 'Contract', 'Done'] as const;
export type OrganizationOnboardStep = (typeof ORGANIZATION_ONBOARD_STEPS)[number];

/** SPEC §4; with the referralSources.hideRatesOnBoardStep privilege the Rates step is skipped for Contract. */
export function nextOrganizationOnboardStep(
  step: string | null | undefined,
  options: { hideRatesOnBoardStep?: boolean } = {},
): OrganizationOnboardStep {
  let next: OrganizationOnboardStep;
  switch (step) {
    case 'Contract':
      next = 'Rates';
      break;
    case 'Done':
      next = 'Contract';
      break;
    default:
      next = 'Rates';
  }
  if (next === 'Rates' && options.hideRatesOnBoardStep) return 'Contract';
  return next;
}

/**
 * Whether a user has clinician onboarding still to do: a clinician (role 4) whose `onboardStep` is one of the
 * steps before Done. Such a user starts at onboarding and finds it in their menu until Done (decision 044).
 */
export function hasOnboardingToDo(user: { roleId: number; onboardStep: string | null }): boolean {
  return (
    user.roleId === ROLE.CLINICIAN &&
    user.onboardStep !== null &&
    isProviderOnboardStep(user.onboardStep) &&
    user.onboardStep !== 'Done'
  );
}
