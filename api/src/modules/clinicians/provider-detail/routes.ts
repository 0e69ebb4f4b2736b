// The clinician detail (issue 11, `/provider`) under /api/admin/providers/:id: the profile, status with a reason,
// transfer, rates and vacations, activity. Staff with the providerDetail page only (a clinician keeps their own
// profile through onboarding); the service loads the clinician through access.ts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  idParamsSchema,
  idSchema,
  okSchema,
  providerActivityQuerySchema,
  providerActivitySchema,
  providerDetailSchema,
  providerProfileInputSchema,
  providerRateListSchema,
  providerRatesInputSchema,
  providerStatusChangeSchema,
  providerStatusReasonsSchema,
  providerTransferSchema,
  providerTransferTargetsSchema,
  providerVacationInputSchema,
  providerVacationListSchema,
  providerVacationSchema,
} from '@carelane/shared-domain';
import { z } from 'zod';
import { errorResponses } from '../../../lib/route-schema';
import type { AppServices } from '../../../services/app-services';
import * as service from './service';

const tags = ['clinicians'];
const config = { page: 'providerDetail' };
const ONE = '/api/admin/providers/:id';

/** A clinician's profile, status and transfer, with the choices they take. */
const clinicianProfileRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (
  app,
  { services },
) => {
  app.get(
    '/api/admin/providerStatusReasons',
    {
      config,
      schema: {
        tags,
        summary:
          'The reasons offered when a clinician is made inactive (constant inactivateProviderReasonTypes)',
        response: { 200: providerStatusReasonsSchema, ...errorResponses },
      },
    },
    async () => service.statusReasons(services),
  );

  app.get(
    '/api/admin/providerTransferTargets',
    {
      config,
      schema: {
        tags,
        summary:
          'The users a clinician can be transferred to: active clinician managers and care coordinators',
        response: { 200: providerTransferTargetsSchema, ...errorResponses },
      },
    },
    async () => service.transferTargets(services),
  );

  app.get(
    ONE,
    {
      config,
      schema: {
        tags,
        summary:
          "A clinician's profile: contact, address, type, status, credential state, licence numbers, " +
          'preferences, coverage, rating and its details, last login, care coordinator, version',
        params: idParamsSchema,
        response: { 200: providerDetailSchema, ...errorResponses },
      },
    },
    async (request) => service.getProvider(services, request.ctx, request.params.id),
  );

  app.put(
    ONE,
    {
      config,
      schema: {
        tags,
        summary:
          "Save a clinician's profile at the version read (409 when stale); without latitude and longitude " +
          'the ZIP code is geocoded',
        params: idParamsSchema,
        body: providerProfileInputSchema,
        response: { 200: providerDetailSchema, ...errorResponses },
      },
    },
    async (request) => service.saveProfile(services, request.ctx, request.params.id, request.body),
  );

  app.post(
    `${ONE}/status`,
    {
      config,
      schema: {
        tags,
        summary: "Change a clinician's status; Inactive (5) needs one of the inactivation reasons",
        params: idParamsSchema,
        body: providerStatusChangeSchema,
        response: { 200: providerDetailSchema, ...errorResponses },
      },
    },
    async (request) => service.changeStatus(services, request.ctx, request.params.id, request.body),
  );

  app.post(
    `${ONE}/transfer`,
    {
      config,
      schema: {
        tags,
        summary:
          'Transfer a clinician to another clinician manager or care coordinator (SPEC §7 transferProvider)',
        params: idParamsSchema,
        body: providerTransferSchema,
        response: { 200: providerDetailSchema, ...errorResponses },
      },
    },
    async (request) => service.transfer(services, request.ctx, request.params.id, request.body),
  );
};

/** A clinician's rates, vacations and activity. */
const clinicianTermsRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (app, { services }) => {
  app.get(
    `${ONE}/rates`,
    {
      config,
      schema: {
        tags,
        summary: "A clinician's own rates per visit type, and the visit types of their provider type",
        params: idParamsSchema,
        response: { 200: providerRateListSchema, ...errorResponses },
      },
    },
    async (request) => service.listRates(services, request.ctx, request.params.id),
  );

  app.put(
    `${ONE}/rates`,
    {
      config,
      schema: {
        tags,
        summary: "Replace a clinician's rates (the rate engine's checks, 400 naming rates.N.field)",
        params: idParamsSchema,
        body: providerRatesInputSchema,
        response: { 200: providerRateListSchema, ...errorResponses },
      },
    },
    async (request) => service.replaceRates(services, request.ctx, request.params.id, request.body),
  );

  app.get(
    `${ONE}/vacations`,
    {
      config,
      schema: {
        tags,
        summary: "A clinician's vacations, by start date",
        params: idParamsSchema,
        response: { 200: providerVacationListSchema, ...errorResponses },
      },
    },
    async (request) => service.listVacations(services, request.ctx, request.params.id),
  );

  app.post(
    `${ONE}/vacations`,
    {
      config,
      schema: {
        tags,
        summary: 'Add a vacation (the end on or after the start: 400 naming endDate)',
        params: idParamsSchema,
        body: providerVacationInputSchema,
        response: { 201: providerVacationSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.addVacation(services, request.ctx, request.params.id, request.body)),
  );

  app.delete(
    `${ONE}/vacations/:vacationId`,
    {
      config,
      schema: {
        tags,
        summary: 'Delete one of the clinician’s vacations',
        params: z.object({ id: idSchema, vacationId: idSchema }),
        response: { 200: okSchema, ...errorResponses },
      },
    },
    async (request) =>
      service.deleteVacation(services, request.ctx, request.params.id, request.params.vacationId),
  );

  app.get(
    `${ONE}/activity`,
    {
      config,
      schema: {
        tags,
        summary:
          "The clinician's audit entries (profile, status, transfer, rates, vacations, credentials), newest first",
        params: idParamsSchema,
        querystring: providerActivityQuerySchema,
        response: { 200: providerActivitySchema, ...errorResponses },
      },
    },
    async (request) => service.activity(services, request.ctx, request.params.id, request.query),
  );
};

export const providerDetailRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (app, opts) => {
  await app.register(clinicianProfileRoutes, opts);
  await app.register(clinicianTermsRoutes, opts);
};
