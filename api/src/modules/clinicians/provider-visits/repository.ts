// Reading a clinician's visits with where they take place (the patient's address, or the facility's for a
// shift), and writing the EVV record of a check-in or check-out with its flags.
import { and, asc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { EvvFlag, ProviderVisitRow, VisitStatus } from '@carelane/shared-domain';
import { evvFlags } from '../../../db/evv-schema';
import { evvRecords } from '../../../db/feedback-schema';
import { facilities, patients, providers, referralSources, visitTypes, visits } from '../../../db/schema';
import type { Executor } from '../../../db/client';

const place = (column: string) => sql.raw(`coalesce(pa.${column}, fa.${column})`) as SQL<string | null>;

const rowColumns = {
  visit: visits,
  organizationName: sql<string>`(select r.name from ${referralSources} r where r.id = ${visits.referralSourceId})`,
  visitType: sql<string>`(select t.type from ${visitTypes} t where t.id = ${visits.visitTypeId})`,
  telehealth: sql<boolean>`coalesce((select t.telehealth from ${visitTypes} t where t.id = ${visits.visitTypeId}), false)`,
  patientName: sql<
    string | null
  >`case when pa.id is null then null else pa.last_name || ', ' || pa.first_name end`,
  facilityName: sql<string | null>`fa.name`,
  addressLine1: place('address_line1'),
  addressLine2: place('address_line2'),
  city: place('city'),
  state: place('state'),
  zipcode: sql<string | null>`coalesce(pa.zipcode, fa.zipcode, ${visits.zipcode})`,
  latitude: sql<number | null>`coalesce(pa.latitude, fa.latitude, ${visits.latitude})`,
  longitude: sql<number | null>`coalesce(pa.longitude, fa.longitude, ${visits.longitude})`,
};

function selectRows(ex: Executor) {
  return ex
    .select(rowColumns)
    .from(visits)
    .leftJoin(sql`${patients} pa`, sql`pa.id = ${visits.patientId}`)
    .leftJoin(sql`${facilities} fa`, sql`fa.id = ${visits.facilityId}`);
}

type Joined = Awaited<ReturnType<ReturnType<typeof selectRows>['execute']>>[number];

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A row before its zone is settled: the visit's own zone (null before migration 0029) and its organization. */
export type ProviderVisitDraft = Omit<ProviderVisitRow, 'timeZone'> & {
  timeZone: string | null;
  referralSourceId: number;
};

function toProviderVisitDraft(row: Joined): ProviderVisitDraft {
  const v = row.visit;
  return {
    id: v.id,
    referralSourceId: v.referralSourceId,
    timeZone: v.timeZone,
    episodeId: v.episodeId,
    episodeType: v.episodeType,
    organizationName: row.organizationName,
    patientId: v.patientId,
    patientName: row.patientName,
    placeName: row.facilityName ?? row.patientName,
    address: {
      addressLine1: row.addressLine1,
      addressLine2: row.addressLine2,
      city: row.city,
      state: row.state,
      zipcode: row.zipcode,
      latitude: row.latitude === null ? null : Number(row.latitude),
      longitude: row.longitude === null ? null : Number(row.longitude),
    },
    visitType: row.visitType,
    telehealth: row.telehealth,
    dateOfService: v.dateOfService,
    startAt: v.startAt.toISOString(),
    endAt: v.endAt.toISOString(),
    status: v.status as VisitStatus,
    lateCancellation: v.lateCancellation,
    shiftConfirmedByFacility: v.shiftConfirmedByFacility,
    timeIn: iso(v.timeIn),
    timeOut: iso(v.timeOut),
    version: v.version,
  };
}

export interface ProviderVisitFilter {
  providerId: number;
  statuses: readonly VisitStatus[] | null;
  startDate: string;
  endDate: string;
}

function where(f: ProviderVisitFilter) {
  return and(
    eq(visits.providerId, f.providerId),
    gte(visits.dateOfService, f.startDate),
    lte(visits.dateOfService, f.endDate),
    f.statuses ? inArray(visits.status, [...f.statuses]) : undefined,
  );
}

/** One page of the clinician's visits by date of service and start time, with the total. */
export async function listProviderVisits(
  ex: Executor,
  filter: ProviderVisitFilter,
  page: { pageNumber: number; pageSize: number },
): Promise<{ rows: ProviderVisitDraft[]; totalCount: number }> {
  const [rows, [count]] = await Promise.all([
    selectRows(ex)
      .where(where(filter))
      .orderBy(asc(visits.dateOfService), asc(visits.startAt), asc(visits.id))
      .limit(page.pageSize)
      .offset((page.pageNumber - 1) * page.pageSize),
    ex
      .select({ n: sql<number>`count(*)::int` })
      .from(visits)
      .where(where(filter)),
  ]);
  return { rows: rows.map(toProviderVisitDraft), totalCount: count?.n ?? 0 };
}

/** One visit as the clinician's list shows it. */
export async function findProviderVisit(ex: Executor, visitId: number): Promise<ProviderVisitDraft | null> {
  const [row] = await selectRows(ex).where(eq(visits.id, visitId));
  return row ? toProviderVisitDraft(row) : null;
}

/** The visit, locked for its check-in or check-out, with its place's state and position (its time zone, home). */
export async function lockVisit(tx: Executor, visitId: number) {
  const [row] = await tx
    .select({
      visit: visits,
      state: place('state'),
      latitude: rowColumns.latitude,
      longitude: rowColumns.longitude,
    })
    .from(visits)
    .leftJoin(sql`${patients} pa`, sql`pa.id = ${visits.patientId}`)
    .leftJoin(sql`${facilities} fa`, sql`fa.id = ${visits.facilityId}`)
    .where(eq(visits.id, visitId))
    .for('update', { of: visits });
  if (!row) return null;
  const position = (value: number | null) => (value === null ? null : Number(value));
  return {
    visit: row.visit,
    place: { state: row.state, latitude: position(row.latitude), longitude: position(row.longitude) },
  };
}

/** The EVV record of one tap and its flags; answers the flags' ids. */
export async function insertEvvRecord(
  tx: Executor,
  record: typeof evvRecords.$inferInsert,
  flags: readonly EvvFlag[],
): Promise<number[]> {
  const [written] = await tx.insert(evvRecords).values(record).returning({ id: evvRecords.id });
  if (!flags.length) return [];
  const rows = await tx
    .insert(evvFlags)
    .values(
      flags.map((flag) => ({
        visitId: record.visitId,
        evvRecordId: written!.id,
        kind: flag.kind,
        distanceMiles: flag.distanceMiles,
        limitMiles: flag.limitMiles,
      })),
    )
    .returning({ id: evvFlags.id });
  return rows.map((row) => row.id);
}

/** A clinician's id and name (null when there is none). */
export async function findClinicianName(ex: Executor, providerId: number) {
  const [row] = await ex
    .select({ id: providers.id, givenName: providers.givenName, familyName: providers.familyName })
    .from(providers)
    .where(eq(providers.id, providerId));
  return row ?? null;
}
