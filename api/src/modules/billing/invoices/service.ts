// Unbilled visits and invoices (issue 13, decision 029). Every amount comes from the rate engine once, when the
// visit is put on an invoice line (the same engine the assignment used, on the billed time); the invoice's
// totals are the sums of its lines. One transaction per invoice, numbered without gaps.
import {
  BILLING_MESSAGES,
  INVOICE_TERMS_DAYS,
  INVOICE_TERMS_TEXT,
  INVOICES_MAX_DAYS,
  REMIT_TO,
  clampDateRange,
  formatCents,
  formatDate,
  formatPhone,
  invoiceBalance,
  invoiceNumberText,
  invoiceTotals,
  paymentStatusOf,
  type CreateInvoices,
  type CreateInvoicesResult,
  type Invoice,
  type InvoiceDetail,
  type InvoiceEvent,
  type InvoicesResult,
  type EmailInvoices,
  type InvoiceList,
  type InvoiceListQuery,
  type UnbilledVisit,
  type UnbilledVisitList,
  type UnbilledVisitsQuery,
} from '@carelane/shared-domain';
import dayjs from 'dayjs';
import { badRequest, conflict, forbidden, notFound } from '../../../lib/errors';
import { enqueueMessage } from '../../../services/outbox';
import { localIsoDate } from '../../../lib/local-date';
import { cachedPage, pagingOf } from '../../../lib/paging';
import { noteRead, patientIdsOf } from '../../../services/access-log';
import { recordAudit } from '../../../services/audit';
import type { AppServices } from '../../../services/app-services';
import type { BillingServices } from '../access';
import { requireActor, type Actor, type RequestContext } from '../../../services/context';
import { isBillingUser, isInvoiceReader, organizationOf, requireBillingUser } from '../access';
import { price, type Priced } from '../pricing';
import { invoicePdf } from './invoice-pdf';
import * as repo from './repository';
import { publishBillingChange } from '../billing-events';

const INVOICE = 'Invoice';
const DAY_MS = 86_400_000;
/** Unbilled visits: by default the last 30 days of service (our choice; SPEC gives no default). */
const UNBILLED_DEFAULT_DAYS_BACK = 30;

/** Every table an unbilled page and its total read (each has a change notice; the rate card's since 0021). */
const UNBILLED_TABLES = [
  'visits',
  'invoice_lines',
  'referral_sources',
  'visit_types',
  'provider_types',
  'patients',
  'providers',
  'referral_source_rates',
  'provider_rates',
];

const daysAgo = (days: number) => localIsoDate(new Date(Date.now() - days * DAY_MS));

function toUnbilledVisit(p: Priced): UnbilledVisit {
  const { row } = p;
  return {
    visitId: row.visit.id,
    dateOfService: row.visit.dateOfService,
    referralSourceId: row.visit.referralSourceId,
    organizationName: row.organizationName,
    patientName: row.patientName,
    clinicianName: row.clinicianName,
    visitType: row.visitType,
    providerType: row.providerType,
    status: row.visit.status,
    lateCancellation: row.visit.lateCancellation,
    problem: p.problem,
    unitsText: p.unitsText,
    amountCents: p.amountCents,
    serviceTaxCents: p.serviceTaxCents,
    breakdown: p.breakdown,
  };
}

function unbilledRange(q: { startDate?: string; endDate?: string }) {
  const startDate = q.startDate ?? daysAgo(UNBILLED_DEFAULT_DAYS_BACK);
  const endDate = q.endDate ?? localIsoDate(new Date());
  if (endDate < startDate) throw badRequest('endDate', 'must not be before startDate');
  return { startDate, endDate };
}

