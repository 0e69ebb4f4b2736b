// Paying clinicians (issue 13, decision 029): bank accounts, the pay of approved visits (Ready For Export, then
// Exported by a NACHA file), fines and adjustments. Amounts are integer cents.
import { z } from 'zod';
import { accountNumberProblem, isValidRoutingNumber } from '../billing/nacha';
import {
  boundedDateSchema,
  idSchema,
  idValueSchema,
  isoDateSchema,
  isoDateTimeSchema,
  pagingQuerySchema,
  pagingSchema,
} from './common';
import { positiveCentsSchema } from './billing';

export const PAY_MESSAGES = {
  fineAdded: 'Fine added.',
  fineUpheld: 'Fine upheld.',
  fineContested: 'Fine contested.',
  fineRemoved: 'Fine removed.',
  adjustmentApplied: 'Adjustment applied.',
  adjustmentSaved: 'Adjustment saved.',
  bankAccountSaved: 'Bank account saved.',
  fileReleased: (entries: number) =>
    `NACHA file released: ${entries} ${entries === 1 ? 'payment' : 'payments'} exported.`,
  alreadyExported: 'is exported already: a payment is never exported twice',
  notPayable: 'is not payable: its notes are not approved',
  noBankAccount: (name: string) => `${name} has no bank account: add one before exporting their pay`,
  unpriced: (problem: string) => `cannot be priced: ${problem}`,
  notPositive: (name: string) =>
    `${name}'s adjustments leave nothing to pay: the net of the payments chosen is zero or less`,
  fileInvalid: 'The NACHA file failed its validation and was not released.',
  fineNotActive: 'is not active: only an active fine can be contested',
  fineRemovedAlready: 'is removed already',
  adjustmentAlreadyApplied: 'is applied already',
} as const;

export const routingNumberSchema = z
  .string()
  .trim()
  .regex(/^\d{9}$/, { error: 'must be 9 digits' })
  .refine(isValidRoutingNumber, { error: 'is not a valid routing number (its check digit does not match)' });
export const accountNumberSchema = z
  .string()
  .trim()
  .superRefine((value, context) => {
    const problem = accountNumberProblem(value);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });

export const BANK_ACCOUNT_TYPES = ['checking', 'savings'] as const;
export const bankAccountInputSchema = z.object({
  routingNumber: routingNumberSchema,
  accountNumber: accountNumberSchema,
  accountType: z.enum(BANK_ACCOUNT_TYPES),
});
export type BankAccountInput = z.infer<typeof bankAccountInputSchema>;
export const bankAccountSchema = z.object({
  providerId: z.number().int(),
  routingNumber: z.string(),
  accountType: z.enum(BANK_ACCOUNT_TYPES),
  /** The account number masked: '****6789'. */
  accountMasked: z.string(),
  updatedAt: isoDateTimeSchema,
});
export type BankAccount = z.infer<typeof bankAccountSchema>;
export const bankAccountAnswerSchema = z.object({ bankAccount: bankAccountSchema.nullable() });
export const bankAccountResultSchema = z.object({ message: z.string(), bankAccount: bankAccountSchema });

export const PAY_STATUSES = ['ReadyForExport', 'Exported'] as const;
export type PayStatus = (typeof PAY_STATUSES)[number];
export const PAY_STATUS_LABELS: Record<PayStatus, string> = {
  ReadyForExport: 'Ready For Export',
  Exported: 'Exported',
};

export const providerPaymentsQuerySchema = pagingQuerySchema.extend({
  status: z.enum(['ALL', ...PAY_STATUSES]).default('ReadyForExport'),
  providerId: idSchema.optional(),
  startDate: boundedDateSchema.optional().describe('First date of service; default 30 days ago (SPEC §9)'),
  endDate: boundedDateSchema.optional().describe('Last date of service; default 30 days ahead'),
});
export type ProviderPaymentsQuery = z.infer<typeof providerPaymentsQuerySchema>;

