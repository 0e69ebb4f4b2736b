/**
 * Our early-payment rebate (decision 030; SPEC gives no rule): an organization earns 2 % of every amount of a
 * payment applied to an invoice when the payment was received within 10 days of the invoice's issue date (on or
 * before issue date + 10). Per organization per calendar month of the payment's receipt, the qualifying amounts
 * are summed and the rebate is 2 % of that sum, rounded once to a whole cent, half away from zero. Pure.
 */
import { sumCents } from './money';

export const REBATE_WINDOW_DAYS = 10;
/** 2 % as basis points (hundredths of a percent), so the arithmetic stays in integers. */
export const REBATE_BASIS_POINTS = 200;
export const REBATE_RULE_TEXT = `${REBATE_BASIS_POINTS / 100} % of each payment applied to an invoice within ${REBATE_WINDOW_DAYS} days of its issue date, per organization and month, rounded once to the cent`;

/** Whether a payment received on `receivedOn` pays early for an invoice issued on `issuedOn` (ISO days). */
export function isEarlyPayment(issuedOn: string, receivedOn: string): boolean {
  const days = Math.round((Date.parse(receivedOn) - Date.parse(issuedOn)) / 86_400_000);
  return days <= REBATE_WINDOW_DAYS;
}

/** a × b / 10 000, rounded half away from zero, exactly (integers only). */
function basisPointsOf(cents: number, basisPoints: number): number {
  const product = Math.abs(cents) * basisPoints;
  const rounded = Math.floor((product + 5_000) / 10_000);
  return cents < 0 ? -rounded : rounded;
}

/** The rebate of one organization-month: 2 % of the sum of its qualifying applied amounts, rounded once. */
export function rebateCents(qualifyingCents: readonly number[] | number): number {
  const total = typeof qualifyingCents === 'number' ? qualifyingCents : sumCents(qualifyingCents);
  if (!Number.isSafeInteger(total)) throw new RangeError(`not a whole number of cents: ${total}`);
  return basisPointsOf(total, REBATE_BASIS_POINTS);
}
