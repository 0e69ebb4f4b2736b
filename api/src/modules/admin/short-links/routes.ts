import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createShortLinkRequestSchema } from '@carelane/shared-domain';
import { shortLinks } from '../../db/schema';
import type { Executor } from '../../db/client';
import { shortId } from '../../lib/crypto';
import { notFound } from '../../lib/errors';
import { errorResponses } from '../../lib/route-schema';
import { recordAudit } from '../../services/audit';
import type { AppServices } from '../../services/app-services';
import type { RequestContext } from '../../services/context';

const tags = ['short links'];
const shortLinkResponseSchema = z.object({ id: z.string(), path: z.string(), url: z.string() });

/** Makes a short link to an in-app path; used by messages that must fit an SMS. */
export async function createShortLink(
  ex: Executor,
  ctx: RequestContext,
  path: string,
  expiresInDays?: number,
) {
  const id = shortId();
  await ex.insert(shortLinks).values({
    id,
    path,
    createdBy: ctx.actor?.userId ?? null,
    expiresAt: expiresInDays ? sql`now() + make_interval(days => ${expiresInDays})` : null,
  });
  await recordAudit(ex, ctx, {
    entity: 'shortLink',
    entityId: id,
    action: 'CREATE',
    before: null,
    after: { id, path },
  });
  return id;
}

export async function resolveShortLink(ex: Executor, id: string): Promise<string | undefined> {
  const [row] = await ex
    .select({ path: shortLinks.path })
    .from(shortLinks)
    .where(
      and(eq(shortLinks.id, id), or(isNull(shortLinks.expiresAt), gt(shortLinks.expiresAt, sql`now()`))),
    );
  return row?.path;
}

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
      const id = await services.db.transaction((tx) =>
        createShortLink(tx, request.ctx, request.body.path, request.body.expiresInDays),
      );
      return reply
        .status(201)
        .send({ id, path: request.body.path, url: `${services.config.publicUrl}/r/${id}` });
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
    async (request) => {
      const path = await resolveShortLink(services.db, request.params.id);
      if (!path) throw notFound('This link');
      return { path };
    },
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
    async (request, reply) => {
      const path = await resolveShortLink(services.db, request.params.id);
      if (!path) throw notFound('This link');
      return reply.redirect(path, 302);
    },
  );
};
