// /supplyDemandGap (issue 26, decision 057): a row per county with the visits requested there in the period and
// the prior one, the staffed and the gap, and the active clinicians who live there; sorted (largest gap first by
// default) and paged here over the grouped rows. A visit's county is its ZIP code's (the visit's place, copied from
// its service request), a clinician's their own address's ZIP code's: the county at the ZIP code's point
// (us-atlas's counties, as the address look-up names an address's county). Scoped like every report
// (report-scope.ts); the route's page, healthReports, is the administrator's and the staffing roles'.
import {
  UNKNOWN_COUNTY,
  UNKNOWN_COUNTY_NAME,
  countyLabel,
  sortSupplyDemandRows,
  type MetricDrill,
  type ReportFilterQuery,
  type SupplyDemand,
  type SupplyDemandQuery,
  type SupplyDemandRecordsQuery,
  type SupplyDemandRow,
  type SupplyDemandVisitFigure,
} from '@carelane/shared-domain';
import { pagingOf } from '../../../lib/paging';
import { noteRead, patientIdsOf } from '../../../services/access-log';
import type { AppServices } from '../../../services/app-services';
import { requireActor, type RequestContext } from '../../../services/context';
import { loadCounties } from '../../maps/counties';
import { loadGazetteer } from '../../maps/gazetteer';
import * as dashboardRepo from '../dashboard/repository';
import { clinicianDrillRows, periodsOf, scopedFilter, visitDrillRows, visitFilterOf } from '../report-scope';
import * as repo from './repository';

type Services = Pick<AppServices, 'db' | 'reportsDb'>;

/** Where a ZIP code lies: its county's FIPS code, state and name (UNKNOWN_COUNTY when it cannot be told). */
type CountyOf = { county: string; state: string | null; name: string };
const UNKNOWN: CountyOf = { county: UNKNOWN_COUNTY, state: null, name: UNKNOWN_COUNTY_NAME };

/** Each ZIP code's county: the county at the gazetteer's point of the ZIP code (its first five digits). */
async function countiesOfZips(zips: Iterable<string | null>): Promise<Map<string, CountyOf>> {
  const [gazetteer, counties] = await Promise.all([loadGazetteer(), loadCounties()]);
  const byZip = new Map<string, CountyOf>();
  for (const zip of zips) {
    if (zip === null || byZip.has(zip)) continue;
    const place = gazetteer.byZip(zip.trim().slice(0, 5));
    const county = place ? counties.countyCodeAt(place.latitude, place.longitude) : undefined;
    byZip.set(
      zip,
      place && county
        ? { county: county.fips, state: place.state, name: countyLabel(county.name, place.state) }
        : UNKNOWN,
    );
  }
  return byZip;
}

const countyOf = (byZip: Map<string, CountyOf>, zip: string | null): CountyOf =>
  (zip === null ? undefined : byZip.get(zip)) ?? UNKNOWN;

/** The organization filter's visits; the state filter is the county's (applied to the rows), not the organization's. */
const visitFilter = (services: Services, q: ReportFilterQuery) =>
  visitFilterOf(services, { ...q, state: undefined });

/** Every county with a requested visit in either period, with its counts and its active clinicians. */
async function countyRows(services: Services, q: SupplyDemandQuery) {
  const { current, prior } = await periodsOf(services, q);
  const [visits, clinicians] = await Promise.all([
    repo.visitCountsByZip(services.reportsDb, await visitFilter(services, q), current, prior),
    repo.cliniciansByZip(services.reportsDb, q.providerTypeId),
  ]);
  const byZip = await countiesOfZips([...visits, ...clinicians].map((r) => r.zipcode));
  const rows = new Map<string, SupplyDemandRow>();
  const rowOf = (zip: string | null) => {
    const where = countyOf(byZip, zip);
    let row = rows.get(where.county);
    if (!row) {
      row = {
        ...where,
        activeClinicians: 0,
        current: { requested: 0, staffed: 0 },
        prior: { requested: 0, staffed: 0 },
      };
      rows.set(where.county, row);
    }
    return row;
  };
  for (const v of visits) {
    const counts = rowOf(v.zipcode)[v.cur ? 'current' : 'prior'];
    counts.requested += Number(v.requested);
    counts.staffed += Number(v.staffed);
  }
  for (const c of clinicians) rowOf(c.zipcode).activeClinicians += Number(c.n);
  const state = q.state?.toUpperCase();
  const shown = [...rows.values()].filter(
    (r) => (r.current.requested > 0 || r.prior.requested > 0) && (state === undefined || r.state === state),
  );
  return { period: current, prior, rows: shown };
}

