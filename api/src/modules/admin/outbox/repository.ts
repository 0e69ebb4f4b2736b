import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { outboxListQuerySchema } from '@carelane/shared-domain';
import { outbox } from '../../../db/schema';
import type { Executor } from '../../../db/client';

export type OutboxListQuery = z.infer<typeof outboxListQuerySchema>;

/** One page of recorded messages, newest first. */
export async function listOutboxRows(ex: Executor, q: OutboxListQuery) {
  const filters: SQL[] = [];
  if (q.channel) filters.push(eq(outbox.channel, q.channel));
  if (q.to) filters.push(eq(outbox.to, q.to.toLowerCase()));
  const where = filters.length ? and(...filters) : undefined;
  const rows = await ex
    .select()
    .from(outbox)
    .where(where)
    .orderBy(desc(outbox.id))
    .limit(q.pageSize)
    .offset((q.pageNumber - 1) * q.pageSize);
  const [count] = await ex
    .select({ n: sql<number>`count(*)::int` })
    .from(outbox)
    .where(where);
  return { rows, totalCount: count?.n ?? 0 };
}