/** GET /api/operation/unbilledVisits */
export async function listUnbilled(
  services: AppServices,
  ctx: RequestContext,
  q: UnbilledVisitsQuery,
): Promise<UnbilledVisitList> {
  requireBillingUser(ctx);
  const filter = { referralSourceId: q.referralSourceId, ...unbilledRange(q) };
  const page = { pageNumber: q.pageNumber, pageSize: q.pageSize };
  const [rows, [count]] = await cachedPage(
    services,
    UNBILLED_TABLES,
    { key: ['unbilled', filter, page] },
    () =>
      Promise.all([
        repo.listUnbilledPage(services.db, filter, page),
        repo.countUnbilled(services.db, filter),
      ]),
  );
  noteRead(ctx, {
    kind: 'billingVisitList',
    entityId: null,
    patientIds: patientIdsOf(rows.map((row) => row.visit)),
  });
  return { rows: rows.map((row) => toUnbilledVisit(price(row))), paging: pagingOf(q, count?.n ?? 0) };
}

/**
 * POST /api/admin/createInvoice: one invoice per organization with approved, unbilled visits of service in the
 * period; each in its own transaction. Visits that cannot be priced (no rate) stay unbilled and are counted.
 */
export async function createInvoices(
  services: BillingServices,
  ctx: RequestContext,
  input: CreateInvoices,
): Promise<CreateInvoicesResult> {
  const actor = requireBillingUser(ctx);
  const period = { startDate: input.periodStart, endDate: input.periodEnd };
  const organizations = await repo.organizationsToBill(services.db, {
    ...period,
    referralSourceIds: input.referralSourceIds,
  });
  if (!organizations.length) throw badRequest('periodEnd', BILLING_MESSAGES.noBillableVisits);
  const created: number[] = [];
  let unpriced = 0;
  for (const organization of organizations) {
    const result = await services.db
      .transaction(async (tx) => {
        // First the counter: it queues concurrent invoice runs, so the visits read next are read after the
        // previous run committed, and none is billed twice (invoice_lines_visit_key is the backstop).
        const sequence = await repo.takeInvoiceNumber(tx);
        const rows = await repo.lockUnbilledOfOrganization(tx, {
          ...period,
          referralSourceId: organization.id,
        });
        const priced = rows.map(price);
        const lines = priced.filter((p) => p.problem === null);
        // Rolls back: the number is given back.
        if (!lines.length) throw new NothingToInvoice(priced.length);
        const totals = invoiceTotals(lines);
        const issuedOn = localIsoDate(new Date());
        const dueOn = dayjs(issuedOn).add(INVOICE_TERMS_DAYS, 'day').format('YYYY-MM-DD');
        const org = await repo.findOrganization(tx, organization.id);
        const invoice = await repo.insertInvoice(tx, {
          number: sequence,
          referralSourceId: organization.id,
          periodStart: input.periodStart,
          periodEnd: input.periodEnd,
          issuedOn,
          dueOn,
          ...totals,
          createdBy: actor.userId,
        });
        await repo.insertInvoiceLines(
          tx,
          lines.map((p) => ({
            invoiceId: invoice.id,
            visitId: p.row.visit.id,
            dateOfService: p.row.visit.dateOfService,
            patientName: p.row.patientName,
            clinicianName: p.row.clinicianName,
            visitType: p.row.visitType,
            unitsText: p.unitsText,
            billedMinutes: p.minutes,
            lateCancellation: p.row.visit.lateCancellation,
            rateCents: p.rateCents,
            amountCents: p.amountCents,
            serviceTaxCents: p.serviceTaxCents,
            breakdown: p.breakdown,
          })),
        );
        const number = invoiceNumberText(sequence);
        const pdf = invoicePdf({
          invoiceNumber: number,
          issuedOn,
          dueOn,
          periodStart: input.periodStart,
          periodEnd: input.periodEnd,
          billTo: { name: organization.name, addressLines: addressLinesOf(org) },
          remitTo: REMIT_TO,
          terms: INVOICE_TERMS_TEXT,
          lines: lines.map((p) => ({
            dateOfService: p.row.visit.dateOfService,
            patientName: p.row.patientName,
            clinicianName: p.row.clinicianName,
            visitType: p.row.visitType,
            units: p.unitsText,
            rateCents: p.rateCents,
            amountCents: p.amountCents,
            serviceTaxCents: p.serviceTaxCents,
          })),
          ...totals,
        });
        await repo.insertInvoiceFile(tx, {
          invoiceId: invoice.id,
          fileName: `${number}.pdf`,
          contentType: 'application/pdf',
          sizeBytes: pdf.byteLength,
          content: Buffer.from(pdf),
          uploadedBy: actor.userId,
        });
        await repo.insertInvoiceEvents(tx, [
          {
            invoiceId: invoice.id,
            kind: 'created',
            detail: `${lines.length} ${lines.length === 1 ? 'line' : 'lines'}, total ${formatCents(totals.totalCents)}`,
            userId: actor.userId,
          },
        ]);
        await publishBillingChange(tx, ['visit'], 'updated', {
          id: invoice.id,
          referralSourceId: organization.id,
        });
        await recordAudit(tx, ctx, {
          entity: INVOICE,
          entityId: invoice.id,
          action: 'CREATE',
          after: { number, referralSourceId: organization.id, lines: lines.length, ...totals },
        });
        return { invoiceId: invoice.id as number | null, unpriced: priced.length - lines.length };
      })
      .catch((error: unknown) => {
        if (error instanceof NothingToInvoice) return { invoiceId: null, unpriced: error.unpriced };
        throw error;
      });
    unpriced += result.unpriced;
    if (result.invoiceId !== null) created.push(result.invoiceId);
  }
  if (!created.length)
    throw badRequest('periodEnd', unpriced ? unpricedMessage(unpriced) : BILLING_MESSAGES.noBillableVisits);
  const invoices = (await repo.findInvoices(services.db, created)).map(toInvoice);
  const message =
    BILLING_MESSAGES.invoicesCreated(created.length) + (unpriced ? ` ${unpricedMessage(unpriced)}` : '');
  return { message, invoices };
}

