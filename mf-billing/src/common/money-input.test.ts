import { formatCents } from '@carelane/shared-domain';
import { AMOUNT_ERRORS, AMOUNT_MAX_CENTS, amountInputText, centsOf, parseDollars } from './money-input';

describe('parseDollars', () => {
  it('reads dollars as whole cents exactly (shared-domain parseDollarsToCents), without a floating-point multiply', () => {
    expect(parseDollars('12.34')).toEqual({ ok: true, cents: 1234 });
    // 0.29 * 100 is 28.999999999999996 and 1.15 * 100 is 114.99999999999999 in floating point.
    expect(parseDollars('0.29')).toEqual({ ok: true, cents: 29 });
    expect(parseDollars('1.15')).toEqual({ ok: true, cents: 115 });
    expect(parseDollars('4.35')).toEqual({ ok: true, cents: 435 });
    expect(parseDollars('12')).toEqual({ ok: true, cents: 1200 });
    expect(parseDollars('12.5')).toEqual({ ok: true, cents: 1250 });
    expect(parseDollars('.05')).toEqual({ ok: true, cents: 5 });
    expect(parseDollars(' 007.10 ')).toEqual({ ok: true, cents: 710 });
  });

  it('reads back what formatCents writes: a leading $ and thousands commas', () => {
    expect(parseDollars('$1,234.50')).toEqual({ ok: true, cents: 123450 });
    expect(parseDollars('$ 99')).toEqual({ ok: true, cents: 9900 });
    for (const cents of [1, 99, 100, 123456, 99_999_999_99])
      expect(parseDollars(formatCents(cents))).toEqual({ ok: true, cents });
  });

  it('refuses more than two decimals instead of rounding', () => {
    expect(parseDollars('12.345')).toEqual({ ok: false, error: AMOUNT_ERRORS.tooManyDecimals });
    expect(parseDollars('0.001')).toEqual({ ok: false, error: AMOUNT_ERRORS.tooManyDecimals });
    expect(parseDollars('$1,234.567')).toEqual({ ok: false, error: AMOUNT_ERRORS.tooManyDecimals });
  });

  it('refuses blank, zero, negative, malformed and too large amounts', () => {
    expect(parseDollars('  ')).toEqual({ ok: false, error: AMOUNT_ERRORS.blank });
    expect(parseDollars('0')).toEqual({ ok: false, error: AMOUNT_ERRORS.notPositive });
    expect(parseDollars('0.00')).toEqual({ ok: false, error: AMOUNT_ERRORS.notPositive });
    expect(parseDollars('-5')).toEqual({ ok: false, error: AMOUNT_ERRORS.notPositive });
    expect(parseDollars('$')).toEqual({ ok: false, error: AMOUNT_ERRORS.blank });
    for (const text of ['abc', '.', '12.', '1e3', '12,34', '1,2345.00', '1.2.3', '12 34', '1.2a'])
      expect(parseDollars(text)).toEqual({ ok: false, error: AMOUNT_ERRORS.notAmount });
    expect(parseDollars('100000000')).toEqual({ ok: false, error: AMOUNT_ERRORS.tooBig });
    expect(parseDollars('99999999999999999999')).toEqual({ ok: false, error: AMOUNT_ERRORS.tooBig });
    expect(parseDollars('99999999.99')).toEqual({ ok: true, cents: AMOUNT_MAX_CENTS });
  });

  it('writes an amount for a field without the $ the field shows before it', () => {
    expect(amountInputText(123450)).toBe('1,234.50');
    expect(parseDollars(amountInputText(123450))).toEqual({ ok: true, cents: 123450 });
  });

  it('centsOf answers the cents or throws', () => {
    expect(centsOf('12.34')).toBe(1234);
    expect(() => centsOf('1.234')).toThrow(AMOUNT_ERRORS.tooManyDecimals);
  });
});
