import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  expireVisitSchema,
  pauseVisitsSchema,
  visitBulkResponseSchema,
  visitBulkSchema,
  visitListQuerySchema,
  visitListResponseSchema,
} from '@carelane/shared-domain';
import { errorResponses } from '../../../lib/route-schema';
import type { AppServices } from '../../../services/app-services';
import * as visitsService from './service';

const tags = ['visits'];

export const visitsRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (app, { services }) => {
  const bulkResponses = { 200: visitBulkResponseSchema, ...errorResponses };

  app.get(
    '/api/operation/visits',
    {
      config: { page: ['unstaffedVisits', 'serviceRequest'] },
      schema: {
        tags,
        summary: 'Every visit (organization users: their own), default status Active, by date of service',
        querystring: visitListQuerySchema,
        response: { 200: visitListResponseSchema, ...errorResponses },
      },
    },
    async (request) => visitsService.listVisits(services, request.ctx, request.query),
  );

  app.post(
    '/api/admin/approveVisits',
    {
      config: { page: ['unstaffedVisits', 'serviceRequestDetail'] },
      schema: {
        tags,
        summary: 'Approve visits (Approval Due -> Final Review); all or none',
        body: visitBulkSchema,
        response: bulkResponses,
      },
    },
    async (request) => visitsService.approveVisits(services, request.ctx, request.body.visits),
  );

  app.post(
    '/api/admin/deleteVisit',
    {
      config: { page: ['unstaffedVisits', 'serviceRequestDetail'] },
      schema: { tags, summary: 'Delete visits; all or none', body: visitBulkSchema, response: bulkResponses },
    },
    async (request) => visitsService.deleteVisits(services, request.ctx, request.body.visits),
  );

  app.post(
    '/api/admin/expireVisit',
    {
      config: { page: 'unstaffedVisits' },
      schema: {
        tags,
        summary: 'Expire published visits with a reason of expireVisitReasonTypes; all or none',
        body: expireVisitSchema,
        response: bulkResponses,
      },
    },
    async (request) => visitsService.expireVisits(services, request.ctx, request.body),
  );

  app.post(
    '/api/admin/pauseVisits',
    {
      config: { page: 'unstaffedVisits' },
      schema: {
        tags,
        summary: 'Pause (or resume) visits: a paused visit is kept out of matching and notifications',
        body: pauseVisitsSchema,
        response: bulkResponses,
      },
    },
    async (request) => visitsService.pauseVisits(services, request.ctx, request.body),
  );
};
