// /candidateReport's and /candidatePageView's API (issue 26, decision 058): page candidateReport (administrator
// and staffing roles), and the public pages' view beacon (no sign-in, no cookies; rate-limited by client
// address: plugins/rate-limit.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  candidatePageViewQuerySchema,
  candidatePageViewRecordsQuerySchema,
  candidatePageViewRecordsSchema,
  candidatePageViewSchema,
  candidateRecordsQuerySchema,
  candidateRecordsSchema,
  candidateReportQuerySchema,
  candidateReportSchema,
  pageViewInputSchema,
} from '@carelane/shared-domain';
import { z } from 'zod';
import { errorResponses } from '../../../lib/route-schema';
import type { AppServices } from '../../../services/app-services';
import * as service from './service';

const config = { page: 'candidateReport' } as const;
const tags = ['reports'];

export const publicPageViewRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (
  app,
  { services },
) => {
  app.post(
    '/api/public/page-views',
    {
      bodyLimit: 4 * 1024,
      schema: {
        tags,
        summary:
          'A view of a public candidate page (an allow-list), kept without cookies or anything that names the visitor',
        body: pageViewInputSchema,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await service.recordPageView(
        services,
        { ip: request.ip, userAgent: request.headers['user-agent'] },
        request.body,
      );
      return reply.status(204).send(null);
    },
  );
};

export const candidatesRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (
  app,
  { services },
) => {
  app.get(
    '/api/admin/reports/candidateReport',
    {
      config,
      schema: {
        tags,
        summary:
          'The clinician invitations sent in the period (Central days) from invited to onboarded and a first visit, expired unregistered, per provider type, with the prior period',
        querystring: candidateReportQuerySchema,
        response: { 200: candidateReportSchema, ...errorResponses },
      },
    },
    async (request) => service.candidateReport(services, request.ctx, request.query),
  );
  app.get(
    '/api/admin/reports/candidateReport/records',
    {
      config,
      schema: {
        tags,
        summary: 'The candidates (clinicians) behind a stage or the expired figure, in the order invited',
        querystring: candidateRecordsQuerySchema,
        response: { 200: candidateRecordsSchema, ...errorResponses },
      },
    },
    async (request) => service.candidateRecords(services, request.ctx, request.query),
  );
  app.get(
    '/api/admin/reports/candidatePageView',
    {
      config,
      schema: {
        tags,
        summary:
          'Views and unique visitors of the public candidate pages per day, page and channel, and registrations, with the prior period',
        querystring: candidatePageViewQuerySchema,
        response: { 200: candidatePageViewSchema, ...errorResponses },
      },
    },
    async (request) => service.candidatePageView(services, request.ctx, request.query),
  );
  app.get(
    '/api/admin/reports/candidatePageView/records',
    {
      config,
      schema: {
        tags,
        summary: "The views, visitor-days (each's first view) or registrations behind a figure",
        querystring: candidatePageViewRecordsQuerySchema,
        response: { 200: candidatePageViewRecordsSchema, ...errorResponses },
      },
    },
    async (request) => service.candidatePageViewRecords(services, request.ctx, request.query),
  );
};
