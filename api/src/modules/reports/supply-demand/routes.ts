// /supplyDemandGap (issue 26, decision 057): a row per county with the visits requested and staffed there over a
// period and the prior one, the gap and the active clinicians, largest gap first; and the records behind a figure.
// Page healthReports: the administrator and the staffing roles.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  metricDrillSchema,
  supplyDemandQuerySchema,
  supplyDemandRecordsQuerySchema,
  supplyDemandSchema,
} from '@carelane/shared-domain';
import { errorResponses } from '../../../lib/route-schema';
import type { AppServices } from '../../../services/app-services';
import * as service from './service';

const tags = ['reports'];
const config = { page: 'healthReports' } as const;

export const supplyDemandRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (
  app,
  { services },
) => {
  app.get(
    '/api/admin/reports/supplyDemandGap',
    {
      config,
      schema: {
        tags,
        summary:
          'Per county: visits requested and staffed over a period and the prior period, the gap (unstaffed) and the active clinicians living there, largest gap first',
        querystring: supplyDemandQuerySchema,
        response: { 200: supplyDemandSchema, ...errorResponses },
      },
    },
    async (request) => service.supplyDemand(services, request.ctx, request.query),
  );

  app.get(
    '/api/admin/reports/supplyDemandGap/records',
    {
      config: { ...config, patientRead: { kind: 'metricVisitList' } },
      schema: {
        tags,
        summary:
          "The records behind a county's figure: its requested, staffed or unstaffed visits in the period, or its active clinicians",
        querystring: supplyDemandRecordsQuerySchema,
        response: { 200: metricDrillSchema, ...errorResponses },
      },
    },
    async (request) => service.supplyDemandRecords(services, request.ctx, request.query),
  );
};
