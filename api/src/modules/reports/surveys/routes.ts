// Surveys (issue 26, decision 049): staff sending an invitation by hand, the public page's two calls (no sign-in,
// rate-limited by client address and token: plugins/rate-limit.ts), and the results (page reports).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  publicSurveySchema,
  surveyAnswerInputSchema,
  surveyAnswerResultSchema,
  surveyInvitationInputSchema,
  surveyInvitationSchema,
  surveyResponsesQuerySchema,
  surveyResponsesSchema,
  surveySummaryQuerySchema,
  surveySummarySchema,
  surveyTokenParamsSchema,
} from '@carelane/shared-domain';
import { errorResponses } from '../../../lib/route-schema';
import type { AppServices } from '../../../services/app-services';
import * as service from './service';

const tags = ['surveys'];

export const publicSurveyRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (
  app,
  { services },
) => {
  app.get(
    '/api/public/surveys/:token',
    {
      schema: {
        tags,
        summary:
          "What a survey link grants: the survey's questions and the respondent's first name (404 unknown, 410 used or expired)",
        params: surveyTokenParamsSchema,
        response: { 200: publicSurveySchema, ...errorResponses },
      },
    },
    async (request) => service.publicSurvey(services, request.params.token),
  );

  app.post(
    '/api/public/surveys/:token',
    {
      schema: {
        tags,
        summary:
          "Answer the survey; the link works once (404 unknown, 410 used or expired, 400 an answer out of its question's range)",
        params: surveyTokenParamsSchema,
        body: surveyAnswerInputSchema,
        response: { 201: surveyAnswerResultSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.answerSurvey(services, request.ctx, request.params.token, request.body)),
  );
};

export const surveysRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (app, { services }) => {
  app.post(
    '/api/admin/surveys/invitations',
    {
      config: { page: 'reports' },
      schema: {
        tags,
        summary:
          'Send one survey to one user now: the clinician survey to a clinician, the organization survey to an organization user',
        body: surveyInvitationInputSchema,
        response: { 201: surveyInvitationSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.sendInvitation(services, request.ctx, request.body)),
  );

  app.get(
    '/api/admin/reports/surveys/summary',
    {
      config: { page: 'reports' },
      schema: {
        tags,
        summary:
          'The counts each survey’s CSAT and NPS are computed from, this period and the prior, per week, and per answer value',
        querystring: surveySummaryQuerySchema,
        response: { 200: surveySummarySchema, ...errorResponses },
      },
    },
    async (request) => service.summary(services, request.ctx, request.query),
  );

  app.get(
    '/api/admin/reports/surveys/responses',
    {
      config: { page: 'reports' },
      schema: {
        tags,
        summary:
          'The answers given in a period, or those behind one figure (a band of a score, one value of a question, the comments)',
        querystring: surveyResponsesQuerySchema,
        response: { 200: surveyResponsesSchema, ...errorResponses },
      },
    },
    async (request) => service.responses(services, request.ctx, request.query),
  );
};
