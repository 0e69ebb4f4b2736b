/* eslint-disable @typescript-eslint/no-explicit-any -- OpenAPI documents and answers are read loosely */
// The bad-input walk over every documented route of a running server, by HTTP alone: the API suite runs it
// against its test servers (bad-input-walk.int.test.ts) and the end-to-end suite against the product as
// `npm start` serves it, on the embedded database and on PostgreSQL (e2e/tests/trust.spec.ts).
import { appendFileSync } from 'node:fs';
import { casesFor, LEAK_PATTERN, operationsOf, type BadCase, type Operation } from './bad-input-cases';

/** Cases per operation (the deep body, date and id cases are never cut by it). */
export const CASES_PER_ROUTE = 30;
/** Path parameters that are not numeric ids get a real value, so bad bodies reach past the lookup. */
const PATH_SAMPLES: Record<string, string> = {
  name: 'fileSizeLimit',
  roleId: '5',
  funnel: 'visitFunnel',
  stage: 'covered',
};
/** The account the walk signs in as; it needs a password it can sign in with. */
export const WALK_ADMIN = 'admin@carelane.local';

export interface WalkTarget {
  /** The server's address, e.g. http://127.0.0.1:8080. */
  url: string;
  /** Signs in; the session token. */
  login(emailId: string): Promise<string>;
}

export interface WalkResult {
  operations: number;
  sent: number;
  /** Counts of answers by status. */
  statuses: Record<number, number>;
  failures: string[];
}

interface Answer {
  status: number;
  text: string;
}

async function send(url: string, c: BadCase, method: string, token?: string): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  let body: string | Blob | undefined;
  if (c.rawBody) {
    headers['content-type'] = c.rawBody.contentType;
    const data = c.rawBody.data;
    body = typeof data === 'string' ? data : new Blob([new Uint8Array(data)]);
  } else if (c.body !== undefined && method !== 'GET' && method !== 'DELETE') {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(c.body);
  }
  const query = new URLSearchParams(c.query).toString();
  const response = await fetch(`${url}${c.path}${query ? `?${query}` : ''}`, {
    method,
    headers,
    body,
    redirect: 'manual',
    signal: AbortSignal.timeout(15_000),
  });
  if ((response.headers.get('content-type') ?? '').includes('text/event-stream')) {
    await response.body?.cancel();
    return { status: response.status, text: '' };
  }
  return { status: response.status, text: await response.text() };
}

/** What is wrong with an answer to a bad case, or null. */
export function problemOf(answer: Answer, c: BadCase): string | null {
  if (answer.status >= 500) return 'a server error';
  if (LEAK_PATTERN.test(answer.text)) return 'SQL or a stack trace in the answer';
  const wanted = c.wants;
  const refusedFirst = answer.status === 401 || (answer.status === 403 && wanted?.in === 'body');
  if (wanted && answer.status !== 400 && !refusedFirst)
    return `a ${answer.status}, not a 400 naming ${wanted.field}`;
  if (answer.status === 400) {
    let body: any;
    try {
      body = JSON.parse(answer.text);
    } catch {
      return 'a 400 that is not JSON';
    }
    if (!Array.isArray(body?.errors) || body.errors.length === 0) return 'a 400 that names no field';
    const fields = body.errors.map((e: { field: string }) => e.field);
    if (wanted && !fields.includes(wanted.field))
      return `a 400 naming ${fields.join(', ')}, not ${wanted.field}`;
  }
  return null;
}

/** A GET of JSON (or text, when it is not JSON), with the session when given. */
export async function getJson(
  url: string,
  path: string,
  token?: string,
): Promise<{ status: number; body: any }> {
  const response = await fetch(url + path, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    signal: AbortSignal.timeout(15_000),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON */
  }
  return { status: response.status, body };
}

/** The administrator's session, signed in again if a case ended it (logout, a reset, switching user). */
async function adminSession(target: WalkTarget, token: string | undefined): Promise<string> {
  if (token) {
    const me = await getJson(target.url, '/api/security/me', token);
    if (me.status === 200 && me.body.emailId === WALK_ADMIN && !me.body.switchedFrom) return token;
  }
  return target.login(WALK_ADMIN);
}

/** The record a PUT changes, read through the GET at the same path, so its body is plausible. */
async function knownRecord(target: WalkTarget, op: Operation, ops: Operation[], path: string, token: string) {
  if (op.method !== 'PUT' || !ops.some((o) => o.method === 'GET' && o.path === op.path)) return undefined;
  const res = await getJson(target.url, path, token);
  return res.status === 200 ? res.body : undefined;
}

/**
 * Sends every operation of the server's OpenAPI document its bad cases (bad-input-cases.ts), signed out and as
 * the administrator, and collects every answer that is a 5xx, shows SQL or a stack trace, or is a 400 that does
 * not name the field. `log` (WALK_LOG) gets every case with its status and time.
 */
export async function walkEveryRoute(target: WalkTarget, log?: string): Promise<WalkResult> {
  const doc = (await getJson(target.url, '/api/docs/json')).body;
  const ops = operationsOf(doc);
  // Ending the session last keeps the rest signed in; the session is checked before every operation anyway.
  // The administrator's reset of user 1 (the administrator) ends their password too: it goes very last.
  const endsSession = (op: Operation) =>
    op.path === '/api/admin/users/{id}/resetPassword' ? 2 : Number(/logout|switch/.test(op.path));
  const ordered = [...ops].sort((a, b) => endsSession(a) - endsSession(b));
  const result: WalkResult = { operations: ops.length, sent: 0, statuses: {}, failures: [] };
  let token: string | undefined;
  for (const op of ordered) {
    token = await adminSession(target, token);
    const pathValues = Object.fromEntries(
      op.parameters.filter((p) => p.in === 'path').map((p) => [p.name, PATH_SAMPLES[p.name] ?? '1']),
    );
    const samplePath = op.path.replace(/\{(\w+)\}/g, (_, n: string) => pathValues[n] ?? '1');
    const known = await knownRecord(target, op, ops, samplePath, token);
    const cases = casesFor(op, doc, { pathValues, known, limit: CASES_PER_ROUTE });
    // Signed out first: a route that needs a session answers its first case 401 and is walked signed in;
    // a public one is walked signed out only.
    let isPublic = true;
    for (const actor of ['signed out', 'administrator'] as const) {
      if (actor === 'administrator' && isPublic) break;
      for (const c of cases) {
        const started = Date.now();
        let answer: Answer;
        try {
          answer = await send(target.url, c, op.method, actor === 'administrator' ? token : undefined);
        } catch (error) {
          result.failures.push(`${op.method} ${c.path} [${actor}] ${c.label}: no answer (${String(error)})`);
          continue;
        }
        result.sent += 1;
        result.statuses[answer.status] = (result.statuses[answer.status] ?? 0) + 1;
        if (log)
          appendFileSync(
            log,
            `${Date.now() - started}ms ${answer.status} ${op.method} ${c.path} ${c.label}\n`,
          );
        const problem = problemOf(answer, c);
        if (problem)
          result.failures.push(
            `${op.method} ${c.path} [${actor}] ${c.label}: ${problem}: ${answer.status} ${answer.text.slice(0, 200)}`,
          );
        if (actor === 'signed out' && answer.status === 401) {
          isPublic = false;
          break;
        }
      }
    }
  }
  return result;
}
