// "Export CSV": every invoice of the current filters, read 500 at a time; the button says how far it got and a
// status line reads it out. Leaving the page stops the export.
import { errorMessage, publishErrorToast, saveFile } from '@carelane/shared-session';
import { Button, Flex, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { fetchAllInvoices, invoiceCsvFile } from './invoice-csv';
import type { InvoiceFilters } from './invoice-queries';

const count = new Intl.NumberFormat('en-US');

export function ExportInvoicesButton({
  filters,
}: {
  filters: Omit<InvoiceFilters, 'pageNumber' | 'pageSize'>;
}) {
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [status, setStatus] = useState('');
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);

  const run = async () => {
    const controller = new AbortController();
    running.current = controller;
    setProgress({ done: 0, total: 0 });
    setStatus('Exporting the invoices…');
    try {
      const rows = await fetchAllInvoices(
        filters,
        (done, total) => {
          setProgress({ done, total });
          setStatus(`Exporting: ${count.format(done)} of ${count.format(total)} invoices`);
        },
        controller.signal,
      );
      saveFile(invoiceCsvFile(rows, filters), 'invoices.csv');
      setStatus(`Exported ${count.format(rows.length)} ${rows.length === 1 ? 'invoice' : 'invoices'}.`);
    } catch (error) {
      if (controller.signal.aborted) return;
      setStatus('');
      publishErrorToast(errorMessage(error, 'the invoices', 'exported'));
    } finally {
      if (running.current === controller) running.current = null;
      setProgress(null);
    }
  };

  return (
    <Flex vertical align="end" gap={2}>
      <Button onClick={() => void run()} loading={progress !== null}>
        {progress && progress.total > 0
          ? `Exporting ${count.format(progress.done)} of ${count.format(progress.total)}`
          : 'Export CSV'}
      </Button>
      <Typography.Text type="secondary" role="status" style={{ fontSize: 12 }}>
        {status}
      </Typography.Text>
    </Flex>
  );
}
