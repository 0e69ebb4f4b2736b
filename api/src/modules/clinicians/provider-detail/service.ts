// The clinician detail (issue 11, `/provider`): staff read and edit a clinician's profile (the address geocoded by
// ZIP through the maps gazetteer when it comes without a point), change their status with a reason
// (inactivateProviderReasonTypes), transfer them to another clinician manager or care coordinator, and keep their
// rates and vacations. Each write is one transaction at the version read, with its audit entry and event.
import {
  CLINICIAN_OWNER_ROLE_IDS,
  clinicianRateProblem,
  INACTIVE_PROVIDER_STATUS_ID,
  PROVIDER_DETAIL_MESSAGES,
  PROVIDER_TYPES,
  ROLE_NAMES,
  VISIT_TYPES,
  type ProviderActivityEntry,
  type ProviderDetail,
  type ProviderProfileInput,
  type ProviderRateList,
  type ProviderRatesInput,
  type ProviderStatusChange,
  type ProviderTransfer,
  type ProviderVacationInput,
} from '@carelane/shared-domain';
import type { Executor, Tx } from '../../../db/client';
import { AppError, badRequest, notFound, staleVersion } from '../../../lib/errors';
import { localIsoDate } from '../../../lib/local-date';
import { pagingOf } from '../../../lib/paging';
import { recordAudit } from '../../../services/audit';
import type { AppServices } from '../../../services/app-services';
import { requireActor, type RequestContext } from '../../../services/context';
import { publishEvent } from '../../../services/events';
import { reasonLabels } from '../../admin/constants';
import { loadClinician } from '../access';
import { recomputeCredentialStates } from '../credential-expiry/repository';
import { pointOfZip } from '../geocode';
import * as repo from './repository';

const ENTITY = 'provider';
const THING = 'clinician';
const REASONS_CONSTANT = 'inactivateProviderReasonTypes';

const fieldError = (field: string, message: string) =>
  new AppError(400, 'VALIDATION', `${field}: ${message}`, [{ field, message }]);

async function detailOf(ex: Executor, providerId: number): Promise<ProviderDetail> {
  const row = await repo.findProviderDetail(ex, providerId);
  if (!row) throw notFound('Clinician');
  const p = row.provider;
  return {
    id: p.id,
    userId: p.userId,
    givenName: p.givenName,
    familyName: p.familyName,
    email: p.email,
    phoneNumber: p.phoneNumber,
    providerTypeId: p.providerTypeId,
    providerType: row.providerType,
    providerStatusId: p.providerStatusId,
    credentialState: p.credentialState,
    onboardStep: p.onboardStep,
    addressLine1: p.addressLine1,
    addressLine2: p.addressLine2,
    city: p.city,
    state: p.state,
    zipcode: p.zipcode,
    latitude: p.latitude,
    longitude: p.longitude,
    preferredLatitude: p.preferredLatitude,
    preferredLongitude: p.preferredLongitude,
    coverageRadiusMiles: p.coverageRadiusMiles,
    preferredZipcodes: p.preferredZipcodes,
    licenceNumbers: await repo.licenceNumbers(ex, p.id),
    skills: p.skills,
    languages: p.languages,
    weekdayPreferences: p.weekdayPreferences,
    shiftPreferences: p.shiftPreferences,
    assignmentPreference: p.assignmentPreference,
    rating: p.rating,
    ratingDetails: p.ratingDetails,
    lastLogin: row.lastLogin?.toISOString() ?? null,
    enableEmail: p.enableEmail,
    enableSms: p.enableSms,
    careCoordinator:
      p.careCoordinatorId !== null && row.coordinatorName !== null
        ? { id: p.careCoordinatorId, name: row.coordinatorName }
        : null,
    version: p.version,
  };
}

/** The clinician's row locked for a write at `version` (409 when it has moved on). */
async function lockedAt(tx: Tx, providerId: number, version: number) {
  const before = await repo.lockProvider(tx, providerId);
  if (!before) throw notFound('Clinician');
  if (before.version !== version) throw staleVersion(THING);
  return before;
}

