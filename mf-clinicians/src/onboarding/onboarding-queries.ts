// The onboarding API as the page calls it: the clinician's own steps (or, for staff, one clinician's), the
// step inputs (rates, profile, background consent) and completing a step; inviting one is shared-ui's
// InviteClinicianForm. Query keys start with the entity name ('provider'), so `entityChanged` events of the
// clinician refresh them.
import {
  onboardingStateSchema,
  type BackgroundConsent,
  type OnboardingProfile,
  type OnboardingRates,
  type OnboardingState,
  type ProviderOnboardStep,
} from '@carelane/shared-domain';
import { apiClient, getQueryClient } from '@carelane/shared-session';
import { queryOptions } from '@tanstack/react-query';

const MY = '/api/admin/myOnboarding';

export const onboardingQueries = {
  /** The signed-in clinician's own (providerId null), or one clinician's for staff. */
  of: (providerId: number | null) =>
    queryOptions({
      queryKey: ['provider', 'onboarding', providerId ?? 'own'],
      queryFn: ({ signal }) =>
        apiClient.get(
          providerId === null ? MY : `/api/admin/providers/${providerId}/onboarding`,
          onboardingStateSchema,
          { signal },
        ),
    }),
};

/** Shows the state a write answered with at once (the next refetch confirms it). */
export function showOwnState(state: OnboardingState): OnboardingState {
  getQueryClient().setQueryData(onboardingQueries.of(null).queryKey, state);
  return state;
}

export const onboardingCalls = {
  complete: (step: ProviderOnboardStep) => apiClient.post(`${MY}/complete`, { step }, onboardingStateSchema),
  saveRates: (input: OnboardingRates) => apiClient.put(`${MY}/rates`, input, onboardingStateSchema),
  saveProfile: (input: Partial<OnboardingProfile> & { zipcode: string }) =>
    apiClient.put(`${MY}/profile`, input, onboardingStateSchema),
  authorizeBackground: (input: BackgroundConsent) =>
    apiClient.post(`${MY}/background`, input, onboardingStateSchema),
};
