// Matching candidates: the clinicians who may take a visit, scored by the shared fit score. Candidates are pre-filtered in
// SQL (provider type, active, latitude and longitude bands, all on providers_type_status_lat_lon_idx; no overlapping
// booking), measured exactly with distanceMiles and scored in JS. `strategy: 'fullScan'` skips the SQL band so a
// benchmark can compare the two on the same data.
import { and, between, eq, gt, inArray, lt, ne, notInArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  DEFAULT_FIT_SCORE_OPTIONS,
  boundingBox,
  countsAsVisit,
  credentialGapsOn,
  distanceMiles,
  fitScore,
  type CredentialGap,
  MAX_VISIT_MINUTES,
  shiftNameOf,
  type FitScoreFactor,
  type FitScoreOptions,
  type VisitStatus,
  NON_BOOKING_VISIT_STATUSES,
} from '@carelane/shared-domain';
import {
  providerRates,
  providerVacations,
  providers,
  referralSourceRates,
  visitTypes,
  visits,
} from '../../../db/scheduling-schema';
import { users } from '../../../db/schema';
import { milesBetween } from '../../../db/sql-distance';
import type { Executor } from '../../../db/client';
import {
  fullyCredentialedOnSql,
  heldCredentialsSql,
  requiredCredentials,
} from '../../../services/credentials-at-date';

export type VisitRecord = typeof visits.$inferSelect;
/** The clinician's own login, whose last sign-in is their engagement (the care coordinator is `users`). */
const login = alias(users, 'login');
/** The clinician columns matching reads (the whole row would be several times the bytes, for hundreds of rows). */
const candidateColumns = {
  id: providers.id,
  givenName: providers.givenName,
  familyName: providers.familyName,
  email: providers.email,
  phoneNumber: providers.phoneNumber,
  enableEmail: providers.enableEmail,
  enableSms: providers.enableSms,
  providerTypeId: providers.providerTypeId,
  credentialState: providers.credentialState,
  preferredLatitude: providers.preferredLatitude,
  preferredLongitude: providers.preferredLongitude,
  coverageRadiusMiles: providers.coverageRadiusMiles,
  preferredZipcodes: providers.preferredZipcodes,
  skills: providers.skills,
  weekdayPreferences: providers.weekdayPreferences,
  assignmentPreference: providers.assignmentPreference,
  shiftPreferences: providers.shiftPreferences,
  rating: providers.rating,
  ratingDetails: providers.ratingDetails,
  lastLogin: login.lastLogin,
};
type ProviderColumn = Exclude<keyof typeof candidateColumns, 'lastLogin'>;
export type ProviderRecord = { [K in ProviderColumn]: (typeof providers.$inferSelect)[K] } & {
  lastLogin: Date | null;
};
export type CandidateStrategy = 'indexed' | 'fullScan';

/** Visits in these statuses do not book their clinician (for overlap checks). */

/**
 * Of the given clinicians, those holding another booking that overlaps [startAt, endAt) of `visit` (bookings
 * are half-open: one ending at 10:30 and one starting at 10:30 do not overlap).
 */
export async function bookedProviders(
  ex: Executor,
  providerIds: number[],
  visit: Pick<VisitRecord, 'id' | 'startAt' | 'endAt'>,
): Promise<Set<number>> {
  if (!providerIds.length) return new Set();
  const rows = await ex
    .selectDistinct({ providerId: visits.providerId })
    .from(visits)
    .where(
      and(
        inArray(visits.providerId, providerIds),
        ne(visits.id, visit.id),
        notInArray(visits.status, [...NON_BOOKING_VISIT_STATUSES]),
        lt(visits.startAt, visit.endAt),
        gt(visits.endAt, visit.startAt),
        // No booking lasts longer than MAX_VISIT_MINUTES, so an overlapping one starts after this: the lower
        // bound lets the (provider_id, start_at) index read a narrow range instead of every past visit.
        gt(visits.startAt, new Date(visit.startAt.getTime() - MAX_VISIT_MINUTES * 60_000)),
      ),
    );
  return new Set(rows.map((row) => row.providerId!));
}

export type ScoredCandidate = {
  provider: ProviderRecord;
  careCoordinator: string | null;
  distanceMiles: number;
  covered: boolean;
  visitsCount: number;
  shiftsCount: number;
  patientsCount: number;
  vacations: { startDate: string; endDate: string }[];
  fitScore: number;
  factors: FitScoreFactor[];
  /** The required credentials they lack on the visit's date of service (selectability). */
  credentialGaps: CredentialGap[];
};

const isoDay = (date: string, addDays: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + addDays);
  return d.toISOString().slice(0, 10);
};

/** The period of the workload counts: the calendar week (Sunday to Saturday) of the date of service. */
export function workloadPeriod(dateOfService: string): { from: string; to: string } {
  const weekday = new Date(`${dateOfService}T00:00:00Z`).getUTCDay();
  return { from: isoDay(dateOfService, -weekday), to: isoDay(dateOfService, 6 - weekday) };
}

