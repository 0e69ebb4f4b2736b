// Archiving old service requests and patients (SPEC §7 archiveOldData): a run is checked and recorded in one
// transaction, then works in the background a batch at a time (each batch whole or not at all), audited.
import { type ArchivePreview, type ArchiveRun, type ArchiveStart } from '@carelane/shared-domain';
import { reasonLabels } from '../../admin/constants';
import type { Executor } from '../../../db/client';
import { badRequest, conflict, failureText, notFound } from '../../../lib/errors';
import { recordAudit } from '../../../services/audit';
import type { AppServices } from '../../../services/app-services';
import type { RequestContext } from '../../../services/context';
import { publishEvent } from '../../../services/events';
import * as repo from './repository';

/** Rows archived per transaction: a batch is archived whole or not at all. */
export const ARCHIVE_BATCH_SIZE = 100;
const REASONS_CONSTANT = 'episodeArchiveReasons';
const RUNS_LISTED = 10;

export const toArchiveRun = (r: repo.RunRow): ArchiveRun => ({
  ...r,
  status: r.status as ArchiveRun['status'],
  createdAt: r.createdAt.toISOString(),
  finishedAt: r.finishedAt?.toISOString() ?? null,
});

export async function previewArchive(ex: Executor, olderThan: string): Promise<ArchivePreview> {
  return { olderThan, ...(await repo.countToArchive(ex, olderThan)) };
}

export function assertNotInFuture(olderThan: string) {
  const today = new Date().toISOString().slice(0, 10);
  if (olderThan > today) throw badRequest('olderThan', 'must not be in the future');
}

export async function listRuns(ex: Executor): Promise<ArchiveRun[]> {
  return (await repo.latestRuns(ex, RUNS_LISTED)).map(toArchiveRun);
}

export async function readRun(ex: Executor, id: number): Promise<ArchiveRun> {
  const row = await repo.findRun(ex, id);
  if (!row) throw notFound('The archive run');
  return toArchiveRun(row);
}

/** Runs still marked Running (their server stopped mid-way); resuming is safe, a batch takes only unlocked rows. */
export const runningRunIds = repo.runningRunIds;

/** Checks and records a run; the caller starts `processRun` once this has committed. */
export async function createRun(
  services: AppServices,
  ctx: RequestContext,
  input: ArchiveStart,
): Promise<ArchiveRun> {
  assertNotInFuture(input.olderThan);
  return services.db.transaction(async (tx) => {
    // One run at a time: the lock makes two confirmations in the same instant queue up here.
    await repo.lockRunStart(tx);
    const reasons = await reasonLabels(tx, REASONS_CONSTANT);
    if (!reasons.includes(input.episodeReason))
      throw badRequest('episodeReason', `must be one of the ${REASONS_CONSTANT}`);
    if (!reasons.includes(input.patientReason))
      throw badRequest('patientReason', `must be one of the ${REASONS_CONSTANT}`);
    if ((await repo.runningRunIds(tx)).length > 0)
      throw conflict('An archive run is already in progress. Wait for it to finish.', 'ARCHIVE_RUNNING');
    const preview = await previewArchive(tx, input.olderThan);
    if (preview.episodes !== input.expectedEpisodes || preview.patients !== input.expectedPatients) {
      throw conflict(
        `What would be archived has changed: now ${preview.episodes} service requests and ${preview.patients} patients. Review the new count and confirm again.`,
        'ARCHIVE_COUNT_CHANGED',
      );
    }
    const row = await repo.insertRun(tx, {
      olderThan: input.olderThan,
      episodeReason: input.episodeReason,
      patientReason: input.patientReason,
      total: preview.episodes + preview.patients,
      createdBy: ctx.actor?.userId ?? null,
    });
    await recordAudit(tx, ctx, {
      entity: 'archiveRun',
      entityId: row.id,
      action: 'CREATE',
      before: null,
      after: row,
    });
    await publishEvent(tx, { entity: 'archiveRun', id: row.id, action: 'created' }, { staffOnly: true });
    return toArchiveRun(row);
  });
}

type Kind = {
  table: repo.ArchiveTable;
  entity: 'episode' | 'patient';
  status: string;
  reason: string | null;
};

/** Archives one batch in one transaction; answers how many rows it archived. */
async function archiveBatch(
  services: AppServices,
  ctx: RequestContext,
  run: repo.RunRow,
  kind: Kind,
): Promise<number> {
  return services.db.transaction(async (tx) => {
    const picked = await repo.pickBatch(tx, kind.table, run.olderThan, ARCHIVE_BATCH_SIZE);
    if (!picked.length) return 0;
    await repo.markArchived(
      tx,
      kind.table,
      picked.map((row) => row.id),
      kind,
    );
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
    await repo.countDone(tx, run.id, picked.length);
    await publishEvent(tx, { entity: kind.entity, id: null, action: 'updated' });
    await publishEvent(tx, { entity: 'archiveRun', id: run.id, action: 'updated' }, { staffOnly: true });
    return picked.length;
  });
}

/** Runs in the background after the request answered: episodes first, then the patients left without any. */
export async function processRun(services: AppServices, ctx: RequestContext, runId: number): Promise<void> {
  const run = await repo.findRun(services.db, runId);
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
    await repo.finishRun(services.db, runId, { status: 'Done' });
  } catch (error) {
    await repo
      .finishRun(services.db, runId, { status: 'Failed', error: failureText(error) })
      .catch(() => undefined);
  }
}
