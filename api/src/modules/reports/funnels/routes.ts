// The funnel reports (issue 26, decision 053): a funnel's stages over a period and the prior one, and the records
// behind a stage with the same filters. Page funnelReports: the administrator and the staffing roles.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  funnelParamsSchema,
  funnelQuerySchema,
  funnelOrganizationsSchema,
  funnelRecordsQuerySchema,
  funnelSchema,
  funnelStageParamsSchema,
  funnelRecordsSchema,
} from '@carelane/shared-domain';
import { errorResponses } from '../../../lib/route-schema';
import type { AppServices } from '../../../services/app-services';
import * as service from './service';

const tags = ['reports'];
const config = { page: 'funnelReports' } as const;

export const funnelsRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (app, { services }) => {
  app.get(
    '/api/admin/reports/funnels/referralSourceConversion/organizations',
    {
      config,
      schema: {
        tags,
        summary:
          "Organization conversion's table: a row per organization with each stage's count in the period, worst conversion first",
        querystring: funnelQuerySchema,
        response: { 200: funnelOrganizationsSchema, ...errorResponses },
      },
    },
    async (request) => service.conversionOrganizations(services, request.ctx, request.query),
  );
  app.get(
    '/api/admin/reports/funnels/:funnel',
    {
      config,
      schema: {
        tags,
        summary:
          "A funnel's stages (decision 053): each stage's count and median time in stage over a period and the prior period",
        params: funnelParamsSchema,
        querystring: funnelQuerySchema,
        response: { 200: funnelSchema, ...errorResponses },
      },
    },
    async (request) => service.funnel(services, request.ctx, request.params.funnel, request.query),
  );

  app.get(
    '/api/admin/reports/funnels/:funnel/stages/:stage/records',
    {
      config: { ...config, patientRead: { kind: 'metricVisitList' } },
      schema: {
        tags,
        summary: "The records behind a funnel stage, same filters; the paging's total is the stage's count",
        params: funnelStageParamsSchema,
        querystring: funnelRecordsQuerySchema,
        response: { 200: funnelRecordsSchema, ...errorResponses },
      },
    },
    async (request) =>
      service.stageRecords(services, request.ctx, request.params.funnel, request.params.stage, request.query),
  );
};
