// Billing calls (issue 13, decision 029): unbilled visits, invoices, payments. Amounts are integer cents.
import { z } from 'zod';
import { INVOICE_PAYMENT_STATUSES } from '../billing/money';
import {
  apiErrorSchema,
  booleanTextSchema,
  boundedDateSchema,
  idSchema,
  idValueSchema,
  isoDateSchema,
  isoDateTimeSchema,
  pagingQuerySchema,
  pagingSchema,
} from './common';

/** A whole number of cents, positive (what a payment or an application carries). */
export const positiveCentsSchema = z
  .number({ error: 'must be an amount in cents' })
  .int({ error: 'must be a whole number of cents' })
  .positive({ error: 'must be more than zero' })
  .max(99_999_999_99, { error: 'must be less than $100,000,000' });

export const BILLING_MESSAGES = {
  paymentAdded: 'Payment added successfully.',
  paymentApplied: 'Payment applied.',
  sentToCollection: 'Assignment sent to collection successfully.',
  invoicesCreated: (count: number) => (count === 1 ? '1 invoice created.' : `${count} invoices created.`),
  noBillableVisits: 'No approved, unbilled visits match: nothing was invoiced.',
  notBillable: 'is not billable: its notes are not approved',
  alreadyBilled: 'is billed already',
  overApplied: (left: string) => `is more than the payment has left to apply (${left})`,
  overBalance: (balance: string) => `is more than the invoice's balance (${balance})`,
  otherOrganization: "is an invoice of another organization than the payment's",
  invoicesEmailed: (count: number) =>
    count === 1 ? '1 invoice sent by email.' : `${count} invoices sent by email.`,
  noEmail: (number: string, organization: string) =>
    `${number}: ${organization} has no email address; add one to the organization first`,
  notOverdue: 'is not overdue: only an invoice past its due date with a balance goes to collection',
  inCollection: 'is in collection already',
  visitBilled:
    'This visit is on an invoice or paid to its clinician: its notes stay approved and its date of service stays as billed. Correct an amount with an adjustment.',
  duplicatePayment: (existing: string, organization: string) =>
    `${existing} is recorded already for ${organization}. Record it again only if it was paid twice.`,
  idempotencyKeyReused:
    'was sent before with another payment: send a new key for a new payment, the same key only to retry the same one',
} as const;

export const unbilledVisitsQuerySchema = pagingQuerySchema.extend({
  referralSourceId: idSchema.optional(),
  startDate: boundedDateSchema.optional().describe('First date of service; default 30 days ago'),
  endDate: boundedDateSchema.optional().describe('Last date of service; default today'),
});
export type UnbilledVisitsQuery = z.infer<typeof unbilledVisitsQuerySchema>;

export const unbilledVisitSchema = z.object({
  visitId: z.number().int(),
  dateOfService: isoDateSchema,
  referralSourceId: z.number().int(),
  organizationName: z.string(),
  patientName: z.string(),
  clinicianName: z.string(),
  visitType: z.string(),
  providerType: z.string(),
  status: z.string(),
  lateCancellation: z.boolean(),
  /** Why the visit cannot be priced (no organization or clinician rate); null when it can. */
  problem: z.string().nullable(),
  /** What the invoice line will carry: the rate engine's amounts for the billed time. */
  unitsText: z.string(),
  amountCents: z.number().int(),
  serviceTaxCents: z.number().int(),
  breakdown: z.array(z.string()),
});
export type UnbilledVisit = z.infer<typeof unbilledVisitSchema>;
export const unbilledVisitListSchema = z.object({ rows: z.array(unbilledVisitSchema), paging: pagingSchema });
export type UnbilledVisitList = z.infer<typeof unbilledVisitListSchema>;

export const createInvoicesSchema = z
  .object({
    /** One invoice per organization; all organizations with billable visits when missing. */
    referralSourceIds: z.array(idValueSchema).max(1000).optional(),
    periodStart: boundedDateSchema,
    periodEnd: boundedDateSchema,
  })
  .refine((v) => v.periodEnd >= v.periodStart, {
    path: ['periodEnd'],
    message: 'must not be before periodStart',
  });
export type CreateInvoices = z.infer<typeof createInvoicesSchema>;

