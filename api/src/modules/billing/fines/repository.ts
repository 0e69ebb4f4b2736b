import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { FINEABLE_VISIT_STATUSES, FINEABLE_VISITS_MAX } from '@carelane/shared-domain';
import { fines, patients, providers, visits } from '../../../db/schema';
import type { Executor } from '../../../db/client';

function selectFines(ex: Executor) {
  return ex
    .select({
      fine: fines,
      clinicianName: sql<string>`${providers.givenName} || ' ' || ${providers.familyName}`,
    })
    .from(fines)
    .innerJoin(providers, eq(providers.id, fines.providerId));
}
export type FineRow = NonNullable<Awaited<ReturnType<typeof findFine>>>;

export type FineFilter = { providerId?: number; status: string };
const fineWhere = (f: FineFilter): SQL | undefined =>
  and(
    f.providerId !== undefined ? eq(fines.providerId, f.providerId) : undefined,
    f.status !== 'ALL' ? eq(fines.status, f.status) : undefined,
  );

export function listFines(ex: Executor, f: FineFilter, page: { pageNumber: number; pageSize: number }) {
  return selectFines(ex)
    .where(fineWhere(f))
    .orderBy(desc(fines.createdAt), desc(fines.id))
    .limit(page.pageSize)
    .offset((page.pageNumber - 1) * page.pageSize);
}

export async function countFines(ex: Executor, f: FineFilter) {
  const [row] = await ex
    .select({ n: sql<number>`count(*)::int` })
    .from(fines)
    .where(fineWhere(f));
  return row?.n ?? 0;
}

export async function findFine(ex: Executor, id: number, lock = false) {
  const query = selectFines(ex).where(eq(fines.id, id));
  const [row] = await (lock ? query.for('update', { of: fines }) : query);
  return row;
}

export async function insertFine(tx: Executor, row: typeof fines.$inferInsert) {
  const [saved] = await tx.insert(fines).values(row).returning({ id: fines.id });
  return saved!.id;
}

export async function updateFine(tx: Executor, id: number, set: Partial<typeof fines.$inferInsert>) {
  await tx.update(fines).set(set).where(eq(fines.id, id));
}

const fineable = (providerId: number) =>
  and(eq(visits.providerId, providerId), inArray(visits.status, [...FINEABLE_VISIT_STATUSES]));

/** The clinician's visits that can be fined, newest first. */
export function listFineableVisits(ex: Executor, providerId: number) {
  return ex
    .select({
      visitId: visits.id,
      dateOfService: visits.dateOfService,
      patientName: sql<string>`coalesce(${patients.lastName} || ', ' || ${patients.firstName}, '')`,
      patientId: visits.patientId,
      status: visits.status,
    })
    .from(visits)
    .leftJoin(patients, eq(patients.id, visits.patientId))
    .where(fineable(providerId))
    .orderBy(desc(visits.dateOfService), desc(visits.id))
    .limit(FINEABLE_VISITS_MAX);
}

export async function isFineableVisit(ex: Executor, providerId: number, visitId: number) {
  const [row] = await ex
    .select({ id: visits.id })
    .from(visits)
    .where(and(eq(visits.id, visitId), fineable(providerId)));
  return !!row;
}
