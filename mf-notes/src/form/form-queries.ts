// What the note form asks the API for: the goal phrase library and ICD-10 code searches.
import { goalTemplateListSchema, icdCodeListSchema } from '@carelane/shared-domain';
import { apiClient } from '@carelane/shared-session';
import { LOOKUP_STALE_TIME } from '@carelane/shared-ui';
import { queryOptions } from '@tanstack/react-query';

export const formQueries = {
  /** The goal phrase library (administrators edit it; it changes rarely). */
  templates: () =>
    queryOptions({
      queryKey: ['goalTemplate', 'list'],
      queryFn: ({ signal }) => apiClient.get('/api/notes/templates', goalTemplateListSchema, { signal }),
      staleTime: LOOKUP_STALE_TIME,
      retry: false,
    }),
  /** ICD-10 codes by code prefix or words. */
  icdCodes: (q: string) =>
    queryOptions({
      queryKey: ['icdCode', 'search', q],
      queryFn: ({ signal }) =>
        apiClient.get('/api/notes/icdCodes', icdCodeListSchema, { searchParams: { q, limit: 20 }, signal }),
      enabled: q.trim().length > 0,
      staleTime: 60 * 60_000,
      placeholderData: (previous) => previous,
    }),
};
