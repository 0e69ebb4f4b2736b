// The part of a payment applied to one invoice: by default as much as the payment has left and the invoice
// owes (shared-domain's allocatePayment); the user may lower it, never raise it past either.
import { allocatePayment, formatCents, type Invoice } from '@carelane/shared-domain';
import { type FieldPlaces } from '@carelane/shared-ui';
import type { FormRule } from 'antd';
import { amountInputText, parseDollars } from '../common/money-input';

/** The default application of `leftCents` to the invoice, in cents (0 when the invoice owes nothing). */
export function defaultApplicationCents(
  leftCents: number,
  invoice: Pick<Invoice, 'id' | 'balanceCents'>,
): number {
  const { allocations } = allocatePayment(leftCents, [
    { invoiceId: invoice.id, balanceCents: invoice.balanceCents },
  ]);
  return allocations[0]?.amountCents ?? 0;
}

/** The default as the amount field shows it ('' when nothing can be applied). */
export const defaultApplicationText = (leftCents: number, invoice: Pick<Invoice, 'id' | 'balanceCents'>) => {
  const cents = defaultApplicationCents(leftCents, invoice);
  return cents > 0 ? amountInputText(cents) : '';
};

/**
 * The applied amount's rule: blank is allowed when `optional` (nothing applied now), else a valid amount of at
 * most the invoice's balance and at most what the payment has left (`leftCents()` read when checked).
 */
export function applyRule(
  invoice: Pick<Invoice, 'balanceCents'>,
  leftCents: () => number | null,
  optional: boolean,
): FormRule {
  return {
    validator: async (_rule, value: string | undefined) => {
      if (optional && !value?.trim()) return;
      const parsed = parseDollars(value ?? '');
      if (!parsed.ok) throw new Error(parsed.error);
      if (parsed.cents > invoice.balanceCents)
        throw new Error(`Apply at most the invoice's balance, ${formatCents(invoice.balanceCents)}.`);
      const left = leftCents();
      if (left !== null && parsed.cents > left)
        throw new Error(`Apply at most what the payment has left, ${formatCents(left)}.`);
    },
  };
}

/** Where the apply call's field errors show: on the applied amount. */
export const APPLY_FAILURE = {
  thing: 'the payment',
  action: 'applied',
  places: { applications: 'apply', 'applications.': 'apply' } satisfies FieldPlaces,
  labels: {
    applications: 'Amount to apply',
    'applications.0.amountCents': 'Amount to apply',
    'applications.0.invoiceId': 'Invoice',
  },
};