async function writeProvider(
  tx: Tx,
  ctx: RequestContext,
  before: repo.ProviderRow,
  changes: Partial<repo.ProviderRow>,
  extraAudit: object = {},
) {
  if (!(await repo.updateProvider(tx, before.id, before.version, changes))) throw staleVersion(THING);
  await recordAudit(tx, ctx, {
    entity: ENTITY,
    entityId: before.id,
    action: 'UPDATE',
    before,
    after: { ...before, ...changes, ...extraAudit },
  });
  await publishEvent(tx, { entity: ENTITY, id: before.id, action: 'updated' }, { staffOnly: true });
}

export async function getProvider(services: AppServices, ctx: RequestContext, providerId: number) {
  const clinician = await loadClinician(services.db, requireActor(ctx), providerId);
  return detailOf(services.db, clinician.id);
}

/** Saves the profile; the address is geocoded by its ZIP code when it comes without latitude and longitude. */
export async function saveProfile(
  services: AppServices,
  ctx: RequestContext,
  providerId: number,
  input: ProviderProfileInput,
): Promise<ProviderDetail> {
  const actor = requireActor(ctx);
  if (!PROVIDER_TYPES.some((t) => t.id === input.providerTypeId))
    throw badRequest('providerTypeId', 'is not a known provider type');
  const { latitude, longitude, city, state } = await pointOfZip(input);
  return services.db.transaction(async (tx) => {
    await loadClinician(tx, actor, providerId);
    const before = await lockedAt(tx, providerId, input.version);
    await writeProvider(tx, ctx, before, {
      givenName: input.givenName,
      familyName: input.familyName,
      email: input.email,
      phoneNumber: input.phoneNumber ? input.phoneNumber.replace(/\D/g, '').slice(-10) : null,
      providerTypeId: input.providerTypeId,
      addressLine1: input.addressLine1,
      addressLine2: input.addressLine2,
      city,
      state,
      zipcode: input.zipcode,
      latitude,
      longitude,
      preferredLatitude: latitude,
      preferredLongitude: longitude,
      coverageRadiusMiles: input.coverageRadiusMiles,
      preferredZipcodes: [...new Set(input.preferredZipcodes)],
      skills: [...new Set(input.skills)],
      languages: [...new Set(input.languages)],
      weekdayPreferences: [...new Set(input.weekdayPreferences)].sort(),
      shiftPreferences: input.shiftPreferences,
      assignmentPreference: input.assignmentPreference,
      enableEmail: input.enableEmail,
      enableSms: input.enableSms,
    });
    // Another provider type requires other credentials: the credential state follows.
    if (before.providerTypeId !== input.providerTypeId)
      await recomputeCredentialStates(tx, localIsoDate(new Date()), {
        providerId,
        userId: actor.userId,
        email: actor.emailId,
      });
    return detailOf(tx, providerId);
  });
}

/** The reasons offered when a clinician is made inactive. */
export async function statusReasons(services: AppServices) {
  return { reasons: await reasonLabels(services.db, REASONS_CONSTANT) };
}

/** Changes the clinician's status; making them inactive needs one of the inactivation reasons. */
export async function changeStatus(
  services: AppServices,
  ctx: RequestContext,
  providerId: number,
  input: ProviderStatusChange,
): Promise<ProviderDetail> {
  const actor = requireActor(ctx);
  const reason = input.reason?.trim() || null;
  if (input.providerStatusId === INACTIVE_PROVIDER_STATUS_ID) {
    if (!reason) throw badRequest('reason', PROVIDER_DETAIL_MESSAGES.reasonRequired);
    const reasons = await reasonLabels(services.db, REASONS_CONSTANT);
    if (!reasons.includes(reason)) throw badRequest('reason', PROVIDER_DETAIL_MESSAGES.reasonUnknown);
  }
  return services.db.transaction(async (tx) => {
    await loadClinician(tx, actor, providerId);
    const before = await lockedAt(tx, providerId, input.version);
    if (before.providerStatusId === input.providerStatusId)
      throw badRequest('providerStatusId', PROVIDER_DETAIL_MESSAGES.sameStatus);
    await writeProvider(
      tx,
      ctx,
      before,
      { providerStatusId: input.providerStatusId },
      { statusReason: reason },
    );
    // The credential state follows the status (5 inactive; back to 1 or 3 when reactivated).
    await recomputeCredentialStates(tx, localIsoDate(new Date()), {
      providerId,
      userId: actor.userId,
      email: actor.emailId,
    });
    return detailOf(tx, providerId);
  });
}

