// Chat attachments (issue 27, decision 067; SPEC §7 "fileserver (… message files)"): a member stores a file in the
// conversation (raw bytes, the checks of every upload), sends it with a message, and members download it. Only
// this plugin takes raw bytes.
import {
  FILE_UPLOAD_CONTENT_TYPES,
  apiErrorSchema,
  chatFileParamsSchema,
  chatFileSchema,
  chatTopicParamsSchema,
  episodeFileUploadQuerySchema,
} from '@carelane/shared-domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  acceptRawUploads,
  downloadResponseSchema,
  sendStoredFile,
  uploadBodySchema,
} from '../../../lib/file-transfer';
import { errorResponses } from '../../../lib/route-schema';
import type { AppServices } from '../../../services/app-services';
import * as service from './service';

const tags = ['chat'];
const config = { page: 'messages' };

export const chatFileRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (app, { services }) => {
  acceptRawUploads(app);

  app.post(
    '/api/chat/topics/:topicId/files',
    {
      config,
      schema: {
        tags,
        summary:
          'Store a file in the conversation to send with a message (attachmentFileId): its bytes as the body, ' +
          'its name in ?fileName=; the types and size limit of every upload, content checked',
        consumes: FILE_UPLOAD_CONTENT_TYPES,
        params: chatTopicParamsSchema,
        querystring: episodeFileUploadQuerySchema,
        body: uploadBodySchema,
        response: { 201: chatFileSchema, ...errorResponses, 413: apiErrorSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await service.uploadFile(
            services,
            request.ctx,
            request.params.topicId,
            request.query.fileName,
            request.body ?? Buffer.alloc(0),
          ),
        ),
  );

  app.get(
    '/api/chat/topics/:topicId/files/:fileId',
    {
      config,
      schema: {
        tags,
        summary: 'Download a file of the conversation (its members)',
        produces: ['application/octet-stream'],
        params: chatFileParamsSchema,
        response: { 200: downloadResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      sendStoredFile(
        reply,
        await service.downloadFile(services, request.ctx, request.params.topicId, request.params.fileId),
      ),
  );
};
