import { providerRatesInputSchema } from './clinicians/provider-detail';
import { onboardingRatesSchema } from './clinicians/onboarding';
import { episodeVisitCreateSchema } from './scheduling/episodes';
import { referralSourceRateInputSchema } from './scheduling/rate-card';
import { WHOLE_CENTS_MESSAGE, dollarsSchema, hasWholeCents } from './money';

const issuesOf = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];

describe('dollarsSchema', () => {
  it('takes whole dollars and cents as JSON carries them, however binary floating point holds them', () => {
    for (const value of [0, 12, 44.34, 0.29, 1.1, 0.07, 99_999.99, -5.5]) {
      expect(hasWholeCents(value)).toBe(true);
      expect(dollarsSchema.parse(value)).toBe(value);
    }
  });

  it('refuses an amount past the cent instead of rounding it', () => {
    for (const value of [44.3449999, 1.005, 0.001, 1e-7, 0.1 + 0.2]) {
      expect(hasWholeCents(value)).toBe(false);
      expect(issuesOf(dollarsSchema.safeParse(value))).toEqual([['', WHOLE_CENTS_MESSAGE]]);
    }
  });
});

describe('every money input refuses more than two decimals, naming the field', () => {
  it('a rate card row', () => {
    const card = { providerTypeId: 1, visitTypeId: 400, paymentType: 'FlatRate', unit: '$/Hour' };
    expect(issuesOf(referralSourceRateInputSchema.safeParse({ ...card, amount: 44.3449999 }))).toEqual([
      ['amount', WHOLE_CENTS_MESSAGE],
    ]);
    expect(
      issuesOf(
        referralSourceRateInputSchema.safeParse({ ...card, amount: 44.34, hourlyRateAfterLimit: 60.001 }),
      ),
    ).toEqual([['hourlyRateAfterLimit', WHOLE_CENTS_MESSAGE]]);
    expect(referralSourceRateInputSchema.parse({ ...card, amount: 44.34 }).amount).toBe(44.34);
  });

  it("a clinician's rates, at onboarding and on the clinician's page", () => {
    expect(
      issuesOf(
        providerRatesInputSchema.safeParse({
          rates: [{ visitTypeId: 1, amount: 30, specialRate: 1.234 }],
          version: 0,
        }),
      ),
    ).toEqual([['rates.0.specialRate', WHOLE_CENTS_MESSAGE]]);
    expect(
      issuesOf(onboardingRatesSchema.safeParse({ rates: [{ visitTypeId: 1, amount: 30.125 }] })),
    ).toEqual([['rates.0.amount', WHOLE_CENTS_MESSAGE]]);
  });

  it("a visit's rate terms", () => {
    const result = episodeVisitCreateSchema.safeParse({
      visitTypeId: 1,
      providerTypeId: 1,
      dateOfService: '2026-12-01',
      bonus: 10.555,
    });
    expect(issuesOf(result)).toContainEqual(['bonus', WHOLE_CENTS_MESSAGE]);
  });
});
