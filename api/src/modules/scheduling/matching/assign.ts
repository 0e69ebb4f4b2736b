// Assigning a clinician to a visit (Active -> Staffed) and taking them off (Staffed -> Active). Never double
// booking: the clinician's row is locked FOR UPDATE, then their other bookings are checked for overlap. Two
// coordinators assigning the same visit at once: the update is conditional on status and version, so exactly
// one wins and the other gets a 409.
import { and, eq, sql } from 'drizzle-orm';
import { formatDate, type AssignVisit, type UnassignVisit } from '@carelane/shared-domain';
import { episodes, facilities, providerRates, providers, visits } from '../../../db/scheduling-schema';
import { referralSources } from '../../../db/schema';
import type { Db, Executor } from '../../../db/client';
import { badRequest, conflict, notFound, staleVersion } from '../../../lib/errors';
import { recordAudit } from '../../../services/audit';
import type { AppConfig } from '../../../config';
import type { RequestContext } from '../../../services/context';
import { requireActor } from '../../../services/context';
import { publishEvent } from '../../../services/events';
import { enqueueMessage } from '../../../services/outbox';
import { createFacilityToken } from '../facility-response/tokens';
import { assertInScope } from '../patients/scope';
import { VISIT_THING } from '../visits/repository';
import {
  assertVisitAction,
  invalidTransition,
  statusOf,
  updateVisit,
  type VisitRecord,
} from '../visits/transitions';
import { bookedProviders, providerTypeRates, rateTerms } from './service';

export const ALREADY_ASSIGNED =
  'This visit was just assigned or changed by someone else. Reload it to see who is assigned.';
export const DOUBLE_BOOKING =
  'This clinician already holds a visit or shift overlapping this time. Pick another clinician or move the visit.';

const when = (visit: VisitRecord) =>
  `${formatDate(visit.dateOfService)} ${visit.startAt.toISOString().slice(11, 16)}-${visit.endAt.toISOString().slice(11, 16)} UTC`;

async function recordChange(tx: Executor, ctx: RequestContext, before: VisitRecord, after: VisitRecord) {
  await recordAudit(tx, ctx, { entity: 'visit', entityId: before.id, action: 'UPDATE', before, after });
  await publishEvent(
    tx,
    { entity: 'visit', id: before.id, action: 'updated' },
    { referralSourceId: before.referralSourceId },
  );
}

/** Assigns; answers the staffed visit. */
export async function assignVisit(
  db: Db,
  config: Pick<AppConfig, 'publicUrl'>,
  ctx: RequestContext,
  input: AssignVisit,
): Promise<VisitRecord> {
  const actor = requireActor(ctx);
  return db.transaction(async (tx) => {
    const [visit] = await tx.select().from(visits).where(eq(visits.id, input.visitId));
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
    const [provider] = await tx
      .select()
      .from(providers)
      .where(eq(providers.id, input.providerId))
      .for('update');
    if (!provider) throw badRequest('providerId', 'is not a known clinician');
    if (provider.providerStatusId !== 3) throw badRequest('providerId', 'is not an active clinician');
    if (provider.providerTypeId !== visit.providerTypeId)
      throw badRequest('providerId', "is not of the visit's provider type");
    if ((await bookedProviders(tx, [provider.id], visit)).size)
      throw conflict(DOUBLE_BOOKING, 'DOUBLE_BOOKING');

    const cards = await providerTypeRates(tx, visit);
    const [clinicianRate] = await tx
      .select()
      .from(providerRates)
      .where(
        and(eq(providerRates.providerId, provider.id), eq(providerRates.visitTypeId, visit.visitTypeId)),
      );
    const terms = rateTerms(
      visit,
      cards.find((card) => card.visitTypeId === visit.visitTypeId),
      clinicianRate,
    );
    if (!terms.ok) throw badRequest('providerId', terms.problem);
    if (!terms.selectable)
      throw badRequest('providerId', terms.problem ?? 'Net profit is below the required margin.');

    const [after] = await tx
      .update(visits)
      .set({
        status: 'Staffed',
        providerId: provider.id,
        assignedAt: sql`now()`,
        assignedBy: actor.userId,
        providerAmount: terms.result.clinicianAmount,
        rsAmount: terms.result.organizationAmount,
        shiftConfirmedByFacility: false,
        facilityResponse: null,
        facilityRejectReason: null,
        updatedAt: sql`now()`,
        version: visit.version + 1,
      })
      .where(and(eq(visits.id, visit.id), eq(visits.status, 'Active'), eq(visits.version, visit.version)))
      .returning();
    if (!after) throw conflict(ALREADY_ASSIGNED, 'ALREADY_ASSIGNED');
    await recordChange(tx, ctx, visit, after);
    await notifyAssignment(tx, config, after, provider);
    return after;
  });
}

