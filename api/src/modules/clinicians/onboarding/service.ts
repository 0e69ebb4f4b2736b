// Onboarding (issue 11, SPEC §4): a manager invites a clinician (their record is made at the first step and a
// link goes out through the outbox); registering from the link makes the login and links it; the clinician
// then walks the seven steps in order, each completed only when its requirement holds (server-checked), with
// the SPEC progress toast of the step reached. Reaching Done puts a new clinician in review.
import {
  INVITATION_DAYS,
  ONBOARDING_MESSAGES,
  PROVIDER_ONBOARD_STEPS,
  PROVIDER_TYPES,
  VISIT_TYPES,
  providerOnboardProgressToast,
  providerOnboardStepLabel,
  type BackgroundConsent,
  type ClinicianInvitationInput,
  type ClinicianInvitationList,
  type ClinicianInvitationListQuery,
  type InvitationDetails,
  type OnboardingProfile,
  type OnboardingRates,
  type OnboardingState,
  type ProviderOnboardStep,
} from '@carelane/shared-domain';
import { and, eq, sql } from 'drizzle-orm';
import {
  credentialRequirements,
  credentialTypes,
  providerCredentials,
  providerRates,
  providers,
  users,
} from '../../../db/schema';
import type { Executor, Tx } from '../../../db/client';
import { randomToken, sha256 } from '../../../lib/crypto';
import { AppError, badRequest, conflict, notFound } from '../../../lib/errors';
import { localIsoDate } from '../../../lib/local-date';
import { pagingOf } from '../../../lib/paging';
import { recordAudit } from '../../../services/audit';
import type { AppServices } from '../../../services/app-services';
import { requireActor, type RequestContext } from '../../../services/context';
import { publishEvent } from '../../../services/events';
import { capMessagesTo } from '../../../services/message-cap';
import { enqueueMessage } from '../../../services/outbox';
import { enqueueClinicianSms } from '../../../services/clinician-sms';
import { loadClinician, ownClinicianId, CLINICIAN_THING } from '../access';
import { recomputeCredentialStates } from '../credential-expiry/repository';
import { pointOfZip } from '../geocode';
import { requiredOrientationsComplete } from '../orientations/service';
import * as repo from './repository';

const ENTITY = 'provider';
type Step = ProviderOnboardStep;

const nextStep = (step: Step): Step =>
  PROVIDER_ONBOARD_STEPS[
    Math.min(PROVIDER_ONBOARD_STEPS.indexOf(step) + 1, PROVIDER_ONBOARD_STEPS.length - 1)
  ]!;
const asStep = (step: string): Step =>
  (PROVIDER_ONBOARD_STEPS as readonly string[]).includes(step) ? (step as Step) : 'Contract';

/**
 * A manager invites a clinician: their record (New, at Contract) and a link by email (and SMS) that works once.
 * An address with a pending invitation gets that invitation again (a new link, a new expiry; the old link stops
 * working), never a second clinician. Each invitation counts against the address's (and the number's) hourly
 * message allowance (429 TOO_MANY_MESSAGES).
 */
