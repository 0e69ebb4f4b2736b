// The goal phrase library as the templates page reads and writes it. The list shares its query key with the note
// form's goal builder (form-queries.ts), so a saved template is what the next goal is built from.
import {
  goalTemplateListSchema,
  goalTemplateSchema,
  type goalTemplateInputSchema,
  type GoalTemplate,
} from '@carelane/shared-domain';
import { apiClient } from '@carelane/shared-session';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';

/** What POST /api/notes/templates takes (PUT adds the version it was read at). */
export type GoalTemplateInput = z.output<typeof goalTemplateInputSchema>;

export const templateQueries = {
  list: () =>
    queryOptions({
      queryKey: ['goalTemplate', 'list'],
      queryFn: ({ signal }) => apiClient.get('/api/notes/templates', goalTemplateListSchema, { signal }),
    }),
};

export const templateCalls = {
  create: (input: GoalTemplateInput): Promise<GoalTemplate> =>
    apiClient.post('/api/notes/templates', input, goalTemplateSchema),
  update: (id: number, input: GoalTemplateInput & { version: number }): Promise<GoalTemplate> =>
    apiClient.put(`/api/notes/templates/${id}`, input, goalTemplateSchema),
};
