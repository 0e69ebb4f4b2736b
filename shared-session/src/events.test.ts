import type { EntityChangedEvent } from '@carelane/shared-domain';
import { act, renderHook } from '@testing-library/react';
import { getBus } from './bus';
import { connectEvents, readEventStream, useEventStreamState, type ServerSentEvent } from './events';
import type { EventStreamState } from './bus';
import { session } from './test-support';

const encoder = new TextEncoder();

/** A body that delivers these chunks, then either ends or stays open until cancelled. */
function chunkedBody(
  chunks: string[],
  { stayOpen = false, onCancel = () => {} } = {},
): ReadableStream<Uint8Array> {
  let index = 0;
  return new ReadableStream<Uint8Array>({
    cancel: onCancel,
    pull(controller) {
      const chunk = chunks[index++];
      if (chunk !== undefined) controller.enqueue(encoder.encode(chunk));
      else if (!stayOpen) controller.close();
      else return new Promise<void>(() => {}); // an open connection with nothing more to say
    },
  });
}

const visitAssigned = { entity: 'visit', id: 12, action: 'updated', at: '2025-03-01T10:00:00.000Z' };
const userCreated = { entity: 'user', id: 5, action: 'created', at: '2025-03-01T10:00:01.000Z' };

/** What the server writes, cut at awkward places: inside a field name, a JSON text and a CRLF. */
const serverChunks = [
  'retry: 5000\n\n',
  ': keep-alive\n\nev',
  `ent: entityChanged\ndata: ${JSON.stringify(visitAssigned).slice(0, 20)}`,
  `${JSON.stringify(visitAssigned).slice(20)}\n\n`,
  `event: entityChanged\r\ndata: ${JSON.stringify(userCreated)}\r`,
  '\n\r\n',
  'event: somethingElse\ndata: {"entity":"x"}\n\n',
  'event: entityChanged\ndata: not json\n\n',
  'event: entityChanged\ndata: {"entity":"visit"}\n\n',
];

async function flush(times = 20) {
  for (let i = 0; i < times; i += 1) await Promise.resolve();
}

afterEach(() => {
  getBus().session$.next(null);
  jest.useRealTimers();
});

describe('readEventStream', () => {
  it('reads events across chunk boundaries, skips comments and reports retry', async () => {
    const events: ServerSentEvent[] = [];
    const retries: number[] = [];
    await readEventStream(
      chunkedBody([...serverChunks, 'data: first line\ndata: second line\nid: 9\n\ndata: unfinished']),
      (event) => events.push(event),
      (ms) => retries.push(ms),
    );
    expect(retries).toEqual([5000]);
    expect(events.map((event) => event.event)).toEqual([
      'entityChanged',
      'entityChanged',
      'somethingElse',
      'entityChanged',
      'entityChanged',
      'message',
    ]);
    expect(JSON.parse(events[0]!.data)).toEqual(visitAssigned);
    expect(JSON.parse(events[1]!.data)).toEqual(userCreated);
    expect(events[5]).toEqual({ event: 'message', data: 'first line\nsecond line', id: '9' });
  });
});

