// Onboarding (issue 11): invitations (staff), the invitation a registration page shows (public, rate-limited
// as every public route), and the signed-in clinician's steps under /api/admin/myOnboarding; staff read any
// clinician's progress.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  backgroundConsentSchema,
  clinicianInvitationInputSchema,
  clinicianInvitationListQuerySchema,
  clinicianInvitationListSchema,
  clinicianInvitationSchema,
  completeStepSchema,
  idParamsSchema,
  invitationDetailsSchema,
  invitationQuerySchema,
  onboardingProfileSchema,
  onboardingRatesSchema,
  onboardingStateSchema,
} from '@carelane/shared-domain';
import { errorResponses } from '../../../lib/route-schema';
import type { AppServices } from '../../../services/app-services';
import * as service from './service';

const tags = ['onboarding'];
const own = { page: 'myVisits' };
/** Staff invite from a clinician's onboarding (/providerOnboard) and from /invite. */
const inviting = { page: ['providerDetail', 'broadcast'] };
const MY = '/api/admin/myOnboarding';
const stateAnswer = { 200: onboardingStateSchema, ...errorResponses };

export const publicOnboardingRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (
  app,
  { services },
) => {
  app.get(
    '/api/security/invitation',
    {
      schema: {
        tags,
        summary:
          'The open invitation of a token, for the registration page (400 naming token when spent or expired)',
        querystring: invitationQuerySchema,
        response: { 200: invitationDetailsSchema, ...errorResponses },
      },
    },
    async (request) => service.invitationDetails(services, request.query.token),
  );
};

export const onboardingRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (
  app,
  { services },
) => {
  app.get(
    '/api/admin/clinicianInvitations',
    {
      config: inviting,
      schema: {
        tags,
        summary: 'The clinician invitations sent, newest first: Pending, Registered or Expired',
        querystring: clinicianInvitationListQuerySchema,
        response: { 200: clinicianInvitationListSchema, ...errorResponses },
      },
    },
    async (request) => service.listInvitations(services, request.ctx, request.query),
  );

  app.post(
    '/api/admin/clinicianInvitations',
    {
      config: inviting,
      schema: {
        tags,
        summary:
          'Invite a clinician: their record (New, at Contract) and a registration link by email and SMS',
        body: clinicianInvitationInputSchema,
        response: { 201: clinicianInvitationSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.inviteClinician(services, request.ctx, request.body)),
  );

  app.get(
    MY,
    {
      config: own,
      schema: {
        tags,
        summary: "The signed-in clinician's onboarding: steps, the current one and what it needs",
        response: stateAnswer,
      },
    },
    async (request) => service.ownOnboarding(services, request.ctx),
  );

  app.get(
    '/api/admin/providers/:id/onboarding',
    {
      config: { page: ['providerDetail', 'myVisits'] },
      schema: {
        tags,
        summary: "A clinician's onboarding progress",
        params: idParamsSchema,
        response: stateAnswer,
      },
    },
    async (request) => service.clinicianOnboarding(services, request.ctx, request.params.id),
  );

  app.post(
    `${MY}/complete`,
    {
      config: own,
      schema: {
        tags,
        summary:
          'Complete the current step (409 for another step; 400 naming step when its requirement does not hold)',
        body: completeStepSchema,
        response: stateAnswer,
      },
    },
    async (request) => service.completeStep(services, request.ctx, request.body.step),
  );

  app.put(
    `${MY}/rates`,
    {
      config: own,
      schema: {
        tags,
        summary: 'Your rate per visit type (the Rates step)',
        body: onboardingRatesSchema,
        response: stateAnswer,
      },
    },
    async (request) => service.saveOwnRates(services, request.ctx, request.body),
  );

  app.put(
    `${MY}/profile`,
    {
      config: own,
      schema: {
        tags,
        summary: 'Your address, preferred ZIP codes, skills, languages and preferences (the Profile step)',
        body: onboardingProfileSchema,
        response: stateAnswer,
      },
    },
    async (request) => service.saveOwnProfile(services, request.ctx, request.body),
  );

  app.post(
    `${MY}/background`,
    {
      config: own,
      schema: {
        tags,
        summary: 'Authorize the background check (the Background step)',
        body: backgroundConsentSchema,
        response: stateAnswer,
      },
    },
    async (request) => service.authorizeBackground(services, request.ctx, request.body),
  );
};
