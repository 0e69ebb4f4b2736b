// Adjustments as the two adjustment reports call them (issue 13). Keys start with 'adjustment'; applying a
// receivable adjustment credits an invoice, so writes refresh the invoices too.
import {
  adjustmentListSchema,
  adjustmentResultSchema,
  type Adjustment,
  type AdjustmentInput,
} from '@carelane/shared-domain';
import { apiClient } from '@carelane/shared-session';
import { fetchEveryPage, refresh } from '@carelane/shared-ui';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';

type AdjustmentList = z.infer<typeof adjustmentListSchema>;

/** The list's filters as GET /api/operation/adjustments reads them (adjustmentListQuerySchema). */
export type AdjustmentFilters = {
  status: Adjustment['status'];
  kind: 'ALL' | Adjustment['kind'];
  /** Created from / to (the server filters on the day each was made). */
  startDate?: string;
  endDate?: string;
  pageNumber: number;
  pageSize: number;
};

const fetchAdjustments = (filters: AdjustmentFilters, signal?: AbortSignal): Promise<AdjustmentList> =>
  apiClient.get('/api/operation/adjustments', adjustmentListSchema, { searchParams: filters, signal });

export const adjustmentQueries = {
  list: (filters: AdjustmentFilters) =>
    queryOptions({
      queryKey: ['adjustment', 'list', filters],
      queryFn: ({ signal }) => fetchAdjustments(filters, signal),
      placeholderData: (previous) => previous,
    }),
};

export const refreshAdjustments = () => refresh('adjustment', 'invoice', 'providerPay');

export const adjustmentCalls = {
  page: fetchAdjustments,
  create: (input: AdjustmentInput) =>
    apiClient.post('/api/operation/adjustments', input, adjustmentResultSchema),
  apply: (id: number) => apiClient.post(`/api/operation/adjustments/${id}/apply`, {}, adjustmentResultSchema),
};

/** Every adjustment of the filters, page after page (one seen twice is kept once). */
export function fetchAllAdjustments(
  filters: Omit<AdjustmentFilters, 'pageNumber' | 'pageSize'>,
  signal?: AbortSignal,
): Promise<Adjustment[]> {
  return fetchEveryPage(
    (pageNumber, pageSize) => fetchAdjustments({ ...filters, pageNumber, pageSize }, signal),
    (row) => row.id,
  );
}
