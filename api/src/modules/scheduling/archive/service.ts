import { desc, eq, sql } from 'drizzle-orm';
import { type ArchivePreview, type ArchiveRun, type ArchiveStart } from '@carelane/shared-domain';
import { archiveRuns } from '../../../db/scheduling-schema';
import { reasonLabels } from '../../admin/constants/repository';
import { queryRows, type Executor } from '../../../db/client';
import { badRequest, conflict, failureText, notFound } from '../../../lib/errors';
import { recordAudit } from '../../../services/audit';
import type { AppServices } from '../../../services/app-services';
import type { RequestContext } from '../../../services/context';
import { publishEvent } from '../../../services/events';
import { episodeToArchive, patientToArchive } from './criteria';

/** Rows archived per transaction: a batch is archived whole or not at all. */
export const ARCHIVE_BATCH_SIZE = 100;
const REASONS_CONSTANT = 'episodeArchiveReasons';

type RunRow = typeof archiveRuns.$inferSelect;
export const toArchiveRun = (r: RunRow): ArchiveRun => ({
  ...r,
  status: r.status as ArchiveRun['status'],
  createdAt: r.createdAt.toISOString(),
  finishedAt: r.finishedAt?.toISOString() ?? null,
});

export async function previewArchive(ex: Executor, olderThan: string): Promise<ArchivePreview> {
  const [row] = await queryRows<{ episodes: number; patients: number }>(
    ex,
    sql`select
      (select count(*)::int from episodes e where ${episodeToArchive('e', olderThan)}) as episodes,
      (select count(*)::int from patients p where ${patientToArchive('p', olderThan)}) as patients`,
  );
  return { olderThan, episodes: row?.episodes ?? 0, patients: row?.patients ?? 0 };
}

export function assertNotInFuture(olderThan: string) {
  const today = new Date().toISOString().slice(0, 10);
  if (olderThan > today) throw badRequest('olderThan', 'must not be in the future');
}

export async function listRuns(ex: Executor): Promise<ArchiveRun[]> {
  const rows = await ex.select().from(archiveRuns).orderBy(desc(archiveRuns.id)).limit(10);
  return rows.map(toArchiveRun);
}

export async function readRun(ex: Executor, id: number): Promise<ArchiveRun> {
  const [row] = await ex.select().from(archiveRuns).where(eq(archiveRuns.id, id));
  if (!row) throw notFound('The archive run');
  return toArchiveRun(row);
}

/** Checks and records a run; the caller starts `processRun` once this has committed. */
export async function createRun(
  services: AppServices,
  ctx: RequestContext,
  input: ArchiveStart,
): Promise<ArchiveRun> {
  assertNotInFuture(input.olderThan);
  return services.db.transaction(async (tx) => {
    // One run at a time: the lock makes two confirmations in the same instant queue up here.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('carelane.archive_runs'))`);
    const reasons = await reasonLabels(tx, REASONS_CONSTANT);
    if (!reasons.includes(input.episodeReason))
      throw badRequest('episodeReason', `must be one of the ${REASONS_CONSTANT}`);
    if (!reasons.includes(input.patientReason))
      throw badRequest('patientReason', `must be one of the ${REASONS_CONSTANT}`);
    const [running] = await tx
      .select({ id: archiveRuns.id })
      .from(archiveRuns)
      .where(eq(archiveRuns.status, 'Running'));
    if (running)
      throw conflict('An archive run is already in progress. Wait for it to finish.', 'ARCHIVE_RUNNING');
    const preview = await previewArchive(tx, input.olderThan);
    if (preview.episodes !== input.expectedEpisodes || preview.patients !== input.expectedPatients) {
      throw conflict(
        `What would be archived has changed: now ${preview.episodes} service requests and ${preview.patients} patients. Review the new count and confirm again.`,
        'ARCHIVE_COUNT_CHANGED',
      );
    }
    const [row] = await tx
      .insert(archiveRuns)
      .values({
        olderThan: input.olderThan,
        episodeReason: input.episodeReason,
        patientReason: input.patientReason,
        total: preview.episodes + preview.patients,
        createdBy: ctx.actor?.userId ?? null,
      })
      .returning();
    await recordAudit(tx, ctx, {
      entity: 'archiveRun',
      entityId: row!.id,
      action: 'CREATE',
      before: null,
      after: row,
    });
    await publishEvent(tx, { entity: 'archiveRun', id: row!.id, action: 'created' }, { staffOnly: true });
    return toArchiveRun(row!);
  });
}

