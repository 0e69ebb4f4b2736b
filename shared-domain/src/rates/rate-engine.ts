/**
 * The one rate engine: what the organization (referral source) is billed and what the clinician is paid for
 * one visit or shift, the margin left, and the SPEC §5 rate validation messages. Pure: money is computed in
 * whole cents so every output adds up exactly, and returned in dollars rounded to cents.
 *
 * Rules (SPEC §3 referralSourceRates fields, §5 messages, §9 constants; the rest is our choice):
 *
 * 1. Unit. The rate card's `unit` decides: '$/Hour' pays per billable hour, '$/Visit' per visit. A card
 *    without a unit falls back to the visit's `isHourly` (true -> '$/Hour', otherwise '$/Visit').
 * 2. Tier. 'regular' uses amount / serviceFee / profitMargin (card) and amount (clinician); 'special' uses
 *    specialRate / specialServiceFee / specialProfitMargin and the clinician's specialRate; 'incremental' the
 *    incremental* fields. A tier field that is missing (null/undefined, not 0) falls back to the regular one.
 * 3. Billable minutes. duration (minutes) — when missing or not positive: 8 hours for '$/Hour'
 *    ({@link DEFAULT_SHIFT_LENGTH_MINUTES}), nothing for '$/Visit'. The break `shiftBreakTimeInMins` is
 *    deducted only when the duration is over 5 hours (strictly: exactly 5 h keeps its break). The result is
 *    rounded UP to a multiple of `billingIncrement` minutes when that is set.
 * 4. Duration limit. With `durationLimit` (hours), billable time beyond it is billed to the organization at
 *    `hourlyRateAfterLimit` per hour (missing or not positive: {@link DEFAULT_HOURLY_RATE_AFTER_LIMIT}) instead of
 *    the card's rate; for '$/Visit' that extra time is added to the per-visit amount. The limit is on the
 *    organization's card, so the clinician is still paid their own rate for every billable hour.
 * 5. Organization amount by payment type, per unit (hour within the limit, or visit):
 *    ServiceFee = clinician's rate + service fee; FlatRate = the card's amount; Both = card's amount + fee.
 *    ServiceFee passes the clinician's *rate* through, not an overridden amount (see 7).
 * 6. Bonuses are per visit: `bonus` is added to the clinician amount, `referralSourceBonus` to the
 *    organization amount.
 * 7. Overrides apply when `rateOverride` is true: `overrideAmount` replaces the computed clinician amount and
 *    `rsOverrideAmount` the computed organization amount (each one when it is a number; after-limit time
 *    included), before bonuses. With `rateOverride` false or missing, stored override amounts are ignored.
 * 8. Service tax = `serviceTaxPercentage` % of the clinician amount (bonus included), added to what the
 *    organization is billed. So organizationAmount includes the tax, and
 *    netProfit = organizationAmount − clinicianAmount − serviceTax (the tax is passed through, not profit).
 * 9. requiredMargin = the tier's profit margin (dollars per unit) × units (billable hours, or 1 visit).
 *    A candidate is selectable when netProfit ≥ requiredMargin.
 *
 * The visit's `status` matters only to validation (no check for Missed or Expired); `nonVisit` changes no
 * amount (it only keeps the entry out of visit counts, see visits/visit-status.ts).
 */

export const PAYMENT_TYPES = ['FlatRate', 'ServiceFee', 'Both'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];
export const RATE_UNITS = ['$/Hour', '$/Visit'] as const;
export type RateUnit = (typeof RATE_UNITS)[number];
export const RATE_TIERS = ['regular', 'special', 'incremental'] as const;
export type RateTier = (typeof RATE_TIERS)[number];

/** SPEC §9: default shift length 8 hours, when a shift has no duration. */
export const DEFAULT_SHIFT_LENGTH_MINUTES = 8 * 60;
/** SPEC §9: breaks are deducted only if the duration is over 5 hours. */
export const BREAK_DEDUCTION_AFTER_MINUTES = 5 * 60;
/** SPEC §9: default hourly rate after the duration limit, 60 per hour. */
export const DEFAULT_HOURLY_RATE_AFTER_LIMIT = 60;

type Amount = number | null | undefined;

