// Unbilled visits as the page calls them (issue 13): the list's key starts with 'visit', so a visit's
// entityChanged event (approved, billed) refreshes it, and creating invoices, which bills visits.
import {
  createInvoicesResultSchema,
  unbilledVisitListSchema,
  type CreateInvoices,
  type CreateInvoicesResult,
} from '@carelane/shared-domain';
import { apiClient } from '@carelane/shared-session';
import { queryOptions } from '@tanstack/react-query';

/** The list's filters as GET /api/operation/unbilledVisits reads them (unbilledVisitsQuerySchema). */
export type UnbilledFilters = {
  referralSourceId?: number;
  startDate: string;
  endDate: string;
  pageNumber: number;
  pageSize: number;
};

export const unbilledQueries = {
  list: (filters: UnbilledFilters) =>
    queryOptions({
      queryKey: ['visit', 'unbilled', filters],
      queryFn: ({ signal }) =>
        apiClient.get('/api/operation/unbilledVisits', unbilledVisitListSchema, {
          searchParams: filters,
          signal,
        }),
      placeholderData: (previous) => previous,
    }),
};

export const unbilledCalls = {
  /** One invoice per organization with billable visits of service in the period. */
  createInvoices: (input: CreateInvoices): Promise<CreateInvoicesResult> =>
    apiClient.post('/api/admin/createInvoice', input, createInvoicesResultSchema),
};
