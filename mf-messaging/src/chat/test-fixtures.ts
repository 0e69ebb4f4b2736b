// Answers of the chat API for the chat pages' tests, and a fake server that keeps what is posted.
import type { ChatFile, ChatMessage, ChatTopic, ChatTopicList } from '@carelane/shared-domain';
import { jsonResponse } from '@carelane/shared-session/testing';
import { apiError, paging, type ApiCall, type RenderedPage, type Route } from '@carelane/shared-ui/testing';

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
    attachment: null,
    createdAt: `2026-05-02T10:${String(id % 60).padStart(2, '0')}:00.000Z`,
    channel: 'app',
  }) as ChatMessage;

export const chatFile = (id: number, fileName: string, sizeBytes: number, topicId = 7): ChatFile => ({
  id,
  topicId,
  fileName,
  contentType: 'application/pdf',
  sizeBytes,
  uploadedAt: '2026-05-02T09:59:00.000Z',
});

/** A message carrying this file. */
export const withFile = (written: ChatMessage, file: ChatFile): ChatMessage => ({
  ...written,
  attachmentFileId: file.id,
  attachment: file,
});

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
  /** The files stored (uploaded, or there from the start); their bytes are `bytes of <name>`. */
  files: ChatFile[];
  /** Answers the next uploads with these instead of storing them. */
  refuseUploads: (() => Response)[];
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
    files: Object.values(messages).flatMap((rows) =>
      rows.flatMap((m) => (m.attachment ? [m.attachment] : [])),
    ),
    refuseUploads: [],
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
    const match = /^\/api\/chat\/topics\/(\d+)(\/messages|\/read|\/files\/\d+)?$/.exec(path);
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
    if (match[2].startsWith('/files/')) return fileAnswer(fake, Number(match[2].slice('/files/'.length)));
    if (call.method === 'GET') return jsonResponse(messagePage(all, call));
    const failure = fake.failSends.shift();
    if (failure) return apiError(failure, 'Something went wrong on our side.');
    const input = call.body as { body: string; idempotencyKey: string; attachmentFileId?: number };
    const known = byKey.get(input.idempotencyKey);
    if (known) return jsonResponse({ message: known }, 200);
    const plain = message(1000 + byKey.size, input.body, 'Test Role 1', found.id);
    const file = fake.files.find((one) => one.id === input.attachmentFileId);
    if (input.attachmentFileId !== undefined && !file)
      return apiError(400, 'is not a file you attached in this conversation', [
        { field: 'attachmentFileId', message: 'is not a file you attached in this conversation' },
      ]);
    const written = file ? withFile(plain, file) : plain;
    byKey.set(input.idempotencyKey, written);
    fake.messages.set(found.id, [...all, written]);
    return jsonResponse({ message: written }, 201);
  };
  return fake;
}

function fileAnswer(fake: FakeChat, fileId: number): Response {
  const file = fake.files.find((one) => one.id === fileId);
  if (!file) return apiError(404, 'The file was not found.');
  return new Response(`bytes of ${file.fileName}`, {
    headers: {
      'content-type': file.contentType,
      'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
    },
  });
}

/**
 * Answers the page's uploads (POST /api/chat/topics/:id/files) from `fake`, recorded in `page.calls` with the
 * bytes as text for `body`. Uploads carry raw bytes, which the kit's fetch (JSON bodies only) does not read, so
 * they are answered here before it. Call right after renderPage.
 */
export function acceptUploads(page: RenderedPage, fake: FakeChat): void {
  const kitFetch = globalThis.fetch;
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    // Read without making a Request of `input` first: that would use up the body the kit's fetch reads.
    const method = input instanceof Request ? input.method : (init?.method ?? 'GET');
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    const target = /^\/api\/chat\/topics\/(\d+)\/files$/.exec(url.pathname);
    if (method.toUpperCase() !== 'POST' || !target) return kitFetch(input, init);
    const request = new Request(input, init);
    const bytes = await request.text();
    page.calls.push({ url, method: request.method, headers: request.headers, body: bytes });
    const refusal = fake.refuseUploads.shift();
    if (refusal) return refusal();
    const file: ChatFile = {
      ...chatFile(500 + fake.files.length, url.searchParams.get('fileName') ?? '', bytes.length),
      topicId: Number(target[1]),
      contentType: request.headers.get('content-type') ?? 'application/octet-stream',
    };
    fake.files.push(file);
    return jsonResponse(file, 201);
  }) as typeof fetch;
}
