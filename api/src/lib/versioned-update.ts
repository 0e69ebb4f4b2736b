import { and, eq, sql } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client';
import { recordAudit } from '../services/audit';
import type { RequestContext } from '../services/context';
import type { EntityChangedEvent } from '@carelane/shared-domain';
import { publishEvent, type EventAudience } from '../services/events';

type VersionedTable = PgTable & { id: PgColumn; version: PgColumn; updatedAt: PgColumn };

/**
 * The tail of an edit of a versioned row read in scope (the caller has checked the version it was sent):
 * writes `changes` with the next version only if no one else wrote it meanwhile (else throws `stale()`),
 * records the UPDATE in the audit log and publishes the 'updated' event to `audience`. Returns the row after.
 */
export async function updateVersioned<T extends VersionedTable, Row extends { id: number; version: number }>(
  tx: Executor,
  ctx: RequestContext,
  table: T,
  before: Row,
  changes: PgUpdateSetSource<T>,
  options: {
    entity: EntityChangedEvent['entity'];
    stale: () => Error;
    /** Who hears the event; everyone signed in when absent. */
    audience?: (after: T['$inferSelect']) => EventAudience;
  },
): Promise<T['$inferSelect']> {
  const set = { ...changes, updatedAt: sql`now()`, version: before.version + 1 } as PgUpdateSetSource<T>;
  const [after] = (await tx
    .update(table)
    .set(set)
    .where(and(eq(table.id, before.id), eq(table.version, before.version)))
    .returning()) as T['$inferSelect'][];
  if (!after) throw options.stale();
  await recordAudit(tx, ctx, {
    entity: options.entity,
    entityId: before.id,
    action: 'UPDATE',
    before,
    after,
  });
  await publishEvent(
    tx,
    { entity: options.entity, id: before.id, action: 'updated' },
    options.audience?.(after),
  );
  return after;
}
