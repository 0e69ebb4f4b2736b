// The visit state machine of shared-domain, enforced on the server: a refused move answers 400 with the
// machine's own message.
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  VisitTransitionError,
  assertTransition,
  isVisitStatus,
  transitionFor,
  type VisitAction,
  type VisitStatus,
} from '@carelane/shared-domain';
import { visits } from '../../../db/scheduling-schema';
import type { Executor } from '../../../db/client';
import { AppError, notFound, staleVersion } from '../../../lib/errors';
import type { Actor } from '../../../services/context';
import { assertInScope } from '../patients/scope';
import { VISIT_THING } from './repository';

export type VisitRecord = typeof visits.$inferSelect;

export function invalidTransition(message: string): AppError {
  return new AppError(400, 'INVALID_TRANSITION', message, [{ field: 'status', message }]);
}

/** The stored status, checked against the machine (a row with an unknown status cannot move). */
export function statusOf(visit: { status: string }): VisitStatus {
  if (!isVisitStatus(visit.status)) throw invalidTransition(`Unknown visit status ${visit.status}.`);
  return visit.status;
}

/**
 * The machine's check of one named action (assertTransition, plus the action itself: Expired -> Active is a
 * republish, not an unassign), answering 400 with the machine's message.
 */
export function assertVisitAction(from: VisitStatus, action: VisitAction, to: VisitStatus): void {
  try {
    assertTransition(from, to);
    if (transitionFor(from, action) !== to) throw new VisitTransitionError(from, to);
  } catch (error) {
    if (error instanceof VisitTransitionError) throw invalidTransition(error.message);
    throw error;
  }
}

/**
 * Locks the named visits (in id order, so concurrent bulk actions cannot deadlock), checks the actor may see
 * each (404 otherwise) and that each is still at the version the page read (409 otherwise).
 */
export async function lockVisits(
  tx: Executor,
  actor: Actor,
  refs: ReadonlyArray<{ id: number; version: number }>,
): Promise<VisitRecord[]> {
  const ids = [...new Set(refs.map((r) => r.id))].sort((a, b) => a - b);
  const rows = await tx.select().from(visits).where(inArray(visits.id, ids)).orderBy(visits.id).for('update');
  const byId = new Map(rows.map((row) => [row.id, row]));
  for (const ref of refs) {
    const row = byId.get(ref.id);
    if (!row) throw notFound(`${VISIT_THING} ${ref.id}`);
    assertInScope(actor, row.referralSourceId, `${VISIT_THING} ${ref.id}`);
    if (row.version !== ref.version) throw staleVersion('visit');
  }
  return ids.map((id) => byId.get(id)!);
}

/** Writes a change to a visit read at `before.version`, bumping its version; `stale()` if someone wrote it meanwhile. */
export async function updateVisit(
  tx: Executor,
  before: VisitRecord,
  changes: Partial<typeof visits.$inferInsert>,
  stale: () => Error = () => staleVersion('visit'),
): Promise<VisitRecord> {
  const [after] = await tx
    .update(visits)
    .set({ ...changes, updatedAt: sql`now()`, version: before.version + 1 })
    .where(and(eq(visits.id, before.id), eq(visits.version, before.version)))
    .returning();
  if (!after) throw stale();
  return after;
}

/** The visit's assignment removed (Staffed -> Active): published again, amounts cleared. */
export function unassignedChanges() {
  return {
    status: 'Active',
    providerId: null,
    assignedAt: null,
    assignedBy: null,
    providerAmount: null,
    rsAmount: null,
    shiftConfirmedByFacility: false,
  } as const;
}
