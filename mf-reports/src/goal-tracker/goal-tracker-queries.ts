// /goalTracker as the page calls it (issue 26, decision 056): the groups' figures, and the goals behind one.
import {
  goalTrackerRecordsSchema,
  goalTrackerSchema,
  type GoalGroupBy,
  type GoalStatus,
  type GoalTracker,
  type GoalTrackerRecords,
} from '@carelane/shared-domain';
import { apiClient } from '@carelane/shared-session';
import { queryOptions } from '@tanstack/react-query';
import type { ReportFilterValues } from '../report-kit/ReportFilters';

export type GoalTrackerFilters = ReportFilterValues & { groupBy: GoalGroupBy };
/** A group's figure: its goals (no status) or those of one status. */
export type GoalFigure = { groupId: number; status?: GoalStatus };
export type GoalRecordsQuery = GoalTrackerFilters & GoalFigure & { pageNumber: number; pageSize: number };

export const goalTrackerCalls = {
  report: (filters: GoalTrackerFilters, signal?: AbortSignal): Promise<GoalTracker> =>
    apiClient.get('/api/admin/reports/goalTracker', goalTrackerSchema, { searchParams: filters, signal }),
  records: (query: GoalRecordsQuery, signal?: AbortSignal): Promise<GoalTrackerRecords> =>
    apiClient.get('/api/admin/reports/goalTracker/records', goalTrackerRecordsSchema, {
      searchParams: query,
      signal,
    }),
};

export const goalTrackerQueries = {
  report: (filters: GoalTrackerFilters) =>
    queryOptions({
      queryKey: ['goalTracker', filters],
      queryFn: ({ signal }) => goalTrackerCalls.report(filters, signal),
      placeholderData: (previous) => previous,
    }),
  records: (query: GoalRecordsQuery) =>
    queryOptions({
      queryKey: ['goalTracker', 'records', query],
      queryFn: ({ signal }) => goalTrackerCalls.records(query, signal),
      placeholderData: (previous) => previous,
    }),
};
