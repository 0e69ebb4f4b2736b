import path from 'node:path';
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { sql, type ExtractTablesWithRelations, type SQL } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema';
import { DEFAULT_DATABASE_APP_USER } from '../config';
import { lockDataDir } from './data-dir-lock';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything queries can run on: the database or an open transaction. */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  /** The reports' reads: a read-only pool on REPORTS_DATABASE_URL's replica, else `db` (decision 051). */
  reportsDb: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Subscribes to a NOTIFY channel; returns the unsubscribe function. `onGap` is called when notices may have
   * been missed (the listening connection was lost) and again once it listens anew.
   */
  listen(
    channel: string,
    onMessage: (payload: string) => void,
    onGap?: (state: 'lost' | 'restored') => void,
  ): Promise<() => Promise<void>>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

function migrationsFolder(): string {
  let dir = __dirname;
  for (let i = 0; i < 5; i++) {
    const candidate = path.join(dir, 'migrations');
    if (fs.existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error('The migrations folder was not found next to the API.');
}

async function openPglite(dataDir: string, loadDataDir?: Blob): Promise<Database> {
  const inMemory = dataDir === 'memory://';
  if (loadDataDir && !inMemory) throw new Error('A PGlite snapshot can only be loaded into memory://.');
  const release = inMemory ? () => {} : lockDataDir(dataDir);
  let client: PGlite;
  try {
    client = await (inMemory
      ? PGlite.create(loadDataDir ? { loadDataDir } : undefined)
      : PGlite.create(path.join(dataDir, 'pgdata')));
  } catch (error) {
    release();
    throw error;
  }
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder: migrationsFolder() });
  let closed = false;
  return {
    db,
    reportsDb: db,
    kind: 'pglite',
    async listen(channel, onMessage) {
      const unsubscribe = await client.listen(channel, onMessage);
      return async () => {
        if (!closed) await unsubscribe();
      };
    },
    async ping() {
      await client.query('select 1');
    },
    async close() {
      if (closed) return;
      closed = true;
      try {
        await client.close();
      } finally {
        release();
      }
    },
  };
}

/** The login role the app's connections use on PostgreSQL (docs/decisions/033-audit-log-roles-and-durability.md). */
export interface AppRole {
  user: string;
  /** Unset: the role logs in without one (trust or peer authentication, as on a developer's machine). */
  password?: string;
}

/** `url` signed in as `role` instead of its own user. */
export function urlAs(url: string, role: AppRole): string {
  const u = new URL(url);
  u.username = encodeURIComponent(role.user);
  u.password = role.password ? encodeURIComponent(role.password) : '';
  return u.toString();
}

/** Names an audit table: the log itself or one of its partitions. */
const AUDIT_TABLE_SQL = `(c.oid = 'audit_log'::regclass
  or exists (select 1 from pg_inherits i where i.inhrelid = c.oid and i.inhparent = 'audit_log'::regclass))`;

const SQLSTATE_DUPLICATE = new Set(['42710', '23505']);

/**
 * Makes sure the app's role exists (cluster-wide, so servers migrating other databases at the same moment may
 * race to create it: the loser finds it made) and holds exactly what the app needs in this database, granted by
 * the owner that just migrated it: read and write on every table but the audit log, which it may only read and
 * append to; its partitions it may not touch at all (an insert into the parent routes to them). Run after every
 * migration, so tables added later are granted too.
 */
