// Agreements (issue 11): templates under /api/admin/agreementTemplates (every version for staff, the latest that
// apply for a clinician; reviewers create and publish versions), a clinician's agreements, and signing by the
// clinician at /api/admin/myAgreements after uploading the signed PDF to /api/fileserver/providers/:id/files.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  agreementSignInputSchema,
  agreementTemplateInputSchema,
  agreementTemplateListSchema,
  agreementTemplateParamsSchema,
  agreementTemplateSchema,
  agreementVersionInputSchema,
  clinicianAgreementsSchema,
  idParamsSchema,
  providerAgreementSchema,
} from '@carelane/shared-domain';
import { errorResponses } from '../../../lib/route-schema';
import type { AppServices } from '../../../services/app-services';
import * as service from './service';

const tags = ['agreements'];
/** The clinician's own (myProfile) or any clinician's (providerDetail): the service checks whose. */
const clinicianPages = { page: ['providerDetail', 'myProfile'] };
const TEMPLATES = '/api/admin/agreementTemplates';

export const agreementsRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (
  app,
  { services },
) => {
  app.get(
    TEMPLATES,
    {
      config: clinicianPages,
      schema: {
        tags,
        summary:
          'Agreement templates: every version for staff; for a clinician the latest version of each that ' +
          'applies to them, with whether they signed it',
        response: { 200: agreementTemplateListSchema, ...errorResponses },
      },
    },
    async (request) => service.listTemplates(services, request.ctx),
  );

  app.post(
    TEMPLATES,
    {
      config: { page: 'providerDetail' },
      schema: {
        tags,
        summary: 'Create an agreement template at version 1 (credential reviewers)',
        body: agreementTemplateInputSchema,
        response: { 201: agreementTemplateSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createTemplate(services, request.ctx, request.body)),
  );

  app.post(
    `${TEMPLATES}/:id/versions`,
    {
      config: { page: 'providerDetail' },
      schema: {
        tags,
        summary:
          'Publish the next version of a template (a new row; the old version stays, and clinicians are ' +
          'asked to sign again)',
        params: agreementTemplateParamsSchema,
        body: agreementVersionInputSchema,
        response: { 201: agreementTemplateSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.publishVersion(services, request.ctx, request.params.id, request.body)),
  );

  app.get(
    '/api/admin/providers/:id/agreements',
    {
      config: clinicianPages,
      schema: {
        tags,
        summary: "A clinician's agreements: the versions in force for their type and every one they signed",
        params: idParamsSchema,
        response: { 200: clinicianAgreementsSchema, ...errorResponses },
      },
    },
    async (request) => service.clinicianAgreements(services, request.ctx, request.params.id),
  );

  app.get(
    '/api/admin/myAgreements',
    {
      config: clinicianPages,
      schema: {
        tags,
        summary: "The signed-in clinician's agreements (403 for other users)",
        response: { 200: clinicianAgreementsSchema, ...errorResponses },
      },
    },
    async (request) => service.ownAgreements(services, request.ctx),
  );

  app.post(
    '/api/admin/myAgreements',
    {
      config: clinicianPages,
      schema: {
        tags,
        summary:
          'Sign the latest version of an agreement: the template version read, the form data, and the ' +
          'signed PDF already uploaded as the clinician’s file (409 for an older version)',
        body: agreementSignInputSchema,
        response: { 201: providerAgreementSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.signAgreement(services, request.ctx, request.body)),
  );
};
