import {
  groupCandidatesResponseSchema,
  groupDetailSchema,
  groupListResponseSchema,
} from '@carelane/shared-domain';
import { apiClient } from '@carelane/shared-session';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';

export type GroupFilters = {
  pageNumber: number;
  pageSize: number;
  search?: string;
  status: 'ACTIVE' | 'INACTIVE' | 'ALL';
};

export const groupQueries = {
  list: (filters: GroupFilters) =>
    queryOptions({
      queryKey: ['group', 'list', filters],
      queryFn: ({ signal }) =>
        apiClient.get('/api/admin/groups', groupListResponseSchema, { searchParams: filters, signal }),
      placeholderData: (previous) => previous,
    }),
  one: (id: number) =>
    queryOptions({
      queryKey: ['group', 'one', id],
      queryFn: ({ signal }) => apiClient.get(`/api/admin/groups/${id}`, groupDetailSchema, { signal }),
    }),
  candidates: (search: string) =>
    queryOptions({
      queryKey: ['provider', 'groupCandidates', search],
      queryFn: ({ signal }) =>
        apiClient.get('/api/admin/groups/memberCandidates', groupCandidatesResponseSchema, {
          searchParams: { search },
          signal,
        }),
      enabled: search.trim().length > 0,
      placeholderData: keepPreviousData,
    }),
};