const unpricedMessage = (count: number) =>
  `${count} approved visit(s) have no organization or clinician rate and were left unbilled.`;

class NothingToInvoice extends Error {
  constructor(readonly unpriced: number) {
    super('nothing to invoice');
  }
}

function addressLinesOf(
  org: { zipcode: string | null; phone: string | null; email: string | null } | undefined,
) {
  if (!org) return [];
  return [org.zipcode && `ZIP ${org.zipcode}`, org.phone && formatPhone(org.phone), org.email].filter(
    (line): line is string => !!line,
  );
}

function statusOf(row: repo.InvoiceRow['invoice']): Invoice['status'] {
  if (row.collectionAt) return 'Collection';
  return row.sentAt ? 'Sent' : 'Created';
}

/** What is still owed: the total less what payments and credits settled. */
export function balanceOf(row: repo.InvoiceRow): number {
  return invoiceBalance(row.invoice.totalCents, row.paidCents + row.creditedCents);
}

export function toInvoice(row: repo.InvoiceRow): Invoice {
  const i = row.invoice;
  return {
    id: i.id,
    number: invoiceNumberText(i.number),
    referralSourceId: i.referralSourceId,
    organizationName: row.organizationName,
    periodStart: i.periodStart,
    periodEnd: i.periodEnd,
    issuedOn: i.issuedOn,
    dueOn: i.dueOn,
    lineCount: row.lineCount,
    subtotalCents: i.subtotalCents,
    serviceTaxCents: i.serviceTaxCents,
    totalCents: i.totalCents,
    paidCents: row.paidCents,
    creditedCents: row.creditedCents,
    balanceCents: balanceOf(row),
    status: statusOf(i),
    paymentStatus: paymentStatusOf(i.totalCents, i.totalCents - balanceOf(row)),
    sentAt: i.sentAt?.toISOString() ?? null,
    collectionAt: i.collectionAt?.toISOString() ?? null,
  };
}

/** The caller's organization for an organization user; undefined (all) for billing staff; else refused. */
function invoiceScope(actor: Actor, asked?: number): number | undefined {
  if (isBillingUser(actor)) return asked;
  const own = organizationOf(actor);
  if (own === null) throw forbidden();
  return own;
}

/** SPEC §5/§9: issue dates from 180 days ago to today; at most 365 days unless opened from a report. */
function invoiceRange(q: InvoiceListQuery) {
  const start = q.startDate ?? daysAgo(180);
  const end = q.endDate ?? localIsoDate(new Date());
  const clamped = clampDateRange(
    { start: dayjs(start).toDate(), end: dayjs(end).toDate() },
    q.fromReport ? Number.MAX_SAFE_INTEGER : INVOICES_MAX_DAYS,
  );
  return { startDate: localIsoDate(clamped.start), endDate: localIsoDate(clamped.end) };
}

