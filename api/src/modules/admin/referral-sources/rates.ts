import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  idParamsSchema,
  rateDeleteQuerySchema,
  rateIdParamsSchema,
  referralSourceRateInputSchema,
  referralSourceRateListSchema,
  referralSourceRateSchema,
  referralSourceRateUpdateSchema,
  type ReferralSourceRate,
} from '@carelane/shared-domain';
import { referralSourceRates, visitTypes } from '../../../db/scheduling-schema';
import { referralSources } from '../../../db/schema';
import type { Executor } from '../../../db/client';
import { badRequest, forbidden, isUniqueViolation, notFound, staleVersion } from '../../../lib/errors';
import { errorResponses, messageSchema } from '../../../lib/route-schema';
import { updateVersioned } from '../../../lib/versioned-update';
import { recordAudit } from '../../../services/audit';
import type { AppServices } from '../../../services/app-services';
import { requireActor, type Actor } from '../../../services/context';
import { publishEvent } from '../../../services/events';
import { assertMayRead, isStaff } from './access';

const tags = ['referral sources'];
const readPages = { page: ['referralSources', 'referralSourceDetail', 'myReferralSource'] };
const writePages = { page: ['referralSources', 'referralSourceDetail'] };

type Row = typeof referralSourceRates.$inferSelect;
const toRate = (r: Row): ReferralSourceRate => ({
  ...r,
  paymentType: r.paymentType as ReferralSourceRate['paymentType'],
  unit: r.unit === '$/Hour' ? '$/Hour' : '$/Visit',
  updatedAt: r.updatedAt.toISOString(),
});

/** The rate card is Carelane's terms: staff write it, the organization only reads it. */
function assertMayWriteRates(actor: Actor) {
  if (!isStaff(actor)) throw forbidden('Sorry, only Carelane staff may change the rate card.');
}

async function assertOrganization(ex: Executor, id: number) {
  const [row] = await ex
    .select({ id: referralSources.id })
    .from(referralSources)
    .where(eq(referralSources.id, id));
  if (!row) throw notFound('The organization');
}

/** The visit type must exist and be one the provider type does (an empty list: any). */
async function checkTypes(ex: Executor, providerTypeId: number, visitTypeId: number) {
  const [visitType] = await ex
    .select({ providerTypeIds: visitTypes.providerTypeIds })
    .from(visitTypes)
    .where(eq(visitTypes.id, visitTypeId));
  if (!visitType) throw badRequest('visitTypeId', 'is not a visit type');
  if (visitType.providerTypeIds.length && !visitType.providerTypeIds.includes(providerTypeId)) {
    throw badRequest('visitTypeId', 'is not done by this provider type');
  }
}

async function onePerTypePair<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    // The foreign key on provider_type_id reports an unknown provider type.
    if (
      (error as { cause?: { code?: string } }).cause?.code === '23503' ||
      (error as { code?: string }).code === '23503'
    )
      throw badRequest('providerTypeId', 'is not a provider type');
    if (isUniqueViolation(error))
      throw badRequest('visitTypeId', 'already has a rate for this provider type on this rate card');
    throw error;
  }
}

export function registerRateRoutes(app: FastifyInstance, services: AppServices) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
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
    async (request) => {
      assertMayRead(requireActor(request.ctx), request.params.id);
      await assertOrganization(services.db, request.params.id);
      const rows = await services.db
        .select()
        .from(referralSourceRates)
        .where(eq(referralSourceRates.referralSourceId, request.params.id))
        .orderBy(
          asc(referralSourceRates.providerTypeId),
          asc(referralSourceRates.visitTypeId),
          asc(referralSourceRates.id),
        );
      return { rows: rows.map(toRate) };
    },
  );

  routes.post(
    '/api/admin/referralSources/:id/rates',
    {
      config: writePages,
      schema: {
        tags,
        summary: 'Add a rate card row (staff)',
        params: idParamsSchema,
        body: referralSourceRateInputSchema,
        response: { 201: referralSourceRateSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      assertMayWriteRates(requireActor(request.ctx));
      const referralSourceId = request.params.id;
      const created = await onePerTypePair(() =>
        services.db.transaction(async (tx) => {
          await assertOrganization(tx, referralSourceId);
          await checkTypes(tx, request.body.providerTypeId, request.body.visitTypeId);
          const [row] = await tx
            .insert(referralSourceRates)
            .values({ ...request.body, referralSourceId })
            .returning();
          await recordAudit(tx, request.ctx, {
            entity: 'referralSourceRate',
            entityId: row!.id,
            action: 'CREATE',
            before: null,
            after: row,
          });
          await publishEvent(
            tx,
            { entity: 'referralSourceRate', id: row!.id, action: 'created' },
            { referralSourceId },
          );
          return row!;
        }),
      );
      return reply.status(201).send(toRate(created));
    },
  );

  routes.put(
    '/api/admin/referralSources/:id/rates/:rateId',
    {
      config: writePages,
      schema: {
        tags,
        summary: 'Replace a rate card row (staff; send the version you read)',
        params: rateIdParamsSchema,
        body: referralSourceRateUpdateSchema,
        response: { 200: referralSourceRateSchema, ...errorResponses },
      },
    },
    async (request) => {
      assertMayWriteRates(requireActor(request.ctx));
      const { id: referralSourceId, rateId } = request.params;
      return onePerTypePair(() =>
        services.db.transaction(async (tx) => {
          const [before] = await tx
            .select()
            .from(referralSourceRates)
            .where(
              and(
                eq(referralSourceRates.id, rateId),
                eq(referralSourceRates.referralSourceId, referralSourceId),
              ),
            );
          if (!before) throw notFound('The rate');
          const { version, ...fields } = request.body;
          if (before.version !== version) throw staleVersion('rate');
          await checkTypes(tx, fields.providerTypeId, fields.visitTypeId);
          const after = await updateVersioned(tx, request.ctx, referralSourceRates, before, fields, {
            entity: 'referralSourceRate',
            stale: () => staleVersion('rate'),
            audience: () => ({ referralSourceId }),
          });
          return toRate(after);
        }),
      );
    },
  );

  routes.delete(
    '/api/admin/referralSources/:id/rates/:rateId',
    {
      config: writePages,
      schema: {
        tags,
        summary: 'Remove a rate card row (staff; send the version you read)',
        params: rateIdParamsSchema,
        querystring: rateDeleteQuerySchema,
        response: { 200: messageSchema, ...errorResponses },
      },
    },
    async (request) => {
      assertMayWriteRates(requireActor(request.ctx));
      const { id: referralSourceId, rateId } = request.params;
      return services.db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(referralSourceRates)
          .where(
            and(
              eq(referralSourceRates.id, rateId),
              eq(referralSourceRates.referralSourceId, referralSourceId),
            ),
          );
        if (!before) throw notFound('The rate');
        if (before.version !== request.query.version) throw staleVersion('rate');
        await tx.delete(referralSourceRates).where(eq(referralSourceRates.id, before.id));
        await recordAudit(tx, request.ctx, {
          entity: 'referralSourceRate',
          entityId: before.id,
          action: 'DELETE',
          before,
          after: null,
        });
        await publishEvent(
          tx,
          { entity: 'referralSourceRate', id: before.id, action: 'deleted' },
          { referralSourceId },
        );
        return { message: 'Rate removed.' };
      });
    },
  );
}
