/* eslint-disable @typescript-eslint/no-explicit-any -- test answers are read loosely; each test asserts their shape */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { loadConfig, type AppConfig } from '../config';
import { openDatabase, queryRows } from '../db/client';
import { DEMO_PASSWORD } from '../db/seed';
import { startServer, type RunningServer } from '../server';
import { TEST_ARGON2, TEST_DATA_KEY, pgliteSnapshot, postgresTemplate, usesSnapshot } from './db-snapshot';

export type DatabaseKind = 'pglite' | 'postgres';

/** The secret test servers' inbound webhooks are signed with (messaging/inbound). */
export const TEST_INBOUND_WEBHOOK_SECRET = 'carelane-test-inbound-secret';

/** PGlite always; PostgreSQL too when DATABASE_URL names a server (CI sets it when one answers). */
export const DATABASE_KINDS: DatabaseKind[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export { DEMO_PASSWORD };

/** The demo users (seed) that the suites sign in as, by role; all with DEMO_PASSWORD. */
export const DEMO_USERS = {
  admin: 'admin@carelane.local',
  clinicianManager: 'clinicianmanager@carelane.local',
  coordinator: 'coordinator@carelane.local',
  clinician: 'clinician@carelane.local',
  orgUser: 'orguser@carelane.local',
} as const;
export type DemoUser = keyof typeof DEMO_USERS;
/** Every demo role of DEMO_USERS, in its order: `loginAs(...DEMO_ROLES)` signs them all in. */
export const DEMO_ROLES = [
  'admin',
  'clinicianManager',
  'coordinator',
  'clinician',
  'orgUser',
] as const satisfies readonly DemoUser[];

export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface TestServer extends RunningServer {
  kind: DatabaseKind;
  request<T = any>(
    method: string,
    path: string,
    options?: { token?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> },
  ): Promise<ApiResponse<T>>;
  /** Signs in and returns the session token; fails the test if sign-in does not succeed. */
  login(emailId: string, password?: string): Promise<string>;
  /** Signs the demo users named in at once (DEMO_USERS); their session tokens, in the order named. */
  loginAs<const Who extends readonly DemoUser[]>(...who: Who): Promise<{ [I in keyof Who]: string }>;
  /**
   * Raw SQL against the server's own database, for checking what was (or was not) written, as the app itself
   * runs it: on PostgreSQL as the app's role (carelane_app), which owns nothing and may not change the schema.
   */
  sql<T = any>(text: string, params?: unknown[]): Promise<T[]>;
  /**
   * Raw SQL as the database's owner (the role that migrated it), for what a test sets up that the app may not do:
   * creating or dropping triggers, disabling them. On PGlite, where there is one role, the same as `sql`.
   */
  ownerSql<T = any>(text: string, params?: unknown[]): Promise<T[]>;
}

/** `text` with `$1`, `$2`... bound to `params`, as one drizzle query. */
function boundQuery(text: string, params: unknown[]): SQL {
  const chunks = text.split(/\$\d+/);
  return sql.join(
    chunks.flatMap((chunk, i) =>
      i < params.length ? [sql.raw(chunk), sql`${params[i]}`] : [sql.raw(chunk)],
    ),
    sql.raw(''),
  );
}

/**
 * Fresh PostgreSQL database per test server, dropped at close: a copy of the run's migrated and seeded template
 * when given one (db-snapshot.ts), else empty.
 */
async function createPostgresDatabase(
  baseUrl: string,
  template?: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `carelane_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export async function startTestServer(
  kind: DatabaseKind,
  overrides: Partial<AppConfig> = {},
): Promise<TestServer> {
  // Servers whose overrides leave the database as every other server has it start from the run's copy.
  const fromSnapshot = usesSnapshot(overrides);
  const pgDb =
    kind === 'postgres' && !overrides.databaseUrl
      ? await createPostgresDatabase(process.env.DATABASE_URL!, fromSnapshot ? postgresTemplate() : undefined)
      : undefined;
  const config = loadConfig(
    { ...process.env, DATABASE_URL: '' },
    {
      port: 0,
      host: '127.0.0.1',
      databaseUrl: pgDb?.url,
      dataDir: 'memory://',
      // Messages as delivered (secrets included) land here: tests read links and codes as the recipient does.
      messagePickupDir: fs.mkdtempSync(path.join(os.tmpdir(), 'carelane-messages-')),
      logLevel: process.env.TEST_LOG_LEVEL ?? 'silent',
      // Cheaper hashing keeps the suite quick; the behaviour is the same.
      argon2: TEST_ARGON2,
      // On PostgreSQL the server needs a data key (lib/data-key.ts); the copy was sealed with this one.
      ...(kind === 'postgres' ? { dataKey: TEST_DATA_KEY } : {}),
      // The inbound webhooks are configured, as the e2e product is: unsigned calls get 401, not 503.
      inboundWebhookSecret: TEST_INBOUND_WEBHOOK_SECRET,
      ...overrides,
    },
  );
  // PGlite: the copy is loaded into memory; startServer still migrates and seeds it (nothing left to do).
  const snapshot = kind === 'pglite' && fromSnapshot && !config.databaseUrl ? pgliteSnapshot() : undefined;
  let server: RunningServer;
  try {
    server = await startServer(
      config,
      snapshot ? await openDatabase({ dataDir: config.dataDir, loadDataDir: snapshot }) : undefined,
    );
  } catch (error) {
    await pgDb?.drop().catch(() => {});
    throw error;
  }
  const close = server.close;
  let owner: pg.Pool | undefined;
  const request: TestServer['request'] = async (method, path, options = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: string | undefined = options.rawBody;
    if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    } else if (body !== undefined) headers['content-type'] ??= 'application/json';
    const response = await fetch(server.url + path, { method, headers, body, redirect: 'manual' });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      /* not JSON */
    }
    return { status: response.status, body: parsed as any, headers: response.headers };
  };
  const login: TestServer['login'] = async (emailId, password = DEMO_PASSWORD) => {
    const res = await request('POST', '/api/security/authenticate', { body: { emailId, password } });
    if (res.status !== 200)
      throw new Error(`login of ${emailId} answered ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body.token as string;
  };
  return {
    ...server,
    kind,
    request,
    login,
    loginAs: (...who) => Promise.all(who.map((role) => login(DEMO_USERS[role]))) as any,
    sql: (text, params = []) => queryRows(server.services.db, boundQuery(text, params)),
    async ownerSql(text, params = []) {
      if (!config.databaseUrl) return queryRows(server.services.db, boundQuery(text, params));
      if (!owner) {
        owner = new pg.Pool({ connectionString: config.databaseUrl, max: 1 });
        // The database is dropped right after the pool ends, and the pool ends before its clients' sockets have
        // closed: a client still closing hears "terminating connection", which the pool re-emits on itself.
        owner.on('error', () => {});
        owner.on('connect', (client) => client.on('error', () => {}));
      }
      return queryRows(drizzlePg({ client: owner }), boundQuery(text, params));
    },
    async close() {
      await close();
      await owner?.end();
      await pgDb?.drop();
    },
  };
}

