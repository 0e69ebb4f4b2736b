// The funnel reports (issue 26, decision 053): a funnel's stages with their counts and median time in stage over
// a period and the prior one, and the records behind a stage (their total is the stage's count: both read the
// same cumulative condition). Scoped like every report (report-scope.ts); the routes' page, funnelReports, is the
// administrator's and the staffing roles'. Built so far: the visit funnels (visitFunnel, referralSourceConversion).
import {
  compareOrganizationConversion,
  funnelDefinition,
  type FunnelOrganizations,
  type FunnelAnswer,
  type FunnelDefinition,
  type FunnelQuery,
  type FunnelRecordsQuery,
  type MetricDrill,
} from '@carelane/shared-domain';
import { badRequest } from '../../../lib/errors';
import { pagingOf } from '../../../lib/paging';
import { noteRead, patientIdsOf } from '../../../services/access-log';
import type { AppServices } from '../../../services/app-services';
import { requireActor, type RequestContext } from '../../../services/context';
import * as dashboardRepo from '../dashboard/repository';
import { periodsOf, scopedFilter, visitDrillRows, visitFilterOf } from '../report-scope';
import * as repo from './repository';

type Services = Pick<AppServices, 'db' | 'reportsDb'>;

/** A funnel this API answers (its subject's SQL is built). */
function builtFunnel(key: string): FunnelDefinition {
  const funnel = funnelDefinition(key);
  if (!funnel || funnel.subject !== 'visits') throw badRequest('funnel', `${key} is not available yet`);
  return funnel;
}

const num = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/** GET /api/admin/reports/funnels/:funnel */
export async function funnel(
  services: Services,
  ctx: RequestContext,
  key: string,
  query: FunnelQuery,
): Promise<FunnelAnswer> {
  const definition = builtFunnel(key);
  const q = scopedFilter(requireActor(ctx), query);
  const { current, prior } = await periodsOf(services, q);
  const rows = await repo.visitFunnelCounts(
    services.reportsDb,
    definition,
    await visitFilterOf(services, q),
    current,
    prior,
  );
  const of = (cur: boolean, i: number) => {
    const row = rows.find((r) => Boolean(r.cur) === cur);
    return { count: Number(row?.[`s${i}`] ?? 0), medianHours: num(row?.[`h${i}`]) };
  };
  return {
    funnel: definition.key,
    period: current,
    prior,
    stages: definition.stages.map((stage, i) => ({
      id: stage.id,
      current: of(true, i),
      prior: of(false, i),
    })),
  };
}

/** GET /api/admin/reports/funnels/:funnel/stages/:stage/records */
export async function stageRecords(
  services: Services,
  ctx: RequestContext,
  key: string,
  stageId: string,
  query: FunnelRecordsQuery,
): Promise<MetricDrill> {
  const definition = builtFunnel(key);
  const index = definition.stages.findIndex((s) => s.id === stageId);
  if (index < 0) throw badRequest('stage', `${key} has no stage ${stageId}`);
  const q = scopedFilter(requireActor(ctx), query);
  const periods = await periodsOf(services, q);
  const range = q.period === 'prior' ? periods.prior : periods.current;
  const filter = await visitFilterOf(services, q);
  const condition = repo.visitStageCondition(definition, index);
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

/** GET /api/admin/reports/funnels/referralSourceConversion/organizations: a row per organization, worst first. */
export async function conversionOrganizations(
  services: Services,
  ctx: RequestContext,
  query: FunnelQuery,
): Promise<FunnelOrganizations> {
  const definition = builtFunnel('referralSourceConversion');
  const q = scopedFilter(requireActor(ctx), query);
  const { current } = await periodsOf(services, q);
  const rows = await repo.visitFunnelOrganizations(
    services.reportsDb,
    definition,
    await visitFilterOf(services, q),
    current,
  );
  return {
    funnel: 'referralSourceConversion',
    period: current,
    rows: rows
      .map((r) => ({
        referralSourceId: Number(r.referral_source_id),
        organizationName: String(r.organization_name),
        counts: definition.stages.map((_, i) => Number(r[`s${i}`] ?? 0)),
      }))
      .sort(compareOrganizationConversion),
  };
}
