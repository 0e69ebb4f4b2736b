import { isEarlyPayment, rebateCents } from './rebates';

describe('early-payment rebate (decision 030)', () => {
  it('counts a payment received on or before the 10th day after the issue date', () => {
    expect(isEarlyPayment('2030-03-01', '2030-03-01')).toBe(true);
    expect(isEarlyPayment('2030-03-01', '2030-03-11')).toBe(true);
    expect(isEarlyPayment('2030-03-01', '2030-03-12')).toBe(false);
    // Received before the invoice (a credit applied to it later): early too.
    expect(isEarlyPayment('2030-03-01', '2030-02-20')).toBe(true);
  });

  it('worked example 1: $1,234.56 + $765.44 = $2,000.00 -> $40.00', () => {
    expect(rebateCents([123_456, 76_544])).toBe(4_000);
  });

  it('worked example 2: rounds once per organization-month, half away from zero', () => {
    // $10.25 × 2 % = 20.5 cents -> 21 cents.
    expect(rebateCents([1_025])).toBe(21);
    // $10.24 × 2 % = 20.48 cents -> 20 cents.
    expect(rebateCents([1_024])).toBe(20);
    // Three payments of $0.25 each would round to 1 cent each (3 cents); summed first: $0.75 × 2 % = 1.5 -> 2 cents.
    expect(rebateCents([25, 25, 25])).toBe(2);
    expect(rebateCents(0)).toBe(0);
    expect(rebateCents(-1_025)).toBe(-21);
  });

  it('refuses anything but whole cents', () => {
    expect(() => rebateCents([10.5])).toThrow(RangeError);
  });
});
