// The organizations billing filters and invoices by (the admin endpoint the organization pages use). Every
// status: an inactive organization still has visits to bill and invoices to collect.
import { referralSourceListResponseSchema } from '@carelane/shared-domain';
import { apiClient } from '@carelane/shared-session';
import { queryOptions } from '@tanstack/react-query';

/** Reference data changes rarely: kept fresh for ten minutes. */
const STABLE = 10 * 60_000;

export const organizationQueries = {
  all: () =>
    queryOptions({
      queryKey: ['referralSource', 'lookup', 'ALL'],
      queryFn: ({ signal }) =>
        apiClient.get('/api/admin/referralSources', referralSourceListResponseSchema, {
          searchParams: { status: 'ALL', pageSize: 1000 },
          signal,
        }),
      staleTime: STABLE,
    }),
};
