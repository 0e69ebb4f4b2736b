// Print all notes as the page calls it (issue 12): GET /api/notes/notesListForPrint, the approved notes of a
// service request or a patient in a date range, oldest first (at most PRINT_ALL_MAX_NOTES: beyond, a 400 whose
// text the page shows). The key starts with 'visit', so a visit's entityChanged event refreshes a cached answer.
import { notesForPrintSchema, printableNoteSchema, type PrintableNote } from '@carelane/shared-domain';
import { ApiCallError, apiClient } from '@carelane/shared-session';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { yieldToEventLoop } from './yield-to-event-loop';

export type NotesForPrintFilters = {
  episodeId?: number;
  patientId?: number;
  startDate: string;
  endDate: string;
};

const PRINT_PATH = '/api/notes/notesListForPrint';

/** The notes to print; `signal` cancels the call (the page's Cancel button). */
export const fetchNotesForPrint = (filters: NotesForPrintFilters, signal?: AbortSignal) =>
  apiClient.get(PRINT_PATH, notesForPrintSchema, { searchParams: filters, signal });

/** Checking yields to the event loop after this long (ms). */
const CHECK_SLICE_MS = 20;

/**
 * The same notes, each checked with printableNoteSchema a slice at a time: checking 200 notes with their
 * definitions in one call held the page for 300–800 ms (bench/notes-frontend.mjs). A note that fails the check
 * fails the call as apiClient would (an invalid-response ApiCallError).
 */
export async function fetchNotesToPrint(
  filters: NotesForPrintFilters,
  signal?: AbortSignal,
): Promise<PrintableNote[]> {
  const { rows } = await apiClient.get(PRINT_PATH, z.object({ rows: z.array(z.unknown()) }), {
    searchParams: filters,
    signal,
  });
  const notes: PrintableNote[] = [];
  let sliceStart = performance.now();
  for (const [index, row] of rows.entries()) {
    const parsed = printableNoteSchema.safeParse(row);
    if (!parsed.success)
      throw new ApiCallError({
        kind: 'invalid-response',
        status: 200,
        code: 'INVALID_RESPONSE',
        body: row,
        text: '',
        message: `Unexpected answer from GET ${PRINT_PATH}: rows[${index}]: ${parsed.error.message}`,
        cause: parsed.error,
      });
    notes.push(parsed.data);
    if (performance.now() - sliceStart > CHECK_SLICE_MS) {
      await yieldToEventLoop();
      signal?.throwIfAborted();
      sliceStart = performance.now();
    }
  }
  return notes;
}

export const printQueries = {
  notesForPrint: (filters: NotesForPrintFilters) =>
    queryOptions({
      queryKey: ['visit', 'notesForPrint', filters],
      queryFn: ({ signal }) => fetchNotesForPrint(filters, signal),
      // Every print asks again: notes approved a minute ago belong in the PDF.
      staleTime: 0,
      retry: false,
    }),
};
