import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { outboxListQuerySchema, outboxListResponseSchema } from '@carelane/shared-domain';
import { outbox } from '../../../db/schema';
import { errorResponses } from '../../../lib/route-schema';
import { pagingOf } from '../../../lib/paging';
import type { AppServices } from '../../../services/app-services';

export const outboxRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (app, { services }) => {
  app.get(
    '/api/admin/outbox',
    {
      config: { page: 'outbox' },
      schema: {
        tags: ['outbox'],
        summary: 'Recorded outgoing email and SMS (administrators)',
        querystring: outboxListQuerySchema,
        response: { 200: outboxListResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const q = request.query;
      const filters: SQL[] = [];
      if (q.channel) filters.push(eq(outbox.channel, q.channel));
      if (q.to) filters.push(eq(outbox.to, q.to.toLowerCase()));
      const where = filters.length ? and(...filters) : undefined;
      const rows = await services.db
        .select()
        .from(outbox)
        .where(where)
        .orderBy(desc(outbox.id))
        .limit(q.pageSize)
        .offset((q.pageNumber - 1) * q.pageSize);
      const [count] = await services.db
        .select({ n: sql<number>`count(*)::int` })
        .from(outbox)
        .where(where);
      const total = count?.n ?? 0;
      return {
        rows: rows.map((r) => ({
          id: r.id,
          channel: r.channel === 'sms' ? ('sms' as const) : ('email' as const),
          to: r.to,
          cc: r.cc,
          bcc: r.bcc,
          subject: r.subject,
          body: r.body,
          status: r.status as 'PENDING' | 'SENDING' | 'SENT' | 'FAILED',
          attempts: r.attempts,
          lastError: r.lastError,
          createdAt: r.createdAt.toISOString(),
          sentAt: r.sentAt?.toISOString() ?? null,
        })),
        paging: pagingOf(q, total),
      };
    },
  );
};
