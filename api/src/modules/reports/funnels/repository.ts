// The funnels' SQL (issue 26, decision 053). Each stage id of a funnel maps to one fixed condition here (never text
// from the caller); a stage's records are those meeting its condition and every earlier stage's, so the counts
// statement and the drill-down read the same cumulative condition. Visits are read as every report reads them
// (dashboard's visitsFrom: not non-visits, dated in the period, of the filter), through the same statuses.
import { sql, type SQL } from 'drizzle-orm';
import {
  ACTIVE_PROVIDER_STATUS_ID,
  COMPLETED_VISIT_STATUSES,
  REQUESTED_VISIT_STATUSES,
  STAFFED_VISIT_STATUSES,
  VISIT_FUNNEL_COVERAGE_MILES,
  boundingBox,
  stageSince,
  type FunnelDefinition,
  type ReportPeriod,
} from '@carelane/shared-domain';
import { queryRows, type Executor } from '../../../db/client';
import { milesBetween } from '../../../db/sql-distance';
import { visitSetCondition, visitsFrom, type VisitFilter } from '../dashboard/repository';

/**
 * An active clinician `c` of the visit `v`'s provider type with a preferred point within `miles` of it: the
 * bounding box (on providers_type_status_lat_lon_idx), then the one SQL distance rule (milesBetween).
 */
function clinicianWithin(miles: number): SQL {
  const box = boundingBox(0, 0, miles);
  return sql`exists (select 1 from providers c
     where c.provider_type_id = v.provider_type_id and c.provider_status_id = ${ACTIVE_PROVIDER_STATUS_ID}
       and c.preferred_latitude between v.latitude - ${box.maxLat}::float8 and v.latitude + ${box.maxLat}::float8
       and c.preferred_longitude between v.longitude - ${box.maxLon}::float8 / greatest(0.01, cos(radians(v.latitude)))
                                     and v.longitude + ${box.maxLon}::float8 / greatest(0.01, cos(radians(v.latitude)))
       and ${milesBetween(sql`v.latitude`, sql`v.longitude`, sql`c.preferred_latitude`, sql`c.preferred_longitude`)} <= ${miles}::float8)`;
}

const STAFFED = visitSetCondition({ statuses: STAFFED_VISIT_STATUSES });

/** Each visit stage id's own condition on the visit `v` (its note `n`). */
const VISIT_STAGE_CONDITIONS: Record<string, SQL> = {
  requested: visitSetCondition({ statuses: REQUESTED_VISIT_STATUSES }),
  covered: sql`(${STAFFED} or (v.latitude is not null and v.longitude is not null and ${clinicianWithin(VISIT_FUNNEL_COVERAGE_MILES)}))`,
  staffed: STAFFED,
  checkedIn: sql`(v.time_in is not null)`,
  completed: visitSetCondition({ statuses: COMPLETED_VISIT_STATUSES }),
};

/** Where each recorded moment a visit stage names is read. */
const VISIT_MOMENTS: Record<string, SQL> = {
  requestedAt: sql`v.created_at`,
  assignedAt: sql`v.assigned_at`,
  timeIn: sql`v.time_in`,
};

/** The condition of a funnel's stage `index`: its own and every earlier stage's. */
export function visitStageCondition(funnel: FunnelDefinition, index: number): SQL {
  const parts = funnel.stages.slice(0, index + 1).map((stage) => {
    const condition = VISIT_STAGE_CONDITIONS[stage.id];
    if (!condition) throw new Error(`visitStageCondition: no condition for ${funnel.key}.${stage.id}`);
    return condition;
  });
  return sql`(${sql.join(parts, sql` and `)})`;
}

/** The hours a record spent reaching stage `index` from the previous recorded moment; null: not measured. */
function stageHours(funnel: FunnelDefinition, index: number): SQL | null {
  const stage = funnel.stages[index]!;
  const since = stageSince(funnel, index);
  const to = stage.reachedAt ? VISIT_MOMENTS[stage.reachedAt] : undefined;
  const from = since?.reachedAt ? VISIT_MOMENTS[since.reachedAt] : undefined;
  if (!to || !from) return null;
  return sql`extract(epoch from (${to} - ${from})) / 3600.0`;
}

export type FunnelCountsDbRow = { cur: boolean } & Record<string, number | string | boolean | null>;

/** Per period (a row for each with a visit): each stage's count `s<i>` and median hours `h<i>`. */
export function visitFunnelCounts(
  ex: Executor,
  funnel: FunnelDefinition,
  filter: VisitFilter,
  current: ReportPeriod,
  prior: ReportPeriod,
): Promise<FunnelCountsDbRow[]> {
  const columns = funnel.stages.map((_, i) => {
    const condition = visitStageCondition(funnel, i);
    const hours = stageHours(funnel, i);
    const median = hours
      ? sql`percentile_cont(0.5) within group (order by ${hours}) filter (where ${condition} and ${hours} is not null)`
      : sql`null::float8`;
    return sql`count(*) filter (where ${condition})::int as ${sql.raw(`s${i}`)},
               ${median}::float8 as ${sql.raw(`h${i}`)}`;
  });
  return queryRows(
    ex,
    sql`select v.date_of_service >= ${current.from}::date as cur, ${sql.join(columns, sql`, `)}
          ${visitsFrom(filter, { from: prior.from, to: current.to })}
         group by 1`,
  );
}

export type FunnelOrganizationDbRow = { referral_source_id: number; organization_name: string } & Record<
  string,
  number | string
>;

/** A row per organization with a record in the funnel's first stage in `range`: each stage's count `s<i>`. */
export function visitFunnelOrganizations(
  ex: Executor,
  funnel: FunnelDefinition,
  filter: VisitFilter,
  range: ReportPeriod,
): Promise<FunnelOrganizationDbRow[]> {
  const columns = funnel.stages.map(
    (_, i) => sql`count(*) filter (where ${visitStageCondition(funnel, i)})::int as ${sql.raw(`s${i}`)}`,
  );
  return queryRows(
    ex,
    sql`select c.*, rs.name as organization_name
          from (select v.referral_source_id, ${sql.join(columns, sql`, `)}
                  ${visitsFrom(filter, range)}
                 group by v.referral_source_id) c
          join referral_sources rs on rs.id = c.referral_source_id
         where c.s0 > 0`,
  );
}
