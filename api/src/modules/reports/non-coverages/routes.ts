// Non-coverages (issue 26, decision 047): report, list, resolve, weekly trend. Every route needs page nonCoverages
// (administrator and staffing roles; organization users and clinicians are refused).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  idParamsSchema,
  nonCoverageInputSchema,
  nonCoverageListQuerySchema,
  nonCoverageListSchema,
  nonCoverageResolveSchema,
  nonCoverageResultSchema,
  nonCoverageTrendQuerySchema,
  nonCoverageTrendSchema,
} from '@carelane/shared-domain';
import { errorResponses } from '../../../lib/route-schema';
import type { AppServices } from '../../../services/app-services';
import * as service from './service';

const tags = ['reports'];
const page = { page: 'nonCoverages' };

export const nonCoveragesRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (
  app,
  { services },
) => {
  app.get(
    '/api/admin/nonCoverages',
    {
      config: { ...page, patientRead: { kind: 'nonCoverageList' } },
      schema: {
        tags,
        summary: 'Non-coverages, newest report first (SPEC §4: Active by default)',
        querystring: nonCoverageListQuerySchema,
        response: { 200: nonCoverageListSchema, ...errorResponses },
      },
    },
    async (request) => service.listNonCoverages(services, request.ctx, request.query),
  );

  app.get(
    '/api/admin/nonCoverages/trend',
    {
      config: page,
      schema: {
        tags,
        summary:
          'Non-coverages per week of the period (default the last 12 weeks): reported, resolved, still Active at its end',
        querystring: nonCoverageTrendQuerySchema,
        response: { 200: nonCoverageTrendSchema, ...errorResponses },
      },
    },
    async (request) => service.nonCoverageTrend(services, request.query),
  );

  app.post(
    '/api/admin/nonCoverages',
    {
      config: { ...page, patientRead: { kind: 'nonCoverageList' } },
      schema: {
        tags,
        summary: 'Report a service request, or one visit of it, that cannot be covered',
        body: nonCoverageInputSchema,
        response: { 201: nonCoverageResultSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.reportNonCoverage(services, request.ctx, request.body)),
  );

  app.post(
    '/api/admin/nonCoverages/:id/resolve',
    {
      config: { ...page, patientRead: { kind: 'nonCoverageList' } },
      schema: {
        tags,
        summary: 'Resolve an Active non-coverage, saying how (send the version you read)',
        params: idParamsSchema,
        body: nonCoverageResolveSchema,
        response: { 200: nonCoverageResultSchema, ...errorResponses },
      },
    },
    async (request) => service.resolveNonCoverage(services, request.ctx, request.params.id, request.body),
  );
};
