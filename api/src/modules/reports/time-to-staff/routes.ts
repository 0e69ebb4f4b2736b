// Time to staff (issue 26): the dashboard's staffing delay as a histogram and per provider type or organization.
// Page reports (administrator and staffing roles); the visits behind a group are the dashboard's drill-down
// (metric staffingDelay, part denominator, the group's id as the filter).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { timeToStaffQuerySchema, timeToStaffSchema } from '@carelane/shared-domain';
import { errorResponses } from '../../../lib/route-schema';
import type { AppServices } from '../../../services/app-services';
import * as service from './service';

export const timeToStaffRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (
  app,
  { services },
) => {
  app.get(
    '/api/admin/reports/timeToStaff',
    {
      config: { page: 'reports' },
      schema: {
        tags: ['reports'],
        summary:
          "Hours from a visit's request to its assignment (the dashboard's staffing delay) over a period and the prior period: a histogram, and median, p90 and average per provider type or organization",
        querystring: timeToStaffQuerySchema,
        response: { 200: timeToStaffSchema, ...errorResponses },
      },
    },
    async (request) => service.timeToStaff(services, request.ctx, request.query),
  );
};
