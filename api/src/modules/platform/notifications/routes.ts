// In-app notifications (issue 24): GET /api/admin/notifications answers the signed-in user's own, whoever they
// are (no page privilege: everyone has notifications, and nobody reads another's).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notificationListQuerySchema, notificationListSchema } from '@carelane/shared-domain';
import { errorResponses } from '../../../lib/route-schema';
import type { AppServices } from '../../../services/app-services';
import { listMyNotifications } from './service';

export const notificationsRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (
  app,
  { services },
) => {
  app.get(
    '/api/admin/notifications',
    {
      schema: {
        tags: ['notifications'],
        summary: "The signed-in user's in-app notifications, newest first (only their own)",
        querystring: notificationListQuerySchema,
        response: { 200: notificationListSchema, ...errorResponses },
      },
    },
    async (request) => listMyNotifications(services, request.ctx, request.query),
  );
};
