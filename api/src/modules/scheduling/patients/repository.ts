import { and, desc, eq, gte, ilike, lte, or, sql, type SQL } from 'drizzle-orm';
import type { PatientListQuery } from '@carelane/shared-domain';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { patients } from '../../../db/scheduling-schema';
import { referralSources } from '../../../db/schema';
import type { Executor } from '../../../db/client';
import { cachedPage } from '../../../lib/paging';
import type { AppServices } from '../../../services/app-services';
import { containsPattern } from '../../../lib/like-pattern';
import { updateVersioned } from '../../../lib/versioned-update';
import type { Actor, RequestContext } from '../../../services/context';
import { organizationScope, staleConflict } from './scope';

export type PatientRow = typeof patients.$inferSelect;
export type PatientInsert = typeof patients.$inferInsert;
/** A patient with its organization's name. */
export type PatientWithOrganization = { patient: PatientRow; referralSourceName: string };

const columns = {
  patient: patients,
  referralSourceName: referralSources.name,
};

function selectPatients(ex: Executor) {
  return ex
    .select(columns)
    .from(patients)
    .innerJoin(referralSources, eq(referralSources.id, patients.referralSourceId));
}

/** One page of the patients the actor may see, newest first; `created` bounds the creation time. */
export async function listPatientRows(
  services: Pick<AppServices, 'db' | 'readCache'>,
  actor: Actor,
  q: PatientListQuery,
  created: { start: Date; end: Date } | null,
) {
  const filters: (SQL | undefined)[] = [organizationScope(actor, patients.referralSourceId)];
  if (q.status !== 'ALL') filters.push(eq(patients.status, q.status));
  if (q.referralSourceId) filters.push(eq(patients.referralSourceId, q.referralSourceId));
  if (q.search) {
    const pattern = containsPattern(q.search);
    const digits = q.search.replace(/\D/g, '');
    filters.push(
      or(
        ilike(sql`${patients.firstName} || ' ' || ${patients.lastName}`, pattern),
        ilike(sql`${patients.lastName} || ', ' || ${patients.firstName}`, pattern),
        digits.length >= 3 ? ilike(patients.phoneNumber1, containsPattern(digits)) : undefined,
        /^\d{3,5}$/.test(q.search) ? eq(patients.zipcode, q.search) : undefined,
      ),
    );
  }
  if (created) filters.push(gte(patients.createdAt, created.start), lte(patients.createdAt, created.end));
  const where = and(...filters);
  const ex = services.db;
  const page = selectPatients(ex)
    .where(where)
    .orderBy(desc(patients.createdAt), desc(patients.id))
    .limit(q.pageSize)
    .offset((q.pageNumber - 1) * q.pageSize);
  return cachedPage(services, ['patients', 'referral_sources'], page, async () => {
    const [rows, [count]] = await Promise.all([
      page,
      ex
        .select({ n: sql<number>`count(*)::int` })
        .from(patients)
        .where(where),
    ]);
    return { rows: rows as PatientWithOrganization[], totalCount: count?.n ?? 0 };
  });
}

export async function findPatient(ex: Executor, id: number): Promise<PatientWithOrganization | undefined> {
  const [row] = await selectPatients(ex).where(eq(patients.id, id));
  return row;
}

export async function insertPatient(ex: Executor, values: PatientInsert): Promise<PatientRow> {
  const [row] = await ex.insert(patients).values(values).returning();
  return row!;
}

/** The versioned edit of a patient: refused when stale, audited and announced to its organization. */
export function updatePatient(
  ex: Executor,
  ctx: RequestContext,
  before: PatientRow,
  changes: PgUpdateSetSource<typeof patients>,
  staleMessage: string,
): Promise<PatientRow> {
  return updateVersioned(ex, ctx, patients, before, changes, {
    entity: 'patient',
    stale: () => staleConflict(staleMessage),
    audience: () => ({ referralSourceId: before.referralSourceId }),
  });
}

/** Archives the patient with a reason (a versioned edit). */
export const archivePatientRow = (
  ex: Executor,
  ctx: RequestContext,
  before: PatientRow,
  reason: string,
  staleMessage: string,
) =>
  updatePatient(
    ex,
    ctx,
    before,
    { status: 'ARCHIVED', archiveReason: reason, archivedAt: sql`now()` },
    staleMessage,
  );
