// How an invoice's states read on screen and in the CSV, and the one rule the page needs about due dates.
import {
  daysPastDue,
  type Invoice,
  type InvoicePaymentStatus,
  type InvoiceStatus,
} from '@carelane/shared-domain';

export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  Created: 'Created',
  Sent: 'Sent',
  Collection: 'In collection',
};
export const PAYMENT_STATUS_LABELS: Record<InvoicePaymentStatus, string> = {
  Unpaid: 'Unpaid',
  PartiallyPaid: 'Partially paid',
  Paid: 'Paid',
};
/** antd preset tag colours. */
export const INVOICE_STATUS_COLORS: Record<InvoiceStatus, string> = {
  Created: 'default',
  Sent: 'blue',
  Collection: 'red',
};
export const PAYMENT_STATUS_COLORS: Record<InvoicePaymentStatus, string> = {
  Unpaid: 'orange',
  PartiallyPaid: 'gold',
  Paid: 'green',
};

/** Past its due date with money owed (`asOf`: today as 'YYYY-MM-DD'). */
export const isOverdue = (invoice: Pick<Invoice, 'dueOn' | 'balanceCents'>, asOf: string): boolean =>
  invoice.balanceCents > 0 && daysPastDue(invoice.dueOn, asOf) > 0;

/** What the server accepts for collection: overdue with a balance, and not in collection yet. */
export const maySendToCollection = (
  invoice: Pick<Invoice, 'dueOn' | 'balanceCents' | 'status'>,
  asOf: string,
): boolean => invoice.status !== 'Collection' && isOverdue(invoice, asOf);
