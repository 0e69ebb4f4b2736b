// Orientations (issue 11, decision 023): the orientations under /api/admin/orientations (staff; written by
// administrators and clinician managers), assignments under /api/admin/providers/:id/assignments (staff), and a
// clinician's orientations and progress under /api/operation (the clinician, or staff to look).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  assignmentInputSchema,
  assignmentSchema,
  clinicianOrientationListSchema,
  clinicianOrientationParamsSchema,
  clinicianOrientationSchema,
  idParamsSchema,
  orientationInputSchema,
  orientationListQuerySchema,
  orientationListSchema,
  orientationSchema,
  orientationSectionParamsSchema,
  orientationUpdateSchema,
  quizResultSchema,
  quizSubmissionSchema,
} from '@carelane/shared-domain';
import { errorResponses } from '../../../lib/route-schema';
import type { AppServices } from '../../../services/app-services';
import * as service from './service';

const tags = ['orientations'];
const listPages = { page: 'providers' };
const staffPages = { page: 'providerDetail' };
/** The clinician's own (myVisits) or any clinician's (providerDetail): the service checks whose. */
const clinicianPages = { page: ['providerDetail', 'myVisits'] };
const THEIRS = '/api/operation/providers/:id/orientations';

/** The orientations staff write and assign. */
const orientationCatalogueRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (
  app,
  { services },
) => {
  app.get(
    '/api/admin/orientations',
    {
      config: listPages,
      schema: {
        tags,
        summary: 'Orientations by title, paged, filtered by status, provider type and title',
        querystring: orientationListQuerySchema,
        response: { 200: orientationListSchema, ...errorResponses },
      },
    },
    async (request) => service.listOrientations(services, request.query),
  );

  app.post(
    '/api/admin/orientations',
    {
      config: staffPages,
      schema: {
        tags,
        summary: 'Create an orientation with its sections and quiz (administrators and clinician managers)',
        body: orientationInputSchema,
        response: { 201: orientationSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createOrientation(services, request.ctx, request.body)),
  );

  app.get(
    '/api/admin/orientations/:id',
    {
      config: staffPages,
      schema: {
        tags,
        summary: 'An orientation with its sections and quiz (with the right answers) in index order',
        params: idParamsSchema,
        response: { 200: orientationSchema, ...errorResponses },
      },
    },
    async (request) => service.getOrientation(services, request.params.id),
  );

  app.put(
    '/api/admin/orientations/:id',
    {
      config: staffPages,
      schema: {
        tags,
        summary: 'Change an orientation, its sections and quiz at the version read (409 when stale)',
        params: idParamsSchema,
        body: orientationUpdateSchema,
        response: { 200: orientationSchema, ...errorResponses },
      },
    },
    async (request) => service.updateOrientation(services, request.ctx, request.params.id, request.body),
  );

  app.post(
    '/api/admin/providers/:id/assignments',
    {
      config: staffPages,
      schema: {
        tags,
        summary: 'Assign an orientation or a performance evaluation to a clinician',
        params: idParamsSchema,
        body: assignmentInputSchema,
        response: { 201: assignmentSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.assign(services, request.ctx, request.params.id, request.body)),
  );
};

/** A clinician's own orientations: reading, sections viewed, the quiz. */
const clinicianOrientationRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (
  app,
  { services },
) => {
  app.get(
    '/api/operation/myOrientations',
    {
      config: { page: 'myVisits' },
      schema: {
        tags,
        summary: "The signed-in clinician's orientations, progress and performance evaluations",
        response: { 200: clinicianOrientationListSchema, ...errorResponses },
      },
    },
    async (request) => service.myOrientations(services, request.ctx),
  );

  app.get(
    THEIRS,
    {
      config: clinicianPages,
      schema: {
        tags,
        summary: "A clinician's orientations, progress and performance evaluations",
        params: idParamsSchema,
        response: { 200: clinicianOrientationListSchema, ...errorResponses },
      },
    },
    async (request) => service.clinicianOrientationList(services, request.ctx, request.params.id),
  );

  app.get(
    `${THEIRS}/:orientationId`,
    {
      config: clinicianPages,
      schema: {
        tags,
        summary:
          'An orientation as the clinician takes it: sections, what they viewed, the quiz without answers',
        params: clinicianOrientationParamsSchema,
        response: { 200: clinicianOrientationSchema, ...errorResponses },
      },
    },
    async (request) =>
      service.clinicianOrientation(services, request.ctx, request.params.id, request.params.orientationId),
  );

  app.post(
    `${THEIRS}/:orientationId/sections/:sectionId/viewed`,
    {
      config: { page: 'myVisits' },
      schema: {
        tags,
        summary: 'The clinician has read a section',
        params: orientationSectionParamsSchema,
        response: { 200: clinicianOrientationSchema, ...errorResponses },
      },
    },
    async (request) =>
      service.markSectionViewed(
        services,
        request.ctx,
        request.params.id,
        request.params.orientationId,
        request.params.sectionId,
      ),
  );

  app.post(
    `${THEIRS}/:orientationId/quiz`,
    {
      config: { page: 'myVisits' },
      schema: {
        tags,
        summary: "Submit the quiz's answers: the score, and passed when it reaches the pass mark",
        params: clinicianOrientationParamsSchema,
        body: quizSubmissionSchema,
        response: { 200: quizResultSchema, ...errorResponses },
      },
    },
    async (request) =>
      service.submitQuiz(
        services,
        request.ctx,
        request.params.id,
        request.params.orientationId,
        request.body,
      ),
  );
};

export const orientationsRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (app, opts) => {
  await app.register(orientationCatalogueRoutes, opts);
  await app.register(clinicianOrientationRoutes, opts);
};
