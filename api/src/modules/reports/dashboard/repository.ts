// The dashboard's SQL on the visits themselves (decision 046): the drill-down lists, and the conditions every
// report reads visits with. Every condition is generated from a metric's definition (DASHBOARD_METRICS): a visit
// set becomes its statuses as one array parameter, each required fact as `is not null` through a fixed column
// map, and the EVV condition as one fixed sub-query. The figures read the rollup (../rollups, decision 051) with
// the same definitions, so a drill-down's total is its figure once the rollup has caught up.
import { sql, type SQL } from 'drizzle-orm';
import {
  ACTIVE_PROVIDER_STATUS_ID,
  STAFFED_VISIT_STATUSES,
  type MetricDefinition,
  type MetricPart,
  type ReportPeriod,
  type VisitDurationMetric,
  type VisitRatioMetric,
  type VisitSet,
  type VisitStatus,
} from '@carelane/shared-domain';
import { idsParam, queryRows, type Executor } from '../../../db/client';

export type VisitMetric = VisitRatioMetric | VisitDurationMetric;

/** Where each recorded moment of a visit is read (the visit `v`, its note `n`). */
export const MOMENT_COLUMNS = {
  requestedAt: sql`v.created_at`,
  assignedAt: sql`v.assigned_at`,
  timeIn: sql`v.time_in`,
  timeOut: sql`v.time_out`,
  notesSubmittedAt: sql`n.submitted_at`,
} as const satisfies Record<string, SQL>;

/** EVV verified (decision 038): a check-in and a check-out tap recorded, every EVV flag acknowledged. */
export const EVV_VERIFIED = sql`(exists (select 1 from evv_records ri where ri.visit_id = v.id and ri.kind = 'checkIn')
  and exists (select 1 from evv_records ro where ro.visit_id = v.id and ro.kind = 'checkOut')
  and not exists (select 1 from evv_flags ef where ef.visit_id = v.id and ef.acknowledged_at is null))`;

const STATUS_NAME = /^[A-Za-z]+$/;

/** Statuses as one `text[]` parameter. */
export function statusesParam(statuses: readonly VisitStatus[]): SQL {
  for (const status of statuses)
    if (!STATUS_NAME.test(status)) throw new Error(`statusesParam: ${status} is not a status`);
  return sql`${`{${statuses.join(',')}}`}::text[]`;
}

/** The condition a visit `v` (its note `n` left-joined) meets when it is in the set. */
export function visitSetCondition(set: VisitSet): SQL {
  const parts = [sql`v.non_visit = false`, sql`v.status = any(${statusesParam(set.statuses)})`];
  for (const field of set.evidence ?? []) parts.push(sql`${MOMENT_COLUMNS[field]} is not null`);
  if (set.evvVerified) parts.push(EVV_VERIFIED);
  return sql`(${sql.join(parts, sql` and `)})`;
}

/** The visits behind one part of a visit metric: a ratio's numerator is within its denominator. */
export function metricPartCondition(metric: VisitMetric, part: MetricPart): SQL {
  if (metric.kind === 'visitAverageHours') return visitSetCondition(metric.over);
  const denominator = visitSetCondition(metric.denominator);
  return part === 'denominator'
    ? denominator
    : sql`(${denominator} and ${visitSetCondition(metric.numerator)})`;
}

/** Which visits a report reads: undefined fields do not filter. */
export type VisitFilter = {
  /** The organizations (from the organization and state filters); empty: none. */
  referralSourceIds?: readonly number[];
  providerTypeId?: number;
  /** Only this clinician's visits. */
  providerId?: number;
};

/** The visits (their notes left-joined) a report reads: not non-visits, dated in `range`, of the filter. */
export function visitsFrom(filter: VisitFilter, range: ReportPeriod): SQL {
  return sql`from visits v left join notes n on n.visit_id = v.id
     where v.non_visit = false
       and v.date_of_service between ${range.from}::date and ${range.to}::date
       ${filter.referralSourceIds ? sql`and v.referral_source_id = any(${idsParam(filter.referralSourceIds)})` : sql``}
       ${filter.providerTypeId !== undefined ? sql`and v.provider_type_id = ${filter.providerTypeId}` : sql``}
       ${filter.providerId !== undefined ? sql`and v.provider_id = ${filter.providerId}` : sql``}`;
}

/** A visit's hours from an average metric's first moment to its second. */
export function metricHours(metric: VisitDurationMetric): SQL {
  return sql`extract(epoch from (${MOMENT_COLUMNS[metric.to]} - ${MOMENT_COLUMNS[metric.from]})) / 3600.0`;
}

export type MetricVisitDbRow = {
  id: number;
  referral_source_id: number;
  patient_id: number | null;
  date_of_service: string;
  start_at: string | Date;
  time_zone: string | null;
  status: string;
  patient_name: string;
  organization_name: string;
  provider_type_name: string;
  visit_type_name: string;
  clinician_name: string | null;
  requested_at: string | Date;
  assigned_at: string | Date | null;
  time_in: string | Date | null;
  time_out: string | Date | null;
  notes_submitted_at: string | Date | null;
  evv_verified: boolean;
};

/** A page of the visits behind one part of a metric, by date of service, start and id. */
export function metricVisitsPage(
  ex: Executor,
  metric: VisitMetric,
  part: MetricPart,
  filter: VisitFilter,
  range: ReportPeriod,
  page: { pageNumber: number; pageSize: number },
): Promise<MetricVisitDbRow[]> {
  return conditionVisitsPage(ex, metricPartCondition(metric, part), filter, range, page);
}

