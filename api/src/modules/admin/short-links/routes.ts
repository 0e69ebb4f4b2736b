import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createShortLinkRequestSchema } from '@carelane/shared-domain';
import { notFound } from '../../../lib/errors';
import { errorResponses } from '../../../lib/route-schema';
import type { AppServices } from '../../../services/app-services';
import { liveShortLinkPath, makeShortLink, shortLinkPath } from './service';

const tags = ['short links'];
const shortLinkResponseSchema = z.object({ id: z.string(), path: z.string(), url: z.string() });

/** What a browser that followed an unknown or expired link shows (programs keep the JSON 404). */
const UNKNOWN_LINK_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Link not found · Carelane</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 32rem; margin: 4rem auto; padding: 0 1rem; color: #1f1f1f">
<h1>Link not found</h1><p>This link does not exist or has expired.</p><p><a href="/">Go to Carelane</a></p>
</body></html>`;
const wantsPage = (accept: string | undefined) => /\btext\/html\b/i.test(accept ?? '');

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
    async (request, reply) => {
      const origin = `${request.protocol}://${request.host}`;
      return reply.status(201).send(await makeShortLink(services, request.ctx, request.body, origin));
    },
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
        summary: 'Follow a short link (302 to its in-app path; an unknown one is a page for a browser)',
        params,
        response: { 302: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const path = await liveShortLinkPath(services, request.params.id);
      if (path) return reply.redirect(path, 302);
      if (wantsPage(request.headers.accept)) {
        void reply.status(404).type('text/html; charset=utf-8');
        // A page, not the error shape the schema documents for programs.
        const raw = reply as unknown as { send(payload: string): void };
        raw.send(UNKNOWN_LINK_PAGE);
        return reply;
      }
      throw notFound('This link');
    },
  );
};
