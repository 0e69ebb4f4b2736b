// Clinicians' pay: the SQL. Ready For Export = an approved visit with a clinician and no provider_pay row (priced
// by the rate engine when read); Exported = its provider_pay row, written by the NACHA export.
import { and, asc, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { BILLABLE_VISIT_STATUSES } from '@carelane/shared-domain';
import {
  adjustments,
  fines,
  nachaFiles,
  patients,
  providerPay,
  providers,
  referralSources,
  users,
  visitTypes,
  visits,
} from '../../../db/schema';
import { idsParam, type Executor } from '../../../db/client';
import { selectPriced, selectPricedPage } from '../pricing';

export type PayFilter = { providerId?: number; startDate: string; endDate: string };

function readyWhere(f: PayFilter): SQL | undefined {
  return and(
    inArray(visits.status, [...BILLABLE_VISIT_STATUSES]),
    sql`${visits.providerId} is not null`,
    gte(visits.dateOfService, f.startDate),
    lte(visits.dateOfService, f.endDate),
    f.providerId !== undefined ? eq(visits.providerId, f.providerId) : undefined,
    // The date on the pay too: it is the visit's (migration 0022 keeps it), so only the period's pay is read.
    sql`not exists (select 1 from ${providerPay} p where p.visit_id = ${visits.id}
          and p.date_of_service between ${f.startDate} and ${f.endDate})`,
  );
}

export function listReady(ex: Executor, f: PayFilter, limit: number, offset: number) {
  return selectPricedPage(ex, readyWhere(f), limit, offset);
}

export async function countReady(ex: Executor, f: PayFilter): Promise<number> {
  const [row] = await ex
    .select({ n: sql<number>`count(*)::int` })
    .from(visits)
    .where(readyWhere(f));
  return row?.n ?? 0;
}

function exportedWhere(f: PayFilter): SQL | undefined {
  return and(
    gte(providerPay.dateOfService, f.startDate),
    lte(providerPay.dateOfService, f.endDate),
    f.providerId !== undefined ? eq(providerPay.providerId, f.providerId) : undefined,
  );
}

export function listExported(ex: Executor, f: PayFilter, limit: number, offset: number) {
  return ex
    .select({
      pay: providerPay,
      exportedAt: nachaFiles.createdAt,
      clinicianName: sql<string>`${providers.givenName} || ' ' || ${providers.familyName}`,
      patientName: sql<string>`coalesce(${patients.lastName} || ', ' || ${patients.firstName}, '')`,
      organizationName: referralSources.name,
      visitType: visitTypes.type,
      patientId: visits.patientId,
    })
    .from(providerPay)
    .innerJoin(nachaFiles, eq(nachaFiles.id, providerPay.nachaFileId))
    .innerJoin(providers, eq(providers.id, providerPay.providerId))
    .innerJoin(visits, eq(visits.id, providerPay.visitId))
    .innerJoin(referralSources, eq(referralSources.id, visits.referralSourceId))
    .innerJoin(visitTypes, eq(visitTypes.id, visits.visitTypeId))
    .leftJoin(patients, eq(patients.id, visits.patientId))
    .where(exportedWhere(f))
    .orderBy(desc(providerPay.dateOfService), desc(providerPay.id))
    .limit(limit)
    .offset(offset);
}

export async function countExported(ex: Executor, f: PayFilter): Promise<number> {
  const [row] = await ex
    .select({ n: sql<number>`count(*)::int` })
    .from(providerPay)
    .where(exportedWhere(f));
  return row?.n ?? 0;
}

/** The visits asked for export, locked, priced (inside the export's transaction). */
export function lockVisitsToPay(tx: Executor, visitIds: readonly number[]) {
  return selectPriced(tx)
    .where(sql`${visits.id} = any(${idsParam(visitIds)})`)
    .orderBy(asc(visits.id))
    .for('update', { of: visits });
}

export async function exportedVisitIds(ex: Executor, visitIds: readonly number[]): Promise<Set<number>> {
  const rows = await ex
    .select({ visitId: providerPay.visitId })
    .from(providerPay)
    .where(sql`${providerPay.visitId} = any(${idsParam(visitIds)})`);
  return new Set(rows.map((r) => r.visitId));
}

/** Active fines not yet deducted, oldest first, locked. */
export function lockDeductibleFines(tx: Executor, providerIds: readonly number[]) {
  return tx
    .select({ id: fines.id, providerId: fines.providerId, amountCents: fines.amountCents })
    .from(fines)
    .where(
      and(
        sql`${fines.providerId} = any(${idsParam(providerIds)})`,
        eq(fines.status, 'Active'),
        sql`${fines.nachaFileId} is null`,
      ),
    )
    .orderBy(asc(fines.createdAt), asc(fines.id))
    .for('update');
}

/** Applied payable adjustments not yet paid, locked. */
export function lockPayableAdjustments(tx: Executor, providerIds: readonly number[]) {
  return tx
    .select({ id: adjustments.id, providerId: adjustments.providerId, amountCents: adjustments.amountCents })
    .from(adjustments)
    .where(
      and(
        eq(adjustments.kind, 'payable'),
        eq(adjustments.status, 'Applied'),
        sql`${adjustments.providerId} = any(${idsParam(providerIds)})`,
        sql`${adjustments.nachaFileId} is null`,
      ),
    )
    .orderBy(asc(adjustments.id))
    .for('update');
}

/** Files released today so far (the file ID modifier counts them). */
export async function filesToday(tx: Executor): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(nachaFiles)
    .where(sql`${nachaFiles.createdAt}::date = current_date`);
  return row?.n ?? 0;
}

