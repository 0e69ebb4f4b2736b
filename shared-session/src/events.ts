import { apiUrl } from './api-client';
import { useSyncExternalStore } from 'react';
import { getBus, type Bus, type EventStreamState } from './bus';
import { entityChangedAnswer } from './session-answers';

/** One server-sent event as the text/event-stream format defines it. */
export type ServerSentEvent = { event: string; data: string; id: string | undefined };

export const EVENTS_PATH = '/api/events';
export const RECONNECT_DELAY_MS = 5_000;

/**
 * Reads a text/event-stream body, calling `onEvent` for each complete event (chunks may split lines
 * anywhere) and `onRetry` for a `retry:` field. Resolves when the body ends or `signal` aborts.
 */
export async function readEventStream(
  body: ReadableStream<Uint8Array>,
  onEvent: (event: ServerSentEvent) => void,
  onRetry: (ms: number) => void = () => {},
  signal?: AbortSignal,
): Promise<void> {
  const reader = body.getReader();
  const cancel = () => void reader.cancel().catch(() => undefined);
  if (signal?.aborted) cancel();
  signal?.addEventListener('abort', cancel, { once: true });
  const decoder = new TextDecoder();
  let buffer = '';
  let eventType = '';
  let data: string[] = [];
  let lastId: string | undefined;

  const dispatch = () => {
    if (data.length > 0) onEvent({ event: eventType || 'message', data: data.join('\n'), id: lastId });
    eventType = '';
    data = [];
  };
  const processLine = (line: string) => {
    if (line === '') return dispatch();
    if (line.startsWith(':')) return; // comment (keep-alive)
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') eventType = value;
    else if (field === 'data') data.push(value);
    else if (field === 'id' && !value.includes('\0')) lastId = value;
    else if (field === 'retry' && /^\d+$/.test(value)) onRetry(Number(value));
  };
  const processBuffer = (final: boolean) => {
    // A line ends with \n, \r\n or \r; a trailing \r may be the first half of a \r\n still to come.
    const pattern = /\r\n|\r|\n/g;
    let start = 0;
    for (let match = pattern.exec(buffer); match; match = pattern.exec(buffer)) {
      if (!final && match[0] === '\r' && match.index === buffer.length - 1) break;
      processLine(buffer.slice(start, match.index));
      start = match.index + match[0].length;
    }
    buffer = buffer.slice(start);
  };

  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      processBuffer(false);
    }
    buffer += decoder.decode();
    processBuffer(true);
    // An event not closed by a blank line when the stream ends is dropped, as browsers do.
  } finally {
    signal?.removeEventListener('abort', cancel);
    reader.releaseLock();
  }
}

export type ConnectEventsOptions = {
  /** Where the API lives; defaults to this page's origin. */
  baseUrl?: string;
  /** The session's token (default: the token of the session on the bus). */
  getToken?: () => string | null | undefined;
  bus?: Bus;
  /** Wait before reconnecting after an error or the end of the stream (default 5 s; the server's `retry:` wins). */
  reconnectDelayMs?: number;
};

/**
 * Keeps `/api/events` open while someone is signed in and pushes each `entityChanged` event into
 * `bus.entityChanged$`. Uses a streaming fetch, so the bearer header is sent. Reconnects after 5 s
 * when the connection fails or ends, reconnects with the new token when the session changes (switch
 * user), closes on sign-out, and stops for good when the returned function is called. A 401 closes
 * it until the session changes: the API client reports expired sessions.
 */
export function connectEvents(options: ConnectEventsOptions = {}): () => void {
  const bus = options.bus ?? getBus();
  const getToken = options.getToken ?? (() => bus.session$.getValue()?.token);
  let reconnectDelay = options.reconnectDelayMs ?? RECONNECT_DELAY_MS;
  let stopped = false;
  let controller: AbortController | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let connectedToken: string | null = null;

  const setState = (state: EventStreamState) => {
    if (bus.eventStream$.getValue() !== state) bus.eventStream$.next(state);
  };

  const close = () => {
    setState('closed');
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    controller?.abort();
    controller = null;
    connectedToken = null;
  };

  const scheduleReconnect = (own: AbortController) => {
    if (stopped || controller !== own) return;
    setState('down');
    timer = setTimeout(() => {
      timer = undefined;
      if (controller === own) void open();
    }, reconnectDelay);
  };

  const onEvent = (event: ServerSentEvent) => {
    if (event.event !== 'entityChanged') return;
    let payload: unknown;
    try {
      payload = JSON.parse(event.data);
    } catch {
      return;
    }
    const parsed = entityChangedAnswer.safeParse(payload);
    if (parsed.success) bus.entityChanged$.next(parsed.data);
  };

  async function open(): Promise<void> {
    const token = getToken();
    // '' is a session held by the cookie alone, which the browser sends on this read.
    if (stopped || token == null) return;
    controller?.abort();
    const own = new AbortController();
    controller = own;
    connectedToken = token;
    // A retry after a failure stays `down` until it is open.
    if (bus.eventStream$.getValue() === 'closed') setState('connecting');
    try {
      const response = await globalThis.fetch(apiUrl(options.baseUrl, EVENTS_PATH), {
        headers: { Accept: 'text/event-stream', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
        cache: 'no-store',
        signal: own.signal,
      });
      if (response.status === 401) {
        // Left closed until the session changes.
        setState('closed');
        await response.body?.cancel().catch(() => undefined);
        return;
      }
      if (!response.ok || !response.body) throw new Error(`Event stream answered ${response.status}`);
      if (controller === own) setState('open');
      await readEventStream(
        response.body,
        onEvent,
        (ms) => {
          reconnectDelay = ms;
        },
        own.signal,
      );
    } catch {
      // Network failure, or aborted by close(): scheduleReconnect tells them apart.
    }
    scheduleReconnect(own);
  }

  const subscription = bus.session$.subscribe((session) => {
    if (stopped) return;
    const token = session ? getToken() : null;
    if (token == null) return close();
    if (token !== connectedToken) {
      close();
      void open();
    }
  });

  return () => {
    stopped = true;
    subscription.unsubscribe();
    close();
  };
}

function subscribeEventStream(onChange: () => void): () => void {
  const subscription = getBus().eventStream$.subscribe(onChange);
  return () => subscription.unsubscribe();
}

const eventStreamSnapshot = () => getBus().eventStream$.getValue();

/** The event stream's state (`bus.eventStream$`); re-renders when it changes. */
export function useEventStreamState(): EventStreamState {
  return useSyncExternalStore(subscribeEventStream, eventStreamSnapshot, eventStreamSnapshot);
}