export async function inviteClinician(
  services: AppServices,
  ctx: RequestContext,
  input: ClinicianInvitationInput,
) {
  const actor = requireActor(ctx);
  if (!PROVIDER_TYPES.some((t) => t.id === input.providerTypeId))
    throw badRequest('providerTypeId', 'is not a known provider type');
  return services.db.transaction(async (tx) => {
    // Invitations of one address run one after the other: two at once find the same pending invitation.
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext(${`invitation:${input.emailId.toLowerCase()}`}))`,
    );
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.emailId}) = lower(${input.emailId})`);
    if (taken) throw badRequest('emailId', ONBOARDING_MESSAGES.alreadyRegistered);
    await capMessagesTo(services, tx, 'email', input.emailId);
    if (input.phoneNumber) await capMessagesTo(services, tx, 'sms', input.phoneNumber);

    const pending = await repo.findPendingInvitation(tx, input.emailId);
    const token = randomToken();
    const tokenHash = sha256(token);
    const expiresAt = new Date(Date.now() + INVITATION_DAYS * 86_400_000);
    let providerId: number;
    if (pending) {
      providerId = pending.providerId;
      await repo.renewInvitation(tx, pending.id, { tokenHash, expiresAt });
      await recordAudit(tx, ctx, {
        entity: 'clinicianInvitation',
        entityId: pending.id,
        action: 'UPDATE',
        before: { expiresAt: pending.expiresAt.toISOString() },
        after: { expiresAt: expiresAt.toISOString(), sentAgain: true },
      });
    } else {
      providerId = await repo.insertClinician(tx, {
        userId: null,
        givenName: input.firstName,
        familyName: input.lastName,
        email: input.emailId,
        phoneNumber: input.phoneNumber ?? null,
        providerTypeId: input.providerTypeId,
      });
      await repo.insertInvitation(tx, {
        providerId,
        email: input.emailId,
        tokenHash,
        invitedBy: actor.userId,
        expiresAt,
      });
      await recordAudit(tx, ctx, {
        entity: ENTITY,
        entityId: providerId,
        action: 'CREATE',
        before: null,
        after: { ...input, invited: true },
      });
      await publishEvent(tx, { entity: ENTITY, id: providerId, action: 'created' }, { staffOnly: true });
    }
    const link = `${services.config.publicUrl}/register?invitation=${encodeURIComponent(token)}`;
    // One key per link sent: the same invitation sent again is a new message.
    const key = `invitation:${providerId}:${tokenHash.slice(0, 16)}`;
    await enqueueMessage(tx, {
      channel: 'email',
      to: input.emailId,
      subject: 'You are invited to join Carelane',
      body:
        `Hello ${input.firstName},\n\nYou are invited to work with Carelane as a clinician.\n` +
        `Register here: ${link}\n\nThe link works once and expires in ${INVITATION_DAYS} days.`,
      dedupeKey: `${key}:email`,
    });
    // The invitee is a clinician record already: the SMS rule applies (a STOP is honoured; SMS off is not asked yet).
    if (input.phoneNumber)
      await enqueueClinicianSms(
        tx,
        { id: providerId, phoneNumber: input.phoneNumber, enableSms: true },
        {
          body: `Carelane: you are invited to join as a clinician. Register: ${link}`,
          dedupeKey: `${key}:sms`,
          respectEnableSms: false,
        },
      );
    return {
      providerId,
      emailId: input.emailId,
      expiresAt: expiresAt.toISOString(),
      message: pending ? ONBOARDING_MESSAGES.invitedAgain(input.emailId) : ONBOARDING_MESSAGES.invited,
    };
  });
}

/** The invitations sent, newest first, with where each stands (/invite). */
export async function listInvitations(
  services: AppServices,
  ctx: RequestContext,
  query: ClinicianInvitationListQuery,
): Promise<ClinicianInvitationList> {
  requireActor(ctx);
  const { rows, totalCount } = await repo.listInvitations(services.db, query, new Date());
  return {
    rows: rows.map((row) => ({
      id: row.id,
      providerId: row.providerId,
      firstName: row.givenName,
      lastName: row.familyName,
      emailId: row.emailId,
      phoneNumber: row.phoneNumber,
      providerTypeId: row.providerTypeId,
      status: row.status,
      invitedByName: `${row.invitedByFirst} ${row.invitedByLast}`,
      invitedAt: row.invitedAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
    })),
    paging: pagingOf(query, totalCount),
  };
}

/** What the registration page shows of an open invitation (400 naming `token` otherwise). */
export async function invitationDetails(services: AppServices, token: string): Promise<InvitationDetails> {
  const invitation = await repo.findOpenInvitation(services.db, sha256(token));
  if (!invitation || invitation.userId !== null)
    throw badRequest('token', ONBOARDING_MESSAGES.invitationInvalid);
  return {
    firstName: invitation.givenName,
    lastName: invitation.familyName,
    emailId: invitation.email,
    phoneNumber: invitation.phoneNumber,
    providerTypeId: invitation.providerTypeId,
  };
}

/**
 * Inside registration's transaction: links the new login to the invited clinician's record, or (without an
 * invitation) makes the clinician's record of the chosen provider type, at the first step.
 */
export async function linkRegisteredClinician(
  tx: Tx,
  user: { id: number; emailId: string; firstName: string; lastName: string; phoneNumber: string | null },
  input: { invitationToken?: string; providerTypeId?: number },
): Promise<number> {
  if (input.invitationToken) {
    const invitation = await repo.findOpenInvitation(tx, sha256(input.invitationToken), true);
    if (!invitation || invitation.userId !== null)
      throw badRequest('invitationToken', ONBOARDING_MESSAGES.invitationInvalid);
    if (invitation.email.toLowerCase() !== user.emailId.toLowerCase())
      throw badRequest('emailId', ONBOARDING_MESSAGES.invitationEmail);
    await repo.acceptInvitation(tx, invitation.id, invitation.providerId, user.id);
    return invitation.providerId;
  }
  if (!input.providerTypeId) throw badRequest('providerTypeId', ONBOARDING_MESSAGES.providerTypeRequired);
  if (!PROVIDER_TYPES.some((t) => t.id === input.providerTypeId))
    throw badRequest('providerTypeId', 'is not a known provider type');
  return repo.insertClinician(tx, {
    userId: user.id,
    givenName: user.firstName,
    familyName: user.lastName,
    email: user.emailId,
    phoneNumber: user.phoneNumber,
    providerTypeId: input.providerTypeId,
  });
}

