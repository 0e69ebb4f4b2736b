import {
  BREAK_DEDUCTION_AFTER_MINUTES,
  DEFAULT_HOURLY_RATE_AFTER_LIMIT,
  DEFAULT_SHIFT_LENGTH_MINUTES,
  PAYMENT_TYPES,
  RATE_MESSAGES,
  type ClinicianRate,
  type OrganizationRateCard,
  type RateInput,
  type RateTier,
  type RateVisit,
  computeRates,
  formatRateAmount,
  isSelectable,
  rateTerms,
  validateRates,
} from './rate-engine';

const hourlyCard = (card: Partial<OrganizationRateCard> = {}): OrganizationRateCard => ({
  paymentType: 'ServiceFee',
  unit: '$/Hour',
  ...card,
});
const visitCard = (card: Partial<OrganizationRateCard> = {}): OrganizationRateCard => ({
  paymentType: 'FlatRate',
  unit: '$/Visit',
  ...card,
});
const input = (
  card: OrganizationRateCard,
  clinician: ClinicianRate,
  visit: RateVisit = {},
  tier?: RateTier,
): RateInput => ({ card, clinician, visit, tier });
const amounts = (rateInput: RateInput) => {
  const { organizationAmount, clinicianAmount, serviceTax, netProfit, requiredMargin, billableMinutes } =
    computeRates(rateInput);
  return { organizationAmount, clinicianAmount, serviceTax, netProfit, requiredMargin, billableMinutes };
};

/** The SPEC example shift: ServiceFee $/Hour, clinician $40/h, fee $10/h, 30 min break, margin $8/h. */
const serviceFeeShift = (visit: RateVisit = {}, card: Partial<OrganizationRateCard> = {}) =>
  input(
    hourlyCard({ serviceFee: 10, profitMargin: 8, shiftBreakTimeInMins: 30, ...card }),
    { amount: 40 },
    visit,
  );

describe('constants (SPEC §9)', () => {
  it('default shift 8 h = 480 min, breaks only over 5 h = 300 min, 60/h after the limit', () => {
    expect(DEFAULT_SHIFT_LENGTH_MINUTES).toBe(480);
    expect(BREAK_DEDUCTION_AFTER_MINUTES).toBe(300);
    expect(DEFAULT_HOURLY_RATE_AFTER_LIMIT).toBe(60);
  });

  it('payment types are FlatRate, ServiceFee, Both', () => {
    expect(PAYMENT_TYPES).toEqual(['FlatRate', 'ServiceFee', 'Both']);
  });
});

describe('formatRateAmount: the one {amount} format', () => {
  it.each([
    [45, '$45.00'],
    [12.5, '$12.50'],
    [0, '$0.00'],
    [1234.5, '$1,234.50'],
    [-5, '-$5.00'],
    [1.005, '$1.01'],
    [80.004, '$80.00'],
  ])('%p reads %s', (value, text) => {
    expect(formatRateAmount(value)).toBe(text);
  });
});

describe('$/Hour billable time and breaks', () => {
  it('ServiceFee $/Hour: 6 h shift, 30 min break, clinician $40/h, fee $10/h -> organization $275.00, clinician $220.00', () => {
    expect(amounts(serviceFeeShift({ duration: 360 }))).toEqual({
      organizationAmount: 275,
      clinicianAmount: 220,
      serviceTax: 0,
      netProfit: 55,
      requiredMargin: 44,
      billableMinutes: 330,
    });
  });

  it('ServiceFee $/Hour: exactly 5 h with a 30 min break -> break kept, 300 min, organization $250.00, clinician $200.00', () => {
    expect(amounts(serviceFeeShift({ duration: 300 }))).toMatchObject({
      billableMinutes: 300,
      organizationAmount: 250,
      clinicianAmount: 200,
    });
  });

  it('ServiceFee $/Hour: 4 h with a 30 min break -> no deduction, 240 min, organization $200.00, clinician $160.00', () => {
    expect(amounts(serviceFeeShift({ duration: 240 }))).toMatchObject({
      billableMinutes: 240,
      organizationAmount: 200,
      clinicianAmount: 160,
    });
  });

  it('ServiceFee $/Hour: 5 h 1 min with a 30 min break -> 271 min, clinician $180.67, organization $225.83', () => {
    expect(amounts(serviceFeeShift({ duration: 301 }))).toMatchObject({
      billableMinutes: 271,
      clinicianAmount: 180.67,
      organizationAmount: 225.83,
      netProfit: 45.16,
      requiredMargin: 36.13,
    });
  });

  it('a break longer than the shift leaves 0 billable min: 5 h 30 min with a 600 min break -> $0.00', () => {
    expect(amounts(serviceFeeShift({ duration: 330 }, { shiftBreakTimeInMins: 600 }))).toMatchObject({
      billableMinutes: 0,
      clinicianAmount: 0,
      organizationAmount: 0,
    });
  });

  it('no break configured: 6 h -> 360 min, clinician $240.00, organization $300.00', () => {
    expect(amounts(serviceFeeShift({ duration: 360 }, { shiftBreakTimeInMins: null }))).toMatchObject({
      billableMinutes: 360,
      clinicianAmount: 240,
      organizationAmount: 300,
    });
  });

  it('no duration -> default 8 h shift, 30 min break -> 450 min, clinician $300.00, organization $375.00', () => {
    expect(amounts(serviceFeeShift({}))).toMatchObject({
      billableMinutes: 450,
      clinicianAmount: 300,
      organizationAmount: 375,
    });
    expect(amounts(serviceFeeShift({ duration: 0 }))).toMatchObject({ billableMinutes: 450 });
    expect(amounts(serviceFeeShift({ duration: null }))).toMatchObject({ billableMinutes: 450 });
  });
});

