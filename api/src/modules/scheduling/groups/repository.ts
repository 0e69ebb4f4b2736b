import { and, asc, eq, getTableColumns, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { GroupListQuery, GroupMember } from '@carelane/shared-domain';
import { groupMembers, groups, providerTypes, providers } from '../../../db/scheduling-schema';
import type { Executor } from '../../../db/client';
import { cachedPage } from '../../../lib/paging';
import type { AppServices } from '../../../services/app-services';
import { containsPattern } from '../../../lib/like-pattern';

export type GroupRow = typeof groups.$inferSelect;
export type GroupInsert = typeof groups.$inferInsert;
export type GroupWithCount = GroupRow & { memberCount: number };

const memberCount = sql<number>`(select count(*)::int from ${groupMembers} where ${groupMembers.groupId} = ${groups.id})`;

const memberColumns = {
  providerId: providers.id,
  givenName: providers.givenName,
  familyName: providers.familyName,
  providerTypeId: providers.providerTypeId,
  providerType: providerTypes.type,
  city: providers.city,
  state: providers.state,
};

export async function listGroupRows(services: Pick<AppServices, 'db' | 'readCache'>, q: GroupListQuery) {
  const filters: SQL[] = [];
  if (q.status !== 'ALL') filters.push(eq(groups.status, q.status));
  if (q.search) {
    const pattern = containsPattern(q.search);
    filters.push(or(ilike(groups.name, pattern), ilike(groups.description, pattern))!);
  }
  const where = filters.length ? and(...filters) : undefined;
  const ex = services.db;
  const page = ex
    .select({ ...getTableColumns(groups), memberCount })
    .from(groups)
    .where(where)
    .orderBy(asc(groups.name), asc(groups.id))
    .limit(q.pageSize)
    .offset((q.pageNumber - 1) * q.pageSize);
  const [rows, [count]] = await cachedPage(services, ['groups', 'group_members'], page, () =>
    Promise.all([
      page,
      ex
        .select({ n: sql<number>`count(*)::int` })
        .from(groups)
        .where(where),
    ]),
  );
  return { rows: rows as GroupWithCount[], totalCount: count?.n ?? 0 };
}

/** Clinicians whose name matches, by name, at most `limit`. */
export function findMemberCandidates(ex: Executor, search: string, limit: number): Promise<GroupMember[]> {
  const pattern = containsPattern(search);
  return ex
    .select(memberColumns)
    .from(providers)
    .innerJoin(providerTypes, eq(providerTypes.id, providers.providerTypeId))
    .where(
      or(
        ilike(sql`${providers.givenName} || ' ' || ${providers.familyName}`, pattern),
        ilike(sql`${providers.familyName} || ', ' || ${providers.givenName}`, pattern),
      ),
    )
    .orderBy(asc(providers.familyName), asc(providers.givenName), asc(providers.id))
    .limit(limit);
}

export async function findGroupWithCount(ex: Executor, id: number): Promise<GroupWithCount | undefined> {
  const [row] = await ex
    .select({ ...getTableColumns(groups), memberCount })
    .from(groups)
    .where(eq(groups.id, id));
  return row as GroupWithCount | undefined;
}

export function listMembers(ex: Executor, groupId: number): Promise<GroupMember[]> {
  return ex
    .select(memberColumns)
    .from(groupMembers)
    .innerJoin(providers, eq(providers.id, groupMembers.providerId))
    .innerJoin(providerTypes, eq(providerTypes.id, providers.providerTypeId))
    .where(eq(groupMembers.groupId, groupId))
    .orderBy(asc(providers.familyName), asc(providers.givenName), asc(providers.id));
}

export async function findGroup(ex: Executor, id: number): Promise<GroupRow | undefined> {
  const [row] = await ex.select().from(groups).where(eq(groups.id, id));
  return row;
}

export async function memberIds(ex: Executor, groupId: number): Promise<number[]> {
  const rows = await ex
    .select({ id: groupMembers.providerId })
    .from(groupMembers)
    .where(eq(groupMembers.groupId, groupId))
    .orderBy(asc(groupMembers.providerId));
  return rows.map((r) => r.id);
}

/** How many of these clinicians exist. */
export async function countExistingProviders(ex: Executor, providerIds: number[]): Promise<number> {
  const found = await ex
    .select({ id: providers.id })
    .from(providers)
    .where(inArray(providers.id, providerIds));
  return found.length;
}

export async function setMembers(ex: Executor, groupId: number, providerIds: number[]): Promise<void> {
  await ex.delete(groupMembers).where(eq(groupMembers.groupId, groupId));
  if (providerIds.length) {
    await ex.insert(groupMembers).values(providerIds.map((providerId) => ({ groupId, providerId })));
  }
}

export async function insertGroup(ex: Executor, values: GroupInsert): Promise<GroupRow> {
  const [row] = await ex.insert(groups).values(values).returning();
  return row!;
}

/** Writes the changes with the next version if `before` is still current; undefined when it is not. */
export async function updateGroupRow(
  ex: Executor,
  before: GroupRow,
  changes: Partial<GroupInsert>,
): Promise<GroupRow | undefined> {
  const [after] = await ex
    .update(groups)
    .set({ ...changes, updatedAt: sql`now()`, version: before.version + 1 })
    .where(and(eq(groups.id, before.id), eq(groups.version, before.version)))
    .returning();
  return after;
}
