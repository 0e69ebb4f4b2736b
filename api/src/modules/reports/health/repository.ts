// The health reports' SQL (issue 26, decision 050). Each report is one statement grouping both periods in the
// database (by organization, or by clinician), its conditions generated from shared-domain's sets by the
// dashboard's generators: organization and state health read decision 051's rollup (rolledUpPartCondition), as
// the dashboard's figures do; clinician and operations health read the visits (they need each visit's clinician
// and place), with the drill-down's own condition (visitSetCondition), so each figure's drill-down lists its count.
import { sql, type SQL } from 'drizzle-orm';
import { milesBetween } from '../../../db/sql-distance';
import {
  ACTIVE_PROVIDER_STATUS_ID,
  AREA_HEALTH_RATES,
  HEALTH_VISIT_SETS,
  OPERATIONS_COVERAGE_MISMATCH_MILES,
  areaHealthMetric,
  boundingBox,
  type HealthVisitFigure,
  type ReportPeriod,
} from '@carelane/shared-domain';
import { idsParam, queryRows, type Executor } from '../../../db/client';
import { visitSetCondition, visitsFrom, type VisitFilter } from '../dashboard/repository';
import { rolledUpPartCondition, rolledUpSetCondition } from '../rollups/repository';

/**
 * A clinician's preferred point `c` within `miles` of the visit `v`'s point: the bounding box of shared-domain's
 * `boundingBox` (on providers_type_status_lat_lon_idx), then the great-circle distance of shared-domain's
 * `distanceMiles` (haversine, Earth radius 3958.8 miles; health.int.test.ts checks the two agree).
 */
function withinMiles(miles: number): SQL {
  const box = boundingBox(0, 0, miles);
  return sql`c.preferred_latitude between v.latitude - ${box.maxLat}::float8 and v.latitude + ${box.maxLat}::float8
    and c.preferred_longitude between v.longitude - ${box.maxLon}::float8 / greatest(0.01, cos(radians(v.latitude)))
                                  and v.longitude + ${box.maxLon}::float8 / greatest(0.01, cos(radians(v.latitude)))
    and ${milesBetween(sql`v.latitude`, sql`v.longitude`, sql`c.preferred_latitude`, sql`c.preferred_longitude`)} <= ${miles}::float8`;
}

/**
 * An open visit `v` with a place and no active clinician of its provider type whose preferred point is within
 * OPERATIONS_COVERAGE_MISMATCH_MILES of it (decision 050; a visit without a place is not judged).
 */
const COVERAGE_MISMATCH = sql`(v.latitude is not null and v.longitude is not null and not exists (
    select 1 from providers c
     where c.provider_type_id = v.provider_type_id and c.provider_status_id = ${ACTIVE_PROVIDER_STATUS_ID}
       and ${withinMiles(OPERATIONS_COVERAGE_MISMATCH_MILES)}))`;

/** The condition a visit `v` meets when it is behind a health visit figure. */
export function healthVisitCondition(figure: HealthVisitFigure): SQL {
  const set = visitSetCondition(HEALTH_VISIT_SETS[figure]);
  return figure === 'coverageMismatch' ? sql`(${set} and ${COVERAGE_MISMATCH})` : set;
}

const both = (current: ReportPeriod, prior: ReportPeriod): ReportPeriod => ({
  from: prior.from,
  to: current.to,
});

export type AreaHealthDbRow = {
  referral_source_id: number;
  name: string;
  cur: boolean;
  missed: number;
} & Record<string, number | string | boolean>;

/**
 * Per organization with a visit in either period, and per period: each area rate's counts and the missed visits,
 * from decision 051's rollup (the dashboard's figures' source), so a row's rates are the dashboard's for that
 * organization.
 */
