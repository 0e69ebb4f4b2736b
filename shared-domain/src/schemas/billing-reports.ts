// Billing reports (decision 030): AR health, unpaid visits, outpatient billing, rebates. Amounts are integer cents.
import { z } from 'zod';
import { AGING_BUCKETS } from '../billing/money';
import { boundedDateSchema, idSchema, isoDateSchema, pagingQuerySchema, pagingSchema } from './common';

const cents = z.number().int();

// ---- AR health

export const arHealthQuerySchema = z.object({
  asOf: boundedDateSchema.optional().describe('The day the receivables are aged on; default today'),
  referralSourceId: idSchema.optional(),
});
export type ArHealthQuery = z.infer<typeof arHealthQuerySchema>;

export const arHealthCellSchema = z.object({
  bucket: z.enum(AGING_BUCKETS),
  balanceCents: cents,
  invoiceCount: z.number().int(),
  /** The issue dates of the invoices in the cell (for the drill-down to the invoice list); null when empty. */
  firstIssuedOn: isoDateSchema.nullable(),
  lastIssuedOn: isoDateSchema.nullable(),
});
export type ArHealthCell = z.infer<typeof arHealthCellSchema>;

export const arHealthRowSchema = z.object({
  referralSourceId: z.number().int(),
  organizationName: z.string(),
  /** One cell per bucket, in AGING_BUCKETS order. */
  buckets: z.array(arHealthCellSchema),
  totalCents: cents,
  invoiceCount: z.number().int(),
  firstIssuedOn: isoDateSchema,
  lastIssuedOn: isoDateSchema,
});
export type ArHealthRow = z.infer<typeof arHealthRowSchema>;

export const arHealthSchema = z.object({
  asOf: isoDateSchema,
  rows: z.array(arHealthRowSchema),
  /** Every organization's cells summed, per bucket. */
  totals: z.object({
    buckets: z.array(arHealthCellSchema),
    totalCents: cents,
    invoiceCount: z.number().int(),
  }),
});
export type ArHealth = z.infer<typeof arHealthSchema>;

// ---- Unpaid visits

export const unpaidVisitsQuerySchema = pagingQuerySchema.extend({
  referralSourceId: idSchema.optional(),
  dueBy: boundedDateSchema.optional().describe('Only invoices due on or before this day'),
});
export type UnpaidVisitsQuery = z.infer<typeof unpaidVisitsQuerySchema>;

export const unpaidVisitSchema = z.object({
  lineId: z.number().int(),
  visitId: z.number().int(),
  dateOfService: isoDateSchema,
  patientName: z.string(),
  clinicianName: z.string(),
  referralSourceId: z.number().int(),
  organizationName: z.string(),
  invoiceId: z.number().int(),
  invoiceNumber: z.string(),
  dueOn: isoDateSchema,
  /** Days past the due date today (0 or less: not yet due). */
  daysPastDue: z.number().int(),
  amountCents: cents,
  serviceTaxCents: cents,
  /** The invoice's balance: total − payments applied − receivable adjustments applied. */
  invoiceBalanceCents: cents,
});
export type UnpaidVisit = z.infer<typeof unpaidVisitSchema>;
export const unpaidVisitListSchema = z.object({ rows: z.array(unpaidVisitSchema), paging: pagingSchema });
export type UnpaidVisitList = z.infer<typeof unpaidVisitListSchema>;

// ---- Outpatient billing

export const outpatientBillingQuerySchema = pagingQuerySchema.extend({
  referralSourceId: idSchema.optional(),
  startDate: boundedDateSchema.optional().describe('First date of service; default 30 days ago'),
  endDate: boundedDateSchema.optional().describe('Last date of service; default today'),
  providerType: z.enum(['PT', 'PTA', 'OT', 'OTA', 'ST/SLP']).optional(),
});
export type OutpatientBillingQuery = z.infer<typeof outpatientBillingQuerySchema>;

export const outpatientVisitSchema = z.object({
  visitId: z.number().int(),
  dateOfService: isoDateSchema,
  referralSourceId: z.number().int(),
  organizationName: z.string(),
  patientName: z.string(),
  clinicianName: z.string(),
  providerType: z.string(),
  discipline: z.string(),
  code: z.string(),
  minutes: z.number().int().nullable(),
  units: z.number().int(),
  invoiceId: z.number().int().nullable(),
  invoiceNumber: z.string().nullable(),
  /** The invoice line's stored amount (before tax); null when not invoiced. */
  lineAmountCents: cents.nullable(),
});
export type OutpatientVisit = z.infer<typeof outpatientVisitSchema>;
export const outpatientBillingSchema = z.object({
  rows: z.array(outpatientVisitSchema),
  paging: pagingSchema,
  startDate: isoDateSchema,
  endDate: isoDateSchema,
});
export type OutpatientBilling = z.infer<typeof outpatientBillingSchema>;

// ---- Rebates

export const rebateQuerySchema = z.object({
  referralSourceId: idSchema.optional(),
  startDate: boundedDateSchema
    .optional()
    .describe('First day of receipt; default the first of the month 11 months ago'),
  endDate: boundedDateSchema.optional().describe('Last day of receipt; default today'),
});
export type RebateQuery = z.infer<typeof rebateQuerySchema>;

export const rebateRowSchema = z.object({
  referralSourceId: z.number().int(),
  organizationName: z.string(),
  /** 'YYYY-MM', the month the payments were received. */
  month: z.string(),
  qualifyingPaymentCount: z.number().int(),
  qualifyingCents: cents,
  rebateCents: cents,
});
export type RebateRow = z.infer<typeof rebateRowSchema>;
export const rebateReportSchema = z.object({
  startDate: isoDateSchema,
  endDate: isoDateSchema,
  rule: z.string(),
  rows: z.array(rebateRowSchema),
  totals: z.object({ qualifyingCents: cents, rebateCents: cents }),
});
export type RebateReport = z.infer<typeof rebateReportSchema>;
