import {
  referralSourceListResponseSchema,
  roleSchema,
  userListResponseSchema,
  userSchema,
} from '@carelane/shared-domain';
import { apiClient } from '@carelane/shared-session';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';

export const roleListSchema = z.object({
  rows: z.array(roleSchema),
  manageableRoleIds: z.array(z.number().int()),
});

export type UserListFilters = {
  pageNumber: number;
  pageSize: number;
  search?: string;
  roleId?: number;
  status?: 'ACTIVE' | 'INACTIVE';
};

/** Query keys start with the entity name, so `entityChanged` events refresh them (shared-session). */
export const userQueries = {
  list: (filters: UserListFilters) =>
    queryOptions({
      queryKey: ['user', 'list', filters],
      queryFn: ({ signal }) =>
        apiClient.get('/api/admin/users', userListResponseSchema, { searchParams: filters, signal }),
      placeholderData: (previous) => previous,
    }),
  one: (id: number) =>
    queryOptions({
      queryKey: ['user', 'one', id],
      queryFn: ({ signal }) => apiClient.get(`/api/admin/users/${id}`, userSchema, { signal }),
    }),
  roles: () =>
    queryOptions({
      queryKey: ['role', 'list'],
      queryFn: ({ signal }) => apiClient.get('/api/admin/roles', roleListSchema, { signal }),
      staleTime: 5 * 60_000,
    }),
  organizations: () =>
    queryOptions({
      queryKey: ['referralSource', 'choices'],
      queryFn: ({ signal }) =>
        apiClient.get('/api/admin/referralSources', referralSourceListResponseSchema, {
          searchParams: { status: 'ACTIVE', pageSize: 1000 },
          signal,
        }),
      staleTime: 5 * 60_000,
    }),
};
