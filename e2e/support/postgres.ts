// A fresh database on the PostgreSQL server of DATABASE_URL for a server a spec starts on its own, dropped after.
// The driver is the API's own (pg), resolved from the API's package.
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ROOT } from './paths';

type PgClient = {
  connect(): Promise<void>;
  query(text: string): Promise<unknown>;
  end(): Promise<void>;
};
const pg = createRequire(path.join(ROOT, 'api/package.json'))('pg') as {
  Client: new (options: { connectionString: string }) => PgClient;
};

async function run(baseUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

export interface FreshDatabase {
  url: string;
  drop(): Promise<void>;
}

export async function freshPostgresDatabase(baseUrl: string): Promise<FreshDatabase> {
  const name = `carelane_e2e_${randomBytes(6).toString('hex')}`;
  await run(baseUrl, `create database ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => run(baseUrl, `drop database if exists ${name} with (force)`),
  };
}
