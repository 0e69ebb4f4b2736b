// "Export CSV": every invoice of the current filters, read 500 at a time (shared-ui's ExportCsvButton: the
// button says how far it got and a status line reads it out; leaving the page stops the export).
import { ExportCsvButton } from '@carelane/shared-ui';
import { fetchAllInvoices, invoiceCsvFile } from './invoice-csv';
import type { InvoiceFilters } from './invoice-queries';

export function ExportInvoicesButton({
  filters,
}: {
  filters: Omit<InvoiceFilters, 'pageNumber' | 'pageSize'>;
}) {
  return (
    <ExportCsvButton
      thing="the invoices"
      rowNames={{ one: 'invoice', many: 'invoices' }}
      file={async (progress, signal) => {
        const rows = await fetchAllInvoices(filters, progress, signal);
        return { ...invoiceCsvFile(rows, filters), rows: rows.length };
      }}
    />
  );
}