/** The visit fields (SPEC §3) the engine reads. */
export type RateVisit = {
  /** Minutes. */
  duration?: Amount;
  isHourly?: boolean | null;
  bonus?: Amount;
  referralSourceBonus?: Amount;
  rateOverride?: boolean | null;
  overrideAmount?: Amount;
  rsOverrideAmount?: Amount;
  status?: string | null;
  nonVisit?: boolean | null;
};

/** One `referralSourceRates` entry (SPEC §3): the organization's rate card for a provider and visit type. */
export type OrganizationRateCard = {
  paymentType: PaymentType;
  serviceFee?: Amount;
  specialServiceFee?: Amount;
  incrementalServiceFee?: Amount;
  amount?: Amount;
  specialRate?: Amount;
  incrementalRate?: Amount;
  profitMargin?: Amount;
  specialProfitMargin?: Amount;
  incrementalProfitMargin?: Amount;
  unit?: RateUnit | null;
  shiftBreakTimeInMins?: Amount;
  /** Hours. */
  durationLimit?: Amount;
  /** Minutes. */
  billingIncrement?: Amount;
  /** Dollars per hour. */
  hourlyRateAfterLimit?: Amount;
  serviceTaxPercentage?: Amount;
};

/** The clinician's `rates` entry (SPEC §3) for the visit type. */
export type ClinicianRate = { amount?: Amount; specialRate?: Amount; incrementalRate?: Amount };

export type RateInput = {
  visit: RateVisit;
  card: OrganizationRateCard;
  clinician: ClinicianRate;
  /** Which rate applies; 'regular' when missing. */
  tier?: RateTier;
};

export type RateResult = {
  /** Billed to the organization, service tax included (dollars; the same amount as organizationCents). */
  organizationAmount: number;
  /** Paid to the clinician, bonus included. */
  clinicianAmount: number;
  serviceTax: number;
  netProfit: number;
  requiredMargin: number;
  billableMinutes: number;
  /** One readable line per step, for tooltips and audit. */
  breakdown: string[];
  /** The same amounts in whole cents: what billing and pay store and add up (decision 029). */
  cents: {
    organization: number;
    /** The organization amount before the service tax (what an invoice line shows as its amount). */
    organizationBeforeTax: number;
    /** Per unit (hour within the limit, or visit) billed to the organization; null when an override set it. */
    organizationUnitRate: number | null;
    clinician: number;
    serviceTax: number;
    netProfit: number;
  };
};

const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/**
 * The one money format of rate texts and messages: US dollars with cents, e.g. '$45.00', '$1,234.50',
 * '-$5.00'. SPEC §5 {amount} placeholders use it.
 */
export function formatRateAmount(dollars: number): string {
  return USD.format(toCents(dollars) / 100);
}

function finite(value: Amount): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

function positive(value: Amount): number | null {
  const number = finite(value);
  return number !== null && number > 0 ? number : null;
}

function toCents(dollars: number): number {
  // Half away from zero, with a nudge so 1.005 (stored as 1.00499…) still rounds up.
  const scaled = Math.abs(dollars) * 100;
  return Math.sign(dollars) * Math.round(scaled + scaled * Number.EPSILON * 8) || 0;
}

const fromCents = (cents: number) => cents / 100;
const money = (cents: number) => formatRateAmount(fromCents(cents));

function formatHours(minutes: number): string {
  return `${Number((minutes / 60).toFixed(4))} h`;
}

/** The tier's value of a field, falling back to the regular field when the tier's is missing. */
export function tierValue(
  tier: RateTier,
  regular: Amount,
  special: Amount,
  incremental: Amount,
): number | null {
  const tiered = tier === 'special' ? special : tier === 'incremental' ? incremental : regular;
  return finite(tiered ?? regular);
}

function unitOf(input: RateInput): RateUnit {
  if (input.card.unit === '$/Hour' || input.card.unit === '$/Visit') return input.card.unit;
  return input.visit.isHourly ? '$/Hour' : '$/Visit';
}

type TierValues = { clinicianRate: number | null; cardAmount: number; fee: number; margin: number };

function tierValues(input: RateInput): TierValues {
  const tier = input.tier ?? 'regular';
  const { card, clinician } = input;
  return {
    clinicianRate: tierValue(tier, clinician.amount, clinician.specialRate, clinician.incrementalRate),
    cardAmount: tierValue(tier, card.amount, card.specialRate, card.incrementalRate) ?? 0,
    fee: tierValue(tier, card.serviceFee, card.specialServiceFee, card.incrementalServiceFee) ?? 0,
    margin: tierValue(tier, card.profitMargin, card.specialProfitMargin, card.incrementalProfitMargin) ?? 0,
  };
}

