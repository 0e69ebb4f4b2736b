// Public facility pages' API (no sign-in): the token in the emailed link names the assignments. The facility
// accepts them, asks for a change, or rejects them (the visit goes back to Published, the coordinator is told).
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  FACILITY_MESSAGES,
  facilityAcceptSchema,
  facilityAssignmentsResponseSchema,
  facilityChangeSchema,
  facilityRejectSchema,
  facilityResponseResultSchema,
  facilityTokenQuerySchema,
} from '@carelane/shared-domain';
import { providerTypes, providers, visitTypes, visits } from '../../../db/scheduling-schema';
import { referralSources, users } from '../../../db/schema';
import type { Executor } from '../../../db/client';
import { badRequest } from '../../../lib/errors';
import { errorResponses } from '../../../lib/route-schema';
import type { AppServices } from '../../../services/app-services';
import { recordAudit } from '../../../services/audit';
import type { RequestContext } from '../../../services/context';
import { publishEvent } from '../../../services/events';
import { enqueueMessage } from '../../../services/outbox';
import { unassignedChanges } from '../matching/assign';
import {
  assertVisitAction,
  invalidTransition,
  statusOf,
  updateVisit,
  type VisitRecord,
} from '../visits/transitions';
import { readFacilityToken, spendFacilityToken, type FacilityToken } from './tokens';

const tags = ['facility response'];
/** Statuses an assignment can be answered in: staffed and not yet worked. */
const ANSWERABLE = ['Staffed', 'VisitOverdue'];

/** Locks the chosen visits of the token; each must be one of the token's and still staffed. */
async function lockAssignments(
  tx: Executor,
  token: FacilityToken,
  visitIds: number[],
): Promise<VisitRecord[]> {
  const stray = visitIds.find((id) => !token.visitIds.includes(id));
  if (stray !== undefined) throw badRequest('visitIds', `assignment ${stray} is not part of this link`);
  const rows = await tx
    .select()
    .from(visits)
    .where(inArray(visits.id, visitIds))
    .orderBy(visits.id)
    .for('update');
  for (const row of rows) {
    if (!ANSWERABLE.includes(row.status))
      throw invalidTransition(
        `The assignment of ${row.dateOfService} is no longer staffed, so it cannot be answered.`,
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
  const [coordinator] = await tx
    .select({ email: users.emailId })
    .from(users)
    .where(eq(users.id, visit.assignedBy));
  if (!coordinator) return;
  await enqueueMessage(tx, { channel: 'email', to: coordinator.email, subject, body });
}

export const publicFacilityResponseRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (
  app,
  { services },
) => {
  const resultResponses = { 200: facilityResponseResultSchema, ...errorResponses };

  app.get(
    '/api/public/facilityResponse',
    {
      schema: {
        tags,
        summary: 'The assignments of a facility response link',
        querystring: facilityTokenQuerySchema,
        response: { 200: facilityAssignmentsResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const token = await readFacilityToken(services.db, request.query.token);
      const [organization] = await services.db
        .select({ name: referralSources.name })
        .from(referralSources)
        .where(eq(referralSources.id, token.referralSourceId));
      const rows = await services.db
        .select({
          visit: visits,
          visitType: visitTypes.type,
          providerType: providerTypes.type,
          clinicianName: sql<string | null>`case when ${providers.id} is null then null
            else ${providers.givenName} || ' ' || ${providers.familyName} end`,
        })
        .from(visits)
        .innerJoin(visitTypes, eq(visitTypes.id, visits.visitTypeId))
        .innerJoin(providerTypes, eq(providerTypes.id, visits.providerTypeId))
        .leftJoin(providers, eq(providers.id, visits.providerId))
        .where(and(inArray(visits.id, token.visitIds), eq(visits.referralSourceId, token.referralSourceId)))
        .orderBy(visits.dateOfService, visits.id);
      return {
        organizationName: organization?.name ?? '',
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
    },
  );

  app.post(
    '/api/public/facilityResponse/accept',
    {
      schema: {
        tags,
        summary: 'Accept the chosen assignments',
        body: facilityAcceptSchema,
        response: resultResponses,
      },
    },
    async (request) => {
      const count = await services.db.transaction(async (tx) => {
        const token = await spendFacilityToken(tx, request.body.token, 'accepted');
        const rows = await lockAssignments(tx, token, request.body.visitIds);
        for (const before of rows) {
          const after = await updateVisit(tx, before, {
            facilityResponse: 'accepted',
            shiftConfirmedByFacility:
              before.episodeType.toLowerCase() === 'shift' ? true : before.shiftConfirmedByFacility,
          });
          await recordFacilityChange(tx, request.ctx, token, before, after);
        }
        return rows.length;
      });
      return { count, message: FACILITY_MESSAGES.accepted };
    },
  );

  app.post(
    '/api/public/facilityResponse/change',
    {
      schema: {
        tags,
        summary: 'Ask for a change of the chosen assignments (new date, time or a note)',
        body: facilityChangeSchema,
        response: resultResponses,
      },
    },
    async (request) => {
      const { dateOfService, startTime, note } = request.body;
      const asked = [
        dateOfService && `new date ${dateOfService}`,
        startTime && `new start time ${startTime}`,
        note && `note: ${note}`,
      ]
        .filter(Boolean)
        .join('; ');
      const count = await services.db.transaction(async (tx) => {
        const token = await spendFacilityToken(tx, request.body.token, 'changed');
        const rows = await lockAssignments(tx, token, request.body.visitIds);
        for (const before of rows) {
          const after = await updateVisit(tx, before, { facilityResponse: 'changed' });
          await recordAudit(tx, request.ctx, {
            entity: 'visit',
            entityId: before.id,
            action: 'UPDATE',
            diff: { facilityChangeRequest: { before: null, after: asked } },
            userId: null,
            userEmail: `facility ${token.sentTo}`,
          });
          await recordFacilityChange(tx, request.ctx, token, before, after);
          await tellCoordinator(
            tx,
            before,
            `Change requested for visit ${before.id} on ${before.dateOfService}`,
            `The facility (${token.sentTo}) asks for a change: ${asked}.`,
          );
        }
        return rows.length;
      });
      return { count, message: FACILITY_MESSAGES.changeRequested };
    },
  );

  app.post(
    '/api/public/facilityResponse/reject',
    {
      schema: {
        tags,
        summary: 'Reject the chosen assignments with a reason: they are published again',
        body: facilityRejectSchema,
        response: resultResponses,
      },
    },
    async (request) => {
      const count = await services.db.transaction(async (tx) => {
        const token = await spendFacilityToken(tx, request.body.token, 'rejected');
        const rows = await lockAssignments(tx, token, request.body.visitIds);
        for (const before of rows) {
          assertVisitAction(statusOf(before), 'unassign', 'Active');
          const after = await updateVisit(tx, before, {
            ...unassignedChanges(),
            facilityResponse: 'rejected',
            facilityRejectReason: request.body.reason,
          });
          await recordFacilityChange(tx, request.ctx, token, before, after);
          await tellCoordinator(
            tx,
            before,
            `Assignment rejected for visit ${before.id} on ${before.dateOfService}`,
            `The facility (${token.sentTo}) rejected the assignment: ${request.body.reason}. The visit is published again.`,
          );
        }
        return rows.length;
      });
      return { count, message: FACILITY_MESSAGES.rejected };
    },
  );
};
