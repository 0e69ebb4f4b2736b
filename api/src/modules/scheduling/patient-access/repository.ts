// "Who has seen this patient": the READ entries of the audit log that name one patient.
import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ReadOutcome } from '@carelane/shared-domain';
import type { Executor } from '../../../db/client';
import { auditLog, users } from '../../../db/schema';

export interface AccessFilter {
  patientId: number;
  start: Date;
  /** Exclusive. */
  end: Date;
  userId?: number;
}

const impersonators = alias(users, 'impersonators');

function accessWhere(f: AccessFilter): SQL | undefined {
  const filters: SQL[] = [
    eq(auditLog.action, 'READ'),
    sql`${auditLog.patientIds} @> array[${f.patientId}]::integer[]`,
    gte(auditLog.at, f.start),
    lt(auditLog.at, f.end),
  ];
  if (f.userId !== undefined) filters.push(eq(auditLog.userId, f.userId));
  return and(...filters);
}

/** Newest first; `limit` rows from `offset`. */
export async function selectPatientAccess(ex: Executor, f: AccessFilter, limit: number, offset: number) {
  const rows = await ex
    .select({
      id: auditLog.id,
      at: auditLog.at,
      userId: auditLog.userId,
      userEmail: auditLog.userEmail,
      userName: sql<string | null>`case when ${users.id} is null then null
        else ${users.firstName} || ' ' || ${users.lastName} end`,
      impersonatorEmail: impersonators.emailId,
      kind: auditLog.entity,
      entityId: auditLog.entityId,
      outcome: sql<ReadOutcome>`coalesce(${auditLog.outcome}, 'ALLOWED')`,
      ip: auditLog.ip,
      patientCount: sql<number>`coalesce(cardinality(${auditLog.patientIds}), 0)::int`,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.userId))
    .leftJoin(impersonators, eq(impersonators.id, auditLog.impersonatorId))
    .where(accessWhere(f))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(limit)
    .offset(offset);
  return rows.map((row) => ({ ...row, at: row.at.toISOString() }));
}

/** Counted up to `cap`. */
export async function countPatientAccess(ex: Executor, f: AccessFilter, cap: number): Promise<number> {
  const capped = ex
    .select({ one: sql`1` })
    .from(auditLog)
    .where(accessWhere(f))
    .limit(cap)
    .as('capped');
  const [row] = await ex.select({ n: sql<number>`count(*)::int` }).from(capped);
  return row?.n ?? 0;
}
