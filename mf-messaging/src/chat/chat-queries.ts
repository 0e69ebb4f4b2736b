// React-query options and calls of chat (docs/decisions/059-chat.md): my topics, one topic, a topic's messages
// (20 newest first, older pages by the `before` cursor), sending, read marks, opening a care-team topic and the
// files attached to messages (uploaded as raw bytes first, then sent with a message by their id).
// Every key starts with 'chatMessage', the entity the server announces when a message is posted, so the shared
// cache's entityChanged invalidation (shared-session's invalidateOnEntityChanged) refetches the open topic's
// messages, the topic list (its unread counts and last messages) and the open topic at once.
import {
  CHAT_MESSAGE_PAGE_SIZE,
  chatFileSchema,
  chatMessageListSchema,
  chatMessageResultSchema,
  chatReadResultSchema,
  chatTopicListSchema,
  chatTopicSchema,
  fileTypeOf,
  type ChatFile,
  type ChatMessage,
  type ChatMessageInput,
  type ChatMessageList,
  type ChatTopicKind,
} from '@carelane/shared-domain';
import { apiClient, getQueryClient, readFileBytes, type DownloadedFile } from '@carelane/shared-session';
import { infiniteQueryOptions, queryOptions, type InfiniteData } from '@tanstack/react-query';
import { z } from 'zod';

/** The entity of chat's events, and the first part of every chat query key. */
export const CHAT_ENTITY = 'chatMessage';

const topicAnswerSchema = z.object({ topic: chatTopicSchema });

export const chatQueries = {
  /** A page of my topics (of `kind`, when given), latest activity first. */
  topics: (pageNumber: number, kind: ChatTopicKind | undefined) =>
    queryOptions({
      queryKey: [CHAT_ENTITY, 'topics', { pageNumber, kind }],
      queryFn: ({ signal }) =>
        apiClient.get('/api/chat/topics', chatTopicListSchema, {
          searchParams: { pageNumber, pageSize: CHAT_MESSAGE_PAGE_SIZE, kind },
          signal,
        }),
      placeholderData: (previous) => previous,
    }),
  topic: (topicId: number) =>
    queryOptions({
      queryKey: [CHAT_ENTITY, 'topic', topicId],
      queryFn: async ({ signal }) =>
        (await apiClient.get(`/api/chat/topics/${topicId}`, topicAnswerSchema, { signal })).topic,
    }),
  /** A topic's messages (matching `search`), 20 a page, newest first; the next page is older. */
  messages: (topicId: number, search: string) =>
    infiniteQueryOptions({
      queryKey: messagesKey(topicId, search),
      queryFn: ({ signal, pageParam }) =>
        apiClient.get(`/api/chat/topics/${topicId}/messages`, chatMessageListSchema, {
          searchParams: { before: pageParam, search },
          signal,
        }),
      initialPageParam: undefined as number | undefined,
      getNextPageParam: (last) => last.nextBefore ?? undefined,
    }),
};

export const messagesKey = (topicId: number, search: string) => [CHAT_ENTITY, 'messages', topicId, search];

/**
 * Sends a message (its text, and the id of a file uploaded for it, if any); a retry with the same key answers the
 * message already written (never a second one).
 */
export async function sendMessage(topicId: number, input: ChatMessageInput): Promise<ChatMessage> {
  const { body, idempotencyKey, attachmentFileId } = input;
  const answer = await apiClient.post(
    `/api/chat/topics/${topicId}/messages`,
    attachmentFileId === undefined ? { body, idempotencyKey } : { body, idempotencyKey, attachmentFileId },
    chatMessageResultSchema,
  );
  return answer.message;
}

const filesPath = (topicId: number, fileId?: number) =>
  `/api/chat/topics/${topicId}/files${fileId === undefined ? '' : `/${fileId}`}`;

/** A message's files, as the service requests' files: the bytes uploaded raw, downloaded with their name. */
export const chatCalls = {
  /** Stores a file in the topic, not attached yet: the next message sent with its id carries it. */
  uploadFile: async (topicId: number, file: File): Promise<ChatFile> =>
    apiClient.upload(filesPath(topicId), await readFileBytes(file), chatFileSchema, {
      searchParams: { fileName: file.name },
      contentType: fileTypeOf(file.name) ?? undefined,
    }),
  downloadFile: (topicId: number, fileId: number): Promise<DownloadedFile> =>
    apiClient.download(filesPath(topicId, fileId)),
};

/** Marks the topic read up to and including `messageId`, then refreshes the unread counts. */
export async function markRead(topicId: number, messageId: number): Promise<void> {
  await apiClient.post(`/api/chat/topics/${topicId}/read`, { messageId }, chatReadResultSchema);
  await getQueryClient().invalidateQueries({ queryKey: [CHAT_ENTITY, 'topics'] });
  await getQueryClient().invalidateQueries({ queryKey: [CHAT_ENTITY, 'topic', topicId] });
}

/** Opens (or finds) a service request's care-team topic, if I am one of its members. */
export async function openCareTeamTopic(episodeId: number): Promise<number> {
  const answer = await apiClient.post('/api/chat/topics', { kind: 'careTeam', episodeId }, topicAnswerSchema);
  await getQueryClient().invalidateQueries({ queryKey: [CHAT_ENTITY, 'topics'] });
  return answer.topic.id;
}

/** Puts a message just sent on the topic's newest page (until the refetch brings it), then refreshes the lists. */
export function showSent(message: ChatMessage): void {
  const client = getQueryClient();
  client.setQueryData<InfiniteData<ChatMessageList, number | undefined>>(
    messagesKey(message.topicId, ''),
    (data) => {
      const first = data?.pages[0];
      if (!data || !first || data.pages.some((page) => page.rows.some((row) => row.id === message.id)))
        return data;
      return { ...data, pages: [{ ...first, rows: [message, ...first.rows] }, ...data.pages.slice(1)] };
    },
  );
  void client.invalidateQueries({ queryKey: [CHAT_ENTITY] });
}

/** A fresh idempotency key for one send (kept with the pending message, so a retry reuses it). */
export function newIdempotencyKey(): string {
  const crypto = globalThis.crypto as Crypto | undefined;
  if (crypto?.randomUUID) return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
}
