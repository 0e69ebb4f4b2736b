import type { AuditEntry, ReadOutcome } from '@carelane/shared-domain';
import { auditLog } from '../db/schema';
import type { Executor } from '../db/client';
import { diffRecords, type Diff } from '../lib/diff';
import type { RequestContext } from './context';

export type AuditAction = AuditEntry['action'];

export interface AuditRecord {
  entity: string;
  entityId: string | number | null;
  action: AuditAction;
  before?: object | null;
  after?: object | null;
  /** Use instead of before/after when the change is not a record (e.g. a login). */
  diff?: Diff | null;
  /** Overrides the acting user, for events with no session yet (login). */
  userId?: number | null;
  userEmail?: string | null;
  /** Of a READ entry written at once (not through the access log): was it allowed. */
  outcome?: ReadOutcome;
}

/** Writes one audit entry; call it inside the same transaction as the write it records. */
export async function recordAudit(ex: Executor, ctx: RequestContext, record: AuditRecord): Promise<void> {
  await ex.insert(auditLog).values({
    userId: record.userId !== undefined ? record.userId : (ctx.actor?.userId ?? null),
    userEmail: record.userEmail !== undefined ? record.userEmail : (ctx.actor?.emailId ?? null),
    impersonatorId: ctx.actor?.impersonatorId ?? null,
    entity: record.entity,
    entityId: record.entityId === null ? null : String(record.entityId),
    action: record.action,
    diff: record.diff !== undefined ? record.diff : diffRecords(record.before, record.after),
    ip: ctx.ip,
    outcome: record.outcome ?? null,
  });
}
