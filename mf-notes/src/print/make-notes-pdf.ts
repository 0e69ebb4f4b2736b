// The page's side of print all (issue 12): the PDF is built in a Web Worker (print-job.ts), so the page stays
// responsive however long jsPDF takes, its final output() included; the worker's messages drive the progress bar.
// Where there is no Worker (jsdom) or it cannot start, the same job runs on the page, yielding between notes.
import type { PrintableNote } from '@carelane/shared-domain';
import { runPrintJob, type PrintJobEvent, type PrintJobRequest } from './print-job';

export { notesPdfFileName } from './notes-pdf';

export type MakeNotesPdfOptions = {
  /** Aborting it stops the build (the worker is terminated); the promise then rejects with an AbortError. */
  signal?: AbortSignal;
  printedAt?: Date;
  compress?: boolean;
  /** After each note: (notes done, notes in all), 1..N. */
  onProgress?: (done: number, total: number) => void;
};

/** The worker, or null where the browser has none or refuses to start it. */
export function startNotesPdfWorker(): Worker | null {
  if (typeof Worker !== 'function') return null;
  try {
    return new Worker(
      /* webpackChunkName: "notes-pdf-worker" */
      // A fixed name: a hash in a worker entry's name fails the build (webpack 5.111 with Module Federation's
      // runtime, module-federation/core#5077).
      /* webpackEntryOptions: { filename: "[name].js" } */
      new URL('./notes-pdf.worker.ts', import.meta.url),
      { name: 'notes-pdf' },
    );
  } catch {
    return null;
  }
}

const abortError = () => new DOMException('The PDF was cancelled.', 'AbortError');

/** Resolves with the PDF, or with null when the worker failed before its first message (the page takes over). */
function inWorker(
  worker: Worker,
  request: PrintJobRequest,
  options: MakeNotesPdfOptions,
): Promise<Blob | null> {
  const { signal } = options;
  return new Promise<Blob | null>((resolve, reject) => {
    let heard = false;
    const finish = () => {
      worker.terminate();
      signal?.removeEventListener('abort', onAbort);
    };
    const onAbort = () => {
      finish();
      reject(abortError());
    };
    worker.onmessage = (message: MessageEvent<PrintJobEvent>) => {
      heard = true;
      if (signal?.aborted) return;
      const event = message.data;
      if (event.type === 'progress') {
        options.onProgress?.(event.done, event.total);
        return;
      }
      finish();
      if (event.type === 'done') resolve(event.blob);
      else reject(new Error(event.message));
    };
    worker.onerror = (error) => {
      error.preventDefault();
      finish();
      if (heard) reject(new Error(error.message || 'The PDF could not be made.'));
      else resolve(null);
    };
    if (signal?.aborted) {
      onAbort();
      return;
    }
    signal?.addEventListener('abort', onAbort);
    worker.postMessage(request);
  });
}

async function inThread(request: PrintJobRequest, options: MakeNotesPdfOptions): Promise<Blob> {
  let blob: Blob | null = null;
  await runPrintJob(
    request,
    (event) => {
      if (event.type === 'progress') options.onProgress?.(event.done, event.total);
      else if (event.type === 'done') blob = event.blob;
    },
    options.signal,
  );
  return blob!;
}

/** One PDF of the notes (checked, in order), made in a worker where there is one. */
export async function makeNotesPdf(
  notes: readonly PrintableNote[],
  options: MakeNotesPdfOptions = {},
): Promise<Blob> {
  const request: PrintJobRequest = {
    notes,
    printedAt: (options.printedAt ?? new Date()).getTime(),
    ...(options.compress === undefined ? {} : { compress: options.compress }),
  };
  const worker = startNotesPdfWorker();
  const made = worker ? await inWorker(worker, request, options) : null;
  return made ?? inThread(request, options);
}
