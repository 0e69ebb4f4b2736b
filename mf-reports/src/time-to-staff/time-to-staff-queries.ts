// The time-to-staff report as the page calls it (issue 26). The visits behind a group are the dashboard's
// drill-down (staffingDelay's denominator, the group's id as a filter), read by the dashboard's MetricDrawer.
import { timeToStaffSchema, type TimeToStaff, type TimeToStaffGroupBy } from '@carelane/shared-domain';
import { apiClient } from '@carelane/shared-session';
import { queryOptions } from '@tanstack/react-query';
import type { ReportFilterValues } from '../report-kit/ReportFilters';

export type TimeToStaffFilters = ReportFilterValues & { groupBy: TimeToStaffGroupBy };

export const timeToStaffCalls = {
  report: (filters: TimeToStaffFilters, signal?: AbortSignal): Promise<TimeToStaff> =>
    apiClient.get('/api/admin/reports/timeToStaff', timeToStaffSchema, { searchParams: filters, signal }),
};

export const timeToStaffQueries = {
  report: (filters: TimeToStaffFilters) =>
    queryOptions({
      queryKey: ['timeToStaff', filters],
      queryFn: ({ signal }) => timeToStaffCalls.report(filters, signal),
      placeholderData: (previous) => previous,
    }),
};
