import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { outboxListQuerySchema, outboxListResponseSchema } from '@carelane/shared-domain';
import { errorResponses } from '../../../lib/route-schema';
import type { AppServices } from '../../../services/app-services';
import { listOutbox } from './service';

export const outboxRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (app, { services }) => {
  app.get(
    '/api/admin/outbox',
    {
      config: { page: 'outbox' },
      schema: {
        tags: ['outbox'],
        summary: 'Recorded outgoing email and SMS (administrators)',
        querystring: outboxListQuerySchema,
        response: { 200: outboxListResponseSchema, ...errorResponses },
      },
    },
    async (request) => listOutbox(services, request.query),
  );
};
