// Service requests (episodes) in SQL: read as the API answers them, listed, and written.
import { and, desc, eq, gte, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import {
  episodeFrequencySchema,
  episodePreferencesSchema,
  episodeVisitRateSchema,
  type Episode,
  type EpisodeListQuery,
  type EpisodeStatus,
  type VisitStatus,
} from '@carelane/shared-domain';
import { episodes, patients, visits } from '../../../db/scheduling-schema';
import { referralSources, users } from '../../../db/schema';
import type { Executor, Tx } from '../../../db/client';
import { notFound } from '../../../lib/errors';
import { containsPattern } from '../../../lib/like-pattern';
import type { AppServices } from '../../../services/app-services';
import type { Actor } from '../../../services/context';
import { cachedPage } from '../../../lib/paging';
import { cachedCount } from '../brief-cache';
import { assertInScope, organizationScope } from '../patients/scope';

export const EPISODE_THING = 'The service request';
export type EpisodeRow = typeof episodes.$inferSelect;
type EpisodeInsert = typeof episodes.$inferInsert;
type Loaded = {
  episode: EpisodeRow;
  referralSource: {
    id: number;
    name: string;
    phone: string | null;
    fax: string | null;
    email: string | null;
  };
  patientName: string | null;
  careTeamTopicId: number | null;
};

export const patientNameSql = sql<string | null>`case when ${patients.id} is null then null
  else ${patients.lastName} || ', ' || ${patients.firstName} end`;

/**
 * One service request the actor may see (Deleted ones too, so their page can say so), or the 404. `found` hears
 * of its patient before the organization check, so a read refused by it can be recorded naming the patient.
 */
export async function loadEpisode(
  ex: Executor,
  actor: Actor,
  id: number,
  found?: (patientId: number | null) => void,
): Promise<Loaded> {
  const [row] = await ex
    .select({
      episode: episodes,
      referralSource: {
        id: referralSources.id,
        name: referralSources.name,
        phone: referralSources.phone,
        fax: referralSources.fax,
        email: referralSources.email,
      },
      patientName: patientNameSql,
      // The messaging area's care-team conversation of the request, once someone has opened it (decision 059).
      careTeamTopicId: sql<number | null>`(select t.id from chat_topics t
        where t.kind = 'careTeam' and t.episode_id = ${episodes.id})`,
    })
    .from(episodes)
    .innerJoin(referralSources, eq(referralSources.id, episodes.referralSourceId))
    .leftJoin(patients, eq(patients.id, episodes.patientId))
    .where(eq(episodes.id, id));
  if (!row) throw notFound(EPISODE_THING);
  found?.(row.episode.patientId);
  assertInScope(actor, row.episode.referralSourceId, EPISODE_THING);
  return row;
}

/** The patient of a service request, if it has one: what a refused read of it names (access-log.ts RouteRead). */
export async function episodePatientIds(ex: Executor, id: number): Promise<number[]> {
  const [row] = await ex.select({ patientId: episodes.patientId }).from(episodes).where(eq(episodes.id, id));
  return row?.patientId == null ? [] : [row.patientId];
}

export function toEpisode({ episode: e, referralSource, patientName, careTeamTopicId }: Loaded): Episode {
  return {
    id: e.id,
    referralSourceId: e.referralSourceId,
    referralSource,
    episodeType: e.episodeType,
    title: e.title,
    description: e.description,
    notes: e.notes,
    status: e.status as EpisodeStatus,
    startDate: e.startDate,
    endDate: e.endDate,
    patientId: e.patientId,
    patientName,
    physicianId: e.physicianId,
    facilityId: e.facilityId,
    insuranceIds: e.insuranceIds,
    externalInsuranceId: e.externalInsuranceId,
    payor: e.payor,
    authorizedVisits: e.authorizedVisits,
    language: e.language,
    visitTypeIds: e.visitTypeIds,
    providerTypeIds: e.providerTypeIds,
    frequencies: episodeFrequencySchema.array().catch([]).parse(e.frequencies),
    contactIds: e.contactIds,
    patientContactIds: e.patientContactIds,
    caseManagerId: e.caseManagerId,
    careCoordinatorId: e.careCoordinatorId,
    customerCareCoordinatorId: e.customerCareCoordinatorId,
    vendorManagerId: e.vendorManagerId,
    preferences: episodePreferencesSchema.catch({}).parse(e.preferences),
    enableNotesWorkflow: e.enableNotesWorkflow,
    visitRate: episodeVisitRateSchema.catch({}).parse(e.visitRate),
    publishedAt: e.publishedAt?.toISOString() ?? null,
    archiveReason: e.archiveReason,
    archivedAt: e.archivedAt?.toISOString() ?? null,
    createdBy: e.createdBy,
    createdAt: e.createdAt.toISOString(),
    updatedAt: e.updatedAt.toISOString(),
    version: e.version,
    careTeamTopicId,
  };
}

/** The list's filters, already defaulted: the organization scope and the query's own. */
export function episodeListWhere(
  actor: Actor,
  q: Pick<EpisodeListQuery, 'episodeType' | 'referralSourceId' | 'patientId' | 'search'>,
  defaults: { status: string; mine: boolean; from: Date; to: Date },
): SQL | undefined {
  const filters: (SQL | undefined)[] = [
    organizationScope(actor, episodes.referralSourceId),
    defaults.status === 'ALL' ? sql`${episodes.status} <> 'Deleted'` : eq(episodes.status, defaults.status),
    gte(episodes.createdAt, defaults.from),
    lte(episodes.createdAt, defaults.to),
  ];
  if (defaults.mine)
    filters.push(or(eq(episodes.createdBy, actor.userId), eq(episodes.careCoordinatorId, actor.userId)));
  if (q.episodeType) filters.push(eq(episodes.episodeType, q.episodeType));
  if (q.referralSourceId) filters.push(eq(episodes.referralSourceId, q.referralSourceId));
  if (q.patientId) filters.push(eq(episodes.patientId, q.patientId));
  if (q.search) {
    const pattern = containsPattern(q.search);
    filters.push(
      or(
        ilike(episodes.title, pattern),
        ilike(sql`${patients.firstName} || ' ' || ${patients.lastName}`, pattern),
        ilike(sql`${patients.lastName} || ', ' || ${patients.firstName}`, pattern),
        /^\d{1,9}$/.test(q.search) ? eq(episodes.id, Number(q.search)) : undefined,
      ),
    );
  }
  return and(...filters);
}

/** One page of the list, newest first, and the total (reused for a few seconds: brief-cache.ts). */
export async function listEpisodes(
  services: Pick<AppServices, 'db' | 'readCache'>,
  where: SQL | undefined,
  page: { pageNumber: number; pageSize: number; joinPatients: boolean },
) {
  const ex = services.db;
  const counting = ex
    .select({ n: sql<number>`count(*)::int` })
    .from(episodes)
    .$dynamic();
  // The count reads episodes alone (same indexes as the page) unless the search needs the patient.
  const counted = (
    page.joinPatients ? counting.leftJoin(patients, eq(patients.id, episodes.patientId)) : counting
  ).where(where);
  const rowsQuery = ex
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
      patientName: patientNameSql,
      careCoordinatorName: sql<string | null>`case when ${users.id} is null then null
          else ${users.firstName} || ' ' || ${users.lastName} end`,
      createdAt: episodes.createdAt,
    })
    .from(episodes)
    .innerJoin(referralSources, eq(referralSources.id, episodes.referralSourceId))
    .leftJoin(patients, eq(patients.id, episodes.patientId))
    .leftJoin(users, eq(users.id, episodes.careCoordinatorId))
    .where(where)
    .orderBy(desc(episodes.createdAt), desc(episodes.id))
    .limit(page.pageSize)
    .offset((page.pageNumber - 1) * page.pageSize);
  const tables = ['episodes', 'referral_sources', 'patients', 'users'];
  const [rows, totalCount] = await cachedPage(services, tables, rowsQuery, () =>
    Promise.all([
      rowsQuery,
      cachedCount(services, 'episodes', counted, async () => (await counted)[0]?.n ?? 0),
    ]),
  );
  return { rows: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })), totalCount };
}

