// Public facility pages (no sign-in): the token in the emailed link names the assignments. The facility
// accepts them, asks for a change, or rejects them (the visit goes back to Published, the coordinator is told).
// Each answer spends the token and writes its visits in one transaction.
import type { z } from 'zod';
import {
  FACILITY_MESSAGES,
  formatDate,
  formatTimeOfDay,
  type FacilityChange,
  type facilityAcceptSchema,
  type facilityRejectSchema,
  FACILITY_ANSWERABLE_STATUSES,
} from '@carelane/shared-domain';
import type { Executor } from '../../../db/client';
import { badRequest } from '../../../lib/errors';
import type { AppServices } from '../../../services/app-services';
import { recordAudit } from '../../../services/audit';
import type { RequestContext } from '../../../services/context';
import { publishEvent } from '../../../services/events';
import { enqueueMessage } from '../../../services/outbox';
import {
  assertVisitAction,
  invalidTransition,
  statusOf,
  unassignedChanges,
  updateVisit,
  type VisitRecord,
} from '../visits/transitions';
import { findOrganizationName, findUserEmail, listAssignments, lockVisitsById } from './repository';
import { readFacilityToken, spendFacilityToken, type FacilityToken } from './tokens';

type FacilityAccept = z.infer<typeof facilityAcceptSchema>;
type FacilityReject = z.infer<typeof facilityRejectSchema>;
/** Statuses an assignment can be answered in: staffed and not yet worked. */

/** Locks the chosen visits of the token; each must be one of the token's and still staffed. */
async function lockAssignments(
  tx: Executor,
  token: FacilityToken,
  visitIds: number[],
): Promise<VisitRecord[]> {
  const stray = visitIds.find((id) => !token.visitIds.includes(id));
  if (stray !== undefined) throw badRequest('visitIds', `assignment ${stray} is not part of this link`);
  const rows = await lockVisitsById(tx, visitIds);
  for (const row of rows) {
    if (!FACILITY_ANSWERABLE_STATUSES.includes(statusOf(row)))
      throw invalidTransition(
        `The assignment of ${formatDate(row.dateOfService)} is no longer staffed, so it cannot be answered.`,
      );
  }
  return rows;
}

async function recordFacilityChange(
  tx: Executor,
  ctx: RequestContext,
  token: FacilityToken,
  before: VisitRecord,
  after: VisitRecord,
) {
  await recordAudit(tx, ctx, {
    entity: 'visit',
    entityId: before.id,
    action: 'UPDATE',
    before,
    after,
    userId: null,
    userEmail: `facility ${token.sentTo}`,
  });
  await publishEvent(
    tx,
    { entity: 'visit', id: before.id, action: 'updated' },
    { referralSourceId: before.referralSourceId },
  );
}

/** Emails the coordinator who assigned the visit (nobody when they are unknown). */
async function tellCoordinator(tx: Executor, visit: VisitRecord, subject: string, body: string) {
  if (!visit.assignedBy) return;
  const email = await findUserEmail(tx, visit.assignedBy);
  if (!email) return;
  await enqueueMessage(tx, { channel: 'email', to: email, subject, body });
}

/** Spends the token and answers each chosen assignment with `answer`, all in one transaction; the count. */
function answer(
  services: AppServices,
  input: { token: string; visitIds: number[] },
  outcome: 'accepted' | 'changed' | 'rejected',
  each: (tx: Executor, token: FacilityToken, before: VisitRecord) => Promise<void>,
): Promise<number> {
  return services.db.transaction(async (tx) => {
    const token = await spendFacilityToken(tx, input.token, outcome);
    const rows = await lockAssignments(tx, token, input.visitIds);
    for (const before of rows) await each(tx, token, before);
    return rows.length;
  });
}

export async function getAssignments(services: AppServices, rawToken: string) {
  const token = await readFacilityToken(services.db, rawToken);
  const organizationName = await findOrganizationName(services.db, token.referralSourceId);
  const rows = await listAssignments(services.db, token.visitIds, token.referralSourceId);
  return {
    organizationName: organizationName ?? '',
    expiresAt: token.expiresAt.toISOString(),
    assignments: rows.map(({ visit: v, ...names }) => ({
      visitId: v.id,
      episodeType: v.episodeType,
      dateOfService: v.dateOfService,
      startAt: v.startAt.toISOString(),
      endAt: v.endAt.toISOString(),
      visitType: names.visitType,
      providerType: names.providerType,
      clinicianName: names.clinicianName,
      status: v.status,
      facilityResponse: v.facilityResponse,
      shiftConfirmedByFacility: v.shiftConfirmedByFacility,
    })),
  };
}

export async function acceptAssignments(services: AppServices, ctx: RequestContext, input: FacilityAccept) {
  const count = await answer(services, input, 'accepted', async (tx, token, before) => {
    const after = await updateVisit(tx, before, {
      facilityResponse: 'accepted',
      shiftConfirmedByFacility:
        before.episodeType.toLowerCase() === 'shift' ? true : before.shiftConfirmedByFacility,
    });
    await recordFacilityChange(tx, ctx, token, before, after);
  });
  return { count, message: FACILITY_MESSAGES.accepted };
}

export async function requestChange(services: AppServices, ctx: RequestContext, input: FacilityChange) {
  const { dateOfService, startTime, note } = input;
  const asked = [
    dateOfService && `new date ${formatDate(dateOfService)}`,
    startTime && `new start time ${formatTimeOfDay(startTime)}`,
    note && `note: ${note}`,
  ]
    .filter(Boolean)
    .join('; ');
  const count = await answer(services, input, 'changed', async (tx, token, before) => {
    const after = await updateVisit(tx, before, { facilityResponse: 'changed' });
    await recordAudit(tx, ctx, {
      entity: 'visit',
      entityId: before.id,
      action: 'UPDATE',
      diff: { facilityChangeRequest: { before: null, after: asked } },
      userId: null,
      userEmail: `facility ${token.sentTo}`,
    });
    await recordFacilityChange(tx, ctx, token, before, after);
    await tellCoordinator(
      tx,
      before,
      `Change requested for visit ${before.id} on ${formatDate(before.dateOfService)}`,
      `The facility (${token.sentTo}) asks for a change: ${asked}.`,
    );
  });
  return { count, message: FACILITY_MESSAGES.changeRequested };
}

export async function rejectAssignments(services: AppServices, ctx: RequestContext, input: FacilityReject) {
  const count = await answer(services, input, 'rejected', async (tx, token, before) => {
    assertVisitAction(statusOf(before), 'unassign', 'Active');
    const after = await updateVisit(tx, before, {
      ...unassignedChanges(),
      facilityResponse: 'rejected',
      facilityRejectReason: input.reason,
    });
    await recordFacilityChange(tx, ctx, token, before, after);
    await tellCoordinator(
      tx,
      before,
      `Assignment rejected for visit ${before.id} on ${formatDate(before.dateOfService)}`,
      `The facility (${token.sentTo}) rejected the assignment: ${input.reason}. The visit is published again.`,
    );
  });
  return { count, message: FACILITY_MESSAGES.rejected };
}
