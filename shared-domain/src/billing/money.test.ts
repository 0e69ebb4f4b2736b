import { computeRates } from '../rates/rate-engine';
import {
  agingBucketOf,
  allocatePayment,
  billedMinutes,
  formatCents,
  invoiceNumberText,
  invoiceTotals,
  netPay,
  parseDollarsToCents,
  paymentReceivedOnProblem,
  paymentStatusOf,
  sumCents,
} from './money';

describe('billing money rules (decision 029)', () => {
  it('bills the checked-in time when there is one, else the scheduled duration', () => {
    expect(
      billedMinutes({ duration: 60, timeIn: '2026-11-02T08:00:00Z', timeOut: '2026-11-02T09:45:00Z' }),
    ).toBe(105);
    expect(billedMinutes({ duration: 60, timeIn: '2026-11-02T08:00:00Z', timeOut: null })).toBe(60);
    // A check-out before the check-in is not a duration.
    expect(
      billedMinutes({ duration: 45, timeIn: '2026-11-02T09:00:00Z', timeOut: '2026-11-02T08:00:00Z' }),
    ).toBe(45);
  });

  it('adds whole cents only, and an invoice total is the sum of its lines and their tax', () => {
    expect(sumCents([1, 2, 3])).toBe(6);
    expect(() => sumCents([1, 0.5])).toThrow(RangeError);
    expect(
      invoiceTotals([
        { amountCents: 50_500, serviceTaxCents: 2_850 },
        { amountCents: 12_000, serviceTaxCents: 0 },
      ]),
    ).toEqual({ subtotalCents: 62_500, serviceTaxCents: 2_850, totalCents: 65_350 });
  });

  it('worked example: after-limit hours are billed at the after-limit rate, the clinician is paid every hour, tax on the clinician amount', () => {
    const result = computeRates({
      visit: { duration: 600, isHourly: true },
      card: {
        paymentType: 'FlatRate',
        unit: '$/Hour',
        amount: 50,
        shiftBreakTimeInMins: 30,
        durationLimit: 8,
        hourlyRateAfterLimit: 70,
        serviceTaxPercentage: 10,
      },
      clinician: { amount: 30 },
    });
    // 600 min − 30 min break = 570 min (9.5 h): 8 h × $50 + 1.5 h × $70 = $505.00 to the organization;
    // 9.5 h × $30 = $285.00 to the clinician; 10 % of $285.00 = $28.50 tax, billed on top.
    expect(result.cents).toEqual({
      organization: 53_350,
      organizationBeforeTax: 50_500,
      organizationUnitRate: 5_000,
      clinician: 28_500,
      serviceTax: 2_850,
      netProfit: 22_000,
    });
  });

  it('worked example: the tax rounds half away from zero, once, on the clinician amount', () => {
    const result = computeRates({
      visit: { duration: 45 },
      card: { paymentType: 'ServiceFee', unit: '$/Visit', serviceFee: 20, serviceTaxPercentage: 7.5 },
      clinician: { amount: 85.1 },
    });
    // 7.5 % of $85.10 = $6.3825 -> $6.38; organization = $85.10 + $20.00 fee + $6.38 tax = $111.48.
    expect(result.cents).toMatchObject({
      clinician: 8_510,
      serviceTax: 638,
      organization: 11_148,
      organizationBeforeTax: 10_510,
    });
  });

  it('applies a payment in the order given, each at most its balance or the amount asked, and keeps the rest', () => {
    expect(
      allocatePayment(10_000, [
        { invoiceId: 1, balanceCents: 3_000 },
        { invoiceId: 2, balanceCents: 4_000, requestedCents: 2_500 },
        { invoiceId: 3, balanceCents: 0 },
        { invoiceId: 4, balanceCents: 9_000 },
      ]),
    ).toEqual({
      allocations: [
        { invoiceId: 1, amountCents: 3_000 },
        { invoiceId: 2, amountCents: 2_500 },
        { invoiceId: 4, amountCents: 4_500 },
      ],
      leftCents: 0,
    });
    expect(allocatePayment(5_000, [{ invoiceId: 1, balanceCents: 1_200 }])).toEqual({
      allocations: [{ invoiceId: 1, amountCents: 1_200 }],
      leftCents: 3_800,
    });
  });

  it('says Unpaid, PartiallyPaid or Paid from the total and what was applied', () => {
    expect(paymentStatusOf(10_000, 0)).toBe('Unpaid');
    expect(paymentStatusOf(10_000, 1)).toBe('PartiallyPaid');
    expect(paymentStatusOf(10_000, 10_000)).toBe('Paid');
  });

  it('puts an invoice in its aging bucket by days past its due date', () => {
    expect(agingBucketOf('2026-11-30', '2026-11-30')).toBe('current');
    expect(agingBucketOf('2026-11-01', '2026-11-02')).toBe('1-30');
    expect(agingBucketOf('2026-10-01', '2026-10-31')).toBe('1-30');
    expect(agingBucketOf('2026-10-01', '2026-11-01')).toBe('31-60');
    expect(agingBucketOf('2026-08-01', '2026-10-30')).toBe('61-90');
    expect(agingBucketOf('2026-08-01', '2026-10-31')).toBe('90+');
  });

  it('formats cents and invoice numbers', () => {
    expect(formatCents(123_450)).toBe('$1,234.50');
    expect(formatCents(-500)).toBe('-$5.00');
    expect(invoiceNumberText(42)).toBe('INV-000042');
  });
});

