// Answers of the chat API for the chat pages' tests, and a fake server that keeps what is posted.
import type { ChatMessage, ChatTopic, ChatTopicList } from '@carelane/shared-domain';
import { jsonResponse } from '@carelane/shared-session/testing';
import { apiError, paging, type ApiCall, type Route } from '@carelane/shared-ui/testing';

export const message = (id: number, body: string, authorName = 'Cora Whitfield', topicId = 7): ChatMessage =>
  // `channel` (how it came: 'app', 'sms' or 'email', decision 062) is asserted rather than typed so that these
  // fixtures hold both before and after the chat contract gains the field.
  ({
    id,
    topicId,
    authorId: authorName === 'Test Role 1' ? 101 : 55,
    authorName,
    body,
    attachmentFileId: null,
    createdAt: `2026-05-02T10:${String(id % 60).padStart(2, '0')}:00.000Z`,
    channel: 'app',
  }) as ChatMessage;

export const topic = (id: number, title: string, changes: Partial<ChatTopic> = {}): ChatTopic => ({
  id,
  kind: 'careTeam',
  episodeId: id * 10,
  referralSourceId: 3,
  title,
  unreadCount: 0,
  lastReadMessageId: null,
  lastMessage: null,
  ...changes,
});

export const topicList = (rows: ChatTopic[], totalCount = rows.length, pageNumber = 1): ChatTopicList => ({
  rows,
  paging: paging(totalCount, pageNumber, 20),
  referralSourceId: null,
  totalUnreadMessages: rows.reduce((sum, row) => sum + row.unreadCount, 0),
});

export type FakeChat = {
  route: Route;
  topics: ChatTopic[];
  /** Per topic, oldest first. */
  messages: Map<number, ChatMessage[]>;
  /** Answers the next sends with this status instead of writing them. */
  failSends: number[];
};

function messagePage(all: ChatMessage[], call: ApiCall) {
  const before = Number(call.url.searchParams.get('before') ?? Infinity);
  const search = call.url.searchParams.get('search')?.toLowerCase();
  const older = all
    .filter((m) => m.id < before && (!search || m.body.toLowerCase().includes(search)))
    .reverse();
  const rows = older.slice(0, 20);
  return { rows, nextBefore: older.length > 20 ? rows.at(-1)!.id : null };
}

/** A chat server over these topics and messages: lists, posts (idempotent by key) and read marks. */
export function fakeChat(topics: ChatTopic[], messages: Record<number, ChatMessage[]>): FakeChat {
  const fake: FakeChat = {
    topics,
    messages: new Map(Object.entries(messages).map(([id, rows]) => [Number(id), rows])),
    failSends: [],
    route: () => undefined,
  };
  const byKey = new Map<string, ChatMessage>();
  fake.route = (call) => {
    const path = call.url.pathname;
    if (path === '/api/chat/topics' && call.method === 'GET') {
      const kind = call.url.searchParams.get('kind');
      const pageNumber = Number(call.url.searchParams.get('pageNumber') ?? 1);
      const rows = fake.topics.filter((t) => !kind || t.kind === kind);
      const answer = topicList(rows.slice((pageNumber - 1) * 20, pageNumber * 20), rows.length, pageNumber);
      return jsonResponse({ ...answer, totalUnreadMessages: topicList(rows).totalUnreadMessages });
    }
    const match = /^\/api\/chat\/topics\/(\d+)(\/messages|\/read)?$/.exec(path);
    const found = match ? fake.topics.find((t) => t.id === Number(match[1])) : undefined;
    if (!match || !found)
      return match
        ? apiError(403, 'Only the members of this conversation can see or write in it.')
        : undefined;
    const all = fake.messages.get(found.id) ?? [];
    if (!match[2]) return jsonResponse({ topic: found });
    if (match[2] === '/read')
      return jsonResponse({
        topicId: found.id,
        lastReadMessageId: 1,
        unreadCount: 0,
        totalUnreadMessages: 0,
      });
    if (call.method === 'GET') return jsonResponse(messagePage(all, call));
    const failure = fake.failSends.shift();
    if (failure) return apiError(failure, 'Something went wrong on our side.');
    const input = call.body as { body: string; idempotencyKey: string };
    const known = byKey.get(input.idempotencyKey);
    if (known) return jsonResponse({ message: known }, 200);
    const written = message(1000 + byKey.size, input.body, 'Test Role 1', found.id);
    byKey.set(input.idempotencyKey, written);
    fake.messages.set(found.id, [...all, written]);
    return jsonResponse({ message: written }, 201);
  };
  return fake;
}
