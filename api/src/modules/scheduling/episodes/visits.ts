// Visits and shifts inside one service request: list, create (one, several dates, or N copies), edit, delete.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  computeRates,
  EPISODE_MESSAGES,
  episodeIsEditable,
  episodeVisitCreateSchema,
  episodeVisitCreateResponseSchema,
  episodeVisitDeleteQuerySchema,
  episodeVisitListQuerySchema,
  episodeVisitListResponseSchema,
  episodeVisitSchema,
  episodeVisitUpdateSchema,
  idParamsSchema,
  planVisitSchedule,
  suggestedFixedRate,
  transitionFor,
  validateRates,
  visitIsEditable,
  visitParamsSchema,
  type EpisodeVisit,
  type OrganizationRateCard,
  type RateTier,
  type VisitSchedule,
  type VisitStatus,
} from '@carelane/shared-domain';
import {
  facilities,
  patients,
  providers,
  providerTypes,
  referralSourceRates,
  visitProviderTypes,
  visits,
  visitTypes,
} from '../../../db/scheduling-schema';
import type { Executor, Tx } from '../../../db/client';
import { badRequest, conflict, notFound } from '../../../lib/errors';
import { errorResponses } from '../../../lib/route-schema';
import { pagingOf } from '../../../lib/paging';
import { recordAudit } from '../../../services/audit';
import type { AppServices } from '../../../services/app-services';
import { requireActor, type RequestContext } from '../../../services/context';
import { publishEvent } from '../../../services/events';
import { notifyMatchingClinicians } from '../matching/notify';
import { staleConflict } from '../patients/scope';
import { VISIT_THING } from '../visits/repository';
import { updateVisit, type VisitRecord } from '../visits/transitions';
import { loadEpisode } from './repository';

const tags = ['service requests'];
const readPages = { page: ['serviceRequest', 'serviceRequestDetail'] };
const writePages = { page: 'serviceRequestDetail' };

const visitColumns = {
  visit: visits,
  fixedRate: visitProviderTypes.fixedRate,
  providerAmount: visitProviderTypes.providerAmount,
  providerName: sql<string | null>`case when ${providers.id} is null then null
    else ${providers.givenName} || ' ' || ${providers.familyName} end`,
};
type VisitRow = {
  visit: typeof visits.$inferSelect;
  fixedRate: number | null;
  providerAmount: number | null;
  providerName: string | null;
};

const toVisit = ({ visit: v, fixedRate, providerAmount, providerName }: VisitRow): EpisodeVisit => ({
  id: v.id,
  episodeId: v.episodeId,
  episodeType: v.episodeType,
  visitTypeId: v.visitTypeId,
  providerTypeId: v.providerTypeId,
  dateOfService: v.dateOfService,
  startAt: v.startAt.toISOString(),
  endAt: v.endAt.toISOString(),
  duration: v.duration,
  status: v.status,
  isHourly: v.isHourly,
  bonus: v.bonus,
  referralSourceBonus: v.referralSourceBonus,
  rateOverride: v.rateOverride,
  overrideAmount: v.overrideAmount,
  rsOverrideAmount: v.rsOverrideAmount,
  rateTier: v.rateTier,
  fixedRate,
  providerAmount,
  lateCancellation: v.lateCancellation,
  shiftConfirmedByFacility: v.shiftConfirmedByFacility,
  providerId: v.providerId,
  providerName,
  version: v.version,
});

function selectVisits(ex: Executor) {
  return ex
    .select(visitColumns)
    .from(visits)
    .leftJoin(
      visitProviderTypes,
      and(
        eq(visitProviderTypes.visitId, visits.id),
        eq(visitProviderTypes.providerTypeId, visits.providerTypeId),
      ),
    )
    .leftJoin(providers, eq(providers.id, visits.providerId))
    .$dynamic();
}

type RateTerms = {
  isHourly: boolean;
  bonus: number | null;
  referralSourceBonus: number | null;
  rateOverride: boolean;
  overrideAmount: number | null;
  rsOverrideAmount: number | null;
  rateTier: RateTier;
  fixedRate: number | null;
};

/**
 * SPEC §5 rate check with the organization's rate card for this provider and visit type; refused on the field
 * `rates` with the engine's message. Returns the visit-provider-type entry to store.
 */
