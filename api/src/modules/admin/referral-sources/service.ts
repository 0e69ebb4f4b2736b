import type { z } from 'zod';
import {
  ORGANIZATION_ONBOARD_STEPS,
  hideRatesOnBoardStep,
  isOrganizationRole,
  normalizePhone,
  organizationOnboardStepAfter,
  organizationOnboardStepSchema,
  organizationOnboardStepShown,
  parsePrivilegeMap,
  type OrganizationOnboarding,
  type OrganizationOnboardStep,
  type ReferralSource,
  type ReferralSourceRate,
  type referralSourceRateInputSchema,
  type referralSourceRateUpdateSchema,
} from '@carelane/shared-domain';
import {
  badRequest,
  conflict,
  forbidden,
  isUniqueViolation,
  notFound,
  staleVersion,
} from '../../../lib/errors';
import { pagingOf } from '../../../lib/paging';
import { recordAudit } from '../../../services/audit';
import type { AppServices } from '../../../services/app-services';
import { requireActor, type Actor, type RequestContext } from '../../../services/context';
import { publishEvent } from '../../../services/events';
import type { Executor } from '../../../db/client';
import { timeZoneOfAddress } from '../../maps/service';
import { assertMayRead, assertMayWrite, isStaff } from './access';
import {
  deleteRate,
  findRate,
  findReferralSource,
  insertRate,
  insertReferralSource,
  listRates,
  listReferralSourceRows,
  referralSourceExists,
  updateRate,
  updateReferralSource,
  visitTypeProviderTypes,
  type RateRow,
  type ReferralSourceListQuery,
  type ReferralSourceRow,
} from './repository';
import type { ReferralSourceInput, ReferralSourceUpdate } from './schemas';

type RateInput = z.output<typeof referralSourceRateInputSchema>;
type RateUpdate = z.output<typeof referralSourceRateUpdateSchema>;

