// The day a daily job last completed (job_runs), so that a server started later the same day leaves it done.
import { eq, sql } from 'drizzle-orm';
import { jobRuns } from '../db/schema';
import type { Executor } from '../db/client';

/** Written in the job's own transaction: the day counts as done only if the run commits. */
export async function markJobRun(tx: Executor, name: string, day: string): Promise<void> {
  await tx
    .insert(jobRuns)
    .values({ name, lastDay: day })
    .onConflictDoUpdate({ target: jobRuns.name, set: { lastDay: day, finishedAt: sql`now()` } });
}

export async function lastJobRunDay(ex: Executor, name: string): Promise<string | null> {
  const [row] = await ex.select({ day: jobRuns.lastDay }).from(jobRuns).where(eq(jobRuns.name, name));
  return row?.day ?? null;
}
