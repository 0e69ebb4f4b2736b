import { and, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  defaultDateRange,
  idParamsSchema,
  isOrganizationRole,
  supplyRequestInputSchema,
  supplyRequestListQuerySchema,
  supplyRequestListResponseSchema,
  supplyRequestSchema,
  supplyRequestUpdateSchema,
  type SupplyRequest,
} from '@carelane/shared-domain';
import { providerTypes, supplyRequests } from '../../../db/scheduling-schema';
import { referralSources, users } from '../../../db/schema';
import type { Executor } from '../../../db/client';
import { badRequest, notFound, staleVersion } from '../../../lib/errors';
import { errorResponses } from '../../../lib/route-schema';
import { pagingOf } from '../../../lib/paging';
import { updateVersioned } from '../../../lib/versioned-update';
import { recordAudit } from '../../../services/audit';
import type { AppServices } from '../../../services/app-services';
import { requireActor, type Actor } from '../../../services/context';
import { organizationScope } from '../patients/scope';
import { publishEvent } from '../../../services/events';
import { blankToNull } from '../physicians/shared';

const tags = ['supply requests'];
const pages = { page: 'ccDemand' };

const columns = {
  id: supplyRequests.id,
  referralSourceId: supplyRequests.referralSourceId,
  referralSourceName: referralSources.name,
  providerTypeId: supplyRequests.providerTypeId,
  providerType: providerTypes.type,
  zipcode: supplyRequests.zipcode,
  city: supplyRequests.city,
  state: supplyRequests.state,
  requestedCount: supplyRequests.requestedCount,
  notes: supplyRequests.notes,
  status: supplyRequests.status,
  createdBy: supplyRequests.createdBy,
  createdByName: sql<string | null>`case when ${users.id} is null then null
    else ${users.firstName} || ' ' || ${users.lastName} end`,
  createdAt: supplyRequests.createdAt,
  updatedAt: supplyRequests.updatedAt,
  version: supplyRequests.version,
};
type Row = Omit<SupplyRequest, 'createdAt' | 'updatedAt' | 'status'> & {
  status: string;
  createdAt: Date;
  updatedAt: Date;
};
const toSupplyRequest = (r: Row): SupplyRequest => ({
  ...r,
  status: r.status as SupplyRequest['status'],
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

function select(ex: Executor) {
  return ex
    .select(columns)
    .from(supplyRequests)
    .innerJoin(providerTypes, eq(providerTypes.id, supplyRequests.providerTypeId))
    .leftJoin(referralSources, eq(referralSources.id, supplyRequests.referralSourceId))
    .leftJoin(users, eq(users.id, supplyRequests.createdBy));
}

async function readOne(ex: Executor, actor: Actor, id: number): Promise<SupplyRequest> {
  const [row] = await select(ex).where(
    and(eq(supplyRequests.id, id), organizationScope(actor, supplyRequests.referralSourceId)),
  );
  if (!row) throw notFound('The supply request');
  return toSupplyRequest(row);
}

async function checkReferences(
  ex: Executor,
  input: { providerTypeId?: number; referralSourceId?: number | null },
) {
  if (input.providerTypeId !== undefined) {
    const [type] = await ex
      .select({ id: providerTypes.id })
      .from(providerTypes)
      .where(eq(providerTypes.id, input.providerTypeId));
    if (!type) throw badRequest('providerTypeId', 'is not a provider type');
  }
  if (input.referralSourceId !== undefined && input.referralSourceId !== null) {
    const [org] = await ex
      .select({ id: referralSources.id })
      .from(referralSources)
      .where(eq(referralSources.id, input.referralSourceId));
    if (!org) throw badRequest('referralSourceId', 'is not an organization');
  }
}

function prepare<T extends { state?: string | null; referralSourceId?: number | null }>(
  actor: Actor,
  input: T,
): T {
  const out = blankToNull(input);
  if (typeof out.state === 'string') out.state = out.state.toUpperCase();
  // Organization users cannot file or move a request to another organization.
  if (isOrganizationRole(actor.roleId)) {
    if (out.referralSourceId !== undefined && out.referralSourceId !== actor.referralSourceId) {
      throw badRequest('referralSourceId', 'must be your own organization');
    }
    delete out.referralSourceId;
  }
  return out;
}

export const supplyRequestsRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (
  app,
  { services },
) => {
  app.get(
    '/api/admin/supplyRequests',
    {
      config: pages,
      schema: {
        tags,
        summary: 'Supply requests created in a range (default the last 90 days), newest first',
        querystring: supplyRequestListQuerySchema,
        response: { 200: supplyRequestListResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const actor = requireActor(request.ctx);
      const q = request.query;
      const fallback = defaultDateRange('supplyRequest');
      const start = q.startDate ? new Date(q.startDate) : fallback.start;
      const end = q.endDate ? new Date(q.endDate) : fallback.end;
      const filters: (SQL | undefined)[] = [
        gte(supplyRequests.createdAt, start),
        lte(supplyRequests.createdAt, end),
        organizationScope(actor, supplyRequests.referralSourceId),
      ];
      if (q.status) filters.push(eq(supplyRequests.status, q.status));
      if (q.referralSourceId !== undefined)
        filters.push(eq(supplyRequests.referralSourceId, q.referralSourceId));
      const where = and(...filters);
      const [rows, [count]] = await Promise.all([
        select(services.db)
          .where(where)
          .orderBy(desc(supplyRequests.createdAt), desc(supplyRequests.id))
          .limit(q.pageSize)
          .offset((q.pageNumber - 1) * q.pageSize),
        services.db
          .select({ n: sql<number>`count(*)::int` })
          .from(supplyRequests)
          .where(where),
      ]);
      return { rows: rows.map(toSupplyRequest), paging: pagingOf(q, count?.n ?? 0) };
    },
  );

  app.get(
    '/api/admin/supplyRequests/:id',
    {
      config: pages,
      schema: {
        tags,
        summary: 'One supply request',
        params: idParamsSchema,
        response: { 200: supplyRequestSchema, ...errorResponses },
      },
    },
    async (request) => readOne(services.db, requireActor(request.ctx), request.params.id),
  );

  app.post(
    '/api/admin/supplyRequests',
    {
      config: pages,
      schema: {
        tags,
        summary: 'File a supply request',
        body: supplyRequestInputSchema,
        response: { 201: supplyRequestSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request.ctx);
      const input = prepare(actor, request.body);
      const created = await services.db.transaction(async (tx) => {
        await checkReferences(tx, input);
        const [row] = await tx
          .insert(supplyRequests)
          .values({
            ...input,
            referralSourceId: isOrganizationRole(actor.roleId)
              ? actor.referralSourceId
              : input.referralSourceId,
            createdBy: actor.userId,
          })
          .returning();
        await recordAudit(tx, request.ctx, {
          entity: 'supplyRequest',
          entityId: row!.id,
          action: 'CREATE',
          before: null,
          after: row,
        });
        await publishEvent(
          tx,
          { entity: 'supplyRequest', id: row!.id, action: 'created' },
          row!.referralSourceId ? { referralSourceId: row!.referralSourceId } : { staffOnly: true },
        );
        return readOne(tx, actor, row!.id);
      });
      return reply.status(201).send(created);
    },
  );

  app.put(
    '/api/admin/supplyRequests/:id',
    {
      config: pages,
      schema: {
        tags,
        summary: 'Edit a supply request (send the version you read)',
        params: idParamsSchema,
        body: supplyRequestUpdateSchema,
        response: { 200: supplyRequestSchema, ...errorResponses },
      },
    },
    async (request) => {
      const actor = requireActor(request.ctx);
      const { version, ...changes } = prepare(actor, request.body);
      return services.db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(supplyRequests)
          .where(
            and(
              eq(supplyRequests.id, request.params.id),
              organizationScope(actor, supplyRequests.referralSourceId),
            ),
          );
        if (!before) throw notFound('The supply request');
        if (before.version !== version) throw staleVersion('supply request');
        await checkReferences(tx, changes);
        await updateVersioned(tx, request.ctx, supplyRequests, before, changes, {
          entity: 'supplyRequest',
          stale: () => staleVersion('supply request'),
          audience: (after) =>
            after.referralSourceId ? { referralSourceId: after.referralSourceId } : { staffOnly: true },
        });
        return readOne(tx, actor, before.id);
      });
    },
  );
};