/** The users a clinician can be transferred to: active clinician managers and care coordinators. */
export async function transferTargets(services: AppServices) {
  const users = await repo.listActiveUsersOfRoles(services.db, CLINICIAN_OWNER_ROLE_IDS);
  return { users: users.map((u) => ({ ...u, role: ROLE_NAMES[u.roleId] ?? `Role ${u.roleId}` })) };
}

/** Hands the clinician to another clinician manager or care coordinator (400 naming userId for anyone else). */
export async function transfer(
  services: AppServices,
  ctx: RequestContext,
  providerId: number,
  input: ProviderTransfer,
): Promise<ProviderDetail> {
  const actor = requireActor(ctx);
  return services.db.transaction(async (tx) => {
    await loadClinician(tx, actor, providerId);
    const target = await repo.findActiveUserOfRoles(tx, input.userId, CLINICIAN_OWNER_ROLE_IDS);
    if (!target) throw badRequest('userId', PROVIDER_DETAIL_MESSAGES.notAnOwner);
    const before = await lockedAt(tx, providerId, input.version);
    if (before.careCoordinatorId === target.id)
      throw badRequest('userId', PROVIDER_DETAIL_MESSAGES.sameOwner);
    await writeProvider(tx, ctx, before, { careCoordinatorId: target.id }, { transferredTo: target.name });
    return detailOf(tx, providerId);
  });
}

const visitTypesOf = (providerTypeId: number) =>
  VISIT_TYPES.filter((t) => !t.providerTypeIds.length || t.providerTypeIds.includes(providerTypeId));

async function ratesOf(ex: Executor, providerId: number, providerTypeId: number): Promise<ProviderRateList> {
  const [rows, detail] = await Promise.all([
    repo.listRates(ex, providerId),
    repo.findProviderDetail(ex, providerId),
  ]);
  return {
    rows: rows.map((r) => {
      const type = VISIT_TYPES.find((t) => t.id === r.visitTypeId);
      return {
        ...r,
        visitType: type?.type ?? `Visit type ${r.visitTypeId}`,
        description: type?.description ?? '',
        unit: type?.unit ?? '$/Visit',
      };
    }),
    visitTypes: visitTypesOf(providerTypeId).map((t) => ({ id: t.id, type: t.type, unit: t.unit })),
    version: detail!.provider.version,
  };
}

export async function listRates(services: AppServices, ctx: RequestContext, providerId: number) {
  const clinician = await loadClinician(services.db, requireActor(ctx), providerId);
  return ratesOf(services.db, clinician.id, clinician.providerTypeId);
}

