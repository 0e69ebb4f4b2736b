import {
  organizationOnboardingSchema,
  referralSourceListResponseSchema,
  referralSourceRateListSchema,
  referralSourceSchema,
  userListResponseSchema,
} from '@carelane/shared-domain';
import { apiClient } from '@carelane/shared-session';
import { queryOptions } from '@tanstack/react-query';

export type ReferralSourceFilters = {
  pageNumber: number;
  pageSize: number;
  search?: string;
  status: 'ACTIVE' | 'INACTIVE' | 'ALL';
};

/** Query keys start with the entity name, so `entityChanged` events refresh them. */
export const referralSourceQueries = {
  list: (filters: ReferralSourceFilters) =>
    queryOptions({
      queryKey: ['referralSource', 'list', filters],
      queryFn: ({ signal }) =>
        apiClient.get('/api/admin/referralSources', referralSourceListResponseSchema, {
          searchParams: filters,
          signal,
        }),
      placeholderData: (previous) => previous,
    }),
  /** Every active organization, for pickers. */
  choices: () =>
    queryOptions({
      queryKey: ['referralSource', 'choices'],
      queryFn: ({ signal }) =>
        apiClient.get('/api/admin/referralSources', referralSourceListResponseSchema, {
          searchParams: { status: 'ACTIVE', pageSize: 1000 },
          signal,
        }),
      staleTime: 5 * 60_000,
    }),
  one: (id: number) =>
    queryOptions({
      queryKey: ['referralSource', 'one', id],
      queryFn: ({ signal }) =>
        apiClient.get(`/api/admin/referralSources/${id}`, referralSourceSchema, { signal }),
    }),
  rates: (id: number) =>
    queryOptions({
      queryKey: ['referralSourceRate', id],
      queryFn: ({ signal }) =>
        apiClient.get(`/api/admin/referralSources/${id}/rates`, referralSourceRateListSchema, { signal }),
    }),
  onboarding: (id: number) =>
    queryOptions({
      queryKey: ['referralSource', 'onboarding', id],
      queryFn: ({ signal }) =>
        apiClient.get(`/api/admin/referralSources/${id}/onboarding`, organizationOnboardingSchema, {
          signal,
        }),
    }),
  users: (id: number, pageNumber: number) =>
    queryOptions({
      queryKey: ['user', 'byReferralSource', id, pageNumber],
      queryFn: ({ signal }) =>
        apiClient.get('/api/admin/users', userListResponseSchema, {
          searchParams: { referralSourceId: id, pageNumber, pageSize: 10 },
          signal,
        }),
      placeholderData: (previous) => previous,
    }),
};
