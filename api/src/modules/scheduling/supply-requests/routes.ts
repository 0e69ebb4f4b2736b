import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  idParamsSchema,
  supplyRequestInputSchema,
  supplyRequestListQuerySchema,
  supplyRequestListResponseSchema,
  supplyRequestSchema,
  supplyRequestUpdateSchema,
} from '@carelane/shared-domain';
import { errorResponses } from '../../../lib/route-schema';
import type { AppServices } from '../../../services/app-services';
import * as service from './service';

const tags = ['supply requests'];
const pages = { page: 'ccDemand' };

export const supplyRequestsRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (
  app,
  { services },
) => {
  app.get(
    '/api/admin/supplyRequests',
    {
      config: pages,
      schema: {
        tags,
        summary: 'Supply requests created in a range (default the last 90 days), newest first',
        querystring: supplyRequestListQuerySchema,
        response: { 200: supplyRequestListResponseSchema, ...errorResponses },
      },
    },
    async (request) => service.listSupplyRequests(services, request.ctx, request.query),
  );

  app.get(
    '/api/admin/supplyRequests/:id',
    {
      config: pages,
      schema: {
        tags,
        summary: 'One supply request',
        params: idParamsSchema,
        response: { 200: supplyRequestSchema, ...errorResponses },
      },
    },
    async (request) => service.getSupplyRequest(services, request.ctx, request.params.id),
  );

  app.post(
    '/api/admin/supplyRequests',
    {
      config: pages,
      schema: {
        tags,
        summary: 'File a supply request',
        body: supplyRequestInputSchema,
        response: { 201: supplyRequestSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createSupplyRequest(services, request.ctx, request.body)),
  );

  app.put(
    '/api/admin/supplyRequests/:id',
    {
      config: pages,
      schema: {
        tags,
        summary: 'Edit a supply request (send the version you read)',
        params: idParamsSchema,
        body: supplyRequestUpdateSchema,
        response: { 200: supplyRequestSchema, ...errorResponses },
      },
    },
    async (request) => service.editSupplyRequest(services, request.ctx, request.params.id, request.body),
  );
};
