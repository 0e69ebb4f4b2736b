// React-query options of orientations: the staff list and one orientation, the clinician's own orientations and
// the one they are taking. Query keys start with the entity name, so `entityChanged` events refresh them.
import {
  clinicianOrientationListSchema,
  clinicianOrientationSchema,
  orientationListSchema,
  orientationSchema,
} from '@carelane/shared-domain';
import { apiClient } from '@carelane/shared-session';
import { queryOptions } from '@tanstack/react-query';

export type OrientationFilters = {
  pageNumber: number;
  pageSize: number;
  search?: string;
  status: 'ACTIVE' | 'INACTIVE' | 'ALL';
  providerTypeId?: number;
};

export const orientationQueries = {
  list: (filters: OrientationFilters) =>
    queryOptions({
      queryKey: ['orientation', 'list', filters],
      queryFn: ({ signal }) =>
        apiClient.get('/api/admin/orientations', orientationListSchema, { searchParams: filters, signal }),
      placeholderData: (previous) => previous,
    }),
  one: (id: number) =>
    queryOptions({
      queryKey: ['orientation', 'one', id],
      queryFn: ({ signal }) => apiClient.get(`/api/admin/orientations/${id}`, orientationSchema, { signal }),
    }),
  /** The signed-in clinician's orientations and performance evaluations. */
  mine: () =>
    queryOptions({
      queryKey: ['orientationProgress', 'mine'],
      queryFn: ({ signal }) =>
        apiClient.get('/api/operation/myOrientations', clinicianOrientationListSchema, { signal }),
    }),
  /** One orientation as the clinician takes it (no right answers). */
  take: (providerId: number, orientationId: number) =>
    queryOptions({
      queryKey: ['orientationProgress', 'take', providerId, orientationId],
      queryFn: ({ signal }) =>
        apiClient.get(
          `/api/operation/providers/${providerId}/orientations/${orientationId}`,
          clinicianOrientationSchema,
          { signal },
        ),
    }),
};

export const takePath = (providerId: number, orientationId: number) =>
  `/api/operation/providers/${providerId}/orientations/${orientationId}`;
