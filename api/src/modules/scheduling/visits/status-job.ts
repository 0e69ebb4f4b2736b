// The scheduled job: every minute, visits whose time has passed move on (shared-domain dueTransitions on the
// booked instants, decision 039: Active -> Expired after its end, Staffed -> VisitOverdue 15 minutes after its
// start), audited as the system, in batches. Several API instances may
// run it at once: each batch claims its rows with FOR UPDATE SKIP LOCKED and updates them conditionally.
// On PGlite, which has no autovacuum, each run then vacuums visits and episodes.
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import { PgliteDatabase } from 'drizzle-orm/pglite';
import {
  dueTransitions,
  latestTodayAnywhere,
  transitionFor,
  type VisitStatus,
  TIMED_VISIT_STATUSES,
} from '@carelane/shared-domain';
import { visits } from '../../../db/scheduling-schema';
import type { Db } from '../../../db/client';
import { recordAudit } from '../../../services/audit';
import { publishEvent } from '../../../services/events';
import type { RequestContext } from '../../../services/context';
import { noteSchedulingWrite } from '../brief-cache';
import { jobIntervalFromEnv, startPeriodicJob } from '../../../lib/periodic-job';

const SYSTEM: RequestContext = { actor: null, ip: null };
const SYSTEM_EMAIL = 'system (scheduled job)';
export const VISIT_STATUS_JOB_BATCH = 500;

/** Runs the job once at `now`; answers how many visits moved. Tests call it directly with their own `now`. */
export async function runVisitStatusJob(
  db: Db,
  now: Date = new Date(),
  batchSize = VISIT_STATUS_JOB_BATCH,
): Promise<{ expired: number; overdue: number }> {
  const moved = { expired: 0, overdue: 0 };
  // One status at a time, by date of service then id: the (status, date_of_service, id) index reads only the
  // visits up to today. (By id alone the planner walked the primary key through every visit, about 0.8 s on
  // PGlite with 1,000,000 visits, each minute, when none was due.)
  for (const jobStatus of TIMED_VISIT_STATUSES) {
    let after: { date: string; id: number } | null = null;
    for (;;) {
      const batch = await moveBatch(db, now, batchSize, jobStatus, after, moved);
      if (batch.length < batchSize) break;
      const last = batch[batch.length - 1]!;
      after = { date: last.dateOfService, id: last.id };
    }
  }
  if (moved.expired || moved.overdue) noteSchedulingWrite(db);
  return moved;
}

/** One batch of visits in `jobStatus` after the `after` key, claimed and moved in one transaction. */
function moveBatch(
  db: Db,
  now: Date,
  batchSize: number,
  jobStatus: VisitStatus,
  after: { date: string; id: number } | null,
  moved: { expired: number; overdue: number },
) {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({
        id: visits.id,
        status: visits.status,
        dateOfService: visits.dateOfService,
        startAt: visits.startAt,
        endAt: visits.endAt,
        version: visits.version,
        referralSourceId: visits.referralSourceId,
      })
      .from(visits)
      .where(
        and(
          eq(visits.status, jobStatus),
          // Dates are the organizations' own: none is after the latest today anywhere; the rule compares instants.
          lte(visits.dateOfService, latestTodayAnywhere(now)),
          after
            ? sql`(${visits.dateOfService}, ${visits.id}) > (${after.date}::date, ${after.id})`
            : undefined,
        ),
      )
      .orderBy(asc(visits.dateOfService), asc(visits.id))
      .limit(batchSize)
      .for('update', { skipLocked: true });
    for (const row of rows) {
      const status = row.status as VisitStatus;
      const [move] = dueTransitions({ status, startAt: row.startAt, endAt: row.endAt }, now);
      if (!move || transitionFor(status, move.action) !== move.to) continue;
      const [after] = await tx
        .update(visits)
        .set({ status: move.to, updatedAt: sql`now()`, version: row.version + 1 })
        .where(and(eq(visits.id, row.id), eq(visits.status, status), eq(visits.version, row.version)))
        .returning({ id: visits.id });
      if (!after) continue;
      await recordAudit(tx, SYSTEM, {
        entity: 'visit',
        entityId: row.id,
        action: 'UPDATE',
        diff: { status: { before: status, after: move.to } },
        userId: null,
        userEmail: SYSTEM_EMAIL,
      });
      await publishEvent(
        tx,
        { entity: 'visit', id: row.id, action: 'updated' },
        { referralSourceId: row.referralSourceId },
      );
      if (move.to === 'Expired') moved.expired++;
      else moved.overdue++;
    }
    return rows;
  });
}

/**
 * PGlite only (PostgreSQL has its autovacuum): vacuums visits and episodes; answers whether it did. PGlite runs
 * no autovacuum, so without this their pages are never marked all-visible and every count of the lists reads
 * the table's rows instead of the index alone. Only pages changed since the last run are read (the visibility
 * map) and index vacuuming is skipped while few rows are dead, so a run takes milliseconds; the first one after
 * a bulk load reads the whole table once (about 2 s for 1,000,000 visits).
 */
export async function vacuumOnPglite(db: Db): Promise<boolean> {
  if (!(db instanceof PgliteDatabase)) return false;
  await db.execute(sql`vacuum visits, episodes`);
  return true;
}

/**
 * VISIT_STATUS_JOB_MS: how often the job runs (default every minute; 0 turns it off). Off under jest unless a
 * test asks for it, so tests drive it by calling {@link runVisitStatusJob} with their own `now`.
 */
export function visitStatusJobInterval(env: NodeJS.ProcessEnv = process.env): number {
  return jobIntervalFromEnv('VISIT_STATUS_JOB_MS', 60_000, env);
}

/** Starts the periodic job; the answer stops it and waits for a run under way. */
export function startVisitStatusJob(
  db: Db,
  intervalMs: number,
  onError: (error: unknown) => void,
): () => Promise<void> {
  return startPeriodicJob(() => runVisitStatusJob(db).then(() => vacuumOnPglite(db)), intervalMs, onError);
}
