// The health reports as the pages call them (issue 26, decision 050): a page of rows of one report, and the
// visits behind a figure that is not a dashboard rate's part (those are the dashboard's drill-down). Keys start
// with 'healthReport'.
import { metricDrillSchema, type MetricDrill } from '@carelane/shared-domain';
import { apiClient } from '@carelane/shared-session';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ReportFilterValues } from '../report-kit/ReportFilters';

/** What a health report sends: the common filters, the state, the sort and the page. */
export type HealthFilters = ReportFilterValues & {
  state?: string;
  sort?: string;
  order?: 'ascend' | 'descend';
  pageNumber: number;
  pageSize: number;
};

export type HealthVisitsFilters = ReportFilterValues & {
  state?: string;
  referralSourceId?: number;
  providerId?: number;
  figure: string;
  period: 'current' | 'prior';
  pageNumber: number;
  pageSize: number;
};

export const healthCalls = {
  report: <T>(path: string, schema: z.ZodType<T>, filters: HealthFilters, signal?: AbortSignal): Promise<T> =>
    apiClient.get(path, schema, { searchParams: filters, signal }) as Promise<T>,
  visits: (filters: HealthVisitsFilters, signal?: AbortSignal): Promise<MetricDrill> =>
    apiClient.get('/api/admin/reports/health/visits', metricDrillSchema, { searchParams: filters, signal }),
};

export const healthQueries = {
  report: <T>(path: string, schema: z.ZodType<T>, filters: HealthFilters) =>
    queryOptions({
      queryKey: ['healthReport', path, filters],
      queryFn: ({ signal }) => healthCalls.report(path, schema, filters, signal),
      placeholderData: (previous) => previous,
    }),
  visits: (filters: HealthVisitsFilters) =>
    queryOptions({
      queryKey: ['healthReport', 'visits', filters],
      queryFn: ({ signal }) => healthCalls.visits(filters, signal),
      placeholderData: (previous) => previous,
    }),
};
