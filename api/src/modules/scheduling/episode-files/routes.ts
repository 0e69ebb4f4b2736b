// Files of a service request under /api/fileserver (SPEC §7): list, upload (the raw bytes as the body),
// download and delete. The service request's organization scope decides who sees them; its write page and
// an editable status decide who may add or delete. See docs/decisions/012-files.md.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  episodeFileListSchema,
  episodeFileParamsSchema,
  episodeFileSchema,
  episodeFileUploadQuerySchema,
  FILE_UPLOAD_CONTENT_TYPES,
  idParamsSchema,
} from '@carelane/shared-domain';
import {
  acceptRawUploads,
  downloadResponseSchema,
  sendStoredFile,
  uploadBodySchema,
} from '../../../lib/file-transfer';
import { errorResponses, messageSchema } from '../../../lib/route-schema';
import type { AppServices } from '../../../services/app-services';
import { episodePatientIds } from '../episodes/service';
import * as service from './service';

const tags = ['service request files'];
const readPages = { page: ['serviceRequest', 'serviceRequestDetail'] };
const writePages = { page: 'serviceRequestDetail' };
const FILES = '/api/fileserver/episodes/:id/files';

export const episodeFilesRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (
  app,
  { services },
) => {
  acceptRawUploads(app);

  app.get(
    FILES,
    {
      config: { ...readPages, patientRead: { kind: 'fileList', patientsOf: episodePatientIds } },
      schema: {
        tags,
        summary: 'The files of a service request, oldest first, with the file size limit in force',
        params: idParamsSchema,
        response: { 200: episodeFileListSchema, ...errorResponses },
      },
    },
    async (request) => service.listEpisodeFiles(services, request.ctx, request.params.id),
  );

  app.post(
    FILES,
    {
      config: writePages,
      schema: {
        tags,
        summary:
          'Attach a file: its bytes as the body (application/octet-stream or its own type), its name in ' +
          '?fileName=. PDF, PNG, JPEG, GIF, TXT, CSV, DOC(X), XLS(X) up to the fileSizeLimit constant (MB); ' +
          'the content must be what the extension names',
        consumes: FILE_UPLOAD_CONTENT_TYPES,
        params: idParamsSchema,
        querystring: episodeFileUploadQuerySchema,
        body: uploadBodySchema,
        response: { 201: episodeFileSchema, ...errorResponses, 413: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const content = request.body ?? Buffer.alloc(0);
      const file = await service.uploadEpisodeFile(
        services,
        request.ctx,
        request.params.id,
        request.query.fileName,
        content,
      );
      return reply.status(201).send(file);
    },
  );

  app.get(
    `${FILES}/:fileId`,
    {
      config: {
        ...readPages,
        patientRead: { kind: 'fileDownload', entityParam: 'fileId', patientsOf: episodePatientIds },
      },
      schema: {
        tags,
        summary: 'Download a file: its bytes as an attachment, with its content type',
        produces: ['application/octet-stream'],
        params: episodeFileParamsSchema,
        response: { 200: downloadResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { id, fileId } = request.params;
      const file = await service.downloadEpisodeFile(services, request.ctx, id, fileId);
      return sendStoredFile(reply, file);
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
      await service.deleteEpisodeFile(services, request.ctx, request.params.id, request.params.fileId);
      return { message: 'File deleted.' };
    },
  );
};
