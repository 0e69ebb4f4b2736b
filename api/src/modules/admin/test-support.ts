import pg from 'pg';
import type { TestServer } from '../../test/harness';

/**
 * Runs `saves` (requests that each read a row and then write it) while another connection holds that
 * row locked, and releases the lock only once `waiters` of them are blocked on it. Every request has
 * then read the same version before any writes, so a lost update shows every time, not by chance.
 * PGlite has one connection and runs transactions one after another, so there it simply runs them.
 */
export async function savesRacingOnRow<T>(
  s: TestServer,
  row: { table: string; idColumn: string; id: number },
  waiters: number,
  saves: () => Promise<T>,
): Promise<T> {
  const url = s.services.config.databaseUrl;
  if (s.kind !== 'postgres' || !url) return saves();
  const lock = new pg.Client({ connectionString: url });
  await lock.connect();
  try {
    await lock.query('begin');
    await lock.query(`select 1 from ${row.table} where ${row.idColumn} = $1 for update`, [row.id]);
    const running = saves();
    const deadline = Date.now() + 10_000;
    for (;;) {
      // Inside a transaction the activity view is a snapshot taken at first use: take a fresh one.
      await lock.query('select pg_stat_clear_snapshot()');
      const { rows } = await lock.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity
         where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
      );
      if (rows[0]!.n >= waiters) break;
      if (Date.now() > deadline) throw new Error(`only ${rows[0]!.n} of ${waiters} saves reached the lock`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await lock.query('commit');
    return await running;
  } finally {
    await lock.end();
  }
}
