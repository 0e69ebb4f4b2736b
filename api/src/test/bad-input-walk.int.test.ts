/* eslint-disable @typescript-eslint/no-explicit-any -- OpenAPI documents and answers are read loosely */
// The guard every route inherits: each operation of /api/docs/json gets bad input generated from its own schema
// (bad-input-cases.ts), signed out and as the administrator. No answer may be a 5xx or show SQL or a stack
// trace, and a 400 names the field. Routes added later are walked without any change here.
import { appendFileSync } from 'node:fs';
import { describeEachDatabase, type TestServer } from './harness';
import {
  casesFor,
  LEAK_PATTERN,
  operationsOf,
  unboundedFields,
  type BadCase,
  type Operation,
} from './bad-input-cases';

/** Cases per operation: the walk stays well under a minute per database. */
const CASES_PER_ROUTE = 30;
/** Path parameters that are not numeric ids get a real value, so bad bodies reach past the lookup. */
const PATH_SAMPLES: Record<string, string> = { name: 'fileSizeLimit', roleId: '5' };
const ADMIN = 'admin@carelane.local';
/** Request fields named like a date that are not one. */
const NOT_DATES = ['GET /api/admin/outbox to'];
/** WALK_LOG=file writes every case with its status and time, to see what the walk reached. */
const WALK_LOG = process.env.WALK_LOG;

interface Answer {
  status: number;
  text: string;
}

async function send(server: TestServer, c: BadCase, method: string, token?: string): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  let body: string | Uint8Array | undefined;
  if (c.rawBody) {
    headers['content-type'] = c.rawBody.contentType;
    body = c.rawBody.data;
  } else if (c.body !== undefined && method !== 'GET' && method !== 'DELETE') {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(c.body);
  }
  const query = new URLSearchParams(c.query).toString();
  const response = await fetch(`${server.url}${c.path}${query ? `?${query}` : ''}`, {
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

/** What is wrong with an answer, or null. */
function problemOf(answer: Answer, c: BadCase): string | null {
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

/** The administrator's session, signed in again if a case ended it (logout, a reset, switching user). */
async function adminSession(server: TestServer, token: string | undefined): Promise<string> {
  if (token) {
    const me = await server.request('GET', '/api/security/me', { token });
    if (me.status === 200 && me.body.emailId === ADMIN && !me.body.switchedFrom) return token;
  }
  return server.login(ADMIN);
}

/** The record a PUT changes, read through the GET at the same path, so its body is plausible. */
async function knownRecord(server: TestServer, op: Operation, ops: Operation[], path: string, token: string) {
  if (op.method !== 'PUT' || !ops.some((o) => o.method === 'GET' && o.path === op.path)) return undefined;
  const res = await server.request('GET', path, { token });
  return res.status === 200 ? res.body : undefined;
}

describeEachDatabase('bad input on every documented route', (server) => {
  it('documents every date a request sends as a bounded date, and every id in a path or query as digits', async () => {
    const doc = (await server().request('GET', '/api/docs/json')).body;
    expect(unboundedFields(operationsOf(doc), doc, NOT_DATES)).toEqual([]);
  });

  it('answers no 5xx, shows no SQL or stack trace, and names the field of every 400', async () => {
    const doc = (await server().request('GET', '/api/docs/json')).body;
    const ops = operationsOf(doc);
    expect(ops.length).toBeGreaterThan(100);
    // Ending the session last keeps the rest signed in; the session is checked before every operation anyway.
    // The administrator's reset of user 1 (the administrator) ends their password too: it goes very last.
    const endsSession = (op: Operation) =>
      op.path === '/api/admin/users/{id}/resetPassword' ? 2 : Number(/logout|switch/.test(op.path));
    const ordered = [...ops].sort((a, b) => endsSession(a) - endsSession(b));
    const failures: string[] = [];
    let sent = 0;
    let token: string | undefined;
    for (const op of ordered) {
      token = await adminSession(server(), token);
      const pathValues = Object.fromEntries(
        op.parameters.filter((p) => p.in === 'path').map((p) => [p.name, PATH_SAMPLES[p.name] ?? '1']),
      );
      const samplePath = op.path.replace(/\{(\w+)\}/g, (_, n: string) => pathValues[n] ?? '1');
      const known = await knownRecord(server(), op, ops, samplePath, token);
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
            answer = await send(server(), c, op.method, actor === 'administrator' ? token : undefined);
          } catch (error) {
            failures.push(`${op.method} ${c.path} [${actor}] ${c.label}: no answer (${String(error)})`);
            continue;
          }
          sent += 1;
          if (WALK_LOG)
            appendFileSync(
              WALK_LOG,
              `${Date.now() - started}ms ${answer.status} ${op.method} ${c.path} ${c.label}\n`,
            );
          const problem = problemOf(answer, c);
          if (problem)
            failures.push(
              `${op.method} ${c.path} [${actor}] ${c.label}: ${problem}: ${answer.status} ${answer.text.slice(0, 200)}`,
            );
          if (actor === 'signed out' && answer.status === 401) {
            isPublic = false;
            break;
          }
        }
      }
    }
    expect(sent).toBeGreaterThan(ops.length * 10);
    expect(failures).toEqual([]);
  }, 300_000);
});
