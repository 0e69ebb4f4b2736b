// My Activity (issue 26, decision 048): the signed-in user's own work today, this week and this month.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { myActivitySchema } from '@carelane/shared-domain';
import { errorResponses } from '../../../lib/route-schema';
import type { AppServices } from '../../../services/app-services';
import * as service from './service';

export const activityRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (app, { services }) => {
  app.get(
    '/api/admin/reports/myActivity',
    {
      config: { page: 'dashboard' },
      schema: {
        tags: ['reports'],
        summary:
          "The signed-in user's own work today, this week (from Monday) and this month: for each kind their role does, a count and the newest five items",
        response: { 200: myActivitySchema, ...errorResponses },
      },
    },
    async (request) => service.myActivity(services, request.ctx),
  );
};
