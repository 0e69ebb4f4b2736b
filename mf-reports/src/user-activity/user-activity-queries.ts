// /userActivity as the page calls it (issue 26, decision 052).
import { userActivitySchema, type UserActivity, type UserActivityQuery } from '@carelane/shared-domain';
import { apiClient } from '@carelane/shared-session';
import { queryOptions } from '@tanstack/react-query';

export type UserActivityFilters = Partial<UserActivityQuery>;

export const userActivityCalls = {
  list: (filters: UserActivityFilters, signal?: AbortSignal): Promise<UserActivity> =>
    apiClient.get('/api/admin/reports/userActivity', userActivitySchema, { searchParams: filters, signal }),
};

export const userActivityQueries = {
  list: (filters: UserActivityFilters) =>
    queryOptions({
      queryKey: ['userActivity', filters],
      queryFn: ({ signal }) => userActivityCalls.list(filters, signal),
      placeholderData: (previous) => previous,
    }),
};
