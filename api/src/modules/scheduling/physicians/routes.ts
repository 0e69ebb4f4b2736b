import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  idParamsSchema,
  pagingQuerySchema,
  physicianEpisodesResponseSchema,
  physicianInputSchema,
  physicianListQuerySchema,
  physicianListResponseSchema,
  physicianSchema,
  physicianUpdateSchema,
} from '@carelane/shared-domain';
import { errorResponses } from '../../../lib/route-schema';
import type { AppServices } from '../../../services/app-services';
import * as service from './service';

const tags = ['physicians'];
/** Staff manage physicians; organization users read them to pick one on a service request. */
const readPages = { page: ['physicians', 'serviceRequestDetail'] };
const writePages = { page: 'physicians' };

export const physiciansRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (
  app,
  { services },
) => {
  app.get(
    '/api/admin/physicians',
    {
      config: readPages,
      schema: {
        tags,
        summary: 'Physicians (default ACTIVE), by name',
        querystring: physicianListQuerySchema,
        response: { 200: physicianListResponseSchema, ...errorResponses },
      },
    },
    async (request) => service.listPhysicians(services, request.query),
  );

  app.get(
    '/api/admin/physicians/:id',
    {
      config: readPages,
      schema: {
        tags,
        summary: 'One physician',
        params: idParamsSchema,
        response: { 200: physicianSchema, ...errorResponses },
      },
    },
    async (request) => service.getPhysician(services, request.params.id),
  );

  app.get(
    '/api/admin/physicians/:id/episodes',
    {
      config: readPages,
      schema: {
        tags,
        summary: "The physician's service requests (an organization user sees only their organization's)",
        params: idParamsSchema,
        querystring: pagingQuerySchema,
        response: { 200: physicianEpisodesResponseSchema, ...errorResponses },
      },
    },
    async (request) => service.physicianEpisodes(services, request.ctx, request.params.id, request.query),
  );

  app.post(
    '/api/admin/physicians',
    {
      config: writePages,
      schema: {
        tags,
        summary: 'Create a physician',
        body: physicianInputSchema,
        response: { 201: physicianSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createPhysician(services, request.ctx, request.body)),
  );

  app.put(
    '/api/admin/physicians/:id',
    {
      config: writePages,
      schema: {
        tags,
        summary: 'Edit a physician (send the version you read)',
        params: idParamsSchema,
        body: physicianUpdateSchema,
        response: { 200: physicianSchema, ...errorResponses },
      },
    },
    async (request) => service.editPhysician(services, request.ctx, request.params.id, request.body),
  );
};
