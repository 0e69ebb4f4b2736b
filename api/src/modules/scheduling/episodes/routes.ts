import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  episodeActionSchema,
  episodeArchiveSchema,
  episodeInputSchema,
  episodeListQuerySchema,
  episodeListResponseSchema,
  episodeSchema,
  episodeUpdateSchema,
  idParamsSchema,
} from '@carelane/shared-domain';
import { errorResponses } from '../../../lib/route-schema';
import type { AppServices } from '../../../services/app-services';
import * as episodesService from './service';

const tags = ['service requests'];
const readPages = { page: ['serviceRequest', 'serviceRequestDetail'] };
const writePages = { page: 'serviceRequestDetail' };

export const episodesRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (app, { services }) => {
  app.get(
    '/api/admin/episodes',
    {
      config: readPages,
      schema: {
        tags,
        summary: 'Service requests, newest first (SPEC §4 default filters)',
        querystring: episodeListQuerySchema,
        response: { 200: episodeListResponseSchema, ...errorResponses },
      },
    },
    async (request) => episodesService.listEpisodes(services, request.ctx, request.query),
  );

  app.get(
    '/api/admin/episodes/:id',
    {
      config: {
        ...readPages,
        patientRead: { kind: 'serviceRequestDetail', patientsOf: episodesService.episodePatientIds },
      },
      schema: {
        tags,
        summary: 'One service request',
        params: idParamsSchema,
        response: { 200: episodeSchema, ...errorResponses },
      },
    },
    async (request) => episodesService.getEpisode(services, request.ctx, request.params.id),
  );

  app.post(
    '/api/admin/episodes',
    {
      config: writePages,
      schema: {
        tags,
        summary: 'Create a service request (Draft); organization users for their own organization',
        body: episodeInputSchema,
        response: { 201: episodeSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await episodesService.createEpisode(services, request.ctx, request.body)),
  );

  app.put(
    '/api/admin/episodes/:id',
    {
      config: writePages,
      schema: {
        tags,
        summary: 'Save a service request (send the version you read; 409 when someone else changed it)',
        params: idParamsSchema,
        body: episodeUpdateSchema,
        response: { 200: episodeSchema, ...errorResponses },
      },
    },
    async (request) => episodesService.updateEpisode(services, request.ctx, request.params.id, request.body),
  );

  for (const [path, action, summary] of [
    ['publish', 'publish', 'Publish: Draft visits become Active and matching clinicians are told'],
    ['hold', 'hold', 'Put on hold: Active visits go back to Draft'],
    ['delete', 'delete', 'Delete: visits become Deleted (refused once a visit is Staffed or later)'],
    ['complete', 'complete', 'Complete an Active service request: its Active visits nobody took expire'],
  ] as const) {
    app.post(
      `/api/admin/episodes/:id/${path}`,
      {
        config: writePages,
        schema: {
          tags,
          summary,
          params: idParamsSchema,
          body: episodeActionSchema,
          response: { 200: episodeSchema, ...errorResponses },
        },
      },
      async (request) =>
        episodesService.moveEpisode(services, request.ctx, request.params.id, request.body.version, action),
    );
  }

  app.post(
    '/api/admin/episodes/:id/archive',
    {
      config: writePages,
      schema: {
        tags,
        summary:
          'Archive a service request with a reason of the episodeArchiveReasons constant (read-only after)',
        params: idParamsSchema,
        body: episodeArchiveSchema,
        response: { 200: episodeSchema, ...errorResponses },
      },
    },
    async (request) => episodesService.archiveEpisode(services, request.ctx, request.params.id, request.body),
  );
};
