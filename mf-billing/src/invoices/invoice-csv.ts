// The CSV export of the invoice list: every page of the current filters (read 500 at a time, the progress
// reported after each), written with shared-domain's toCsv (formula-safe cells). Money as formatCents writes it;
// dates as the API's ISO days, which every spreadsheet reads as dates.
import { CSV_BOM, CSV_CONTENT_TYPE, formatCents, toCsv, type Invoice } from '@carelane/shared-domain';
import { INVOICE_STATUS_LABELS, PAYMENT_STATUS_LABELS } from './invoice-labels';
import { invoiceCalls, type InvoiceFilters } from './invoice-queries';

export const EXPORT_PAGE_SIZE = 500;

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
      row.issuedOn,
      row.dueOn,
      row.periodStart,
      row.periodEnd,
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

/**
 * Every invoice of the filters, page after page. An invoice issued while the export runs pushes the others one
 * place down: one seen twice is kept once.
 */
export async function fetchAllInvoices(
  filters: Omit<InvoiceFilters, 'pageNumber' | 'pageSize'>,
  onProgress: (done: number, total: number) => void,
  signal?: AbortSignal,
): Promise<Invoice[]> {
  const byId = new Map<number, Invoice>();
  for (let pageNumber = 1; ; pageNumber += 1) {
    const page = await invoiceCalls.page({ ...filters, pageNumber, pageSize: EXPORT_PAGE_SIZE }, signal);
    for (const row of page.rows) byId.set(row.id, row);
    onProgress(byId.size, Math.max(page.paging.totalCount, byId.size));
    if (page.rows.length < EXPORT_PAGE_SIZE || pageNumber >= page.paging.pageCount) break;
  }
  return [...byId.values()];
}

/** The file to save: UTF-8 with a byte order mark, so Excel reads names with accents right. */
export function invoiceCsvFile(rows: readonly Invoice[], range: { startDate: string; endDate: string }) {
  return {
    blob: new Blob([CSV_BOM, invoiceCsv(rows)], { type: CSV_CONTENT_TYPE }),
    fileName: `invoices-${range.startDate}-to-${range.endDate}.csv`,
  };
}
