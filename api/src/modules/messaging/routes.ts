// The messaging area's API (ARCHITECTURE mf-messaging, issue 27): one plugin registering each feature's routes.
// The inbound webhooks are public (no session): app.ts registers publicInboundRoutes with the other public routes.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppServices } from '../../services/app-services';
import { assistantRoutes } from './assistant/routes';
import { broadcastRoutes } from './broadcast/routes';
import { chatFileRoutes } from './chat/file-routes';
import { chatRoutes } from './chat/routes';
import { inboundRoutes } from './inbound/routes';
import { tasksRoutes } from './tasks/routes';
import { templatesRoutes } from './templates/routes';
import { telehealthRoutes } from './telehealth/routes';
import { timelineRoutes } from './timeline/routes';

export const messagingRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (app, opts) => {
  await app.register(chatRoutes, opts);
  await app.register(chatFileRoutes, opts);
  await app.register(tasksRoutes, opts);
  await app.register(inboundRoutes, opts);
  await app.register(templatesRoutes, opts);
  await app.register(broadcastRoutes, opts);
  await app.register(timelineRoutes, opts);
  await app.register(telehealthRoutes, opts);
  await app.register(assistantRoutes, opts);
};