/** GET /api/admin/reports/supplyDemandGap */
export async function supplyDemand(
  services: Services,
  ctx: RequestContext,
  query: SupplyDemandQuery,
): Promise<SupplyDemand> {
  const q = scopedFilter(requireActor(ctx), query);
  const { period, prior, rows } = await countyRows(services, q);
  const sorted = sortSupplyDemandRows(rows, q.sort, q.order === 'descend');
  const start = (q.pageNumber - 1) * q.pageSize;
  return {
    period,
    prior,
    rows: sorted.slice(start, start + q.pageSize),
    paging: pagingOf(q, rows.length),
    all: sortSupplyDemandRows(rows, 'gap', false),
  };
}

/** The ZIP codes of `zips` in `county` (and whether records with no ZIP code belong to it: the unknown county). */
async function zipsOfCounty(zips: readonly (string | null)[], county: string) {
  const byZip = await countiesOfZips(zips);
  const mine = [...byZip].filter(([, where]) => where.county === county).map(([zip]) => zip);
  return { zips: mine, withMissing: county === UNKNOWN_COUNTY };
}

/**
 * GET /api/admin/reports/supplyDemandGap/records: the visits behind a county's requested, staffed or unstaffed
 * visits in a period (the dashboard's drill-down rows, access-logged), or its active clinicians.
 */
export async function supplyDemandRecords(
  services: Services,
  ctx: RequestContext,
  query: SupplyDemandRecordsQuery,
): Promise<MetricDrill> {
  const q = scopedFilter(requireActor(ctx), query);
  const periods = await periodsOf(services, q);
  const range = q.period === 'prior' ? periods.prior : periods.current;
  const filter = await visitFilter(services, q);
  if (q.figure === 'activeClinicians') {
    const f = {
      providerTypeId: q.providerTypeId,
      referralSourceIds: filter.referralSourceIds,
      ...(await zipsOfCounty(await repo.clinicianZips(services.reportsDb, q.providerTypeId), q.county)),
    };
    const [rows, total] = await Promise.all([
      repo.countyCliniciansPage(services.reportsDb, f, range, q),
      repo.countCountyClinicians(services.reportsDb, f),
    ]);
    return {
      subject: 'clinicians',
      rows: clinicianDrillRows(rows),
      paging: pagingOf(q, total),
    };
  }
  const figure = q.figure as SupplyDemandVisitFigure;
  const where = await zipsOfCounty(await repo.visitZips(services.reportsDb, figure, filter, range), q.county);
  const condition = repo.countyVisitCondition(figure, where.zips, where.withMissing);
  const [rows, total] = await Promise.all([
    dashboardRepo.conditionVisitsPage(services.reportsDb, condition, filter, range, q),
    dashboardRepo.countConditionVisits(services.reportsDb, condition, filter, range),
  ]);
  noteRead(ctx, {
    kind: 'metricVisitList',
    entityId: null,
    patientIds: patientIdsOf(rows.map((r) => ({ patientId: r.patient_id }))),
  });
  return {
    subject: 'visits',
    rows: await visitDrillRows(services.reportsDb, rows),
    paging: pagingOf(q, total),
  };
}
