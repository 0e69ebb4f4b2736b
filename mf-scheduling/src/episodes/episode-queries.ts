import {
  episodeListResponseSchema,
  episodeSchema,
  episodeVisitListResponseSchema,
  PAGE_SIZES,
  type EpisodeStatusFilter,
} from '@carelane/shared-domain';
import { apiClient } from '@carelane/shared-session';
import { queryOptions } from '@tanstack/react-query';

export type EpisodeFilters = {
  pageNumber: number;
  pageSize: number;
  search?: string;
  status: EpisodeStatusFilter;
  mine: boolean;
  episodeType?: 'Visit' | 'Shift';
  referralSourceId?: number;
  patientId?: number;
  createdFrom: string;
  createdTo: string;
};

/** Query keys start with the entity name, so `entityChanged` events refresh them. */
export const episodeQueries = {
  list: (filters: EpisodeFilters) =>
    queryOptions({
      queryKey: ['episode', 'list', filters],
      queryFn: ({ signal }) =>
        apiClient.get('/api/admin/episodes', episodeListResponseSchema, { searchParams: filters, signal }),
      placeholderData: (previous) => previous,
    }),
  one: (id: number) =>
    queryOptions({
      queryKey: ['episode', 'one', id],
      queryFn: ({ signal }) => apiClient.get(`/api/admin/episodes/${id}`, episodeSchema, { signal }),
    }),
  visits: (id: number) =>
    queryOptions({
      queryKey: ['episode', 'visits', id],
      queryFn: ({ signal }) =>
        apiClient.get(`/api/admin/episodes/${id}/visits`, episodeVisitListResponseSchema, {
          searchParams: { pageSize: PAGE_SIZES.episodeDetailVisits },
          signal,
        }),
    }),
};
