// Feedback on a clinician's visit (issue 11): the public page's two calls (no sign-in, rate-limited by client
// address and token: plugins/rate-limit.ts) and staff making a new link for a checked-out visit.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  clinicianFeedbackDetailsSchema,
  clinicianFeedbackInputSchema,
  clinicianFeedbackQuerySchema,
  clinicianFeedbackResultSchema,
  feedbackLinkParamsSchema,
  feedbackLinkSchema,
} from '@carelane/shared-domain';
import { errorResponses } from '../../../lib/route-schema';
import type { AppServices } from '../../../services/app-services';
import * as service from './service';

const tags = ['clinician feedback'];

export const publicFeedbackRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (
  app,
  { services },
) => {
  app.get(
    '/api/public/clinicianFeedback',
    {
      schema: {
        tags,
        summary:
          "What a feedback link grants: the visit's date and the clinician's first name (400 unknown or expired, 409 used)",
        querystring: clinicianFeedbackQuerySchema,
        response: { 200: clinicianFeedbackDetailsSchema, ...errorResponses },
      },
    },
    async (request) => service.feedbackDetails(services, request.query.token),
  );

  app.post(
    '/api/public/clinicianFeedback',
    {
      schema: {
        tags,
        summary: 'Rate the visit 1 to 5 stars with a comment; the link works once',
        body: clinicianFeedbackInputSchema,
        response: { 200: clinicianFeedbackResultSchema, ...errorResponses },
      },
    },
    async (request) => service.submitFeedback(services, request.ctx, request.body),
  );
};

export const feedbackRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (app, { services }) => {
  app.post(
    '/api/admin/providers/:id/visits/:visitId/feedbackLink',
    {
      config: { page: 'providerVisits' },
      schema: {
        tags,
        summary:
          'A new feedback link for a checked-out visit, shown once (stored only as its hash; older open links stop working)',
        params: feedbackLinkParamsSchema,
        response: { 201: feedbackLinkSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await service.createFeedbackLink(services, request.ctx, request.params.id, request.params.visitId),
        ),
  );
};
