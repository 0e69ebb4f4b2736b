// Print all's PDF (print-job.ts) on the page where there is no Worker, and through a worker: the messages, the
// progress, cancel (the worker terminated), a failure, a worker that cannot start (the page takes over).
import { makeNotesPdf } from './make-notes-pdf';
import { runPrintJob, type PrintJobEvent, type PrintJobRequest } from './print-job';
import { printable } from './print-fixtures';
import type { PrintableNote } from '@carelane/shared-domain';

jest.setTimeout(60_000);

const notes = [printable(1, 'Doe, Jane'), printable(2, 'Doe, Jane'), printable(3, 'Doe, Jane')];

function bytes(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(Buffer.from(reader.result as ArrayBuffer).toString('latin1'));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}

/** A stand-in Worker running the job in this thread and answering by messages, as the real one does. */
class FakeWorker {
  static made: FakeWorker[] = [];
  static failToStart = false;
  onmessage: ((event: MessageEvent<PrintJobEvent>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  terminated = false;
  readonly url: string;
  constructor(url: URL) {
    this.url = String(url);
    FakeWorker.made.push(this);
  }
  postMessage(request: PrintJobRequest) {
    if (FakeWorker.failToStart) {
      setTimeout(() =>
        this.onerror?.(
          Object.assign(new Event('error'), { message: 'Failed to load' }) as unknown as ErrorEvent,
        ),
      );
      return;
    }
    const post = (data: PrintJobEvent) =>
      setTimeout(() => {
        if (!this.terminated) this.onmessage?.({ data } as MessageEvent<PrintJobEvent>);
      });
    runPrintJob(request, post).catch((error: Error) => post({ type: 'failed', message: error.message }));
  }
  terminate() {
    this.terminated = true;
  }
}

describe('makeNotesPdf without a Worker (jsdom)', () => {
  it('builds the PDF on the page, reporting each note', async () => {
    expect(typeof Worker).toBe('undefined');
    const progress: [number, number][] = [];
    const blob = await makeNotesPdf(notes, {
      compress: false,
      onProgress: (done, total) => progress.push([done, total]),
    });
    expect(progress).toEqual([
      [1, 3],
      [2, 3],
      [3, 3],
    ]);
    const pdf = await bytes(blob);
    expect(pdf.startsWith('%PDF-')).toBe(true);
    expect(pdf).toContain('(Doe, Jane) Tj');
  });
});

describe('makeNotesPdf with a Worker', () => {
  beforeEach(() => {
    FakeWorker.made = [];
    FakeWorker.failToStart = false;
    (globalThis as { Worker?: unknown }).Worker = FakeWorker;
  });
  afterEach(() => {
    delete (globalThis as { Worker?: unknown }).Worker;
  });

  it('builds the PDF in the worker, follows its messages and ends it', async () => {
    const progress: number[] = [];
    const blob = await makeNotesPdf(notes, { onProgress: (done) => progress.push(done) });
    expect(FakeWorker.made).toHaveLength(1);
    expect(FakeWorker.made[0]!.url).toMatch(/notes-pdf\.worker\.ts$/);
    expect(progress).toEqual([1, 2, 3]);
    expect((await bytes(blob)).startsWith('%PDF-')).toBe(true);
    expect(FakeWorker.made[0]!.terminated).toBe(true);
  });

  it('terminates the worker when cancelled and rejects with an AbortError', async () => {
    const controller = new AbortController();
    const many = Array.from({ length: 30 }, (_, i) => printable((i % 9) + 1, `Patient ${i}`));
    const progress: number[] = [];
    const build = makeNotesPdf(many, {
      signal: controller.signal,
      onProgress: (done) => {
        progress.push(done);
        if (done === 2) controller.abort();
      },
    });
    await expect(build).rejects.toMatchObject({ name: 'AbortError' });
    expect(FakeWorker.made[0]!.terminated).toBe(true);
    expect(progress).toEqual([1, 2]);
  });

  it('reports the failure the worker sends', async () => {
    const broken = { ...notes[0]!, definition: null } as unknown as PrintableNote;
    await expect(makeNotesPdf([broken])).rejects.toThrow(/^Cannot read properties of null/);
    expect(FakeWorker.made[0]!.terminated).toBe(true);
  });

  it('builds on the page when the worker cannot start', async () => {
    FakeWorker.failToStart = true;
    const progress: number[] = [];
    const blob = await makeNotesPdf(notes, { onProgress: (done) => progress.push(done) });
    expect(FakeWorker.made[0]!.terminated).toBe(true);
    expect(progress).toEqual([1, 2, 3]);
    expect((await bytes(blob)).startsWith('%PDF-')).toBe(true);
  });
});

describe('the worker script', () => {
  it('runs the job it is sent and posts its events', async () => {
    const posted: PrintJobEvent[] = [];
    const scope = globalThis as unknown as {
      onmessage: ((event: { data: PrintJobRequest }) => void) | null;
      postMessage: unknown;
    };
    const [onmessage, postMessage] = [scope.onmessage, scope.postMessage];
    const done = new Promise<void>((resolve) => {
      scope.postMessage = (event: PrintJobEvent) => {
        posted.push(event);
        if (event.type === 'done' || event.type === 'failed') resolve();
      };
    });
    try {
      await jest.isolateModulesAsync(async () => {
        await import('./notes-pdf.worker');
      });
      scope.onmessage!({ data: { notes: notes.slice(0, 2), printedAt: Date.now() } });
      await done;
    } finally {
      Object.assign(scope, { onmessage, postMessage });
    }
    expect(posted.map((event) => event.type)).toEqual(['progress', 'progress', 'done']);
    expect(posted[0]).toEqual({ type: 'progress', done: 1, total: 2 });
    expect(posted.at(-1)).toMatchObject({ type: 'done', blob: expect.any(Blob) });
  });
});
