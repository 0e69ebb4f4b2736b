// The archive's records: its runs, what a cut-off date would archive, and one batch of episodes or patients
// marked archived.
import { desc, eq, sql } from 'drizzle-orm';
import { archiveRuns } from '../../../db/scheduling-schema';
import { queryRows, type Executor } from '../../../db/client';
import { episodeToArchive, patientToArchive } from './criteria';

export type RunRow = typeof archiveRuns.$inferSelect;
export type ArchiveTable = 'episodes' | 'patients';

/** How many episodes and patients a run with this cut-off date would archive now. */
export async function countToArchive(ex: Executor, olderThan: string) {
  const [row] = await queryRows<{ episodes: number; patients: number }>(
    ex,
    sql`select
      (select count(*)::int from episodes e where ${episodeToArchive('e', olderThan)}) as episodes,
      (select count(*)::int from patients p where ${patientToArchive('p', olderThan)}) as patients`,
  );
  return { episodes: row?.episodes ?? 0, patients: row?.patients ?? 0 };
}

export function latestRuns(ex: Executor, limit: number): Promise<RunRow[]> {
  return ex.select().from(archiveRuns).orderBy(desc(archiveRuns.id)).limit(limit);
}

export async function findRun(ex: Executor, id: number): Promise<RunRow | null> {
  const [row] = await ex.select().from(archiveRuns).where(eq(archiveRuns.id, id));
  return row ?? null;
}

/** Waits for any other run being started (two confirmations in the same instant queue up here). */
export async function lockRunStart(tx: Executor): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('carelane.archive_runs'))`);
}

/** Runs still marked Running. */
export async function runningRunIds(ex: Executor): Promise<number[]> {
  const rows = await ex
    .select({ id: archiveRuns.id })
    .from(archiveRuns)
    .where(eq(archiveRuns.status, 'Running'));
  return rows.map((row) => row.id);
}

export async function insertRun(tx: Executor, values: typeof archiveRuns.$inferInsert): Promise<RunRow> {
  const [row] = await tx.insert(archiveRuns).values(values).returning();
  return row!;
}

/** The next rows to archive (at most `limit`), locked; rows another batch holds are skipped. */
export function pickBatch(
  tx: Executor,
  table: ArchiveTable,
  olderThan: string,
  limit: number,
): Promise<{ id: number; status: string }[]> {
  const where = table === 'episodes' ? episodeToArchive('t', olderThan) : patientToArchive('t', olderThan);
  return queryRows<{ id: number; status: string }>(
    tx,
    sql`select t.id, t.status from ${sql.raw(table)} t where ${where} order by t.id limit ${limit} for update skip locked`,
  );
}

export async function markArchived(
  tx: Executor,
  table: ArchiveTable,
  ids: readonly number[],
  { status, reason }: { status: string; reason: string | null },
): Promise<void> {
  await tx.execute(sql`update ${sql.raw(table)} set status = ${status}, archive_reason = ${reason},
      archived_at = now(), updated_at = now(), version = version + 1
      where id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`);
}

export async function countDone(tx: Executor, runId: number, archived: number): Promise<void> {
  await tx
    .update(archiveRuns)
    .set({ done: sql`${archiveRuns.done} + ${archived}` })
    .where(eq(archiveRuns.id, runId));
}

export async function finishRun(
  ex: Executor,
  runId: number,
  outcome: { status: 'Done' } | { status: 'Failed'; error: string },
): Promise<void> {
  await ex
    .update(archiveRuns)
    .set({ ...outcome, finishedAt: sql`now()` })
    .where(eq(archiveRuns.id, runId));
}
