import { and, asc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { referralSourceListQuerySchema } from '@carelane/shared-domain';
import { referralSourceRates, visitTypes } from '../../../db/scheduling-schema';
import { referralSources } from '../../../db/schema';
import type { Executor } from '../../../db/client';
import { cachedPage } from '../../../lib/paging';
import type { AppServices } from '../../../services/app-services';
import { containsPattern } from '../../../lib/like-pattern';
import type { RequestContext } from '../../../services/context';
import { updateVersioned } from '../../../lib/versioned-update';
import { staleVersion } from '../../../lib/errors';

export type ReferralSourceListQuery = z.infer<typeof referralSourceListQuerySchema>;
export type ReferralSourceRow = typeof referralSources.$inferSelect;
export type ReferralSourceInsert = typeof referralSources.$inferInsert;
export type RateRow = typeof referralSourceRates.$inferSelect;
export type RateInsert = typeof referralSourceRates.$inferInsert;

/** One page of organizations by name; `onlyId` limits it to one (an organization user's own). */
export async function listReferralSourceRows(
  services: Pick<AppServices, 'db' | 'readCache'>,
  q: ReferralSourceListQuery,
  onlyId: number | undefined,
) {
  const filters: SQL[] = [];
  if (q.status !== 'ALL') filters.push(eq(referralSources.status, q.status));
  if (q.search) filters.push(ilike(referralSources.name, containsPattern(q.search)));
  if (onlyId !== undefined) filters.push(eq(referralSources.id, onlyId));
  const where = filters.length ? and(...filters) : undefined;
  const ex = services.db;
  const page = ex
    .select()
    .from(referralSources)
    .where(where)
    .orderBy(asc(referralSources.name), asc(referralSources.id))
    .limit(q.pageSize)
    .offset((q.pageNumber - 1) * q.pageSize);
  const [rows, [count]] = await cachedPage(services, ['referral_sources'], page, () =>
    Promise.all([
      page,
      ex
        .select({ n: sql<number>`count(*)::int` })
        .from(referralSources)
        .where(where),
    ]),
  );
  return { rows, totalCount: count?.n ?? 0 };
}

export async function findReferralSource(ex: Executor, id: number): Promise<ReferralSourceRow | undefined> {
  const [row] = await ex.select().from(referralSources).where(eq(referralSources.id, id));
  return row;
}

export async function referralSourceExists(ex: Executor, id: number): Promise<boolean> {
  const [row] = await ex
    .select({ id: referralSources.id })
    .from(referralSources)
    .where(eq(referralSources.id, id));
  return Boolean(row);
}

export async function insertReferralSource(ex: Executor, values: ReferralSourceInsert) {
  const [row] = await ex.insert(referralSources).values(values).returning();
  return row!;
}

/** The versioned edit of an organization: audited, announced to that organization. */
export function updateReferralSource(
  ex: Executor,
  ctx: RequestContext,
  before: ReferralSourceRow,
  changes: Partial<ReferralSourceInsert>,
) {
  return updateVersioned(ex, ctx, referralSources, before, changes, {
    entity: 'referralSource',
    stale: () => staleVersion('organization'),
    audience: () => ({ referralSourceId: before.id }),
  });
}

export function listRates(ex: Executor, referralSourceId: number): Promise<RateRow[]> {
  return ex
    .select()
    .from(referralSourceRates)
    .where(eq(referralSourceRates.referralSourceId, referralSourceId))
    .orderBy(
      asc(referralSourceRates.providerTypeId),
      asc(referralSourceRates.visitTypeId),
      asc(referralSourceRates.id),
    );
}

export async function findRate(ex: Executor, referralSourceId: number, rateId: number) {
  const [row] = await ex
    .select()
    .from(referralSourceRates)
    .where(
      and(eq(referralSourceRates.id, rateId), eq(referralSourceRates.referralSourceId, referralSourceId)),
    );
  return row;
}

export async function insertRate(ex: Executor, values: RateInsert): Promise<RateRow> {
  const [row] = await ex.insert(referralSourceRates).values(values).returning();
  return row!;
}

/** The versioned edit of a rate card row: audited, announced to its organization. */
export function updateRate(ex: Executor, ctx: RequestContext, before: RateRow, changes: Partial<RateInsert>) {
  return updateVersioned(ex, ctx, referralSourceRates, before, changes, {
    entity: 'referralSourceRate',
    stale: () => staleVersion('rate'),
    audience: () => ({ referralSourceId: before.referralSourceId }),
  });
}

export async function deleteRate(ex: Executor, id: number): Promise<void> {
  await ex.delete(referralSourceRates).where(eq(referralSourceRates.id, id));
}

/** The provider types a visit type is done by (empty: any), or undefined when it is not a visit type. */
export async function visitTypeProviderTypes(ex: Executor, visitTypeId: number) {
  const [row] = await ex
    .select({ providerTypeIds: visitTypes.providerTypeIds })
    .from(visitTypes)
    .where(eq(visitTypes.id, visitTypeId));
  return row?.providerTypeIds;
}
