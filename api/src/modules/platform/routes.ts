import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ROLE, isOrganizationRole } from '@carelane/shared-domain';
import { errorResponses } from '../../lib/route-schema';
import { bearerToken, resolveActor } from '../../plugins/auth';
import type { AppServices } from '../../services/app-services';
import { requireActor } from '../../services/context';

const HEARTBEAT_MS = 25_000;

const clip = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max)}… (${text.length} characters)` : text;

export const publicPlatformRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (
  app,
  { services },
) => {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['platform'],
        summary: 'Liveness: 200 when the database answers',
        response: {
          200: z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) }),
          503: z.object({ status: z.literal('unavailable'), database: z.enum(['pglite', 'postgres']) }),
        },
      },
    },
    async (_request, reply) => {
      try {
        await services.database.ping();
        return { status: 'ok' as const, database: services.database.kind };
      } catch {
        return reply.status(503).send({ status: 'unavailable' as const, database: services.database.kind });
      }
    },
  );
  app.post(
    '/api/clientLog',
    {
      bodyLimit: 8 * 1024,
      // Open to anyone, but a signed-in caller may log errors and more lines (plugins/rate-limit.ts); a missing,
      // bad or ended session is simply signed out here.
      onRequest: async (request) => {
        request.ctx.actor = await resolveActor(services.db, services.readCache, bearerToken(request)).catch(
          () => null,
        );
      },
      schema: {
        tags: ['platform'],
        summary: 'Front-end errors worth a look on the server (e.g. "Dynamic page loading failed")',
        body: z.object({
          level: z.enum(['error', 'warn', 'info']),
          message: z.string().max(2000),
          context: z.record(z.string(), z.unknown()).optional(),
        }),
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { message, context } = request.body;
      // Someone signed out cannot raise the server's alarms: their errors are logged as warnings.
      const level = request.body.level === 'error' && !request.ctx.actor ? 'warn' : request.body.level;
      // Each logged line stays short, whatever a client sends.
      request.log[level](
        { client: clip(JSON.stringify(context ?? {}), 1000) },
        `client: ${clip(message, 500)}`,
      );
      return reply.status(204).send(null);
    },
  );
};

export const sessionPlatformRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (
  app,
  { services },
) => {
  app.get(
    '/api/events',
    {
      config: { allowDuringPasswordChange: true },
      schema: {
        tags: ['platform'],
        summary: 'Server-sent events: entityChanged for what the signed-in user may see',
        produces: ['text/event-stream'],
        response: {
          200: z.string().describe('text/event-stream of `entityChanged` events'),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request.ctx);
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      raw.write(`retry: 5000\n\n`);
      const heartbeat = setInterval(() => raw.write(`: keep-alive\n\n`), HEARTBEAT_MS);
      const unsubscribe = services.events.subscribe({
        actor,
        isStaff: !isOrganizationRole(actor.roleId) && actor.roleId !== ROLE.CLINICIAN,
        send: (event) => raw.write(`event: entityChanged\ndata: ${JSON.stringify(event)}\n\n`),
        end: () => {
          clearInterval(heartbeat);
          raw.end();
        },
      });
      request.raw.on('close', () => {
        clearInterval(heartbeat);
        unsubscribe();
      });
    },
  );
};
