import { and, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import { adjustments, invoices, providers, referralSources } from '../../../db/schema';
import type { Executor } from '../../../db/client';

function selectAdjustments(ex: Executor) {
  return ex
    .select({
      adjustment: adjustments,
      invoiceNumber: invoices.number,
      organizationName: referralSources.name,
      clinicianName: sql<string | null>`${providers.givenName} || ' ' || ${providers.familyName}`,
    })
    .from(adjustments)
    .leftJoin(invoices, eq(invoices.id, adjustments.invoiceId))
    .leftJoin(referralSources, eq(referralSources.id, invoices.referralSourceId))
    .leftJoin(providers, eq(providers.id, adjustments.providerId));
}
export type AdjustmentRow = NonNullable<Awaited<ReturnType<typeof findAdjustment>>>;

export type AdjustmentFilter = { status: string; kind: string; startDate?: string; endDate?: string };
const adjustmentWhere = (f: AdjustmentFilter): SQL | undefined =>
  and(
    eq(adjustments.status, f.status),
    f.kind !== 'ALL' ? eq(adjustments.kind, f.kind) : undefined,
    f.startDate ? gte(sql`${adjustments.createdAt}::date`, f.startDate) : undefined,
    f.endDate ? lte(sql`${adjustments.createdAt}::date`, f.endDate) : undefined,
  );

export function listAdjustments(
  ex: Executor,
  f: AdjustmentFilter,
  page: { pageNumber: number; pageSize: number },
) {
  return selectAdjustments(ex)
    .where(adjustmentWhere(f))
    .orderBy(desc(adjustments.createdAt), desc(adjustments.id))
    .limit(page.pageSize)
    .offset((page.pageNumber - 1) * page.pageSize);
}

export async function countAdjustments(ex: Executor, f: AdjustmentFilter) {
  const [row] = await ex
    .select({ n: sql<number>`count(*)::int` })
    .from(adjustments)
    .where(adjustmentWhere(f));
  return row?.n ?? 0;
}

export async function findAdjustment(ex: Executor, id: number, lock = false) {
  const query = selectAdjustments(ex).where(eq(adjustments.id, id));
  const [row] = await (lock ? query.for('update', { of: adjustments }) : query);
  return row;
}

export async function insertAdjustment(tx: Executor, row: typeof adjustments.$inferInsert) {
  const [saved] = await tx.insert(adjustments).values(row).returning({ id: adjustments.id });
  return saved!.id;
}

export async function markApplied(tx: Executor, id: number, userId: number) {
  await tx
    .update(adjustments)
    .set({ status: 'Applied', appliedBy: userId, appliedAt: sql`now()` })
    .where(eq(adjustments.id, id));
}