describe('billing increment (rounded up)', () => {
  it('15 min: 5 h 32 min, 30 min break -> 302 min rounds up to 315 min, clinician $210.00, organization $262.50', () => {
    expect(amounts(serviceFeeShift({ duration: 332 }, { billingIncrement: 15 }))).toMatchObject({
      billableMinutes: 315,
      clinicianAmount: 210,
      organizationAmount: 262.5,
    });
  });

  it('15 min: 6 h, 30 min break -> 330 min is already a multiple, stays 330', () => {
    expect(amounts(serviceFeeShift({ duration: 360 }, { billingIncrement: 15 }))).toMatchObject({
      billableMinutes: 330,
      clinicianAmount: 220,
    });
  });

  it('60 min: 6 h, 30 min break -> 330 min rounds up to 360, clinician $240.00, organization $300.00', () => {
    expect(amounts(serviceFeeShift({ duration: 360 }, { billingIncrement: 60 }))).toMatchObject({
      billableMinutes: 360,
      clinicianAmount: 240,
      organizationAmount: 300,
    });
  });

  it('rounding happens after the break: 5 h 10 min, 30 min break, 30 min increment -> 280 min rounds to 300', () => {
    expect(amounts(serviceFeeShift({ duration: 310 }, { billingIncrement: 30 }))).toMatchObject({
      billableMinutes: 300,
    });
  });

  it('0 or missing increment does not round: 5 h 1 min -> 271 min', () => {
    expect(amounts(serviceFeeShift({ duration: 301 }, { billingIncrement: 0 }))).toMatchObject({
      billableMinutes: 271,
    });
  });
});

describe('duration limit', () => {
  const flat = (card: Partial<OrganizationRateCard> = {}) =>
    hourlyCard({ paymentType: 'FlatRate', amount: 55, profitMargin: 5, shiftBreakTimeInMins: 30, ...card });

  it('FlatRate $/Hour $55/h, 8 h limit, 10 h shift, 30 min break -> 570 min: organization $440.00 + 1.5 h × $60.00 = $530.00, clinician $40/h -> $380.00', () => {
    expect(amounts(input(flat({ durationLimit: 8 }), { amount: 40 }, { duration: 600 }))).toEqual({
      organizationAmount: 530,
      clinicianAmount: 380,
      serviceTax: 0,
      netProfit: 150,
      requiredMargin: 47.5,
      billableMinutes: 570,
    });
  });

  it('ServiceFee $/Hour, 8 h limit at $75.00/h after, 9 h no break -> organization 8 × $50.00 + $75.00 = $475.00, clinician $360.00', () => {
    const rateInput = input(
      hourlyCard({ serviceFee: 10, durationLimit: 8, hourlyRateAfterLimit: 75 }),
      { amount: 40 },
      { duration: 540 },
    );
    expect(amounts(rateInput)).toMatchObject({
      organizationAmount: 475,
      clinicianAmount: 360,
      billableMinutes: 540,
    });
  });

  it('hourlyRateAfterLimit 0 or missing uses the default $60.00/h: 8 h limit, 9 h -> $400.00 + $60.00', () => {
    for (const hourlyRateAfterLimit of [0, null, undefined]) {
      const rateInput = input(
        hourlyCard({ serviceFee: 10, durationLimit: 8, hourlyRateAfterLimit }),
        { amount: 40 },
        { duration: 540 },
      );
      expect(amounts(rateInput).organizationAmount).toBe(460);
    }
  });

  it('within the limit nothing changes: 8 h limit, 7 h shift, 30 min break -> $55.00 × 6.5 h = $357.50', () => {
    expect(amounts(input(flat({ durationLimit: 8 }), { amount: 40 }, { duration: 420 }))).toMatchObject({
      organizationAmount: 357.5,
      clinicianAmount: 260,
    });
  });

  it('the limit is compared with billable time (after break and rounding): 8 h limit, 8 h 20 min shift, 30 min break -> 470 min, no extra', () => {
    expect(amounts(input(flat({ durationLimit: 8 }), { amount: 40 }, { duration: 500 }))).toMatchObject({
      billableMinutes: 470,
      organizationAmount: 430.83,
    });
  });

  it('$/Visit FlatRate $120.00 with a 1 h limit, 90 min visit -> $120.00 + 0.5 h × $60.00 = $150.00, clinician $80.00', () => {
    expect(
      amounts(input(visitCard({ amount: 120, durationLimit: 1 }), { amount: 80 }, { duration: 90 })),
    ).toMatchObject({ organizationAmount: 150, clinicianAmount: 80, billableMinutes: 90 });
  });

  it('$/Visit without a duration gets no default shift and no extra time: 1 h limit -> $120.00', () => {
    expect(amounts(input(visitCard({ amount: 120, durationLimit: 1 }), { amount: 80 }))).toMatchObject({
      organizationAmount: 120,
      billableMinutes: 0,
    });
  });
});