export function organizationCounts(
  ex: Executor,
  filter: VisitFilter,
  current: ReportPeriod,
  prior: ReportPeriod,
): Promise<AreaHealthDbRow[]> {
  const visits = (condition: SQL) => sql`coalesce(sum(r.visits) filter (where ${condition}), 0)::int`;
  const rates = AREA_HEALTH_RATES.map((key) => {
    const metric = areaHealthMetric(key);
    return sql`${visits(rolledUpPartCondition(metric, 'numerator'))} as ${sql.raw(`"${key}_n"`)},
      ${visits(rolledUpPartCondition(metric, 'denominator'))} as ${sql.raw(`"${key}_d"`)}`;
  });
  return queryRows(
    ex,
    sql`with d as (
          select r.referral_source_id, r.day >= ${current.from}::date as cur,
                 ${sql.join(rates, sql`, `)},
                 ${visits(rolledUpSetCondition(HEALTH_VISIT_SETS.missedVisits))} as missed
            from report_visit_days r
           where r.day between ${prior.from}::date and ${current.to}::date
             ${filter.referralSourceIds ? sql`and r.referral_source_id = any(${idsParam(filter.referralSourceIds)})` : sql``}
             ${filter.providerTypeId !== undefined ? sql`and r.provider_type_id = ${filter.providerTypeId}` : sql``}
           group by 1, 2)
        select d.*, rs.name from d join referral_sources rs on rs.id = d.referral_source_id`,
  );
}

export type ClinicianHealthDbRow = {
  id: number;
  name: string;
  provider_type_name: string;
  state: string | null;
  rating: number | null;
  last_login: string | Date | null;
  /** null: no visit in either period. */
  cur: boolean | null;
  assigned: number | null;
  completed: number | null;
  missed: number | null;
  overdue: number | null;
};

/** Which clinicians the clinician report lists, and which of their visits count. */
export type ClinicianHealthFilter = { providerTypeId?: number; state?: string; referralSourceId?: number };

/** Every active clinician of the filter, with their visits' counts per period (a row per period with visits). */
export function clinicianCounts(
  ex: Executor,
  f: ClinicianHealthFilter,
  current: ReportPeriod,
  prior: ReportPeriod,
): Promise<ClinicianHealthDbRow[]> {
  const visits: VisitFilter =
    f.referralSourceId !== undefined ? { referralSourceIds: [f.referralSourceId] } : {};
  const n = (figure: HealthVisitFigure) => sql`count(*) filter (where ${healthVisitCondition(figure)})::int`;
  return queryRows(
    ex,
    sql`with d as (
          select v.provider_id, v.date_of_service >= ${current.from}::date as cur,
                 ${n('assignedVisits')} as assigned, ${n('completedVisits')} as completed,
                 ${n('missedVisits')} as missed, ${n('notesOverdue')} as overdue
            ${visitsFrom(visits, both(current, prior))} and v.provider_id is not null
           group by 1, 2)
        select p.id, p.given_name || ' ' || p.family_name as name, pt.type as provider_type_name, p.state,
               p.rating, u.last_login, d.cur, d.assigned, d.completed, d.missed, d.overdue
          from providers p
          join provider_types pt on pt.id = p.provider_type_id
          left join users u on u.id = p.user_id
          left join d on d.provider_id = p.id
         where p.provider_status_id = ${ACTIVE_PROVIDER_STATUS_ID}
           ${f.providerTypeId !== undefined ? sql`and p.provider_type_id = ${f.providerTypeId}` : sql``}
           ${f.state !== undefined ? sql`and upper(p.state) = ${f.state.toUpperCase()}` : sql``}`,
  );
}

export type OperationsHealthDbRow = {
  referral_source_id: number;
  name: string;
  cur: boolean;
  open: number;
  mismatch: number;
};

/** Per organization with an open visit in either period, and per period: the open visits and the uncovered ones. */
export function operationsCounts(
  ex: Executor,
  filter: VisitFilter,
  current: ReportPeriod,
  prior: ReportPeriod,
): Promise<OperationsHealthDbRow[]> {
  return queryRows(
    ex,
    sql`with d as (
          select v.referral_source_id, v.date_of_service >= ${current.from}::date as cur,
                 count(*)::int as open,
                 count(*) filter (where ${COVERAGE_MISMATCH})::int as mismatch
            ${visitsFrom(filter, both(current, prior))} and ${healthVisitCondition('openVisits')}
           group by 1, 2)
        select d.*, rs.name from d join referral_sources rs on rs.id = d.referral_source_id`,
  );
}