/** One visit of a candidate's week, as the workload counts read it. */
type WeekVisit = {
  status: string;
  nonVisit: boolean;
  episodeType: string;
  patientId: number | null;
  dateOfService: string;
};
/** A clinician's own rate for one visit type, with the type's name. */
export type ClinicianRate = {
  visitTypeId: number;
  amount: number;
  specialRate: number | null;
  incrementalRate: number | null;
  visitType: string;
  description: string | null;
};

/**
 * The clinicians of the visit's provider type within the search distance of it (active, fully credentialed on
 * its date of service when the options ask), each with what the fit score weighs: one statement, the
 * per-clinician reads correlated subqueries on indexes, run only for the rows kept.
 */
async function nearbyClinicians(
  ex: Executor,
  visit: VisitRecord & { latitude: number; longitude: number },
  options: FitScoreOptions,
  {
    strategy,
    rates,
    period,
  }: { strategy: CandidateStrategy; rates: boolean; period: { from: string; to: string } },
) {
  const { latitude: lat, longitude: lon } = visit;
  const box = boundingBox(lat, lon, options.searchClinicianDistance);
  const filters: SQL[] =
    strategy === 'indexed'
      ? [
          eq(providers.providerTypeId, visit.providerTypeId),
          between(providers.preferredLatitude, box.minLat, box.maxLat),
          between(providers.preferredLongitude, box.minLon, box.maxLon),
        ]
      : // `+ 0` keeps the planner off the index: every clinician is read and measured.
        [sql`${providers.providerTypeId} + 0 = ${visit.providerTypeId}`];
  // The great-circle distance as distanceMiles computes it, with a little slack for rounding: it keeps the
  // box's corners out of the subqueries; distanceMiles below decides.
  const miles = milesBetween(
    sql`${lat}::float8`,
    sql`${lon}::float8`,
    sql`${providers.preferredLatitude}`,
    sql`${providers.preferredLongitude}`,
  );
  const earliestOverlap = new Date(visit.startAt.getTime() - MAX_VISIT_MINUTES * 60_000);
  const nonBooking = sql.join(
    NON_BOOKING_VISIT_STATUSES.map((status) => sql`${status}`),
    sql`, `,
  );
  const rows = await ex
    .select({
      provider: candidateColumns,
      careCoordinator: sql<string | null>`case when ${users.id} is null then null
        else ${users.firstName} || ' ' || ${users.lastName} end`,
      // Another booking overlapping [startAt, endAt) (see bookedProviders).
      busy: sql<boolean>`exists (select 1 from ${visits} b where b.provider_id = ${providers.id}
        and b.id <> ${visit.id} and b.status not in (${nonBooking})
        and b.start_at < ${visit.endAt} and b.end_at > ${visit.startAt} and b.start_at > ${earliestOverlap})`,
      // The period's visits by start time (the index), a day either side for the zone, then by date exactly.
      week: sql<WeekVisit[] | null>`(select json_agg(json_build_object('status', w.status,
          'nonVisit', w.non_visit, 'episodeType', w.episode_type, 'patientId', w.patient_id,
          'dateOfService', w.date_of_service))
        from ${visits} w where w.provider_id = ${providers.id} and w.id <> ${visit.id}
          and w.start_at >= ${new Date(`${isoDay(period.from, -1)}T00:00:00Z`)}
          and w.start_at < ${new Date(`${isoDay(period.to, 2)}T00:00:00Z`)})`,
      vacations: sql<{ startDate: string; endDate: string }[] | null>`(select json_agg(json_build_object(
          'startDate', v.start_date, 'endDate', v.end_date) order by v.start_date, v.id)
        from ${providerVacations} v where v.provider_id = ${providers.id}
          and v.end_date >= ${isoDay(visit.dateOfService, -30)} and v.start_date <= ${isoDay(visit.dateOfService, 30)})`,
      previous:
        visit.patientId === null
          ? sql<number>`0`
          : sql<number>`(select count(*)::int from ${visits} pv where pv.patient_id = ${visit.patientId}
              and pv.provider_id = ${providers.id} and pv.id <> ${visit.id} and pv.status <> 'Deleted')`,
      // Their credentials of the types the visit's provider type requires, for credentialGapsOn at its date.
      held: heldCredentialsSql(providers.id, providers.providerTypeId),
      rates: rates
        ? sql<ClinicianRate[] | null>`(select json_agg(json_build_object('visitTypeId', r.visit_type_id,
              'amount', r.amount, 'specialRate', r.special_rate, 'incrementalRate', r.incremental_rate,
              'visitType', t.type, 'description', t.description) order by r.visit_type_id)
            from ${providerRates} r join ${visitTypes} t on t.id = r.visit_type_id where r.provider_id = ${providers.id})`
        : sql<null>`null`,
    })
    .from(providers)
    .leftJoin(users, eq(users.id, providers.careCoordinatorId))
    .leftJoin(login, eq(login.id, providers.userId))
    .where(
      and(
        ...filters,
        eq(providers.providerStatusId, 3),
        options.fullyCredentialed
          ? fullyCredentialedOnSql(providers.id, providers.providerTypeId, visit.dateOfService)
          : undefined,
        sql`${providers.preferredLatitude} is not null and ${providers.preferredLongitude} is not null`,
        sql`${miles} <= ${options.searchClinicianDistance + 0.01}`,
      ),
    );
  return rows
    .map((row) => ({
      ...row,
      miles: distanceMiles(lat, lon, row.provider.preferredLatitude!, row.provider.preferredLongitude!),
    }))
    .filter((row) => row.miles <= options.searchClinicianDistance);
}

