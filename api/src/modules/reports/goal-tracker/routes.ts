// /goalTracker's API (issue 26, decision 056): page reports (administrator and staffing roles).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  goalTrackerQuerySchema,
  goalTrackerRecordsQuerySchema,
  goalTrackerRecordsSchema,
  goalTrackerSchema,
} from '@carelane/shared-domain';
import { errorResponses } from '../../../lib/route-schema';
import type { AppServices } from '../../../services/app-services';
import * as service from './service';

export const goalTrackerRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (
  app,
  { services },
) => {
  app.get(
    '/api/admin/reports/goalTracker',
    {
      config: { page: 'reports' },
      schema: {
        tags: ['reports'],
        summary:
          "Care-plan goals from the notes' goal builder, met, in progress and not met, per patient or clinician, over the visits' dates of service",
        querystring: goalTrackerQuerySchema,
        response: { 200: goalTrackerSchema, ...errorResponses },
      },
    },
    async (request) => service.goalTracker(services, request.ctx, request.query),
  );
  app.get(
    '/api/admin/reports/goalTracker/records',
    {
      config: { page: 'reports' },
      schema: {
        tags: ['reports'],
        summary: "The goals behind a patient's or clinician's figure (groupId and status), latest first",
        querystring: goalTrackerRecordsQuerySchema,
        response: { 200: goalTrackerRecordsSchema, ...errorResponses },
      },
    },
    async (request) => service.goalTrackerRecords(services, request.ctx, request.query),
  );
};