async function checkRates(
  ex: Executor,
  referralSourceId: number,
  providerTypeId: number,
  visitTypeId: number,
  terms: RateTerms,
  duration: number,
  status: string,
) {
  const [card] = await ex
    .select()
    .from(referralSourceRates)
    .where(
      and(
        eq(referralSourceRates.referralSourceId, referralSourceId),
        eq(referralSourceRates.providerTypeId, providerTypeId),
        eq(referralSourceRates.visitTypeId, visitTypeId),
      ),
    );
  if (!card) throw badRequest('rates', EPISODE_MESSAGES.noRateCard);
  const rateCard = card as OrganizationRateCard & typeof card;
  const fixedRate = terms.fixedRate ?? suggestedFixedRate(rateCard, terms.rateTier);
  const input = {
    visit: { ...terms, duration, status },
    card: rateCard,
    clinician: { amount: fixedRate, specialRate: fixedRate, incrementalRate: fixedRate },
    tier: terms.rateTier,
  };
  const [problem] = validateRates(input);
  if (problem) throw badRequest('rates', problem);
  const result = computeRates(input);
  const tier = terms.rateTier;
  const pick = (regular: number | null, special: number | null, incremental: number | null) =>
    (tier === 'special' ? special : tier === 'incremental' ? incremental : regular) ?? regular;
  return {
    providerTypeId,
    fixedRate,
    providerAmount: result.clinicianAmount,
    unit: card.unit,
    profitMargin: pick(card.profitMargin, card.specialProfitMargin, card.incrementalProfitMargin),
    serviceFee: pick(card.serviceFee, card.specialServiceFee, card.incrementalServiceFee),
    bonus: terms.bonus,
    referralSourceBonus: terms.referralSourceBonus,
    isHourly: terms.isHourly,
    rsAmount: result.organizationAmount,
  };
}

function planOrThrow(
  input: Parameters<typeof planVisitSchedule>[0],
  episodeType: string,
  field?: string,
): VisitSchedule {
  const planned = planVisitSchedule(input, episodeType);
  if (!planned.ok) {
    const name = field && planned.problem.field === 'dateOfService' ? field : planned.problem.field;
    throw badRequest(name, planned.problem.message);
  }
  return planned.schedule;
}

async function loadVisit(ex: Executor, episodeId: number, visitId: number): Promise<VisitRow> {
  const [row] = await selectVisits(ex).where(and(eq(visits.id, visitId), eq(visits.episodeId, episodeId)));
  if (!row) throw notFound(VISIT_THING);
  return row;
}

/** HH:mm of an instant on the wall clock `utcOffset` minutes east of UTC. */
const wallClock = (at: Date, utcOffset: number) =>
  new Date(at.getTime() + utcOffset * 60_000).toISOString().slice(11, 16);

async function saveProviderType(tx: Tx, visitId: number, entry: Awaited<ReturnType<typeof checkRates>>) {
  const { rsAmount: _rsAmount, ...values } = entry;
  await tx
    .insert(visitProviderTypes)
    .values({ ...values, visitId })
    .onConflictDoUpdate({
      target: [visitProviderTypes.visitId, visitProviderTypes.providerTypeId],
      set: values,
    });
}

/** Audits the edit or delete of a visit, tells the service request's readers, and answers the visit now. */
async function visitChanged(
  tx: Tx,
  ctx: RequestContext,
  episode: { id: number; referralSourceId: number },
  before: VisitRecord,
  after: VisitRecord,
  action: 'UPDATE' | 'DELETE',
): Promise<EpisodeVisit> {
  await recordAudit(tx, ctx, { entity: 'visit', entityId: before.id, action, before, after });
  await publishEvent(
    tx,
    { entity: 'episode', id: episode.id, action: 'updated' },
    { referralSourceId: episode.referralSourceId },
  );
  return toVisit(await loadVisit(tx, episode.id, before.id));
}

