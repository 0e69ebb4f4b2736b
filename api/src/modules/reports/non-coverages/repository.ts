// Non-coverages in the database (decision 047): the list's rows with the names they show, the one Active report
// of a visit or service request, the weekly trend's counts.
import { and, asc, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { queryRows, type Executor } from '../../../db/client';
import {
  episodes,
  nonCoverages,
  patients,
  providerTypes,
  referralSources,
  users,
  visits,
} from '../../../db/schema';

const reporter = alias(users, 'reporter');
const resolver = alias(users, 'resolver');

const nameOf = (u: typeof reporter) => sql<string>`${u.firstName} || ' ' || ${u.lastName}`;

function selectNonCoverages(ex: Executor) {
  return ex
    .select({
      row: nonCoverages,
      organizationName: referralSources.name,
      providerTypeName: providerTypes.type,
      patientId: episodes.patientId,
      patientName: sql<string | null>`${patients.lastName} || ', ' || ${patients.firstName}`,
      episodeTitle: episodes.title,
      visitDate: visits.dateOfService,
      visitStartAt: visits.startAt,
      visitTimeZone: visits.timeZone,
      reporterName: nameOf(reporter),
      resolverName: sql<string | null>`${resolver.firstName} || ' ' || ${resolver.lastName}`,
    })
    .from(nonCoverages)
    .innerJoin(episodes, eq(episodes.id, nonCoverages.episodeId))
    .innerJoin(referralSources, eq(referralSources.id, nonCoverages.referralSourceId))
    .innerJoin(reporter, eq(reporter.id, nonCoverages.reportedBy))
    .leftJoin(patients, eq(patients.id, episodes.patientId))
    .leftJoin(providerTypes, eq(providerTypes.id, nonCoverages.providerTypeId))
    .leftJoin(visits, eq(visits.id, nonCoverages.visitId))
    .leftJoin(resolver, eq(resolver.id, nonCoverages.resolvedBy));
}
export type NonCoverageRow = NonNullable<Awaited<ReturnType<typeof findNonCoverage>>>;

export type NonCoverageFilter = {
  status: 'Active' | 'Resolved' | 'All';
  referralSourceId?: number;
  providerTypeId?: number;
  /** Reported at or after start and before end. */
  reported?: { start: Date; end: Date };
};

const filterWhere = (f: NonCoverageFilter): SQL | undefined =>
  and(
    f.status !== 'All' ? eq(nonCoverages.status, f.status) : undefined,
    f.referralSourceId !== undefined ? eq(nonCoverages.referralSourceId, f.referralSourceId) : undefined,
    f.providerTypeId !== undefined ? eq(nonCoverages.providerTypeId, f.providerTypeId) : undefined,
    f.reported ? gte(nonCoverages.reportedAt, f.reported.start) : undefined,
    f.reported ? lt(nonCoverages.reportedAt, f.reported.end) : undefined,
  );

/** A page of the list, newest report first (or oldest). */
export function listNonCoverages(
  ex: Executor,
  f: NonCoverageFilter,
  page: { pageNumber: number; pageSize: number; order: 'newest' | 'oldest' },
) {
  const by = page.order === 'oldest' ? asc : desc;
  return selectNonCoverages(ex)
    .where(filterWhere(f))
    .orderBy(by(nonCoverages.reportedAt), by(nonCoverages.id))
    .limit(page.pageSize)
    .offset((page.pageNumber - 1) * page.pageSize);
}

export async function countNonCoverages(ex: Executor, f: NonCoverageFilter) {
  const [row] = await ex
    .select({ n: sql<number>`count(*)::int` })
    .from(nonCoverages)
    .where(filterWhere(f));
  return row?.n ?? 0;
}

export async function findNonCoverage(ex: Executor, id: number) {
  const [row] = await selectNonCoverages(ex).where(eq(nonCoverages.id, id));
  return row;
}

/** The report's own columns, locked for the transaction's change. */
export async function lockNonCoverage(tx: Executor, id: number) {
  const [row] = await tx.select().from(nonCoverages).where(eq(nonCoverages.id, id)).for('update');
  return row;
}

/** The episode a report names, locked so two reports of it are made one after the other. */
export async function lockEpisode(tx: Executor, id: number) {
  const [row] = await tx
    .select({
      id: episodes.id,
      status: episodes.status,
      referralSourceId: episodes.referralSourceId,
      providerTypeIds: episodes.providerTypeIds,
    })
    .from(episodes)
    .where(eq(episodes.id, id))
    .for('update');
  return row;
}

export async function findVisit(ex: Executor, id: number) {
  const [row] = await ex
    .select({
      id: visits.id,
      episodeId: visits.episodeId,
      status: visits.status,
      providerTypeId: visits.providerTypeId,
    })
    .from(visits)
    .where(eq(visits.id, id));
  return row;
}

/** The Active report of this visit, or of the whole episode when visitId is null. */
export async function activeReportOf(ex: Executor, episodeId: number, visitId: number | null) {
  const [row] = await ex
    .select({ id: nonCoverages.id })
    .from(nonCoverages)
    .where(
      and(
        eq(nonCoverages.status, 'Active'),
        visitId === null
          ? and(eq(nonCoverages.episodeId, episodeId), sql`${nonCoverages.visitId} is null`)
          : eq(nonCoverages.visitId, visitId),
      ),
    );
  return row;
}

export async function insertNonCoverage(tx: Executor, row: typeof nonCoverages.$inferInsert) {
  const [saved] = await tx.insert(nonCoverages).values(row).returning({ id: nonCoverages.id });
  return saved!.id;
}

export async function updateNonCoverage(
  tx: Executor,
  id: number,
  set: Partial<typeof nonCoverages.$inferInsert>,
) {
  await tx
    .update(nonCoverages)
    .set({ ...set, version: sql`${nonCoverages.version} + 1` })
    .where(eq(nonCoverages.id, id));
}

export type WeekInstants = { start: Date; end: Date };

/**
 * Per week (start inclusive, end exclusive): the reports made in it, those resolved in it, and those reported
 * before its end and not resolved by then.
 */
export async function weeklyCounts(
  ex: Executor,
  weeks: readonly WeekInstants[],
  f: Omit<NonCoverageFilter, 'status' | 'reported'>,
) {
  if (weeks.length === 0) return [];
  const bounds = sql.join(
    weeks.map(
      (w, i) => sql`(${i}::int, ${w.start.toISOString()}::timestamptz, ${w.end.toISOString()}::timestamptz)`,
    ),
    sql`, `,
  );
  const scope = and(
    f.referralSourceId !== undefined ? eq(nonCoverages.referralSourceId, f.referralSourceId) : undefined,
    f.providerTypeId !== undefined ? eq(nonCoverages.providerTypeId, f.providerTypeId) : undefined,
  );
  const nc = nonCoverages;
  const rows = await queryRows<{ reported: number; resolved: number; active: number }>(
    ex,
    sql`
    select w.i,
           count(${nc.id}) filter (where ${nc.reportedAt} >= w.s)::int as reported,
           count(${nc.id}) filter (where ${nc.resolvedAt} >= w.s and ${nc.resolvedAt} < w.e)::int as resolved,
           count(${nc.id}) filter (where ${nc.resolvedAt} is null or ${nc.resolvedAt} >= w.e)::int as active
      from (values ${bounds}) as w(i, s, e)
      left join ${nc} on ${nc.reportedAt} < w.e ${scope ? sql`and ${scope}` : sql``}
     group by w.i
     order by w.i`,
  );
  return rows.map((r) => ({
    reported: Number(r.reported),
    resolved: Number(r.resolved),
    activeAtEnd: Number(r.active),
  }));
}