/**
 * Every candidate for the visit that passes the options, best first (score, then distance, then id). One
 * statement reads the clinicians near the visit (fully credentialed on its date of service when the option
 * asks) with, for each, whether another booking overlaps, the visits of the workload week, the vacations around
 * the date, the previous visits to the patient, their required credentials and (`rates`) their own rates.
 */
export async function findCandidates(
  ex: Executor,
  visit: VisitRecord,
  options: FitScoreOptions = DEFAULT_FIT_SCORE_OPTIONS,
  {
    strategy = 'indexed',
    now = new Date(),
    rates = false,
  }: { strategy?: CandidateStrategy; now?: Date; rates?: boolean } = {},
): Promise<(ScoredCandidate & { rates: ClinicianRate[] })[]> {
  const { latitude, longitude } = visit;
  if (latitude === null || longitude === null) return [];
  const period = workloadPeriod(visit.dateOfService);
  const near = await nearbyClinicians(ex, { ...visit, latitude, longitude }, options, {
    strategy,
    rates,
    period,
  });

  const fitVisit = {
    weekday: new Date(`${visit.dateOfService}T00:00:00Z`).getUTCDay(),
    episodeType: visit.episodeType,
    shiftName: shiftNameOf(visit.startAt.getHours()),
    zipcode: visit.zipcode,
  };
  const required = await requiredCredentials(ex, visit.providerTypeId);
  const scored: (ScoredCandidate & { rates: ClinicianRate[] })[] = [];
  for (const row of near) {
    const p = row.provider;
    if (row.busy) continue;
    const theirs = (row.week ?? []).filter(
      (b) =>
        b.dateOfService >= period.from &&
        b.dateOfService <= period.to &&
        countsAsVisit({ status: b.status as VisitStatus, nonVisit: b.nonVisit }),
    );
    const shiftsCount = theirs.filter((b) => b.episodeType.toLowerCase() === 'shift').length;
    const vacations = row.vacations ?? [];
    const onVacation = vacations.some(
      (v) => v.startDate <= visit.dateOfService && visit.dateOfService <= v.endDate,
    );
    const credentialGaps = credentialGapsOn(required, row.held ?? [], visit.dateOfService);
    const result = fitScore(
      fitVisit,
      {
        distanceMiles: row.miles,
        coverageRadiusMiles: p.coverageRadiusMiles,
        credentialGaps,
        visitsCount: theirs.length - shiftsCount,
        shiftsCount,
        weekdayPreferences: p.weekdayPreferences,
        assignmentPreference: p.assignmentPreference,
        shiftPreferences: p.shiftPreferences,
        onVacation,
        preferredZipcodes: p.preferredZipcodes,
        previousAssignments: row.previous,
        rating: p.rating,
        lastLogin: p.lastLogin,
      },
      options,
      now,
    );
    if (result.excludedBecause) continue;
    scored.push({
      provider: p,
      careCoordinator: row.careCoordinator,
      distanceMiles: Math.round(row.miles * 10) / 10,
      covered: row.miles <= p.coverageRadiusMiles,
      visitsCount: theirs.length - shiftsCount,
      shiftsCount,
      patientsCount: new Set(theirs.map((b) => b.patientId).filter((id) => id !== null)).size,
      vacations,
      fitScore: result.score,
      factors: result.factors,
      credentialGaps,
      rates: row.rates ?? [],
    });
  }
  return scored.sort(
    (a, b) => b.fitScore - a.fitScore || a.distanceMiles - b.distanceMiles || a.provider.id - b.provider.id,
  );
}

export type RateCardRow = typeof referralSourceRates.$inferSelect;

/** The organization's rate card entries for the visit's provider type (SPEC §7 providerTypeRates). */
export function providerTypeRates(ex: Executor, visit: VisitRecord): Promise<RateCardRow[]> {
  return ex
    .select()
    .from(referralSourceRates)
    .where(
      and(
        eq(referralSourceRates.referralSourceId, visit.referralSourceId),
        eq(referralSourceRates.providerTypeId, visit.providerTypeId),
      ),
    )
    .orderBy(referralSourceRates.visitTypeId);
}
