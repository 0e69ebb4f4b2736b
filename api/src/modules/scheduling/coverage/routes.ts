import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { coverageReportQuerySchema, coverageReportResponseSchema } from '@carelane/shared-domain';
import { errorResponses } from '../../../lib/route-schema';
import type { AppServices } from '../../../services/app-services';
import { coverageReport } from './service';

const tags = ['coverage'];
const gzipAsync = promisify(gzip);
/** Below this the answer goes out as it is: compressing a few hundred bytes gains nothing. */
const GZIP_FROM_BYTES = 1024;

/**
 * `/api/operation/coverageReport` (SPEC §7 "coverage report"): the coverage map's data, for the staff
 * who hold the `locator` page. The blob key that decrypts patient names reaches the browser with the
 * constants every session loads (`GET /api/admin/constants`), so no extra key route is needed.
 */
export const coverageRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (app, { services }) => {
  app.get(
    '/api/operation/coverageReport',
    {
      config: { page: 'locator' },
      schema: {
        tags,
        summary: 'Clinicians and episodes for the coverage map (columns), and coverage by ZIP code',
        querystring: coverageReportQuerySchema,
        response: { 200: coverageReportResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const report = await coverageReport(services, request.ctx, request.query);
      const json = JSON.stringify(report);
      // Sent already serialised (and gzipped when the client takes it): the schema above documents it.
      const raw = reply as unknown as { send(payload: string | Buffer): void };
      void reply
        .header('vary', 'accept-encoding')
        .header('cache-control', 'no-store')
        .type('application/json');
      if (json.length < GZIP_FROM_BYTES || !/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? '')))
        raw.send(json);
      else {
        const zipped = await gzipAsync(json);
        void reply.header('content-encoding', 'gzip');
        raw.send(zipped);
      }
    },
  );
};
