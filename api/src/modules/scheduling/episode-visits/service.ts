// Visits and shifts inside one service request: list, add (one, several dates, or N copies), edit, delete.
// Every write checks the SPEC §5 rates against the organization's rate card, in the write's transaction.
import {
  computeRates,
  EPISODE_MESSAGES,
  episodeIsEditable,
  planVisitSchedule,
  wallClockIn,
  suggestedFixedRate,
  transitionFor,
  validateRates,
  visitIsEditable,
  type EpisodeVisit,
  type EpisodeVisitCreate,
  type EpisodeVisitUpdate,
  type OrganizationRateCard,
  type RateTier,
  type VisitSchedule,
  type VisitStatus,
} from '@carelane/shared-domain';
import type { Executor, Tx } from '../../../db/client';
import { badRequest, conflict, notFound } from '../../../lib/errors';
import { pagingOf } from '../../../lib/paging';
import { readOf } from '../../../services/access-log';
import { recordAudit } from '../../../services/audit';
import type { AppServices } from '../../../services/app-services';
import { requireActor, type RequestContext } from '../../../services/context';
import { publishEvent } from '../../../services/events';
import { loadEpisode } from '../episodes/repository';
import { notifyMatchingClinicians } from '../matching/notify';
import { staleConflict } from '../patients/scope';
import { VISIT_THING } from '../visits/repository';
import { organizationTimeZone } from '../../maps/service';
import { updateVisit, type VisitRecord } from '../visits/transitions';
import {
  findEpisodeVisit,
  findProviderType,
  findRateCard,
  findVisitPlace,
  findVisitType,
  insertVisits,
  listEpisodeVisits,
  saveProviderType,
  toVisit,
  type EpisodeVisitRow,
} from './repository';

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
  const card = await findRateCard(ex, referralSourceId, providerTypeId, visitTypeId);
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