describe('connectEvents', () => {
  it('opens /api/events with the bearer token and pushes each entityChanged into the bus', async () => {
    const requests: Request[] = [];
    const onCancel = jest.fn();
    globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      requests.push(new Request(input, init));
      return new Response(chunkedBody(serverChunks, { stayOpen: true, onCancel }), {
        headers: { 'content-type': 'text/event-stream' },
      });
    });
    const seen: EntityChangedEvent[] = [];
    const subscription = getBus().entityChanged$.subscribe((event) => seen.push(event));
    getBus().session$.next(session({ token: 'stream-token' }));

    const stop = connectEvents();
    await new Promise((resolve) => setTimeout(resolve, 20));

    expect(requests).toHaveLength(1);
    expect(requests[0]!.url).toBe('http://localhost/api/events');
    expect(requests[0]!.headers.get('authorization')).toBe('Bearer stream-token');
    expect(seen).toEqual([visitAssigned, userCreated]);
    stop();
    expect(requests[0]!.signal.aborted).toBe(true);
    await flush();
    expect(onCancel).toHaveBeenCalled(); // the connection is closed
    subscription.unsubscribe();
  });

  it('reconnects 5 s after an error, and closes on sign-out', async () => {
    jest.useFakeTimers();
    const signals: AbortSignal[] = [];
    let attempt = 0;
    globalThis.fetch = jest.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      signals.push(init!.signal!);
      attempt += 1;
      if (attempt === 1) throw new TypeError('Failed to fetch');
      return new Response(chunkedBody([], { stayOpen: true }));
    });
    getBus().session$.next(session());
    const stop = connectEvents();
    await flush();
    expect(globalThis.fetch).toHaveBeenCalledTimes(1);

    jest.advanceTimersByTime(4_999);
    await flush();
    expect(globalThis.fetch).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(1);
    await flush();
    expect(globalThis.fetch).toHaveBeenCalledTimes(2);
    expect(signals[1]!.aborted).toBe(false);

    getBus().session$.next(null); // sign-out
    expect(signals[1]!.aborted).toBe(true);
    jest.advanceTimersByTime(60_000);
    await flush();
    expect(globalThis.fetch).toHaveBeenCalledTimes(2);
    stop();
  });

  it('tells the bus whether the stream is open: down after a failure until a retry opens it, closed at sign-out', async () => {
    jest.useFakeTimers();
    let attempt = 0;
    globalThis.fetch = jest.fn(async () => {
      attempt += 1;
      if (attempt === 2) throw new TypeError('Failed to fetch');
      // The first connection ends at once (the server went away); the third stays open.
      return new Response(chunkedBody([], { stayOpen: attempt === 3 }));
    });
    const states: EventStreamState[] = [];
    const subscription = getBus().eventStream$.subscribe((state) => states.push(state));
    getBus().session$.next(session());
    const stop = connectEvents();
    await flush();
    expect(states).toEqual(['closed', 'connecting', 'open', 'down']);
    jest.advanceTimersByTime(5_000);
    await flush();
    expect(getBus().eventStream$.getValue()).toBe('down'); // the retry failed too
    jest.advanceTimersByTime(5_000);
    await flush();
    expect(states).toEqual(['closed', 'connecting', 'open', 'down', 'open']);
    getBus().session$.next(null);
    expect(getBus().eventStream$.getValue()).toBe('closed');
    stop();
    subscription.unsubscribe();
  });

  it('reconnects with the new token when the user switches, and not at all after stop', async () => {
    const tokens: (string | null)[] = [];
    globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      tokens.push(new Request(input, init).headers.get('authorization'));
      return new Response(chunkedBody([], { stayOpen: true }));
    });
    getBus().session$.next(session({ token: 'first' }));
    const stop = connectEvents();
    getBus().session$.next(session({ token: 'switched' }));
    await flush();
    expect(tokens).toEqual(['Bearer first', 'Bearer switched']);
    stop();
    getBus().session$.next(session({ token: 'later' }));
    await flush();
    expect(tokens).toHaveLength(2);
  });

  it('opens the stream with the cookie alone for a tab that holds no token, and not when signed out', async () => {
    const requests: Request[] = [];
    globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      requests.push(new Request(input, init));
      return new Response(chunkedBody([], { stayOpen: true }));
    });
    const stop = connectEvents();
    await flush();
    expect(requests).toHaveLength(0);
    getBus().session$.next(session({ token: '' }));
    await flush();
    expect(requests).toHaveLength(1);
    expect(requests[0]!.headers.has('authorization')).toBe(false);
    stop();
  });

  it('stays closed after a 401 until the session changes', async () => {
    jest.useFakeTimers();
    globalThis.fetch = jest.fn(async () => new Response('{"statusCode":401}', { status: 401 }));
    getBus().session$.next(session({ token: 'old' }));
    const stop = connectEvents();
    await flush();
    jest.advanceTimersByTime(60_000);
    await flush();
    expect(globalThis.fetch).toHaveBeenCalledTimes(1);
    getBus().session$.next(session({ token: 'new' }));
    await flush();
    expect(globalThis.fetch).toHaveBeenCalledTimes(2);
    stop();
  });

  it('opens the stream under the base URL given', async () => {
    const urls: string[] = [];
    globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      urls.push(new Request(input, init).url);
      return new Response(chunkedBody([], { stayOpen: true }));
    });
    getBus().session$.next(session());
    const stop = connectEvents({ baseUrl: 'https://api.example.com/gateway/', getToken: () => 'given' });
    await flush();
    expect(urls).toEqual(['https://api.example.com/gateway/api/events']);
    stop();
  });
});

describe('useEventStreamState', () => {
  it("re-renders with the bus's event stream state", () => {
    const { result } = renderHook(() => useEventStreamState());
    expect(result.current).toBe('closed');
    act(() => getBus().eventStream$.next('down'));
    expect(result.current).toBe('down');
    act(() => getBus().eventStream$.next('open'));
    expect(result.current).toBe('open');
    act(() => getBus().eventStream$.next('closed'));
  });
});