describe('clinician pay and typed amounts', () => {
  it('pays the visits plus the adjustments, less the fines oldest first while something is left to pay', () => {
    expect(
      netPay(
        [10_000, 5_000],
        [
          { id: 1, amountCents: 2_500 },
          { id: 2, amountCents: 20_000 },
          { id: 3, amountCents: 1_000 },
        ],
        [{ id: 7, amountCents: 1_500 }],
      ),
    ).toEqual({ netCents: 13_000, fineIds: [1, 3], adjustmentIds: [7] });
    expect(netPay([1_000], [{ id: 1, amountCents: 1_000 }], []).netCents).toBe(1_000);
    expect(netPay([1_000], [], [{ id: 2, amountCents: -1_500 }]).netCents).toBe(-500);
  });

  it('reads typed dollars as exact cents', () => {
    expect(parseDollarsToCents('12.34')).toBe(1_234);
    expect(parseDollarsToCents('$1,234.5')).toBe(123_450);
    expect(parseDollarsToCents('0.1')).toBe(10);
    expect(parseDollarsToCents('.07')).toBe(7);
    expect(parseDollarsToCents('-5')).toBe(-500);
    expect(parseDollarsToCents('19.999')).toBeNull();
    expect(parseDollarsToCents('12a')).toBeNull();
    expect(parseDollarsToCents('')).toBeNull();
    expect(parseDollarsToCents('1,23.00')).toBeNull();
  });
});

describe("a payment's received date", () => {
  it("may be up to a day past the organization's today and 7 years back, no further", () => {
    const today = '2026-11-28';
    for (const day of ['2026-11-28', '2026-11-29', '2026-01-02', '2019-11-28'])
      expect(paymentReceivedOnProblem(day, today)).toBeNull();
    expect(paymentReceivedOnProblem('2026-11-30', today)).toBe(
      'must not be after 2026-11-29: record a payment once it is received',
    );
    expect(paymentReceivedOnProblem('2099-12-31', today)).toMatch(/^must not be after 2026-11-29/);
    expect(paymentReceivedOnProblem('2019-11-27', today)).toBe(
      'must not be before 2019-11-28 (7 years ago): check the year',
    );
    expect(paymentReceivedOnProblem('0001-01-01', today)).toMatch(/^must not be before 2019-11-28/);
  });
});
