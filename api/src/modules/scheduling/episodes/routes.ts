import { and, desc, eq, gte, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  blocksEpisodeDelete,
  defaultDateRange,
  defaultEpisodeStatusFilter,
  defaultShowMine,
  EPISODE_MESSAGES,
  episodeActionSchema,
  episodeArchiveSchema,
  episodeInputSchema,
  episodeIsEditable,
  episodeListQuerySchema,
  episodeListResponseSchema,
  episodeSchema,
  episodeTransition,
  episodeUpdateSchema,
  idParamsSchema,
  isOrganizationRole,
  parsePrivilegeMap,
  transitionFor,
  type EpisodeAction,
  type VisitAction,
  type VisitStatus,
} from '@carelane/shared-domain';
import { episodes, patients, visits } from '../../../db/scheduling-schema';
import { referralSources, users } from '../../../db/schema';
import type { Tx } from '../../../db/client';
import { badRequest, conflict, forbidden } from '../../../lib/errors';
import { errorResponses } from '../../../lib/route-schema';
import { localIsoDate } from '../../../lib/local-date';
import { pagingOf } from '../../../lib/paging';
import { updateVersioned } from '../../../lib/versioned-update';
import { recordAudit } from '../../../services/audit';
import type { AppServices } from '../../../services/app-services';
import { requireActor, type Actor, type RequestContext } from '../../../services/context';
import { publishEvent } from '../../../services/events';
import { reasonLabels } from '../../admin/constants/repository';
import { cachedCount } from '../brief-cache';
import { notifyMatchingClinicians } from '../matching/notify';
import { organizationScope, owningOrganization, staleConflict } from '../patients/scope';
import { assertReferences, loadEpisode, patientNameSql, toEpisode } from './repository';
import { registerEpisodeVisitRoutes } from './visits';
import { containsPattern } from '../../../lib/like-pattern';

const tags = ['service requests'];
const readPages = { page: ['serviceRequest', 'serviceRequestDetail'] };
const writePages = { page: 'serviceRequestDetail' };

const STAFF_FIELDS = ['careCoordinatorId', 'customerCareCoordinatorId', 'vendorManagerId'] as const;

/** Organization users may not pick Carelane's own coordinators. */
function assertStaffFields(
  actor: Actor,
  input: Partial<Record<(typeof STAFF_FIELDS)[number], number | null>>,
  before?: Partial<Record<(typeof STAFF_FIELDS)[number], number | null>>,
) {
  if (!isOrganizationRole(actor.roleId)) return;
  for (const field of STAFF_FIELDS) {
    if (input[field] !== undefined && input[field] !== (before?.[field] ?? null))
      throw forbidden('Sorry, only Carelane staff may assign coordinators and vendor managers.');
  }
}

const VISIT_ACTION_OF = {
  publish: 'publish',
  hold: 'hold',
  delete: 'delete',
  complete: 'expire',
  archive: 'expire',
} as const satisfies Record<EpisodeAction, VisitAction>;
const EXPIRE_REASON_OF: Partial<Record<EpisodeAction, string>> = {
  complete: 'Service request completed',
  archive: 'Service request archived',
};

/** Moves one service request by `action` and its visits with it, in the caller's transaction. */
async function applyAction(
  tx: Tx,
  ctx: RequestContext,
  actor: Actor,
  id: number,
  version: number,
  action: EpisodeAction,
  archiveReason?: string,
) {
  const loaded = await loadEpisode(tx, actor, id);
  const before = loaded.episode;
  if (before.version !== version) throw staleConflict(EPISODE_MESSAGES.stale);
  const status = episodeTransition(before.status, action);
  if (!status) throw conflict(EPISODE_MESSAGES.cannot(action, before.status));
  const own = await tx
    .select({ id: visits.id, status: visits.status })
    .from(visits)
    .where(eq(visits.episodeId, id));
  if (action === 'delete' && own.some((v) => blocksEpisodeDelete(v.status)))
    throw conflict(EPISODE_MESSAGES.staffedVisits);
  // The visit state machine decides which visits move: publish takes Draft -> Active, hold Active -> Draft,
  // delete every Draft/Active/Expired visit -> Deleted; complete and archive expire the Active visits nobody
  // took, so clinicians are no longer offered them.
  const visitAction = VISIT_ACTION_OF[action];
  const moved = new Map<VisitStatus, number[]>();
  for (const v of own) {
    const to = transitionFor(v.status as VisitStatus, visitAction);
    if (to) moved.set(to, [...(moved.get(to) ?? []), v.id]);
  }
  for (const [to, ids] of moved) {
    await tx
      .update(visits)
      .set({
        status: to,
        ...(visitAction === 'expire' && { expireReason: EXPIRE_REASON_OF[action] }),
        updatedAt: sql`now()`,
        version: sql`${visits.version} + 1`,
      })
      .where(inArray(visits.id, ids));
  }
  const [after] = await tx
    .update(episodes)
    .set({
      status,
      ...(action === 'publish' && { publishedAt: sql`now()` }),
      ...(action === 'archive' && { archiveReason, archivedAt: sql`now()` }),
      updatedAt: sql`now()`,
      version: before.version + 1,
    })
    .where(and(eq(episodes.id, id), eq(episodes.version, before.version)))
    .returning();
  if (!after) throw staleConflict(EPISODE_MESSAGES.stale);
  await recordAudit(tx, ctx, {
    entity: 'episode',
    entityId: id,
    action: action === 'delete' ? 'DELETE' : 'UPDATE',
    before,
    after,
  });
  const published = moved.get('Active') ?? [];
  if (action === 'publish' && published.length)
    await notifyMatchingClinicians(tx, { episodeId: id, visitIds: published });
  await publishEvent(
    tx,
    { entity: 'episode', id, action: 'updated' },
    { referralSourceId: before.referralSourceId },
  );
  return toEpisode(await loadEpisode(tx, actor, id));
}

