import {
  organizationOnboardStepAfter,
  organizationOnboardStepShown,
  rateCardExample,
  rateCardIssues,
  referralSourceRateInputSchema,
} from './rate-card';

describe('rateCardIssues', () => {
  it('needs an amount above zero for FlatRate and Both, and a service fee for ServiceFee and Both', () => {
    expect(rateCardIssues({ paymentType: 'FlatRate', amount: 0 })).toEqual([
      { field: 'amount', message: 'must be greater than zero for FlatRate' },
    ]);
    expect(rateCardIssues({ paymentType: 'ServiceFee' })).toEqual([
      { field: 'serviceFee', message: 'is required for ServiceFee' },
    ]);
    expect(rateCardIssues({ paymentType: 'Both', amount: 10 })).toEqual([
      { field: 'serviceFee', message: 'is required for Both' },
    ]);
    expect(rateCardIssues({ paymentType: 'Both', amount: 10, serviceFee: 0 })).toEqual([]);
  });

  it('uses the SPEC §5 text when a service fee is below the profit margin', () => {
    expect(rateCardIssues({ paymentType: 'ServiceFee', serviceFee: 5, profitMargin: 7.5 })).toEqual([
      { field: 'serviceFee', message: 'Service fee $5.00 is less than profit margin $7.50' },
    ]);
  });

  it('refuses a flat rate margin above the amount', () => {
    expect(rateCardIssues({ paymentType: 'FlatRate', amount: 50, profitMargin: 60 })).toEqual([
      { field: 'profitMargin', message: 'must not be more than the amount' },
    ]);
  });
});

describe('referralSourceRateInputSchema', () => {
  it('defaults the hourly rate after the limit to 60 and refuses negative margins', () => {
    const base = { providerTypeId: 1, visitTypeId: 400, paymentType: 'FlatRate', amount: 80, unit: '$/Hour' };
    expect(referralSourceRateInputSchema.parse(base).hourlyRateAfterLimit).toBe(60);
    const negative = referralSourceRateInputSchema.safeParse({ ...base, specialProfitMargin: -1 });
    expect(negative.success).toBe(false);
    expect(negative.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['specialProfitMargin', 'must not be negative'],
    ]);
  });
});

describe('rateCardExample', () => {
  it('bills and pays one visit of a flat rate card', () => {
    const example = rateCardExample(
      { paymentType: 'FlatRate', amount: 120, profitMargin: 20, unit: '$/Visit' },
      50,
    );
    expect(example.basis).toBe('1 visit');
    expect(example.result).toMatchObject({
      organizationAmount: 120,
      clinicianAmount: 50,
      netProfit: 70,
      requiredMargin: 20,
    });
    expect(example).toMatchObject({ selectable: true, messages: [] });
  });

  it('bills one hour of a service fee card with its tax, and flags a clinician rate over the margin', () => {
    const card = {
      paymentType: 'ServiceFee' as const,
      serviceFee: 15,
      profitMargin: 10,
      unit: '$/Hour' as const,
      serviceTaxPercentage: 10,
    };
    const example = rateCardExample(card, 40);
    expect(example.basis).toBe('1 hour');
    expect(example.result).toMatchObject({
      organizationAmount: 59,
      clinicianAmount: 40,
      serviceTax: 4,
      netProfit: 15,
    });
    const flat = rateCardExample(
      { paymentType: 'FlatRate', amount: 100, profitMargin: 20, unit: '$/Visit' },
      90,
    );
    expect(flat).toMatchObject({ selectable: false, messages: ['Fixed rate cannot be more than $80.00'] });
  });
});

describe('organization onboarding steps', () => {
  it('go Rates, Contract, Done', () => {
    expect(organizationOnboardStepAfter('Rates')).toBe('Contract');
    expect(organizationOnboardStepAfter('Contract')).toBe('Done');
    expect(organizationOnboardStepAfter('Done')).toBeNull();
  });

  it('show Rates as Contract with hideRatesOnBoardStep', () => {
    expect(organizationOnboardStepShown('Rates')).toBe('Rates');
    expect(organizationOnboardStepShown('Rates', { hideRatesOnBoardStep: true })).toBe('Contract');
    expect(organizationOnboardStepShown('Done', { hideRatesOnBoardStep: true })).toBe('Done');
  });
});
