// Files of a service request: the rules and transactions behind routes.ts. See docs/decisions/012-files.md.
import {
  episodeIsEditable,
  FILE_MESSAGES,
  type EpisodeFile,
  type EpisodeFileList,
} from '@carelane/shared-domain';
import type { Tx } from '../../../db/client';
import { conflict, notFound } from '../../../lib/errors';
import { readOf } from '../../../services/access-log';
import { recordAudit } from '../../../services/audit';
import type { AppServices } from '../../../services/app-services';
import { requireActor, type Actor, type RequestContext } from '../../../services/context';
import { publishEvent } from '../../../services/events';
import { checkUpload, fileSizeLimitMb } from '../../../services/file-upload';
import { loadEpisode } from '../episodes/repository';
import {
  FILE_THING,
  findFile,
  holdEpisode,
  insertFile,
  listFiles,
  readContent,
  softDeleteFile,
} from './repository';

const ENTITY = 'episodeFile';

/**
 * The service request whose files are changed: in the actor's scope, held (FOR SHARE) so its status cannot
 * change before this transaction commits, and editable.
 */
async function writableEpisode(tx: Tx, actor: Actor, id: number) {
  await holdEpisode(tx, id);
  const { episode } = await loadEpisode(tx, actor, id);
  if (!episodeIsEditable(episode.status)) throw conflict(FILE_MESSAGES.locked(episode.status));
  return episode;
}

async function audit(
  tx: Tx,
  ctx: RequestContext,
  action: 'CREATE' | 'READ' | 'DELETE',
  file: { id: number; episodeId: number; fileName: string; contentType?: string; sizeBytes?: number },
) {
  const record = {
    episodeId: file.episodeId,
    fileName: file.fileName,
    contentType: file.contentType,
    sizeBytes: file.sizeBytes,
  };
  await recordAudit(tx, ctx, {
    entity: ENTITY,
    entityId: file.id,
    action,
    before: action === 'CREATE' ? null : record,
    after: action === 'DELETE' ? null : record,
  });
}

export async function listEpisodeFiles(
  services: AppServices,
  ctx: RequestContext,
  episodeId: number,
): Promise<EpisodeFileList> {
  const { episode } = await loadEpisode(
    services.db,
    requireActor(ctx),
    episodeId,
    readOf(ctx, 'fileList', episodeId),
  );
  const [rows, limit] = await Promise.all([listFiles(services.db, episode.id), fileSizeLimitMb(services.db)]);
  return { rows, fileSizeLimitMb: limit };
}

/** Checks name, size and content, then stores the file with its audit record and event, in one transaction. */
export async function uploadEpisodeFile(
  services: AppServices,
  ctx: RequestContext,
  episodeId: number,
  fileName: string,
  content: Buffer,
): Promise<EpisodeFile> {
  const actor = requireActor(ctx);
  return services.db.transaction(async (tx) => {
    const episode = await writableEpisode(tx, actor, episodeId);
    const contentType = await checkUpload(tx, fileName, content);
    const id = await insertFile(tx, {
      episodeId: episode.id,
      fileName,
      contentType,
      content,
      uploadedBy: actor.userId,
    });
    const file = await findFile(tx, episode.id, id);
    await audit(tx, ctx, 'CREATE', file);
    await publishEvent(
      tx,
      { entity: ENTITY, id, action: 'created' },
      { referralSourceId: episode.referralSourceId },
    );
    return file;
  });
}

/** The bytes of a file; the read is recorded as a read of the patient's data. */
export async function downloadEpisodeFile(
  services: AppServices,
  ctx: RequestContext,
  episodeId: number,
  fileId: number,
): Promise<{ fileName: string; contentType: string; content: Buffer }> {
  const actor = requireActor(ctx);
  return services.db.transaction(async (tx) => {
    const { episode } = await loadEpisode(tx, actor, episodeId, readOf(ctx, 'fileDownload', fileId));
    return readContent(tx, episode.id, fileId);
  });
}

/** Marks the file deleted (it leaves the list; the record stays). */
export async function deleteEpisodeFile(
  services: AppServices,
  ctx: RequestContext,
  episodeId: number,
  fileId: number,
): Promise<void> {
  const actor = requireActor(ctx);
  await services.db.transaction(async (tx) => {
    const episode = await writableEpisode(tx, actor, episodeId);
    const file = await findFile(tx, episode.id, fileId);
    if (!(await softDeleteFile(tx, episode.id, fileId))) throw notFound(FILE_THING);
    await audit(tx, ctx, 'DELETE', file);
    await publishEvent(
      tx,
      { entity: ENTITY, id: fileId, action: 'deleted' },
      { referralSourceId: episode.referralSourceId },
    );
  });
}
