// "Export CSV" of every row of a list's filters, for every area's lists: busy while the pages are read (the
// button counts them when the reader reports progress), the file saved, a failure an error toast ('Sorry,
// {thing} could not be exported. …'). With `rowNames`, a status line reads out how it goes. Leaving the page
// stops the export.
import { errorMessage, publishErrorToast, saveFile } from '@carelane/shared-session';
import { Button, Flex, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';

export type ExportCsvButtonProps = {
  /** What is exported, as the failure and the status line name it ('the unpaid visits'). */
  thing: string;
  /**
   * Makes the file to save (reads every page first, as fetchEveryPage does), reporting progress and stopping
   * when `signal` aborts; `rows` is how many rows the file holds.
   */
  file: (
    progress: (done: number, total: number) => void,
    signal: AbortSignal,
  ) => Promise<{ blob: Blob; fileName: string; rows?: number }>;
  /** A row's name for the status line ('invoice', 'invoices'); without it there is no status line. */
  rowNames?: { one: string; many: string };
};

const count = new Intl.NumberFormat('en-US');

export function ExportCsvButton({ thing, file, rowNames }: ExportCsvButtonProps) {
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [status, setStatus] = useState('');
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);

  const run = async () => {
    const controller = new AbortController();
    running.current = controller;
    setProgress({ done: 0, total: 0 });
    setStatus(`Exporting ${thing}…`);
    try {
      const made = await file((done, total) => {
        setProgress({ done, total });
        if (rowNames)
          setStatus(`Exporting: ${count.format(done)} of ${count.format(total)} ${rowNames.many}`);
      }, controller.signal);
      saveFile(made, made.fileName);
      const rows = made.rows ?? 0;
      setStatus(
        rowNames ? `Exported ${count.format(rows)} ${rows === 1 ? rowNames.one : rowNames.many}.` : '',
      );
    } catch (error) {
      if (controller.signal.aborted) return;
      setStatus('');
      publishErrorToast(errorMessage(error, thing, 'exported'));
    } finally {
      if (running.current === controller) running.current = null;
      setProgress(null);
    }
  };

  const button = (
    <Button loading={progress !== null} onClick={() => void run()}>
      {progress && progress.total > 0
        ? `Exporting ${count.format(progress.done)} of ${count.format(progress.total)}`
        : 'Export CSV'}
    </Button>
  );
  if (!rowNames) return button;
  return (
    <Flex vertical align="end" gap={2}>
      {button}
      <Typography.Text type="secondary" role="status" style={{ fontSize: 12 }}>
        {status}
      </Typography.Text>
    </Flex>
  );
}
