import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { auditListQuerySchema } from '@carelane/shared-domain';
import { auditLog } from '../../../db/schema';
import type { Executor } from '../../../db/client';

/**
 * The audit log holds hundreds of millions of entries: a page counts its total up to this many (the page says
 * "more than"), so a broad filter costs no more than a narrow one.
 */
export const AUDIT_COUNT_CAP = 10_000;

export type AuditListQuery = z.infer<typeof auditListQuerySchema>;

/** One page of audit entries between `start` and `end` (inclusive of end's millisecond), newest first. */
export async function listAuditEntries(ex: Executor, q: AuditListQuery, start: Date, end: Date) {
  // Entries are stored to the microsecond but shown to the millisecond: the end date takes in its
  // whole millisecond, so an entry's own `at` used as endDate includes that entry.
  const filters: SQL[] = [gte(auditLog.at, start), lt(auditLog.at, new Date(end.getTime() + 1))];
  if (q.entity) filters.push(eq(auditLog.entity, q.entity));
  if (q.entityId) filters.push(eq(auditLog.entityId, q.entityId));
  if (q.action) filters.push(eq(auditLog.action, q.action));
  if (q.userId !== undefined) filters.push(eq(auditLog.userId, q.userId));
  if (q.patientId !== undefined)
    filters.push(sql`${auditLog.patientIds} @> array[${q.patientId}]::integer[]`);
  const where = and(...filters);
  const rows = await ex
    .select()
    .from(auditLog)
    .where(where)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(q.pageSize)
    .offset((q.pageNumber - 1) * q.pageSize);
  const capped = ex
    .select({ one: sql`1` })
    .from(auditLog)
    .where(where)
    .limit(AUDIT_COUNT_CAP)
    .as('capped');
  const [count] = await ex.select({ n: sql<number>`count(*)::int` }).from(capped);
  return { rows, totalCount: count?.n ?? 0 };
}