/**
 * Runs a suite once per database kind against a real server with the demo data.
 * `server()` gives the running server inside tests.
 */
export function describeEachDatabase(
  title: string,
  suite: (server: () => TestServer) => void,
  overrides?: Partial<AppConfig>,
) {
  describe.each(DATABASE_KINDS)(`${title} [%s]`, (kind) => {
    let current: TestServer | undefined;
    beforeAll(async () => {
      current = await startTestServer(kind, overrides);
    });
    afterAll(async () => {
      await current?.close();
    });
    suite(() => {
      if (!current) throw new Error('the test server did not start');
      return current;
    });
  });
}

/**
 * Runs a suite against two servers on one PostgreSQL database (the second without demo data of its own), as
 * several instances behind a load balancer would; skipped when no PostgreSQL is configured.
 */
export function describeTwoInstances(
  title: string,
  suite: (instances: () => { a: TestServer; b: TestServer }) => void,
) {
  const onPostgres = process.env.DATABASE_URL ? describe : describe.skip;
  onPostgres(title, () => {
    let a: TestServer | undefined;
    let b: TestServer | undefined;
    beforeAll(async () => {
      a = await startTestServer('postgres');
      b = await startTestServer('postgres', {
        databaseUrl: a.services.config.databaseUrl,
        seedDemoData: false,
      });
    });
    afterAll(async () => {
      await b?.close();
      await a?.close();
    });
    suite(() => {
      if (!a || !b) throw new Error('the test servers did not start');
      return { a, b };
    });
  });
}

/**
 * Polls `check` every 20 ms until it holds; resolves with the time it took, rejects after `withinMs`. For what
 * PostgreSQL delivers after the commit (a write made outside this server reaches its read cache by notice).
 */
export async function eventually(check: () => Promise<boolean>, withinMs: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < withinMs) {
    if (await check()) return Date.now() - started;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`not seen within ${withinMs} ms`);
}
