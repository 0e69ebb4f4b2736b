/**
 * One migrated and seeded database per test run, copied for each test server instead of building every one
 * from nothing (PGlite's initdb, the migrations and the seed cost seconds per server; a copy costs little).
 *
 * jest's globalSetup (global-setup.ts) builds them with the product's own steps (openDatabase migrates,
 * seedReferenceData, seedDemo with the tests' argon2 settings) and names them in the environment:
 * - PGlite: a `dumpDataDir()` tarball in a temporary file, loaded per server with PGlite's `loadDataDir`;
 * - PostgreSQL: a template database, copied per server with `create database ... template ...`.
 * globalTeardown (global-teardown.ts) removes both. Built fresh per run, they can never be stale: a change to
 * the migrations or the seed is in the next run's copy, and so are the seed's dates relative to today (a copy
 * built on another UTC day than today is not used).
 *
 * Test servers whose overrides change what the database holds (see CONTENT_OVERRIDES) are built as before.
 * A server started on a copy still runs its migrations and seeds; they find nothing to do.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { AppConfig } from '../config';
import { openDatabase } from '../db/client';
import { seedReferenceData } from '../db/seed';
import { loadConfig } from '../config';
import { seedDemo } from '../demo-data';

/** Cheaper hashing keeps the suite quick; the behaviour is the same. The seed's hashes use it too. */
export const TEST_ARGON2: AppConfig['argon2'] = { memoryCost: 4096, timeCost: 2, parallelism: 1 };

/** Overrides that change what a new server's database holds: such servers do not start from a copy. */
export const CONTENT_OVERRIDES: readonly (keyof AppConfig)[] = [
  'databaseUrl',
  'dataDir',
  'seedDemoData',
  'argon2',
];

const ENV_PGLITE = 'CARELANE_TEST_PGLITE_SNAPSHOT';
const ENV_TEMPLATE = 'CARELANE_TEST_PG_TEMPLATE';
const ENV_DAY = 'CARELANE_TEST_SNAPSHOT_DAY';

/** The seed's dates are relative to today (UTC). */
const utcDay = () => new Date().toISOString().slice(0, 10);

export function usesSnapshot(overrides: Partial<AppConfig>): boolean {
  return !CONTENT_OVERRIDES.some((key) => key in overrides);
}

function snapshotIsCurrent(): boolean {
  return process.env[ENV_DAY] === utcDay();
}

/** The PGlite data folder to load for a new test server, or undefined to build one from nothing. */
export function pgliteSnapshot(): Blob | undefined {
  const file = process.env[ENV_PGLITE];
  if (!file || !snapshotIsCurrent() || !fs.existsSync(file)) return undefined;
  return new Blob([fs.readFileSync(file)]);
}

/** The PostgreSQL template database for a new test server, or undefined to build one from nothing. */
export function postgresTemplate(): string | undefined {
  const name = process.env[ENV_TEMPLATE];
  return name && snapshotIsCurrent() ? name : undefined;
}

/** Names made here only: letters, digits and underscores. */
function checkedName(name: string): string {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`unexpected database name ${name}`);
  return name;
}

async function adminQuery(baseUrl: string, text: string): Promise<void> {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

/**
 * The data key of the tests' PostgreSQL servers (a server on PostgreSQL refuses to start without one); PGlite test
 * servers (memory://) use the embedded default, lib/data-key.ts MEMORY_DATA_KEY.
 */
export const TEST_DATA_KEY = 'carelane-test-data-key-for-postgresql';

/** The copies are seeded as a test server would seed a database of its own (memory://, the tests' hashing). */
const SNAPSHOT_CONFIG = {
  ...loadConfig({ ...process.env, DATA_DIR: 'memory://', DATABASE_URL: '' }),
  argon2: TEST_ARGON2,
};

async function buildPglite(): Promise<string> {
  const database = await openDatabase({ dataDir: 'memory://' });
  try {
    await seedReferenceData(database.db);
    await seedDemo(database.db, SNAPSHOT_CONFIG);
    const client = (database.db as unknown as { $client: PGlite }).$client;
    // Without a checkpoint the copy starts by recovering from the write-ahead log, which moves every sequence
    // on by the values it logs ahead (32): new rows would get other ids than on a server built from nothing.
    await client.exec('checkpoint');
    const tarball = await client.dumpDataDir('none');
    const file = path.join(
      os.tmpdir(),
      `carelane-test-pglite-${process.pid}-${randomBytes(4).toString('hex')}.tar`,
    );
    fs.writeFileSync(file, Buffer.from(await tarball.arrayBuffer()));
    return file;
  } finally {
    await database.close();
  }
}

async function buildPostgres(baseUrl: string): Promise<string> {
  const name = checkedName(`carelane_tpl_${process.pid}_${randomBytes(4).toString('hex')}`);
  await adminQuery(baseUrl, `create database ${name}`);
  try {
    const url = new URL(baseUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({
      databaseUrl: url.toString(),
      appRole: SNAPSHOT_CONFIG.databaseAppRole,
      dataDir: 'memory://',
    });
    try {
      await seedReferenceData(database.db);
      await seedDemo(database.db, {
        ...SNAPSHOT_CONFIG,
        databaseUrl: url.toString(),
        dataKey: TEST_DATA_KEY,
      });
    } finally {
      await database.close();
    }
  } catch (error) {
    await adminQuery(baseUrl, `drop database if exists ${name} with (force)`).catch(() => {});
    throw error;
  }
  return name;
}

/** globalSetup: builds the copies for this run and names them in the environment. */
export async function buildSnapshots(): Promise<void> {
  const day = utcDay();
  const [file, template] = await Promise.all([
    buildPglite(),
    process.env.DATABASE_URL ? buildPostgres(process.env.DATABASE_URL) : Promise.resolve(undefined),
  ]);
  process.env[ENV_PGLITE] = file;
  if (template) process.env[ENV_TEMPLATE] = template;
  // Seeded across midnight (UTC): the copies are of neither day; every server builds its own.
  process.env[ENV_DAY] = utcDay() === day ? day : '';
}

/** globalTeardown: removes what buildSnapshots made. */
export async function removeSnapshots(): Promise<void> {
  const file = process.env[ENV_PGLITE];
  if (file) fs.rmSync(file, { force: true });
  const template = process.env[ENV_TEMPLATE];
  if (template && process.env.DATABASE_URL)
    await adminQuery(
      process.env.DATABASE_URL,
      `drop database if exists ${checkedName(template)} with (force)`,
    );
  delete process.env[ENV_PGLITE];
  delete process.env[ENV_TEMPLATE];
  delete process.env[ENV_DAY];
}
