import { and, asc, eq, getTableColumns, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  groupCandidateQuerySchema,
  groupCandidatesResponseSchema,
  groupDetailSchema,
  groupInputSchema,
  groupListQuerySchema,
  groupListResponseSchema,
  groupUpdateSchema,
  idParamsSchema,
  type Group,
  type GroupDetail,
  type GroupMember,
} from '@carelane/shared-domain';
import { groupMembers, groups, providerTypes, providers } from '../../../db/scheduling-schema';
import type { Executor } from '../../../db/client';
import { badRequest, isUniqueViolation, notFound, staleVersion } from '../../../lib/errors';
import { errorResponses } from '../../../lib/route-schema';
import { pagingOf } from '../../../lib/paging';
import { recordAudit } from '../../../services/audit';
import type { AppServices } from '../../../services/app-services';
import { publishEvent } from '../../../services/events';
import { containsPattern } from '../../../lib/like-pattern';

const tags = ['groups'];
/** The list is also read by the service request form (to send work to a group). */
const listPages = { page: ['groups', 'groupDetail', 'serviceRequestDetail'] };
const detailPages = { page: ['groups', 'groupDetail'] };
const writePages = { page: 'groupDetail' };
const CANDIDATE_LIMIT = 20;

const memberCount = sql<number>`(select count(*)::int from ${groupMembers} where ${groupMembers.groupId} = ${groups.id})`;
type Row = typeof groups.$inferSelect & { memberCount: number };
const toGroup = (r: Row): Group => ({
  id: r.id,
  name: r.name,
  description: r.description,
  status: r.status === 'INACTIVE' ? 'INACTIVE' : 'ACTIVE',
  memberCount: r.memberCount,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
  version: r.version,
});

const memberColumns = {
  providerId: providers.id,
  givenName: providers.givenName,
  familyName: providers.familyName,
  providerTypeId: providers.providerTypeId,
  providerType: providerTypes.type,
  city: providers.city,
  state: providers.state,
};

async function readGroup(ex: Executor, id: number): Promise<GroupDetail> {
  const [row] = await ex
    .select({ ...getTableColumns(groups), memberCount })
    .from(groups)
    .where(eq(groups.id, id));
  if (!row) throw notFound('The group');
  const members: GroupMember[] = await ex
    .select(memberColumns)
    .from(groupMembers)
    .innerJoin(providers, eq(providers.id, groupMembers.providerId))
    .innerJoin(providerTypes, eq(providerTypes.id, providers.providerTypeId))
    .where(eq(groupMembers.groupId, id))
    .orderBy(asc(providers.familyName), asc(providers.givenName), asc(providers.id));
  return { ...toGroup(row as Row), members };
}

async function memberIds(ex: Executor, groupId: number): Promise<number[]> {
  const rows = await ex
    .select({ id: groupMembers.providerId })
    .from(groupMembers)
    .where(eq(groupMembers.groupId, groupId))
    .orderBy(asc(groupMembers.providerId));
  return rows.map((r) => r.id);
}

async function replaceMembers(ex: Executor, groupId: number, providerIds: number[]) {
  if (providerIds.length) {
    const found = await ex
      .select({ id: providers.id })
      .from(providers)
      .where(inArray(providers.id, providerIds));
    if (found.length !== providerIds.length)
      throw badRequest('providerIds', 'names a clinician who does not exist');
  }
  await ex.delete(groupMembers).where(eq(groupMembers.groupId, groupId));
  if (providerIds.length) {
    await ex.insert(groupMembers).values(providerIds.map((providerId) => ({ groupId, providerId })));
  }
}

async function uniqueName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw badRequest('name', 'is already used by another group');
    throw error;
  }
}

