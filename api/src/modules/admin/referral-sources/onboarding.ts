import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ORGANIZATION_ONBOARD_STEPS,
  hideRatesOnBoardStep,
  idParamsSchema,
  isOrganizationRole,
  organizationOnboardAcceptSchema,
  organizationOnboardingSchema,
  organizationOnboardStepAfter,
  organizationOnboardStepSchema,
  organizationOnboardStepShown,
  parsePrivilegeMap,
  type OrganizationOnboarding,
} from '@carelane/shared-domain';
import { referralSources } from '../../../db/schema';
import { conflict, forbidden, notFound, staleVersion } from '../../../lib/errors';
import { errorResponses } from '../../../lib/route-schema';
import { updateVersioned } from '../../../lib/versioned-update';
import type { AppServices } from '../../../services/app-services';
import { requireActor, type Actor } from '../../../services/context';
import { assertMayRead } from './access';

const tags = ['referral sources'];
const readPages = { page: ['referralSources', 'referralSourceDetail', 'myReferralSource'] };

function onboardingOf(
  actor: Actor,
  row: { id: number; name: string; onboardStepRS: string; version: number },
): OrganizationOnboarding {
  const hide = hideRatesOnBoardStep(parsePrivilegeMap(actor.privileges));
  const stored = organizationOnboardStepSchema.catch('Rates').parse(row.onboardStepRS);
  return {
    referralSourceId: row.id,
    referralSourceName: row.name,
    stored,
    step: organizationOnboardStepShown(stored, { hideRatesOnBoardStep: hide }),
    steps: ORGANIZATION_ONBOARD_STEPS.filter((step) => !(hide && step === 'Rates')),
    version: row.version,
  };
}

export function registerOnboardingRoutes(app: FastifyInstance, services: AppServices) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
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
    async (request) => {
      const actor = requireActor(request.ctx);
      assertMayRead(actor, request.params.id);
      const [row] = await services.db
        .select()
        .from(referralSources)
        .where(eq(referralSources.id, request.params.id));
      if (!row) throw notFound('The organization');
      return onboardingOf(actor, row);
    },
  );

  routes.post(
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
    async (request) => {
      const actor = requireActor(request.ctx);
      assertMayRead(actor, request.params.id);
      if (!isOrganizationRole(actor.roleId))
        throw forbidden("Sorry, only the organization's own users accept its onboarding steps.");
      return services.db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(referralSources)
          .where(eq(referralSources.id, request.params.id));
        if (!before) throw notFound('The organization');
        if (before.version !== request.body.version) throw staleVersion('organization');
        const current = onboardingOf(actor, before);
        const next = organizationOnboardStepAfter(current.step);
        if (request.body.step !== current.step || next === null) {
          throw conflict(
            `The ${request.body.step} step cannot be accepted now: the organization is at ${current.step}.`,
            'ONBOARD_STEP_ORDER',
          );
        }
        const after = await updateVersioned(
          tx,
          request.ctx,
          referralSources,
          before,
          { onboardStepRS: next },
          {
            entity: 'referralSource',
            stale: () => staleVersion('organization'),
            audience: () => ({ referralSourceId: before.id }),
          },
        );
        return onboardingOf(actor, after);
      });
    },
  );
}
