// In-app notifications (issue 24): GET /api/admin/notifications answers the signed-in user's own, whoever they
// are (no page privilege: everyone has notifications, and nobody reads another's).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  notificationDismissedSchema,
  notificationListQuerySchema,
  notificationListSchema,
  notificationParamsSchema,
  notificationsDismissedSchema,
} from '@carelane/shared-domain';
import { errorResponses } from '../../../lib/route-schema';
import type { AppServices } from '../../../services/app-services';
import { dismissAllMyNotifications, dismissMyNotification, listMyNotifications } from './service';

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
  app.post(
    '/api/admin/notifications/:id/dismiss',
    {
      schema: {
        tags: ['notifications'],
        summary: "Dismisses one of the signed-in user's notifications (another's is 404)",
        params: notificationParamsSchema,
        response: { 200: notificationDismissedSchema, ...errorResponses },
      },
    },
    async (request) => dismissMyNotification(services, request.ctx, request.params.id),
  );
  app.post(
    '/api/admin/notifications/dismissAll',
    {
      schema: {
        tags: ['notifications'],
        summary: "Dismisses every notification of the signed-in user's not yet dismissed",
        response: { 200: notificationsDismissedSchema, ...errorResponses },
      },
    },
    async (request) => dismissAllMyNotifications(services, request.ctx),
  );
};
