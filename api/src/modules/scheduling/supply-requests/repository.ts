import { and, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { SupplyRequest } from '@carelane/shared-domain';
import { providerTypes, supplyRequests } from '../../../db/scheduling-schema';
import { referralSources, users } from '../../../db/schema';
import type { Executor } from '../../../db/client';
import { cachedPage } from '../../../lib/paging';
import type { AppServices } from '../../../services/app-services';
import { staleVersion } from '../../../lib/errors';
import { updateVersioned } from '../../../lib/versioned-update';
import type { Actor, RequestContext } from '../../../services/context';
import { organizationScope } from '../patients/scope';

export type SupplyRequestRow = typeof supplyRequests.$inferSelect;
export type SupplyRequestInsert = typeof supplyRequests.$inferInsert;

const columns = {
  id: supplyRequests.id,
  referralSourceId: supplyRequests.referralSourceId,
  referralSourceName: referralSources.name,
  providerTypeId: supplyRequests.providerTypeId,
  providerType: providerTypes.type,
  zipcode: supplyRequests.zipcode,
  city: supplyRequests.city,
  state: supplyRequests.state,
  requestedCount: supplyRequests.requestedCount,
  notes: supplyRequests.notes,
  status: supplyRequests.status,
  createdBy: supplyRequests.createdBy,
  createdByName: sql<string | null>`case when ${users.id} is null then null
    else ${users.firstName} || ' ' || ${users.lastName} end`,
  createdAt: supplyRequests.createdAt,
  updatedAt: supplyRequests.updatedAt,
  version: supplyRequests.version,
};
type Row = Omit<SupplyRequest, 'createdAt' | 'updatedAt' | 'status'> & {
  status: string;
  createdAt: Date;
  updatedAt: Date;
};
const toSupplyRequest = (r: Row): SupplyRequest => ({
  ...r,
  status: r.status as SupplyRequest['status'],
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

function select(ex: Executor) {
  return ex
    .select(columns)
    .from(supplyRequests)
    .innerJoin(providerTypes, eq(providerTypes.id, supplyRequests.providerTypeId))
    .leftJoin(referralSources, eq(referralSources.id, supplyRequests.referralSourceId))
    .leftJoin(users, eq(users.id, supplyRequests.createdBy));
}

/** One page of the supply requests the actor may see, created from `start` to `end`, newest first. */
export async function listSupplyRequestRows(
  services: Pick<AppServices, 'db' | 'readCache'>,
  actor: Actor,
  q: {
    start: Date;
    end: Date;
    status?: string;
    referralSourceId?: number;
    pageNumber: number;
    pageSize: number;
  },
) {
  const filters: (SQL | undefined)[] = [
    gte(supplyRequests.createdAt, q.start),
    lte(supplyRequests.createdAt, q.end),
    organizationScope(actor, supplyRequests.referralSourceId),
  ];
  if (q.status) filters.push(eq(supplyRequests.status, q.status));
  if (q.referralSourceId !== undefined) filters.push(eq(supplyRequests.referralSourceId, q.referralSourceId));
  const where = and(...filters);
  const ex = services.db;
  const page = select(ex)
    .where(where)
    .orderBy(desc(supplyRequests.createdAt), desc(supplyRequests.id))
    .limit(q.pageSize)
    .offset((q.pageNumber - 1) * q.pageSize);
  const tables = ['supply_requests', 'provider_types', 'referral_sources', 'users'];
  const [rows, [count]] = await cachedPage(services, tables, page, () =>
    Promise.all([
      page,
      ex
        .select({ n: sql<number>`count(*)::int` })
        .from(supplyRequests)
        .where(where),
    ]),
  );
  return { rows: rows.map(toSupplyRequest), totalCount: count?.n ?? 0 };
}

/** One supply request the actor may see, as the API answers it. */
export async function findSupplyRequest(
  ex: Executor,
  actor: Actor,
  id: number,
): Promise<SupplyRequest | undefined> {
  const [row] = await select(ex).where(
    and(eq(supplyRequests.id, id), organizationScope(actor, supplyRequests.referralSourceId)),
  );
  return row ? toSupplyRequest(row) : undefined;
}

/** The stored row of a supply request the actor may see. */
export async function findSupplyRequestRow(
  ex: Executor,
  actor: Actor,
  id: number,
): Promise<SupplyRequestRow | undefined> {
  const [row] = await ex
    .select()
    .from(supplyRequests)
    .where(and(eq(supplyRequests.id, id), organizationScope(actor, supplyRequests.referralSourceId)));
  return row;
}

export async function providerTypeExists(ex: Executor, id: number): Promise<boolean> {
  const [row] = await ex.select({ id: providerTypes.id }).from(providerTypes).where(eq(providerTypes.id, id));
  return Boolean(row);
}

export async function insertSupplyRequest(
  ex: Executor,
  values: SupplyRequestInsert,
): Promise<SupplyRequestRow> {
  const [row] = await ex.insert(supplyRequests).values(values).returning();
  return row!;
}

export function updateSupplyRequest(
  ex: Executor,
  ctx: RequestContext,
  before: SupplyRequestRow,
  changes: Partial<SupplyRequestInsert>,
): Promise<SupplyRequestRow> {
  return updateVersioned(ex, ctx, supplyRequests, before, changes, {
    entity: 'supplyRequest',
    stale: () => staleVersion('supply request'),
    audience: (after) =>
      after.referralSourceId ? { referralSourceId: after.referralSourceId } : { staffOnly: true },
  });
}