export const providerPaySchema = z.object({
  visitId: z.number().int(),
  dateOfService: isoDateSchema,
  providerId: z.number().int(),
  clinicianName: z.string(),
  patientName: z.string(),
  organizationName: z.string(),
  visitType: z.string(),
  status: z.enum(PAY_STATUSES),
  /** The clinician's pay for the visit by the rate engine (at export: as exported). */
  amountCents: z.number().int(),
  /** The rate engine's explanation of the amount. */
  breakdown: z.array(z.string()),
  /** Why it cannot be paid yet (no rate); null when it can. */
  problem: z.string().nullable(),
  hasBankAccount: z.boolean(),
  nachaFileId: z.number().int().nullable(),
  exportedAt: isoDateTimeSchema.nullable(),
});
export type ProviderPay = z.infer<typeof providerPaySchema>;
export const providerPaymentListSchema = z.object({
  rows: z.array(providerPaySchema),
  paging: pagingSchema,
  /** The range used, after SPEC §5's 180-day limit. */
  startDate: isoDateSchema,
  endDate: isoDateSchema,
});
export type ProviderPaymentList = z.infer<typeof providerPaymentListSchema>;

export const FINE_KINDS = ['MissedVisit', 'LateNotes', 'Other'] as const;
export const FINE_KIND_LABELS: Record<(typeof FINE_KINDS)[number], string> = {
  MissedVisit: 'Missed visit',
  LateNotes: 'Late notes',
  Other: 'Other',
};
export const FINE_STATUSES = ['Active', 'Contested', 'Removed'] as const;
export const FINE_MESSAGES = { notTheirVisit: 'is not a visit of this clinician that can be fined' } as const;
export const fineInputSchema = z.object({
  providerId: idValueSchema,
  visitId: idValueSchema.optional(),
  kind: z.enum(FINE_KINDS),
  amountCents: positiveCentsSchema,
  reason: z.string().trim().min(1, { error: 'is required' }).max(500),
});
export type FineInput = z.infer<typeof fineInputSchema>;
export const fineNoteSchema = z.object({
  note: z.string().trim().min(1, { error: 'is required' }).max(1000),
});
export const fineSchema = z.object({
  id: z.number().int(),
  providerId: z.number().int(),
  clinicianName: z.string(),
  visitId: z.number().int().nullable(),
  kind: z.enum(FINE_KINDS),
  amountCents: z.number().int(),
  reason: z.string(),
  status: z.enum(FINE_STATUSES),
  contestNote: z.string().nullable(),
  removedNote: z.string().nullable(),
  /** Deducted by this export (while Active). */
  nachaFileId: z.number().int().nullable(),
  createdAt: isoDateTimeSchema,
});
export type Fine = z.infer<typeof fineSchema>;
export const fineListQuerySchema = pagingQuerySchema.extend({
  providerId: idSchema.optional(),
  status: z.enum(['ALL', ...FINE_STATUSES]).default('ALL'),
});
export const fineListSchema = z.object({ rows: z.array(fineSchema), paging: pagingSchema });

/** A visit can be fined once the clinician held it: from its time on (missed, notes late …), never a future one. */
export const FINEABLE_VISIT_STATUSES = [
  'AfterStaffed',
  'VisitOverdue',
  'Missed',
  'NotesDue',
  'NotesOverdue',
  'NotesInReview',
  'NotesRejected',
  'NotesApproved',
  'ApprovalDue',
  'FinalReview',
  'LateCanceled',
  'FinalConfirmed',
] as const;
/** The fine form lists this many of the clinician's visits, newest first. */
export const FINEABLE_VISITS_MAX = 200;
export const fineVisitsQuerySchema = z.object({ providerId: idSchema });
export const fineVisitSchema = z.object({
  visitId: z.number().int(),
  dateOfService: isoDateSchema,
  /** '' for a shift without a patient. */
  patientName: z.string(),
  status: z.string(),
});
export type FineVisit = z.infer<typeof fineVisitSchema>;
export const fineVisitListSchema = z.object({ rows: z.array(fineVisitSchema) });
export const fineResultSchema = z.object({ message: z.string(), fine: fineSchema });