async function grantAppRole(owner: pg.Client, role: AppRole): Promise<void> {
  const who = pg.escapeIdentifier(role.user);
  const password = role.password ? ` PASSWORD ${pg.escapeLiteral(role.password)}` : '';
  const exists = async () =>
    (await owner.query('select 1 from pg_roles where rolname = $1', [role.user])).rowCount! > 0;
  if (!(await exists())) {
    try {
      await owner.query(
        `CREATE ROLE ${who} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS${password}`,
      );
    } catch (error) {
      if (!SQLSTATE_DUPLICATE.has((error as { code?: string }).code ?? '') || !(await exists())) throw error;
    }
  } else if (password) {
    await owner.query(`ALTER ROLE ${who} LOGIN${password}`);
  }
  const database = pg.escapeIdentifier(
    (await owner.query<{ name: string }>('select current_database() as name')).rows[0]!.name,
  );
  await owner.query(`GRANT CONNECT, TEMPORARY ON DATABASE ${database} TO ${who}`);
  // PostgreSQL before 15 lets everyone create in public: the app role must create nothing.
  await owner.query('REVOKE CREATE ON SCHEMA public FROM PUBLIC');
  await owner.query(`GRANT USAGE ON SCHEMA public TO ${who}`);
  const tables = await owner.query<{ name: string; audit: boolean }>(
    `select format('%I', c.relname) as name, ${AUDIT_TABLE_SQL} as audit
     from pg_class c where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p', 'v', 'm', 'f')`,
  );
  const others = tables.rows.filter((t) => !t.audit).map((t) => t.name);
  const partitions = tables.rows.filter((t) => t.audit && t.name !== 'audit_log').map((t) => t.name);
  if (others.length)
    await owner.query(`GRANT SELECT, INSERT, UPDATE, DELETE ON ${others.join(', ')} TO ${who}`);
  await owner.query(`REVOKE ALL ON audit_log FROM ${who}`);
  await owner.query(`GRANT SELECT, INSERT ON audit_log TO ${who}`);
  if (partitions.length) await owner.query(`REVOKE ALL ON ${partitions.join(', ')} FROM ${who}`);
  await owner.query(`GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ${who}`);
  await owner.query(
    `GRANT EXECUTE ON FUNCTION carelane_audit_partition(timestamptz), carelane_drop_audit_partitions(timestamptz)
     TO ${who}`,
  );
}

/** Refuses to run the app on a connection that could erase the audit log. */
async function assertAppRole(pool: pg.Pool): Promise<void> {
  const { rows } = await pool.query<{ user: string; superuser: boolean; owner: boolean }>(
    `select current_user as user, r.rolsuper as superuser,
            exists (select 1 from pg_class c
                    where ${AUDIT_TABLE_SQL} and pg_has_role(current_user, c.relowner, 'USAGE')) as owner
     from pg_roles r where r.rolname = current_user`,
  );
  const role = rows[0]!;
  if (role.superuser || role.owner)
    throw new Error(
      `The app's PostgreSQL role ${role.user} ${role.superuser ? 'is a superuser' : 'owns the audit log'}: ` +
        'it could erase the audit log. Set DATABASE_APP_USER to a role that is neither (see README).',
    );
}

/**
 * The reports' read-only pool on a replica (decision 051). Every transaction on it is read-only, so even a URL
 * naming the primary cannot be written through it.
 */
/**
 * PostgreSQL's JIT is off on the API's connections. A statement over many rows (every report over a period) is
 * past jit_above_cost, so PostgreSQL compiles it each time, for 30 ms to 1.5 s on a busy machine, more than the
 * compiled code saves (the visit funnel over the year: 1.5 s of its 9.9 s; decision 050, "Speed"); the product's
 * other statements read few rows and are never compiled. PGlite has no JIT.
 */
const WITHOUT_JIT = '-c jit=off';

function openReportsPool(url: string): { db: Db; close: () => Promise<void> } {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    options: `-c default_transaction_read_only=on ${WITHOUT_JIT}`,
  });
  pool.on('error', (error) => console.error(`Reports replica connection lost: ${error.message}`));
  // A client being ended when the server closes it (the replica restarted, the database dropped) reports it on
  // the client itself, after the pool has let go of it: heard here, not an unhandled error.
  pool.on('connect', (client) => client.on('error', () => {}));
  return { db: drizzlePg({ client: pool, schema }) as unknown as Db, close: () => pool.end() };
}