type BillableTime = {
  durationMinutes: number | null;
  defaulted: boolean;
  breakMinutes: number;
  billableMinutes: number;
  /** Billable minutes within the duration limit (all of them without a limit). */
  withinLimitMinutes: number;
  extraMinutes: number;
  limitMinutes: number | null;
  increment: number | null;
};

function billableTime(input: RateInput, unit: RateUnit): BillableTime {
  const { card, visit } = input;
  const given = positive(visit.duration);
  const durationMinutes = given ?? (unit === '$/Hour' ? DEFAULT_SHIFT_LENGTH_MINUTES : null);
  const increment = positive(card.billingIncrement);
  const limitHours = positive(card.durationLimit);
  const limitMinutes = limitHours === null ? null : limitHours * 60;
  if (durationMinutes === null) {
    return {
      durationMinutes,
      defaulted: false,
      breakMinutes: 0,
      billableMinutes: 0,
      withinLimitMinutes: 0,
      extraMinutes: 0,
      limitMinutes,
      increment,
    };
  }
  const breakMinutes =
    durationMinutes > BREAK_DEDUCTION_AFTER_MINUTES
      ? Math.min(durationMinutes, positive(card.shiftBreakTimeInMins) ?? 0)
      : 0;
  const afterBreak = durationMinutes - breakMinutes;
  // The small tolerance keeps 330 / 15 = 22 from becoming 23 through floating-point noise.
  const billableMinutes = increment ? Math.ceil(afterBreak / increment - 1e-9) * increment : afterBreak;
  const withinLimitMinutes =
    limitMinutes === null ? billableMinutes : Math.min(billableMinutes, limitMinutes);
  return {
    durationMinutes,
    defaulted: given === null,
    breakMinutes,
    billableMinutes,
    withinLimitMinutes,
    extraMinutes: billableMinutes - withinLimitMinutes,
    limitMinutes,
    increment,
  };
}

function overrideCents(visit: RateVisit, amount: Amount): number | null {
  if (visit.rateOverride !== true) return null;
  const value = finite(amount);
  return value === null ? null : toCents(value);
}

