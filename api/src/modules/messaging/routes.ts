// The messaging area's API (ARCHITECTURE mf-messaging, issue 27): one plugin registering each feature's routes.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppServices } from '../../services/app-services';
import { chatRoutes } from './chat/routes';
import { tasksRoutes } from './tasks/routes';

export const messagingRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (app, opts) => {
  await app.register(chatRoutes, opts);
  await app.register(tasksRoutes, opts);
};