/** The clinician (email and SMS as they allow) and the facility (a response link) hear of the assignment. */
async function notifyAssignment(
  tx: Executor,
  config: Pick<AppConfig, 'publicUrl'>,
  visit: VisitRecord,
  provider: typeof providers.$inferSelect,
) {
  const [place] = await tx
    .select({
      title: episodes.title,
      facilityEmail: facilities.email,
      organizationEmail: referralSources.email,
    })
    .from(episodes)
    .innerJoin(referralSources, eq(referralSources.id, episodes.referralSourceId))
    .leftJoin(facilities, eq(facilities.id, episodes.facilityId))
    .where(eq(episodes.id, visit.episodeId));
  const text = `${place?.title ?? 'Assignment'} on ${when(visit)}`;
  const key = `assigned:${visit.id}:${visit.version}`;
  if (provider.enableEmail && provider.email)
    await enqueueMessage(tx, {
      channel: 'email',
      to: provider.email,
      subject: 'You have a new assignment',
      body: `Hello ${provider.givenName},\n\nYou are assigned to ${text}.`,
      dedupeKey: `${key}:clinician:email`,
    });
  if (provider.enableSms && provider.phoneNumber)
    await enqueueMessage(tx, {
      channel: 'sms',
      to: provider.phoneNumber,
      body: `Carelane: you are assigned to ${text}.`,
      dedupeKey: `${key}:clinician:sms`,
    });
  const facilityEmail = place?.facilityEmail || place?.organizationEmail;
  if (!facilityEmail) return;
  const token = await createFacilityToken(tx, {
    visitIds: [visit.id],
    referralSourceId: visit.referralSourceId,
    sentTo: facilityEmail,
  });
  const link = `${config.publicUrl}/confirmation?token=${encodeURIComponent(token)}`;
  await enqueueMessage(tx, {
    channel: 'email',
    to: facilityEmail,
    subject: `Clinician assigned: ${text}`,
    body:
      `${provider.givenName} ${provider.familyName} is assigned to ${text}.\n\n` +
      `Accept the assignment: ${link}\n` +
      `Ask for a change: ${config.publicUrl}/changeVisit?token=${encodeURIComponent(token)}\n` +
      `Reject it: ${config.publicUrl}/rejectReason?token=${encodeURIComponent(token)}\n\n` +
      'The link works once and expires in 7 days.',
    dedupeKey: `${key}:facility`,
  });
}

/** The visit's assignment removed (Staffed -> Active): published again, amounts cleared. */
export function unassignedChanges() {
  return {
    status: 'Active',
    providerId: null,
    assignedAt: null,
    assignedBy: null,
    providerAmount: null,
    rsAmount: null,
    shiftConfirmedByFacility: false,
  } as const;
}

export async function unassignVisit(db: Db, ctx: RequestContext, input: UnassignVisit): Promise<VisitRecord> {
  const actor = requireActor(ctx);
  return db.transaction(async (tx) => {
    const [visit] = await tx.select().from(visits).where(eq(visits.id, input.visitId)).for('update');
    if (!visit) throw notFound(VISIT_THING);
    assertInScope(actor, visit.referralSourceId, VISIT_THING);
    if (visit.version !== input.version) throw staleVersion('visit');
    assertVisitAction(statusOf(visit), 'unassign', 'Active');
    const after = await updateVisit(tx, visit, { ...unassignedChanges(), facilityResponse: null });
    await recordChange(tx, ctx, visit, after);
    return after;
  });
}
