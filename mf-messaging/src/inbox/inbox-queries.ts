// React-query options and URL filters of the inbox (docs/decisions/062-sms-email-both-ways.md). Every key starts
// with INBOX_ENTITY, so one refresh (after a reply or a mark) refetches the list, its pending count and the blocks.
import {
  INBOUND_CHANNELS,
  INBOX_DEFAULT_STATUS,
  INBOX_STATUS_FILTERS,
  inboxListSchema,
  isStaffingRole,
  ROLE,
  smsBlockListSchema,
} from '@carelane/shared-domain';
import { apiClient } from '@carelane/shared-session';
import { listFilterFields } from '@carelane/shared-ui';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';

export const INBOX_ENTITY = 'inboxItem';
export const INBOX_TABS = ['messages', 'blocks'] as const;

/** The inbox's URL: the tab, the list's filters (SPEC §4: Pending by default) and its page. */
export const inboxFiltersSchema = z.object({
  ...listFilterFields,
  status: z.enum(INBOX_STATUS_FILTERS).default(INBOX_DEFAULT_STATUS),
  channel: z.enum(INBOUND_CHANNELS).optional(),
  tab: z.enum(INBOX_TABS).catch('messages'),
});
export type InboxFilters = z.infer<typeof inboxFiltersSchema>;

/** Staff (the administrator and the staffing roles) answer and handle; everyone else reads their own. */
export const isInboxStaff = (roleId: number | undefined) =>
  roleId !== undefined && (roleId === ROLE.ADMINISTRATOR || isStaffingRole(roleId));

export const inboxQueries = {
  list: ({ tab: _tab, ...filters }: InboxFilters) =>
    queryOptions({
      queryKey: [INBOX_ENTITY, 'list', filters],
      queryFn: ({ signal }) =>
        apiClient.get('/api/messaging/inbox', inboxListSchema, { searchParams: filters, signal }),
      placeholderData: (previous) => previous,
    }),
  smsBlocks: () =>
    queryOptions({
      queryKey: [INBOX_ENTITY, 'smsBlocks'],
      queryFn: ({ signal }) => apiClient.get('/api/messaging/smsBlocks', smsBlockListSchema, { signal }),
    }),
};
