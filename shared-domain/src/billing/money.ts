/**
 * The ledger's money rules (decision 029): integer cents everywhere; an amount is computed by the rate engine
 * (rates/rate-engine.ts) once, when it enters the ledger, and every balance after that is a sum of entries.
 * Pure: no I/O, dates passed in.
 */
import dayjs from 'dayjs';
import { formatRateAmount } from '../rates/rate-engine';
import { APPROVED_NOTE_STATUSES } from '../visits/visit-status';

/** A visit is billable once its notes are approved: the approved statuses of the state machine. */
export const BILLABLE_VISIT_STATUSES = APPROVED_NOTE_STATUSES;

/** Days from the issue date to the due date of an invoice (net 30). */
export const INVOICE_TERMS_DAYS = 30;
export const INVOICE_TERMS_TEXT = `Net ${INVOICE_TERMS_DAYS} days. Please write the invoice number on your payment.`;

/** Who invoices are paid to (printed on every invoice; our company's remittance address). */
export const REMIT_TO = {
  name: 'Carelane Staffing LLC',
  addressLines: ['Accounts Receivable', 'PO Box 4120', 'Austin, TX 78765', 'billing@carelane.local'],
};

/** The minutes billed for a visit: checked in and out, the time between; otherwise the scheduled duration. */
export function billedMinutes(visit: {
  duration: number | null;
  timeIn: Date | string | null;
  timeOut: Date | string | null;
}): number | null {
  if (visit.timeIn && visit.timeOut) {
    const minutes = Math.round(
      (new Date(visit.timeOut).getTime() - new Date(visit.timeIn).getTime()) / 60_000,
    );
    if (minutes > 0) return minutes;
  }
  return visit.duration;
}

/** Cents as US dollars, e.g. 123450 -> '$1,234.50' (the one money format: formatRateAmount's). */
export const formatCents = (cents: number): string => formatRateAmount(cents / 100);

export function sumCents(amounts: Iterable<number>): number {
  let total = 0;
  for (const amount of amounts) {
    if (!Number.isSafeInteger(amount)) throw new RangeError(`not a whole number of cents: ${amount}`);
    total += amount;
  }
  return total;
}

export type InvoiceLineAmounts = { amountCents: number; serviceTaxCents: number };

/** An invoice's totals: always the sums of its lines (the line amount is before tax; the tax is its own column). */
export function invoiceTotals(lines: readonly InvoiceLineAmounts[]) {
  const subtotalCents = sumCents(lines.map((l) => l.amountCents));
  const serviceTaxCents = sumCents(lines.map((l) => l.serviceTaxCents));
  return { subtotalCents, serviceTaxCents, totalCents: subtotalCents + serviceTaxCents };
}

export const INVOICE_PAYMENT_STATUSES = ['Unpaid', 'PartiallyPaid', 'Paid'] as const;
export type InvoicePaymentStatus = (typeof INVOICE_PAYMENT_STATUSES)[number];

/** What is still owed on an invoice: its total less what was applied to it (payments and credits). */
export function invoiceBalance(totalCents: number, appliedCents: number): number {
  return totalCents - appliedCents;
}

export function paymentStatusOf(totalCents: number, appliedCents: number): InvoicePaymentStatus {
  if (appliedCents <= 0) return 'Unpaid';
  return invoiceBalance(totalCents, appliedCents) <= 0 ? 'Paid' : 'PartiallyPaid';
}

export type Allocation = { invoiceId: number; amountCents: number };

/**
 * How much of a payment's unapplied amount goes to each invoice, in the order given, each at most its balance
 * (or at most the amount asked for it, when one is asked). What is left stays on the payment as a credit.
 */
export function allocatePayment(
  unappliedCents: number,
  invoices: readonly { invoiceId: number; balanceCents: number; requestedCents?: number }[],
): { allocations: Allocation[]; leftCents: number } {
  let left = unappliedCents;
  const allocations: Allocation[] = [];
  for (const invoice of invoices) {
    if (left <= 0) break;
    const cap = Math.min(invoice.balanceCents, invoice.requestedCents ?? invoice.balanceCents);
    const amountCents = Math.min(left, cap);
    if (amountCents <= 0) continue;
    allocations.push({ invoiceId: invoice.invoiceId, amountCents });
    left -= amountCents;
  }
  return { allocations, leftCents: left };
}

