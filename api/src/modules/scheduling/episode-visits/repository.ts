// Visits and shifts of one service request in SQL: read with their rate entry and clinician, added, and the
// rows a new visit copies (visit type, provider type, rate card, place).
import { and, asc, eq, sql } from 'drizzle-orm';
import type { EpisodeVisit } from '@carelane/shared-domain';
import {
  facilities,
  patients,
  providers,
  providerTypes,
  referralSourceRates,
  visitProviderTypes,
  visits,
  visitTypes,
} from '../../../db/schema';
import type { Executor, Tx } from '../../../db/client';

type VisitInsert = typeof visits.$inferInsert;
type ProviderTypeEntry = Omit<typeof visitProviderTypes.$inferInsert, 'visitId'>;

const visitColumns = {
  visit: visits,
  fixedRate: visitProviderTypes.fixedRate,
  providerAmount: visitProviderTypes.providerAmount,
  providerName: sql<string | null>`case when ${providers.id} is null then null
    else ${providers.givenName} || ' ' || ${providers.familyName} end`,
};
export type EpisodeVisitRow = {
  visit: typeof visits.$inferSelect;
  fixedRate: number | null;
  providerAmount: number | null;
  providerName: string | null;
};

export const toVisit = ({
  visit: v,
  fixedRate,
  providerAmount,
  providerName,
}: EpisodeVisitRow): EpisodeVisit => ({
  id: v.id,
  episodeId: v.episodeId,
  episodeType: v.episodeType,
  visitTypeId: v.visitTypeId,
  providerTypeId: v.providerTypeId,
  dateOfService: v.dateOfService,
  startAt: v.startAt.toISOString(),
  endAt: v.endAt.toISOString(),
  duration: v.duration,
  status: v.status,
  isHourly: v.isHourly,
  bonus: v.bonus,
  referralSourceBonus: v.referralSourceBonus,
  rateOverride: v.rateOverride,
  overrideAmount: v.overrideAmount,
  rsOverrideAmount: v.rsOverrideAmount,
  rateTier: v.rateTier,
  fixedRate,
  providerAmount,
  lateCancellation: v.lateCancellation,
  shiftConfirmedByFacility: v.shiftConfirmedByFacility,
  providerId: v.providerId,
  providerName,
  version: v.version,
});

function selectVisits(ex: Executor) {
  return ex
    .select(visitColumns)
    .from(visits)
    .leftJoin(
      visitProviderTypes,
      and(
        eq(visitProviderTypes.visitId, visits.id),
        eq(visitProviderTypes.providerTypeId, visits.providerTypeId),
      ),
    )
    .leftJoin(providers, eq(providers.id, visits.providerId))
    .$dynamic();
}

/** One visit of the service request, or undefined. */
export async function findEpisodeVisit(
  ex: Executor,
  episodeId: number,
  visitId: number,
): Promise<EpisodeVisitRow | undefined> {
  const [row] = await selectVisits(ex).where(and(eq(visits.id, visitId), eq(visits.episodeId, episodeId)));
  return row;
}

/** One page of the service request's visits that are not Deleted, by date then start time, and their total. */
export async function listEpisodeVisits(
  ex: Executor,
  episodeId: number,
  page: { pageNumber: number; pageSize: number },
) {
  const where = and(eq(visits.episodeId, episodeId), sql`${visits.status} <> 'Deleted'`);
  const [rows, [count]] = await Promise.all([
    selectVisits(ex)
      .where(where)
      .orderBy(asc(visits.dateOfService), asc(visits.startAt), asc(visits.id))
      .limit(page.pageSize)
      .offset((page.pageNumber - 1) * page.pageSize),
    ex
      .select({ n: sql<number>`count(*)::int` })
      .from(visits)
      .where(where),
  ]);
  return { rows, totalCount: count?.n ?? 0 };
}

export async function findVisitType(ex: Executor, id: number) {
  const [row] = await ex.select().from(visitTypes).where(eq(visitTypes.id, id));
  return row;
}

export async function findProviderType(ex: Executor, id: number) {
  const [row] = await ex.select().from(providerTypes).where(eq(providerTypes.id, id));
  return row;
}

/** The organization's rate card entry for this provider type and visit type. */
export async function findRateCard(
  ex: Executor,
  referralSourceId: number,
  providerTypeId: number,
  visitTypeId: number,
) {
  const [card] = await ex
    .select()
    .from(referralSourceRates)
    .where(
      and(
        eq(referralSourceRates.referralSourceId, referralSourceId),
        eq(referralSourceRates.providerTypeId, providerTypeId),
        eq(referralSourceRates.visitTypeId, visitTypeId),
      ),
    );
  return card;
}

/** Where a new visit takes place: the facility of a shift request, else the patient's address. */
export async function findVisitPlace(
  ex: Executor,
  episode: { episodeType: string; facilityId: number | null; patientId: number | null },
) {
  if (episode.episodeType === 'Shift' && episode.facilityId)
    return (await ex.select().from(facilities).where(eq(facilities.id, episode.facilityId)))[0];
  if (episode.patientId)
    return (await ex.select().from(patients).where(eq(patients.id, episode.patientId)))[0];
  return undefined;
}

export async function insertVisits(tx: Tx, rows: VisitInsert[]): Promise<number[]> {
  const inserted = await tx.insert(visits).values(rows).returning({ id: visits.id });
  return inserted.map((v) => v.id);
}

/** The visit's rate entry for its provider type, written or replaced. */
export async function saveProviderType(tx: Tx, visitId: number, values: ProviderTypeEntry): Promise<void> {
  await tx
    .insert(visitProviderTypes)
    .values({ ...values, visitId })
    .onConflictDoUpdate({
      target: [visitProviderTypes.visitId, visitProviderTypes.providerTypeId],
      set: values,
    });
}