export function registerEpisodeVisitRoutes(app: FastifyInstance, services: AppServices) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/admin/episodes/:id/visits',
    {
      config: readPages,
      schema: {
        tags,
        summary: 'Visits of one service request by date (SPEC §9: up to 1000 a page)',
        params: idParamsSchema,
        querystring: episodeVisitListQuerySchema,
        response: { 200: episodeVisitListResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const actor = requireActor(request.ctx);
      const q = request.query;
      await loadEpisode(services.db, actor, request.params.id);
      const where = and(eq(visits.episodeId, request.params.id), sql`${visits.status} <> 'Deleted'`);
      const [rows, [count]] = await Promise.all([
        selectVisits(services.db)
          .where(where)
          .orderBy(asc(visits.dateOfService), asc(visits.startAt), asc(visits.id))
          .limit(q.pageSize)
          .offset((q.pageNumber - 1) * q.pageSize),
        services.db
          .select({ n: sql<number>`count(*)::int` })
          .from(visits)
          .where(where),
      ]);
      return { rows: rows.map(toVisit), paging: pagingOf(q, count?.n ?? 0) };
    },
  );

  r.post(
    '/api/admin/episodes/:id/visits',
    {
      config: writePages,
      schema: {
        tags,
        summary: 'Add visits: one, several dates (multiple + multipleDates) or noOfVisits copies',
        params: idParamsSchema,
        body: episodeVisitCreateSchema,
        response: { 201: episodeVisitCreateResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request.ctx);
      const body = request.body;
      const created = await services.db.transaction(async (tx) => {
        const { episode } = await loadEpisode(tx, actor, request.params.id);
        if (!episodeIsEditable(episode.status)) throw conflict(EPISODE_MESSAGES.notEditable(episode.status));
        const [visitType] = await tx.select().from(visitTypes).where(eq(visitTypes.id, body.visitTypeId));
        if (!visitType || !visitType.active) throw badRequest('visitTypeId', 'is not a known visit type');
        const [providerType] = await tx
          .select()
          .from(providerTypes)
          .where(eq(providerTypes.id, body.providerTypeId));
        if (!providerType) throw badRequest('providerTypeId', 'is not a known provider type');
        if (visitType.providerTypeIds.length && !visitType.providerTypeIds.includes(providerType.id))
          throw badRequest('providerTypeId', `${providerType.type} cannot do a ${visitType.type} visit`);

        const dates = body.multiple
          ? (body.multipleDates ?? [])
          : Array(body.noOfVisits ?? 1).fill(body.dateOfService);
        if (!dates.length) throw badRequest('multipleDates', 'pick at least one date');
        const defaults = episode.visitRate as Partial<RateTerms> & { duration?: number | null };
        const schedules = dates.map((dateOfService: string) =>
          planOrThrow(
            { ...body, dateOfService, duration: body.duration ?? defaults.duration ?? null },
            episode.episodeType,
            body.multiple ? 'multipleDates' : undefined,
          ),
        );
        const terms: RateTerms = {
          isHourly: body.isHourly ?? defaults.isHourly ?? visitType.unit === '$/Hour',
          bonus: body.bonus ?? defaults.bonus ?? null,
          referralSourceBonus: body.referralSourceBonus ?? defaults.referralSourceBonus ?? null,
          rateOverride: body.rateOverride ?? false,
          overrideAmount: body.overrideAmount ?? null,
          rsOverrideAmount: body.rsOverrideAmount ?? null,
          rateTier: body.rateTier ?? 'regular',
          fixedRate: body.fixedRate ?? defaults.fixedRate ?? null,
        };
        const status = episode.status === 'Active' ? 'Active' : 'Draft';
        const entry = await checkRates(
          tx,
          episode.referralSourceId,
          providerType.id,
          visitType.id,
          terms,
          schedules[0]!.duration,
          status,
        );
        const place =
          episode.episodeType === 'Shift' && episode.facilityId
            ? (await tx.select().from(facilities).where(eq(facilities.id, episode.facilityId)))[0]
            : episode.patientId
              ? (await tx.select().from(patients).where(eq(patients.id, episode.patientId)))[0]
              : undefined;
        const inserted = await tx
          .insert(visits)
          .values(
            schedules.map((s) => ({
              episodeId: episode.id,
              referralSourceId: episode.referralSourceId,
              patientId: episode.patientId,
              facilityId: episode.facilityId,
              episodeType: episode.episodeType,
              visitTypeId: visitType.id,
              providerTypeId: providerType.id,
              dateOfService: s.dateOfService,
              startAt: s.startAt,
              endAt: s.endAt,
              duration: s.duration,
              status,
              isHourly: terms.isHourly,
              rateOverride: terms.rateOverride,
              overrideAmount: terms.overrideAmount,
              rsOverrideAmount: terms.rsOverrideAmount,
              bonus: terms.bonus,
              referralSourceBonus: terms.referralSourceBonus,
              rateTier: terms.rateTier,
              zipcode: place?.zipcode ?? null,
              latitude: place?.latitude ?? null,
              longitude: place?.longitude ?? null,
              createdBy: actor.userId,
            })),
          )
          .returning({ id: visits.id });
        for (const { id } of inserted) {
          await saveProviderType(tx, id, entry);
          await recordAudit(tx, request.ctx, {
            entity: 'visit',
            entityId: id,
            action: 'CREATE',
            before: null,
            after: { episodeId: episode.id, status },
          });
        }
        const ids = inserted.map((v) => v.id);
        if (status === 'Active') await notifyMatchingClinicians(tx, { episodeId: episode.id, visitIds: ids });
        await publishEvent(
          tx,
          { entity: 'episode', id: episode.id, action: 'updated' },
          { referralSourceId: episode.referralSourceId },
        );
        const rows = await Promise.all(ids.map((id) => loadVisit(tx, episode.id, id)));
        return rows.map(toVisit);
      });
      return reply.status(201).send({ rows: created });
    },
  );

  r.put(
    '/api/admin/episodes/:id/visits/:visitId',
    {
      config: writePages,
      schema: {
        tags,
        summary: 'Edit a Draft or Active visit: date, time, duration, rates (send the version you read)',
        params: visitParamsSchema,
        body: episodeVisitUpdateSchema,
        response: { 200: episodeVisitSchema, ...errorResponses },
      },
    },
    async (request) => {
      const actor = requireActor(request.ctx);
      const { version, ...body } = request.body;
      return services.db.transaction(async (tx) => {
        const { episode } = await loadEpisode(tx, actor, request.params.id);
        const current = await loadVisit(tx, episode.id, request.params.visitId);
        const before = current.visit;
        if (before.version !== version) throw staleConflict(EPISODE_MESSAGES.stale);
        if (!visitIsEditable(before.status))
          throw conflict(`A ${before.status} visit cannot be changed here.`);
        const timeChanged = ['dateOfService', 'startTime', 'endTime', 'duration'].some(
          (key) => body[key as keyof typeof body] !== undefined,
        );
        const offset = body.utcOffset ?? 0;
        const schedule = timeChanged
          ? planOrThrow(
              {
                dateOfService: body.dateOfService ?? before.dateOfService,
                startTime: body.startTime ?? wallClock(before.startAt, offset),
                endTime: body.endTime,
                duration: body.duration ?? before.duration,
                utcOffset: offset,
              },
              before.episodeType,
            )
          : {
              dateOfService: before.dateOfService,
              startAt: before.startAt,
              endAt: before.endAt,
              duration: before.duration ?? 0,
            };
        const pickTerm = <K extends keyof RateTerms>(key: K, stored: RateTerms[K]): RateTerms[K] =>
          (body[key] === undefined ? stored : body[key]) as RateTerms[K];
        const terms: RateTerms = {
          isHourly: pickTerm('isHourly', before.isHourly),
          bonus: pickTerm('bonus', before.bonus),
          referralSourceBonus: pickTerm('referralSourceBonus', before.referralSourceBonus),
          rateOverride: pickTerm('rateOverride', before.rateOverride),
          overrideAmount: pickTerm('overrideAmount', before.overrideAmount),
          rsOverrideAmount: pickTerm('rsOverrideAmount', before.rsOverrideAmount),
          rateTier: pickTerm('rateTier', before.rateTier as RateTier),
          fixedRate: pickTerm('fixedRate', current.fixedRate),
        };
        const entry = await checkRates(
          tx,
          episode.referralSourceId,
          before.providerTypeId,
          before.visitTypeId,
          terms,
          schedule.duration,
          before.status,
        );
        const after = await updateVisit(
          tx,
          before,
          {
            dateOfService: schedule.dateOfService,
            startAt: schedule.startAt,
            endAt: schedule.endAt,
            duration: schedule.duration,
            isHourly: terms.isHourly,
            bonus: terms.bonus,
            referralSourceBonus: terms.referralSourceBonus,
            rateOverride: terms.rateOverride,
            overrideAmount: terms.overrideAmount,
            rsOverrideAmount: terms.rsOverrideAmount,
            rateTier: terms.rateTier,
          },
          () => staleConflict(EPISODE_MESSAGES.stale),
        );
        await saveProviderType(tx, before.id, entry);
        return visitChanged(tx, request.ctx, episode, before, after, 'UPDATE');
      });
    },
  );

  r.delete(
    '/api/admin/episodes/:id/visits/:visitId',
    {
      config: writePages,
      schema: {
        tags,
        summary: 'Delete a Draft or Active visit (?version= the version you read)',
        params: visitParamsSchema,
        querystring: episodeVisitDeleteQuerySchema,
        response: { 200: episodeVisitSchema, ...errorResponses },
      },
    },
    async (request) => {
      const actor = requireActor(request.ctx);
      return services.db.transaction(async (tx) => {
        const { episode } = await loadEpisode(tx, actor, request.params.id);
        const { visit: before } = await loadVisit(tx, episode.id, request.params.visitId);
        if (before.version !== request.query.version) throw staleConflict(EPISODE_MESSAGES.stale);
        const to = visitIsEditable(before.status)
          ? transitionFor(before.status as VisitStatus, 'delete')
          : null;
        if (!to) throw conflict(`A ${before.status} visit cannot be deleted here.`);
        const after = await updateVisit(tx, before, { status: to }, () =>
          staleConflict(EPISODE_MESSAGES.stale),
        );
        return visitChanged(tx, request.ctx, episode, before, after, 'DELETE');
      });
    },
  );
}