describe('payment types and units', () => {
  it('FlatRate $/Visit: card $120.00, clinician $80.00, margin $25.00 -> organization $120.00, clinician $80.00, net $40.00', () => {
    expect(amounts(input(visitCard({ amount: 120, profitMargin: 25 }), { amount: 80 }))).toEqual({
      organizationAmount: 120,
      clinicianAmount: 80,
      serviceTax: 0,
      netProfit: 40,
      requiredMargin: 25,
      billableMinutes: 0,
    });
  });

  it('FlatRate $/Visit: a 45 min visit is still paid per visit -> $120.00 / $80.00, 45 billable min', () => {
    expect(amounts(input(visitCard({ amount: 120 }), { amount: 80 }, { duration: 45 }))).toMatchObject({
      organizationAmount: 120,
      clinicianAmount: 80,
      billableMinutes: 45,
    });
  });

  it('ServiceFee $/Visit: clinician $80.00 + fee $30.00 -> organization $110.00', () => {
    expect(
      amounts(input(visitCard({ paymentType: 'ServiceFee', serviceFee: 30, amount: 999 }), { amount: 80 })),
    ).toMatchObject({ organizationAmount: 110, clinicianAmount: 80, netProfit: 30 });
  });

  it('Both $/Visit: card $100.00 + fee $20.00 -> organization $120.00, clinician $70.00', () => {
    expect(
      amounts(input(visitCard({ paymentType: 'Both', amount: 100, serviceFee: 20 }), { amount: 70 })),
    ).toMatchObject({ organizationAmount: 120, clinicianAmount: 70, netProfit: 50 });
  });

  it('FlatRate $/Hour: 4 h, card $45/h, clinician $35/h, margin $6/h -> organization $180.00, clinician $140.00, margin $24.00', () => {
    expect(
      amounts(
        input(
          hourlyCard({ paymentType: 'FlatRate', amount: 45, profitMargin: 6 }),
          { amount: 35 },
          { duration: 240 },
        ),
      ),
    ).toMatchObject({ organizationAmount: 180, clinicianAmount: 140, netProfit: 40, requiredMargin: 24 });
  });

  it('Both $/Hour: 4 h, card $30/h + fee $5/h, clinician $25/h -> organization $140.00, clinician $100.00', () => {
    expect(
      amounts(
        input(
          hourlyCard({ paymentType: 'Both', amount: 30, serviceFee: 5 }),
          { amount: 25 },
          { duration: 240 },
        ),
      ),
    ).toMatchObject({ organizationAmount: 140, clinicianAmount: 100, netProfit: 40 });
  });

  it("the card's unit wins over the visit's isHourly: $/Visit card, isHourly true, 4 h -> paid per visit", () => {
    expect(
      amounts(input(visitCard({ amount: 120 }), { amount: 80 }, { duration: 240, isHourly: true })),
    ).toMatchObject({ organizationAmount: 120, clinicianAmount: 80 });
  });

  it('a card without a unit follows isHourly: FlatRate $45, clinician $35, 4 h -> $180.00 / $140.00 hourly, $45.00 / $35.00 per visit', () => {
    const card: OrganizationRateCard = { paymentType: 'FlatRate', amount: 45, unit: null };
    expect(amounts(input(card, { amount: 35 }, { duration: 240, isHourly: true }))).toMatchObject({
      organizationAmount: 180,
      clinicianAmount: 140,
    });
    expect(amounts(input(card, { amount: 35 }, { duration: 240, isHourly: false }))).toMatchObject({
      organizationAmount: 45,
      clinicianAmount: 35,
    });
  });
});

