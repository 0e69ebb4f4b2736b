import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  NO_VISITS_FOR_APPROVAL,
  expireVisitSchema,
  pauseVisitsSchema,
  transitionFor,
  visitBulkResponseSchema,
  visitBulkSchema,
  visitListQuerySchema,
  visitListResponseSchema,
  type VisitAction,
  type VisitStatus,
} from '@carelane/shared-domain';
import { reasonLabels } from '../../admin/constants/repository';
import type { Executor } from '../../../db/client';
import { badRequest } from '../../../lib/errors';
import { errorResponses } from '../../../lib/route-schema';
import { pagingOf } from '../../../lib/paging';
import { recordAudit } from '../../../services/audit';
import type { AppServices } from '../../../services/app-services';
import { requireActor, type RequestContext } from '../../../services/context';
import { publishEvent } from '../../../services/events';
import { listVisits, VISIT_COUNT_CAP, visitListWhere } from './repository';
import {
  assertVisitAction,
  invalidTransition,
  lockVisits,
  statusOf,
  updateVisit,
  type VisitRecord,
} from './transitions';

const tags = ['visits'];
/** Statuses a visit can be paused in: before anyone works it. */
const PAUSABLE: readonly VisitStatus[] = ['Draft', 'Active', 'Expired'];

/** Audit and event of one changed visit, inside the action's transaction. */
async function recordVisitChange(
  tx: Executor,
  ctx: RequestContext,
  before: VisitRecord,
  after: VisitRecord,
  action: 'UPDATE' | 'DELETE' = 'UPDATE',
) {
  await recordAudit(tx, ctx, { entity: 'visit', entityId: before.id, action, before, after });
  await publishEvent(
    tx,
    { entity: 'visit', id: before.id, action: action === 'DELETE' ? 'deleted' : 'updated' },
    { referralSourceId: before.referralSourceId },
  );
}

export const visitsRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (app, { services }) => {
  const bulkResponses = { 200: visitBulkResponseSchema, ...errorResponses };

  app.get(
    '/api/operation/visits',
    {
      config: { page: ['unstaffedVisits', 'serviceRequest'] },
      schema: {
        tags,
        summary: 'Every visit (organization users: their own), default status Active, by date of service',
        querystring: visitListQuerySchema,
        response: { 200: visitListResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const actor = requireActor(request.ctx);
      const q = request.query;
      if (q.from && q.to && q.to < q.from) throw badRequest('to', 'must not be before from');
      const { rows, totalCount } = await listVisits(services, actor, visitListWhere(actor, q), {
        pageNumber: q.pageNumber,
        pageSize: q.pageSize,
        descending: q.sort === '-dateOfService',
      });
      return { rows, paging: pagingOf(q, totalCount, VISIT_COUNT_CAP) };
    },
  );

  /** One bulk move through the state machine: every visit or none (one transaction). */
  async function moveVisits(
    ctx: RequestContext,
    refs: ReadonlyArray<{ id: number; version: number }>,
    action: VisitAction,
    to: VisitStatus,
    extra: Partial<VisitRecord> = {},
  ): Promise<number> {
    const actor = requireActor(ctx);
    return services.db.transaction(async (tx) => {
      const locked = await lockVisits(tx, actor, refs);
      for (const before of locked) {
        assertVisitAction(statusOf(before), action, to);
        const after = await updateVisit(tx, before, { status: to, ...extra });
        await recordVisitChange(tx, ctx, before, after, to === 'Deleted' ? 'DELETE' : 'UPDATE');
      }
      return locked.length;
    });
  }

  app.post(
    '/api/admin/approveVisits',
    {
      config: { page: ['unstaffedVisits', 'serviceRequestDetail'] },
      schema: {
        tags,
        summary: 'Approve visits (Approval Due -> Final Review); all or none',
        body: visitBulkSchema,
        response: bulkResponses,
      },
    },
    async (request) => {
      const actor = requireActor(request.ctx);
      const count = await services.db.transaction(async (tx) => {
        const locked = await lockVisits(tx, actor, request.body.visits);
        if (locked.every((visit) => transitionFor(statusOf(visit), 'approve') === null))
          throw invalidTransition(NO_VISITS_FOR_APPROVAL);
        for (const before of locked) {
          assertVisitAction(statusOf(before), 'approve', 'FinalReview');
          const after = await updateVisit(tx, before, { status: 'FinalReview' });
          await recordVisitChange(tx, request.ctx, before, after);
        }
        return locked.length;
      });
      return { count, message: `${count} visit(s) approved.` };
    },
  );

  app.post(
    '/api/admin/deleteVisit',
    {
      config: { page: ['unstaffedVisits', 'serviceRequestDetail'] },
      schema: { tags, summary: 'Delete visits; all or none', body: visitBulkSchema, response: bulkResponses },
    },
    async (request) => {
      const count = await moveVisits(request.ctx, request.body.visits, 'delete', 'Deleted');
      return { count, message: `${count} visit(s) deleted.` };
    },
  );

  app.post(
    '/api/admin/expireVisit',
    {
      config: { page: 'unstaffedVisits' },
      schema: {
        tags,
        summary: 'Expire published visits with a reason of expireVisitReasonTypes; all or none',
        body: expireVisitSchema,
        response: bulkResponses,
      },
    },
    async (request) => {
      const reasons = await reasonLabels(services.db, 'expireVisitReasonTypes');
      if (!reasons.includes(request.body.reason))
        throw badRequest('reason', `must be one of: ${reasons.join(', ')}`);
      const count = await moveVisits(request.ctx, request.body.visits, 'expire', 'Expired', {
        expireReason: request.body.reason,
      });
      return { count, message: `${count} visit(s) expired.` };
    },
  );

  app.post(
    '/api/admin/pauseVisits',
    {
      config: { page: 'unstaffedVisits' },
      schema: {
        tags,
        summary: 'Pause (or resume) visits: a paused visit is kept out of matching and notifications',
        body: pauseVisitsSchema,
        response: bulkResponses,
      },
    },
    async (request) => {
      const actor = requireActor(request.ctx);
      const { paused } = request.body;
      const count = await services.db.transaction(async (tx) => {
        const locked = await lockVisits(tx, actor, request.body.visits);
        for (const before of locked) {
          if (paused && !PAUSABLE.includes(statusOf(before)))
            throw invalidTransition(
              `A ${before.status} visit cannot be paused: only Draft, Published or Expired visits can.`,
            );
          const after = await updateVisit(tx, before, { paused });
          await recordVisitChange(tx, request.ctx, before, after);
        }
        return locked.length;
      });
      return { count, message: `${count} visit(s) ${paused ? 'paused' : 'resumed'}.` };
    },
  );
};