async function loadVisit(ex: Executor, episodeId: number, visitId: number): Promise<EpisodeVisitRow> {
  const row = await findEpisodeVisit(ex, episodeId, visitId);
  if (!row) throw notFound(VISIT_THING);
  return row;
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

/** Visits of one service request by date and start time (SPEC §9: up to 1000 a page). */
export async function listVisits(
  services: AppServices,
  ctx: RequestContext,
  episodeId: number,
  q: { pageNumber: number; pageSize: number },
) {
  await loadEpisode(services.db, requireActor(ctx), episodeId, readOf(ctx, 'visitList', episodeId));
  const { rows, totalCount } = await listEpisodeVisits(services.db, episodeId, q);
  return { rows: rows.map(toVisit), paging: pagingOf(q, totalCount) };
}

/** Adds visits: one, several dates (multiple + multipleDates) or noOfVisits copies. */
export async function addVisits(
  services: AppServices,
  ctx: RequestContext,
  episodeId: number,
  body: EpisodeVisitCreate,
): Promise<EpisodeVisit[]> {
  return services.db.transaction((tx) => addVisitsIn(tx, ctx, episodeId, body));
}

/** addVisits in the caller's transaction. */
export async function addVisitsIn(
  tx: Tx,
  ctx: RequestContext,
  episodeId: number,
  body: EpisodeVisitCreate,
): Promise<EpisodeVisit[]> {
  const actor = requireActor(ctx);
  const { episode } = await loadEpisode(tx, actor, episodeId);
  if (!episodeIsEditable(episode.status)) throw conflict(EPISODE_MESSAGES.notEditable(episode.status));
  const visitType = await findVisitType(tx, body.visitTypeId);
  if (!visitType || !visitType.active) throw badRequest('visitTypeId', 'is not a known visit type');
  const providerType = await findProviderType(tx, body.providerTypeId);
  if (!providerType) throw badRequest('providerTypeId', 'is not a known provider type');
  if (visitType.providerTypeIds.length && !visitType.providerTypeIds.includes(providerType.id))
    throw badRequest('providerTypeId', `${providerType.type} cannot do a ${visitType.type} visit`);

  const dates = body.multiple
    ? (body.multipleDates ?? [])
    : Array(body.noOfVisits ?? 1).fill(body.dateOfService);
  if (!dates.length) throw badRequest('multipleDates', 'pick at least one date');
  const defaults = episode.visitRate as Partial<RateTerms> & { duration?: number | null };
  const timeZone = await organizationTimeZone(tx, episode.referralSourceId);
  const schedules = dates.map((dateOfService: string) =>
    planOrThrow(
      { ...body, dateOfService, duration: body.duration ?? defaults.duration ?? null, timeZone },
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
  const place = await findVisitPlace(tx, episode);
  const ids = await insertVisits(
    tx,
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
      timeZone,
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
  );
  for (const id of ids) {
    await saveProviderType(tx, id, entry);
    await recordAudit(tx, ctx, {
      entity: 'visit',
      entityId: id,
      action: 'CREATE',
      before: null,
      after: { episodeId: episode.id, status },
    });
  }
  if (status === 'Active') await notifyMatchingClinicians(tx, { episodeId: episode.id, visitIds: ids });
  await publishEvent(
    tx,
    { entity: 'episode', id: episode.id, action: 'updated' },
    { referralSourceId: episode.referralSourceId },
  );
  const rows = await Promise.all(ids.map((id) => loadVisit(tx, episode.id, id)));
  return rows.map(toVisit);
}

/** Edits a Draft or Active visit read at `input.version`: date, time, duration, rates. */
export async function editVisit(
  services: AppServices,
  ctx: RequestContext,
  params: { id: number; visitId: number },
  input: EpisodeVisitUpdate,
): Promise<EpisodeVisit> {
  const actor = requireActor(ctx);
  const { version, ...body } = input;
  return services.db.transaction(async (tx) => {
    const { episode } = await loadEpisode(tx, actor, params.id);
    const current = await loadVisit(tx, episode.id, params.visitId);
    const before = current.visit;
    if (before.version !== version) throw staleConflict(EPISODE_MESSAGES.stale);
    if (!visitIsEditable(before.status)) throw conflict(`A ${before.status} visit cannot be changed here.`);
    const timeChanged = ['dateOfService', 'startTime', 'endTime', 'duration'].some(
      (key) => body[key as keyof typeof body] !== undefined,
    );
    const timeZone = before.timeZone ?? (await organizationTimeZone(tx, episode.referralSourceId));
    const schedule = timeChanged
      ? planOrThrow(
          {
            dateOfService: body.dateOfService ?? before.dateOfService,
            startTime: body.startTime ?? wallClockIn(before.startAt, timeZone).time,
            endTime: body.endTime,
            duration: body.duration ?? before.duration,
            timeZone,
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
    return visitChanged(tx, ctx, episode, before, after, 'UPDATE');
  });
}

/** Deletes a Draft or Active visit read at `version`. */
export async function deleteVisit(
  services: AppServices,
  ctx: RequestContext,
  params: { id: number; visitId: number },
  version: number,
): Promise<EpisodeVisit> {
  const actor = requireActor(ctx);
  return services.db.transaction(async (tx) => {
    const { episode } = await loadEpisode(tx, actor, params.id);
    const { visit: before } = await loadVisit(tx, episode.id, params.visitId);
    if (before.version !== version) throw staleConflict(EPISODE_MESSAGES.stale);
    const to = visitIsEditable(before.status) ? transitionFor(before.status as VisitStatus, 'delete') : null;
    if (!to) throw conflict(`A ${before.status} visit cannot be deleted here.`);
    const after = await updateVisit(tx, before, { status: to }, () => staleConflict(EPISODE_MESSAGES.stale));
    return visitChanged(tx, ctx, episode, before, after, 'DELETE');
  });
}