describe('rate tiers', () => {
  const card = hourlyCard({
    serviceFee: 10,
    specialServiceFee: 15,
    incrementalServiceFee: 12,
    profitMargin: 8,
    specialProfitMargin: 12,
    incrementalProfitMargin: 9,
  });
  const clinician = { amount: 40, specialRate: 50, incrementalRate: 45 };

  it('regular ServiceFee $/Hour 4 h: $40/h + $10/h -> organization $200.00, clinician $160.00, margin $32.00', () => {
    expect(amounts(input(card, clinician, { duration: 240 }, 'regular'))).toMatchObject({
      organizationAmount: 200,
      clinicianAmount: 160,
      requiredMargin: 32,
    });
  });

  it('special ServiceFee $/Hour 4 h: $50/h + $15/h -> organization $260.00, clinician $200.00, margin $48.00', () => {
    expect(amounts(input(card, clinician, { duration: 240 }, 'special'))).toMatchObject({
      organizationAmount: 260,
      clinicianAmount: 200,
      netProfit: 60,
      requiredMargin: 48,
    });
  });

  it('incremental ServiceFee $/Hour 4 h: $45/h + $12/h -> organization $228.00, clinician $180.00, margin $36.00', () => {
    expect(amounts(input(card, clinician, { duration: 240 }, 'incremental'))).toMatchObject({
      organizationAmount: 228,
      clinicianAmount: 180,
      requiredMargin: 36,
    });
  });

  it('incremental FlatRate $/Visit: card $150.00, clinician $100.00, margin $30.00 (regular $120.00 / $80.00 unused)', () => {
    const flat = visitCard({
      amount: 120,
      incrementalRate: 150,
      profitMargin: 25,
      incrementalProfitMargin: 30,
    });
    expect(amounts(input(flat, { amount: 80, incrementalRate: 100 }, {}, 'incremental'))).toMatchObject({
      organizationAmount: 150,
      clinicianAmount: 100,
      netProfit: 50,
      requiredMargin: 30,
    });
  });

  it('special FlatRate $/Visit: card $140.00, clinician $95.00', () => {
    const flat = visitCard({ amount: 120, specialRate: 140 });
    expect(amounts(input(flat, { amount: 80, specialRate: 95 }, {}, 'special'))).toMatchObject({
      organizationAmount: 140,
      clinicianAmount: 95,
    });
  });

  it('a missing tier field falls back to the regular one: special with no special values -> $40/h + $10/h', () => {
    expect(
      amounts(
        input(hourlyCard({ serviceFee: 10, profitMargin: 8 }), { amount: 40 }, { duration: 240 }, 'special'),
      ),
    ).toMatchObject({ organizationAmount: 200, clinicianAmount: 160, requiredMargin: 32 });
  });

  it('an explicit 0 in a tier field is used, not replaced: specialServiceFee 0 -> organization = clinician $160.00', () => {
    expect(
      amounts(
        input(
          hourlyCard({ serviceFee: 10, specialServiceFee: 0 }),
          { amount: 40 },
          { duration: 240 },
          'special',
        ),
      ),
    ).toMatchObject({ organizationAmount: 160, clinicianAmount: 160 });
  });

  it('no tier means regular', () => {
    expect(amounts(input(card, clinician, { duration: 240 }))).toEqual(
      amounts(input(card, clinician, { duration: 240 }, 'regular')),
    );
  });
});

describe('bonuses', () => {
  it('FlatRate $/Visit $120.00 / $80.00 with bonus $25.00 -> clinician $105.00, organization $120.00, net $15.00', () => {
    expect(amounts(input(visitCard({ amount: 120 }), { amount: 80 }, { bonus: 25 }))).toMatchObject({
      clinicianAmount: 105,
      organizationAmount: 120,
      netProfit: 15,
    });
  });

  it('FlatRate $/Visit $120.00 / $80.00 with referralSourceBonus $15.00 -> organization $135.00, net $55.00', () => {
    expect(
      amounts(input(visitCard({ amount: 120 }), { amount: 80 }, { referralSourceBonus: 15 })),
    ).toMatchObject({
      clinicianAmount: 80,
      organizationAmount: 135,
      netProfit: 55,
    });
  });

  it('bonuses are per visit, not per hour: 6 h ServiceFee shift + bonus $20.00 + referralSourceBonus $30.00 -> $240.00 / $305.00', () => {
    expect(amounts(serviceFeeShift({ duration: 360, bonus: 20, referralSourceBonus: 30 }))).toMatchObject({
      clinicianAmount: 240,
      organizationAmount: 305,
      netProfit: 65,
    });
  });

  it('the clinician bonus is not passed through a ServiceFee: organization stays $275.00', () => {
    expect(amounts(serviceFeeShift({ duration: 360, bonus: 20 }))).toMatchObject({ organizationAmount: 275 });
  });
});

