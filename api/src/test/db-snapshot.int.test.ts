import { DATABASE_KINDS, startTestServer, type TestServer } from './harness';
import { pgliteSnapshot, postgresTemplate, usesSnapshot } from './db-snapshot';

/**
 * What a new test server's database holds, apart from times and secrets: rows per table, sequences, migrations.
 * Read as the owner: the app's role on PostgreSQL may not read the migrations' own table.
 */
async function contents(server: TestServer) {
  const tables = await server.ownerSql<{ name: string }>(
    `select format('%I.%I', schemaname, tablename) as name from pg_tables
       where schemaname not in ('pg_catalog', 'information_schema') order by 1`,
  );
  const rows: Record<string, number> = {};
  for (const { name } of tables)
    rows[name] = (await server.ownerSql<{ n: number }>(`select count(*)::int as n from ${name}`))[0]!.n;
  const sequences = await server.ownerSql(
    `select schemaname, sequencename, last_value::text from pg_sequences order by 1, 2`,
  );
  const users = await server.ownerSql(`select id, email_id, role_id from users order by id`);
  return { rows, sequences, users };
}

describe('test servers started from the run’s database copy', () => {
  it('is what this jest run does (globalSetup built the copies)', () => {
    expect(usesSnapshot({})).toBe(true);
    expect(usesSnapshot({ seedDemoData: false })).toBe(false);
    expect(pgliteSnapshot()).toBeDefined();
    if (process.env.DATABASE_URL) expect(postgresTemplate()).toBeDefined();
  });

  // Builds databases from nothing (initdb, every migration): slow on a busy machine, hence its own timeout.
  it.each(DATABASE_KINDS)('hold what a server built from nothing holds [%s]', async (kind) => {
    const copied = await startTestServer(kind);
    try {
      // An override that changes nothing, but names the seed: this one is built as before, from nothing.
      const built = await startTestServer(kind, { seedDemoData: true });
      try {
        const [fromCopy, fromNothing] = await Promise.all([contents(copied), contents(built)]);
        expect(Object.keys(fromCopy.rows).length).toBeGreaterThan(20);
        expect(fromCopy.users.length).toBeGreaterThan(5);
        expect(fromCopy).toEqual(fromNothing);
      } finally {
        await built.close();
      }
    } finally {
      await copied.close();
    }
  }, 180_000);

  it.each(DATABASE_KINDS)('are each a database of their own [%s]', async (kind) => {
    const a = await startTestServer(kind);
    try {
      const b = await startTestServer(kind);
      try {
        await a.sql(`delete from app_constants where name = 'blobEncryptionKey'`);
        expect(await a.sql(`select 1 from app_constants where name = 'blobEncryptionKey'`)).toHaveLength(0);
        expect(await b.sql(`select 1 from app_constants where name = 'blobEncryptionKey'`)).toHaveLength(1);
      } finally {
        await b.close();
      }
    } finally {
      await a.close();
    }
  });
});
