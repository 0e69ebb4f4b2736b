import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { globalSearchQuerySchema, globalSearchResponseSchema } from '@carelane/shared-domain';
import { errorResponses } from '../../../lib/route-schema';
import type { AppServices } from '../../../services/app-services';
import * as service from './service';

/** The header's global search (issue 27): every signed-in role has the header; the service scopes the answer. */
export const globalSearchRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (
  app,
  { services },
) => {
  app.get(
    '/api/admin/search',
    {
      config: { page: 'header' },
      schema: {
        tags: ['search'],
        summary:
          'Search as you type: patients (name, phone, birthday), service requests, clinicians, organizations, invoices',
        querystring: globalSearchQuerySchema,
        response: { 200: globalSearchResponseSchema, ...errorResponses },
      },
    },
    async (request) => service.search(services, request.ctx, request.query),
  );
};