type Kind = {
  table: 'episodes' | 'patients';
  entity: 'episode' | 'patient';
  status: string;
  reason: string | null;
};

/** Archives one batch in one transaction; answers how many rows it archived. */
async function archiveBatch(
  services: AppServices,
  ctx: RequestContext,
  run: RunRow,
  kind: Kind,
): Promise<number> {
  return services.db.transaction(async (tx) => {
    const table = sql.raw(kind.table);
    const where =
      kind.table === 'episodes' ? episodeToArchive('t', run.olderThan) : patientToArchive('t', run.olderThan);
    const picked = await queryRows<{ id: number; status: string }>(
      tx,
      sql`select t.id, t.status from ${table} t where ${where} order by t.id limit ${ARCHIVE_BATCH_SIZE} for update skip locked`,
    );
    if (!picked.length) return 0;
    const ids = picked.map((row) => row.id);
    await tx.execute(sql`update ${table} set status = ${kind.status}, archive_reason = ${kind.reason},
      archived_at = now(), updated_at = now(), version = version + 1
      where id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`);
    for (const row of picked) {
      await recordAudit(tx, ctx, {
        // The run's author, also when the run is resumed after a restart (no request then).
        userId: run.createdBy,
        entity: kind.entity,
        entityId: row.id,
        action: 'UPDATE',
        diff: {
          status: { before: row.status, after: kind.status },
          archiveReason: { before: null, after: kind.reason },
          archiveRunId: { before: null, after: run.id },
        },
      });
    }
    await tx
      .update(archiveRuns)
      .set({ done: sql`${archiveRuns.done} + ${picked.length}` })
      .where(eq(archiveRuns.id, run.id));
    await publishEvent(tx, { entity: kind.entity, id: null, action: 'updated' });
    await publishEvent(tx, { entity: 'archiveRun', id: run.id, action: 'updated' }, { staffOnly: true });
    return picked.length;
  });
}

/** Runs still marked Running (their server stopped mid-way); resuming is safe, a batch takes only unlocked rows. */
export async function runningRunIds(ex: Executor): Promise<number[]> {
  const rows = await ex
    .select({ id: archiveRuns.id })
    .from(archiveRuns)
    .where(eq(archiveRuns.status, 'Running'));
  return rows.map((row) => row.id);
}

/** Runs in the background after the request answered: episodes first, then the patients left without any. */
export async function processRun(services: AppServices, ctx: RequestContext, runId: number): Promise<void> {
  const [run] = await services.db.select().from(archiveRuns).where(eq(archiveRuns.id, runId));
  if (!run) return;
  try {
    const kinds: Kind[] = [
      { table: 'episodes', entity: 'episode', status: 'Archived', reason: run.episodeReason },
      { table: 'patients', entity: 'patient', status: 'ARCHIVED', reason: run.patientReason },
    ];
    for (const kind of kinds) {
      while ((await archiveBatch(services, ctx, run, kind)) > 0) {
        /* next batch */
      }
    }
    await services.db
      .update(archiveRuns)
      .set({ status: 'Done', finishedAt: sql`now()` })
      .where(eq(archiveRuns.id, runId));
  } catch (error) {
    await services.db
      .update(archiveRuns)
      .set({
        status: 'Failed',
        error: failureText(error),
        finishedAt: sql`now()`,
      })
      .where(eq(archiveRuns.id, runId))
      .catch(() => undefined);
  }
}
