// The data key at start (decision 035), on both databases: a server restarted with a new DATA_KEY and the old one as
// DATA_KEY_PREVIOUS seals every account number and bank file again under the new key (a file kept in clear, as
// migration 0024 leaves one released before it, too) and serves the file as before; a key that opens nothing it
// keeps stops the start, and so does PostgreSQL without a key.
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { loadConfig, type AppConfig } from '../../config';
import { openDatabase } from '../../db/client';
import { DEMO_PASSWORD } from '../../db/seed';
import { keyIdOf } from '../../lib/blob-cipher';
import { DATA_KEY_MISSING, dataKeys } from '../../lib/data-key';
import { startServer, type RunningServer } from '../../server';
import { TEST_ARGON2 } from '../../test/db-snapshot';
import { DATABASE_KINDS, startTestServer, type TestServer } from '../../test/harness';

const NEW_KEY = 'the-data-key-after-the-rotation';
const OTHER_KEY = 'a-data-key-that-sealed-nothing-here';

describe.each(DATABASE_KINDS)('the data key at start [%s]', (kind) => {
  let first: TestServer;
  let fileId = 0;
  let fileText = '';
  const running: RunningServer[] = [];

  /** Another server on the first one's data (PostgreSQL: the same database; PGlite: a copy of its folder). */
  async function restart(keys: Partial<AppConfig>): Promise<RunningServer> {
    const config = loadConfig(
      { ...process.env, DATABASE_URL: '' },
      {
        port: 0,
        host: '127.0.0.1',
        dataDir: 'memory://',
        databaseUrl: first.services.config.databaseUrl,
        logLevel: 'silent',
        argon2: TEST_ARGON2,
        seedDemoData: false,
        dataKey: undefined,
        previousDataKey: undefined,
        ...keys,
      },
    );
    let copy;
    if (kind === 'pglite') {
      const client = (first.services.db as unknown as { $client: PGlite }).$client;
      await client.exec('checkpoint');
      copy = await openDatabase({ dataDir: 'memory://', loadDataDir: await client.dumpDataDir('none') });
    }
    const server = await startServer(config, copy);
    running.push(server);
    return server;
  }

  const rows = async <T>(server: RunningServer, text: string) =>
    ((await server.services.db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;

  async function download(server: RunningServer, id: number): Promise<string> {
    const login = await fetch(`${server.url}/api/security/authenticate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ emailId: 'backoffice@carelane.local', password: DEMO_PASSWORD }),
    });
    const { token } = (await login.json()) as { token: string };
    const res = await fetch(`${server.url}/api/operation/nachaFiles/${id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    return res.text();
  }

  beforeAll(async () => {
    first = await startTestServer(kind);
    const [file] = await first.sql<{ id: number }>('select id from nacha_files order by id limit 1');
    fileId = file!.id;
    fileText = await download(first, fileId);
    // As migration 0024 leaves a file released before it: in clear, not sealed.
    await first.sql('update nacha_files set content = $1, content_sealed = null where id = $2', [
      fileText,
      fileId,
    ]);
  });

  afterAll(async () => {
    for (const server of running.reverse()) await server.close();
    await first?.close();
  });

  it('seals everything again under a new DATA_KEY, with the old one as DATA_KEY_PREVIOUS, and serves the file as before', async () => {
    const oldKey = dataKeys(first.services.config).current;
    const rotated = await restart({ dataKey: NEW_KEY, previousDataKey: oldKey });
    const prefix = `${keyIdOf(NEW_KEY)}:`;
    const accounts = await rows<{ account_sealed: string }>(
      rotated,
      'select account_sealed from provider_bank_accounts',
    );
    expect(accounts.length).toBeGreaterThan(0);
    expect(accounts.every((a) => a.account_sealed.startsWith(prefix))).toBe(true);
    const files = await rows<{ id: number; content: string | null; content_sealed: string }>(
      rotated,
      'select id, content, content_sealed from nacha_files',
    );
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      expect(file.content).toBeNull();
      expect(file.content_sealed.startsWith(prefix)).toBe(true);
    }
    expect(await download(rotated, fileId)).toBe(fileText);
  });

  it('does not start with a key that opens none of what it keeps, naming DATA_KEY_PREVIOUS', async () => {
    await expect(restart({ dataKey: OTHER_KEY })).rejects.toThrow(/DATA_KEY_PREVIOUS/);
  });

  if (kind === 'postgres')
    it('does not start on PostgreSQL without a DATA_KEY', async () => {
      await expect(restart({})).rejects.toThrow(DATA_KEY_MISSING);
    });
});