/** Organization amount, clinician amount, tax, profit and margin of one visit; see the rules at the top. */
export function computeRates(input: RateInput): RateResult {
  const { visit, card } = input;
  const tier = input.tier ?? 'regular';
  const unit = unitOf(input);
  const hourly = unit === '$/Hour';
  const values = tierValues(input);
  const clinicianRate = values.clinicianRate ?? 0;
  const time = billableTime(input, unit);
  const lines: string[] = [`${card.paymentType} ${unit}, ${tier} rate`];

  if (time.durationMinutes !== null) {
    let line = `Duration ${formatHours(time.durationMinutes)}${time.defaulted ? ' (default shift length)' : ''}`;
    if (time.breakMinutes > 0) line += `, ${time.breakMinutes} min break deducted (over 5 h)`;
    else if (positive(card.shiftBreakTimeInMins) && time.durationMinutes <= BREAK_DEDUCTION_AFTER_MINUTES) {
      line += ', break not deducted (5 h or less)';
    }
    if (time.increment) line += `, rounded up to ${time.increment} min`;
    lines.push(`${line}: ${time.billableMinutes} billable min (${formatHours(time.billableMinutes)})`);
  }

  // Clinician base: rate per hour for every billable hour, or per visit.
  const clinicianComputed = toCents(hourly ? (clinicianRate * time.billableMinutes) / 60 : clinicianRate);
  lines.push(
    hourly
      ? `Clinician ${money(toCents(clinicianRate))}/h × ${formatHours(time.billableMinutes)} = ${money(clinicianComputed)}`
      : `Clinician ${money(toCents(clinicianRate))} per visit`,
  );

  // Organization base: per-unit amount by payment type, within the duration limit.
  const perUnit =
    card.paymentType === 'ServiceFee'
      ? clinicianRate + values.fee
      : card.paymentType === 'FlatRate'
        ? values.cardAmount
        : values.cardAmount + values.fee;
  const perUnitText =
    card.paymentType === 'ServiceFee'
      ? `(${money(toCents(clinicianRate))} + ${money(toCents(values.fee))} service fee)`
      : card.paymentType === 'FlatRate'
        ? money(toCents(values.cardAmount))
        : `(${money(toCents(values.cardAmount))} + ${money(toCents(values.fee))} service fee)`;
  const organizationWithin = toCents(hourly ? (perUnit * time.withinLimitMinutes) / 60 : perUnit);
  lines.push(
    hourly
      ? `Organization ${perUnitText}/h × ${formatHours(time.withinLimitMinutes)} = ${money(organizationWithin)}`
      : `Organization ${perUnitText} per visit = ${money(organizationWithin)}`,
  );
  let organizationComputed = organizationWithin;
  if (time.extraMinutes > 0 && time.limitMinutes !== null) {
    const afterLimitRate = positive(card.hourlyRateAfterLimit) ?? DEFAULT_HOURLY_RATE_AFTER_LIMIT;
    const extra = toCents((afterLimitRate * time.extraMinutes) / 60);
    organizationComputed += extra;
    lines.push(
      `Beyond the ${formatHours(time.limitMinutes)} limit: ${formatHours(time.extraMinutes)} × ` +
        `${money(toCents(afterLimitRate))}/h = ${money(extra)}`,
    );
  }

  const clinicianOverride = overrideCents(visit, visit.overrideAmount);
  const organizationOverride = overrideCents(visit, visit.rsOverrideAmount);
  if (clinicianOverride !== null) {
    lines.push(`Clinician override ${money(clinicianOverride)} replaces ${money(clinicianComputed)}`);
  }
  if (organizationOverride !== null) {
    lines.push(
      `Organization override ${money(organizationOverride)} replaces ${money(organizationComputed)}`,
    );
  }

  const bonus = toCents(finite(visit.bonus) ?? 0);
  const referralSourceBonus = toCents(finite(visit.referralSourceBonus) ?? 0);
  if (bonus !== 0) lines.push(`Clinician bonus ${money(bonus)}`);
  if (referralSourceBonus !== 0) lines.push(`Organization bonus ${money(referralSourceBonus)}`);

  const clinicianCents = (clinicianOverride ?? clinicianComputed) + bonus;
  const organizationBeforeTax = (organizationOverride ?? organizationComputed) + referralSourceBonus;
  const taxPercentage = finite(card.serviceTaxPercentage) ?? 0;
  const serviceTax = toCents((fromCents(clinicianCents) * taxPercentage) / 100);
  if (taxPercentage !== 0) {
    lines.push(
      `Service tax ${taxPercentage}% of clinician ${money(clinicianCents)} = ${money(serviceTax)}, billed to the organization`,
    );
  }
  const organizationCents = organizationBeforeTax + serviceTax;
  const netProfit = organizationCents - clinicianCents - serviceTax;
  const requiredMargin = toCents(hourly ? (values.margin * time.billableMinutes) / 60 : values.margin);
  lines.push(
    `Organization ${money(organizationCents)}, clinician ${money(clinicianCents)}, ` +
      `net profit ${money(netProfit)} (required margin ${money(requiredMargin)})`,
  );

  return {
    organizationAmount: fromCents(organizationCents),
    clinicianAmount: fromCents(clinicianCents),
    serviceTax: fromCents(serviceTax),
    netProfit: fromCents(netProfit),
    requiredMargin: fromCents(requiredMargin),
    billableMinutes: time.billableMinutes,
    breakdown: lines,
    cents: {
      organization: organizationCents,
      organizationBeforeTax,
      organizationUnitRate: organizationOverride === null ? toCents(perUnit) : null,
      clinician: clinicianCents,
      serviceTax,
      netProfit,
    },
  };
}

/** SPEC §5 rate messages, verbatim, with {amount} as {@link formatRateAmount}. */
export const RATE_MESSAGES = {
  fixedRateNotPositive: 'Fixed rate must be greater than zero',
  serviceFeeBelowMargin: (serviceFee: number, profitMargin: number) =>
    `Service fee ${formatRateAmount(serviceFee)} is less than profit margin ${formatRateAmount(profitMargin)}`,
  fixedRateTooHigh: (maximum: number) => `Fixed rate cannot be more than ${formatRateAmount(maximum)}`,
} as const;

