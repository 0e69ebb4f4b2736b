import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppServices } from '../../../services/app-services';

// Placeholder: filled in by the scheduling issue (#4).
export const supplyRequestsRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async () => {};
