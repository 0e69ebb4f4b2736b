import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  idParamsSchema,
  organizationOnboardAcceptSchema,
  organizationOnboardingSchema,
  rateDeleteQuerySchema,
  rateIdParamsSchema,
  referralSourceListQuerySchema,
  referralSourceListResponseSchema,
  referralSourceRateInputSchema,
  referralSourceRateListSchema,
  referralSourceRateSchema,
  referralSourceRateUpdateSchema,
  referralSourceSchema,
} from '@carelane/shared-domain';
import { errorResponses, messageSchema } from '../../../lib/route-schema';
import type { AppServices } from '../../../services/app-services';
import { referralSourceInputSchema, referralSourceUpdateSchema } from './schemas';
import * as service from './service';

const tags = ['referral sources'];
const readPages = { page: ['referralSources', 'referralSourceDetail', 'myReferralSource'] };
const rateWritePages = { page: ['referralSources', 'referralSourceDetail'] };

/** An organization's rate card and onboarding. */
const organizationTermsRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (
  app,
  { services },
) => {
  app.get(
    '/api/admin/referralSources/:id/rates',
    {
      config: readPages,
      schema: {
        tags,
        summary: "The organization's rate card",
        params: idParamsSchema,
        response: { 200: referralSourceRateListSchema, ...errorResponses },
      },
    },
    async (request) => service.getRateCard(services, request.ctx, request.params.id),
  );
  app.post(
    '/api/admin/referralSources/:id/rates',
    {
      config: rateWritePages,
      schema: {
        tags,
        summary: 'Add a rate card row (staff)',
        params: idParamsSchema,
        body: referralSourceRateInputSchema,
        response: { 201: referralSourceRateSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.addRate(services, request.ctx, request.params.id, request.body)),
  );
  app.put(
    '/api/admin/referralSources/:id/rates/:rateId',
    {
      config: rateWritePages,
      schema: {
        tags,
        summary: 'Replace a rate card row (staff; send the version you read)',
        params: rateIdParamsSchema,
        body: referralSourceRateUpdateSchema,
        response: { 200: referralSourceRateSchema, ...errorResponses },
      },
    },
    async (request) =>
      service.replaceRate(services, request.ctx, request.params.id, request.params.rateId, request.body),
  );
  app.delete(
    '/api/admin/referralSources/:id/rates/:rateId',
    {
      config: rateWritePages,
      schema: {
        tags,
        summary: 'Remove a rate card row (staff; send the version you read)',
        params: rateIdParamsSchema,
        querystring: rateDeleteQuerySchema,
        response: { 200: messageSchema, ...errorResponses },
      },
    },
    async (request) =>
      service.removeRate(
        services,
        request.ctx,
        request.params.id,
        request.params.rateId,
        request.query.version,
      ),
  );

  app.get(
    '/api/admin/referralSources/:id/onboarding',
    {
      config: readPages,
      schema: {
        tags,
        summary: "The organization's onboarding step (SPEC §4 onboardStepRS), as the signed-in user sees it",
        params: idParamsSchema,
        response: { 200: organizationOnboardingSchema, ...errorResponses },
      },
    },
    async (request) => service.getOnboarding(services, request.ctx, request.params.id),
  );
  app.post(
    '/api/admin/referralSources/:id/onboarding',
    {
      config: { page: 'myReferralSource' },
      schema: {
        tags,
        summary: 'Accept the current onboarding step (organization users); steps go Rates, Contract, Done',
        params: idParamsSchema,
        body: organizationOnboardAcceptSchema,
        response: { 200: organizationOnboardingSchema, ...errorResponses },
      },
    },
    async (request) => service.acceptOnboardingStep(services, request.ctx, request.params.id, request.body),
  );
};

/** The organizations themselves. */
const organizationRecordRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (
  app,
  { services },
) => {
  app.get(
    '/api/admin/referralSources',
    {
      config: readPages,
      schema: {
        tags,
        summary: 'Organizations (default ACTIVE)',
        querystring: referralSourceListQuerySchema,
        response: { 200: referralSourceListResponseSchema, ...errorResponses },
      },
    },
    async (request) => service.listReferralSources(services, request.ctx, request.query),
  );
  app.get(
    '/api/admin/referralSources/:id',
    {
      config: readPages,
      schema: {
        tags,
        summary: 'One organization',
        params: idParamsSchema,
        response: { 200: referralSourceSchema, ...errorResponses },
      },
    },
    async (request) => service.getReferralSource(services, request.ctx, request.params.id),
  );
  app.post(
    '/api/admin/referralSources',
    {
      config: { page: 'referralSources' },
      schema: {
        tags,
        summary: 'Create an organization',
        body: referralSourceInputSchema,
        response: { 201: referralSourceSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createReferralSource(services, request.ctx, request.body)),
  );
  app.put(
    '/api/admin/referralSources/:id',
    {
      config: readPages,
      schema: {
        tags,
        summary: 'Edit an organization (send the version you read)',
        params: idParamsSchema,
        body: referralSourceUpdateSchema,
        response: { 200: referralSourceSchema, ...errorResponses },
      },
    },
    async (request) => service.editReferralSource(services, request.ctx, request.params.id, request.body),
  );
};

export const referralSourcesRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (app, opts) => {
  await app.register(organizationTermsRoutes, opts);
  await app.register(organizationRecordRoutes, opts);
};
