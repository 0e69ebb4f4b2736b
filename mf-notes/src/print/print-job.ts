// One print-all PDF built from checked notes (notes-pdf.ts), reported note by note. It runs in the Web Worker
// (notes-pdf.worker.ts) and, where there is no Worker, on the page (make-notes-pdf.ts). The worker has no share
// scope, so nothing here may import the page's shared singletons (dayjs, React, shared-session…), directly or
// through shared-domain's formats (the notes are checked on the page, print-queries.ts).
import type { PrintableNote } from '@carelane/shared-domain';
import { buildNotesPdf } from './notes-pdf';

export type PrintJobRequest = {
  notes: readonly PrintableNote[];
  /** The moment printed in the footers, in ms since the epoch. */
  printedAt: number;
  compress?: boolean;
};

export type PrintJobEvent =
  | { type: 'progress'; done: number; total: number }
  | { type: 'done'; blob: Blob }
  | { type: 'failed'; message: string };

/** Builds the PDF, reporting 'progress' after each note, then 'done' (errors reject). */
export async function runPrintJob(
  { notes, printedAt, compress }: PrintJobRequest,
  report: (event: PrintJobEvent) => void,
  signal?: AbortSignal,
): Promise<void> {
  const blob = await buildNotesPdf(notes, {
    signal,
    printedAt: new Date(printedAt),
    ...(compress === undefined ? {} : { compress }),
    onProgress: (done, total) => report({ type: 'progress', done, total }),
  });
  report({ type: 'done', blob });
}