/** GET /api/operation/invoices */
export async function listInvoices(
  services: AppServices,
  ctx: RequestContext,
  q: InvoiceListQuery,
): Promise<InvoiceList> {
  const actor = requireActor(ctx);
  const range = invoiceRange(q);
  const filter: repo.InvoiceFilter = {
    referralSourceId: invoiceScope(actor, q.referralSourceId),
    status: q.status,
    paymentStatus: q.paymentStatus,
    ...range,
  };
  const [rows, [count]] = await Promise.all([
    repo.listInvoicesPage(services.db, filter, q),
    repo.countInvoices(services.db, filter),
  ]);
  return { rows: rows.map(toInvoice), paging: pagingOf(q, count?.n ?? 0), ...range };
}

/**
 * An invoice the caller may read (billing staff: any; an organization user: their own), its lines or its PDF: a
 * read of its patients, noted before the checks that may refuse it, so a refused attempt names them too.
 */
async function readableInvoice(
  services: AppServices,
  ctx: RequestContext,
  id: number,
  kind: 'invoiceDetail' | 'invoiceFile',
) {
  const actor = requireActor(ctx);
  const [row] = await repo.findInvoices(services.db, [id]);
  if (row) noteRead(ctx, { kind, entityId: id, patientIds: await repo.invoicePatientIds(services.db, id) });
  if (!isInvoiceReader(actor)) throw forbidden();
  if (!row) throw notFound(INVOICE);
  const scope = invoiceScope(actor);
  if (scope !== undefined && row.invoice.referralSourceId !== scope) throw notFound(INVOICE);
  return row;
}

/** GET /api/operation/invoices/:id */
export async function getInvoice(
  services: AppServices,
  ctx: RequestContext,
  id: number,
): Promise<InvoiceDetail> {
  const row = await readableInvoice(services, ctx, id, 'invoiceDetail');
  const [lines, applications, org, history] = await Promise.all([
    repo.findInvoiceLines(services.db, id),
    repo.findInvoiceApplications(services.db, id),
    repo.findOrganization(services.db, row.invoice.referralSourceId),
    repo.findInvoiceEvents(services.db, id),
  ]);
  return {
    ...toInvoice(row),
    organizationAddressLines: addressLinesOf(org),
    lines: lines.map((l) => ({
      id: l.id,
      visitId: l.visitId,
      dateOfService: l.dateOfService,
      patientName: l.patientName,
      clinicianName: l.clinicianName,
      visitType: l.visitType,
      unitsText: l.unitsText,
      lateCancellation: l.lateCancellation,
      rateCents: l.rateCents,
      amountCents: l.amountCents,
      serviceTaxCents: l.serviceTaxCents,
      breakdown: l.breakdown,
    })),
    history: history.map((e) => ({
      at: e.at.toISOString(),
      kind: e.kind as InvoiceEvent['kind'],
      detail: e.detail,
      by: e.by,
    })),
    applications: applications.map((a) => ({
      ...a,
      method: a.method as InvoiceDetail['applications'][number]['method'],
      appliedAt: a.appliedAt.toISOString(),
    })),
  };
}

/** GET /api/fileserver/invoices/:id: the PDF as issued. */
export async function invoicePdfFile(services: AppServices, ctx: RequestContext, id: number) {
  await readableInvoice(services, ctx, id, 'invoiceFile');
  const file = await repo.findInvoicePdf(services.db, id);
  if (!file) throw notFound('The invoice file');
  return file;
}

/**
 * POST /api/admin/emailInvoices: each invoice's PDF to its organization's email address through the outbox (sent
 * if the transaction commits), the invoice marked Sent. All or none: an organization without an address stops it.
 */