export async function insertEpisode(tx: Tx, values: EpisodeInsert): Promise<EpisodeRow> {
  const [row] = await tx.insert(episodes).values(values).returning();
  return row!;
}

/** Whether the service request has a visit that is not Deleted. */
export async function hasLiveVisits(ex: Executor, episodeId: number): Promise<boolean> {
  const [visit] = await ex
    .select({ id: visits.id })
    .from(visits)
    .where(and(eq(visits.episodeId, episodeId), sql`${visits.status} <> 'Deleted'`))
    .limit(1);
  return Boolean(visit);
}

/** Every visit of the service request, with its status. */
export function episodeVisitStatuses(ex: Executor, episodeId: number) {
  return ex
    .select({ id: visits.id, status: visits.status })
    .from(visits)
    .where(eq(visits.episodeId, episodeId));
}

/** Moves the visits to `status` (the caller decided by the state machine), bumping their versions. */
export async function setVisitStatus(
  tx: Tx,
  ids: number[],
  status: VisitStatus,
  expireReason: string | undefined,
): Promise<void> {
  await tx
    .update(visits)
    .set({
      status,
      ...(expireReason !== undefined && { expireReason }),
      updatedAt: sql`now()`,
      version: sql`${visits.version} + 1`,
    })
    .where(inArray(visits.id, ids));
}

/** Writes the service request's new status (and the stamps of publish and archive) if still at `before.version`. */
export async function setEpisodeStatus(
  tx: Tx,
  before: EpisodeRow,
  change: { status: string; published?: boolean; archiveReason?: string },
): Promise<EpisodeRow | undefined> {
  const [after] = await tx
    .update(episodes)
    .set({
      status: change.status,
      ...(change.published && { publishedAt: sql`now()` }),
      ...(change.archiveReason !== undefined && {
        archiveReason: change.archiveReason,
        archivedAt: sql`now()`,
      }),
      updatedAt: sql`now()`,
      version: before.version + 1,
    })
    .where(and(eq(episodes.id, before.id), eq(episodes.version, before.version)))
    .returning();
  return after;
}
