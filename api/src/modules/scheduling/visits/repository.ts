// Reading visits as the visit list, the match panel and the fit-score visit list answer them.
import { and, asc, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import {
  isOrganizationRole,
  type VisitListQuery,
  type VisitRow,
  type VisitStatus,
} from '@carelane/shared-domain';
import {
  episodes,
  patients,
  providerTypes,
  providers,
  visitTypes,
  visits,
} from '../../../db/scheduling-schema';
import { referralSources } from '../../../db/schema';
import type { Executor } from '../../../db/client';
import type { AppServices } from '../../../services/app-services';
import type { Actor } from '../../../services/context';
import { cachedPage } from '../../../lib/paging';
import { cachedCount } from '../brief-cache';
import { organizationScope } from '../patients/scope';

export const VISIT_THING = 'The visit';
/**
 * Counting stops here rather than scan a million index entries for a total: with more matches the total reads
 * 10,000 (the list offers their first 1,000 pages of 10).
 */
export const VISIT_COUNT_CAP = 10_000;

// Names come from scalar subqueries rather than joins: on a page of 10 visits they cost ten index lookups
// each, and the planner does not search join orders over seven tables (which took longer than the query).
const visitRowColumns = {
  visit: visits,
  episodeTitle: sql<string>`(select e.title from ${episodes} e where e.id = ${visits.episodeId})`,
  organizationName: sql<string>`(select r.name from ${referralSources} r where r.id = ${visits.referralSourceId})`,
  patientName: sql<string | null>`(select p.last_name || ', ' || p.first_name from ${patients} p
    where p.id = ${visits.patientId})`,
  visitType: sql<string>`(select t.type from ${visitTypes} t where t.id = ${visits.visitTypeId})`,
  providerType: sql<string>`(select t.type from ${providerTypes} t where t.id = ${visits.providerTypeId})`,
  providerName: sql<string | null>`(select p.family_name || ', ' || p.given_name from ${providers} p
    where p.id = ${visits.providerId})`,
};

type Joined = {
  visit: typeof visits.$inferSelect;
  episodeTitle: string;
  organizationName: string;
  patientName: string | null;
  visitType: string;
  providerType: string;
  providerName: string | null;
};

/** Visit rows with their names, for the given filter, in the given order. */
export function selectVisitRows(ex: Executor) {
  return ex.select(visitRowColumns).from(visits);
}

/** The API shape of a visit; organization users never see the clinician's pay. */
export function toVisitRow(row: Joined, actor: Actor | null): VisitRow {
  const v = row.visit;
  return {
    id: v.id,
    episodeId: v.episodeId,
    episodeTitle: row.episodeTitle,
    episodeType: v.episodeType,
    referralSourceId: v.referralSourceId,
    organizationName: row.organizationName,
    patientId: v.patientId,
    patientName: row.patientName,
    visitTypeId: v.visitTypeId,
    visitType: row.visitType,
    providerTypeId: v.providerTypeId,
    providerType: row.providerType,
    dateOfService: v.dateOfService,
    startAt: v.startAt.toISOString(),
    endAt: v.endAt.toISOString(),
    ...(v.timeZone ? { timeZone: v.timeZone } : {}),
    duration: v.duration,
    status: v.status as VisitStatus,
    paused: v.paused,
    nonVisit: v.nonVisit,
    lateCancellation: v.lateCancellation,
    shiftConfirmedByFacility: v.shiftConfirmedByFacility,
    providerId: v.providerId,
    providerName: row.providerName,
    providerAmount: actor && isOrganizationRole(actor.roleId) ? null : v.providerAmount,
    rsAmount: v.rsAmount,
    facilityResponse: v.facilityResponse,
    expireReason: v.expireReason,
    version: v.version,
  };
}

/** The WHERE of the visit list: the filters of the query and the organization scope. */
export function visitListWhere(actor: Actor, q: Omit<VisitListQuery, 'pageNumber' | 'pageSize' | 'sort'>) {
  const filters: (SQL | undefined)[] = [
    organizationScope(actor, visits.referralSourceId),
    q.status !== 'ALL' ? eq(visits.status, q.status) : undefined,
    q.from ? gte(visits.dateOfService, q.from) : undefined,
    q.to ? lte(visits.dateOfService, q.to) : undefined,
    q.visitTypeId ? eq(visits.visitTypeId, q.visitTypeId) : undefined,
    q.providerTypeId ? eq(visits.providerTypeId, q.providerTypeId) : undefined,
    q.episodeId ? eq(visits.episodeId, q.episodeId) : undefined,
    q.patientId ? eq(visits.patientId, q.patientId) : undefined,
    q.referralSourceId && !isOrganizationRole(actor.roleId)
      ? eq(visits.referralSourceId, q.referralSourceId)
      : undefined,
  ];
  return and(...filters.filter((f): f is SQL => f !== undefined));
}

/**
 * One page of visits, by date of service, start time and id, with a total counted up to {@link VISIT_COUNT_CAP} (reused
 * for a few seconds: brief-cache.ts).
 */
export async function listVisits(
  services: Pick<AppServices, 'db' | 'readCache'>,
  actor: Actor,
  where: SQL | undefined,
  page: { pageNumber: number; pageSize: number; descending: boolean },
): Promise<{ rows: VisitRow[]; totalCount: number }> {
  const ex = services.db;
  // Within a day by start time: the date indexes give the day order, an incremental sort the rest.
  const order = page.descending
    ? [desc(visits.dateOfService), desc(visits.startAt), desc(visits.id)]
    : [asc(visits.dateOfService), asc(visits.startAt), asc(visits.id)];
  const capped = ex
    .select({ one: sql`1` })
    .from(visits)
    .where(where)
    .limit(VISIT_COUNT_CAP)
    .as('capped');
  const counted = ex.select({ n: sql<number>`count(*)::int` }).from(capped);
  const rowsQuery = selectVisitRows(ex)
    .where(where)
    .orderBy(...order)
    .limit(page.pageSize)
    .offset((page.pageNumber - 1) * page.pageSize);
  // Every table the rows' names come from (visitRowColumns).
  const tables = [
    'visits',
    'episodes',
    'referral_sources',
    'patients',
    'visit_types',
    'provider_types',
    'providers',
  ];
  const [rows, totalCount] = await cachedPage(services, tables, rowsQuery, () =>
    Promise.all([
      rowsQuery,
      cachedCount(services, 'visits', counted, async () => (await counted)[0]?.n ?? 0),
    ]),
  );
  return { rows: rows.map((row) => toVisitRow(row, actor)), totalCount };
}
