// The broadcast of open visits (issue 27, decision 065) under /api/messaging/broadcasts: the page 'broadcast'
// (administrator and staffing roles) queues one and follows its delivery; anyone else is refused (403).
import {
  broadcastInputSchema,
  broadcastListQuerySchema,
  broadcastListSchema,
  broadcastRecipientListQuerySchema,
  broadcastRecipientListSchema,
  broadcastResultSchema,
  broadcastSchema,
  idParamsSchema,
} from '@carelane/shared-domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../lib/route-schema';
import type { AppServices } from '../../../services/app-services';
import * as service from './service';

const BROADCASTS = '/api/messaging/broadcasts';
const config = { page: 'broadcast' };

export const broadcastRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (
  app,
  { services },
) => {
  const tags = ['broadcasts'];
  app.post(
    BROADCASTS,
    {
      config,
      schema: {
        tags,
        summary:
          "Queue a broadcast of one service request's open visits to the matching (or chosen) clinicians: 202, " +
          "'Broadcast sent successfully.' (or the partial SMS text); the same idempotencyKey again answers 200",
        body: broadcastInputSchema,
        response: { 200: broadcastResultSchema, 202: broadcastResultSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const result = await service.createBroadcast(services, request.ctx, request.body);
      return reply.code(result.status).send(result.body);
    },
  );
  app.get(
    BROADCASTS,
    {
      config,
      schema: {
        tags,
        summary: 'Broadcasts, newest first (of one service request with episodeId)',
        querystring: broadcastListQuerySchema,
        response: { 200: broadcastListSchema, ...errorResponses },
      },
    },
    async (request) => service.listBroadcasts(services, request.query),
  );
  app.get(
    `${BROADCASTS}/:id`,
    {
      config,
      schema: {
        tags,
        summary: 'One broadcast with its counts',
        params: idParamsSchema,
        response: { 200: broadcastSchema, ...errorResponses },
      },
    },
    async (request) => service.getBroadcast(services, request.params.id),
  );
  app.get(
    `${BROADCASTS}/:id/recipients`,
    {
      config,
      schema: {
        tags,
        summary:
          "A broadcast's recipients with their delivery status, the channels that reached them and why not",
        params: idParamsSchema,
        querystring: broadcastRecipientListQuerySchema,
        response: { 200: broadcastRecipientListSchema, ...errorResponses },
      },
    },
    async (request) => service.listBroadcastRecipients(services, request.params.id, request.query),
  );
};
