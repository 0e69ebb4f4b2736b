// Print all notes as the page calls it (issue 12): GET /api/notes/notesListForPrint, the approved notes of a
// service request or a patient in a date range, oldest first (at most PRINT_ALL_MAX_NOTES: beyond, a 400 whose
// text the page shows). The key starts with 'visit', so a visit's entityChanged event refreshes a cached answer.
import { notesForPrintSchema } from '@carelane/shared-domain';
import { apiClient } from '@carelane/shared-session';
import { queryOptions } from '@tanstack/react-query';

export type NotesForPrintFilters = {
  episodeId?: number;
  patientId?: number;
  startDate: string;
  endDate: string;
};

/** The notes to print; `signal` cancels the call (the page's Cancel button). */
export const fetchNotesForPrint = (filters: NotesForPrintFilters, signal?: AbortSignal) =>
  apiClient.get('/api/notes/notesListForPrint', notesForPrintSchema, { searchParams: filters, signal });

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
