// Billing (issue 13, decision 029): a ledger in whole cents. Invoices with their lines (one per visit, a visit on
// at most one line: billed once), numbered without gaps by a counter row written in the invoice's transaction;
// payments and what each applies to which invoice. Nothing about money is updated away or deleted: a correction
// is a new entry, a balance is a sum.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { referralSources, users } from './core-schema';
import { providers, visits } from './scheduling-schema';
import { createdAt, storedFileColumns } from './columns';

const cents = (name: string) => bigint(name, { mode: 'number' });

/** Gapless counters (the invoice number): the row is updated inside the transaction that uses the number. */
export const billingCounters = pgTable('billing_counters', {
  name: text('name').primaryKey(),
  lastValue: integer('last_value').notNull().default(0),
});

/** One invoice to one organization for one period. Its amounts are the sums of its lines. */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    number: integer('number').notNull(),
    referralSourceId: integer('referral_source_id')
      .notNull()
      .references(() => referralSources.id),
    periodStart: date('period_start').notNull(),
    periodEnd: date('period_end').notNull(),
    issuedOn: date('issued_on').notNull(),
    dueOn: date('due_on').notNull(),
    subtotalCents: cents('subtotal_cents').notNull(),
    serviceTaxCents: cents('service_tax_cents').notNull(),
    totalCents: cents('total_cents').notNull(),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    /** Last time the invoice was emailed (through the outbox). */
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** When it was sent to collection. */
    collectionAt: timestamp('collection_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('invoices_number_key').on(t.number),
    index('invoices_rs_issued_idx').on(t.referralSourceId, t.issuedOn),
    index('invoices_issued_idx').on(t.issuedOn, t.id),
    check('invoices_total_check', sql`${t.totalCents} = ${t.subtotalCents} + ${t.serviceTaxCents}`),
    check('invoices_period_check', sql`${t.periodEnd} >= ${t.periodStart}`),
  ],
);

/** The invoice's PDF as issued (jspdf), served by the file server. */
export const invoiceFiles = pgTable(
  'invoice_files',
  {
    id: serial('id').primaryKey(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id),
    ...storedFileColumns(),
  },
  (t) => [index('invoice_files_invoice_idx').on(t.invoiceId)],
);

/** One billed visit: what the rate engine gave when the invoice was made, with its explanation. */
export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: serial('id').primaryKey(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id),
    visitId: integer('visit_id')
      .notNull()
      .references(() => visits.id),
    dateOfService: date('date_of_service').notNull(),
    patientName: text('patient_name').notNull(),
    clinicianName: text('clinician_name').notNull(),
    visitType: text('visit_type').notNull(),
    /** '1 visit', '7.5 h' … as printed. */
    unitsText: text('units_text').notNull(),
    billedMinutes: integer('billed_minutes'),
    lateCancellation: boolean('late_cancellation').notNull(),
    /** Per unit (hour or visit) before tax, when the card has one rate. */
    rateCents: cents('rate_cents'),
    /** Before service tax. */
    amountCents: cents('amount_cents').notNull(),
    serviceTaxCents: cents('service_tax_cents').notNull(),
    breakdown: text('breakdown').array().notNull(),
  },
  (t) => [
    // Billed once: two invoices made at the same moment cannot both hold a visit.
    uniqueIndex('invoice_lines_visit_key').on(t.visitId),
    index('invoice_lines_invoice_idx').on(t.invoiceId),
    // The unbilled list's anti-join reads only the lines of its dates (a billed visit keeps its date: 0022).
    index('invoice_lines_date_visit_idx').on(t.dateOfService, t.visitId),
  ],
);

/** Money received from an organization (check, ACH or card), applied to invoices by allocations. */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    referralSourceId: integer('referral_source_id')
      .notNull()
      .references(() => referralSources.id),
    method: text('method').notNull(),
    reference: text('reference').notNull(),
    amountCents: cents('amount_cents').notNull(),
    receivedOn: date('received_on').notNull(),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    /** The Idempotency-Key header it was recorded with: a retry with the same key answers this payment. */
    idempotencyKey: text('idempotency_key'),
  },
  (t) => [
    index('payments_rs_idx').on(t.referralSourceId, t.receivedOn),
    check('payments_amount_check', sql`${t.amountCents} > 0`),
    uniqueIndex('payments_idempotency_key')
      .on(t.createdBy, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
  ],
);

/** Part of a payment applied to an invoice. */
export const paymentAllocations = pgTable(
  'payment_allocations',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id),
    amountCents: cents('amount_cents').notNull(),
    appliedBy: integer('applied_by')
      .notNull()
      .references(() => users.id),
    appliedAt: createdAt(),
  },
  (t) => [
    index('payment_allocations_payment_idx').on(t.paymentId),
    index('payment_allocations_invoice_idx').on(t.invoiceId),
    check('payment_allocations_amount_check', sql`${t.amountCents} > 0`),
  ],
);

/** What happened to an invoice, in order: made, emailed (to whom), sent to collection, paid (how much). */
export const invoiceEvents = pgTable(
  'invoice_events',
  {
    id: serial('id').primaryKey(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id),
    kind: text('kind').notNull(),
    detail: text('detail').notNull(),
    userId: integer('user_id').references(() => users.id),
    at: createdAt(),
  },
  (t) => [index('invoice_events_invoice_idx').on(t.invoiceId, t.id)],
);

