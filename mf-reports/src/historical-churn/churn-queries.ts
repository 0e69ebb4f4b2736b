// /historicalChurn as the page calls it (issue 26, decision 055): a window's months and cohorts, and the clinicians
// or organizations behind one figure.
import {
  churnMembersSchema,
  churnSchema,
  type Churn,
  type ChurnFigure,
  type ChurnMembers,
  type ChurnSubject,
} from '@carelane/shared-domain';
import { apiClient } from '@carelane/shared-session';
import { queryOptions } from '@tanstack/react-query';

export type ChurnFilters = {
  subject: ChurnSubject;
  toMonth?: string;
  months: number;
  referralSourceId?: number;
  providerTypeId?: number;
};

/** A month's figure (`month`, `figure`) or a cohort's month (`cohort`, `offset`). */
export type ChurnCell = { month: string; figure: ChurnFigure } | { cohort: string; offset: number };
export type ChurnRecordsQuery = ChurnFilters & ChurnCell & { pageNumber: number; pageSize: number };

export const churnCalls = {
  report: (filters: ChurnFilters, signal?: AbortSignal): Promise<Churn> =>
    apiClient.get('/api/admin/reports/historicalChurn', churnSchema, { searchParams: filters, signal }),
  records: (query: ChurnRecordsQuery, signal?: AbortSignal): Promise<ChurnMembers> =>
    apiClient.get('/api/admin/reports/historicalChurn/records', churnMembersSchema, {
      searchParams: query,
      signal,
    }),
};

export const churnQueries = {
  report: (filters: ChurnFilters) =>
    queryOptions({
      queryKey: ['historicalChurn', filters],
      queryFn: ({ signal }) => churnCalls.report(filters, signal),
      placeholderData: (previous) => previous,
    }),
  records: (query: ChurnRecordsQuery) =>
    queryOptions({
      queryKey: ['historicalChurn', 'records', query],
      queryFn: ({ signal }) => churnCalls.records(query, signal),
      placeholderData: (previous) => previous,
    }),
};
