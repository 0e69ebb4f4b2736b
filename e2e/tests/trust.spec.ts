// Issue 23 on the product a user runs: a fresh `npm start` on the embedded database, and again on PostgreSQL
// when DATABASE_URL names a server (the app then runs as its own non-superuser role). On each: the access log is
// poisoned with ids the database cannot hold and every read after it is recorded; every documented route gets
// the bad-input walk (deep bodies, out-of-range dates, malformed ids) and answers no 5xx; the log, poisoned by
// the walk too, still records every read.
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { poisonThenRead, POISON_REQUESTS } from '../../api/src/test/access-log-probe';
import { walkEveryRoute } from '../../api/src/test/route-walk';
import { DEMO_PASSWORD } from '../support/fixtures';
import { RUN_DIR } from '../support/paths';
import { freshPostgresDatabase, type FreshDatabase } from '../support/postgres';
import { startProduct, type ProductServer } from '../support/product-server';

const DATABASES = [
  { name: 'the embedded database', postgres: false },
  ...(process.env.DATABASE_URL ? [{ name: 'PostgreSQL', postgres: true }] : []),
];

async function login(url: string, emailId: string): Promise<string> {
  const response = await fetch(`${url}/api/security/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ emailId, password: DEMO_PASSWORD }),
  });
  if (response.status !== 200) throw new Error(`sign-in of ${emailId} answered ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}

for (const database of DATABASES) {
  test.describe(`a fresh npm start on ${database.name}`, () => {
    test.describe.configure({ mode: 'serial' });
    let server: ProductServer | undefined;
    let postgres: FreshDatabase | undefined;

    test.beforeAll(async () => {
      test.setTimeout(5 * 60_000);
      const runDir = path.join(RUN_DIR, `trust-${database.postgres ? 'postgres' : 'pglite'}`);
      postgres = database.postgres ? await freshPostgresDatabase(process.env.DATABASE_URL!) : undefined;
      server = await startProduct({
        runDir,
        databaseUrl: postgres?.url,
        // PostgreSQL needs a data key (decision 035); the embedded database makes its own.
        env: postgres ? { DATA_KEY: 'e2e-trust-data-key-0123456789' } : {},
        startWithinMs: 4 * 60_000,
      });
    });

    test.afterAll(async () => {
      await server?.stop();
      await postgres?.drop();
    });

    const target = () => ({ url: server!.url, login: (emailId: string) => login(server!.url, emailId) });

    test('reads after ids the database cannot hold are all recorded', async () => {
      const result = await poisonThenRead(target());
      // A 5,000-digit id is longer than the router lets a path parameter be: it matches no route (404);
      // every other poison is refused as bad input (400) before anything is read or logged.
      const expected = POISON_REQUESTS.map(([, url]) => (url.length > 1000 ? 404 : 400));
      expect(result.poisonStatuses).toEqual(expected);
      expect(result.patientsRead.length).toBeGreaterThan(0);
      expect(result.patientsRecorded).toEqual(result.patientsRead);
      expect(result.refusalRecorded).toBe(true);
    });

    test('bad input on every documented route answers no 5xx, and the log still records every read', async () => {
      test.setTimeout(12 * 60_000);
      const walk = await walkEveryRoute(target());
      expect(walk.operations).toBeGreaterThan(100);
      expect(walk.sent).toBeGreaterThan(walk.operations * 10);
      expect(Object.keys(walk.statuses).filter((status) => Number(status) >= 500)).toEqual([]);
      expect(walk.failures).toEqual([]);
      // The walk's last case resets the administrator's password (as a valid reset would): the director reads.
      const after = await poisonThenRead(target(), { reader: 'director@carelane.local' });
      expect(after.patientsRecorded).toEqual(after.patientsRead);
      expect(after.refusalRecorded).toBe(true);
    });
  });
}
