// Dollars a person types (a payment, the part of it applied) read as integer cents, exactly, by shared-domain's one
// parser (parseDollarsToCents: the text's digits, never a floating-point multiply of the typed number), with the
// reason a field shows when the text is not an amount it accepts. More than two decimals is refused, not rounded:
// a payment is recorded as it was received.
import { formatCents, parseDollarsToCents } from '@carelane/shared-domain';
import type { FormRule } from 'antd';

/** The most one amount may be (positiveCentsSchema's limit). */
export const AMOUNT_MAX_CENTS = 99_999_999_99;

export const AMOUNT_ERRORS = {
  blank: 'Enter the amount.',
  notAmount: 'Enter an amount in dollars, such as 125.50.',
  tooManyDecimals: 'Enter at most 2 decimal places (whole cents).',
  notPositive: `Enter an amount more than ${formatCents(0)}.`,
  tooBig: `Enter an amount less than ${formatCents(AMOUNT_MAX_CENTS + 1)}.`,
} as const;

export type ParsedAmount = { ok: true; cents: number } | { ok: false; error: string };

/** An amount in the right form but for its fraction: 3 or more decimals. */
const TOO_PRECISE = /^-?\$?\s*(\d{1,3}(,\d{3})+|\d+)?\.\d{3,}$/;
/** More whole dollars than the limit can have (so many that they are not even a safe number of cents). */
const TOO_LONG = /^\$?\s*\d{10,}(\.\d*)?$/;

/**
 * '12.34' -> 1234, '$1,234.5' -> 123450, '.05' -> 5, '12' -> 1200; refuses blank text, other characters, a
 * negative or zero amount, more than 2 decimals and more than AMOUNT_MAX_CENTS. The input may start with '$'
 * and have thousands commas, so an amount shown by formatCents reads back as itself.
 */
export function parseDollars(text: string): ParsedAmount {
  const trimmed = text.trim();
  if (trimmed === '' || trimmed === '$') return { ok: false, error: AMOUNT_ERRORS.blank };
  const cents = parseDollarsToCents(trimmed);
  if (cents === null) {
    if (TOO_PRECISE.test(trimmed)) return { ok: false, error: AMOUNT_ERRORS.tooManyDecimals };
    if (TOO_LONG.test(trimmed)) return { ok: false, error: AMOUNT_ERRORS.tooBig };
    return { ok: false, error: AMOUNT_ERRORS.notAmount };
  }
  if (cents <= 0) return { ok: false, error: AMOUNT_ERRORS.notPositive };
  if (cents > AMOUNT_MAX_CENTS) return { ok: false, error: AMOUNT_ERRORS.tooBig };
  return { ok: true, cents };
}

/** The cents of text parseDollars accepts; throws on anything else (call it after the form's rules passed). */
export function centsOf(text: string): number {
  const parsed = parseDollars(text);
  if (!parsed.ok) throw new RangeError(parsed.error);
  return parsed.cents;
}

/**
 * A form rule for an amount field: parseDollars accepts it and, with `maxCents`, it is at most that
 * (`tooMuch` says why, given the limit as formatCents writes it).
 */
export function amountRule(maxCents?: number, tooMuch?: (limit: string) => string): FormRule {
  return {
    validator: async (_rule, value: string | undefined) => {
      const parsed = parseDollars(value ?? '');
      if (!parsed.ok) throw new Error(parsed.error);
      if (maxCents !== undefined && parsed.cents > maxCents)
        throw new Error(tooMuch ? tooMuch(formatCents(maxCents)) : `Enter at most ${formatCents(maxCents)}.`);
    },
  };
}

/** Cents as an amount field shows them: formatCents' text without the '$' the field puts before it. */
export const amountInputText = (cents: number): string => formatCents(cents).replace(/^\$/, '');
