// The one lookup-query module of every area: the reference data their filters and forms pick from
// (organizations, provider types, visit types, staff users by role), each with one cache key and one stale time.
// Keys start with the entity name, so an entityChanged event (or refresh('referralSource')) refetches them.
import {
  providerTypeListResponseSchema,
  referralSourceListResponseSchema,
  staffUserListResponseSchema,
  visitTypeListResponseSchema,
} from '@carelane/shared-domain';
import { apiClient } from '@carelane/shared-session';
import { queryOptions } from '@tanstack/react-query';

/** Reference data changes rarely: kept fresh for ten minutes. */
export const LOOKUP_STALE_TIME = 10 * 60_000;

/**
 * Which organizations a lookup lists: the active ones (what a new record may name), or every status (billing
 * and reports: an inactive organization still has visits to bill and invoices to collect).
 */
export type OrganizationStatus = 'ACTIVE' | 'ALL';

export const lookupQueries = {
  organizations: (status: OrganizationStatus) =>
    queryOptions({
      queryKey: ['referralSource', 'lookup', status],
      queryFn: ({ signal }) =>
        apiClient.get('/api/admin/referralSources', referralSourceListResponseSchema, {
          searchParams: { status, pageSize: 1000 },
          signal,
        }),
      staleTime: LOOKUP_STALE_TIME,
    }),
  providerTypes: () =>
    queryOptions({
      queryKey: ['providerType', 'all'],
      queryFn: ({ signal }) =>
        apiClient.get('/api/admin/providerTypes', providerTypeListResponseSchema, { signal }),
      staleTime: LOOKUP_STALE_TIME,
    }),
  visitTypes: () =>
    queryOptions({
      queryKey: ['visitType', 'all'],
      queryFn: ({ signal }) =>
        apiClient.get('/api/admin/visitTypes', visitTypeListResponseSchema, { signal }),
      staleTime: LOOKUP_STALE_TIME,
    }),
  staffUsers: (roleId: number) =>
    queryOptions({
      queryKey: ['user', 'byRole', roleId],
      queryFn: ({ signal }) =>
        apiClient.get('/api/admin/staffUsers', staffUserListResponseSchema, {
          searchParams: { roleId },
          signal,
        }),
      staleTime: LOOKUP_STALE_TIME,
    }),
};
