import { facilityAssignmentsResponseSchema, facilityResponseResultSchema } from '@carelane/shared-domain';
import { apiClient } from '@carelane/shared-session';
import { queryOptions } from '@tanstack/react-query';

/** The public facility pages call without a session: the link's token is the only credential. */
export const facilityQueries = {
  assignments: (token: string) =>
    queryOptions({
      queryKey: ['facilityResponse', token],
      queryFn: ({ signal }) =>
        apiClient.get('/api/public/facilityResponse', facilityAssignmentsResponseSchema, {
          searchParams: { token },
          signal,
          quietUnauthorized: true,
        }),
      retry: false,
    }),
};

export type FacilityAnswer =
  | { kind: 'accept'; token: string; visitIds: number[] }
  | {
      kind: 'change';
      token: string;
      visitIds: number[];
      dateOfService?: string;
      startTime?: string;
      note?: string;
    }
  | { kind: 'reject'; token: string; visitIds: number[]; reason: string };

export function sendFacilityAnswer({ kind, ...body }: FacilityAnswer) {
  return apiClient.post(`/api/public/facilityResponse/${kind}`, body, facilityResponseResultSchema, {
    quietUnauthorized: true,
  });
}
