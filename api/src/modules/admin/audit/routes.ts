import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditListQuerySchema, auditListResponseSchema } from '@carelane/shared-domain';
import { auditLog } from '../../../db/schema';
import { badRequest } from '../../../lib/errors';
import { errorResponses } from '../../../lib/route-schema';
import { pagingOf } from '../../../lib/paging';
import type { AppServices } from '../../../services/app-services';

const DAY_MS = 86_400_000;

export const auditRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (app, { services }) => {
  app.get(
    '/api/admin/audit',
    {
      config: { page: 'activityLogs' },
      schema: {
        tags: ['audit'],
        summary: 'Audit log: who did what, when, with the difference (default last 30 days, 100 a page)',
        querystring: auditListQuerySchema,
        response: { 200: auditListResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const q = request.query;
      const end = q.endDate ? new Date(q.endDate) : new Date();
      const start = q.startDate ? new Date(q.startDate) : new Date(end.getTime() - 30 * DAY_MS);
      if (Number.isNaN(start.getTime())) throw badRequest('startDate', 'is not a date');
      if (Number.isNaN(end.getTime())) throw badRequest('endDate', 'is not a date');
      // Entries are stored to the microsecond but shown to the millisecond: the end date takes in its
      // whole millisecond, so an entry's own `at` used as endDate includes that entry.
      const filters: SQL[] = [gte(auditLog.at, start), lt(auditLog.at, new Date(end.getTime() + 1))];
      if (q.entity) filters.push(eq(auditLog.entity, q.entity));
      if (q.entityId) filters.push(eq(auditLog.entityId, q.entityId));
      if (q.action) filters.push(eq(auditLog.action, q.action));
      if (q.userId !== undefined) filters.push(eq(auditLog.userId, q.userId));
      const where = and(...filters);
      const rows = await services.db
        .select()
        .from(auditLog)
        .where(where)
        .orderBy(desc(auditLog.at), desc(auditLog.id))
        .limit(q.pageSize)
        .offset((q.pageNumber - 1) * q.pageSize);
      const [count] = await services.db
        .select({ n: sql<number>`count(*)::int` })
        .from(auditLog)
        .where(where);
      const total = count?.n ?? 0;
      return {
        auditList: rows.map((r) => ({ ...r, at: r.at.toISOString(), action: r.action as never })),
        auditCount: total,
        paging: pagingOf(q, total),
      };
    },
  );
};
