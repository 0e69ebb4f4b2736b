// react-query options of the scheduling lookups (insurances, facilities, physicians, contacts, and shared-ui's
// visit types, provider types, organizations and staff users), for any page of the area to reuse.
import {
  contactListResponseSchema,
  facilityListResponseSchema,
  insuranceListResponseSchema,
  physicianListResponseSchema,
  physicianSchema,
} from '@carelane/shared-domain';
import { apiClient } from '@carelane/shared-session';
import { LOOKUP_STALE_TIME, lookupQueries as sharedLookups } from '@carelane/shared-ui';
import { queryOptions } from '@tanstack/react-query';

export const lookupQueries = {
  // The shared lookups (one cache key each); scheduling offers the active organizations.
  visitTypes: sharedLookups.visitTypes,
  providerTypes: sharedLookups.providerTypes,
  staffUsers: sharedLookups.staffUsers,
  organizations: () => sharedLookups.organizations('ACTIVE'),
  insurances: () =>
    queryOptions({
      queryKey: ['insurance', 'all'],
      queryFn: ({ signal }) =>
        apiClient.get('/api/admin/insurances', insuranceListResponseSchema, { signal }),
      staleTime: LOOKUP_STALE_TIME,
    }),
  facilities: (referralSourceId: number | undefined) =>
    queryOptions({
      queryKey: ['facility', 'byOrganization', referralSourceId ?? null],
      queryFn: ({ signal }) =>
        apiClient.get('/api/admin/facilities', facilityListResponseSchema, {
          searchParams: { referralSourceId },
          signal,
        }),
    }),
  physicians: (search: string) =>
    queryOptions({
      queryKey: ['physician', 'lookup', search],
      queryFn: ({ signal }) =>
        apiClient.get('/api/admin/physicians', physicianListResponseSchema, {
          searchParams: { search: search || undefined, pageSize: 20 },
          signal,
        }),
      placeholderData: (previous) => previous,
    }),
  physician: (id: number) =>
    queryOptions({
      queryKey: ['physician', 'one', id],
      queryFn: ({ signal }) => apiClient.get(`/api/admin/physicians/${id}`, physicianSchema, { signal }),
    }),
  contacts: (referralSourceId: number | undefined, search: string) =>
    queryOptions({
      queryKey: ['contact', 'lookup', referralSourceId ?? null, search],
      queryFn: ({ signal }) =>
        apiClient.get('/api/admin/contacts', contactListResponseSchema, {
          searchParams: { referralSourceId, search: search || undefined, pageSize: 50 },
          signal,
        }),
      placeholderData: (previous) => previous,
    }),
};
