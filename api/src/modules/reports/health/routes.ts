// The health reports (issue 26, decision 050): a row per organization, state, clinician, or organization's open
// visits with its figures over a period and the prior one, worst first; and the visits behind a figure that is
// not a dashboard rate's part (those are the dashboard's drill-down). Page healthReports: the administrator and the
// staffing roles.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  areaHealthQuerySchema,
  clinicianHealthQuerySchema,
  clinicianHealthSchema,
  healthVisitsQuerySchema,
  metricDrillSchema,
  operationsHealthQuerySchema,
  operationsHealthSchema,
  organizationHealthSchema,
  stateHealthSchema,
} from '@carelane/shared-domain';
import { errorResponses } from '../../../lib/route-schema';
import type { AppServices } from '../../../services/app-services';
import * as service from './service';

const tags = ['reports'];
const config = { page: 'healthReports' } as const;

export const healthRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (app, { services }) => {
  app.get(
    '/api/admin/reports/health/organizations',
    {
      config,
      schema: {
        tags,
        summary:
          'Per organization: requested and staffed visits, staffing, fill and completion rates and missed visits over a period and the prior period, worst first',
        querystring: areaHealthQuerySchema,
        response: { 200: organizationHealthSchema, ...errorResponses },
      },
    },
    async (request) => service.organizationHealth(services, request.ctx, request.query),
  );

  app.get(
    '/api/admin/reports/health/states',
    {
      config,
      schema: {
        tags,
        summary:
          "The organizations' health figures added up per state (the organization's ZIP code's), worst first",
        querystring: areaHealthQuerySchema,
        response: { 200: stateHealthSchema, ...errorResponses },
      },
    },
    async (request) => service.stateHealth(services, request.ctx, request.query),
  );

  app.get(
    '/api/admin/reports/health/clinicians',
    {
      config,
      schema: {
        tags,
        summary:
          'Per active clinician: rating, last sign-in, visits assigned, completed and missed and notes overdue over a period and the prior period, worst first',
        querystring: clinicianHealthQuerySchema,
        response: { 200: clinicianHealthSchema, ...errorResponses },
      },
    },
    async (request) => service.clinicianHealth(services, request.ctx, request.query),
  );

  app.get(
    '/api/admin/reports/health/operations',
    {
      config,
      schema: {
        tags,
        summary:
          'Per organization: open visits over a period and the prior period, and those with no active clinician of their provider type within 10 miles, worst first',
        querystring: operationsHealthQuerySchema,
        response: { 200: operationsHealthSchema, ...errorResponses },
      },
    },
    async (request) => service.operationsHealth(services, request.ctx, request.query),
  );

  app.get(
    '/api/admin/reports/health/visits',
    {
      config: { ...config, patientRead: { kind: 'metricVisitList' } },
      schema: {
        tags,
        summary:
          "The visits behind a health figure that is not a dashboard rate's part (missed visits, a clinician's visits, open and uncovered visits)",
        querystring: healthVisitsQuerySchema,
        response: { 200: metricDrillSchema, ...errorResponses },
      },
    },
    async (request) => service.healthVisits(services, request.ctx, request.query),
  );
};