export async function emailInvoices(
  services: AppServices,
  ctx: RequestContext,
  input: EmailInvoices,
): Promise<InvoicesResult> {
  const actor = requireBillingUser(ctx);
  const ids = [...new Set(input.invoiceIds)];
  await services.db.transaction(async (tx) => {
    const rows = new Map((await repo.lockInvoices(tx, ids)).map((row) => [row.invoice.id, row]));
    const events = [];
    for (const [index, id] of input.invoiceIds.entries()) {
      const row = rows.get(id);
      if (!row) throw badRequest(`invoiceIds.${index}`, 'is not a known invoice');
      const number = invoiceNumberText(row.invoice.number);
      const org = await repo.findOrganization(tx, row.invoice.referralSourceId);
      if (!org?.email)
        throw badRequest(`invoiceIds.${index}`, BILLING_MESSAGES.noEmail(number, row.organizationName));
      const pdf = await repo.findInvoicePdf(tx, id);
      if (!pdf) throw notFound(`The file of ${number}`);
      await enqueueMessage(tx, {
        channel: 'email',
        to: org.email,
        subject: `Invoice ${number} from ${REMIT_TO.name}`,
        body: invoiceEmailBody(number, row),
        attachments: [{ fileName: pdf.fileName, contentType: pdf.contentType, content: pdf.content }],
      });
      events.push({
        invoiceId: id,
        kind: 'emailed',
        detail: `Emailed to ${org.email}`,
        userId: actor.userId,
      });
    }
    await repo.markSent(tx, ids);
    for (const row of rows.values())
      await publishBillingChange(tx, [], 'updated', {
        id: row.invoice.id,
        referralSourceId: row.invoice.referralSourceId,
      });
    await repo.insertInvoiceEvents(tx, events);
    for (const id of ids)
      await recordAudit(tx, ctx, {
        entity: INVOICE,
        entityId: id,
        action: 'UPDATE',
        diff: { emailed: { before: null, after: events.find((e) => e.invoiceId === id)?.detail } },
      });
  });
  const invoices = (await repo.findInvoices(services.db, ids)).map(toInvoice);
  return { message: BILLING_MESSAGES.invoicesEmailed(ids.length), invoices };
}

function invoiceEmailBody(number: string, row: repo.InvoiceRow): string {
  const i = row.invoice;
  return [
    `Hello ${row.organizationName},`,
    '',
    `Please find attached invoice ${number} for visits from ${formatDate(i.periodStart)} to ${formatDate(i.periodEnd)}.`,
    `Amount due: ${formatCents(balanceOf(row))}, due by ${formatDate(i.dueOn)}.`,
    INVOICE_TERMS_TEXT,
    '',
    REMIT_TO.name,
    ...REMIT_TO.addressLines,
  ].join('\n');
}

/** POST /api/operation/invoices/:id/collection: an overdue invoice with a balance goes to collection, once. */
export async function sendToCollection(services: AppServices, ctx: RequestContext, id: number) {
  const actor = requireBillingUser(ctx);
  await services.db.transaction(async (tx) => {
    const [row] = await repo.lockInvoices(tx, [id]);
    if (!row) throw notFound(INVOICE);
    const number = invoiceNumberText(row.invoice.number);
    if (row.invoice.collectionAt) throw conflict(`${number} ${BILLING_MESSAGES.inCollection}.`);
    const balance = balanceOf(row);
    if (balance <= 0 || row.invoice.dueOn >= localIsoDate(new Date()))
      throw badRequest('id', `${number} ${BILLING_MESSAGES.notOverdue}`);
    await repo.markCollection(tx, id);
    await publishBillingChange(tx, [], 'updated', {
      id,
      referralSourceId: row.invoice.referralSourceId,
    });
    await repo.insertInvoiceEvents(tx, [
      {
        invoiceId: id,
        kind: 'collection',
        detail: `Sent to collection with ${formatCents(balance)} owed`,
        userId: actor.userId,
      },
    ]);
    await recordAudit(tx, ctx, {
      entity: INVOICE,
      entityId: id,
      action: 'UPDATE',
      diff: { collection: { before: null, after: formatCents(balance) } },
    });
  });
  const [row] = await repo.findInvoices(services.db, [id]);
  return { message: BILLING_MESSAGES.sentToCollection, invoice: toInvoice(row!) };
}
