// React-query options and the URL of /broadcast (issue 27, decision 065). Every key starts with BROADCAST_ENTITY,
// so the server's `entityChanged { entity: 'broadcast' }` refreshes the list, a broadcast and its recipients; while
// a broadcast is Queued or Sending its figures and recipients are also read again every 2 s.
import {
  BROADCAST_RECIPIENT_STATUSES,
  broadcastListSchema,
  broadcastRecipientListSchema,
  broadcastSchema,
  type Broadcast,
} from '@carelane/shared-domain';
import { apiClient } from '@carelane/shared-session';
import { listFilterFields } from '@carelane/shared-ui';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';

export const BROADCAST_ENTITY = 'broadcast';
export const BROADCAST_REFRESH_MS = 2000;

/** The page's URL: the list's page, the broadcast open (`id`), its recipients' status filter and page. */
export const broadcastUrlSchema = z.object({
  pageNumber: listFilterFields.pageNumber,
  pageSize: listFilterFields.pageSize,
  id: z.coerce.number().int().min(1).optional().catch(undefined),
  status: z.enum(BROADCAST_RECIPIENT_STATUSES).optional().catch(undefined),
  rPage: z.coerce.number().int().min(1).default(1).catch(1),
  rPageSize: z.coerce.number().int().min(1).max(100).default(10).catch(10),
});
export type BroadcastUrl = z.infer<typeof broadcastUrlSchema>;

/** Whether the broadcast still sends, so its figures move. */
export const isActive = (broadcast: Pick<Broadcast, 'status'> | undefined) =>
  broadcast?.status === 'Queued' || broadcast?.status === 'Sending';

export const broadcastQueries = {
  list: (filters: { pageNumber: number; pageSize: number }) =>
    queryOptions({
      queryKey: [BROADCAST_ENTITY, 'list', filters],
      queryFn: ({ signal }) =>
        apiClient.get('/api/messaging/broadcasts', broadcastListSchema, { searchParams: filters, signal }),
      placeholderData: (previous) => previous,
    }),
  one: (id: number) =>
    queryOptions({
      queryKey: [BROADCAST_ENTITY, 'one', id],
      queryFn: ({ signal }) => apiClient.get(`/api/messaging/broadcasts/${id}`, broadcastSchema, { signal }),
      refetchInterval: (query) => (isActive(query.state.data) ? BROADCAST_REFRESH_MS : false),
    }),
  recipients: (
    id: number,
    filters: { status?: string; pageNumber: number; pageSize: number },
    active: boolean,
  ) =>
    queryOptions({
      queryKey: [BROADCAST_ENTITY, 'recipients', id, filters],
      queryFn: ({ signal }) =>
        apiClient.get(`/api/messaging/broadcasts/${id}/recipients`, broadcastRecipientListSchema, {
          searchParams: filters,
          signal,
        }),
      placeholderData: (previous) => previous,
      refetchInterval: active ? BROADCAST_REFRESH_MS : false,
    }),
};
