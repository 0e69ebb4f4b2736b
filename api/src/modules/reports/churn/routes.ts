// /historicalChurn's API (issue 26, decision 055): page reports (administrator and staffing roles).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  churnMembersQuerySchema,
  churnMembersSchema,
  churnQuerySchema,
  churnSchema,
} from '@carelane/shared-domain';
import { errorResponses } from '../../../lib/route-schema';
import type { AppServices } from '../../../services/app-services';
import { requireActor } from '../../../services/context';
import * as service from './service';

export const churnRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (app, { services }) => {
  app.get(
    '/api/admin/reports/historicalChurn',
    {
      config: { page: 'reports' },
      schema: {
        tags: ['reports'],
        summary:
          'Clinicians (staffed visits) or organizations (visits asked for) active per month, won, new, returning and lost, and the cohorts of their first active month',
        querystring: churnQuerySchema,
        response: { 200: churnSchema, ...errorResponses },
      },
    },
    async (request) => service.churn(services, requireActor(request.ctx), request.query),
  );
  app.get(
    '/api/admin/reports/historicalChurn/records',
    {
      config: { page: 'reports' },
      schema: {
        tags: ['reports'],
        summary:
          "The clinicians or organizations behind a month's figure (month and figure) or a cohort's month (cohort and offset), by name",
        querystring: churnMembersQuerySchema,
        response: { 200: churnMembersSchema, ...errorResponses },
      },
    },
    async (request) => service.churnRecords(services, requireActor(request.ctx), request.query),
  );
};
