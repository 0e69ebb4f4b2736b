// Files of a service request under /api/fileserver (SPEC §7): list, upload (the raw bytes as the body),
// download and delete. The service request's organization scope decides who sees them; its write page and
// an editable status decide who may add or delete. See docs/decisions/012-files.md.
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  effectiveFileSizeLimitMb,
  episodeFileListSchema,
  episodeFileParamsSchema,
  episodeFileSchema,
  episodeFileUploadQuerySchema,
  episodeIsEditable,
  FILE_MESSAGES,
  FILE_UPLOAD_CONTENT_TYPES,
  fileSizeLimitBytes,
  fileTypeOf,
  idParamsSchema,
  MAX_FILE_SIZE_LIMIT_MB,
} from '@carelane/shared-domain';
import { episodes } from '../../../db/scheduling-schema';
import type { Executor, Tx } from '../../../db/client';
import { AppError, conflict, notFound } from '../../../lib/errors';
import { errorResponses, messageSchema } from '../../../lib/route-schema';
import { recordAudit } from '../../../services/audit';
import type { AppServices } from '../../../services/app-services';
import { requireActor, type Actor, type RequestContext } from '../../../services/context';
import { publishEvent } from '../../../services/events';
import { loadTypedConstants } from '../../admin/constants/repository';
import { loadEpisode } from '../episodes/repository';
import { FILE_THING, findFile, insertFile, listFiles, readContent, softDeleteFile } from './repository';

const tags = ['service request files'];
const readPages = { page: ['serviceRequest', 'serviceRequestDetail'] };
const writePages = { page: 'serviceRequestDetail' };
const FILES = '/api/fileserver/episodes/:id/files';
const ENTITY = 'episodeFile';

/** Answers naming the `file` field: a wrong type or an empty file (400), one over the limit (413). */
const fileRefused = (message: string, statusCode = 400, code = 'VALIDATION') =>
  new AppError(statusCode, code, message, [{ field: 'file', message }]);

const uploadBodySchema = z
  .custom<Buffer>((value) => Buffer.isBuffer(value), {
    error: 'must be the file itself, sent as application/octet-stream or its own type',
  })
  .meta({ type: 'string', format: 'binary' })
  .optional();

async function fileSizeLimitMb(ex: Executor): Promise<number> {
  return effectiveFileSizeLimitMb((await loadTypedConstants(ex)).fileSizeLimitMb);
}

/**
 * The service request whose files are changed: in the actor's scope, held (FOR SHARE) so its status cannot
 * change before this transaction commits, and editable.
 */
async function writableEpisode(tx: Tx, actor: Actor, id: number) {
  await tx.select({ id: episodes.id }).from(episodes).where(eq(episodes.id, id)).for('share');
  const { episode } = await loadEpisode(tx, actor, id);
  if (!episodeIsEditable(episode.status)) throw conflict(FILE_MESSAGES.locked(episode.status));
  return episode;
}

/** RFC 6266: an ASCII fallback name and the exact name in UTF-8. */
export function contentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const exact = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${exact}`;
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

export const episodeFilesRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (
  app,
  { services },
) => {
  // Only this plugin's routes take raw bytes. The body limit is the most any fileSizeLimit may allow; the
  // handler checks the configured one and names the limit in its answer.
  app.addContentTypeParser(
    FILE_UPLOAD_CONTENT_TYPES,
    { parseAs: 'buffer', bodyLimit: fileSizeLimitBytes(MAX_FILE_SIZE_LIMIT_MB) },
    (_request, body, done) => done(null, body),
  );

  app.get(
    FILES,
    {
      config: readPages,
      schema: {
        tags,
        summary: 'The files of a service request, oldest first, with the file size limit in force',
        params: idParamsSchema,
        response: { 200: episodeFileListSchema, ...errorResponses },
      },
    },
    async (request) => {
      const actor = requireActor(request.ctx);
      const { episode } = await loadEpisode(services.db, actor, request.params.id);
      const [rows, limit] = await Promise.all([
        listFiles(services.db, episode.id),
        fileSizeLimitMb(services.db),
      ]);
      return { rows, fileSizeLimitMb: limit };
    },
  );

  app.post(
    FILES,
    {
      config: writePages,
      schema: {
        tags,
        summary:
          'Attach a file: its bytes as the body (application/octet-stream or its own type), its name in ' +
          '?fileName=. PDF, PNG, JPEG, GIF, TXT, CSV, DOC(X), XLS(X) up to the fileSizeLimit constant (MB)',
        consumes: FILE_UPLOAD_CONTENT_TYPES,
        params: idParamsSchema,
        querystring: episodeFileUploadQuerySchema,
        body: uploadBodySchema,
        response: { 201: episodeFileSchema, ...errorResponses, 413: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request.ctx);
      const { fileName } = request.query;
      const content = request.body ?? Buffer.alloc(0);
      const contentType = fileTypeOf(fileName);
      const created = await services.db.transaction(async (tx) => {
        const episode = await writableEpisode(tx, actor, request.params.id);
        if (!contentType) throw fileRefused(FILE_MESSAGES.wrongType);
        if (content.length === 0) throw fileRefused(FILE_MESSAGES.empty);
        const limitMb = await fileSizeLimitMb(tx);
        if (content.length > fileSizeLimitBytes(limitMb))
          throw fileRefused(FILE_MESSAGES.tooLarge(limitMb), 413, 'FILE_TOO_LARGE');
        const id = await insertFile(tx, {
          episodeId: episode.id,
          fileName,
          contentType,
          content,
          uploadedBy: actor.userId,
        });
        const file = await findFile(tx, episode.id, id);
        await audit(tx, request.ctx, 'CREATE', file);
        await publishEvent(
          tx,
          { entity: ENTITY, id, action: 'created' },
          { referralSourceId: episode.referralSourceId },
        );
        return file;
      });
      return reply.status(201).send(created);
    },
  );

  app.get(
    `${FILES}/:fileId`,
    {
      config: readPages,
      schema: {
        tags,
        summary: 'Download a file: its bytes as an attachment, with its content type',
        produces: ['application/octet-stream'],
        params: episodeFileParamsSchema,
        response: { 200: z.any().meta({ type: 'string', format: 'binary' }), ...errorResponses },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request.ctx);
      const { id, fileId } = request.params;
      const file = await services.db.transaction(async (tx) => {
        const { episode } = await loadEpisode(tx, actor, id);
        const found = await readContent(tx, episode.id, fileId);
        await audit(tx, request.ctx, 'READ', { id: fileId, episodeId: episode.id, fileName: found.fileName });
        return found;
      });
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', contentDisposition(file.fileName))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(file.content);
    },
  );

  app.delete(
    `${FILES}/:fileId`,
    {
      config: writePages,
      schema: {
        tags,
        summary: 'Delete a file (it leaves the list; the record stays, marked deleted)',
        params: episodeFileParamsSchema,
        response: { 200: messageSchema, ...errorResponses },
      },
    },
    async (request) => {
      const actor = requireActor(request.ctx);
      const { id, fileId } = request.params;
      await services.db.transaction(async (tx) => {
        const episode = await writableEpisode(tx, actor, id);
        const file = await findFile(tx, episode.id, fileId);
        if (!(await softDeleteFile(tx, episode.id, fileId))) throw notFound(FILE_THING);
        await audit(tx, request.ctx, 'DELETE', file);
        await publishEvent(
          tx,
          { entity: ENTITY, id: fileId, action: 'deleted' },
          { referralSourceId: episode.referralSourceId },
        );
      });
      return { message: 'File deleted.' };
    },
  );
};
