// The visit note as the page calls it: react-query options (keys start with 'visit', so a visit's entityChanged
// event refreshes them) and the note's saves and actions (issue 12; the contract is shared-domain's notes.ts).
import {
  NOTE_COMMENTS_PAGE_SIZE,
  noteActionResultSchema,
  noteCommentListSchema,
  noteCommentResultSchema,
  type noteCommentSchema,
  noteDetailSchema,
  noteEvvAcknowledgeResultSchema,
  noteRevisionDetailSchema,
  noteRevisionListSchema,
  noteSchema,
  type NoteSaveInput,
} from '@carelane/shared-domain';
import type { z } from 'zod';
import { apiClient } from '@carelane/shared-session';
import { queryOptions } from '@tanstack/react-query';

type NoteComment = z.infer<typeof noteCommentSchema>;
/** The comments API's largest page; at most this many pages are read for the fields' comments. */
const ALL_COMMENTS_PAGE_SIZE = 100;
const ALL_COMMENTS_MAX_PAGES = 10;

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
  /** Every comment of the note (newest first), for the comments under their fields and the reject reason. */
  allComments: (visitId: number) =>
    queryOptions({
      queryKey: ['visit', 'note', visitId, 'comments', 'all'],
      queryFn: async ({ signal }) => {
        const rows: NoteComment[] = [];
        for (let pageNumber = 1; pageNumber <= ALL_COMMENTS_MAX_PAGES; pageNumber += 1) {
          const page = await apiClient.get(`${notePath(visitId)}/comments`, noteCommentListSchema, {
            searchParams: { pageNumber, pageSize: ALL_COMMENTS_PAGE_SIZE },
            signal,
          });
          rows.push(...page.rows);
          if (pageNumber >= page.paging.pageCount || page.rows.length < ALL_COMMENTS_PAGE_SIZE) break;
        }
        return rows;
      },
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
  save: (visitId: number, input: NoteSaveInput, options: { keepalive?: boolean } = {}) =>
    apiClient.put(notePath(visitId), input, noteSchema, options),
  act: (visitId: number, action: NoteAction, version: number) =>
    apiClient.post(`${notePath(visitId)}/${action}`, { version }, noteActionResultSchema),
  reject: (visitId: number, version: number, reason: string) =>
    apiClient.post(`${notePath(visitId)}/reject`, { version, reason }, noteActionResultSchema),
  comment: (visitId: number, fieldId: string | null, text: string) =>
    apiClient.post(`${notePath(visitId)}/comments`, { fieldId, text }, noteCommentResultSchema),
  acknowledgeEvvFlags: (visitId: number, flagIds: number[]) =>
    apiClient.post(`${notePath(visitId)}/evvFlags/acknowledge`, { flagIds }, noteEvvAcknowledgeResultSchema),
};
