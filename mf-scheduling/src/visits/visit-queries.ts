import {
  fitScoreResponseSchema,
  visitBulkResponseSchema,
  visitListResponseSchema,
  visitRowSchema,
  type VisitListQuery,
} from '@carelane/shared-domain';
import { apiClient } from '@carelane/shared-session';
import { queryOptions } from '@tanstack/react-query';

export type VisitFilters = Partial<VisitListQuery> & { pageNumber: number; pageSize: number };
export type MatchFilters = Record<string, string | number | boolean | undefined>;
type Ref = { id: number; version: number };

/** Query keys start with the entity name, so `entityChanged` events for visits refresh them. */
export const visitQueries = {
  list: (filters: VisitFilters) =>
    queryOptions({
      queryKey: ['visit', 'list', filters],
      queryFn: ({ signal }) =>
        apiClient.get('/api/operation/visits', visitListResponseSchema, { searchParams: filters, signal }),
      placeholderData: (previous) => previous,
    }),
  fitScore: (visitId: number, filters: MatchFilters) =>
    queryOptions({
      queryKey: ['visit', 'fitScore', visitId, filters],
      queryFn: ({ signal }) =>
        apiClient.get('/api/operation/fitScore', fitScoreResponseSchema, {
          searchParams: { visitId, ...filters },
          signal,
        }),
      placeholderData: (previous) => previous,
    }),
};

export const visitActions = {
  approve: (visits: Ref[]) => apiClient.post('/api/admin/approveVisits', { visits }, visitBulkResponseSchema),
  remove: (visits: Ref[]) => apiClient.post('/api/admin/deleteVisit', { visits }, visitBulkResponseSchema),
  expire: (visits: Ref[], reason: string) =>
    apiClient.post('/api/admin/expireVisit', { visits, reason }, visitBulkResponseSchema),
  pause: (visits: Ref[], paused: boolean) =>
    apiClient.post('/api/admin/pauseVisits', { visits, paused }, visitBulkResponseSchema),
  assign: (visitId: number, providerId: number, version: number) =>
    apiClient.post('/api/admin/assignVisit', { visitId, providerId, version }, visitRowSchema),
  unassign: (visitId: number, version: number) =>
    apiClient.post('/api/admin/unassignVisit', { visitId, version }, visitRowSchema),
};