/** What the step still needs before it can be completed (empty: it can be). */
async function missingFor(
  ex: Executor,
  clinician: { id: number; providerTypeId: number; preferredLatitude: number | null },
  step: Step,
) {
  const facts = await repo.onboardingFacts(ex, clinician.id, clinician.providerTypeId);
  switch (step) {
    case 'Contract':
      return facts.unsignedAgreements.map((name) => `Sign the ${name}.`);
    case 'Rates':
      return facts.rates ? [] : ['Enter your rate for at least one visit type.'];
    case 'Profile':
      return clinician.preferredLatitude === null
        ? ['Enter your address or the ZIP code you work from.']
        : [];
    case 'Credentials':
      return facts.missingLicences.map((name) => `Submit your ${name}.`);
    case 'Background':
      return facts.missingBackground.map((name) => `Authorize the ${name}.`);
    case 'MoreCredentials':
      return (await requiredOrientationsComplete(ex, clinician.id))
        ? []
        : ['Pass the required orientations.'];
    case 'Done':
      return [];
  }
}

async function stateOf(
  ex: Executor,
  providerId: number,
  toast: string | null = null,
): Promise<OnboardingState> {
  const clinician = await repo.findOnboardingClinician(ex, providerId);
  if (!clinician) throw notFound(CLINICIAN_THING);
  const [names] = await ex
    .select({ name: sql<string>`${providers.givenName} || ' ' || ${providers.familyName}` })
    .from(providers)
    .where(eq(providers.id, providerId));
  const current = asStep(clinician.onboardStep);
  const at = PROVIDER_ONBOARD_STEPS.indexOf(current);
  return {
    providerId,
    providerName: names!.name,
    providerTypeId: clinician.providerTypeId,
    providerStatusId: clinician.providerStatusId,
    onboardStep: current,
    steps: PROVIDER_ONBOARD_STEPS.map((step, i) => ({
      step,
      label: providerOnboardStepLabel(step),
      state: i < at || current === 'Done' ? 'done' : i === at ? 'current' : 'todo',
    })),
    missing: await missingFor(ex, clinician, current),
    toast,
  };
}

export async function ownOnboarding(services: AppServices, ctx: RequestContext): Promise<OnboardingState> {
  return stateOf(services.db, await ownClinicianId(services.db, requireActor(ctx)));
}

export async function clinicianOnboarding(services: AppServices, ctx: RequestContext, providerId: number) {
  const clinician = await loadClinician(services.db, requireActor(ctx), providerId);
  return stateOf(services.db, clinician.id);
}

/** Completes the clinician's current step (409 for any other), when its requirement holds (400 naming `step`). */
export async function completeStep(
  services: AppServices,
  ctx: RequestContext,
  step: Step,
): Promise<OnboardingState> {
  const actor = requireActor(ctx);
  return services.db.transaction(async (tx) => {
    const providerId = await ownClinicianId(tx, actor);
    const clinician = (await repo.findOnboardingClinician(tx, providerId, true))!;
    const current = asStep(clinician.onboardStep);
    if (current === 'Done') throw conflict(ONBOARDING_MESSAGES.finished);
    if (step !== current) throw conflict(ONBOARDING_MESSAGES.outOfOrder(providerOnboardStepLabel(current)));
    const missing = await missingFor(tx, clinician, current);
    if (missing.length) throw badRequest('step', missing.join(' '));
    const next = nextStep(current);
    const reachesReview = next === 'Done' && clinician.providerStatusId === 1;
    await repo.moveStep(tx, providerId, current, next, reachesReview ? 2 : undefined);
    await recordAudit(tx, ctx, {
      entity: ENTITY,
      entityId: providerId,
      action: 'UPDATE',
      before: { onboardStep: current },
      after: { onboardStep: next, ...(reachesReview ? { providerStatusId: 2 } : {}) },
    });
    if (reachesReview)
      await recomputeCredentialStates(tx, localIsoDate(new Date()), {
        providerId,
        userId: actor.userId,
        email: actor.emailId,
      });
    await publishEvent(tx, { entity: ENTITY, id: providerId, action: 'updated' }, { staffOnly: true });
    return stateOf(tx, providerId, providerOnboardProgressToast(next));
  });
}

