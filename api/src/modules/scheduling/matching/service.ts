// Matching as the API offers it: the fit score list of one visit, the published visits to match, and
// assigning a clinician to a visit (Active -> Staffed) or taking them off (Staffed -> Active). Never double
// booking: the clinician's row is locked FOR UPDATE, then their other bookings are checked for overlap. Two
// coordinators assigning the same visit at once: the update is conditional on status and version, so exactly
// one wins and the other gets a 409.
import {
  COVERED,
  DEFAULT_FIT_SCORE_OPTIONS,
  NOT_COVERED,
  defaultDateRange,
  isOrganizationRole,
  parsePrivilegeMap,
  showOrganizationRates,
  type AssignVisit,
  type FitScoreOptions,
  type FitScoreQuery,
  type FitScoreResponse,
  type FitScoreVisitsQuery,
  type MatchCandidate,
  type UnassignVisit,
  type VisitRow,
} from '@carelane/shared-domain';
import type { Executor } from '../../../db/client';
import { badRequest, conflict, notFound, staleVersion } from '../../../lib/errors';
import { localIsoDate } from '../../../lib/local-date';
import { pagingOf } from '../../../lib/paging';
import { recordAudit } from '../../../services/audit';
import { credentialGapsOfProvider } from '../../../services/credentials-at-date';
import type { AppServices } from '../../../services/app-services';
import { requireActor, type Actor, type RequestContext } from '../../../services/context';
import { publishEvent } from '../../../services/events';
import { readBriefly } from '../brief-cache';
import { assertInScope } from '../patients/scope';
import { toVisitRow, VISIT_THING } from '../visits/repository';
import {
  assertVisitAction,
  invalidTransition,
  statusOf,
  unassignedChanges,
  updateVisit,
  type VisitRecord,
} from '../visits/transitions';
import {
  bookedProviders,
  findCandidates,
  providerTypeRates,
  type CandidateStrategy,
  type RateCardRow,
  type ScoredCandidate,
} from './candidates';
import { notifyAssignment } from './notify';
import { selectability } from './selectability';
import {
  findClinicianRate,
  findVisit,
  findVisitRow,
  listPublishedVisits,
  lockProvider,
  staffVisit,
} from './repository';

export const ALREADY_ASSIGNED =
  'This visit was just assigned or changed by someone else. Reload it to see who is assigned.';
export const DOUBLE_BOOKING =
  'This clinician already holds a visit or shift overlapping this time. Pick another clinician or move the visit.';
/** The code of an assign refused by the selectability rule; its message is the card's reason. */
export const NOT_SELECTABLE = 'NOT_SELECTABLE';

type RateVisibility = FitScoreResponse['rateVisibility'];
function rateVisibility(actor: Actor): RateVisibility {
  if (!isOrganizationRole(actor.roleId)) return 'all';
  return showOrganizationRates(parsePrivilegeMap(actor.privileges)) ? 'organization' : 'none';
}

const toCard = (card: RateCardRow) => ({
  ...card,
  paymentType: card.paymentType as 'FlatRate' | 'ServiceFee' | 'Both',
  unit: card.unit as '$/Hour' | '$/Visit',
  updatedAt: card.updatedAt.toISOString(),
});

/** The visit by id (404 when missing), then {@link findCandidates}: the entry point the benchmark calls. */
export async function rankCandidates(
  ex: Executor,
  visitId: number,
  options: Partial<FitScoreOptions> & { strategy?: CandidateStrategy; now?: Date } = {},
): Promise<ScoredCandidate[]> {
  const visit = await findVisit(ex, visitId);
  if (!visit) throw notFound(VISIT_THING);
  const { strategy, now, ...fit } = options;
  return findCandidates(ex, visit, { ...DEFAULT_FIT_SCORE_OPTIONS, ...fit }, { strategy, now });
}

/** Every table the candidates are read from (each announces its writes: migrations 0001, 0005, 0006, 0008). */
const CANDIDATE_TABLES = [
  'visits',
  'providers',
  'users',
  'provider_vacations',
  'provider_rates',
  'visit_types',
  'provider_credentials',
  'credential_types',
  'credential_requirements',
];

/** What a visit row with its names is read from. */
const VISIT_ROW_TABLES = [
  'visits',
  'episodes',
  'referral_sources',
  'patients',
  'visit_types',
  'provider_types',
  'providers',
];

/**
 * The visit's ranked candidates from the read cache (decision 006) until a table they are read from changes, so
 * paging through them or coming back to the visit does not rank them again. Scored as of the current minute
 * (the last-login factor counts days).
 */
