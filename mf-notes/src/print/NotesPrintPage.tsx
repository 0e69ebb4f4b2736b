// /notesPrint (issue 12): print all approved notes of a service request (?episodeId=) or a patient (?patientId=)
// in a date range (?startDate=&endDate=, visit completion −60 days to today by default, SPEC §9) as ONE PDF made
// in the browser. 'Print all notes' sets printAllNotesStarted, asks notesListForPrint (the notes checked a slice at
// a time), then builds the PDF note by note in a Web Worker (make-notes-pdf.ts, loaded on demand; on the page,
// yielding between notes, where there is no Worker) so the page stays responsive, with a progress bar ("n of N
// notes"), a Cancel button, and at the end a download link named after the patient and the dates. Nothing opens
// by itself. Over PRINT_ALL_MAX_NOTES the server answers 400 and its text is shown.
import { defaultDateRange, formatDate, isoDateSchema, PRINT_ALL_MAX_NOTES } from '@carelane/shared-domain';
import { canOpen, errorMessage, useSession, useUrlState } from '@carelane/shared-session';
import { AreaLink, DateRangeFilter, EmptyState, PageFrame } from '@carelane/shared-ui';
import { Alert, Button, Flex, InputNumber, Progress, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useRef, useState } from 'react';
import { z } from 'zod';
import { PatientPicker } from '../notes-list/note-pickers';
import { fetchNotesToPrint, type NotesForPrintFilters } from './print-queries';

const id = z.coerce.number().int().positive().optional();
const paramsSchema = z.object({
  episodeId: id,
  patientId: id,
  startDate: isoDateSchema.optional(),
  endDate: isoDateSchema.optional(),
});

const iso = (date: Date) => dayjs(date).format('YYYY-MM-DD');
const day = (date: string) => formatDate(`${date}T00:00:00`);

/** Where a print-all run is. */
export type PrintRun =
  | { phase: 'idle' }
  | { phase: 'fetching' }
  | { phase: 'building'; done: number; total: number }
  | { phase: 'done'; total: number; url: string | null; fileName: string | null }
  | { phase: 'cancelled' }
  | { phase: 'failed'; message: string };

const isAbort = (error: unknown) => (error as { name?: unknown } | null)?.name === 'AbortError';

/** The print's filters: the URL's, with the −60..0 days default range. */
export function printFilters(
  params: z.output<typeof paramsSchema>,
  now: Date = new Date(),
): NotesForPrintFilters {
  const range = defaultDateRange('visitCompletion', now);
  return {
    ...(params.episodeId ? { episodeId: params.episodeId } : { patientId: params.patientId }),
    startDate: params.startDate ?? iso(range.start),
    endDate: params.endDate ?? iso(range.end),
  };
}

function whatIsPrinted(filters: NotesForPrintFilters): string {
  const of = filters.episodeId ? `service request #${filters.episodeId}` : `patient #${filters.patientId}`;
  return `Every approved note of ${of} with a date of service from ${day(filters.startDate)} to ${day(
    filters.endDate,
  )}, oldest first, in one PDF (at most ${PRINT_ALL_MAX_NOTES} notes).`;
}

/**
 * A print-all run: fetching the notes, then building the PDF; `started` while one goes on. The PDF's object URL
 * lives until the next run or the page closes; a run in progress stops with the page.
 */
function usePrintRun(filters: NotesForPrintFilters) {
  const [started, setStarted] = useState(false);
  const [run, setRun] = useState<PrintRun>({ phase: 'idle' });
  const controller = useRef<AbortController | null>(null);
  const fileUrl = run.phase === 'done' ? run.url : null;

  useEffect(() => () => controller.current?.abort(), []);
  useEffect(() => (fileUrl ? () => URL.revokeObjectURL(fileUrl) : undefined), [fileUrl]);

  const printAll = async () => {
    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    setStarted(true);
    setRun({ phase: 'fetching' });
    try {
      const rows = await fetchNotesToPrint(filters, abort.signal);
      if (abort.signal.aborted) return;
      if (rows.length === 0) {
        setRun({ phase: 'done', total: 0, url: null, fileName: null });
        return;
      }
      setRun({ phase: 'building', done: 0, total: rows.length });
      const { makeNotesPdf, notesPdfFileName } = await import('./make-notes-pdf');
      const blob = await makeNotesPdf(rows, {
        signal: abort.signal,
        onProgress: (done, total) => {
          if (!abort.signal.aborted) setRun({ phase: 'building', done, total });
        },
      });
      if (abort.signal.aborted) return;
      setRun({
        phase: 'done',
        total: rows.length,
        url: URL.createObjectURL(blob),
        fileName: notesPdfFileName(rows[0]!.visit.patientName, filters.startDate, filters.endDate),
      });
    } catch (error) {
      // Cancel (or leaving the page) has already said so; a newer run owns the state now.
      if (abort.signal.aborted) return;
      if (isAbort(error)) {
        setRun({ phase: 'cancelled' });
        return;
      }
      setRun({ phase: 'failed', message: errorMessage(error, 'the notes', 'printed') });
    } finally {
      if (controller.current === abort) {
        controller.current = null;
        setStarted(false);
      }
    }
  };

  const cancel = () => {
    controller.current?.abort();
    controller.current = null;
    setStarted(false);
    setRun({ phase: 'cancelled' });
  };

  const forget = () => setRun({ phase: 'idle' });

  return { run, started, printAll, cancel, forget };
}

