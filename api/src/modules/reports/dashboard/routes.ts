// The dashboard (issue 26, decision 046): the seven metrics' counts, and the records behind each figure.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  dashboardSchema,
  metricDrillQuerySchema,
  metricDrillSchema,
  reportFilterQuerySchema,
} from '@carelane/shared-domain';
import { errorResponses } from '../../../lib/route-schema';
import type { AppServices } from '../../../services/app-services';
import * as service from './service';

const tags = ['reports'];

export const dashboardRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (
  app,
  { services },
) => {
  app.get(
    '/api/admin/reports/dashboard',
    {
      config: { page: 'dashboard' },
      schema: {
        tags,
        summary:
          "The dashboard's seven metrics as counts over a period (default the last 7 days) and the prior period, with a day by day trend",
        querystring: reportFilterQuerySchema,
        response: { 200: dashboardSchema, ...errorResponses },
      },
    },
    async (request) => service.dashboard(services, request.ctx, request.query),
  );

  app.get(
    '/api/admin/reports/dashboard/records',
    {
      config: { page: 'dashboard', patientRead: { kind: 'metricVisitList' } },
      schema: {
        tags,
        summary:
          "The records behind one figure of the dashboard (a metric's numerator or denominator, this period or the prior): visits, or clinicians for the utilization rate",
        querystring: metricDrillQuerySchema,
        response: { 200: metricDrillSchema, ...errorResponses },
      },
    },
    async (request) => service.metricRecords(services, request.ctx, request.query),
  );
};
