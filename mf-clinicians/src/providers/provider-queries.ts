// The clinician list as the page calls it: react-query options (keys start with the entity name, so
// `entityChanged` events refresh them) and the CSV download of the filtered list.
import {
  providerListResponseSchema,
  providerSkillsResponseSchema,
  type ProviderListQueryInput,
} from '@carelane/shared-domain';
import { apiClient, type DownloadedFile, type SearchParams } from '@carelane/shared-session';
import { LOOKUP_STALE_TIME } from '@carelane/shared-ui';
import { queryOptions } from '@tanstack/react-query';

/** The list's filters as the API reads them (skills repeat their key). */
export type ProviderFilters = Omit<ProviderListQueryInput, 'skills'> & { skills?: string[] };

export const providerQueries = {
  list: (filters: ProviderFilters) =>
    queryOptions({
      queryKey: ['provider', 'list', filters],
      queryFn: ({ signal }) =>
        apiClient.get('/api/admin/providers', providerListResponseSchema, {
          searchParams: filters as SearchParams,
          signal,
        }),
      placeholderData: (previous) => previous,
    }),
  skills: () =>
    queryOptions({
      queryKey: ['provider', 'skills'],
      queryFn: ({ signal }) =>
        apiClient.get('/api/admin/providers/skills', providerSkillsResponseSchema, { signal }),
      staleTime: LOOKUP_STALE_TIME,
    }),
};

/** The whole filtered list as CSV (the export leaves paging out). */
export function downloadProviders(filters: ProviderFilters): Promise<DownloadedFile> {
  const { pageNumber: _page, pageSize: _size, ...rest } = filters;
  return apiClient.download('/api/admin/providers/export', { searchParams: rest as SearchParams });
}
