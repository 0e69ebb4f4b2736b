// Invoices and payments as the billing pages call them (issue 13). Invoice keys start with 'invoice' and payment
// keys with 'payment', so those entities' entityChanged events refresh them; every write here refreshes both.
import {
  invoiceDetailSchema,
  invoiceListSchema,
  invoiceResultSchema,
  invoicesResultSchema,
  paymentListSchema,
  paymentResultSchema,
  type CreatePayment,
  type InvoiceList,
  type InvoiceListQuery,
} from '@carelane/shared-domain';
import { apiClient, publishToast } from '@carelane/shared-session';
import { refresh } from '@carelane/shared-ui';
import { queryOptions } from '@tanstack/react-query';
import { centsOf } from '../common/money-input';

/** The list's filters as GET /api/operation/invoices reads them (invoiceListQuerySchema). */
export type InvoiceFilters = {
  status: InvoiceListQuery['status'];
  paymentStatus: InvoiceListQuery['paymentStatus'];
  referralSourceId?: number;
  startDate: string;
  endDate: string;
  /** Opened from a report: no 365-day limit (sent only when true). */
  fromReport?: true;
  pageNumber: number;
  pageSize: number;
};

const fetchInvoices = (filters: InvoiceFilters, signal?: AbortSignal): Promise<InvoiceList> =>
  apiClient.get('/api/operation/invoices', invoiceListSchema, { searchParams: filters, signal });

export const invoiceQueries = {
  /** The list; the server decides whose (billing staff: all; an organization user: their own). */
  list: (filters: InvoiceFilters) =>
    queryOptions({
      queryKey: ['invoice', 'list', filters],
      queryFn: ({ signal }) => fetchInvoices(filters, signal),
      placeholderData: (previous) => previous,
    }),
  detail: (id: number) =>
    queryOptions({
      queryKey: ['invoice', 'detail', id],
      queryFn: ({ signal }) =>
        apiClient.get(`/api/operation/invoices/${id}`, invoiceDetailSchema, { signal }),
    }),
};

export const paymentQueries = {
  /** An organization's payments with money left to apply (its credit), newest first. */
  credits: (referralSourceId: number) =>
    queryOptions({
      queryKey: ['payment', 'credit', referralSourceId],
      queryFn: ({ signal }) =>
        apiClient.get('/api/operation/payments', paymentListSchema, {
          searchParams: { referralSourceId, unappliedOnly: true, pageSize: 100 },
          signal,
        }),
    }),
};

/** What changed after a billing write: the invoices (totals, status, history) and the payments' credit. */
export const refreshBilling = () => refresh('invoice', 'payment');

export const invoiceCalls = {
  /** One page of the list (the CSV export reads every page of the current filters). */
  page: fetchInvoices,
  /** The PDF as issued (needs the session's token: fetched, not linked). */
  pdf: (id: number) => apiClient.download(`/api/fileserver/invoices/${id}`),
  email: (invoiceIds: number[]) =>
    apiClient.post('/api/admin/emailInvoices', { invoiceIds }, invoicesResultSchema),
  sendToCollection: (id: number) =>
    apiClient.post(`/api/operation/invoices/${id}/collection`, {}, invoiceResultSchema),
  /**
   * Records a payment. `idempotencyKey` names this payment: the same key sent again (a retry after a lost answer)
   * answers the payment already recorded instead of recording it twice.
   */
  recordPayment: (input: CreatePayment, idempotencyKey: string) =>
    apiClient.post('/api/operation/payments', input, paymentResultSchema, {
      headers: { 'Idempotency-Key': idempotencyKey },
    }),
  applyPayment: (paymentId: number, applications: { invoiceId: number; amountCents: number }[]) =>
    apiClient.post(`/api/operation/payments/${paymentId}/apply`, { applications }, paymentResultSchema),
};

/** Applies the amount typed (in dollars) of a payment to one invoice; the server's message is the toast. */
export async function applyToInvoice(paymentId: number, invoiceId: number, typed: string): Promise<void> {
  const result = await invoiceCalls.applyPayment(paymentId, [{ invoiceId, amountCents: centsOf(typed) }]);
  publishToast(result.message);
  refreshBilling();
}
