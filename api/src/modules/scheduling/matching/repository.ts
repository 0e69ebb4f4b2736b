// What matching reads and writes besides the candidates (candidates.ts): the visit to match, the published
// visits to choose from, and the clinician, rate and visit rows an assignment locks and writes.
import { and, eq, gte, lte, sql } from 'drizzle-orm';
import type { FitScoreVisitsQuery } from '@carelane/shared-domain';
import { episodes, facilities, providerRates, providers, referralSources, visits } from '../../../db/schema';
import type { Executor } from '../../../db/client';
import type { Actor } from '../../../services/context';
import { organizationScope } from '../patients/scope';
import { selectVisitRows } from '../visits/repository';
import type { VisitRecord } from '../visits/transitions';

export type ProviderRow = typeof providers.$inferSelect;

/** One visit with its names, as the visit list shows it. */
export async function findVisitRow(ex: Executor, visitId: number) {
  const [row] = await selectVisitRows(ex).where(eq(visits.id, visitId));
  return row;
}

/** One page of the Active, unpaused visits between two dates, in time order, and their total. */
export async function listPublishedVisits(
  ex: Executor,
  actor: Actor,
  q: Omit<FitScoreVisitsQuery, 'from' | 'to'> & { from: string; to: string },
) {
  const where = and(
    organizationScope(actor, visits.referralSourceId),
    eq(visits.status, 'Active'),
    eq(visits.paused, false),
    gte(visits.dateOfService, q.from),
    lte(visits.dateOfService, q.to),
    q.providerTypeId ? eq(visits.providerTypeId, q.providerTypeId) : undefined,
    q.visitTypeId ? eq(visits.visitTypeId, q.visitTypeId) : undefined,
  );
  const rows = await selectVisitRows(ex)
    .where(where)
    .orderBy(visits.dateOfService, visits.startAt, visits.id)
    .limit(q.pageSize)
    .offset((q.pageNumber - 1) * q.pageSize);
  const [count] = await ex
    .select({ n: sql<number>`count(*)::int` })
    .from(visits)
    .where(where);
  return { rows, totalCount: count?.n ?? 0 };
}

/** The visit row, locked FOR UPDATE when `lock`. */
export async function findVisit(
  tx: Executor,
  visitId: number,
  lock = false,
): Promise<VisitRecord | undefined> {
  const query = tx.select().from(visits).where(eq(visits.id, visitId));
  const [visit] = await (lock ? query.for('update') : query);
  return visit;
}

/** The clinician's row, locked: it serializes every assignment of this clinician. */
export async function lockProvider(tx: Executor, providerId: number): Promise<ProviderRow | undefined> {
  const [provider] = await tx.select().from(providers).where(eq(providers.id, providerId)).for('update');
  return provider;
}

export async function findClinicianRate(tx: Executor, providerId: number, visitTypeId: number) {
  const [rate] = await tx
    .select()
    .from(providerRates)
    .where(and(eq(providerRates.providerId, providerId), eq(providerRates.visitTypeId, visitTypeId)));
  return rate;
}

/**
 * Staffs an Active visit read at `visit.version` with the clinician and the amounts; undefined when someone
 * changed or assigned it meanwhile.
 */
export async function staffVisit(
  tx: Executor,
  visit: VisitRecord,
  assignment: { providerId: number; assignedBy: number; providerAmount: number; rsAmount: number },
): Promise<VisitRecord | undefined> {
  const [after] = await tx
    .update(visits)
    .set({
      status: 'Staffed',
      providerId: assignment.providerId,
      assignedAt: sql`now()`,
      assignedBy: assignment.assignedBy,
      providerAmount: assignment.providerAmount,
      rsAmount: assignment.rsAmount,
      shiftConfirmedByFacility: false,
      facilityResponse: null,
      facilityRejectReason: null,
      updatedAt: sql`now()`,
      version: visit.version + 1,
    })
    .where(and(eq(visits.id, visit.id), eq(visits.status, 'Active'), eq(visits.version, visit.version)))
    .returning();
  return after;
}

/** The service request's title and who at the facility (or else the organization) hears of an assignment. */
export async function findAssignmentPlace(ex: Executor, episodeId: number) {
  const [place] = await ex
    .select({
      title: episodes.title,
      facilityEmail: facilities.email,
      organizationEmail: referralSources.email,
    })
    .from(episodes)
    .innerJoin(referralSources, eq(referralSources.id, episodes.referralSourceId))
    .leftJoin(facilities, eq(facilities.id, episodes.facilityId))
    .where(eq(episodes.id, episodeId));
  return place;
}
