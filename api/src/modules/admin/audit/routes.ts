import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditListQuerySchema, auditListResponseSchema } from '@carelane/shared-domain';
import { errorResponses } from '../../../lib/route-schema';
import type { AppServices } from '../../../services/app-services';
import { listAudit } from './service';

export const auditRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (app, { services }) => {
  app.get(
    '/api/admin/audit',
    {
      config: { page: 'activityLogs' },
      schema: {
        tags: ['audit'],
        summary: 'Audit log: who did what, when, with the difference (default last 30 days, 100 a page)',
        querystring: auditListQuerySchema,
        response: { 200: auditListResponseSchema, ...errorResponses },
      },
    },
    async (request) => listAudit(services, request.query),
  );
};
