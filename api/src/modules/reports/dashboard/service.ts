// The dashboard (issue 26, decision 046): the seven metrics' counts over a period and its prior period, a day by
// day trend, and the records behind any figure. Staff see every organization or the one filtered; an organization's
// users always their own; clinicians have My Activity instead.
import {
  DASHBOARD_METRICS,
  dashboardMetric,
  isOrganizationRole,
  periodDays,
  type Dashboard,
  type MetricCounts,
  type MetricDefinition,
  type MetricDrill,
  type MetricDrillQuery,
  type ReportFilterQuery,
  type ReportPeriod,
} from '@carelane/shared-domain';
import dayjs from 'dayjs';
import { badRequest, forbidden } from '../../../lib/errors';
import { pagingOf } from '../../../lib/paging';
import { noteRead, patientIdsOf } from '../../../services/access-log';
import type { AppServices } from '../../../services/app-services';
import { requireActor, type RequestContext } from '../../../services/context';
import { clinicianDrillRows, periodsOf, scopedFilter, visitDrillRows, visitFilterOf } from '../report-scope';
import * as rollups from '../rollups/repository';
import * as repo from './repository';

type Services = Pick<AppServices, 'db' | 'reportsDb'>;

const clinicianFilterOf = (q: ReportFilterQuery): repo.ClinicianFilter => ({
  providerTypeId: q.providerTypeId,
  state: q.state,
  referralSourceId: q.referralSourceId,
});

/** Every day of a period, oldest first. */
function daysOf(period: ReportPeriod): string[] {
  const start = dayjs(period.from);
  return Array.from({ length: periodDays(period) }, (_, i) => start.add(i, 'day').format('YYYY-MM-DD'));
}

const add = (a: MetricCounts, b: MetricCounts): MetricCounts => ({
  numerator: a.numerator + b.numerator,
  denominator: a.denominator + b.denominator,
});
const ZERO: MetricCounts = { numerator: 0, denominator: 0 };

/** GET /api/admin/reports/dashboard */
export async function dashboard(
  services: Services,
  ctx: RequestContext,
  query: ReportFilterQuery,
): Promise<Dashboard> {
  const q = scopedFilter(requireActor(ctx), query);
  const { current, prior } = await periodsOf(services, q);
  const visitMetrics = (DASHBOARD_METRICS as readonly MetricDefinition[]).filter(repo.isVisitMetric);
  const [asOf, byDay, clinicians] = await Promise.all([
    rollups.oldestQueuedChange(services.reportsDb).then((oldest) => (oldest ?? new Date()).toISOString()),
    rollups.rolledUpCountsByDay(services.reportsDb, visitMetrics, await visitFilterOf(services, q), {
      from: prior.from,
      to: current.to,
    }),
    rollups.rolledUpClinicianCounts(services.reportsDb, clinicianFilterOf(q), current, prior),
  ]);
  const days = daysOf(current);
  const inPeriod = (period: ReportPeriod, i: number) =>
    byDay
      .filter((d) => d.day >= period.from && d.day <= period.to)
      .reduce((sum, d) => add(sum, d.counts[i]!), ZERO);

  const metrics = (DASHBOARD_METRICS as readonly MetricDefinition[]).map((metric) => {
    const key = metric.key;
    if (!repo.isVisitMetric(metric)) {
      const active = clinicians.active;
      return {
        key,
        current: { numerator: clinicians.busyCurrent, denominator: active },
        prior: { numerator: clinicians.busyPrior, denominator: active },
        trend: days.map((day) => ({
          day,
          numerator: clinicians.busyByDay.get(day) ?? 0,
          denominator: active,
        })),
      };
    }
    const i = visitMetrics.indexOf(metric);
    return {
      key,
      current: inPeriod(current, i),
      prior: inPeriod(prior, i),
      trend: days.map((day) => ({ day, ...(byDay.find((d) => d.day === day)?.counts[i] ?? ZERO) })),
    };
  });
  return { period: current, prior, asOf, metrics };
}

export const CLINICIANS_FOR_STAFF = 'The clinicians behind this figure are shown to staff only.';

/** GET /api/admin/reports/dashboard/records */
export async function metricRecords(
  services: Services,
  ctx: RequestContext,
  query: MetricDrillQuery,
): Promise<MetricDrill> {
  const actor = requireActor(ctx);
  const q = scopedFilter(actor, query);
  const metric = dashboardMetric(q.metric);
  if (!metric) throw badRequest('metric', 'is not a dashboard metric');
  const periods = await periodsOf(services, q);
  const range = q.period === 'prior' ? periods.prior : periods.current;

  if (!repo.isVisitMetric(metric)) {
    // The clinicians behind the utilization rate work for every organization: their names are for staff.
    if (isOrganizationRole(actor.roleId)) throw forbidden(CLINICIANS_FOR_STAFF);
    const filter = clinicianFilterOf(q);
    const [rows, total] = await Promise.all([
      repo.metricCliniciansPage(services.reportsDb, filter, q.part, range, q),
      repo.countMetricClinicians(services.reportsDb, filter, q.part, range),
    ]);
    return {
      subject: 'clinicians',
      rows: clinicianDrillRows(rows),
      paging: pagingOf(q, total),
    };
  }

  const filter = await visitFilterOf(services, q);
  const [rows, total] = await Promise.all([
    repo.metricVisitsPage(services.reportsDb, metric, q.part, filter, range, q),
    repo.countMetricVisits(services.reportsDb, metric, q.part, filter, range),
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
