// The print-all PDF built in a Web Worker (make-notes-pdf.ts starts it): jsPDF's final output() (serializing and
// deflating some 600 pages in one call) alone holds a thread for about a second, longer than a page may be held
// (issue 12: no task over 200 ms). One job per worker; the page cancels by terminating it. This entry keeps a fixed
// name, so it is served uncached and only loads the job, whose chunk carries a content hash.
import type { PrintJobEvent, PrintJobRequest } from './print-job';

type WorkerScope = {
  onmessage: ((event: MessageEvent<PrintJobRequest>) => void) | null;
  postMessage(message: PrintJobEvent): void;
};
const scope = globalThis as unknown as WorkerScope;

scope.onmessage = (event) => {
  const post = (message: PrintJobEvent) => scope.postMessage(message);
  import('./print-job')
    .then(({ runPrintJob }) => runPrintJob(event.data, post))
    .catch((error: unknown) =>
      post({ type: 'failed', message: error instanceof Error ? error.message : String(error) }),
    );
};