export async function insertFile(tx: Executor, file: typeof nachaFiles.$inferInsert) {
  const [row] = await tx.insert(nachaFiles).values(file).returning({ id: nachaFiles.id });
  return row!.id;
}

/**
 * The export's pay rows in one statement with one JSON parameter: 10,000 rows bound as 60,000 parameters cost
 * PGlite half a second to bind (and 10,923 rows would pass the protocol's 65,535).
 */
export async function insertPay(tx: Executor, rows: (typeof providerPay.$inferInsert)[]) {
  if (!rows.length) return;
  const json = JSON.stringify(
    rows.map((row) => ({
      provider_id: row.providerId,
      visit_id: row.visitId,
      date_of_service: row.dateOfService,
      amount_cents: row.amountCents,
      breakdown: row.breakdown,
      nacha_file_id: row.nachaFileId,
    })),
  );
  await tx.execute(
    sql`insert into ${providerPay} (provider_id, visit_id, date_of_service, amount_cents, breakdown, nacha_file_id)
        select provider_id, visit_id, date_of_service, amount_cents, breakdown, nacha_file_id
          from json_to_recordset(${json}::json)
            as x(provider_id int, visit_id int, date_of_service date, amount_cents bigint, breakdown text[],
                 nacha_file_id int)`,
  );
}

export async function markDeducted(tx: Executor, fileId: number, fineIds: number[], adjustmentIds: number[]) {
  if (fineIds.length)
    await tx
      .update(fines)
      .set({ nachaFileId: fileId })
      .where(sql`${fines.id} = any(${idsParam(fineIds)})`);
  if (adjustmentIds.length)
    await tx
      .update(adjustments)
      .set({ nachaFileId: fileId })
      .where(sql`${adjustments.id} = any(${idsParam(adjustmentIds)})`);
}

const fileColumns = {
  id: nachaFiles.id,
  fileName: nachaFiles.fileName,
  effectiveDate: nachaFiles.effectiveDate,
  entryCount: nachaFiles.entryCount,
  totalCreditCents: nachaFiles.totalCreditCents,
  createdAt: nachaFiles.createdAt,
  createdBy: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
};

export function listFiles(ex: Executor) {
  return ex
    .select(fileColumns)
    .from(nachaFiles)
    .innerJoin(users, eq(users.id, nachaFiles.createdBy))
    .orderBy(desc(nachaFiles.id))
    .limit(500);
}

export async function findFile(ex: Executor, id: number) {
  const [row] = await ex
    .select(fileColumns)
    .from(nachaFiles)
    .innerJoin(users, eq(users.id, nachaFiles.createdBy))
    .where(eq(nachaFiles.id, id));
  return row;
}

/** The file's text as kept: sealed, or (released before migration 0024, not yet sealed) in clear. */
export async function findFileText(ex: Executor, id: number) {
  const [row] = await ex
    .select({ content: nachaFiles.content, contentSealed: nachaFiles.contentSealed })
    .from(nachaFiles)
    .where(eq(nachaFiles.id, id));
  return row;
}

/** The files kept in clear or not sealed under the key named `keyPrefix` (decision 035's re-seal at start). */
export async function filesNotSealedUnder(ex: Executor, keyPrefix: string): Promise<number[]> {
  const rows = await ex
    .select({ id: nachaFiles.id })
    .from(nachaFiles)
    .where(
      sql`${nachaFiles.content} is not null or not starts_with(${nachaFiles.contentSealed}, ${keyPrefix})`,
    )
    .orderBy(asc(nachaFiles.id));
  return rows.map((row) => row.id);
}

/** Keeps a file sealed as `after`; false when it changed since it was read as `before`. */
export async function resealFile(
  ex: Executor,
  id: number,
  before: { content: string | null; contentSealed: string | null },
  after: string,
) {
  const rows = await ex
    .update(nachaFiles)
    .set({ content: null, contentSealed: after })
    .where(
      and(
        eq(nachaFiles.id, id),
        sql`${nachaFiles.content} is not distinct from ${before.content}`,
        sql`${nachaFiles.contentSealed} is not distinct from ${before.contentSealed}`,
      ),
    )
    .returning({ id: nachaFiles.id });
  return rows.length > 0;
}
