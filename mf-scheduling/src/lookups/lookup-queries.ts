// react-query options of the scheduling lookups (visit types, provider types, insurances, facilities,
// organizations, physicians, contacts, staff users), for any page of the area to reuse.
import {
  contactListResponseSchema,
  facilityListResponseSchema,
  insuranceListResponseSchema,
  physicianListResponseSchema,
  physicianSchema,
  providerTypeListResponseSchema,
  referralSourceListResponseSchema,
  staffUserListResponseSchema,
  visitTypeListResponseSchema,
} from '@carelane/shared-domain';
import { apiClient } from '@carelane/shared-session';
import { queryOptions } from '@tanstack/react-query';

/** Reference data changes rarely: kept fresh for ten minutes. */
const STABLE = 10 * 60_000;

export const lookupQueries = {
  visitTypes: () =>
    queryOptions({
      queryKey: ['visitType', 'all'],
      queryFn: ({ signal }) =>
        apiClient.get('/api/admin/visitTypes', visitTypeListResponseSchema, { signal }),
      staleTime: STABLE,
    }),
  providerTypes: () =>
    queryOptions({
      queryKey: ['providerType', 'all'],
      queryFn: ({ signal }) =>
        apiClient.get('/api/admin/providerTypes', providerTypeListResponseSchema, { signal }),
      staleTime: STABLE,
    }),
  insurances: () =>
    queryOptions({
      queryKey: ['insurance', 'all'],
      queryFn: ({ signal }) =>
        apiClient.get('/api/admin/insurances', insuranceListResponseSchema, { signal }),
      staleTime: STABLE,
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
  organizations: () =>
    queryOptions({
      queryKey: ['referralSource', 'lookup'],
      queryFn: ({ signal }) =>
        apiClient.get('/api/admin/referralSources', referralSourceListResponseSchema, {
          searchParams: { status: 'ACTIVE', pageSize: 1000 },
          signal,
        }),
      staleTime: STABLE,
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
  staffUsers: (roleId: number) =>
    queryOptions({
      queryKey: ['user', 'byRole', roleId],
      queryFn: ({ signal }) =>
        apiClient.get('/api/admin/staffUsers', staffUserListResponseSchema, {
          searchParams: { roleId },
          signal,
        }),
      staleTime: STABLE,
    }),
};