/** Where a clinician is paid: the routing number, the account type, the account number sealed (AES-256-GCM). */
export const providerBankAccounts = pgTable('provider_bank_accounts', {
  providerId: integer('provider_id')
    .primaryKey()
    .references(() => providers.id),
  routingNumber: text('routing_number').notNull(),
  accountType: text('account_type').notNull(),
  /** The account number encrypted with the server's bank account key; never answered whole. */
  accountSealed: text('account_sealed').notNull(),
  accountLast4: text('account_last4').notNull(),
  updatedBy: integer('updated_by')
    .notNull()
    .references(() => users.id),
  updatedAt: createdAt(),
});

/**
 * A NACHA file as released: its text kept sealed (it holds every paid clinician's account number; decision 035);
 * its payments point at it.
 */
export const nachaFiles = pgTable(
  'nacha_files',
  {
    id: serial('id').primaryKey(),
    fileName: text('file_name').notNull(),
    /** The text of a file released before migration 0024, until the server's start seals it; else null. */
    content: text('content'),
    /** The text sealed with the server's data key (lib/blob-cipher.ts `seal`). */
    contentSealed: text('content_sealed'),
    effectiveDate: date('effective_date').notNull(),
    entryCount: integer('entry_count').notNull(),
    totalCreditCents: cents('total_credit_cents').notNull(),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [check('nacha_files_content_check', sql`num_nonnulls(${t.content}, ${t.contentSealed}) = 1`)],
);

/**
 * A clinician's pay for one approved visit, written when it is exported (until then the pay is Ready For Export,
 * computed by the rate engine): one row per visit, so a visit is never paid twice.
 */
export const providerPay = pgTable(
  'provider_pay',
  {
    id: serial('id').primaryKey(),
    providerId: integer('provider_id')
      .notNull()
      .references(() => providers.id),
    visitId: integer('visit_id')
      .notNull()
      .references(() => visits.id),
    dateOfService: date('date_of_service').notNull(),
    amountCents: cents('amount_cents').notNull(),
    breakdown: text('breakdown').array().notNull(),
    nachaFileId: integer('nacha_file_id')
      .notNull()
      .references(() => nachaFiles.id),
  },
  (t) => [
    uniqueIndex('provider_pay_visit_key').on(t.visitId),
    index('provider_pay_provider_idx').on(t.providerId, t.dateOfService),
    index('provider_pay_file_idx').on(t.nachaFileId),
    // The Ready For Export anti-join reads only the pay of its dates (a paid visit keeps its date: 0022).
    index('provider_pay_date_visit_idx').on(t.dateOfService, t.visitId),
  ],
);

/**
 * A fine of a clinician (a missed visit, late notes …), deducted from their next export while Active; the
 * clinician may contest it, staff may remove it (a removed fine stays, with why).
 */
export const fines = pgTable(
  'fines',
  {
    id: serial('id').primaryKey(),
    providerId: integer('provider_id')
      .notNull()
      .references(() => providers.id),
    visitId: integer('visit_id').references(() => visits.id),
    kind: text('kind').notNull(),
    amountCents: cents('amount_cents').notNull(),
    reason: text('reason').notNull(),
    status: text('status').notNull().default('Active'),
    contestNote: text('contest_note'),
    contestedAt: timestamp('contested_at', { withTimezone: true }),
    removedNote: text('removed_note'),
    removedBy: integer('removed_by').references(() => users.id),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    /** The export that deducted it. */
    nachaFileId: integer('nacha_file_id').references(() => nachaFiles.id),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('fines_provider_idx').on(t.providerId, t.status),
    check('fines_amount_check', sql`${t.amountCents} > 0`),
  ],
);

/**
 * An adjustment: receivable (a credit note or write-off on an organization's invoice, lowering its balance) or
 * payable (an amount added to, or taken from, a clinician's next export). Pending until applied.
 */
export const adjustments = pgTable(
  'adjustments',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    invoiceId: integer('invoice_id').references(() => invoices.id),
    providerId: integer('provider_id').references(() => providers.id),
    /** Receivable: the credit (positive). Payable: added to the pay (positive) or taken from it (negative). */
    amountCents: cents('amount_cents').notNull(),
    reason: text('reason').notNull(),
    status: text('status').notNull().default('Pending'),
    appliedBy: integer('applied_by').references(() => users.id),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
    /** A payable adjustment: the export that paid it. */
    nachaFileId: integer('nacha_file_id').references(() => nachaFiles.id),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('adjustments_status_idx').on(t.status, t.createdAt),
    index('adjustments_invoice_idx').on(t.invoiceId),
    index('adjustments_provider_idx').on(t.providerId, t.status),
    check(
      'adjustments_target_check',
      sql`(${t.kind} = 'receivable' and ${t.invoiceId} is not null and ${t.amountCents} > 0)
        or (${t.kind} = 'payable' and ${t.providerId} is not null and ${t.amountCents} <> 0)`,
    ),
  ],
);