/** Replaces the clinician's rates (each checked by the rate engine), at the clinician's version. */
export async function replaceRates(
  services: AppServices,
  ctx: RequestContext,
  providerId: number,
  input: ProviderRatesInput,
): Promise<ProviderRateList> {
  const actor = requireActor(ctx);
  return services.db.transaction(async (tx) => {
    const clinician = await loadClinician(tx, actor, providerId);
    const allowed = new Set(visitTypesOf(clinician.providerTypeId).map((t) => t.id));
    const seen = new Set<number>();
    input.rates.forEach((rate, i) => {
      if (!allowed.has(rate.visitTypeId))
        throw fieldError(`rates.${i}.visitTypeId`, PROVIDER_DETAIL_MESSAGES.visitTypeNotTheirs);
      if (seen.has(rate.visitTypeId))
        throw fieldError(`rates.${i}.visitTypeId`, PROVIDER_DETAIL_MESSAGES.duplicateVisitType);
      seen.add(rate.visitTypeId);
      const problem = clinicianRateProblem(rate);
      if (problem) throw fieldError(`rates.${i}.${problem.field}`, problem.message);
    });
    const before = await lockedAt(tx, providerId, input.version);
    const previous = await repo.listRates(tx, providerId);
    await repo.replaceRates(tx, providerId, input.rates);
    if (!(await repo.updateProvider(tx, providerId, before.version, {}))) throw staleVersion(THING);
    await recordAudit(tx, ctx, {
      entity: 'providerRate',
      entityId: providerId,
      action: 'UPDATE',
      before: { rates: previous },
      after: { rates: input.rates },
    });
    await publishEvent(tx, { entity: ENTITY, id: providerId, action: 'updated' }, { staffOnly: true });
    return ratesOf(tx, providerId, clinician.providerTypeId);
  });
}

export async function listVacations(services: AppServices, ctx: RequestContext, providerId: number) {
  const clinician = await loadClinician(services.db, requireActor(ctx), providerId);
  return { rows: await repo.listVacations(services.db, clinician.id) };
}

export async function addVacation(
  services: AppServices,
  ctx: RequestContext,
  providerId: number,
  input: ProviderVacationInput,
) {
  const actor = requireActor(ctx);
  if (input.endDate < input.startDate) throw badRequest('endDate', PROVIDER_DETAIL_MESSAGES.endBeforeStart);
  return services.db.transaction(async (tx) => {
    const clinician = await loadClinician(tx, actor, providerId);
    const id = await repo.insertVacation(tx, clinician.id, input);
    await recordAudit(tx, ctx, {
      entity: 'providerVacation',
      entityId: clinician.id,
      action: 'CREATE',
      before: null,
      after: { id, ...input },
    });
    await publishEvent(tx, { entity: ENTITY, id: clinician.id, action: 'updated' }, { staffOnly: true });
    return { id, ...input };
  });
}

export async function deleteVacation(
  services: AppServices,
  ctx: RequestContext,
  providerId: number,
  vacationId: number,
) {
  const actor = requireActor(ctx);
  return services.db.transaction(async (tx) => {
    const clinician = await loadClinician(tx, actor, providerId);
    const row = await repo.deleteVacation(tx, clinician.id, vacationId);
    if (!row) throw notFound('Vacation');
    await recordAudit(tx, ctx, {
      entity: 'providerVacation',
      entityId: clinician.id,
      action: 'DELETE',
      before: { id: row.id, startDate: row.startDate, endDate: row.endDate },
      after: null,
    });
    await publishEvent(tx, { entity: ENTITY, id: clinician.id, action: 'updated' }, { staffOnly: true });
    return { ok: true as const };
  });
}

/** The clinician's audit entries (profile, status, owner, rates, vacations, credentials), newest first. */
export async function activity(
  services: AppServices,
  ctx: RequestContext,
  providerId: number,
  page: { pageNumber: number; pageSize: number },
) {
  const clinician = await loadClinician(services.db, requireActor(ctx), providerId);
  const { rows, totalCount } = await repo.listActivity(services.db, clinician.id, page);
  return {
    rows: rows.map((r): ProviderActivityEntry => ({
      id: r.id,
      at: r.at.toISOString(),
      userEmail: r.userEmail,
      entity: r.entity,
      action: r.action,
      changes: Object.entries(r.diff ?? {})
        .filter(([field]) => field !== 'version' && field !== 'updatedAt')
        .map(([field, change]) => ({ field, before: change.before, after: change.after })),
    })),
    paging: pagingOf(page, totalCount),
  };
}