/** The row as the API answers it, with the zone its visits are in (its own, else its ZIP code's). */
const toReferralSource = async (r: ReferralSourceRow): Promise<ReferralSource> => ({
  ...r,
  timeZone: r.timeZone ?? (await timeZoneOfAddress(r)),
  status: r.status === 'INACTIVE' ? 'INACTIVE' : 'ACTIVE',
  onboardStepRS: organizationOnboardStepSchema.catch('Rates').parse(r.onboardStepRS),
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

const toRate = (r: RateRow): ReferralSourceRate => ({
  ...r,
  paymentType: r.paymentType as ReferralSourceRate['paymentType'],
  unit: r.unit === '$/Hour' ? '$/Hour' : '$/Visit',
  updatedAt: r.updatedAt.toISOString(),
});

function normalizeContact<T extends { phone?: string | null; fax?: string | null }>(input: T): T {
  return {
    ...input,
    ...(input.phone !== undefined && { phone: input.phone ? normalizePhone(input.phone) : null }),
    ...(input.fax !== undefined && { fax: input.fax ? normalizePhone(input.fax) : null }),
  };
}

// --- Organizations

export async function listReferralSources(
  services: AppServices,
  ctx: RequestContext,
  q: ReferralSourceListQuery,
) {
  const actor = requireActor(ctx);
  const onlyId = isOrganizationRole(actor.roleId) ? (actor.referralSourceId ?? -1) : undefined;
  const { rows, totalCount } = await listReferralSourceRows(services, q, onlyId);
  return { rows: await Promise.all(rows.map(toReferralSource)), paging: pagingOf(q, totalCount) };
}

export async function getReferralSource(services: AppServices, ctx: RequestContext, id: number) {
  assertMayRead(requireActor(ctx), id);
  const row = await findReferralSource(services.db, id);
  if (!row) throw notFound('The organization');
  return toReferralSource(row);
}

export async function createReferralSource(
  services: AppServices,
  ctx: RequestContext,
  input: ReferralSourceInput,
): Promise<ReferralSource> {
  assertMayWrite(requireActor(ctx), null);
  const created = await services.db.transaction(async (tx) => {
    const timeZone =
      input.timeZone ??
      (await timeZoneOfAddress({
        zipcode: input.zipcode ?? null,
        latitude: input.latitude ?? null,
        longitude: input.longitude ?? null,
      }));
    const row = await insertReferralSource(tx, normalizeContact({ ...input, timeZone }));
    await recordAudit(tx, ctx, {
      entity: 'referralSource',
      entityId: row.id,
      action: 'CREATE',
      before: null,
      after: row,
    });
    await publishEvent(tx, { entity: 'referralSource', id: row.id, action: 'created' }, { staffOnly: true });
    return row;
  });
  return toReferralSource(created);
}

export async function editReferralSource(
  services: AppServices,
  ctx: RequestContext,
  id: number,
  input: ReferralSourceUpdate,
): Promise<ReferralSource> {
  const actor = requireActor(ctx);
  assertMayRead(actor, id);
  assertMayWrite(actor, id);
  return services.db.transaction(async (tx) => {
    const before = await findReferralSource(tx, id);
    if (!before) throw notFound('The organization');
    const { version, ...changes } = input;
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
    return toReferralSource(await updateReferralSource(tx, ctx, before, normalizeContact(changes)));
  });
}

// --- Onboarding (SPEC §4 onboardStepRS)

function onboardingOf(
  actor: Actor,
  row: { id: number; name: string; onboardStepRS: string; version: number },
): OrganizationOnboarding {
  const hide = hideRatesOnBoardStep(parsePrivilegeMap(actor.privileges));
  const stored = organizationOnboardStepSchema.catch('Rates').parse(row.onboardStepRS);
  return {
    referralSourceId: row.id,
    referralSourceName: row.name,
    stored,
    step: organizationOnboardStepShown(stored, { hideRatesOnBoardStep: hide }),
    steps: ORGANIZATION_ONBOARD_STEPS.filter((step) => !(hide && step === 'Rates')),
    version: row.version,
  };
}

export async function getOnboarding(services: AppServices, ctx: RequestContext, id: number) {
  const actor = requireActor(ctx);
  assertMayRead(actor, id);
  const row = await findReferralSource(services.db, id);
  if (!row) throw notFound('The organization');
  return onboardingOf(actor, row);
}

/** An organization user accepts the step shown; the organization moves to the following one. */
export async function acceptOnboardingStep(
  services: AppServices,
  ctx: RequestContext,
  id: number,
  input: { step: OrganizationOnboardStep; version: number },
): Promise<OrganizationOnboarding> {
  const actor = requireActor(ctx);
  assertMayRead(actor, id);
  if (!isOrganizationRole(actor.roleId))
    throw forbidden("Sorry, only the organization's own users accept its onboarding steps.");
  return services.db.transaction(async (tx) => {
    const before = await findReferralSource(tx, id);
    if (!before) throw notFound('The organization');
    if (before.version !== input.version) throw staleVersion('organization');
    const current = onboardingOf(actor, before);
    const next = organizationOnboardStepAfter(current.step);
    if (input.step !== current.step || next === null) {
      throw conflict(
        `The ${input.step} step cannot be accepted now: the organization is at ${current.step}.`,
        'ONBOARD_STEP_ORDER',
      );
    }
    return onboardingOf(actor, await updateReferralSource(tx, ctx, before, { onboardStepRS: next }));
  });
}

// --- Rate card: Carelane's terms; staff write it, the organization only reads it

function assertMayWriteRates(actor: Actor) {
  if (!isStaff(actor)) throw forbidden('Sorry, only Carelane staff may change the rate card.');
}

async function assertOrganization(ex: Executor, id: number) {
  if (!(await referralSourceExists(ex, id))) throw notFound('The organization');
}

/** The visit type must exist and be one the provider type does (an empty list: any). */
async function checkTypes(ex: Executor, providerTypeId: number, visitTypeId: number) {
  const providerTypeIds = await visitTypeProviderTypes(ex, visitTypeId);
  if (!providerTypeIds) throw badRequest('visitTypeId', 'is not a visit type');
  if (providerTypeIds.length && !providerTypeIds.includes(providerTypeId)) {
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

/** The margins are Carelane's: an organization user's card leaves them out. */
function withoutMargins({
  profitMargin: _margin,
  specialProfitMargin: _special,
  incrementalProfitMargin: _incremental,
  ...rate
}: ReferralSourceRate): ReferralSourceRate {
  return rate;
}

export async function getRateCard(services: AppServices, ctx: RequestContext, referralSourceId: number) {
  const actor = requireActor(ctx);
  assertMayRead(actor, referralSourceId);
  await assertOrganization(services.db, referralSourceId);
  const rows = (await listRates(services.db, referralSourceId)).map(toRate);
  return { rows: isOrganizationRole(actor.roleId) ? rows.map(withoutMargins) : rows };
}

export async function addRate(
  services: AppServices,
  ctx: RequestContext,
  referralSourceId: number,
  input: RateInput,
): Promise<ReferralSourceRate> {
  assertMayWriteRates(requireActor(ctx));
  const created = await onePerTypePair(() =>
    services.db.transaction(async (tx) => {
      await assertOrganization(tx, referralSourceId);
      await checkTypes(tx, input.providerTypeId, input.visitTypeId);
      const row = await insertRate(tx, { ...input, referralSourceId });
      await recordAudit(tx, ctx, {
        entity: 'referralSourceRate',
        entityId: row.id,
        action: 'CREATE',
        before: null,
        after: row,
      });
      await publishEvent(
        tx,
        { entity: 'referralSourceRate', id: row.id, action: 'created' },
        { referralSourceId },
      );
      return row;
    }),
  );
  return toRate(created);
}

export async function replaceRate(
  services: AppServices,
  ctx: RequestContext,
  referralSourceId: number,
  rateId: number,
  input: RateUpdate,
): Promise<ReferralSourceRate> {
  assertMayWriteRates(requireActor(ctx));
  return onePerTypePair(() =>
    services.db.transaction(async (tx) => {
      const before = await findRate(tx, referralSourceId, rateId);
      if (!before) throw notFound('The rate');
      const { version, ...fields } = input;
      if (before.version !== version) throw staleVersion('rate');
      await checkTypes(tx, fields.providerTypeId, fields.visitTypeId);
      return toRate(await updateRate(tx, ctx, before, fields));
    }),
  );
}

export async function removeRate(
  services: AppServices,
  ctx: RequestContext,
  referralSourceId: number,
  rateId: number,
  version: number,
) {
  assertMayWriteRates(requireActor(ctx));
  return services.db.transaction(async (tx) => {
    const before = await findRate(tx, referralSourceId, rateId);
    if (!before) throw notFound('The rate');
    if (before.version !== version) throw staleVersion('rate');
    await deleteRate(tx, before.id);
    await recordAudit(tx, ctx, {
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
}