/** The clinician's own rates per visit type of their provider type (the Rates step). */
export async function saveOwnRates(services: AppServices, ctx: RequestContext, input: OnboardingRates) {
  const actor = requireActor(ctx);
  return services.db.transaction(async (tx) => {
    const providerId = await ownClinicianId(tx, actor);
    const clinician = (await repo.findOnboardingClinician(tx, providerId, true))!;
    if (clinician.onboardStep === 'Done')
      throw conflict('Your rates are changed by your clinician manager now.');
    input.rates.forEach((rate, i) => {
      const type = VISIT_TYPES.find((t) => t.id === rate.visitTypeId);
      if (!type || (type.providerTypeIds.length && !type.providerTypeIds.includes(clinician.providerTypeId)))
        throw new AppError(
          400,
          'VALIDATION',
          `rates.${i}.visitTypeId: is not a visit type of your provider type`,
          [{ field: `rates.${i}.visitTypeId`, message: 'is not a visit type of your provider type' }],
        );
    });
    for (const rate of input.rates)
      await tx
        .insert(providerRates)
        .values({ providerId, visitTypeId: rate.visitTypeId, amount: rate.amount })
        .onConflictDoUpdate({
          target: [providerRates.providerId, providerRates.visitTypeId],
          set: { amount: rate.amount },
        });
    await recordAudit(tx, ctx, {
      entity: 'providerRate',
      entityId: providerId,
      action: 'UPDATE',
      before: null,
      after: input,
    });
    return stateOf(tx, providerId);
  });
}

/** The clinician's address, preferred point and ZIP codes, skills and preferences (the Profile step). */
export async function saveOwnProfile(services: AppServices, ctx: RequestContext, input: OnboardingProfile) {
  const actor = requireActor(ctx);
  const { latitude, longitude, city, state } = await pointOfZip(input);
  return services.db.transaction(async (tx) => {
    const providerId = await ownClinicianId(tx, actor);
    const changes = {
      addressLine1: input.addressLine1,
      city,
      state,
      zipcode: input.zipcode,
      latitude,
      longitude,
      preferredLatitude: latitude,
      preferredLongitude: longitude,
      coverageRadiusMiles: input.coverageRadiusMiles,
      preferredZipcodes: [...new Set([input.zipcode, ...input.preferredZipcodes])],
      skills: input.skills,
      languages: input.languages,
      weekdayPreferences: input.weekdayPreferences,
      shiftPreferences: input.shiftPreferences,
      assignmentPreference: input.assignmentPreference,
    };
    const [before] = await tx.select().from(providers).where(eq(providers.id, providerId)).for('update');
    await tx
      .update(providers)
      .set({ ...changes, updatedAt: sql`now()`, version: sql`${providers.version} + 1` })
      .where(eq(providers.id, providerId));
    await recordAudit(tx, ctx, {
      entity: ENTITY,
      entityId: providerId,
      action: 'UPDATE',
      before,
      after: { ...before, ...changes },
    });
    await publishEvent(tx, { entity: ENTITY, id: providerId, action: 'updated' }, { staffOnly: true });
    return stateOf(tx, providerId);
  });
}

/** The clinician authorizes the background check (the Background step): a credential of each required type, in review. */
export async function authorizeBackground(
  services: AppServices,
  ctx: RequestContext,
  input: BackgroundConsent,
) {
  const actor = requireActor(ctx);
  return services.db.transaction(async (tx) => {
    const providerId = await ownClinicianId(tx, actor);
    const clinician = (await repo.findOnboardingClinician(tx, providerId, true))!;
    const types = await tx
      .select({ id: credentialTypes.id })
      .from(credentialRequirements)
      .innerJoin(credentialTypes, eq(credentialTypes.id, credentialRequirements.credentialTypeId))
      .where(
        and(
          eq(credentialRequirements.providerTypeId, clinician.providerTypeId),
          eq(credentialTypes.category, 'Background'),
          eq(credentialTypes.active, true),
          eq(credentialTypes.expires, false),
        ),
      );
    for (const type of types) {
      const [row] = await tx
        .insert(providerCredentials)
        .values({
          providerId,
          credentialTypeId: type.id,
          status: 'Submitted',
          number: `Authorized by ${input.legalName}`,
        })
        .returning({ id: providerCredentials.id });
      await recordAudit(tx, ctx, {
        entity: 'providerCredential',
        entityId: row!.id,
        action: 'CREATE',
        before: null,
        after: { credentialTypeId: type.id, consent: true, legalName: input.legalName },
      });
    }
    return stateOf(tx, providerId);
  });
}
