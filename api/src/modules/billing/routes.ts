// The billing area's API (ARCHITECTURE mf-billing, issue 13): one plugin registering each feature's routes.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppServices } from '../../services/app-services';
import { invoicesRoutes } from './invoices/routes';
import { paymentsRoutes } from './payments/routes';

export const billingRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (app, opts) => {
  await app.register(invoicesRoutes, opts);
  await app.register(paymentsRoutes, opts);
};
