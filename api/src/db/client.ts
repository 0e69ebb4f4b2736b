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
import { lockDataDir } from './data-dir-lock';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything queries can run on: the database or an open transaction. */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
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

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 20 });
  // An idle connection dropped by the server (restart, failover) must not crash the process; the pool reconnects.
  pool.on('error', (error) => console.error(`PostgreSQL connection lost: ${error.message}`));
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  const lockClient = await pool.connect();
  try {
    // One migrator at a time when several API instances start together.
    await lockClient.query('select pg_advisory_lock(724011)');
    await migratePg(drizzlePg({ client: lockClient, schema }), { migrationsFolder: migrationsFolder() });
  } finally {
    await lockClient.query('select pg_advisory_unlock(724011)').catch(() => {});
    lockClient.release();
  }
  const listeners = new Set<{ stop: () => Promise<void> }>();
  return {
    db,
    kind: 'postgres',
    async listen(channel, onMessage, onGap) {
      let client: pg.Client | undefined;
      let stopped = false;
      let retry: NodeJS.Timeout | undefined;
      const connect = async (afterGap: boolean): Promise<void> => {
        const c = new pg.Client({ connectionString: url });
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
      await pool.end();
    },
  };
}

export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  /**
   * PGlite only, with dataDir 'memory://': starts from this data folder (a `dumpDataDir()` tarball) instead of
   * an empty one. Migrations still run (and find nothing to do on an up-to-date copy). The API tests use it to
   * copy one migrated and seeded database per test server.
   */
  loadDataDir?: Blob;
}): Promise<Database> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl)
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