describe('overrides', () => {
  it('rateOverride with overrideAmount $250.00 -> clinician $250.00, ServiceFee organization still $275.00 from the rate', () => {
    expect(
      amounts(serviceFeeShift({ duration: 360, rateOverride: true, overrideAmount: 250 })),
    ).toMatchObject({
      clinicianAmount: 250,
      organizationAmount: 275,
      netProfit: 25,
    });
  });

  it('rateOverride with rsOverrideAmount $300.00 -> organization $300.00, clinician $220.00', () => {
    expect(
      amounts(serviceFeeShift({ duration: 360, rateOverride: true, rsOverrideAmount: 300 })),
    ).toMatchObject({
      clinicianAmount: 220,
      organizationAmount: 300,
      netProfit: 80,
    });
  });

  it('both overrides $150.00 / $200.00 on FlatRate $/Visit $120.00 / $80.00 -> $200.00 / $150.00', () => {
    expect(
      amounts(
        input(
          visitCard({ amount: 120 }),
          { amount: 80 },
          { rateOverride: true, overrideAmount: 150, rsOverrideAmount: 200 },
        ),
      ),
    ).toMatchObject({ organizationAmount: 200, clinicianAmount: 150, netProfit: 50 });
  });

  it('bonuses are added on top of overrides: override $250.00 + bonus $20.00 -> $270.00; rsOverride $300.00 + $10.00 -> $310.00', () => {
    expect(
      amounts(
        serviceFeeShift({
          duration: 360,
          rateOverride: true,
          overrideAmount: 250,
          rsOverrideAmount: 300,
          bonus: 20,
          referralSourceBonus: 10,
        }),
      ),
    ).toMatchObject({ clinicianAmount: 270, organizationAmount: 310 });
  });

  it('an organization override replaces after-limit time too: 9 h with 8 h limit, rsOverride $420.00 -> $420.00', () => {
    const rateInput = input(
      hourlyCard({ serviceFee: 10, durationLimit: 8 }),
      { amount: 40 },
      { duration: 540, rateOverride: true, rsOverrideAmount: 420 },
    );
    expect(amounts(rateInput).organizationAmount).toBe(420);
  });

  it('stored override amounts are ignored when rateOverride is false or missing -> $275.00 / $220.00', () => {
    for (const rateOverride of [false, null, undefined]) {
      expect(
        amounts(serviceFeeShift({ duration: 360, rateOverride, overrideAmount: 1, rsOverrideAmount: 2 })),
      ).toMatchObject({ organizationAmount: 275, clinicianAmount: 220 });
    }
  });

  it('an override of $0.00 is honoured: clinician $0.00', () => {
    expect(amounts(serviceFeeShift({ duration: 360, rateOverride: true, overrideAmount: 0 }))).toMatchObject({
      clinicianAmount: 0,
    });
  });
});

describe('service tax', () => {
  it('10% on the 6 h ServiceFee shift: clinician $220.00 -> tax $22.00, organization $297.00, net profit $55.00', () => {
    expect(amounts(serviceFeeShift({ duration: 360 }, { serviceTaxPercentage: 10 }))).toEqual({
      organizationAmount: 297,
      clinicianAmount: 220,
      serviceTax: 22,
      netProfit: 55,
      requiredMargin: 44,
      billableMinutes: 330,
    });
  });

  it('5% applies to the clinician amount with its bonus: $80.00 + $20.00 bonus -> tax $5.00, organization $125.00, net $20.00', () => {
    expect(
      amounts(input(visitCard({ amount: 120, serviceTaxPercentage: 5 }), { amount: 80 }, { bonus: 20 })),
    ).toMatchObject({ clinicianAmount: 100, serviceTax: 5, organizationAmount: 125, netProfit: 20 });
  });

  it('7.5% of $180.67 -> tax $13.55 (rounded to cents), and the amounts add up exactly', () => {
    const result = amounts(serviceFeeShift({ duration: 301 }, { serviceTaxPercentage: 7.5 }));
    expect(result).toMatchObject({ clinicianAmount: 180.67, serviceTax: 13.55, organizationAmount: 239.38 });
    expect(
      Math.round((result.organizationAmount - result.clinicianAmount - result.serviceTax) * 100) / 100,
    ).toBe(result.netProfit);
  });

  it('tax is computed on the clinician override: override $200.00 at 10% -> tax $20.00', () => {
    expect(
      amounts(
        serviceFeeShift(
          { duration: 360, rateOverride: true, overrideAmount: 200 },
          { serviceTaxPercentage: 10 },
        ),
      ),
    ).toMatchObject({ clinicianAmount: 200, serviceTax: 20, organizationAmount: 295, netProfit: 75 });
  });
});

