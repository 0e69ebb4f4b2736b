// The health reports (issue 26, decision 050): a row per organization, state, clinician, or organization's open
// visits, with its counts in the period and the prior period, sorted (worst first by default) and paged here over
// the grouped rows the database answers. Scoped like every report (report-scope.ts); the route's page,
// healthReports, is the administrator's and the staffing roles'. The records behind a dashboard rate's figure
// are the dashboard's drill-down; the others are `healthVisits`.
import {
  AREA_HEALTH_FIGURES,
  AREA_HEALTH_RATES,
  CLINICIAN_HEALTH_FIGURES,
  OPERATIONS_HEALTH_FIGURES,
  areaWorstFirst,
  clinicianWorstFirst,
  operationsWorstFirst,
  sortHealthRows,
  type AreaHealthCounts,
  type AreaHealthQuery,
  type ClinicianHealth,
  type ClinicianHealthCounts,
  type ClinicianHealthQuery,
  type ClinicianHealthRow,
  type HealthFigure,
  type HealthRow,
  type HealthVisitFigure,
  type HealthVisitsQuery,
  type MetricDrill,
  type OperationsHealth,
  type OperationsHealthCounts,
  type OperationsHealthQuery,
  type OrganizationHealth,
  type OrganizationHealthRow,
  type StateHealth,
  type StateHealthRow,
} from '@carelane/shared-domain';
import { pagingOf } from '../../../lib/paging';
import { noteRead, patientIdsOf } from '../../../services/access-log';
import type { AppServices } from '../../../services/app-services';
import { requireActor, type RequestContext } from '../../../services/context';
import * as dashboardRepo from '../dashboard/repository';
import { organizationStates, periodsOf, scopedFilter, visitDrillRows, visitFilterOf } from '../report-scope';
import * as repo from './repository';

type Services = Pick<AppServices, 'db' | 'reportsDb'>;
type Sorting = { sort: string; order: 'ascend' | 'descend'; pageNumber: number; pageSize: number };

/** The page asked for of the rows in the order asked. */
function pageOf<C, R extends HealthRow<C>>(
  rows: readonly R[],
  figures: readonly HealthFigure<C>[],
  worstFirst: (a: R, b: R) => number,
  q: Sorting,
): { rows: R[]; paging: ReturnType<typeof pagingOf> } {
  const sorted = sortHealthRows(rows, figures, worstFirst, q.sort, q.order === 'descend');
  const start = (q.pageNumber - 1) * q.pageSize;
  return { rows: sorted.slice(start, start + q.pageSize), paging: pagingOf(q, rows.length) };
}

const emptyArea = (): AreaHealthCounts => ({
  staffingRate: { numerator: 0, denominator: 0 },
  fillRate: { numerator: 0, denominator: 0 },
  completionRate: { numerator: 0, denominator: 0 },
  missedVisits: 0,
});

function addArea(into: AreaHealthCounts, row: repo.AreaHealthDbRow): void {
  for (const key of AREA_HEALTH_RATES) {
    into[key].numerator += Number(row[`${key}_n`]);
    into[key].denominator += Number(row[`${key}_d`]);
  }
  into.missedVisits += Number(row.missed);
}

/** Whether an area has anything to show: a requested or a missed visit in either period. */
const hasVisits = (row: { current: AreaHealthCounts; prior: AreaHealthCounts }) =>
  [row.current, row.prior].some((c) => c.staffingRate.denominator > 0 || c.missedVisits > 0);

async function organizationRows(services: Services, q: AreaHealthQuery) {
  const { current: period, prior } = await periodsOf(services, q);
  const byOrg = new Map<number, OrganizationHealthRow>();
  for (const row of await repo.organizationCounts(
    services.reportsDb,
    await visitFilterOf(services, q),
    period,
    prior,
  )) {
    const id = Number(row.referral_source_id);
    const org = byOrg.get(id) ?? {
      referralSourceId: id,
      name: row.name,
      current: emptyArea(),
      prior: emptyArea(),
    };
    addArea(row.cur ? org.current : org.prior, row);
    byOrg.set(id, org);
  }
  return { period, prior, rows: [...byOrg.values()].filter(hasVisits) };
}

/** GET /api/admin/reports/health/organizations */
export async function organizationHealth(
  services: Services,
  ctx: RequestContext,
  query: AreaHealthQuery,
): Promise<OrganizationHealth> {
  const q = scopedFilter(requireActor(ctx), query);
  const { period, prior, rows } = await organizationRows(services, q);
  return { period, prior, ...pageOf(rows, AREA_HEALTH_FIGURES, areaWorstFirst, q) };
}