export const INVOICE_STATUSES = ['Created', 'Sent', 'Collection'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export const invoiceSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  referralSourceId: z.number().int(),
  organizationName: z.string(),
  periodStart: isoDateSchema,
  periodEnd: isoDateSchema,
  issuedOn: isoDateSchema,
  dueOn: isoDateSchema,
  lineCount: z.number().int(),
  subtotalCents: z.number().int(),
  serviceTaxCents: z.number().int(),
  totalCents: z.number().int(),
  /** Applied by payments. */
  paidCents: z.number().int(),
  /** Applied receivable adjustments (credit notes, write-offs). */
  creditedCents: z.number().int(),
  /** Total − paid − credited. */
  balanceCents: z.number().int(),
  status: z.enum(INVOICE_STATUSES),
  paymentStatus: z.enum(INVOICE_PAYMENT_STATUSES),
  sentAt: isoDateTimeSchema.nullable(),
  collectionAt: isoDateTimeSchema.nullable(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const createInvoicesResultSchema = z.object({
  message: z.string(),
  invoices: z.array(invoiceSchema),
});
export type CreateInvoicesResult = z.infer<typeof createInvoicesResultSchema>;

export const invoiceListQuerySchema = pagingQuerySchema.extend({
  status: z.enum(['ALL', ...INVOICE_STATUSES]).default('ALL'),
  paymentStatus: z.enum(['ALL', ...INVOICE_PAYMENT_STATUSES]).default('Unpaid'),
  referralSourceId: idSchema.optional(),
  startDate: boundedDateSchema.optional().describe('First issue date; default 180 days ago (SPEC §9)'),
  endDate: boundedDateSchema.optional().describe('Last issue date; default today'),
  /** Opened from a report: the 365-day limit does not apply (SPEC §5). */
  fromReport: booleanTextSchema.optional(),
});
export type InvoiceListQuery = z.infer<typeof invoiceListQuerySchema>;
export const invoiceListSchema = z.object({
  rows: z.array(invoiceSchema),
  paging: pagingSchema,
  /** The range used, after the SPEC §5 rules. */
  startDate: isoDateSchema,
  endDate: isoDateSchema,
});
export type InvoiceList = z.infer<typeof invoiceListSchema>;

export const invoiceLineSchema = z.object({
  id: z.number().int(),
  visitId: z.number().int(),
  dateOfService: isoDateSchema,
  patientName: z.string(),
  clinicianName: z.string(),
  visitType: z.string(),
  unitsText: z.string(),
  lateCancellation: z.boolean(),
  rateCents: z.number().int().nullable(),
  amountCents: z.number().int(),
  serviceTaxCents: z.number().int(),
  breakdown: z.array(z.string()),
});
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

export const PAYMENT_METHODS = ['Check', 'ACH', 'Card'] as const;

export const invoiceApplicationSchema = z.object({
  paymentId: z.number().int(),
  method: z.enum(PAYMENT_METHODS),
  reference: z.string(),
  amountCents: z.number().int(),
  appliedAt: isoDateTimeSchema,
});

export const INVOICE_EVENT_KINDS = ['created', 'emailed', 'collection', 'payment', 'adjustment'] as const;
export const invoiceEventSchema = z.object({
  at: isoDateTimeSchema,
  kind: z.enum(INVOICE_EVENT_KINDS),
  detail: z.string(),
  /** Who did it (name); null for the system. */
  by: z.string().nullable(),
});
export type InvoiceEvent = z.infer<typeof invoiceEventSchema>;

export const invoiceDetailSchema = invoiceSchema.extend({
  lines: z.array(invoiceLineSchema),
  applications: z.array(invoiceApplicationSchema),
  history: z.array(invoiceEventSchema),
  organizationAddressLines: z.array(z.string()),
});
export type InvoiceDetail = z.infer<typeof invoiceDetailSchema>;

export const createPaymentSchema = z.object({
  referralSourceId: idValueSchema,
  method: z.enum(PAYMENT_METHODS),
  reference: z.string().trim().min(1, { error: 'is required' }).max(60),
  amountCents: positiveCentsSchema,
  /** Not after the organization's today (a day's grace), nor years back: paymentReceivedOnProblem. */
  receivedOn: boundedDateSchema,
  /**
   * Record it although a payment of the same organization, reference, amount and received date is recorded
   * already (without it that answers 409 DUPLICATE_PAYMENT naming the one recorded).
   */
  allowDuplicate: z.boolean().optional(),
});
export type CreatePayment = z.infer<typeof createPaymentSchema>;
/**
 * `Idempotency-Key` of POST /api/operation/payments: a retry with the same key (by the same user) answers the payment
 * the first request recorded instead of recording it again.
 */
export const idempotencyKeyHeadersSchema = z.object({
  'idempotency-key': z
    .string()
    .regex(/^[\x21-\x7e]{1,200}$/, { error: 'must be 1 to 200 visible ASCII characters' })
    .optional(),
});

export const paymentSchema = z.object({
  id: z.number().int(),
  referralSourceId: z.number().int(),
  organizationName: z.string(),
  method: z.enum(PAYMENT_METHODS),
  reference: z.string(),
  amountCents: z.number().int(),
  appliedCents: z.number().int(),
  /** Not applied yet: kept as the organization's credit. */
  unappliedCents: z.number().int(),
  receivedOn: isoDateSchema,
});
export type Payment = z.infer<typeof paymentSchema>;
export const paymentResultSchema = z.object({ message: z.string(), payment: paymentSchema });
/** 409 DUPLICATE_PAYMENT: the payment already recorded that a new one repeats. */
export const duplicatePaymentErrorSchema = apiErrorSchema.extend({ duplicateOf: paymentSchema.optional() });

export const paymentListQuerySchema = pagingQuerySchema.extend({
  referralSourceId: idSchema.optional(),
  /** Only payments with something left to apply. */
  unappliedOnly: booleanTextSchema.optional(),
});
export const paymentListSchema = z.object({ rows: z.array(paymentSchema), paging: pagingSchema });
export type PaymentList = z.infer<typeof paymentListSchema>;

export const applyPaymentSchema = z.object({
  applications: z
    .array(z.object({ invoiceId: idValueSchema, amountCents: positiveCentsSchema }))
    .min(1, { error: 'choose at least one invoice' })
    .max(500),
});
export type ApplyPayment = z.infer<typeof applyPaymentSchema>;

export const emailInvoicesSchema = z.object({
  invoiceIds: z.array(idValueSchema).min(1, { error: 'choose at least one invoice' }).max(200),
});
export type EmailInvoices = z.infer<typeof emailInvoicesSchema>;
export const invoicesResultSchema = z.object({ message: z.string(), invoices: z.array(invoiceSchema) });
export type InvoicesResult = z.infer<typeof invoicesResultSchema>;
export const invoiceResultSchema = z.object({ message: z.string(), invoice: invoiceSchema });
