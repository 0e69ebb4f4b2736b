// REPORTS_DATABASE_URL (decision 051), PostgreSQL only: the reports read through their own read-only pool, the
// rest of the API (and the rollup job) writes through DATABASE_URL. Here the "replica" URL names the primary
// itself, so both servers see the same rows and the pool's read-only transactions are what is checked.
import { sql } from 'drizzle-orm';
import type { Dashboard, MetricDrill } from '@carelane/shared-domain';
import { openDatabase } from '../../../db/client';
import { DATABASE_KINDS, startTestServer, type TestServer } from '../../../test/harness';
import { orgDay } from '../../../test/org-days';
import { runReportRollupJob } from './job';

const onPostgres = DATABASE_KINDS.includes('postgres') ? describe : describe.skip;

onPostgres('reports on a read replica (REPORTS_DATABASE_URL) [postgres]', () => {
  let primary: TestServer;
  let withReplica: TestServer;

  beforeAll(async () => {
    primary = await startTestServer('postgres');
    const url = primary.services.config.databaseUrl!;
    withReplica = await startTestServer('postgres', { databaseUrl: url, reportsDatabaseUrl: url });
    await runReportRollupJob(primary.services.db);
  }, 120_000);

  afterAll(async () => {
    await withReplica?.close();
    await primary?.close();
  });

  it('answers the dashboard and its drill-down from the replica as the primary does', async () => {
    const query = `from=${orgDay(-30)}&to=${orgDay(30)}`;
    const viaPrimary = await primary.request<Dashboard>('GET', `/api/admin/reports/dashboard?${query}`, {
      token: await primary.login('admin@carelane.local'),
    });
    const token = await withReplica.login('director@carelane.local');
    const viaReplica = await withReplica.request<Dashboard>('GET', `/api/admin/reports/dashboard?${query}`, {
      token,
    });
    expect(viaReplica.status).toBe(200);
    expect(viaReplica.body.metrics).toEqual(viaPrimary.body.metrics);
    const staffed = viaReplica.body.metrics.find((m) => m.key === 'staffingRate')!.current.numerator;
    expect(staffed).toBeGreaterThan(0);
    const drill = await withReplica.request<MetricDrill>(
      'GET',
      `/api/admin/reports/dashboard/records?${query}&metric=staffingRate&part=numerator`,
      { token },
    );
    expect(drill.status).toBe(200);
    expect(drill.body.paging.totalCount).toBe(staffed);
  });

  it('cannot write through the reports pool, and writes elsewhere still go to the primary', async () => {
    const refused: unknown = await withReplica.services.reportsDb
      .execute(sql`update visits set updated_at = now() where id = 0`)
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect((refused as { cause?: Error } | null)?.cause?.message).toMatch(/read-only transaction/);
    expect(withReplica.services.reportsDb).not.toBe(withReplica.services.db);
    expect(primary.services.reportsDb).toBe(primary.services.db);
    const [row] = await withReplica.sql<{ n: number }>(
      `update visits set updated_at = updated_at where id = (select min(id) from visits) returning 1 as n`,
    );
    expect(row!.n).toBe(1);
  });

  it("runs every statement of the API's pools, the reports' too, without PostgreSQL's JIT", async () => {
    for (const ex of [withReplica.services.db, withReplica.services.reportsDb, primary.services.db]) {
      const result = (await ex.execute(sql`show jit`)) as unknown as { rows: { jit: string }[] };
      expect(result.rows[0]!.jit).toBe('off');
    }
  });

  it('refuses a replica without a PostgreSQL primary', async () => {
    await expect(
      openDatabase({ dataDir: 'memory://', reportsDatabaseUrl: 'postgres://127.0.0.1/replica' }),
    ).rejects.toThrow(
      'REPORTS_DATABASE_URL names a replica of DATABASE_URL: it needs DATABASE_URL (PostgreSQL).',
    );
  });
});
