// The visit note as the page calls it: react-query options (keys start with 'visit', so a visit's entityChanged
// event refreshes them) and the note's saves and actions (issue 12; the contract is shared-domain's notes.ts).
import {
  NOTE_COMMENTS_PAGE_SIZE,
  noteActionResultSchema,
  noteCommentListSchema,
  noteCommentSchema,
  noteDetailSchema,
  noteRevisionDetailSchema,
  noteRevisionListSchema,
  noteSchema,
  type NoteSaveInput,
} from '@carelane/shared-domain';
import { apiClient } from '@carelane/shared-session';
import { queryOptions } from '@tanstack/react-query';

export const notePath = (visitId: number) => `/api/notes/visits/${visitId}/note`;

export const noteQueries = {
  detail: (visitId: number) =>
    queryOptions({
      queryKey: ['visit', 'note', visitId],
      queryFn: ({ signal }) => apiClient.get(notePath(visitId), noteDetailSchema, { signal }),
    }),
  comments: (visitId: number, pageNumber: number) =>
    queryOptions({
      queryKey: ['visit', 'note', visitId, 'comments', pageNumber],
      queryFn: ({ signal }) =>
        apiClient.get(`${notePath(visitId)}/comments`, noteCommentListSchema, {
          searchParams: { pageNumber, pageSize: NOTE_COMMENTS_PAGE_SIZE },
          signal,
        }),
      placeholderData: (previous) => previous,
    }),
  revisions: (visitId: number) =>
    queryOptions({
      queryKey: ['visit', 'note', visitId, 'revisions'],
      queryFn: ({ signal }) =>
        apiClient.get(`${notePath(visitId)}/revisions`, noteRevisionListSchema, { signal }),
    }),
  revision: (visitId: number, version: number) =>
    queryOptions({
      queryKey: ['visit', 'note', visitId, 'revisions', version],
      queryFn: ({ signal }) =>
        apiClient.get(`${notePath(visitId)}/revisions/${version}`, noteRevisionDetailSchema, { signal }),
      staleTime: Infinity,
    }),
};

export type NoteAction = 'submit' | 'approve' | 'reopen';

export const noteCalls = {
  save: (visitId: number, input: NoteSaveInput) => apiClient.put(notePath(visitId), input, noteSchema),
  act: (visitId: number, action: NoteAction, version: number) =>
    apiClient.post(`${notePath(visitId)}/${action}`, { version }, noteActionResultSchema),
  reject: (visitId: number, version: number, reason: string) =>
    apiClient.post(`${notePath(visitId)}/reject`, { version, reason }, noteActionResultSchema),
  comment: (visitId: number, fieldId: string | null, text: string) =>
    apiClient.post(`${notePath(visitId)}/comments`, { fieldId, text }, noteCommentSchema),
};
