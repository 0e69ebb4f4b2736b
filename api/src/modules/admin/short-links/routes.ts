import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createShortLinkRequestSchema } from '@carelane/shared-domain';
import { errorResponses } from '../../../lib/route-schema';
import type { AppServices } from '../../../services/app-services';
import { makeShortLink, shortLinkPath } from './service';

const tags = ['short links'];
const shortLinkResponseSchema = z.object({ id: z.string(), path: z.string(), url: z.string() });

export const shortLinkRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (
  app,
  { services },
) => {
  app.post(
    '/api/admin/shortUrl',
    {
      config: { page: 'shortUrl' },
      schema: {
        tags,
        summary: 'Create a short link to an in-app path',
        body: createShortLinkRequestSchema,
        response: { 201: shortLinkResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await makeShortLink(services, request.ctx, request.body)),
  );
};

export const publicShortLinkRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (
  app,
  { services },
) => {
  const params = z.object({
    id: z.string().regex(/^[A-Za-z0-9]{4,40}$/, { error: 'is not a short link id' }),
  });
  app.get(
    '/api/security/shortUrl/:id',
    {
      schema: {
        tags,
        summary: 'Resolve a short link to its in-app path',
        params,
        response: { 200: z.object({ path: z.string() }), ...errorResponses },
      },
    },
    async (request) => ({ path: await shortLinkPath(services, request.params.id) }),
  );
  app.get(
    '/r/:id',
    {
      schema: {
        tags,
        summary: 'Follow a short link (302 to its in-app path)',
        params,
        response: { 302: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => reply.redirect(await shortLinkPath(services, request.params.id), 302),
  );
};
