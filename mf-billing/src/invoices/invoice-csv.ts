// The CSV export of the invoice list: every page of the current filters (read 500 at a time, the progress
// reported after each), written with shared-domain's toCsv (formula-safe cells). Money as formatCents writes it;
// dates as SPEC §5's M/D/YYYY (showDay), which spreadsheets read as dates too.
import { formatCents, toCsv, type Invoice } from '@carelane/shared-domain';
import { csvFile, fetchEveryPage } from '@carelane/shared-ui';
import { showDay } from '../common/billing-dates';
import { INVOICE_STATUS_LABELS, PAYMENT_STATUS_LABELS } from './invoice-labels';
import { invoiceCalls, type InvoiceFilters } from './invoice-queries';

export const INVOICE_CSV_HEADER = [
  'Number',
  'Organization',
  'Issued',
  'Due',
  'Period start',
  'Period end',
  'Lines',
  'Subtotal',
  'Service tax',
  'Total',
  'Paid',
  'Credited',
  'Balance',
  'Status',
  'Payment status',
] as const;

export function invoiceCsv(rows: readonly Invoice[]): string {
  return toCsv([
    INVOICE_CSV_HEADER,
    ...rows.map((row) => [
      row.number,
      row.organizationName,
      showDay(row.issuedOn),
      showDay(row.dueOn),
      showDay(row.periodStart),
      showDay(row.periodEnd),
      row.lineCount,
      formatCents(row.subtotalCents),
      formatCents(row.serviceTaxCents),
      formatCents(row.totalCents),
      formatCents(row.paidCents),
      formatCents(row.creditedCents),
      formatCents(row.balanceCents),
      INVOICE_STATUS_LABELS[row.status],
      PAYMENT_STATUS_LABELS[row.paymentStatus],
    ]),
  ]);
}

/** Every invoice of the filters, page after page (fetchEveryPage). */
export function fetchAllInvoices(
  filters: Omit<InvoiceFilters, 'pageNumber' | 'pageSize'>,
  onProgress: (done: number, total: number) => void,
  signal?: AbortSignal,
): Promise<Invoice[]> {
  return fetchEveryPage(
    (pageNumber, pageSize) => invoiceCalls.page({ ...filters, pageNumber, pageSize }, signal),
    (row) => row.id,
    onProgress,
  );
}

export function invoiceCsvFile(rows: readonly Invoice[], range: { startDate: string; endDate: string }) {
  return csvFile(invoiceCsv(rows), `invoices-${range.startDate}-to-${range.endDate}.csv`);
}
