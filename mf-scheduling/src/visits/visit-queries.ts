import {
  CONSTANT_DEFAULTS,
  constantSchema,
  fitScoreResponseSchema,
  parseConstantReasons,
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

const EXPIRE_REASONS_CONSTANT = 'expireVisitReasonTypes';
/** The shipped reasons, until the server's list arrives (the server checks against its own). */
export const DEFAULT_EXPIRE_REASONS = parseConstantReasons(
  CONSTANT_DEFAULTS.find((constant) => constant.name === EXPIRE_REASONS_CONSTANT)?.value,
).map((reason) => reason.label);

/** SPEC §9 expireVisitReasonTypes as the server holds it. */
export const expireReasonsQuery = () =>
  queryOptions({
    queryKey: ['constant', 'list'],
    queryFn: ({ signal }) => apiClient.get('/api/admin/constants', constantSchema.array(), { signal }),
    select: (list) =>
      parseConstantReasons(list.find((constant) => constant.name === EXPIRE_REASONS_CONSTANT)?.value).map(
        (reason) => reason.label,
      ),
    staleTime: 5 * 60_000,
  });

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
