import { and, asc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  idParamsSchema,
  isOrganizationRole,
  referralSourceListQuerySchema,
  referralSourceListResponseSchema,
  referralSourceSchema,
  organizationOnboardStepSchema,
  phoneInputSchema,
  normalizePhone,
  versionSchema,
  type ReferralSource,
} from '@carelane/shared-domain';
import { referralSources } from '../../../db/schema';
import { forbidden, notFound, staleVersion } from '../../../lib/errors';
import { errorResponses } from '../../../lib/route-schema';
import { pagingOf } from '../../../lib/paging';
import { updateVersioned } from '../../../lib/versioned-update';
import { recordAudit } from '../../../services/audit';
import type { AppServices } from '../../../services/app-services';
import { requireActor } from '../../../services/context';
import { assertMayRead, assertMayWrite } from './access';
import { registerOnboardingRoutes } from './onboarding';
import { registerRateRoutes } from './rates';
import { publishEvent } from '../../../services/events';
import { containsPattern } from '../../../lib/like-pattern';

const tags = ['referral sources'];
const dateRangeDays = z.number().int().min(1).max(365).nullable().optional();
const referralSourceInputSchema = z.object({
  name: z.string().trim().min(1, { error: 'is required' }).max(200),
  status: z.enum(['ACTIVE', 'INACTIVE']).optional(),
  zipcode: z
    .string()
    .regex(/^\d{5}(-\d{4})?$/, { error: 'must be a 5-digit ZIP code' })
    .nullable()
    .optional(),
  latitude: z.number().min(-90).max(90).nullable().optional(),
  longitude: z.number().min(-180).max(180).nullable().optional(),
  phone: phoneInputSchema.nullable().optional(),
  fax: phoneInputSchema.nullable().optional(),
  email: z.email({ error: 'must be a valid email address' }).nullable().optional(),
  idleTimeout: z
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .nullable()
    .optional(),
  dashboardVisitDateRange: dateRangeDays,
  missedVisitDateRange: dateRangeDays,
  tasksDateRange: dateRangeDays,
  incidentsDateRange: dateRangeDays,
  caseManager: z.boolean().optional(),
  actionType: z.string().max(60).nullable().optional(),
  onboardStepRS: organizationOnboardStepSchema.optional(),
});
const updateSchema = referralSourceInputSchema.partial().extend({ version: versionSchema });

type Row = typeof referralSources.$inferSelect;
const toReferralSource = (r: Row): ReferralSource => ({
  ...r,
  status: r.status === 'INACTIVE' ? 'INACTIVE' : 'ACTIVE',
  onboardStepRS: organizationOnboardStepSchema.catch('Rates').parse(r.onboardStepRS),
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

function normalizeContact<T extends { phone?: string | null; fax?: string | null }>(input: T): T {
  return {
    ...input,
    ...(input.phone !== undefined && { phone: input.phone ? normalizePhone(input.phone) : null }),
    ...(input.fax !== undefined && { fax: input.fax ? normalizePhone(input.fax) : null }),
  };
}

export const referralSourcesRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (
  app,
  { services },
) => {
  const readPages = { page: ['referralSources', 'referralSourceDetail', 'myReferralSource'] };
  registerRateRoutes(app, services);
  registerOnboardingRoutes(app, services);
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
    async (request) => {
      const actor = requireActor(request.ctx);
      const q = request.query;
      const filters: SQL[] = [];
      if (q.status !== 'ALL') filters.push(eq(referralSources.status, q.status));
      if (q.search) filters.push(ilike(referralSources.name, containsPattern(q.search)));
      if (isOrganizationRole(actor.roleId))
        filters.push(eq(referralSources.id, actor.referralSourceId ?? -1));
      const where = filters.length ? and(...filters) : undefined;
      const rows = await services.db
        .select()
        .from(referralSources)
        .where(where)
        .orderBy(asc(referralSources.name), asc(referralSources.id))
        .limit(q.pageSize)
        .offset((q.pageNumber - 1) * q.pageSize);
      const [count] = await services.db
        .select({ n: sql<number>`count(*)::int` })
        .from(referralSources)
        .where(where);
      const total = count?.n ?? 0;
      return {
        rows: rows.map(toReferralSource),
        paging: pagingOf(q, total),
      };
    },
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
    async (request) => {
      assertMayRead(requireActor(request.ctx), request.params.id);
      const [row] = await services.db
        .select()
        .from(referralSources)
        .where(eq(referralSources.id, request.params.id));
      if (!row) throw notFound('The organization');
      return toReferralSource(row);
    },
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
    async (request, reply) => {
      assertMayWrite(requireActor(request.ctx), null);
      const created = await services.db.transaction(async (tx) => {
        const [row] = await tx.insert(referralSources).values(normalizeContact(request.body)).returning();
        await recordAudit(tx, request.ctx, {
          entity: 'referralSource',
          entityId: row!.id,
          action: 'CREATE',
          before: null,
          after: row,
        });
        await publishEvent(
          tx,
          { entity: 'referralSource', id: row!.id, action: 'created' },
          { staffOnly: true },
        );
        return row!;
      });
      return reply.status(201).send(toReferralSource(created));
    },
  );
  app.put(
    '/api/admin/referralSources/:id',
    {
      config: readPages,
      schema: {
        tags,
        summary: 'Edit an organization (send the version you read)',
        params: idParamsSchema,
        body: updateSchema,
        response: { 200: referralSourceSchema, ...errorResponses },
      },
    },
    async (request) => {
      const actor = requireActor(request.ctx);
      assertMayRead(actor, request.params.id);
      assertMayWrite(actor, request.params.id);
      return services.db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(referralSources)
          .where(eq(referralSources.id, request.params.id));
        if (!before) throw notFound('The organization');
        const { version, ...changes } = request.body;
        if (before.version !== version) throw staleVersion('organization');
        if (
          isOrganizationRole(actor.roleId) &&
          changes.status !== undefined &&
          changes.status !== before.status
        ) {
          throw forbidden('Sorry, only Carelane staff may activate or deactivate an organization.');
        }
        // Organization users move through onboarding only by accepting steps, in order.
        if (
          isOrganizationRole(actor.roleId) &&
          changes.onboardStepRS !== undefined &&
          changes.onboardStepRS !== before.onboardStepRS
        ) {
          throw forbidden('Sorry, only Carelane staff may set the onboarding step.');
        }
        const after = await updateVersioned(
          tx,
          request.ctx,
          referralSources,
          before,
          normalizeContact(changes),
          {
            entity: 'referralSource',
            stale: () => staleVersion('organization'),
            audience: () => ({ referralSourceId: before.id }),
          },
        );
        return toReferralSource(after);
      });
    },
  );
};