export const groupsRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (app, { services }) => {
  app.get(
    '/api/admin/groups',
    {
      config: listPages,
      schema: {
        tags,
        summary: 'Clinician groups, by name',
        querystring: groupListQuerySchema,
        response: { 200: groupListResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const q = request.query;
      const filters: SQL[] = [];
      if (q.status !== 'ALL') filters.push(eq(groups.status, q.status));
      if (q.search) {
        const pattern = containsPattern(q.search);
        filters.push(or(ilike(groups.name, pattern), ilike(groups.description, pattern))!);
      }
      const where = filters.length ? and(...filters) : undefined;
      const [rows, [count]] = await Promise.all([
        services.db
          .select({ ...getTableColumns(groups), memberCount })
          .from(groups)
          .where(where)
          .orderBy(asc(groups.name), asc(groups.id))
          .limit(q.pageSize)
          .offset((q.pageNumber - 1) * q.pageSize),
        services.db
          .select({ n: sql<number>`count(*)::int` })
          .from(groups)
          .where(where),
      ]);
      return { rows: (rows as Row[]).map(toGroup), paging: pagingOf(q, count?.n ?? 0) };
    },
  );

  app.get(
    '/api/admin/groups/memberCandidates',
    {
      config: detailPages,
      schema: {
        tags,
        summary: 'Clinicians whose name matches, to add to a group (at most 20)',
        querystring: groupCandidateQuerySchema,
        response: { 200: groupCandidatesResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const pattern = containsPattern(request.query.search);
      const rows = await services.db
        .select(memberColumns)
        .from(providers)
        .innerJoin(providerTypes, eq(providerTypes.id, providers.providerTypeId))
        .where(
          or(
            ilike(sql`${providers.givenName} || ' ' || ${providers.familyName}`, pattern),
            ilike(sql`${providers.familyName} || ', ' || ${providers.givenName}`, pattern),
          ),
        )
        .orderBy(asc(providers.familyName), asc(providers.givenName), asc(providers.id))
        .limit(CANDIDATE_LIMIT);
      return { rows };
    },
  );

  app.get(
    '/api/admin/groups/:id',
    {
      config: detailPages,
      schema: {
        tags,
        summary: 'One group with its members',
        params: idParamsSchema,
        response: { 200: groupDetailSchema, ...errorResponses },
      },
    },
    async (request) => readGroup(services.db, request.params.id),
  );

  app.post(
    '/api/admin/groups',
    {
      config: writePages,
      schema: {
        tags,
        summary: 'Create a group',
        body: groupInputSchema,
        response: { 201: groupDetailSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { providerIds = [], ...fields } = request.body;
      const created = await uniqueName(() =>
        services.db.transaction(async (tx) => {
          const [row] = await tx.insert(groups).values(fields).returning();
          await replaceMembers(tx, row!.id, providerIds);
          await recordAudit(tx, request.ctx, {
            entity: 'group',
            entityId: row!.id,
            action: 'CREATE',
            before: null,
            after: { ...row, providerIds: [...providerIds].sort((a, b) => a - b) },
          });
          await publishEvent(tx, { entity: 'group', id: row!.id, action: 'created' }, { staffOnly: true });
          return readGroup(tx, row!.id);
        }),
      );
      return reply.status(201).send(created);
    },
  );

  app.put(
    '/api/admin/groups/:id',
    {
      config: writePages,
      schema: {
        tags,
        summary: 'Edit a group and its members (send the version you read)',
        params: idParamsSchema,
        body: groupUpdateSchema,
        response: { 200: groupDetailSchema, ...errorResponses },
      },
    },
    async (request) =>
      uniqueName(() =>
        services.db.transaction(async (tx) => {
          const [before] = await tx.select().from(groups).where(eq(groups.id, request.params.id));
          if (!before) throw notFound('The group');
          const { version, providerIds, ...changes } = request.body;
          if (before.version !== version) throw staleVersion('group');
          const membersBefore = await memberIds(tx, before.id);
          const [after] = await tx
            .update(groups)
            .set({ ...changes, updatedAt: sql`now()`, version: before.version + 1 })
            .where(and(eq(groups.id, before.id), eq(groups.version, before.version)))
            .returning();
          if (!after) throw staleVersion('group');
          if (providerIds) await replaceMembers(tx, before.id, providerIds);
          await recordAudit(tx, request.ctx, {
            entity: 'group',
            entityId: before.id,
            action: 'UPDATE',
            before: { ...before, providerIds: membersBefore },
            after: {
              ...after,
              providerIds: providerIds ? [...providerIds].sort((a, b) => a - b) : membersBefore,
            },
          });
          await publishEvent(tx, { entity: 'group', id: before.id, action: 'updated' }, { staffOnly: true });
          return readGroup(tx, before.id);
        }),
      ),
  );
};
