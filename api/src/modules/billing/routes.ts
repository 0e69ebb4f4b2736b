// The billing area's API (ARCHITECTURE mf-billing, issue 13): one plugin registering each feature's routes.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppServices } from '../../services/app-services';
import { invoicesRoutes } from './invoices/routes';
import { paymentsRoutes } from './payments/routes';
import { bankAccountRoutes } from './bank-accounts/routes';
import { providerPaymentsRoutes } from './provider-payments/routes';
import { finesRoutes } from './fines/routes';
import { adjustmentsRoutes } from './adjustments/routes';
import { billingReportsRoutes } from './reports/routes';

export const billingRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (app, opts) => {
  await app.register(invoicesRoutes, opts);
  await app.register(paymentsRoutes, opts);
  await app.register(bankAccountRoutes, opts);
  await app.register(providerPaymentsRoutes, opts);
  await app.register(finesRoutes, opts);
  await app.register(adjustmentsRoutes, opts);
  await app.register(billingReportsRoutes, opts);
};
