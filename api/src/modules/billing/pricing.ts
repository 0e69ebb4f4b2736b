// A billable visit priced by the rate engine for the time billed (decision 029): what its invoice line bills the
// organization and what its clinician is paid. The one place billing calls the engine.
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { billedMinutes, rateTerms } from '@carelane/shared-domain';
import {
  patients,
  providerRates,
  providerTypes,
  providers,
  referralSourceRates,
  referralSources,
  visitTypes,
  visits,
} from '../../db/schema';
import type { Executor } from '../../db/client';

/**
 * The visit's columns billing reads: the rate engine's, the billed time's, and what the lists show. Not the whole
 * row: an export of 10,000 visits spent a quarter of a second on PGlite turning columns nobody reads into values.
 */
const PRICED_VISIT_COLUMNS = {
  id: visits.id,
  dateOfService: visits.dateOfService,
  status: visits.status,
  providerId: visits.providerId,
  referralSourceId: visits.referralSourceId,
  patientId: visits.patientId,
  lateCancellation: visits.lateCancellation,
  isHourly: visits.isHourly,
  duration: visits.duration,
  timeIn: visits.timeIn,
  timeOut: visits.timeOut,
  bonus: visits.bonus,
  referralSourceBonus: visits.referralSourceBonus,
  rateOverride: visits.rateOverride,
  overrideAmount: visits.overrideAmount,
  rsOverrideAmount: visits.rsOverrideAmount,
  nonVisit: visits.nonVisit,
  rateTier: visits.rateTier,
} satisfies Record<string, unknown>;

/** A visit with what the rate engine needs (its organization's card, its clinician's rate) and the names shown. */
export function selectPriced(ex: Executor) {
  return ex
    .select({
      visit: PRICED_VISIT_COLUMNS,
      organizationName: referralSources.name,
      patientName: sql<string>`coalesce(${patients.lastName} || ', ' || ${patients.firstName}, '')`,
      clinicianName: sql<string>`coalesce(${providers.givenName} || ' ' || ${providers.familyName}, '')`,
      visitType: visitTypes.type,
      providerType: providerTypes.type,
      card: referralSourceRates,
      clinicianRate: {
        amount: providerRates.amount,
        specialRate: providerRates.specialRate,
        incrementalRate: providerRates.incrementalRate,
      },
    })
    .from(visits)
    .innerJoin(referralSources, eq(referralSources.id, visits.referralSourceId))
    .innerJoin(visitTypes, eq(visitTypes.id, visits.visitTypeId))
    .innerJoin(providerTypes, eq(providerTypes.id, visits.providerTypeId))
    .leftJoin(patients, eq(patients.id, visits.patientId))
    .leftJoin(providers, eq(providers.id, visits.providerId))
    .leftJoin(
      referralSourceRates,
      and(
        eq(referralSourceRates.referralSourceId, visits.referralSourceId),
        eq(referralSourceRates.providerTypeId, visits.providerTypeId),
        eq(referralSourceRates.visitTypeId, visits.visitTypeId),
      ),
    )
    .leftJoin(
      providerRates,
      and(eq(providerRates.providerId, visits.providerId), eq(providerRates.visitTypeId, visits.visitTypeId)),
    );
}
/**
 * A page of visits, oldest date of service first, with what pricing reads, in two statements: the page's ids
 * from visits alone (an index range), then those visits joined. As one statement the planner joins every visit
 * matching before choosing the page: the unbilled list on PGlite at 50,000 visits took 33 ms with the order and
 * limit on the join, 85 ms with the ids as an IN subquery, against 1.4 + 5.8 ms in two (bench/billing.mjs).
 */
export async function selectPricedPage(ex: Executor, where: SQL | undefined, limit: number, offset: number) {
  const ids = await ex
    .select({ id: visits.id })
    .from(visits)
    .where(where)
    .orderBy(asc(visits.dateOfService), asc(visits.id))
    .limit(limit)
    .offset(offset);
  if (!ids.length) return [];
  return selectPriced(ex)
    .where(
      inArray(
        visits.id,
        ids.map((row) => row.id),
      ),
    )
    .orderBy(asc(visits.dateOfService), asc(visits.id));
}
export type PricedRow = Awaited<ReturnType<ReturnType<typeof selectPriced>['execute']>>[number];

export type Priced = {
  row: PricedRow;
  /** Why the visit cannot be priced (no card, no clinician rate); null when it can. */
  problem: string | null;
  minutes: number | null;
  unitsText: string;
  /** Organization, per unit, before tax; null when an override set the amount. */
  rateCents: number | null;
  /** Organization, before tax. */
  amountCents: number;
  serviceTaxCents: number;
  /** What the clinician is paid for the visit (bonus included). */
  clinicianCents: number;
  breakdown: string[];
};

const hoursText = (minutes: number) => `${Number((minutes / 60).toFixed(2))} h`;

export function price(row: PricedRow): Priced {
  const minutes = billedMinutes(row.visit);
  const rate = row.clinicianRate;
  const clinicianRate = rate?.amount == null ? undefined : { ...rate, amount: rate.amount };
  const terms = rateTerms({ ...row.visit, duration: minutes }, row.card ?? undefined, clinicianRate);
  if (!terms.ok)
    return {
      row,
      problem: terms.problem,
      minutes,
      unitsText: '',
      rateCents: null,
      amountCents: 0,
      serviceTaxCents: 0,
      clinicianCents: 0,
      breakdown: [],
    };
  const { result } = terms;
  const hourly = (row.card?.unit ?? (row.visit.isHourly ? '$/Hour' : '$/Visit')) === '$/Hour';
  return {
    row,
    problem: null,
    minutes,
    unitsText: row.visit.lateCancellation
      ? 'Late cancellation'
      : hourly
        ? hoursText(result.billableMinutes)
        : '1 visit',
    rateCents: result.cents.organizationUnitRate,
    amountCents: result.cents.organizationBeforeTax,
    serviceTaxCents: result.cents.serviceTax,
    clinicianCents: result.cents.clinician,
    breakdown: result.breakdown,
  };
}
