// The notes list as the page calls it (issue 12): react-query options whose keys start with 'visit' (a note's
// status is its visit's status, so a visit's entityChanged event refreshes the list), and the lookups its
// clinician and patient filters pick from (the existing admin endpoints; organizations: shared-ui's lookupQueries).
import {
  ALL_PROVIDER_STATUSES,
  noteListSchema,
  patientListResponseSchema,
  patientSchema,
  providerListResponseSchema,
  type NotesListQuery,
} from '@carelane/shared-domain';
import { apiClient } from '@carelane/shared-session';
import { LOOKUP_STALE_TIME } from '@carelane/shared-ui';
import { queryOptions } from '@tanstack/react-query';

/** The list's filters as GET /api/notes/notes reads them (notesListQuerySchema). */
export type NoteListFilters = {
  status: NotesListQuery['status'];
  providerId?: number;
  patientId?: number;
  referralSourceId?: number;
  episodeId?: number;
  startDate: string;
  endDate: string;
  pageNumber: number;
  pageSize: number;
};

export const noteListQueries = {
  /** The notes list; the server decides whose (a clinician's own, an organization's approved ones). */
  list: (filters: NoteListFilters) =>
    queryOptions({
      queryKey: ['visit', 'notes', 'list', filters],
      queryFn: ({ signal }) =>
        apiClient.get('/api/notes/notes', noteListSchema, { searchParams: filters, signal }),
      placeholderData: (previous) => previous,
    }),
};

/** The filters' pickers: searched on the server, 20 at a time. */
export const noteLookupQueries = {
  patients: (search: string) =>
    queryOptions({
      queryKey: ['patient', 'lookup', 'notes', search],
      queryFn: ({ signal }) =>
        apiClient.get('/api/admin/patients', patientListResponseSchema, {
          searchParams: { search: search || undefined, status: 'ALL', pageSize: 20 },
          signal,
        }),
      placeholderData: (previous) => previous,
    }),
  patient: (id: number) =>
    queryOptions({
      queryKey: ['patient', 'one', id],
      queryFn: ({ signal }) => apiClient.get(`/api/admin/patients/${id}`, patientSchema, { signal }),
      staleTime: LOOKUP_STALE_TIME,
    }),
  clinicians: (search: string) =>
    queryOptions({
      queryKey: ['provider', 'lookup', 'notes', search],
      queryFn: ({ signal }) =>
        apiClient.get('/api/admin/providers', providerListResponseSchema, {
          searchParams: {
            search: search || undefined,
            providerStatusId: ALL_PROVIDER_STATUSES,
            pageSize: 20,
          },
          signal,
        }),
      placeholderData: (previous) => previous,
    }),
};
