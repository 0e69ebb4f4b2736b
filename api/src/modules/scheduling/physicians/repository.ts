import { and, asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { PhysicianListQuery } from '@carelane/shared-domain';
import { episodes, patients, physicians } from '../../../db/scheduling-schema';
import { referralSources } from '../../../db/schema';
import type { Executor } from '../../../db/client';
import { cachedPage } from '../../../lib/paging';
import type { AppServices } from '../../../services/app-services';
import { containsPattern } from '../../../lib/like-pattern';
import { staleVersion } from '../../../lib/errors';
import { updateVersioned } from '../../../lib/versioned-update';
import type { Actor, RequestContext } from '../../../services/context';
import { organizationScope } from '../patients/scope';

export type PhysicianRow = typeof physicians.$inferSelect;
export type PhysicianInsert = typeof physicians.$inferInsert;

export async function listPhysicianRows(
  services: Pick<AppServices, 'db' | 'readCache'>,
  q: PhysicianListQuery,
) {
  const filters: SQL[] = [];
  if (q.status !== 'ALL') filters.push(eq(physicians.status, q.status));
  if (q.search) {
    const pattern = containsPattern(q.search);
    filters.push(
      or(
        ilike(sql`${physicians.firstName} || ' ' || ${physicians.lastName}`, pattern),
        ilike(sql`${physicians.lastName} || ', ' || ${physicians.firstName}`, pattern),
        ilike(physicians.npi, pattern),
        ilike(physicians.specialty, pattern),
      )!,
    );
  }
  const where = filters.length ? and(...filters) : undefined;
  const ex = services.db;
  const page = ex
    .select()
    .from(physicians)
    .where(where)
    .orderBy(asc(physicians.lastName), asc(physicians.firstName), asc(physicians.id))
    .limit(q.pageSize)
    .offset((q.pageNumber - 1) * q.pageSize);
  const [rows, [count]] = await cachedPage(services, ['physicians'], page, () =>
    Promise.all([
      page,
      ex
        .select({ n: sql<number>`count(*)::int` })
        .from(physicians)
        .where(where),
    ]),
  );
  return { rows, totalCount: count?.n ?? 0 };
}

export async function findPhysician(ex: Executor, id: number): Promise<PhysicianRow | undefined> {
  const [row] = await ex.select().from(physicians).where(eq(physicians.id, id));
  return row;
}

export async function physicianExists(ex: Executor, id: number): Promise<boolean> {
  const [row] = await ex.select({ id: physicians.id }).from(physicians).where(eq(physicians.id, id));
  return Boolean(row);
}

/** One page of the physician's service requests (not deleted) the actor may see, newest first. */
export async function listPhysicianEpisodes(
  ex: Executor,
  physicianId: number,
  actor: Actor,
  page: { pageNumber: number; pageSize: number },
) {
  const where = and(
    eq(episodes.physicianId, physicianId),
    sql`${episodes.status} <> 'Deleted'`,
    organizationScope(actor, episodes.referralSourceId),
  );
  const [rows, [count]] = await Promise.all([
    ex
      .select({
        id: episodes.id,
        title: episodes.title,
        episodeType: episodes.episodeType,
        status: episodes.status,
        startDate: episodes.startDate,
        endDate: episodes.endDate,
        referralSourceId: episodes.referralSourceId,
        referralSourceName: referralSources.name,
        patientId: episodes.patientId,
        patientName: sql<string | null>`case when ${patients.id} is null then null
          else ${patients.lastName} || ', ' || ${patients.firstName} end`,
      })
      .from(episodes)
      .innerJoin(referralSources, eq(referralSources.id, episodes.referralSourceId))
      .leftJoin(patients, eq(patients.id, episodes.patientId))
      .where(where)
      .orderBy(desc(episodes.startDate), desc(episodes.id))
      .limit(page.pageSize)
      .offset((page.pageNumber - 1) * page.pageSize),
    ex
      .select({ n: sql<number>`count(*)::int` })
      .from(episodes)
      .where(where),
  ]);
  return { rows, totalCount: count?.n ?? 0 };
}

export async function insertPhysician(ex: Executor, values: PhysicianInsert): Promise<PhysicianRow> {
  const [row] = await ex.insert(physicians).values(values).returning();
  return row!;
}

export function updatePhysician(
  ex: Executor,
  ctx: RequestContext,
  before: PhysicianRow,
  changes: Partial<PhysicianInsert>,
): Promise<PhysicianRow> {
  return updateVersioned(ex, ctx, physicians, before, changes, {
    entity: 'physician',
    stale: () => staleVersion('physician'),
  });
}
