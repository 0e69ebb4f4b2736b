// SQL of the clinician detail: the profile with its licence numbers and care coordinator, the profile, status
// and owner writes at a version, the clinician's rates and vacations, and their entries in the audit log.
import { and, asc, desc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import {
  auditLog,
  credentialTypes,
  providerCredentials,
  providerRates,
  providers,
  providerTypes,
  providerVacations,
  users,
} from '../../../db/schema';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../../db/client';

export type ProviderRow = typeof providers.$inferSelect;
const login = alias(users, 'login');

/**
 * The clinician's record with their provider type's name, their care coordinator's name and their last sign-in
 * (their login's).
 */
export async function findProviderDetail(ex: Executor, providerId: number) {
  const [row] = await ex
    .select({
      provider: providers,
      providerType: providerTypes.type,
      coordinatorName: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
      lastLogin: login.lastLogin,
    })
    .from(providers)
    .innerJoin(providerTypes, eq(providerTypes.id, providers.providerTypeId))
    .leftJoin(users, eq(users.id, providers.careCoordinatorId))
    .leftJoin(login, eq(login.id, providers.userId))
    .where(eq(providers.id, providerId));
  return row;
}

/** The numbers of the clinician's licence-category credentials that were not rejected, newest first. */
export async function licenceNumbers(ex: Executor, providerId: number): Promise<string[]> {
  const rows = await ex
    .select({ number: providerCredentials.number })
    .from(providerCredentials)
    .innerJoin(credentialTypes, eq(credentialTypes.id, providerCredentials.credentialTypeId))
    .where(
      and(
        eq(providerCredentials.providerId, providerId),
        eq(credentialTypes.category, 'Licence'),
        ne(providerCredentials.status, 'Rejected'),
        sql`coalesce(${providerCredentials.number}, '') <> ''`,
      ),
    )
    .orderBy(desc(providerCredentials.createdAt), desc(providerCredentials.id));
  return [...new Set(rows.map((r) => r.number!))];
}

export async function lockProvider(ex: Executor, providerId: number): Promise<ProviderRow | undefined> {
  const [row] = await ex.select().from(providers).where(eq(providers.id, providerId)).for('update');
  return row;
}

/** Writes the changes at `version` and moves it on; false when the row has moved on since. */
export async function updateProvider(
  ex: Executor,
  providerId: number,
  version: number,
  changes: Partial<ProviderRow>,
): Promise<boolean> {
  const rows = await ex
    .update(providers)
    .set({ ...changes, updatedAt: sql`now()`, version: sql`${providers.version} + 1` })
    .where(and(eq(providers.id, providerId), eq(providers.version, version)))
    .returning({ id: providers.id });
  return rows.length === 1;
}

/** An active user of one of `roleIds` (someone who manages clinicians). */
export async function findActiveUserOfRoles(ex: Executor, userId: number, roleIds: readonly number[]) {
  const [row] = await ex
    .select({ id: users.id, name: sql<string>`${users.firstName} || ' ' || ${users.lastName}` })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.status, 'ACTIVE'), inArray(users.roleId, [...roleIds])));
  return row;
}

export async function listActiveUsersOfRoles(ex: Executor, roleIds: readonly number[]) {
  return ex
    .select({
      id: users.id,
      name: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
      roleId: users.roleId,
    })
    .from(users)
    .where(and(eq(users.status, 'ACTIVE'), inArray(users.roleId, [...roleIds])))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
}

export async function listRates(ex: Executor, providerId: number) {
  return ex
    .select({
      visitTypeId: providerRates.visitTypeId,
      amount: providerRates.amount,
      specialRate: providerRates.specialRate,
      incrementalRate: providerRates.incrementalRate,
    })
    .from(providerRates)
    .where(eq(providerRates.providerId, providerId))
    .orderBy(asc(providerRates.visitTypeId));
}

export async function replaceRates(
  ex: Executor,
  providerId: number,
  rates: Array<{
    visitTypeId: number;
    amount: number;
    specialRate: number | null;
    incrementalRate: number | null;
  }>,
): Promise<void> {
  await ex.delete(providerRates).where(eq(providerRates.providerId, providerId));
  if (rates.length) await ex.insert(providerRates).values(rates.map((rate) => ({ providerId, ...rate })));
}

export async function listVacations(ex: Executor, providerId: number) {
  return ex
    .select({
      id: providerVacations.id,
      startDate: providerVacations.startDate,
      endDate: providerVacations.endDate,
    })
    .from(providerVacations)
    .where(eq(providerVacations.providerId, providerId))
    .orderBy(asc(providerVacations.startDate), asc(providerVacations.id));
}

export async function insertVacation(
  ex: Executor,
  providerId: number,
  vacation: { startDate: string; endDate: string },
): Promise<number> {
  const [row] = await ex
    .insert(providerVacations)
    .values({ providerId, ...vacation })
    .returning({ id: providerVacations.id });
  return row!.id;
}

/** Deletes one of the clinician's vacations; the row deleted, or undefined when they have no such vacation. */
export async function deleteVacation(ex: Executor, providerId: number, vacationId: number) {
  const [row] = await ex
    .delete(providerVacations)
    .where(and(eq(providerVacations.id, vacationId), eq(providerVacations.providerId, providerId)))
    .returning();
  return row;
}

/** The audit entries written about the clinician (entities 'provider', 'providerRate', 'providerVacation'). */
const ACTIVITY_ENTITIES = ['provider', 'providerRate', 'providerVacation'];
function activityWhere(providerId: number) {
  return or(
    and(inArray(auditLog.entity, ACTIVITY_ENTITIES), eq(auditLog.entityId, String(providerId))),
    // Credentials are audited by their own id: the entries of this clinician's credentials.
    and(eq(auditLog.entity, 'providerCredential'), inArray(auditLog.entityId, credentialIdsOf(providerId))),
  );
}
function credentialIdsOf(providerId: number) {
  return sql`(select ${providerCredentials.id}::text from ${providerCredentials}
    where ${providerCredentials.providerId} = ${providerId})`;
}

export async function listActivity(
  ex: Executor,
  providerId: number,
  page: { pageNumber: number; pageSize: number },
) {
  const where = activityWhere(providerId);
  const [rows, [count]] = await Promise.all([
    ex
      .select({
        id: auditLog.id,
        at: auditLog.at,
        userEmail: auditLog.userEmail,
        entity: auditLog.entity,
        action: auditLog.action,
        diff: auditLog.diff,
      })
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(page.pageSize)
      .offset((page.pageNumber - 1) * page.pageSize),
    ex
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(where),
  ]);
  return { rows, totalCount: count!.n };
}