function keptCandidates(services: AppServices, visit: VisitRecord, options: FitScoreOptions) {
  const minute = Math.floor(Date.now() / 60_000);
  return services.readCache.read(
    `fitScore:${visit.id}:${minute}:${JSON.stringify(options)}`,
    CANDIDATE_TABLES,
    () => findCandidates(services.db, visit, options, { rates: true, now: new Date(minute * 60_000) }),
  );
}

/** Clinicians ranked by fit score for one visit, with the factor breakdown and the rates the caller may read. */
export async function fitScoreList(
  services: AppServices,
  ctx: RequestContext,
  query: FitScoreQuery,
): Promise<FitScoreResponse> {
  const actor = requireActor(ctx);
  const { visitId, pageNumber, pageSize, ...options } = query;
  // The visit with its names: read for every page and every coming back, and its own statement was most of a
  // cached request's time; kept briefly like the rate card.
  const row = await readBriefly(services, `fitScoreVisit:${visitId}`, VISIT_ROW_TABLES, () =>
    findVisitRow(services.db, visitId),
  );
  if (!row) throw notFound(VISIT_THING);
  assertInScope(actor, row.visit.referralSourceId, VISIT_THING);
  const visit = row.visit;
  const visibility = rateVisibility(actor);
  const [all, cards] = await Promise.all([
    visit.paused ? [] : keptCandidates(services, visit, options),
    // The rate card changes rarely and is read for every visit of the organization and provider type.
    readBriefly(
      services,
      `rateCard:${visit.referralSourceId}:${visit.providerTypeId}`,
      ['referral_source_rates'],
      () => providerTypeRates(services.db, visit),
    ),
  ]);
  const page = all.slice((pageNumber - 1) * pageSize, pageNumber * pageSize);
  const card = cards.find((c) => c.visitTypeId === visit.visitTypeId);
  const providerList: MatchCandidate[] = page.map((c) => {
    const verdict = selectability(visit, {
      credentialGaps: c.credentialGaps,
      card,
      clinicianRate: c.rates.find((r) => r.visitTypeId === visit.visitTypeId),
    });
    const terms = verdict.terms;
    const amounts = !terms.ok
      ? null
      : visibility === 'all'
        ? {
            organizationAmount: terms.result.organizationAmount,
            clinicianAmount: terms.result.clinicianAmount,
            netProfit: terms.result.netProfit,
            requiredMargin: terms.result.requiredMargin,
          }
        : visibility === 'organization'
          ? { organizationAmount: terms.result.organizationAmount }
          : null;
    return {
      providerUserId: c.provider.id,
      givenName: c.provider.givenName,
      familyName: c.provider.familyName,
      providerType: row.providerType,
      providerTypeId: c.provider.providerTypeId,
      patientsCount: c.patientsCount,
      visitsCount: c.visitsCount,
      shiftsCount: c.shiftsCount,
      providerRatingDetails: c.provider.ratingDetails,
      skills: c.provider.skills.map((name) => ({ name })),
      rating: c.provider.rating,
      lastLogin: c.provider.lastLogin?.toISOString() ?? null,
      fitScore: c.fitScore,
      careCoordinator: c.careCoordinator,
      vacations: c.vacations,
      coverage: c.covered ? COVERED : NOT_COVERED,
      distanceMiles: c.distanceMiles,
      factors: c.factors,
      ...(visibility === 'all' && {
        rates: c.rates.map((r) => ({ ...r, description: r.description ?? '' })),
      }),
      amounts,
      selectable: verdict.selectable,
      notSelectableReason: verdict.reasonIsRates && visibility !== 'all' ? null : verdict.reason,
    };
  });
  return {
    visit: {
      ...toVisitRow(row, actor),
      zipcode: visit.zipcode,
      latitude: visit.latitude,
      longitude: visit.longitude,
    },
    providerList,
    paging: pagingOf({ pageNumber, pageSize }, all.length),
    providerTypeRates: visibility === 'none' ? [] : cards.map(toCard),
    rateVisibility: visibility,
  };
}

/** Published visits to match, today to +7 days by default. */
export async function visitsToMatch(services: AppServices, ctx: RequestContext, q: FitScoreVisitsQuery) {
  const actor = requireActor(ctx);
  const range = defaultDateRange('fitScoreVisits');
  const from = q.from ?? localIsoDate(range.start);
  const to = q.to ?? localIsoDate(range.end);
  if (to < from) throw badRequest('to', 'must not be before from');
  const { rows, totalCount } = await listPublishedVisits(services.db, actor, { ...q, from, to });
  return { visitList: rows.map((r) => toVisitRow(r, actor)), paging: pagingOf(q, totalCount) };
}

