// Reading service requests (episodes) as the API answers them, and checking what a write refers to.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import {
  episodeFrequencySchema,
  episodePreferencesSchema,
  episodeVisitRateSchema,
  type Episode,
  type EpisodeStatus,
} from '@carelane/shared-domain';
import {
  contacts,
  episodes,
  facilities,
  insurances,
  patients,
  physicians,
  providerTypes,
  visitTypes,
} from '../../../db/scheduling-schema';
import { referralSources, users } from '../../../db/schema';
import type { Executor } from '../../../db/client';
import { badRequest, notFound } from '../../../lib/errors';
import type { Actor } from '../../../services/context';
import { assertInScope } from '../patients/scope';

export const EPISODE_THING = 'The service request';
type EpisodeRow = typeof episodes.$inferSelect;
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
};

export const patientNameSql = sql<string | null>`case when ${patients.id} is null then null
  else ${patients.lastName} || ', ' || ${patients.firstName} end`;

/** One service request the actor may see (Deleted ones too, so their page can say so), or the 404. */
export async function loadEpisode(ex: Executor, actor: Actor, id: number): Promise<Loaded> {
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
    })
    .from(episodes)
    .innerJoin(referralSources, eq(referralSources.id, episodes.referralSourceId))
    .leftJoin(patients, eq(patients.id, episodes.patientId))
    .where(eq(episodes.id, id));
  if (!row) throw notFound(EPISODE_THING);
  assertInScope(actor, row.episode.referralSourceId, EPISODE_THING);
  return row;
}

export function toEpisode({ episode: e, referralSource, patientName }: Loaded): Episode {
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
  };
}

async function assertAllExist(
  ex: Executor,
  table: PgTable,
  idColumn: AnyPgColumn,
  ids: readonly number[] | null | undefined,
  field: string,
  scope?: { column: AnyPgColumn; referralSourceId: number },
): Promise<void> {
  const wanted = [...new Set((ids ?? []).filter((id): id is number => typeof id === 'number'))];
  if (!wanted.length) return;
  const found = await ex
    .select({ id: idColumn })
    .from(table)
    .where(and(inArray(idColumn, wanted), scope ? eq(scope.column, scope.referralSourceId) : undefined));
  if (found.length !== wanted.length)
    throw badRequest(field, scope ? "must belong to the service request's organization" : 'is not known');
}

type References = {
  startDate?: string;
  endDate?: string | null;
  patientId?: number | null;
  physicianId?: number | null;
  facilityId?: number | null;
  insuranceIds?: number[];
  visitTypeIds?: number[];
  providerTypeIds?: number[];
  frequencies?: { visitTypeId: number }[];
  contactIds?: number[];
  patientContactIds?: number[];
  caseManagerId?: number | null;
  careCoordinatorId?: number | null;
  customerCareCoordinatorId?: number | null;
  vendorManagerId?: number | null;
};

/** Field errors for anything a service request refers to that is unknown or of another organization. */
export async function assertReferences(
  ex: Executor,
  referralSourceId: number,
  input: References,
): Promise<void> {
  if (input.startDate && input.endDate && input.endDate < input.startDate)
    throw badRequest('endDate', 'cannot be before the start date');
  const own = (column: AnyPgColumn) => ({ column, referralSourceId });
  const one = (id: number | null | undefined) => (id ? [id] : []);
  await assertAllExist(
    ex,
    patients,
    patients.id,
    one(input.patientId),
    'patientId',
    own(patients.referralSourceId),
  );
  await assertAllExist(
    ex,
    facilities,
    facilities.id,
    one(input.facilityId),
    'facilityId',
    own(facilities.referralSourceId),
  );
  await assertAllExist(ex, physicians, physicians.id, one(input.physicianId), 'physicianId');
  await assertAllExist(ex, insurances, insurances.id, input.insuranceIds, 'insuranceIds');
  await assertAllExist(ex, visitTypes, visitTypes.id, input.visitTypeIds, 'visitTypeIds');
  await assertAllExist(
    ex,
    visitTypes,
    visitTypes.id,
    input.frequencies?.map((f) => f.visitTypeId),
    'frequencies',
  );
  await assertAllExist(ex, providerTypes, providerTypes.id, input.providerTypeIds, 'providerTypeIds');
  await assertAllExist(ex, contacts, contacts.id, input.contactIds, 'contactIds');
  await assertAllExist(ex, contacts, contacts.id, input.patientContactIds, 'patientContactIds');
  await assertAllExist(ex, contacts, contacts.id, one(input.caseManagerId), 'caseManagerId');
  for (const field of ['careCoordinatorId', 'customerCareCoordinatorId', 'vendorManagerId'] as const)
    await assertAllExist(ex, users, users.id, one(input[field]), field);
}