describe('breakdown', () => {
  it('explains the 6 h ServiceFee shift step by step', () => {
    expect(computeRates(serviceFeeShift({ duration: 360 }, { serviceTaxPercentage: 10 })).breakdown).toEqual([
      'ServiceFee $/Hour, regular rate',
      'Duration 6 h, 30 min break deducted (over 5 h): 330 billable min (5.5 h)',
      'Clinician $40.00/h × 5.5 h = $220.00',
      'Organization ($40.00 + $10.00 service fee)/h × 5.5 h = $275.00',
      'Service tax 10% of clinician $220.00 = $22.00, billed to the organization',
      'Organization $297.00, clinician $220.00, net profit $55.00 (required margin $44.00)',
    ]);
  });

  it('mentions the default shift, the kept break, rounding, the limit, overrides and bonuses', () => {
    const lines = (rateInput: RateInput) => computeRates(rateInput).breakdown.join('\n');
    expect(lines(serviceFeeShift({}))).toContain('Duration 8 h (default shift length)');
    expect(lines(serviceFeeShift({ duration: 240 }))).toContain('break not deducted (5 h or less)');
    expect(lines(serviceFeeShift({ duration: 332 }, { billingIncrement: 15 }))).toContain(
      'rounded up to 15 min',
    );
    expect(
      lines(input(hourlyCard({ serviceFee: 10, durationLimit: 8 }), { amount: 40 }, { duration: 540 })),
    ).toContain('Beyond the 8 h limit: 1 h × $60.00/h = $60.00');
    const overridden = lines(
      serviceFeeShift({
        duration: 360,
        rateOverride: true,
        overrideAmount: 250,
        rsOverrideAmount: 300,
        bonus: 20,
        referralSourceBonus: 10,
      }),
    );
    expect(overridden).toContain('Clinician override $250.00 replaces $220.00');
    expect(overridden).toContain('Organization override $300.00 replaces $275.00');
    expect(overridden).toContain('Clinician bonus $20.00');
    expect(overridden).toContain('Organization bonus $10.00');
    expect(lines(input(visitCard({ amount: 120 }), { amount: 80 }))).toContain('Clinician $80.00 per visit');
  });
});

describe('isSelectable: net profit ≥ required margin', () => {
  it('6 h ServiceFee shift: net $55.00 ≥ margin $44.00 -> selectable', () => {
    expect(isSelectable(computeRates(serviceFeeShift({ duration: 360 })))).toBe(true);
  });

  it('net $44.00 = margin $44.00 -> selectable', () => {
    expect(isSelectable({ netProfit: 44, requiredMargin: 44 })).toBe(true);
  });

  it('net $43.99 < margin $44.00 -> not selectable', () => {
    expect(isSelectable({ netProfit: 43.99, requiredMargin: 44 })).toBe(false);
  });

  it('compares in cents: 0.1 + 0.2 vs 0.3 -> selectable', () => {
    expect(isSelectable({ netProfit: 0.1 + 0.2, requiredMargin: 0.3 })).toBe(true);
  });

  it('FlatRate $/Visit $100.00, clinician $90.00, margin $20.00 -> net $10.00, not selectable', () => {
    expect(
      isSelectable(computeRates(input(visitCard({ amount: 100, profitMargin: 20 }), { amount: 90 }))),
    ).toBe(false);
  });
});