async function recordChange(tx: Executor, ctx: RequestContext, before: VisitRecord, after: VisitRecord) {
  await recordAudit(tx, ctx, { entity: 'visit', entityId: before.id, action: 'UPDATE', before, after });
  await publishEvent(
    tx,
    { entity: 'visit', id: before.id, action: 'updated' },
    { referralSourceId: before.referralSourceId },
  );
}

/** The visit as the visit list shows it, after a change. */
async function visitRowOf(services: AppServices, actor: Actor, visitId: number): Promise<VisitRow> {
  // The visit with its names: read for every page and every coming back, and its own statement was most of a
  // cached request's time; kept briefly like the rate card.
  const row = await readBriefly(services, `fitScoreVisit:${visitId}`, VISIT_ROW_TABLES, () =>
    findVisitRow(services.db, visitId),
  );
  return toVisitRow(row!, actor);
}

/** Assigns a clinician (Published -> Staffed); the clinician and the facility are told. */
export async function assignVisit(
  services: AppServices,
  ctx: RequestContext,
  input: AssignVisit,
): Promise<VisitRow> {
  const actor = requireActor(ctx);
  const after = await services.db.transaction(async (tx) => {
    const visit = await findVisit(tx, input.visitId);
    if (!visit) throw notFound(VISIT_THING);
    assertInScope(actor, visit.referralSourceId, VISIT_THING);
    if (visit.version !== input.version) {
      throw visit.status === 'Staffed'
        ? conflict(ALREADY_ASSIGNED, 'ALREADY_ASSIGNED')
        : staleVersion('visit');
    }
    assertVisitAction(statusOf(visit), 'assign', 'Staffed');
    if (visit.paused) throw invalidTransition('A paused visit cannot be assigned. Resume it first.');

    // The lock serializes every assignment of this clinician, so the overlap check below sees the others.
    const provider = await lockProvider(tx, input.providerId);
    if (!provider) throw badRequest('providerId', 'is not a known clinician');
    if (provider.providerStatusId !== 3) throw badRequest('providerId', 'is not an active clinician');
    if (provider.providerTypeId !== visit.providerTypeId)
      throw badRequest('providerId', "is not of the visit's provider type");
    const verdict = selectability(visit, {
      credentialGaps: await credentialGapsOfProvider(tx, provider, visit.dateOfService),
      card: (await providerTypeRates(tx, visit)).find((card) => card.visitTypeId === visit.visitTypeId),
      clinicianRate: await findClinicianRate(tx, provider.id, visit.visitTypeId),
    });
    const terms = verdict.terms;
    // A well-formed request the clinician's state refuses: the card's own sentence, naming no field.
    if (!verdict.selectable || !terms.ok) throw conflict(verdict.reason!, NOT_SELECTABLE);
    if ((await bookedProviders(tx, [provider.id], visit)).size)
      throw conflict(DOUBLE_BOOKING, 'DOUBLE_BOOKING');

    const staffed = await staffVisit(tx, visit, {
      providerId: provider.id,
      assignedBy: actor.userId,
      providerAmount: terms.result.clinicianAmount,
      rsAmount: terms.result.organizationAmount,
    });
    if (!staffed) throw conflict(ALREADY_ASSIGNED, 'ALREADY_ASSIGNED');
    await recordChange(tx, ctx, visit, staffed);
    await notifyAssignment(tx, services.config, staffed, provider);
    return staffed;
  });
  return visitRowOf(services, actor, after.id);
}

/** Takes the clinician off a staffed visit (Staffed -> Published, amounts cleared). */
export async function unassignVisit(
  services: AppServices,
  ctx: RequestContext,
  input: UnassignVisit,
): Promise<VisitRow> {
  const actor = requireActor(ctx);
  const after = await services.db.transaction(async (tx) => {
    const visit = await findVisit(tx, input.visitId, true);
    if (!visit) throw notFound(VISIT_THING);
    assertInScope(actor, visit.referralSourceId, VISIT_THING);
    if (visit.version !== input.version) throw staleVersion('visit');
    assertVisitAction(statusOf(visit), 'unassign', 'Active');
    const unassigned = await updateVisit(tx, visit, { ...unassignedChanges(), facilityResponse: null });
    await recordChange(tx, ctx, visit, unassigned);
    return unassigned;
  });
  return visitRowOf(services, actor, after.id);
}
