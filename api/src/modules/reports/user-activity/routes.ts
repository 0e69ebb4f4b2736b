// /userActivity's API (issue 26, decision 052): page activityLogs.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userActivityQuerySchema, userActivitySchema } from '@carelane/shared-domain';
import { errorResponses } from '../../../lib/route-schema';
import type { AppServices } from '../../../services/app-services';
import * as service from './service';

export const userActivityRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (
  app,
  { services },
) => {
  app.get(
    '/api/admin/reports/userActivity',
    {
      config: { page: 'activityLogs' },
      schema: {
        tags: ['reports'],
        summary:
          "Each active user's sign-ins, patient reads and audit entries over a period (Central days) and the prior period, from the audit log; least active first",
        querystring: userActivityQuerySchema,
        response: { 200: userActivitySchema, ...errorResponses },
      },
    },
    async (request) => service.userActivity(services, request.query),
  );
};
