import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  archivePreviewQuerySchema,
  archivePreviewSchema,
  archiveRunListSchema,
  archiveRunSchema,
  archiveStartSchema,
  idParamsSchema,
} from '@carelane/shared-domain';
import { errorResponses } from '../../../lib/route-schema';
import type { AppServices } from '../../../services/app-services';
import type { RequestContext } from '../../../services/context';
import {
  assertNotInFuture,
  createRun,
  listRuns,
  previewArchive,
  processRun,
  readRun,
  runningRunIds,
} from './service';

const tags = ['archive'];
/** Administrators only: the page key of the constants page. */
const config = { page: 'constants' };

export const archiveRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (app, { services }) => {
  const running = new Set<Promise<void>>();
  const launch = (ctx: RequestContext, runId: number) => {
    const work = processRun(services, ctx, runId).finally(() => running.delete(work));
    running.add(work);
  };
  // A run still going when the server stops is left to finish its current batch.
  app.addHook('onClose', async () => {
    await Promise.allSettled([...running]);
  });
  // A run interrupted by a stop or a crash carries on when a server starts again.
  app.addHook('onReady', async () => {
    for (const runId of await runningRunIds(services.db)) launch({ actor: null, ip: null }, runId);
  });

  app.get(
    '/api/admin/archive/preview',
    {
      config,
      schema: {
        tags,
        summary: 'How many service requests and patients an archive run for this day would archive',
        querystring: archivePreviewQuerySchema,
        response: { 200: archivePreviewSchema, ...errorResponses },
      },
    },
    async (request) => {
      assertNotInFuture(request.query.olderThan);
      return previewArchive(services.db, request.query.olderThan);
    },
  );

  app.post(
    '/api/admin/archive/runs',
    {
      config,
      schema: {
        tags,
        summary: 'Start an archive run with the confirmed counts; it runs in batches in the background',
        body: archiveStartSchema,
        response: { 202: archiveRunSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const run = await createRun(services, request.ctx, request.body);
      launch({ ...request.ctx }, run.id);
      return reply.status(202).send(run);
    },
  );

  app.get(
    '/api/admin/archive/runs',
    {
      config,
      schema: {
        tags,
        summary: 'The latest archive runs',
        response: { 200: archiveRunListSchema, ...errorResponses },
      },
    },
    async () => ({ rows: await listRuns(services.db) }),
  );

  app.get(
    '/api/admin/archive/runs/:id',
    {
      config,
      schema: {
        tags,
        summary: 'One archive run and its progress',
        params: idParamsSchema,
        response: { 200: archiveRunSchema, ...errorResponses },
      },
    },
    async (request) => readRun(services.db, request.params.id),
  );
};