describe('validateRates (SPEC §5 messages)', () => {
  it('message texts are exact', () => {
    expect(RATE_MESSAGES.fixedRateNotPositive).toBe('Fixed rate must be greater than zero');
    expect(RATE_MESSAGES.serviceFeeBelowMargin(5, 8)).toBe(
      'Service fee $5.00 is less than profit margin $8.00',
    );
    expect(RATE_MESSAGES.fixedRateTooHigh(80)).toBe('Fixed rate cannot be more than $80.00');
  });

  it.each([
    ['$0.00', { amount: 0 }],
    ['missing', {}],
    ['null', { amount: null }],
    ['negative -$5.00', { amount: -5 }],
    ['$0.004 (rounds to $0.00)', { amount: 0.004 }],
  ])("clinician amount %s -> 'Fixed rate must be greater than zero'", (_name, clinician) => {
    expect(validateRates(input(visitCard({ amount: 120 }), clinician))).toEqual([
      'Fixed rate must be greater than zero',
    ]);
  });

  it("special tier with clinician specialRate $0.00 (regular $40.00) -> 'Fixed rate must be greater than zero'", () => {
    expect(
      validateRates(input(hourlyCard({ serviceFee: 10 }), { amount: 40, specialRate: 0 }, {}, 'special')),
    ).toEqual(['Fixed rate must be greater than zero']);
  });

  it("rateOverride with overrideAmount $0.00 -> 'Fixed rate must be greater than zero'", () => {
    expect(
      validateRates(
        input(visitCard({ amount: 120 }), { amount: 80 }, { rateOverride: true, overrideAmount: 0 }),
      ),
    ).toEqual(['Fixed rate must be greater than zero']);
  });

  it('rateOverride with overrideAmount $90.00 stands in for a missing clinician rate -> no message', () => {
    expect(
      validateRates(input(visitCard({ amount: 120 }), {}, { rateOverride: true, overrideAmount: 90 })),
    ).toEqual([]);
  });

  it("ServiceFee: fee $5.00 below margin $8.00 -> 'Service fee $5.00 is less than profit margin $8.00'", () => {
    expect(
      validateRates(input(hourlyCard({ serviceFee: 5, profitMargin: 8 }), { amount: 40 }, { duration: 240 })),
    ).toEqual(['Service fee $5.00 is less than profit margin $8.00']);
  });

  it("ServiceFee special tier: fee $10.00 below margin $12.50 -> 'Service fee $10.00 is less than profit margin $12.50'", () => {
    const card = hourlyCard({
      serviceFee: 20,
      specialServiceFee: 10,
      profitMargin: 8,
      specialProfitMargin: 12.5,
    });
    expect(validateRates(input(card, { amount: 40, specialRate: 50 }, { duration: 240 }, 'special'))).toEqual(
      ['Service fee $10.00 is less than profit margin $12.50'],
    );
  });

  it("ServiceFee $/Visit: fee missing, margin $15.00 -> 'Service fee $0.00 is less than profit margin $15.00'", () => {
    expect(
      validateRates(input(visitCard({ paymentType: 'ServiceFee', profitMargin: 15 }), { amount: 80 })),
    ).toEqual(['Service fee $0.00 is less than profit margin $15.00']);
  });

  it('ServiceFee: fee $8.00 equal to margin $8.00 -> no message', () => {
    expect(
      validateRates(input(hourlyCard({ serviceFee: 8, profitMargin: 8 }), { amount: 40 }, { duration: 240 })),
    ).toEqual([]);
  });

  it('ServiceFee $/Hour 6 h shift, fee $10/h ≥ margin $8/h -> no message', () => {
    expect(validateRates(serviceFeeShift({ duration: 360 }))).toEqual([]);
  });

  it("FlatRate $/Visit: card $100.00, margin $20.00, clinician $90.00 -> 'Fixed rate cannot be more than $80.00'", () => {
    expect(validateRates(input(visitCard({ amount: 100, profitMargin: 20 }), { amount: 90 }))).toEqual([
      'Fixed rate cannot be more than $80.00',
    ]);
  });

  it('FlatRate $/Visit: card $100.00, margin $20.00, clinician $80.00 (margin exactly kept) -> no message', () => {
    expect(validateRates(input(visitCard({ amount: 100, profitMargin: 20 }), { amount: 80 }))).toEqual([]);
  });

  it("FlatRate $/Hour 4 h: card $45/h, margin $10/h, clinician $40/h -> net $20.00 < $40.00 -> 'Fixed rate cannot be more than $140.00'", () => {
    expect(
      validateRates(
        input(
          hourlyCard({ paymentType: 'FlatRate', amount: 45, profitMargin: 10 }),
          { amount: 40 },
          { duration: 240 },
        ),
      ),
    ).toEqual(['Fixed rate cannot be more than $140.00']);
  });

  it("Both $/Visit: card $100.00 + fee $20.00, margin $30.00, clinician $95.00 -> 'Fixed rate cannot be more than $90.00'", () => {
    expect(
      validateRates(
        input(visitCard({ paymentType: 'Both', amount: 100, serviceFee: 20, profitMargin: 30 }), {
          amount: 95,
        }),
      ),
    ).toEqual(['Fixed rate cannot be more than $90.00']);
  });

  it('Both $/Visit: card $100.00 + fee $20.00, margin $30.00, clinician $90.00 -> no message', () => {
    expect(
      validateRates(
        input(visitCard({ paymentType: 'Both', amount: 100, serviceFee: 20, profitMargin: 30 }), {
          amount: 90,
        }),
      ),
    ).toEqual([]);
  });

  it("a bonus can break the margin: FlatRate $/Visit $120.00 / $80.00 + bonus $15.00, margin $30.00 -> 'Fixed rate cannot be more than $90.00'", () => {
    expect(
      validateRates(input(visitCard({ amount: 120, profitMargin: 30 }), { amount: 80 }, { bonus: 15 })),
    ).toEqual(['Fixed rate cannot be more than $90.00']);
  });

  it("service tax is passed through and changes nothing: FlatRate $/Visit $100.00, margin $20.00, clinician $90.00, 10% tax -> 'Fixed rate cannot be more than $80.00'", () => {
    expect(
      validateRates(
        input(visitCard({ amount: 100, profitMargin: 20, serviceTaxPercentage: 10 }), { amount: 90 }),
      ),
    ).toEqual(['Fixed rate cannot be more than $80.00']);
  });

  it("ServiceFee with a low organization override: 4 h at $40/h, rsOverride $170.00, margin $8/h -> 'Fixed rate cannot be more than $138.00'", () => {
    expect(
      validateRates(
        input(
          hourlyCard({ serviceFee: 10, profitMargin: 8 }),
          { amount: 40 },
          { duration: 240, rateOverride: true, rsOverrideAmount: 170 },
        ),
      ),
    ).toEqual(['Fixed rate cannot be more than $138.00']);
  });

  it.each(['Missed', 'Expired'])(
    '%s visits are not checked: zero rate, low fee and low margin -> no message',
    (status) => {
      expect(validateRates(input(visitCard({ amount: 120 }), { amount: 0 }, { status }))).toEqual([]);
      expect(
        validateRates(input(hourlyCard({ serviceFee: 5, profitMargin: 8 }), { amount: 40 }, { status })),
      ).toEqual([]);
      expect(
        validateRates(input(visitCard({ amount: 100, profitMargin: 20 }), { amount: 90 }, { status })),
      ).toEqual([]);
    },
  );

  it.each(['Draft', 'Active', 'Staffed', 'NotesApproved', 'LateCanceled', 'FinalConfirmed'])(
    '%s visits are checked: FlatRate $100.00 / $90.00, margin $20.00 -> message',
    (status) => {
      expect(
        validateRates(input(visitCard({ amount: 100, profitMargin: 20 }), { amount: 90 }, { status })),
      ).toEqual(['Fixed rate cannot be more than $80.00']);
    },
  );

  it('validation agrees with isSelectable on every payment type', () => {
    for (const paymentType of PAYMENT_TYPES) {
      for (const clinicianAmount of [50, 70, 90, 110]) {
        const rateInput = input(visitCard({ paymentType, amount: 100, serviceFee: 20, profitMargin: 20 }), {
          amount: clinicianAmount,
        });
        const selectable = isSelectable(computeRates(rateInput));
        expect(validateRates(rateInput).length === 0).toBe(selectable);
      }
    }
  });
});

describe('rateTerms (matching and billing price a visit through it)', () => {
  const visit = { duration: 60, rateTier: 'regular' };
  const card = { paymentType: 'FlatRate', unit: '$/Visit', amount: 100, profitMargin: 10 };

  it('names the missing rate on either side', () => {
    expect(rateTerms(visit, undefined, { amount: 50 })).toEqual({
      ok: false,
      problem: 'The organization has no rate for this provider type and visit type.',
    });
    expect(rateTerms(visit, card, undefined)).toEqual({
      ok: false,
      problem: 'The clinician has no rate for this visit type.',
    });
  });

  it("gives the engine's amounts, selectable when the net profit meets the margin, else the engine's reason", () => {
    const fits = rateTerms(visit, card, { amount: 50 });
    expect(fits).toMatchObject({ ok: true, selectable: true, problem: null });
    expect(fits.ok && fits.result).toEqual(
      computeRates({
        visit,
        card: visitCard({ amount: 100, profitMargin: 10 }),
        clinician: { amount: 50 },
        tier: 'regular',
      }),
    );
    const thin = rateTerms(visit, card, { amount: 95 });
    expect(thin).toMatchObject({ ok: true, selectable: false });
    expect(thin.problem).toBeTruthy();
  });
});
