import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  assignVisitSchema,
  fitScoreQuerySchema,
  fitScoreResponseSchema,
  fitScoreVisitsQuerySchema,
  fitScoreVisitsResponseSchema,
  unassignVisitSchema,
  visitRowSchema,
} from '@carelane/shared-domain';
import { errorResponses } from '../../../lib/route-schema';
import type { AppServices } from '../../../services/app-services';
import * as matching from './service';

const tags = ['matching'];
const readPages = { page: ['unstaffedVisits', 'serviceRequestDetail'] };

export const matchingRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (app, { services }) => {
  app.get(
    '/api/operation/fitScore',
    {
      config: readPages,
      schema: {
        tags,
        summary: 'Clinicians ranked by fit score for one visit, with the factor breakdown and the rates',
        querystring: fitScoreQuerySchema,
        response: { 200: fitScoreResponseSchema, ...errorResponses },
      },
    },
    async (request) => matching.fitScoreList(services, request.ctx, request.query),
  );

  app.get(
    '/api/operation/fitScore/visits',
    {
      config: readPages,
      schema: {
        tags,
        summary: 'Published visits to match, today to +7 days by default, 25 a page',
        querystring: fitScoreVisitsQuerySchema,
        response: { 200: fitScoreVisitsResponseSchema, ...errorResponses },
      },
    },
    async (request) => matching.visitsToMatch(services, request.ctx, request.query),
  );

  const assignResponse = { 200: visitRowSchema, ...errorResponses };
  app.post(
    '/api/admin/assignVisit',
    {
      config: { page: 'unstaffedVisits' },
      schema: {
        tags,
        summary: 'Assign a clinician (Published -> Staffed); notifies the clinician and the facility',
        body: assignVisitSchema,
        response: assignResponse,
      },
    },
    async (request) => matching.assignVisit(services, request.ctx, request.body),
  );

  app.post(
    '/api/admin/unassignVisit',
    {
      config: { page: 'unstaffedVisits' },
      schema: {
        tags,
        summary: 'Take the clinician off a staffed visit (Staffed -> Published)',
        body: unassignVisitSchema,
        response: assignResponse,
      },
    },
    async (request) => matching.unassignVisit(services, request.ctx, request.body),
  );
};
