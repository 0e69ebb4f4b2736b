import { and, asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  idParamsSchema,
  pagingQuerySchema,
  physicianEpisodesResponseSchema,
  physicianInputSchema,
  physicianListQuerySchema,
  physicianListResponseSchema,
  physicianSchema,
  physicianUpdateSchema,
  type Physician,
} from '@carelane/shared-domain';
import { episodes, patients, physicians } from '../../../db/scheduling-schema';
import { referralSources } from '../../../db/schema';
import { badRequest, isUniqueViolation, notFound, staleVersion } from '../../../lib/errors';
import { errorResponses } from '../../../lib/route-schema';
import { pagingOf } from '../../../lib/paging';
import { updateVersioned } from '../../../lib/versioned-update';
import { recordAudit } from '../../../services/audit';
import type { AppServices } from '../../../services/app-services';
import { requireActor } from '../../../services/context';
import { organizationScope } from '../patients/scope';
import { publishEvent } from '../../../services/events';
import { blankToNull, normalizePhoneFields } from './shared';
import { containsPattern } from '../../../lib/like-pattern';

const tags = ['physicians'];
/** Staff manage physicians; organization users read them to pick one on a service request. */
const readPages = { page: ['physicians', 'serviceRequestDetail'] };
const writePages = { page: 'physicians' };
const PHONES = ['phoneNumber', 'fax'] as const;

type Row = typeof physicians.$inferSelect;
const toPhysician = (r: Row): Physician => ({
  ...r,
  status: r.status === 'INACTIVE' ? 'INACTIVE' : 'ACTIVE',
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

function prepare<T extends object>(input: T): T {
  const out = normalizePhoneFields(blankToNull(input), PHONES as never) as Record<string, unknown>;
  if (typeof out.state === 'string') out.state = out.state.toUpperCase();
  return out as T;
}

/** A second physician with the same NPI is a field error, not a crash. */
async function uniqueNpi<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw badRequest('npi', 'is already used by another physician');
    throw error;
  }
}

export const physiciansRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (
  app,
  { services },
) => {
  app.get(
    '/api/admin/physicians',
    {
      config: readPages,
      schema: {
        tags,
        summary: 'Physicians (default ACTIVE), by name',
        querystring: physicianListQuerySchema,
        response: { 200: physicianListResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const q = request.query;
      const filters: SQL[] = [];
      if (q.status !== 'ALL') filters.push(eq(physicians.status, q.status));
      if (q.search) {
        const pattern = containsPattern(q.search);
        filters.push(
          or(
            ilike(sql`${physicians.firstName} || ' ' || ${physicians.lastName}`, pattern),
            ilike(sql`${physicians.lastName} || ', ' || ${physicians.firstName}`, pattern),
            ilike(physicians.npi, pattern),
            ilike(physicians.specialty, pattern),
          )!,
        );
      }
      const where = filters.length ? and(...filters) : undefined;
      const [rows, [count]] = await Promise.all([
        services.db
          .select()
          .from(physicians)
          .where(where)
          .orderBy(asc(physicians.lastName), asc(physicians.firstName), asc(physicians.id))
          .limit(q.pageSize)
          .offset((q.pageNumber - 1) * q.pageSize),
        services.db
          .select({ n: sql<number>`count(*)::int` })
          .from(physicians)
          .where(where),
      ]);
      return { rows: rows.map(toPhysician), paging: pagingOf(q, count?.n ?? 0) };
    },
  );

  app.get(
    '/api/admin/physicians/:id',
    {
      config: readPages,
      schema: {
        tags,
        summary: 'One physician',
        params: idParamsSchema,
        response: { 200: physicianSchema, ...errorResponses },
      },
    },
    async (request) => {
      const [row] = await services.db.select().from(physicians).where(eq(physicians.id, request.params.id));
      if (!row) throw notFound('The physician');
      return toPhysician(row);
    },
  );

  app.get(
    '/api/admin/physicians/:id/episodes',
    {
      config: readPages,
      schema: {
        tags,
        summary: "The physician's service requests (an organization user sees only their organization's)",
        params: idParamsSchema,
        querystring: pagingQuerySchema,
        response: { 200: physicianEpisodesResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const actor = requireActor(request.ctx);
      const q = request.query;
      const [physician] = await services.db
        .select({ id: physicians.id })
        .from(physicians)
        .where(eq(physicians.id, request.params.id));
      if (!physician) throw notFound('The physician');
      const where = and(
        eq(episodes.physicianId, physician.id),
        sql`${episodes.status} <> 'Deleted'`,
        organizationScope(actor, episodes.referralSourceId),
      );
      const [rows, [count]] = await Promise.all([
        services.db
          .select({
            id: episodes.id,
            title: episodes.title,
            episodeType: episodes.episodeType,
            status: episodes.status,
            startDate: episodes.startDate,
            endDate: episodes.endDate,
            referralSourceId: episodes.referralSourceId,
            referralSourceName: referralSources.name,
            patientName: sql<string | null>`case when ${patients.id} is null then null
              else ${patients.lastName} || ', ' || ${patients.firstName} end`,
          })
          .from(episodes)
          .innerJoin(referralSources, eq(referralSources.id, episodes.referralSourceId))
          .leftJoin(patients, eq(patients.id, episodes.patientId))
          .where(where)
          .orderBy(desc(episodes.startDate), desc(episodes.id))
          .limit(q.pageSize)
          .offset((q.pageNumber - 1) * q.pageSize),
        services.db
          .select({ n: sql<number>`count(*)::int` })
          .from(episodes)
          .where(where),
      ]);
      return { rows, paging: pagingOf(q, count?.n ?? 0) };
    },
  );

  app.post(
    '/api/admin/physicians',
    {
      config: writePages,
      schema: {
        tags,
        summary: 'Create a physician',
        body: physicianInputSchema,
        response: { 201: physicianSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const created = await uniqueNpi(() =>
        services.db.transaction(async (tx) => {
          const [row] = await tx.insert(physicians).values(prepare(request.body)).returning();
          await recordAudit(tx, request.ctx, {
            entity: 'physician',
            entityId: row!.id,
            action: 'CREATE',
            before: null,
            after: row,
          });
          await publishEvent(tx, { entity: 'physician', id: row!.id, action: 'created' });
          return row!;
        }),
      );
      return reply.status(201).send(toPhysician(created));
    },
  );

  app.put(
    '/api/admin/physicians/:id',
    {
      config: writePages,
      schema: {
        tags,
        summary: 'Edit a physician (send the version you read)',
        params: idParamsSchema,
        body: physicianUpdateSchema,
        response: { 200: physicianSchema, ...errorResponses },
      },
    },
    async (request) =>
      uniqueNpi(() =>
        services.db.transaction(async (tx) => {
          const [before] = await tx.select().from(physicians).where(eq(physicians.id, request.params.id));
          if (!before) throw notFound('The physician');
          const { version, ...changes } = request.body;
          if (before.version !== version) throw staleVersion('physician');
          const after = await updateVersioned(tx, request.ctx, physicians, before, prepare(changes), {
            entity: 'physician',
            stale: () => staleVersion('physician'),
          });
          return toPhysician(after);
        }),
      ),
  );
};