/** GET /api/admin/reports/health/states: the organizations' figures added up by their state (their ZIP code's). */
export async function stateHealth(
  services: Services,
  ctx: RequestContext,
  query: AreaHealthQuery,
): Promise<StateHealth> {
  const q = scopedFilter(requireActor(ctx), query);
  const [{ period, prior, rows }, states] = await Promise.all([
    organizationRows(services, q),
    organizationStates(services),
  ]);
  const byState = new Map<string, StateHealthRow>();
  for (const org of rows) {
    // An organization whose state cannot be told (no ZIP code or point) is in no state's row.
    const state = states.get(org.referralSourceId);
    if (!state) continue;
    const row = byState.get(state) ?? {
      state,
      name: state,
      organizations: 0,
      current: emptyArea(),
      prior: emptyArea(),
    };
    row.organizations += 1;
    for (const [into, from] of [
      [row.current, org.current],
      [row.prior, org.prior],
    ] as const) {
      for (const key of AREA_HEALTH_RATES) {
        into[key].numerator += from[key].numerator;
        into[key].denominator += from[key].denominator;
      }
      into.missedVisits += from.missedVisits;
    }
    byState.set(state, row);
  }
  return { period, prior, ...pageOf([...byState.values()], AREA_HEALTH_FIGURES, areaWorstFirst, q) };
}

const emptyClinician = (): ClinicianHealthCounts => ({
  assignedVisits: 0,
  completedVisits: 0,
  missedVisits: 0,
  notesOverdue: 0,
});

/** GET /api/admin/reports/health/clinicians */
export async function clinicianHealth(
  services: Services,
  ctx: RequestContext,
  query: ClinicianHealthQuery,
): Promise<ClinicianHealth> {
  const q = scopedFilter(requireActor(ctx), query);
  const { current, prior } = await periodsOf(services, q);
  const byClinician = new Map<number, ClinicianHealthRow>();
  const filter = { providerTypeId: q.providerTypeId, state: q.state, referralSourceId: q.referralSourceId };
  for (const r of await repo.clinicianCounts(services.reportsDb, filter, current, prior)) {
    const id = Number(r.id);
    const row = byClinician.get(id) ?? {
      providerId: id,
      name: r.name,
      providerTypeName: r.provider_type_name,
      state: r.state,
      rating: r.rating === null ? null : Number(r.rating),
      lastLogin: r.last_login === null ? null : new Date(r.last_login).toISOString(),
      current: emptyClinician(),
      prior: emptyClinician(),
    };
    if (r.cur !== null)
      row[r.cur ? 'current' : 'prior'] = {
        assignedVisits: Number(r.assigned),
        completedVisits: Number(r.completed),
        missedVisits: Number(r.missed),
        notesOverdue: Number(r.overdue),
      };
    byClinician.set(id, row);
  }
  return {
    period: current,
    prior,
    ...pageOf([...byClinician.values()], CLINICIAN_HEALTH_FIGURES, clinicianWorstFirst, q),
  };
}

/** GET /api/admin/reports/health/operations */
export async function operationsHealth(
  services: Services,
  ctx: RequestContext,
  query: OperationsHealthQuery,
): Promise<OperationsHealth> {
  const q = scopedFilter(requireActor(ctx), query);
  const { current, prior } = await periodsOf(services, q);
  const empty = (): OperationsHealthCounts => ({ openVisits: 0, coverageMismatch: 0 });
  const byOrg = new Map<number, HealthRow<OperationsHealthCounts> & { referralSourceId: number }>();
  for (const r of await repo.operationsCounts(
    services.reportsDb,
    await visitFilterOf(services, q),
    current,
    prior,
  )) {
    const id = Number(r.referral_source_id);
    const row = byOrg.get(id) ?? { referralSourceId: id, name: r.name, current: empty(), prior: empty() };
    row[r.cur ? 'current' : 'prior'] = { openVisits: Number(r.open), coverageMismatch: Number(r.mismatch) };
    byOrg.set(id, row);
  }
  return {
    period: current,
    prior,
    ...pageOf([...byOrg.values()], OPERATIONS_HEALTH_FIGURES, operationsWorstFirst, q),
  };
}

/**
 * GET /api/admin/reports/health/visits: the visits behind a health figure that is not a dashboard rate's part.
 * A clinician's figures count their visits of the organization filtered, whatever the state and provider type
 * filters (those choose the clinicians).
 */
export async function healthVisits(
  services: Services,
  ctx: RequestContext,
  query: HealthVisitsQuery,
): Promise<MetricDrill> {
  const q = scopedFilter(requireActor(ctx), query);
  const periods = await periodsOf(services, q);
  const range = q.period === 'prior' ? periods.prior : periods.current;
  const filter: dashboardRepo.VisitFilter =
    q.providerId !== undefined
      ? {
          providerId: q.providerId,
          ...(q.referralSourceId !== undefined && { referralSourceIds: [q.referralSourceId] }),
        }
      : await visitFilterOf(services, q);
  const condition = repo.healthVisitCondition(q.figure as HealthVisitFigure);
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
