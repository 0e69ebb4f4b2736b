// Unbilled visits and invoices: the SQL. A visit is unbilled while no invoice line holds it
// (invoice_lines_visit_key); an invoice's paid amount is the sum of what payments applied to it.
import { and, asc, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { BILLABLE_VISIT_STATUSES } from '@carelane/shared-domain';
import {
  adjustments,
  billingCounters,
  invoiceEvents,
  invoiceFiles,
  invoiceLines,
  invoices,
  paymentAllocations,
  payments,
  referralSources,
  users,
  visits,
} from '../../../db/schema';
import { insertInSlices, type Executor } from '../../../db/client';
import { selectPriced, selectPricedPage } from '../pricing';

export type UnbilledFilter = {
  referralSourceId?: number;
  referralSourceIds?: readonly number[];
  startDate: string;
  endDate: string;
};

function unbilledWhere(f: UnbilledFilter): SQL | undefined {
  return and(
    inArray(visits.status, [...BILLABLE_VISIT_STATUSES]),
    gte(visits.dateOfService, f.startDate),
    lte(visits.dateOfService, f.endDate),
    f.referralSourceId !== undefined ? eq(visits.referralSourceId, f.referralSourceId) : undefined,
    f.referralSourceIds !== undefined
      ? inArray(visits.referralSourceId, [...f.referralSourceIds])
      : undefined,
    // The date on the line too: it is the visit's (migration 0022 keeps it), and the index then reads only the
    // period's lines instead of every line ever billed.
    sql`not exists (select 1 from ${invoiceLines} l where l.visit_id = ${visits.id}
          and l.date_of_service between ${f.startDate} and ${f.endDate})`,
  );
}

export function listUnbilledPage(
  ex: Executor,
  filter: UnbilledFilter,
  page: { pageNumber: number; pageSize: number },
) {
  return selectPricedPage(ex, unbilledWhere(filter), page.pageSize, (page.pageNumber - 1) * page.pageSize);
}

export function countUnbilled(ex: Executor, filter: UnbilledFilter) {
  return ex
    .select({ n: sql<number>`count(*)::int` })
    .from(visits)
    .where(unbilledWhere(filter));
}

/** The organizations with unbilled visits in the period, by name. */
export async function organizationsToBill(ex: Executor, filter: UnbilledFilter) {
  return ex
    .selectDistinct({ id: referralSources.id, name: referralSources.name })
    .from(visits)
    .innerJoin(referralSources, eq(referralSources.id, visits.referralSourceId))
    .where(unbilledWhere(filter))
    .orderBy(asc(referralSources.name), asc(referralSources.id));
}

/** Every unbilled visit of one organization in the period, locked (inside the invoice's transaction). */
export async function lockUnbilledOfOrganization(tx: Executor, filter: UnbilledFilter) {
  return selectPriced(tx)
    .where(unbilledWhere(filter))
    .orderBy(asc(visits.dateOfService), asc(visits.startAt), asc(visits.id))
    .for('update', { of: visits });
}

/**
 * The next invoice number. The counter row stays locked until the transaction ends, so invoices are made one
 * at a time and a rolled-back invoice gives its number back: numbers have no gaps.
 */
export async function takeInvoiceNumber(tx: Executor): Promise<number> {
  const [row] = await tx
    .update(billingCounters)
    .set({ lastValue: sql`${billingCounters.lastValue} + 1` })
    .where(eq(billingCounters.name, 'invoice'))
    .returning({ value: billingCounters.lastValue });
  if (!row) throw new Error('billing_counters has no invoice row (migration 0016)');
  return row.value;
}

export async function insertInvoice(tx: Executor, invoice: typeof invoices.$inferInsert) {
  const [row] = await tx.insert(invoices).values(invoice).returning();
  return row!;
}

export async function insertInvoiceLines(tx: Executor, lines: (typeof invoiceLines.$inferInsert)[]) {
  await insertInSlices(lines, 2000, (slice) => tx.insert(invoiceLines).values(slice));
}

export async function insertInvoiceFile(tx: Executor, file: typeof invoiceFiles.$inferInsert) {
  await tx.insert(invoiceFiles).values(file);
}

export async function findOrganization(ex: Executor, id: number) {
  const [row] = await ex.select().from(referralSources).where(eq(referralSources.id, id));
  return row;
}

// ---- invoices

const paidCents = sql<number>`coalesce((select sum(a.amount_cents) from ${paymentAllocations} a
  where a.invoice_id = ${invoices.id}), 0)::bigint`.mapWith(Number);
/** Applied receivable adjustments (credit notes, write-offs). */
const creditedCents = sql<number>`coalesce((select sum(j.amount_cents) from ${adjustments} j
  where j.invoice_id = ${invoices.id} and j.kind = 'receivable' and j.status = 'Applied'), 0)::bigint`.mapWith(
  Number,
);
/** Everything that settled part of the invoice: payments and credits. */
const settledCents = sql`(${paidCents} + ${creditedCents})`;
const lineCount = sql<number>`(select count(*) from ${invoiceLines} l where l.invoice_id = ${invoices.id})::int`;

export type InvoiceFilter = {
  referralSourceId?: number;
  status: 'ALL' | 'Created' | 'Sent' | 'Collection';
  paymentStatus: 'ALL' | 'Unpaid' | 'PartiallyPaid' | 'Paid';
  startDate: string;
  endDate: string;
};

function invoiceWhere(f: InvoiceFilter): SQL | undefined {
  return and(
    gte(invoices.issuedOn, f.startDate),
    lte(invoices.issuedOn, f.endDate),
    f.referralSourceId !== undefined ? eq(invoices.referralSourceId, f.referralSourceId) : undefined,
    f.status === 'Created'
      ? sql`${invoices.sentAt} is null and ${invoices.collectionAt} is null`
      : f.status === 'Sent'
        ? sql`${invoices.sentAt} is not null and ${invoices.collectionAt} is null`
        : f.status === 'Collection'
          ? sql`${invoices.collectionAt} is not null`
          : undefined,
    f.paymentStatus === 'Unpaid'
      ? sql`${settledCents} = 0`
      : f.paymentStatus === 'PartiallyPaid'
        ? sql`${settledCents} > 0 and ${settledCents} < ${invoices.totalCents}`
        : f.paymentStatus === 'Paid'
          ? sql`${settledCents} >= ${invoices.totalCents}`
          : undefined,
  );
}

function selectInvoices(ex: Executor) {
  return ex
    .select({
      invoice: {
        id: invoices.id,
        number: invoices.number,
        referralSourceId: invoices.referralSourceId,
        periodStart: invoices.periodStart,
        periodEnd: invoices.periodEnd,
        issuedOn: invoices.issuedOn,
        dueOn: invoices.dueOn,
        subtotalCents: invoices.subtotalCents,
        serviceTaxCents: invoices.serviceTaxCents,
        totalCents: invoices.totalCents,
        sentAt: invoices.sentAt,
        collectionAt: invoices.collectionAt,
      },
      organizationName: referralSources.name,
      paidCents,
      creditedCents,
      lineCount,
    })
    .from(invoices)
    .innerJoin(referralSources, eq(referralSources.id, invoices.referralSourceId));
}
export type InvoiceRow = Awaited<ReturnType<typeof findInvoices>>[number];

export function listInvoicesPage(
  ex: Executor,
  filter: InvoiceFilter,
  page: { pageNumber: number; pageSize: number },
) {
  return selectInvoices(ex)
    .where(invoiceWhere(filter))
    .orderBy(desc(invoices.issuedOn), desc(invoices.id))
    .limit(page.pageSize)
    .offset((page.pageNumber - 1) * page.pageSize);
}

export function countInvoices(ex: Executor, filter: InvoiceFilter) {
  return ex
    .select({ n: sql<number>`count(*)::int` })
    .from(invoices)
    .where(invoiceWhere(filter));
}

export function findInvoices(ex: Executor, ids: readonly number[]) {
  return selectInvoices(ex)
    .where(inArray(invoices.id, [...ids]))
    .orderBy(asc(invoices.number));
}

/** Invoices locked for applying money to them (in the payment's transaction). */
export function lockInvoices(tx: Executor, ids: readonly number[]) {
  return selectInvoices(tx)
    .where(inArray(invoices.id, [...ids]))
    .orderBy(asc(invoices.id))
    .for('update', { of: invoices });
}

export function findInvoiceLines(ex: Executor, invoiceId: number) {
  return ex
    .select()
    .from(invoiceLines)
    .where(eq(invoiceLines.invoiceId, invoiceId))
    .orderBy(asc(invoiceLines.dateOfService), asc(invoiceLines.id));
}

/** The patients of an invoice's lines (what reading the invoice reads of patients). */
export async function invoicePatientIds(ex: Executor, invoiceId: number): Promise<number[]> {
  const rows = await ex
    .selectDistinct({ patientId: visits.patientId })
    .from(invoiceLines)
    .innerJoin(visits, eq(visits.id, invoiceLines.visitId))
    .where(eq(invoiceLines.invoiceId, invoiceId));
  return rows.flatMap((row) => (row.patientId === null ? [] : [row.patientId]));
}

export function findInvoiceApplications(ex: Executor, invoiceId: number) {
  return ex
    .select({
      paymentId: payments.id,
      method: payments.method,
      reference: payments.reference,
      amountCents: paymentAllocations.amountCents,
      appliedAt: paymentAllocations.appliedAt,
    })
    .from(paymentAllocations)
    .innerJoin(payments, eq(payments.id, paymentAllocations.paymentId))
    .where(eq(paymentAllocations.invoiceId, invoiceId))
    .orderBy(asc(paymentAllocations.appliedAt), asc(paymentAllocations.id));
}

export async function findInvoicePdf(ex: Executor, invoiceId: number) {
  const [row] = await ex
    .select({
      fileName: invoiceFiles.fileName,
      contentType: invoiceFiles.contentType,
      content: invoiceFiles.content,
    })
    .from(invoiceFiles)
    .where(and(eq(invoiceFiles.invoiceId, invoiceId), sql`${invoiceFiles.deletedAt} is null`))
    .orderBy(desc(invoiceFiles.id))
    .limit(1);
  return row;
}

export async function insertInvoiceEvents(tx: Executor, events: (typeof invoiceEvents.$inferInsert)[]) {
  if (events.length) await tx.insert(invoiceEvents).values(events);
}

export function findInvoiceEvents(ex: Executor, invoiceId: number) {
  return ex
    .select({
      at: invoiceEvents.at,
      kind: invoiceEvents.kind,
      detail: invoiceEvents.detail,
      by: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
    })
    .from(invoiceEvents)
    .leftJoin(users, eq(users.id, invoiceEvents.userId))
    .where(eq(invoiceEvents.invoiceId, invoiceId))
    .orderBy(asc(invoiceEvents.id));
}

/** Marks invoices emailed now. */
export async function markSent(tx: Executor, ids: readonly number[]) {
  await tx
    .update(invoices)
    .set({ sentAt: sql`now()` })
    .where(inArray(invoices.id, [...ids]));
}

export async function markCollection(tx: Executor, id: number) {
  await tx
    .update(invoices)
    .set({ collectionAt: sql`now()` })
    .where(eq(invoices.id, id));
}