function progressTextOf(run: PrintRun): string {
  switch (run.phase) {
    case 'fetching':
      return 'Getting the approved notes…';
    case 'building':
      return `${run.done} of ${run.total} notes`;
    case 'done':
      return run.total === 0
        ? 'There are no approved notes in this range.'
        : `${run.total} of ${run.total} notes — the PDF is ready.`;
    case 'cancelled':
      return 'Printing was cancelled.';
    default:
      return '';
  }
}

function PrintRunView({
  filters,
  run,
  started,
  onPrint,
  onCancel,
}: {
  filters: NotesForPrintFilters;
  run: PrintRun;
  started: boolean;
  onPrint: () => void;
  onCancel: () => void;
}) {
  const percent = run.phase === 'building' && run.total > 0 ? Math.round((run.done / run.total) * 100) : 0;
  const progressText = progressTextOf(run);
  return (
    <Flex vertical gap={12}>
      <Typography.Paragraph style={{ margin: 0 }}>{whatIsPrinted(filters)}</Typography.Paragraph>
      <Flex gap={8} wrap>
        <Button type="primary" onClick={onPrint} disabled={started} aria-busy={started || undefined}>
          Print all notes
        </Button>
        {started ? <Button onClick={onCancel}>Cancel</Button> : null}
      </Flex>
      {run.phase === 'building' || run.phase === 'fetching' ? (
        <Progress
          percent={percent}
          status="active"
          aria-label="Notes printed"
          aria-valuetext={progressText}
          showInfo={false}
        />
      ) : null}
      <div role="status" aria-live="polite" className="notes-print-progress">
        {progressText}
      </div>
      {run.phase === 'failed' ? <Alert type="error" showIcon title={run.message} role="alert" /> : null}
      {run.phase === 'done' && run.url && run.fileName ? (
        <Flex gap={8} align="center" wrap>
          <Button type="primary" href={run.url} download={run.fileName}>
            {`Download ${run.fileName}`}
          </Button>
        </Flex>
      ) : null}
    </Flex>
  );
}

export default function NotesPrintPage() {
  const session = useSession();
  const [params, setParams] = useUrlState(paramsSchema);
  const filters = printFilters(params);
  const chosen = filters.episodeId !== undefined || filters.patientId !== undefined;
  const { run, started: printAllNotesStarted, printAll, cancel, forget } = usePrintRun(filters);

  /** A new choice forgets the last PDF. */
  const change = (update: Parameters<typeof setParams>[0]) => {
    if (printAllNotesStarted) return;
    forget();
    setParams(update);
  };

  return (
    <PageFrame title="Print notes" actions={<AreaLink to="/notes">Visit notes</AreaLink>}>
      <Flex vertical gap={16} style={{ maxWidth: 720 }}>
        <section aria-labelledby="notes-print-what">
          <Typography.Title level={2} id="notes-print-what" style={{ fontSize: 18, marginTop: 0 }}>
            Notes to print
          </Typography.Title>
          <Flex gap={8} wrap align="start">
            <InputNumber<number>
              aria-label="Service request number"
              placeholder="Service request #"
              min={1}
              value={params.episodeId}
              disabled={printAllNotesStarted}
              onChange={(value) => change({ episodeId: value ?? null })}
              style={{ width: 170 }}
            />
            {canOpen(session, 'patients') ? (
              <PatientPicker
                aria-label="Patient"
                placeholder="Patient"
                allowClear
                value={params.patientId}
                disabled={printAllNotesStarted || params.episodeId !== undefined}
                onChange={(value?: number) => change({ patientId: value ?? null })}
                style={{ width: 240 }}
              />
            ) : null}
            <DateRangeFilter
              label="Dates of service"
              value={{ start: dayjs(filters.startDate).toDate(), end: dayjs(filters.endDate).toDate() }}
              disabled={printAllNotesStarted}
              onChange={(next) => change({ startDate: iso(next.start), endDate: iso(next.end) })}
            />
          </Flex>
        </section>
        {!chosen ? (
          <EmptyState
            title="Choose a service request or a patient"
            description="Print all notes makes one PDF of the approved notes of one service request or one patient."
          />
        ) : (
          <PrintRunView
            filters={filters}
            run={run}
            started={printAllNotesStarted}
            onPrint={() => void printAll()}
            onCancel={cancel}
          />
        )}
      </Flex>
    </PageFrame>
  );
}