export const AGING_BUCKETS = ['current', '1-30', '31-60', '61-90', '90+'] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];
export const AGING_BUCKET_LABELS: Record<AgingBucket, string> = {
  current: 'Current',
  '1-30': '1–30 days',
  '31-60': '31–60 days',
  '61-90': '61–90 days',
  '90+': 'Over 90 days',
};

/** Days past the due date on `asOf` (0 or less: not yet due). Dates are ISO 'YYYY-MM-DD'. */
export function daysPastDue(dueOn: string, asOf: string): number {
  return dayjs(asOf).diff(dayjs(dueOn), 'day');
}

export function agingBucketOf(dueOn: string, asOf: string): AgingBucket {
  const days = daysPastDue(dueOn, asOf);
  if (days <= 0) return 'current';
  if (days <= 30) return '1-30';
  if (days <= 60) return '31-60';
  if (days <= 90) return '61-90';
  return '90+';
}

/** A payment's received date may be a day past the organization's today (a check dated ahead, a late evening). */
export const PAYMENT_RECEIVED_GRACE_DAYS = 1;
/** …and this many years before it: older is a mistyped year (2016 for 2026), not a payment to record now. */
export const PAYMENT_RECEIVED_YEARS_BACK = 7;

/** The received dates a payment may carry when it is recorded on `today` (the organization's, 'YYYY-MM-DD'). */
export function paymentReceivedRange(today: string): { earliest: string; latest: string } {
  const day = dayjs(today);
  return {
    earliest: day.subtract(PAYMENT_RECEIVED_YEARS_BACK, 'year').format('YYYY-MM-DD'),
    latest: day.add(PAYMENT_RECEIVED_GRACE_DAYS, 'day').format('YYYY-MM-DD'),
  };
}

/** Why a payment's received date is refused on `today` (the text after the field's name), or null. */
export function paymentReceivedOnProblem(receivedOn: string, today: string): string | null {
  const { earliest, latest } = paymentReceivedRange(today);
  if (receivedOn > latest) return `must not be after ${latest}: record a payment once it is received`;
  if (receivedOn < earliest)
    return `must not be before ${earliest} (${PAYMENT_RECEIVED_YEARS_BACK} years ago): check the year`;
  return null;
}

/** The invoice number shown and printed: INV- and the gapless sequence, six digits at least. */
export function invoiceNumberText(sequence: number): string {
  return `INV-${String(sequence).padStart(6, '0')}`;
}

/**
 * A clinician's export (decision 029): the pay of the visits chosen plus their applied payable adjustments, less
 * their Active fines oldest first, each only while the amount paid stays above zero (a fine that would take it to
 * zero or below waits for the next export). A net of zero or less cannot be paid.
 */
export function netPay(
  payCents: readonly number[],
  fines: readonly { id: number; amountCents: number }[],
  adjustments: readonly { id: number; amountCents: number }[],
): { netCents: number; fineIds: number[]; adjustmentIds: number[] } {
  let net = sumCents(payCents) + sumCents(adjustments.map((a) => a.amountCents));
  const fineIds: number[] = [];
  for (const fine of fines) {
    if (net - fine.amountCents <= 0) continue;
    net -= fine.amountCents;
    fineIds.push(fine.id);
  }
  return { netCents: net, fineIds, adjustmentIds: adjustments.map((a) => a.id) };
}

/** Dollars typed by a user ('1,234.5', '$12.34') as whole cents, exactly; null when it is not an amount. */
export function parseDollarsToCents(text: string): number | null {
  const match = /^\s*(-)?\$?\s*(\d{1,3}(?:,\d{3})+|\d+)?(?:\.(\d{1,2}))?\s*$/.exec(text);
  if (!match || (match[2] === undefined && match[3] === undefined)) return null;
  const whole = Number((match[2] ?? '0').replaceAll(',', ''));
  const fraction = Number((match[3] ?? '').padEnd(2, '0'));
  const cents = whole * 100 + fraction;
  if (!Number.isSafeInteger(cents)) return null;
  return match[1] ? -cents : cents;
}
