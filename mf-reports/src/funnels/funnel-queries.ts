// The funnel reports as the pages call them (issue 26, decision 053): a funnel's stages and the records behind a
// stage. Keys start with 'funnelReport'.
import {
  funnelOrganizationsSchema,
  funnelRecordsSchema,
  funnelSchema,
  type FunnelAnswer,
  type FunnelOrganizations,
  type FunnelRecords,
} from '@carelane/shared-domain';
import { apiClient } from '@carelane/shared-session';
import { queryOptions } from '@tanstack/react-query';
import type { ReportFilterValues } from '../report-kit/ReportFilters';

export type FunnelFilters = ReportFilterValues & { state?: string };
export type FunnelRecordsFilters = FunnelFilters & {
  period: 'current' | 'prior';
  pageNumber: number;
  pageSize: number;
};

export const funnelCalls = {
  funnel: (key: string, filters: FunnelFilters, signal?: AbortSignal): Promise<FunnelAnswer> =>
    apiClient.get(`/api/admin/reports/funnels/${key}`, funnelSchema, { searchParams: filters, signal }),
  records: (
    key: string,
    stage: string,
    filters: FunnelRecordsFilters,
    signal?: AbortSignal,
  ): Promise<FunnelRecords> =>
    apiClient.get(`/api/admin/reports/funnels/${key}/stages/${stage}/records`, funnelRecordsSchema, {
      searchParams: filters,
      signal,
    }),
};

export const funnelQueries = {
  funnel: (key: string, filters: FunnelFilters) =>
    queryOptions({
      queryKey: ['funnelReport', key, filters],
      queryFn: ({ signal }) => funnelCalls.funnel(key, filters, signal),
      placeholderData: (previous) => previous,
    }),
  records: (key: string, stage: string, filters: FunnelRecordsFilters) =>
    queryOptions({
      queryKey: ['funnelReport', key, stage, filters],
      queryFn: ({ signal }) => funnelCalls.records(key, stage, filters, signal),
      placeholderData: (previous) => previous,
    }),
};

export const conversionOrganizationsCalls = {
  rows: (filters: FunnelFilters, signal?: AbortSignal): Promise<FunnelOrganizations> =>
    apiClient.get(
      '/api/admin/reports/funnels/referralSourceConversion/organizations',
      funnelOrganizationsSchema,
      {
        searchParams: filters,
        signal,
      },
    ),
};

export const conversionOrganizationsQuery = (filters: FunnelFilters) =>
  queryOptions({
    queryKey: ['funnelReport', 'referralSourceConversion', 'organizations', filters],
    queryFn: ({ signal }) => conversionOrganizationsCalls.rows(filters, signal),
    placeholderData: (previous) => previous,
  });
