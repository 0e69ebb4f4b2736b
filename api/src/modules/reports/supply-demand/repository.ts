// /supplyDemandGap's SQL (issue 26, decision 057). The counts are grouped in the database by the visit's ZIP code
// (the place copied from its service request: the patient's or the facility's) and period, and the active
// clinicians by their own ZIP code; the service names each ZIP code's county. The visits' conditions are the
// dashboard's generators over shared-domain's sets (visitSetCondition, visitsFrom), read through the visits' date
// of service index, and a drill-down lists the visits of the county's ZIP codes with the same condition, so its
// total is the figure.
import { sql, type SQL } from 'drizzle-orm';
import {
  ACTIVE_PROVIDER_STATUS_ID,
  STAFFED_VISIT_STATUSES,
  SUPPLY_DEMAND_VISIT_SETS,
  type ReportPeriod,
  type SupplyDemandVisitFigure,
} from '@carelane/shared-domain';
import { idsParam, queryRows, type Executor } from '../../../db/client';
import { statusesParam, visitSetCondition, visitsFrom, type VisitFilter } from '../dashboard/repository';

/** A list of texts as one parameter: a PostgreSQL array literal, each element quoted. */
export function textsParam(texts: readonly string[]): SQL {
  const quoted = texts.map((t) => `"${t.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`);
  return sql`${`{${quoted.join(',')}}`}::text[]`;
}

/**
 * The ZIP codes a county's records are read by: `column` one of `zips`, or (the unknown county's row) no ZIP code
 * at all.
 */
export function zipsCondition(column: SQL, zips: readonly string[], withMissing: boolean): SQL {
  const listed = zips.length > 0 ? sql`${column} = any(${textsParam(zips)})` : sql`false`;
  return withMissing ? sql`(${column} is null or ${listed})` : listed;
}

export type ZipCountsDbRow = { zipcode: string | null; cur: boolean; requested: number; staffed: number };

/** Per ZIP code and period (both periods in one pass): the visits requested, and of them staffed. */
export function visitCountsByZip(
  ex: Executor,
  filter: VisitFilter,
  current: ReportPeriod,
  prior: ReportPeriod,
): Promise<ZipCountsDbRow[]> {
  return queryRows(
    ex,
    sql`select v.zipcode, v.date_of_service >= ${current.from}::date as cur,
               count(*)::int as requested,
               count(*) filter (where ${visitSetCondition(SUPPLY_DEMAND_VISIT_SETS.staffed)})::int as staffed
          ${visitsFrom(filter, { from: prior.from, to: current.to })}
           and ${visitSetCondition(SUPPLY_DEMAND_VISIT_SETS.requested)}
         group by 1, 2`,
  );
}

/** The ZIP codes of the visits of a set dated in a period. */
export async function visitZips(
  ex: Executor,
  figure: SupplyDemandVisitFigure,
  filter: VisitFilter,
  range: ReportPeriod,
): Promise<(string | null)[]> {
  const rows = await queryRows<{ zipcode: string | null }>(
    ex,
    sql`select distinct v.zipcode ${visitsFrom(filter, range)} and ${visitSetCondition(SUPPLY_DEMAND_VISIT_SETS[figure])}`,
  );
  return rows.map((r) => r.zipcode);
}

/** The visit condition of a county's figure: the set, and the county's ZIP codes. */
export const countyVisitCondition = (
  figure: SupplyDemandVisitFigure,
  zips: readonly string[],
  withMissing: boolean,
): SQL =>
  sql`(${visitSetCondition(SUPPLY_DEMAND_VISIT_SETS[figure])} and ${zipsCondition(sql`v.zipcode`, zips, withMissing)})`;

const activeClinicians = (providerTypeId: number | undefined) =>
  sql`p.provider_status_id = ${ACTIVE_PROVIDER_STATUS_ID}
      ${providerTypeId !== undefined ? sql`and p.provider_type_id = ${providerTypeId}` : sql``}`;

/** Active clinicians (of the provider type) per ZIP code of their own address. */
export function cliniciansByZip(
  ex: Executor,
  providerTypeId: number | undefined,
): Promise<{ zipcode: string | null; n: number }[]> {
  return queryRows(
    ex,
    sql`select p.zipcode, count(*)::int as n from providers p where ${activeClinicians(providerTypeId)} group by 1`,
  );
}

export type CountyClinicianDbRow = {
  id: number;
  name: string;
  provider_type_name: string;
  state: string | null;
  staffed_visits: number;
};

/** Which of a county's clinicians, and which of their visits count as their staffed visits in the period. */
export type CountyClinicianFilter = {
  providerTypeId?: number;
  zips: readonly string[];
  withMissing: boolean;
  referralSourceIds?: readonly number[];
};

const countyClinicians = (f: CountyClinicianFilter) =>
  sql`from providers p where ${activeClinicians(f.providerTypeId)}
        and ${zipsCondition(sql`p.zipcode`, f.zips, f.withMissing)}`;

/** A page of a county's active clinicians by name, each with their staffed visits dated in `range`. */
export function countyCliniciansPage(
  ex: Executor,
  f: CountyClinicianFilter,
  range: ReportPeriod,
  page: { pageNumber: number; pageSize: number },
): Promise<CountyClinicianDbRow[]> {
  return queryRows(
    ex,
    sql`select p.id, p.given_name || ' ' || p.family_name as name, pt.type as provider_type_name, p.state,
               (select count(*) from visits sv
                 where sv.provider_id = p.id and sv.non_visit = false
                   and sv.status = any(${statusesParam(STAFFED_VISIT_STATUSES)})
                   and sv.date_of_service between ${range.from}::date and ${range.to}::date
                   ${f.referralSourceIds ? sql`and sv.referral_source_id = any(${idsParam(f.referralSourceIds)})` : sql``})::int
                 as staffed_visits
          from (select p.id ${countyClinicians(f)}) m
          join providers p on p.id = m.id
          join provider_types pt on pt.id = p.provider_type_id
         order by p.family_name, p.given_name, p.id
         limit ${page.pageSize} offset ${(page.pageNumber - 1) * page.pageSize}`,
  );
}

export async function countCountyClinicians(ex: Executor, f: CountyClinicianFilter): Promise<number> {
  const [row] = await queryRows<{ n: number }>(ex, sql`select count(*)::int as n ${countyClinicians(f)}`);
  return Number(row?.n ?? 0);
}

/** The ZIP codes of the active clinicians (of the provider type). */
export async function clinicianZips(
  ex: Executor,
  providerTypeId: number | undefined,
): Promise<(string | null)[]> {
  const rows = await cliniciansByZip(ex, providerTypeId);
  return rows.map((r) => r.zipcode);
}
