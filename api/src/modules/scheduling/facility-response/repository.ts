// What the facility response pages read and lock.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { providerTypes, providers, referralSources, users, visitTypes, visits } from '../../../db/schema';
import type { Executor } from '../../../db/client';
import type { VisitRecord } from '../visits/transitions';

export async function findOrganizationName(ex: Executor, referralSourceId: number): Promise<string | null> {
  const [row] = await ex
    .select({ name: referralSources.name })
    .from(referralSources)
    .where(eq(referralSources.id, referralSourceId));
  return row?.name ?? null;
}

/** The named visits of one organization with their type and clinician names, in time order. */
export function listAssignments(ex: Executor, visitIds: number[], referralSourceId: number) {
  return ex
    .select({
      visit: visits,
      visitType: visitTypes.type,
      providerType: providerTypes.type,
      clinicianName: sql<string | null>`case when ${providers.id} is null then null
        else ${providers.givenName} || ' ' || ${providers.familyName} end`,
    })
    .from(visits)
    .innerJoin(visitTypes, eq(visitTypes.id, visits.visitTypeId))
    .innerJoin(providerTypes, eq(providerTypes.id, visits.providerTypeId))
    .leftJoin(providers, eq(providers.id, visits.providerId))
    .where(and(inArray(visits.id, visitIds), eq(visits.referralSourceId, referralSourceId)))
    .orderBy(visits.dateOfService, visits.startAt, visits.id);
}

/** Locks the visits in id order (so concurrent answers cannot deadlock). */
export function lockVisitsById(tx: Executor, visitIds: number[]): Promise<VisitRecord[]> {
  return tx.select().from(visits).where(inArray(visits.id, visitIds)).orderBy(visits.id).for('update');
}

export async function findUserEmail(ex: Executor, userId: number): Promise<string | null> {
  const [row] = await ex.select({ email: users.emailId }).from(users).where(eq(users.id, userId));
  return row?.email ?? null;
}
