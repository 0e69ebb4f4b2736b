// Public facility pages' API (no sign-in): the token in the emailed link names the assignments.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  facilityAcceptSchema,
  facilityAssignmentsResponseSchema,
  facilityChangeSchema,
  facilityRejectSchema,
  facilityResponseResultSchema,
  facilityTokenQuerySchema,
} from '@carelane/shared-domain';
import { errorResponses } from '../../../lib/route-schema';
import type { AppServices } from '../../../services/app-services';
import * as facilityResponse from './service';

const tags = ['facility response'];

export const publicFacilityResponseRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (
  app,
  { services },
) => {
  const resultResponses = { 200: facilityResponseResultSchema, ...errorResponses };

  app.get(
    '/api/public/facilityResponse',
    {
      schema: {
        tags,
        summary: 'The assignments of a facility response link',
        querystring: facilityTokenQuerySchema,
        response: { 200: facilityAssignmentsResponseSchema, ...errorResponses },
      },
    },
    async (request) => facilityResponse.getAssignments(services, request.query.token),
  );

  app.post(
    '/api/public/facilityResponse/accept',
    {
      schema: {
        tags,
        summary: 'Accept the chosen assignments',
        body: facilityAcceptSchema,
        response: resultResponses,
      },
    },
    async (request) => facilityResponse.acceptAssignments(services, request.ctx, request.body),
  );

  app.post(
    '/api/public/facilityResponse/change',
    {
      schema: {
        tags,
        summary: 'Ask for a change of the chosen assignments (new date, time or a note)',
        body: facilityChangeSchema,
        response: resultResponses,
      },
    },
    async (request) => facilityResponse.requestChange(services, request.ctx, request.body),
  );

  app.post(
    '/api/public/facilityResponse/reject',
    {
      schema: {
        tags,
        summary: 'Reject the chosen assignments with a reason: they are published again',
        body: facilityRejectSchema,
        response: resultResponses,
      },
    },
    async (request) => facilityResponse.rejectAssignments(services, request.ctx, request.body),
  );
};
