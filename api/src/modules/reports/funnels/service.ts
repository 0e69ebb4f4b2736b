// The funnel reports (issue 26, decision 053): a funnel's stages with their counts and median time in stage over
// a period and the prior one, and the records behind a stage (their total is the stage's count: both read the
// same cumulative condition). Scoped like every report (report-scope.ts); the routes' page, funnelReports, is the
// administrator's and the staffing roles'. Visits (visitFunnel, referralSourceConversion) are read as every report
// reads them; service requests, patients, organizations, clinicians and outbox messages through their own SQL.
import {
  DEFAULT_TIME_ZONE,
  compareOrganizationConversion,
  funnelDefinition,
  type FunnelOrganizations,
  type FunnelAnswer,
  type FunnelDefinition,
  type FunnelQuery,
  type FunnelRecordRow,
  type FunnelRecords,
  type FunnelRecordsQuery,
  type ReportPeriod,
} from '@carelane/shared-domain';
import { badRequest } from '../../../lib/errors';
import { pagingOf } from '../../../lib/paging';
import { noteRead, patientIdsOf } from '../../../services/access-log';
import type { AppServices } from '../../../services/app-services';
import { requireActor, type RequestContext } from '../../../services/context';
import * as dashboardRepo from '../dashboard/repository';
import { periodsOf, reportTimeZone, scopedFilter, visitDrillRows, visitFilterOf } from '../report-scope';
import * as repo from './repository';

type Services = Pick<AppServices, 'db' | 'reportsDb'>;

/** A funnel this API answers. */
function builtFunnel(key: string): FunnelDefinition {
  const funnel = funnelDefinition(key);
  if (!funnel) throw badRequest('funnel', `${key} is not a funnel`);
  return funnel;
}

/**
 * What a funnel of another subject than visits reads in `range`: the filters it has (decision 053's table: the
 * organization funnel no provider type, the clinician funnel the clinician's own state and type, messages none)
 * and its calendar (service requests and patients: the filtered organization's; clinicians, messages: Central).
 */
async function subjectScope(
  services: Services,
  funnel: FunnelDefinition,
  q: FunnelQuery,
  range: ReportPeriod,
): Promise<repo.SubjectScope> {
  if (funnel.subject === 'messages') return { filter: {}, range, timeZone: DEFAULT_TIME_ZONE };
  if (funnel.subject === 'clinicians')
    return {
      filter: { providerTypeId: q.providerTypeId },
      ...(q.state !== undefined ? { state: q.state.toUpperCase() } : {}),
      range,
      timeZone: DEFAULT_TIME_ZONE,
    };
  const filter = await visitFilterOf(services, q);
  return {
    filter: funnel.subject === 'organizations' ? { referralSourceIds: filter.referralSourceIds } : filter,
    range,
    timeZone: await reportTimeZone(services, q.referralSourceId),
  };
}

async function countRows(
  services: Services,
  definition: FunnelDefinition,
  q: FunnelQuery,
  current: ReportPeriod,
  prior: ReportPeriod,
): Promise<repo.FunnelCountsDbRow[]> {
  if (definition.subject === 'visits')
    return repo.visitFunnelCounts(
      services.reportsDb,
      definition,
      await visitFilterOf(services, q),
      current,
      prior,
    );
  const [cur, before] = await Promise.all([
    repo.subjectFunnelCounts(
      services.reportsDb,
      definition,
      await subjectScope(services, definition, q, current),
    ),
    repo.subjectFunnelCounts(
      services.reportsDb,
      definition,
      await subjectScope(services, definition, q, prior),
    ),
  ]);
  return [...(cur ? [{ ...cur, cur: true }] : []), ...(before ? [{ ...before, cur: false }] : [])];
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
  const rows = await countRows(services, definition, q, current, prior);
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
): Promise<FunnelRecords> {
  const definition = builtFunnel(key);
  const index = definition.stages.findIndex((s) => s.id === stageId);
  if (index < 0) throw badRequest('stage', `${key} has no stage ${stageId}`);
  const q = scopedFilter(requireActor(ctx), query);
  const periods = await periodsOf(services, q);
  const range = q.period === 'prior' ? periods.prior : periods.current;
  if (definition.subject !== 'visits') return subjectRecords(services, ctx, definition, index, q, range);
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

const isoOrNull = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());

/**
 * The records of a funnel of another subject; service requests and patients name patients, so the page is noted
 * in the patient access log (as the visit drill-down's, decision 053).
 */
async function subjectRecords(
  services: Services,
  ctx: RequestContext,
  definition: FunnelDefinition,
  index: number,
  q: FunnelRecordsQuery,
  range: ReportPeriod,
): Promise<FunnelRecords> {
  const scope = await subjectScope(services, definition, q, range);
  const { rows, total } = await repo.subjectStageRecords(services.reportsDb, definition, index, scope, q);
  if (definition.subject === 'episodes' || definition.subject === 'patients')
    noteRead(ctx, {
      kind: definition.subject === 'episodes' ? 'serviceRequestList' : 'patientList',
      entityId: null,
      patientIds: patientIdsOf(
        rows.map((r) => ({ patientId: r.patient_id === null ? null : Number(r.patient_id) })),
      ),
    });
  const records: FunnelRecordRow[] = rows.map((r) => ({
    id: Number(r.id),
    name: r.name,
    organizationName: r.organization_name,
    status: r.status,
    at: isoOrNull(r.at),
    detail: r.detail,
  }));
  const subject = definition.subject as Exclude<FunnelDefinition['subject'], 'visits'>;
  return { subject, rows: records, paging: pagingOf(q, total) };
}
