// The clinician's visits as the page calls them: react-query options (keys start with 'visit', so a visit's
// entityChanged event refreshes them) and the EVV check-in / check-out.
import {
  evvResultSchema,
  providerVisitListSchema,
  type EvvInput,
  type ProviderVisitStatusFilter,
} from '@carelane/shared-domain';
import { apiClient } from '@carelane/shared-session';
import { queryOptions } from '@tanstack/react-query';

export type ProviderVisitFilters = {
  status: ProviderVisitStatusFilter;
  startDate: string;
  endDate: string;
  pageNumber: number;
};

export const providerVisitQueries = {
  /** The signed-in clinician's own (providerId null), or a chosen clinician's for staff. */
  list: (providerId: number | null, filters: ProviderVisitFilters) =>
    queryOptions({
      queryKey: ['visit', 'providerVisits', providerId ?? 'own', filters],
      queryFn: ({ signal }) =>
        apiClient.get(
          providerId === null ? '/api/admin/myVisits' : `/api/admin/providers/${providerId}/visits`,
          providerVisitListSchema,
          { searchParams: filters, signal },
        ),
      placeholderData: (previous) => previous,
    }),
};

export const evvCall = (visitId: number, kind: 'checkIn' | 'checkOut', input: EvvInput) =>
  apiClient.post(`/api/admin/myVisits/${visitId}/${kind}`, input, evvResultSchema);

/** The device could not tell where it is: its message is the text to show. */
export class PositionUnavailable extends Error {}

/** Where the device is now (the EVV record needs it); rejects with a text to show when it cannot tell. */
export function currentPosition(): Promise<{ latitude: number; longitude: number }> {
  return new Promise((resolve, reject) => {
    const geolocation = globalThis.navigator?.geolocation;
    if (!geolocation) {
      reject(
        new PositionUnavailable('This device cannot tell its position, so the visit cannot be verified.'),
      );
      return;
    }
    geolocation.getCurrentPosition(
      (position) => resolve({ latitude: position.coords.latitude, longitude: position.coords.longitude }),
      () =>
        reject(
          new PositionUnavailable(
            'Your position is needed to verify the visit. Allow location access and try again.',
          ),
        ),
      { enableHighAccuracy: true, timeout: 20_000, maximumAge: 60_000 },
    );
  });
}