async function openPostgres(url: string, role: AppRole, reportsUrl?: string): Promise<Database> {
  // The owner (DATABASE_URL) migrates and grants; the app itself connects as its own role.
  const owner = new pg.Client({ connectionString: url });
  await owner.connect();
  try {
    // One migrator at a time when several API instances start together.
    await owner.query('select pg_advisory_lock(724011)');
    await migratePg(drizzlePg({ client: owner, schema }), { migrationsFolder: migrationsFolder() });
    await grantAppRole(owner, role);
  } finally {
    await owner.query('select pg_advisory_unlock(724011)').catch(() => {});
    await owner.end();
  }
  const appUrl = urlAs(url, role);
  const pool = new pg.Pool({ connectionString: appUrl, max: 20, options: WITHOUT_JIT });
  // An idle connection dropped by the server (restart, failover) must not crash the process; the pool reconnects.
  pool.on('error', (error) => console.error(`PostgreSQL connection lost: ${error.message}`));
  try {
    await assertAppRole(pool);
  } catch (error) {
    await pool.end();
    throw error;
  }
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  const reports = reportsUrl ? openReportsPool(reportsUrl) : undefined;
  const listeners = new Set<{ stop: () => Promise<void> }>();
  return {
    db,
    reportsDb: reports?.db ?? db,
    kind: 'postgres',
    async listen(channel, onMessage, onGap) {
      let client: pg.Client | undefined;
      let stopped = false;
      let retry: NodeJS.Timeout | undefined;
      const connect = async (afterGap: boolean): Promise<void> => {
        const c = new pg.Client({ connectionString: appUrl });
        c.on('notification', (msg) => {
          if (msg.channel === channel && msg.payload !== undefined) onMessage(msg.payload);
        });
        // A lost listening connection is reopened every second until it listens again; meanwhile the caller
        // knows notices may be missed.
        const lost = () => {
          if (stopped || client !== c) return;
          client = undefined;
          onGap?.('lost');
          retry = setTimeout(() => void connect(true).catch(() => {}), 1000);
        };
        c.on('error', lost);
        c.on('end', lost);
        client = c;
        try {
          await c.connect();
          await c.query(`LISTEN "${channel.replace(/"/g, '')}"`);
        } catch (error) {
          if (!afterGap) throw error;
          lost();
          return;
        }
        if (afterGap) onGap?.('restored');
      };
      await connect(false);
      const listener = {
        stop: async () => {
          stopped = true;
          clearTimeout(retry);
          listeners.delete(listener);
          await client?.end().catch(() => {});
        },
      };
      listeners.add(listener);
      return listener.stop;
    },
    async ping() {
      await pool.query('select 1');
    },
    async close() {
      await Promise.all([...listeners].map((l) => l.stop()));
      await reports?.close();
      await pool.end();
    },
  };
}

export async function openDatabase(options: {
  databaseUrl?: string;
  /** PostgreSQL only: a read replica of databaseUrl for the reports (decision 051). */
  reportsDatabaseUrl?: string;
  /** PostgreSQL only: the role the app connects as once DATABASE_URL's role has migrated (default carelane_app). */
  appRole?: AppRole;
  dataDir: string;
  /**
   * PGlite only, with dataDir 'memory://': starts from this data folder (a `dumpDataDir()` tarball) instead of
   * an empty one. Migrations still run (and find nothing to do on an up-to-date copy). The API tests use it to
   * copy one migrated and seeded database per test server.
   */
  loadDataDir?: Blob;
}): Promise<Database> {
  if (options.reportsDatabaseUrl && !options.databaseUrl)
    throw new Error(
      'REPORTS_DATABASE_URL names a replica of DATABASE_URL: it needs DATABASE_URL (PostgreSQL).',
    );
  return options.databaseUrl
    ? openPostgres(
        options.databaseUrl,
        options.appRole ?? { user: DEFAULT_DATABASE_APP_USER },
        options.reportsDatabaseUrl,
      )
    : openPglite(options.dataDir, options.loadDataDir);
}

/** Runs raw SQL and returns its rows; both drivers answer `{ rows }`. */
export async function queryRows<T>(ex: Executor, query: SQL): Promise<T[]> {
  const result = (await ex.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * A list of ids as one `int[]` parameter (`column = any(${idsParam(ids)})`): drizzle's inArray binds one
 * parameter per id, which a protocol message caps at 65,535 and PGlite parses slowly by the thousand.
 */
export function idsParam(ids: readonly number[]): SQL {
  for (const id of ids) if (!Number.isSafeInteger(id)) throw new Error(`idsParam: ${id} is not an integer`);
  return sql`${`{${ids.join(',')}}`}::int[]`;
}

/**
 * Rows inserted a slice at a time, so one statement stays well under the protocol's 65,535 parameters whatever
 * the number of rows (`insert` is called once per slice, in order).
 */
export async function insertInSlices<T>(
  rows: readonly T[],
  rowsPerStatement: number,
  insert: (slice: T[]) => Promise<unknown>,
): Promise<void> {
  for (let at = 0; at < rows.length; at += rowsPerStatement)
    await insert(rows.slice(at, at + rowsPerStatement));
}
