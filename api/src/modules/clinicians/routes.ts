// The clinicians area's API (ARCHITECTURE §8 mf-clinicians): one plugin registering each feature's routes.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppServices } from '../../services/app-services';
import { agreementsRoutes } from './agreements/routes';
import { credentialsRoutes } from './credentials/routes';
import { feedbackRoutes, publicFeedbackRoutes } from './feedback/routes';
import { onboardingRoutes, publicOnboardingRoutes } from './onboarding/routes';
import { orientationsRoutes } from './orientations/routes';
import { providerVisitsRoutes } from './provider-visits/routes';
import { providerDetailRoutes } from './provider-detail/routes';
import { providerNotesRoutes } from './provider-notes/routes';
import { providersRoutes } from './providers/routes';

export const cliniciansRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (app, opts) => {
  await app.register(credentialsRoutes, opts);
  await app.register(orientationsRoutes, opts);
  await app.register(providersRoutes, opts);
  await app.register(onboardingRoutes, opts);
  await app.register(agreementsRoutes, opts);
  await app.register(providerDetailRoutes, opts);
  await app.register(providerNotesRoutes, opts);
  await app.register(providerVisitsRoutes, opts);
  await app.register(feedbackRoutes, opts);
};

/** The area's routes that need no session (outside the protected scope). */
export const publicCliniciansRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (app, opts) => {
  await app.register(publicOnboardingRoutes, opts);
  await app.register(publicFeedbackRoutes, opts);
};