export const episodesRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (app, { services }) => {
  registerEpisodeVisitRoutes(app, services);

  app.get(
    '/api/admin/episodes',
    {
      config: readPages,
      schema: {
        tags,
        summary: 'Service requests, newest first (SPEC §4 default filters)',
        querystring: episodeListQuerySchema,
        response: { 200: episodeListResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const actor = requireActor(request.ctx);
      const q = request.query;
      const status = q.status ?? defaultEpisodeStatusFilter(actor.roleId, q.patientId !== undefined);
      const mine = q.mine ?? defaultShowMine(parsePrivilegeMap(actor.privileges));
      const range = defaultDateRange('episodeCreation');
      const from = new Date(`${q.createdFrom ?? localIsoDate(range.start)}T00:00:00`);
      const to = new Date(`${q.createdTo ?? localIsoDate(range.end)}T23:59:59.999`);
      const filters: (SQL | undefined)[] = [
        organizationScope(actor, episodes.referralSourceId),
        status === 'ALL' ? sql`${episodes.status} <> 'Deleted'` : eq(episodes.status, status),
        gte(episodes.createdAt, from),
        lte(episodes.createdAt, to),
      ];
      if (mine)
        filters.push(or(eq(episodes.createdBy, actor.userId), eq(episodes.careCoordinatorId, actor.userId)));
      if (q.episodeType) filters.push(eq(episodes.episodeType, q.episodeType));
      if (q.referralSourceId) filters.push(eq(episodes.referralSourceId, q.referralSourceId));
      if (q.patientId) filters.push(eq(episodes.patientId, q.patientId));
      if (q.search) {
        const pattern = containsPattern(q.search);
        filters.push(
          or(
            ilike(episodes.title, pattern),
            ilike(sql`${patients.firstName} || ' ' || ${patients.lastName}`, pattern),
            ilike(sql`${patients.lastName} || ', ' || ${patients.firstName}`, pattern),
            /^\d{1,9}$/.test(q.search) ? eq(episodes.id, Number(q.search)) : undefined,
          ),
        );
      }
      const where = and(...filters);
      const counting = services.db
        .select({ n: sql<number>`count(*)::int` })
        .from(episodes)
        .$dynamic();
      // The count reads episodes alone (same indexes as the page) unless the search needs the patient.
      const counted = (
        q.search ? counting.leftJoin(patients, eq(patients.id, episodes.patientId)) : counting
      ).where(where);
      const [rows, totalCount] = await Promise.all([
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
            patientId: episodes.patientId,
            patientName: patientNameSql,
            careCoordinatorName: sql<string | null>`case when ${users.id} is null then null
              else ${users.firstName} || ' ' || ${users.lastName} end`,
            createdAt: episodes.createdAt,
          })
          .from(episodes)
          .innerJoin(referralSources, eq(referralSources.id, episodes.referralSourceId))
          .leftJoin(patients, eq(patients.id, episodes.patientId))
          .leftJoin(users, eq(users.id, episodes.careCoordinatorId))
          .where(where)
          .orderBy(desc(episodes.createdAt), desc(episodes.id))
          .limit(q.pageSize)
          .offset((q.pageNumber - 1) * q.pageSize),
        cachedCount(services, 'episodes', counted, async () => (await counted)[0]?.n ?? 0),
      ]);
      return {
        rows: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
        paging: pagingOf(q, totalCount),
      };
    },
  );

  app.get(
    '/api/admin/episodes/:id',
    {
      config: readPages,
      schema: {
        tags,
        summary: 'One service request',
        params: idParamsSchema,
        response: { 200: episodeSchema, ...errorResponses },
      },
    },
    async (request) =>
      toEpisode(await loadEpisode(services.db, requireActor(request.ctx), request.params.id)),
  );

  app.post(
    '/api/admin/episodes',
    {
      config: writePages,
      schema: {
        tags,
        summary: 'Create a service request (Draft); organization users for their own organization',
        body: episodeInputSchema,
        response: { 201: episodeSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request.ctx);
      const { referralSourceId: requested, ...fields } = request.body;
      const created = await services.db.transaction(async (tx) => {
        const referralSourceId = await owningOrganization(tx, actor, requested);
        assertStaffFields(actor, fields);
        await assertReferences(tx, referralSourceId, fields);
        const [row] = await tx
          .insert(episodes)
          .values({
            ...fields,
            referralSourceId,
            status: 'Draft',
            createdBy: actor.userId,
            careCoordinatorId:
              fields.careCoordinatorId ?? (isOrganizationRole(actor.roleId) ? null : actor.userId),
          })
          .returning();
        await recordAudit(tx, request.ctx, {
          entity: 'episode',
          entityId: row!.id,
          action: 'CREATE',
          before: null,
          after: row,
        });
        await publishEvent(tx, { entity: 'episode', id: row!.id, action: 'created' }, { referralSourceId });
        return toEpisode(await loadEpisode(tx, actor, row!.id));
      });
      return reply.status(201).send(created);
    },
  );

  app.put(
    '/api/admin/episodes/:id',
    {
      config: writePages,
      schema: {
        tags,
        summary: 'Save a service request (send the version you read; 409 when someone else changed it)',
        params: idParamsSchema,
        body: episodeUpdateSchema,
        response: { 200: episodeSchema, ...errorResponses },
      },
    },
    async (request) => {
      const actor = requireActor(request.ctx);
      return services.db.transaction(async (tx) => {
        const { episode: before } = await loadEpisode(tx, actor, request.params.id);
        const { version, ...changes } = request.body;
        if (before.version !== version) throw staleConflict(EPISODE_MESSAGES.stale);
        if (!episodeIsEditable(before.status)) throw conflict(EPISODE_MESSAGES.notEditable(before.status));
        assertStaffFields(actor, changes, before);
        if (changes.episodeType && changes.episodeType !== before.episodeType) {
          const [visit] = await tx
            .select({ id: visits.id })
            .from(visits)
            .where(and(eq(visits.episodeId, before.id), sql`${visits.status} <> 'Deleted'`))
            .limit(1);
          if (visit) throw badRequest('episodeType', 'cannot change once the service request has visits');
        }
        await assertReferences(tx, before.referralSourceId, {
          ...changes,
          startDate: changes.startDate ?? before.startDate,
          endDate: changes.endDate === undefined ? before.endDate : changes.endDate,
        });
        await updateVersioned(tx, request.ctx, episodes, before, changes, {
          entity: 'episode',
          stale: () => staleConflict(EPISODE_MESSAGES.stale),
          audience: () => ({ referralSourceId: before.referralSourceId }),
        });
        return toEpisode(await loadEpisode(tx, actor, before.id));
      });
    },
  );

  for (const [path, action, summary] of [
    ['publish', 'publish', 'Publish: Draft visits become Active and matching clinicians are told'],
    ['hold', 'hold', 'Put on hold: Active visits go back to Draft'],
    ['delete', 'delete', 'Delete: visits become Deleted (refused once a visit is Staffed or later)'],
    ['complete', 'complete', 'Complete an Active service request: its Active visits nobody took expire'],
  ] as const) {
    app.post(
      `/api/admin/episodes/:id/${path}`,
      {
        config: writePages,
        schema: {
          tags,
          summary,
          params: idParamsSchema,
          body: episodeActionSchema,
          response: { 200: episodeSchema, ...errorResponses },
        },
      },
      async (request) => {
        const actor = requireActor(request.ctx);
        return services.db.transaction((tx) =>
          applyAction(tx, request.ctx, actor, request.params.id, request.body.version, action),
        );
      },
    );
  }

  app.post(
    '/api/admin/episodes/:id/archive',
    {
      config: writePages,
      schema: {
        tags,
        summary:
          'Archive a service request with a reason of the episodeArchiveReasons constant (read-only after)',
        params: idParamsSchema,
        body: episodeArchiveSchema,
        response: { 200: episodeSchema, ...errorResponses },
      },
    },
    async (request) => {
      const actor = requireActor(request.ctx);
      const reasons = await reasonLabels(services.db, 'episodeArchiveReasons');
      if (!reasons.includes(request.body.reason))
        throw badRequest('reason', `must be one of: ${reasons.join(', ')}`);
      return services.db.transaction((tx) =>
        applyAction(
          tx,
          request.ctx,
          actor,
          request.params.id,
          request.body.version,
          'archive',
          request.body.reason,
        ),
      );
    },
  );
};