export function countMetricVisits(
  ex: Executor,
  metric: VisitMetric,
  part: MetricPart,
  filter: VisitFilter,
  range: ReportPeriod,
): Promise<number> {
  return countConditionVisits(ex, metricPartCondition(metric, part), filter, range);
}

/**
 * A page of the visits of the filter dated in `range` that meet `condition` (on the visit `v` and its note `n`),
 * by date of service, start and id: the drill-down rows of any report reading these visits.
 */
export function conditionVisitsPage(
  ex: Executor,
  condition: SQL,
  filter: VisitFilter,
  range: ReportPeriod,
  page: { pageNumber: number; pageSize: number },
): Promise<MetricVisitDbRow[]> {
  return queryRows(
    ex,
    sql`select v.id, v.referral_source_id, v.patient_id, v.date_of_service::text as date_of_service, v.start_at,
               v.time_zone, v.status,
               coalesce(pa.first_name || ' ' || pa.last_name, fa.name, '') as patient_name,
               rs.name as organization_name, pt.type as provider_type_name, vt.type as visit_type_name,
               case when pr.id is null then null else pr.given_name || ' ' || pr.family_name end as clinician_name,
               v.created_at as requested_at, v.assigned_at, v.time_in, v.time_out,
               n.submitted_at as notes_submitted_at, ${EVV_VERIFIED} as evv_verified
          from (select v.id ${visitsFrom(filter, range)} and ${condition}
                 order by v.date_of_service, v.start_at, v.id
                 limit ${page.pageSize} offset ${(page.pageNumber - 1) * page.pageSize}) m
          join visits v on v.id = m.id
          left join notes n on n.visit_id = v.id
          join referral_sources rs on rs.id = v.referral_source_id
          join provider_types pt on pt.id = v.provider_type_id
          join visit_types vt on vt.id = v.visit_type_id
          left join patients pa on pa.id = v.patient_id
          left join facilities fa on fa.id = v.facility_id
          left join providers pr on pr.id = v.provider_id
         order by v.date_of_service, v.start_at, v.id`,
  );
}

export async function countConditionVisits(
  ex: Executor,
  condition: SQL,
  filter: VisitFilter,
  range: ReportPeriod,
): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    ex,
    sql`select count(*)::int as n ${visitsFrom(filter, range)} and ${condition}`,
  );
  return Number(row?.n ?? 0);
}

// ---- clinicians (the utilization rate)

/** Which clinicians the utilization rate counts, and which of their visits. */
export type ClinicianFilter = {
  providerTypeId?: number;
  /** The clinician's state. */
  state?: string;
  /** Only visits of this organization make a clinician busy. */
  referralSourceId?: number;
};

export const activeClinicians = (f: ClinicianFilter) =>
  sql`p.provider_status_id = ${ACTIVE_PROVIDER_STATUS_ID}
      ${f.providerTypeId !== undefined ? sql`and p.provider_type_id = ${f.providerTypeId}` : sql``}
      ${f.state !== undefined ? sql`and upper(p.state) = ${f.state.toUpperCase()}` : sql``}`;

/** The staffed visits (not non-visits) of clinician `p` dated in `range`. */
const staffedVisitsOf = (f: ClinicianFilter, range: ReportPeriod) =>
  sql`select 1 from visits sv
       where sv.provider_id = p.id and sv.non_visit = false
         and sv.status = any(${statusesParam(STAFFED_VISIT_STATUSES)})
         and sv.date_of_service between ${range.from}::date and ${range.to}::date
         ${f.referralSourceId !== undefined ? sql`and sv.referral_source_id = ${f.referralSourceId}` : sql``}`;

function cliniciansFrom(f: ClinicianFilter, part: MetricPart, range: ReportPeriod): SQL {
  return sql`from providers p
     where ${activeClinicians(f)}
       ${part === 'numerator' ? sql`and exists (${staffedVisitsOf(f, range)})` : sql``}`;
}

export type MetricClinicianDbRow = {
  id: number;
  name: string;
  provider_type_name: string;
  state: string | null;
  staffed_visits: number;
};

/** A page of the clinicians behind one part of the utilization rate, by name. */
export function metricCliniciansPage(
  ex: Executor,
  f: ClinicianFilter,
  part: MetricPart,
  range: ReportPeriod,
  page: { pageNumber: number; pageSize: number },
): Promise<MetricClinicianDbRow[]> {
  return queryRows(
    ex,
    sql`select p.id, p.given_name || ' ' || p.family_name as name, pt.type as provider_type_name, p.state,
               (select count(*) from (${staffedVisitsOf(f, range)}) s)::int as staffed_visits
        from (select p.id ${cliniciansFrom(f, part, range)}) m
        join providers p on p.id = m.id
        join provider_types pt on pt.id = p.provider_type_id
        order by p.family_name, p.given_name, p.id
        limit ${page.pageSize} offset ${(page.pageNumber - 1) * page.pageSize}`,
  );
}

export async function countMetricClinicians(
  ex: Executor,
  f: ClinicianFilter,
  part: MetricPart,
  range: ReportPeriod,
): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    ex,
    sql`select count(*)::int as n ${cliniciansFrom(f, part, range)}`,
  );
  return Number(row?.n ?? 0);
}

/** Whether a metric reads visits (and not clinicians). */
export const isVisitMetric = (metric: MetricDefinition): metric is VisitMetric =>
  metric.kind !== 'clinicianRatio';
