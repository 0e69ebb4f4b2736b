// Credentials (issue 11): the catalogue under /api/admin/credentialTypes, a clinician's credentials under
// /api/admin/providers/:id/credentials, the review queue, and a clinician's files under /api/fileserver.
// Page privileges open the doors; the service decides whose clinician and who reviews.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  credentialCategoryChangeSchema,
  credentialParamsSchema,
  credentialQueueQuerySchema,
  credentialQueueSchema,
  credentialReviewSchema,
  credentialTypeInputSchema,
  credentialTypeListSchema,
  credentialTypeSchema,
  credentialTypeUpdateSchema,
  episodeFileUploadQuerySchema,
  FILE_UPLOAD_CONTENT_TYPES,
  idParamsSchema,
  providerCredentialInputSchema,
  providerCredentialListSchema,
  providerCredentialSchema,
  providerFileListQuerySchema,
  providerFileListSchema,
  providerFileParamsSchema,
  providerFileSchema,
} from '@carelane/shared-domain';
import { z } from 'zod';
import {
  acceptRawUploads,
  downloadResponseSchema,
  sendStoredFile,
  uploadBodySchema,
} from '../../../lib/file-transfer';
import { errorResponses } from '../../../lib/route-schema';
import type { AppServices } from '../../../services/app-services';
import * as service from './service';

const tags = ['credentials'];
/** The clinician's own (myProfile) or any clinician's (providerDetail): the service checks whose. */
const clinicianPages = { page: ['providerDetail', 'myProfile'] };
const reviewerPages = { page: 'providerDetail' };
const CREDENTIALS = '/api/admin/providers/:id/credentials';
const FILES = '/api/fileserver/providers/:id/files';

/** The credential catalogue. */
const credentialTypeRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (app, { services }) => {
  app.get(
    '/api/admin/credentialTypes',
    {
      config: clinicianPages,
      schema: {
        tags,
        summary:
          'The credential catalogue: each type, whether it expires and which provider types require it',
        response: { 200: credentialTypeListSchema, ...errorResponses },
      },
    },
    async () => service.listCredentialTypes(services),
  );

  app.post(
    '/api/admin/credentialTypes',
    {
      config: { page: 'constants' },
      schema: {
        tags,
        summary: 'Add a credential type (administrators)',
        body: credentialTypeInputSchema,
        response: { 201: credentialTypeSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createCredentialType(services, request.ctx, request.body)),
  );

  app.put(
    '/api/admin/credentialTypes/:id',
    {
      config: { page: 'constants' },
      schema: {
        tags,
        summary: 'Change a credential type and the provider types that require it (administrators)',
        params: idParamsSchema,
        body: credentialTypeUpdateSchema,
        response: { 200: credentialTypeSchema, ...errorResponses },
      },
    },
    async (request) => service.updateCredentialType(services, request.ctx, request.params.id, request.body),
  );
};

/** A clinician's credentials and the review queue. */
const clinicianCredentialRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (
  app,
  { services },
) => {
  app.get(
    CREDENTIALS,
    {
      config: clinicianPages,
      schema: {
        tags,
        summary: "A clinician's credentials, what their provider type requires and what they lack today",
        params: idParamsSchema,
        response: { 200: providerCredentialListSchema, ...errorResponses },
      },
    },
    async (request) => service.listProviderCredentials(services, request.ctx, request.params.id),
  );

  app.get(
    '/api/admin/myCredentials',
    {
      config: { page: 'myVisits' },
      schema: {
        tags,
        summary: "The signed-in clinician's own credentials (404 for a user without a clinician record)",
        response: { 200: providerCredentialListSchema, ...errorResponses },
      },
    },
    async (request) => service.listOwnCredentials(services, request.ctx),
  );

  app.post(
    CREDENTIALS,
    {
      config: clinicianPages,
      schema: {
        tags,
        summary: 'Submit a credential for review (the clinician, or staff for them)',
        params: idParamsSchema,
        body: providerCredentialInputSchema,
        response: { 201: providerCredentialSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.submitCredential(services, request.ctx, request.params.id, request.body)),
  );

  app.post(
    `${CREDENTIALS}/:credentialId/review`,
    {
      config: reviewerPages,
      schema: {
        tags,
        summary: 'Start the review of, approve or reject (with a reason) a credential, at the version read',
        params: credentialParamsSchema,
        body: credentialReviewSchema,
        response: { 200: providerCredentialSchema, ...errorResponses },
      },
    },
    async (request) =>
      service.reviewCredential(
        services,
        request.ctx,
        request.params.id,
        request.params.credentialId,
        request.body,
      ),
  );

  app.post(
    `${CREDENTIALS}/:credentialId/category`,
    {
      config: reviewerPages,
      schema: {
        tags,
        summary: 'Move a credential to another credential type',
        params: credentialParamsSchema,
        body: credentialCategoryChangeSchema,
        response: {
          200: z.object({ message: z.string(), credential: providerCredentialSchema }),
          ...errorResponses,
        },
      },
    },
    async (request) =>
      service.changeCredentialCategory(
        services,
        request.ctx,
        request.params.id,
        request.params.credentialId,
        request.body,
      ),
  );

  app.get(
    '/api/admin/credentialReviews',
    {
      config: reviewerPages,
      schema: {
        tags,
        summary: 'Credentials waiting for review (Submitted and InReview by default), oldest first',
        querystring: credentialQueueQuerySchema,
        response: { 200: credentialQueueSchema, ...errorResponses },
      },
    },
    async (request) => service.credentialQueue(services, request.ctx, request.query),
  );
};

/** A clinician's files. */
const clinicianFileRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (app, { services }) => {
  app.get(
    FILES,
    {
      config: clinicianPages,
      schema: {
        tags,
        summary:
          "A clinician's stored files, newest first, 10 a page: name, type, size, when and by whom, and the " +
          'credential or signed agreement each belongs to',
        params: idParamsSchema,
        querystring: providerFileListQuerySchema,
        response: { 200: providerFileListSchema, ...errorResponses },
      },
    },
    async (request) => service.listProviderFiles(services, request.ctx, request.params.id, request.query),
  );

  app.post(
    FILES,
    {
      config: clinicianPages,
      schema: {
        tags,
        summary:
          "Store a clinician's file (a credential scan): its bytes as the body, its name in ?fileName=, " +
          'the types and size limit of decision 012',
        consumes: FILE_UPLOAD_CONTENT_TYPES,
        params: idParamsSchema,
        querystring: episodeFileUploadQuerySchema,
        body: uploadBodySchema,
        response: { 201: providerFileSchema, ...errorResponses, 413: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const file = await service.uploadProviderFile(
        services,
        request.ctx,
        request.params.id,
        request.query.fileName,
        request.body ?? Buffer.alloc(0),
      );
      return reply.status(201).send(file);
    },
  );

  app.get(
    `${FILES}/:fileId`,
    {
      config: clinicianPages,
      schema: {
        tags,
        summary: "Download a clinician's file",
        produces: ['application/octet-stream'],
        params: providerFileParamsSchema,
        response: { 200: downloadResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      sendStoredFile(
        reply,
        await service.downloadProviderFile(services, request.ctx, request.params.id, request.params.fileId),
      ),
  );
};

export const credentialsRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (app, opts) => {
  acceptRawUploads(app);
  await app.register(credentialTypeRoutes, opts);
  await app.register(clinicianCredentialRoutes, opts);
  await app.register(clinicianFileRoutes, opts);
};