/** SPEC §5: Missed and Expired visits are not checked. */
const UNCHECKED_STATUSES: readonly string[] = ['Missed', 'Expired'];

/**
 * SPEC §5 rate validation; an empty list means the rates are fine. At most one message:
 * - none at all for a Missed or Expired visit;
 * - 'Fixed rate must be greater than zero' when the clinician (provider) amount — the tier's rate, or the
 *   override amount when the visit overrides — is zero, negative or missing;
 * - ServiceFee: 'Service fee {fee} is less than profit margin {margin}' when the tier's service fee is below the
 *   tier's profit margin (both per unit, as on the card);
 * - otherwise (any payment type): 'Fixed rate cannot be more than {max}' when organization amount minus
 *   clinician amount (tax passed through, i.e. net profit) is below the required margin; {max} is the clinician
 *   amount at which the margin is exactly kept (current clinician amount + net profit − required margin).
 */
export function validateRates(input: RateInput): string[] {
  if (input.visit.status && UNCHECKED_STATUSES.includes(input.visit.status)) return [];
  const values = tierValues(input);
  const providerAmount =
    input.visit.rateOverride === true && finite(input.visit.overrideAmount) !== null
      ? finite(input.visit.overrideAmount)
      : values.clinicianRate;
  if (providerAmount === null || toCents(providerAmount) <= 0) return [RATE_MESSAGES.fixedRateNotPositive];
  if (input.card.paymentType === 'ServiceFee' && toCents(values.fee) < toCents(values.margin)) {
    return [RATE_MESSAGES.serviceFeeBelowMargin(values.fee, values.margin)];
  }
  const result = computeRates(input);
  if (!isSelectable(result)) {
    const maximum =
      toCents(result.clinicianAmount) + toCents(result.netProfit) - toCents(result.requiredMargin);
    return [RATE_MESSAGES.fixedRateTooHigh(fromCents(maximum))];
  }
  return [];
}

/**
 * SPEC §5: a clinician-match candidate is selectable only if net profit is at least the required margin.
 * Pass the candidate's {@link computeRates} result (or anything carrying those two amounts).
 */
export function isSelectable(candidate: Pick<RateResult, 'netProfit' | 'requiredMargin'>): boolean {
  return toCents(candidate.netProfit) >= toCents(candidate.requiredMargin);
}

/** A visit as the rate terms read it: the engine's fields and its rate tier. */
export type RatedVisit = RateVisit & { rateTier?: string | null };

/** An organization's rate card entry as stored: its payment type and unit as text. */
export type StoredRateCard = Omit<OrganizationRateCard, 'paymentType' | 'unit'> & {
  paymentType: string;
  unit?: string | null;
};

export type RateTerms =
  | { ok: true; result: RateResult; selectable: boolean; problem: string | null }
  | { ok: false; problem: string };

/**
 * The rate engine on one visit for one clinician: the amounts, whether the clinician is selectable and, when
 * not, why (the SPEC §5 message, or the missing rate). Matching and billing price visits through it.
 */
export function rateTerms(
  visit: RatedVisit,
  card: StoredRateCard | undefined,
  clinicianRate: ClinicianRate | undefined,
): RateTerms {
  if (!card)
    return { ok: false, problem: 'The organization has no rate for this provider type and visit type.' };
  if (!clinicianRate) return { ok: false, problem: 'The clinician has no rate for this visit type.' };
  const input: RateInput = {
    visit: {
      duration: visit.duration,
      isHourly: visit.isHourly,
      bonus: visit.bonus,
      referralSourceBonus: visit.referralSourceBonus,
      rateOverride: visit.rateOverride,
      overrideAmount: visit.overrideAmount,
      rsOverrideAmount: visit.rsOverrideAmount,
      status: visit.status,
      nonVisit: visit.nonVisit,
    },
    card: { ...card, paymentType: card.paymentType as PaymentType, unit: card.unit as RateUnit | null },
    clinician: clinicianRate,
    tier: (visit.rateTier ?? undefined) as RateTier | undefined,
  };
  const result = computeRates(input);
  const selectable = isSelectable(result);
  return {
    ok: true,
    result,
    selectable,
    problem: selectable ? null : (validateRates(input)[0] ?? 'Net profit is below the required margin.'),
  };
}
