// The clinician's visits (issue 11): their own under /api/admin/myVisits (page myVisits) with the EVV check-in
// and check-out, and a chosen clinician's for staff (page providerVisits). Every answer names patients: it is
// recorded as a patient read, a refused one too.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  evvInputSchema,
  evvResultSchema,
  idParamsSchema,
  myVisitsQuerySchema,
  providerVisitListSchema,
  providerVisitParamsSchema,
  providerVisitsQuerySchema,
} from '@carelane/shared-domain';
import { errorResponses } from '../../../lib/route-schema';
import type { AppServices } from '../../../services/app-services';
import * as service from './service';

const tags = ['clinician visits'];
const own = { page: 'myVisits', patientRead: { kind: 'visitList' as const } };
const evvAnswer = { 200: evvResultSchema, ...errorResponses };

export const providerVisitsRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (
  app,
  { services },
) => {
  app.get(
    '/api/admin/myVisits',
    {
      config: own,
      schema: {
        tags,
        summary:
          "The signed-in clinician's visits with where and when: by default PendingVisits from 120 days ago to 45 days ahead",
        querystring: myVisitsQuerySchema,
        response: { 200: providerVisitListSchema, ...errorResponses },
      },
    },
    async (request) => service.listMyVisits(services, request.ctx, request.query),
  );

  app.get(
    '/api/admin/providers/:id/visits',
    {
      config: { page: 'providerVisits', patientRead: { kind: 'visitList' } },
      schema: {
        tags,
        summary: "A clinician's visits (staff): by default every status from 29 days ago to 30 days ahead",
        params: idParamsSchema,
        querystring: providerVisitsQuerySchema,
        response: { 200: providerVisitListSchema, ...errorResponses },
      },
    },
    async (request) => service.listProviderVisits(services, request.ctx, request.params.id, request.query),
  );

  app.post(
    '/api/admin/myVisits/:id/checkIn',
    {
      config: own,
      schema: {
        tags,
        summary:
          'Check in to your visit (Staffed or Visit Overdue -> After Staffed) with the device position and time: the EVV record',
        params: providerVisitParamsSchema,
        body: evvInputSchema,
        response: evvAnswer,
      },
    },
    async (request) => service.checkIn(services, request.ctx, request.params.id, request.body),
  );

  app.post(
    '/api/admin/myVisits/:id/checkOut',
    {
      config: own,
      schema: {
        tags,
        summary:
          'Check out of your visit (After Staffed -> Notes Due) with the device position and time; opens its feedback link',
        params: providerVisitParamsSchema,
        body: evvInputSchema,
        response: evvAnswer,
      },
    },
    async (request) => service.checkOut(services, request.ctx, request.params.id, request.body),
  );
};
