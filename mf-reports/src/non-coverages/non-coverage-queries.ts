// Non-coverages as the /noncoverages page calls them (issue 26, decision 047). Keys start with 'nonCoverage'.
import {
  episodeListResponseSchema,
  episodeVisitListResponseSchema,
  nonCoverageListSchema,
  nonCoverageResultSchema,
  nonCoverageTrendSchema,
  type NonCoverage,
  type NonCoverageInput,
  type NonCoverageList,
  type NonCoverageStatusFilter,
} from '@carelane/shared-domain';
import { apiClient } from '@carelane/shared-session';
import { fetchEveryPage, refresh } from '@carelane/shared-ui';
import { queryOptions } from '@tanstack/react-query';

export const NON_COVERAGES = '/api/admin/nonCoverages';

/** The filters the list and the trend share. */
export type NonCoverageScope = {
  referralSourceId?: number;
  providerTypeId?: number;
  from?: string;
  to?: string;
};

export type NonCoverageFilters = NonCoverageScope & {
  status: NonCoverageStatusFilter;
  order: 'newest' | 'oldest';
  pageNumber: number;
  pageSize: number;
};

const fetchList = (filters: NonCoverageFilters, signal?: AbortSignal): Promise<NonCoverageList> =>
  apiClient.get(NON_COVERAGES, nonCoverageListSchema, { searchParams: filters, signal });

export const nonCoverageQueries = {
  list: (filters: NonCoverageFilters) =>
    queryOptions({
      queryKey: ['nonCoverage', 'list', filters],
      queryFn: ({ signal }) => fetchList(filters, signal),
      placeholderData: (previous) => previous,
    }),
  trend: (scope: NonCoverageScope) =>
    queryOptions({
      queryKey: ['nonCoverage', 'trend', scope],
      queryFn: ({ signal }) =>
        apiClient.get(`${NON_COVERAGES}/trend`, nonCoverageTrendSchema, { searchParams: scope, signal }),
      placeholderData: (previous) => previous,
    }),
  /** Service requests whose title, patient name or id match, for the report form (every status; closed ones are left out). */
  episodes: (search: string) =>
    queryOptions({
      queryKey: ['episode', 'nonCoverageLookup', search],
      queryFn: ({ signal }) =>
        apiClient.get('/api/admin/episodes', episodeListResponseSchema, {
          searchParams: { search, status: 'ALL', mine: 'false', pageSize: 20 },
          signal,
        }),
      enabled: search.trim().length > 0,
      staleTime: 30_000,
    }),
  /** The visits of one service request, for the report form. */
  visits: (episodeId: number | undefined) =>
    queryOptions({
      queryKey: ['visit', 'ofEpisode', episodeId],
      queryFn: ({ signal }) =>
        apiClient.get(`/api/admin/episodes/${episodeId}/visits`, episodeVisitListResponseSchema, { signal }),
      enabled: episodeId !== undefined,
      staleTime: 30_000,
    }),
};

export const refreshNonCoverages = () => refresh('nonCoverage');

export const nonCoverageCalls = {
  report: (input: NonCoverageInput) => apiClient.post(NON_COVERAGES, input, nonCoverageResultSchema),
  resolve: (row: Pick<NonCoverage, 'id' | 'version'>, resolution: string) =>
    apiClient.post(
      `${NON_COVERAGES}/${row.id}/resolve`,
      { resolution, version: row.version },
      nonCoverageResultSchema,
    ),
};

/** Every non-coverage of the filters, page after page (one seen twice is kept once). */
export function fetchAllNonCoverages(
  filters: Omit<NonCoverageFilters, 'pageNumber' | 'pageSize'>,
  signal?: AbortSignal,
): Promise<NonCoverage[]> {
  return fetchEveryPage(
    (pageNumber, pageSize) => fetchList({ ...filters, pageNumber, pageSize }, signal),
    (row) => row.id,
  );
}
