// React-query options of message templates (docs/decisions/063-message-templates.md). Every key starts with
// 'messageTemplate', the entity the server announces when a template is saved, so the shared cache's
// entityChanged invalidation refetches the list when another user saves.
import { messageTemplateListSchema, type MessageTemplatePurpose } from '@carelane/shared-domain';
import { apiClient } from '@carelane/shared-session';
import { queryOptions } from '@tanstack/react-query';

export const TEMPLATE_ENTITY = 'messageTemplate';

export const templateQueries = {
  list: (purpose: MessageTemplatePurpose) =>
    queryOptions({
      queryKey: [TEMPLATE_ENTITY, 'list', purpose],
      queryFn: ({ signal }) =>
        apiClient.get('/api/admin/messageTemplates', messageTemplateListSchema, {
          searchParams: { purpose },
          signal,
        }),
    }),
};
