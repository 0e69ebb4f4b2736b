// Visits and shifts inside one service request.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  episodeVisitCreateResponseSchema,
  episodeVisitCreateSchema,
  episodeVisitDeleteQuerySchema,
  episodeVisitListQuerySchema,
  episodeVisitListResponseSchema,
  episodeVisitSchema,
  episodeVisitUpdateSchema,
  idParamsSchema,
  visitParamsSchema,
} from '@carelane/shared-domain';
import { errorResponses } from '../../../lib/route-schema';
import type { AppServices } from '../../../services/app-services';
import { episodePatientIds } from '../episodes/service';
import * as episodeVisits from './service';

const tags = ['service requests'];
const readPages = { page: ['serviceRequest', 'serviceRequestDetail'] };
const writePages = { page: 'serviceRequestDetail' };

export const episodeVisitsRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (
  app,
  { services },
) => {
  app.get(
    '/api/admin/episodes/:id/visits',
    {
      config: { ...readPages, patientRead: { kind: 'visitList', patientsOf: episodePatientIds } },
      schema: {
        tags,
        summary: 'Visits of one service request by date and start time (SPEC §9: up to 1000 a page)',
        params: idParamsSchema,
        querystring: episodeVisitListQuerySchema,
        response: { 200: episodeVisitListResponseSchema, ...errorResponses },
      },
    },
    async (request) => episodeVisits.listVisits(services, request.ctx, request.params.id, request.query),
  );

  app.post(
    '/api/admin/episodes/:id/visits',
    {
      config: writePages,
      schema: {
        tags,
        summary: 'Add visits: one, several dates (multiple + multipleDates) or noOfVisits copies',
        params: idParamsSchema,
        body: episodeVisitCreateSchema,
        response: { 201: episodeVisitCreateResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        rows: await episodeVisits.addVisits(services, request.ctx, request.params.id, request.body),
      }),
  );

  app.put(
    '/api/admin/episodes/:id/visits/:visitId',
    {
      config: writePages,
      schema: {
        tags,
        summary: 'Edit a Draft or Active visit: date, time, duration, rates (send the version you read)',
        params: visitParamsSchema,
        body: episodeVisitUpdateSchema,
        response: { 200: episodeVisitSchema, ...errorResponses },
      },
    },
    async (request) => episodeVisits.editVisit(services, request.ctx, request.params, request.body),
  );

  app.delete(
    '/api/admin/episodes/:id/visits/:visitId',
    {
      config: writePages,
      schema: {
        tags,
        summary: 'Delete a Draft or Active visit (?version= the version you read)',
        params: visitParamsSchema,
        querystring: episodeVisitDeleteQuerySchema,
        response: { 200: episodeVisitSchema, ...errorResponses },
      },
    },
    async (request) =>
      episodeVisits.deleteVisit(services, request.ctx, request.params, request.query.version),
  );
};