export const ADJUSTMENT_KINDS = ['receivable', 'payable'] as const;
export const adjustmentInputSchema = z
  .object({
    kind: z.enum(ADJUSTMENT_KINDS),
    invoiceId: idValueSchema.optional(),
    providerId: idValueSchema.optional(),
    amountCents: z
      .number({ error: 'must be an amount in cents' })
      .int({ error: 'must be a whole number of cents' })
      .refine((v) => v !== 0, { error: 'must not be zero' })
      .refine((v) => Math.abs(v) < 99_999_999_99, { error: 'must be less than $100,000,000' }),
    reason: z.string().trim().min(1, { error: 'is required' }).max(500),
  })
  .superRefine((v, context) => {
    if (v.kind === 'receivable' && v.invoiceId === undefined)
      context.addIssue({
        code: 'custom',
        path: ['invoiceId'],
        message: 'is required for a receivable adjustment',
      });
    if (v.kind === 'receivable' && v.amountCents < 0)
      context.addIssue({
        code: 'custom',
        path: ['amountCents'],
        message: 'must be more than zero: a receivable adjustment is a credit',
      });
    if (v.kind === 'payable' && v.providerId === undefined)
      context.addIssue({
        code: 'custom',
        path: ['providerId'],
        message: 'is required for a payable adjustment',
      });
  });
export type AdjustmentInput = z.infer<typeof adjustmentInputSchema>;
export const ADJUSTMENT_STATUSES = ['Pending', 'Applied'] as const;
export const adjustmentSchema = z.object({
  id: z.number().int(),
  kind: z.enum(ADJUSTMENT_KINDS),
  invoiceId: z.number().int().nullable(),
  invoiceNumber: z.string().nullable(),
  organizationName: z.string().nullable(),
  providerId: z.number().int().nullable(),
  clinicianName: z.string().nullable(),
  amountCents: z.number().int(),
  reason: z.string(),
  status: z.enum(ADJUSTMENT_STATUSES),
  appliedAt: isoDateTimeSchema.nullable(),
  nachaFileId: z.number().int().nullable(),
  createdAt: isoDateTimeSchema,
});
export type Adjustment = z.infer<typeof adjustmentSchema>;
export const adjustmentListQuerySchema = pagingQuerySchema.extend({
  status: z.enum(ADJUSTMENT_STATUSES).default('Applied'),
  kind: z.enum(['ALL', ...ADJUSTMENT_KINDS]).default('ALL'),
  startDate: boundedDateSchema.optional(),
  endDate: boundedDateSchema.optional(),
});
export const adjustmentListSchema = z.object({ rows: z.array(adjustmentSchema), paging: pagingSchema });
export const adjustmentResultSchema = z.object({ message: z.string(), adjustment: adjustmentSchema });

export const createNachaFileSchema = z.object({
  visitIds: z.array(idValueSchema).min(1, { error: 'choose at least one payment to export' }).max(50_000),
  /** The day the credits settle; default the next day. */
  effectiveDate: boundedDateSchema.optional(),
});
export type CreateNachaFile = z.infer<typeof createNachaFileSchema>;
export const nachaFileSchema = z.object({
  id: z.number().int(),
  fileName: z.string(),
  effectiveDate: isoDateSchema,
  entryCount: z.number().int(),
  totalCreditCents: z.number().int(),
  createdAt: isoDateTimeSchema,
  createdBy: z.string(),
});
export type NachaFile = z.infer<typeof nachaFileSchema>;
export const nachaFileListSchema = z.object({ rows: z.array(nachaFileSchema) });
export const nachaFileResultSchema = z.object({ message: z.string(), file: nachaFileSchema });
