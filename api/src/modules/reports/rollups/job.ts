// The rollup job (decision 051): every few seconds, the visits queued by the write triggers are rolled up in
// batches, each batch one transaction holding the rollup's advisory lock, so any number of API instances run it
// once at a time and a batch that fails leaves the rollup as it was, its visits still queued for the next run.
// A run that moved something announces `reportRollup` once, and open dashboards read their figures again.
import type { Db } from '../../../db/client';
import { jobIntervalFromEnv, startPeriodicJob } from '../../../lib/periodic-job';
import { publishEvent } from '../../../services/events';
import * as repo from './repository';

export const REPORT_ROLLUP_BATCH = 2000;
/** What the announcement names; the dashboard reads its figures again when it hears it. */
export const REPORT_ROLLUP_ENTITY = 'reportRollup';

/**
 * Rolls up what is queued, batch after batch, until the queue is empty, `maxBatches` have run, or another
 * instance holds the lock. Answers how many visits were rolled up.
 */
export async function runReportRollupJob(
  db: Db,
  { batchSize = REPORT_ROLLUP_BATCH, maxBatches = 500 }: { batchSize?: number; maxBatches?: number } = {},
): Promise<{ visits: number; batches: number }> {
  let visits = 0;
  let batches = 0;
  try {
    while (batches < maxBatches) {
      const taken = await db.transaction(async (tx) => {
        if (!(await repo.lockRollup(tx))) return -1;
        const ids = await repo.takeQueuedVisits(tx, batchSize);
        if (!ids.length) return 0;
        await repo.rollUpVisits(tx, ids);
        return ids.length;
      });
      if (taken <= 0) break;
      visits += taken;
      batches++;
      if (taken < batchSize) break;
    }
  } finally {
    // Once per run, after the batches committed (a catch-up of many batches would otherwise have every open
    // dashboard read its figures again after each one); a batch that failed leaves the committed ones announced.
    if (visits > 0) await publishEvent(db, { entity: REPORT_ROLLUP_ENTITY, id: null, action: 'updated' });
  }
  return { visits, batches };
}

/**
 * REPORT_ROLLUP_JOB_MS: how often the job runs (default every 2 s, well inside the 60 s a report may lag; 0 turns
 * it off). Off under jest, where tests call {@link runReportRollupJob} themselves.
 */
export function reportRollupJobInterval(env: NodeJS.ProcessEnv = process.env): number {
  return jobIntervalFromEnv('REPORT_ROLLUP_JOB_MS', 2_000, env);
}

export function startReportRollupJob(
  db: Db,
  intervalMs: number,
  onError: (error: unknown) => void,
): () => Promise<void> {
  return startPeriodicJob(() => runReportRollupJob(db), intervalMs, onError);
}
