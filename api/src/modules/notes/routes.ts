// The visit notes area's API (ARCHITECTURE §8 mf-notes, issue 12): one plugin registering each feature's routes.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppServices } from '../../services/app-services';
import { notesListRoutes } from './list/routes';
import { noteRoutes } from './note/routes';
import { notesReferenceRoutes } from './reference/routes';

export const notesRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (app, opts) => {
  await app.register(notesListRoutes, opts);
  await app.register(noteRoutes, opts);
  await app.register(notesReferenceRoutes, opts);
};
