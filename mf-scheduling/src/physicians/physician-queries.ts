import {
  physicianEpisodesResponseSchema,
  physicianListResponseSchema,
  physicianSchema,
} from '@carelane/shared-domain';
import { apiClient } from '@carelane/shared-session';
import { queryOptions } from '@tanstack/react-query';

export type PhysicianFilters = {
  pageNumber: number;
  pageSize: number;
  search?: string;
  status: 'ACTIVE' | 'INACTIVE' | 'ALL';
};

/** Query keys start with the entity name, so `entityChanged` events refresh them. */
export const physicianQueries = {
  list: (filters: PhysicianFilters) =>
    queryOptions({
      queryKey: ['physician', 'list', filters],
      queryFn: ({ signal }) =>
        apiClient.get('/api/admin/physicians', physicianListResponseSchema, {
          searchParams: filters,
          signal,
        }),
      placeholderData: (previous) => previous,
    }),
  one: (id: number) =>
    queryOptions({
      queryKey: ['physician', 'one', id],
      queryFn: ({ signal }) => apiClient.get(`/api/admin/physicians/${id}`, physicianSchema, { signal }),
    }),
  episodes: (id: number, pageNumber: number) =>
    queryOptions({
      queryKey: ['episode', 'byPhysician', id, pageNumber],
      queryFn: ({ signal }) =>
        apiClient.get(`/api/admin/physicians/${id}/episodes`, physicianEpisodesResponseSchema, {
          searchParams: { pageNumber, pageSize: 10 },
          signal,
        }),
      placeholderData: (previous) => previous,
    }),
};
