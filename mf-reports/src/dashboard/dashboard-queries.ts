// The dashboard and its drill-down as the page calls them (issue 26, decision 046). The API answers counts only;
// the page shows what shared-domain's metric functions make of them. Keys start with 'dashboard': the page
// invalidates them when the server announces a change to what the figures count (DASHBOARD_ENTITIES).
import {
  DASHBOARD_REFRESH_MS,
  dashboardSchema,
  metricDrillSchema,
  myActivitySchema,
  type Dashboard,
  type DashboardMetricKey,
  type MetricDrill,
  type MetricPart,
  type MyActivity,
} from '@carelane/shared-domain';
import { apiClient } from '@carelane/shared-session';
import { queryOptions } from '@tanstack/react-query';

/** The filters the dashboard sends (the organization only for staff: the server sets an organization user's). */
export type DashboardFilters = {
  from: string;
  to: string;
  referralSourceId?: number;
  providerTypeId?: number;
  /** The organizations' state (a report's row of one state). */
  state?: string;
};

/** Which records behind which figure. */
export type DrillTarget = {
  metric: DashboardMetricKey;
  part: MetricPart;
  period: 'current' | 'prior';
};

export type DrillFilters = DashboardFilters & DrillTarget & { pageNumber: number; pageSize: number };

/**
 * The entities whose changes move the figures: the rollup the visit figures read (announced as each batch is
 * rolled up, decision 051), visits (My Activity), clinicians (the utilization rate).
 */
export const DASHBOARD_ENTITIES: ReadonlySet<string> = new Set([
  'reportRollup',
  'visit',
  'visitList',
  'evvFlag',
  'provider',
  'providerNote',
  'episode',
]);

/** What a load failure names (SPEC §8: "dashboard activity"): the metrics and My Activity alike. */
export const DASHBOARD_THING = 'the dashboard activity';

/** The root of every dashboard key, for invalidation. */
export const DASHBOARD_KEY = ['dashboard'] as const;

export const dashboardCalls = {
  dashboard: (filters: DashboardFilters, signal?: AbortSignal): Promise<Dashboard> =>
    apiClient.get('/api/admin/reports/dashboard', dashboardSchema, { searchParams: filters, signal }),
  records: (filters: DrillFilters, signal?: AbortSignal): Promise<MetricDrill> =>
    apiClient.get('/api/admin/reports/dashboard/records', metricDrillSchema, {
      searchParams: filters,
      signal,
    }),
  myActivity: (signal?: AbortSignal): Promise<MyActivity> =>
    apiClient.get('/api/admin/reports/myActivity', myActivitySchema, { signal }),
};

export const dashboardQueries = {
  /** The figures, read again every DASHBOARD_REFRESH_MS (SPEC §9: the dashboard refreshes every 10 minutes). */
  dashboard: (filters: DashboardFilters) =>
    queryOptions({
      queryKey: [...DASHBOARD_KEY, 'metrics', filters],
      queryFn: ({ signal }) => dashboardCalls.dashboard(filters, signal),
      placeholderData: (previous) => previous,
      refetchInterval: DASHBOARD_REFRESH_MS,
    }),
  records: (filters: DrillFilters) =>
    queryOptions({
      queryKey: [...DASHBOARD_KEY, 'records', filters],
      queryFn: ({ signal }) => dashboardCalls.records(filters, signal),
      placeholderData: (previous) => previous,
    }),
  /** The user's own work (decision 048), read again with the figures and on the same changes. */
  myActivity: () =>
    queryOptions({
      queryKey: [...DASHBOARD_KEY, 'myActivity'],
      queryFn: ({ signal }) => dashboardCalls.myActivity(signal),
      refetchInterval: DASHBOARD_REFRESH_MS,
    }),
};
