// The API's event stream as a browser holds it, for int tests: /api/events opened with a bearer token, the
// server-sent events it receives collected as they arrive.
import http from 'node:http';
import type { TestServer } from './harness';

export type StreamEvent = { event: string; data: Record<string, unknown> };

export interface EventStream {
  status: number;
  contentType: string;
  events: StreamEvent[];
  close(): void;
}

/** Opens /api/events with a bearer token; resolves once the response's headers are in. */
export function openEventStream(server: TestServer, token: string): Promise<EventStream> {
  return openStream(server, '/api/events', { authorization: `Bearer ${token}` });
}

/** Opens any server-sent event stream of the API (a path with its query, and headers). */
export function openStream(
  server: TestServer,
  path: string,
  headers: Record<string, string> = {},
): Promise<EventStream> {
  return new Promise((resolve, reject) => {
    const events: StreamEvent[] = [];
    const request = http.get(new URL(path, server.url), { headers }, (response) => {
      let buffer = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event && data) events.push({ event, data: JSON.parse(data) });
        }
      });
      resolve({
        status: response.statusCode ?? 0,
        contentType: String(response.headers['content-type']),
        events,
        close: () => request.destroy(),
      });
    });
    request.on('error', (error) => {
      if ((error as NodeJS.ErrnoException).code !== 'ECONNRESET') reject(error);
    });
  });
}

/** Waits until `check` holds; fails with 'the event did not arrive' after `withinMs`. */
export async function eventArrives(check: () => boolean, withinMs = 5000): Promise<void> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > withinMs) throw new Error('the event did not arrive');
    await new Promise((r) => setTimeout(r, 20));
  }
}
