// Non-coverages (issue 26, decision 047): staff report a service request, or one visit of it, that cannot be
// covered ('Non Coverage Reported successfully.'); the list (SPEC §4: Active by default) is chased daily and each
// report resolved once, saying how (who and when kept); the weekly trend counts reported, resolved and still
// Active. Every route needs page nonCoverages (administrator and staffing roles). One transaction per write.
import {
  NON_COVERAGE_EPISODE_STATUSES,
  NON_COVERAGE_MESSAGES,
  askedReportPeriod,
  dateRangeInstants,
  nonCoverageTrendPeriod,
  nonCoverageWeeks,
  todayIn,
  type NonCoverage,
  type NonCoverageInput,
  type NonCoverageListQuery,
  type NonCoverageResolve,
  type NonCoverageTrend,
  type NonCoverageTrendQuery,
} from '@carelane/shared-domain';
import { badRequest, conflict, isUniqueViolation, notFound, staleVersion } from '../../../lib/errors';
import { pagingOf } from '../../../lib/paging';
import { noteRead, patientIdsOf } from '../../../services/access-log';
import type { AppServices } from '../../../services/app-services';
import { recordAudit } from '../../../services/audit';
import { requireActor, type RequestContext } from '../../../services/context';
import { organizationTimeZone, organizationTimeZoneOrDefault } from '../../maps/service';
import * as repo from './repository';

type Services = Pick<AppServices, 'db'>;

const ENTITY = 'NonCoverage';
const THING = 'non-coverage';

const iso = (value: Date | string) => new Date(value).toISOString();

function toNonCoverage(r: repo.NonCoverageRow): NonCoverage {
  const n = r.row;
  return {
    id: n.id,
    episodeId: n.episodeId,
    visitId: n.visitId,
    referralSourceId: n.referralSourceId,
    organizationName: r.organizationName,
    providerTypeId: n.providerTypeId,
    providerTypeName: r.providerTypeName,
    patientName: r.patientName,
    episodeTitle: r.episodeTitle,
    visitDate: r.visitDate,
    visitStartAt: r.visitStartAt ? iso(r.visitStartAt) : null,
    visitTimeZone: r.visitDate === null ? null : r.visitTimeZone,
    reason: n.reason as NonCoverage['reason'],
    note: n.note,
    status: n.status as NonCoverage['status'],
    reportedBy: n.reportedBy,
    reporterName: r.reporterName,
    reportedAt: iso(n.reportedAt),
    resolvedBy: n.resolvedBy,
    resolverName: r.resolverName,
    resolvedAt: n.resolvedAt ? iso(n.resolvedAt) : null,
    resolution: n.resolution,
    version: n.version,
  };
}

/** Rows with their visit's zone filled in (a visit booked before migration 0029: its organization's). */
async function withZones(services: Services, rows: readonly repo.NonCoverageRow[]): Promise<NonCoverage[]> {
  const zones = new Map<number, string>();
  const out: NonCoverage[] = [];
  for (const row of rows) {
    const item = toNonCoverage(row);
    if (item.visitDate !== null && !item.visitTimeZone) {
      if (!zones.has(item.referralSourceId))
        zones.set(item.referralSourceId, await organizationTimeZone(services.db, item.referralSourceId));
      item.visitTimeZone = zones.get(item.referralSourceId)!;
    }
    out.push(item);
  }
  return out;
}

/** One report as answered, its patient noted in the access log. */
async function answerOf(services: Services, ctx: RequestContext, id: number): Promise<NonCoverage> {
  const row = await repo.findNonCoverage(services.db, id);
  if (!row) throw notFound('Non-coverage');
  noteRead(ctx, { kind: 'nonCoverageList', entityId: id, patientIds: patientIdsOf([row]) });
  return (await withZones(services, [row]))[0]!;
}

/** GET /api/admin/nonCoverages: newest first; no period asked: every report (an old Active one is still work). */
export async function listNonCoverages(services: Services, ctx: RequestContext, q: NonCoverageListQuery) {
  let reported: repo.NonCoverageFilter['reported'];
  if (q.from !== undefined || q.to !== undefined) {
    const zone = await organizationTimeZoneOrDefault(services.db, q.referralSourceId);
    const asked = askedReportPeriod(q, todayIn(zone));
    if (!asked.ok) throw badRequest(asked.field, asked.message);
    reported = dateRangeInstants(asked.period.from, asked.period.to, zone);
  }
  const filter: repo.NonCoverageFilter = {
    status: q.status,
    referralSourceId: q.referralSourceId,
    providerTypeId: q.providerTypeId,
    reported,
  };
  const [rows, total] = await Promise.all([
    repo.listNonCoverages(services.db, filter, q),
    repo.countNonCoverages(services.db, filter),
  ]);
  noteRead(ctx, { kind: 'nonCoverageList', entityId: null, patientIds: patientIdsOf(rows) });
  return { rows: await withZones(services, rows), paging: pagingOf(q, total) };
}

/** POST /api/admin/nonCoverages */
export async function reportNonCoverage(services: Services, ctx: RequestContext, input: NonCoverageInput) {
  const actor = requireActor(ctx);
  const visitId = input.visitId ?? null;
  let id: number;
  try {
    id = await services.db.transaction(async (tx) => {
      const episode = await repo.lockEpisode(tx, input.episodeId);
      if (!episode) throw badRequest('episodeId', NON_COVERAGE_MESSAGES.unknownEpisode);
      if (!(NON_COVERAGE_EPISODE_STATUSES as readonly string[]).includes(episode.status))
        throw badRequest('episodeId', NON_COVERAGE_MESSAGES.episodeClosed(episode.status));
      let providerTypeId = episode.providerTypeIds[0] ?? null;
      if (visitId !== null) {
        const visit = await repo.findVisit(tx, visitId);
        if (!visit || visit.episodeId !== episode.id)
          throw badRequest('visitId', NON_COVERAGE_MESSAGES.notOfEpisode);
        if (visit.status === 'Deleted') throw badRequest('visitId', NON_COVERAGE_MESSAGES.visitDeleted);
        providerTypeId = visit.providerTypeId;
      }
      if (await repo.activeReportOf(tx, episode.id, visitId)) throw duplicate(visitId);
      const row = {
        episodeId: episode.id,
        visitId,
        referralSourceId: episode.referralSourceId,
        providerTypeId,
        reason: input.reason,
        note: input.note ? input.note : null,
        reportedBy: actor.userId,
      };
      const newId = await repo.insertNonCoverage(tx, row);
      await recordAudit(tx, ctx, { entity: ENTITY, entityId: newId, action: 'CREATE', after: row });
      return newId;
    });
  } catch (error) {
    // Two reports of one visit at once: the partial unique index lets one in.
    if (isUniqueViolation(error)) throw duplicate(visitId);
    throw error;
  }
  return { message: NON_COVERAGE_MESSAGES.reported, nonCoverage: await answerOf(services, ctx, id) };
}

const duplicate = (visitId: number | null) =>
  conflict(visitId === null ? NON_COVERAGE_MESSAGES.duplicateEpisode : NON_COVERAGE_MESSAGES.duplicateVisit);

/** POST /api/admin/nonCoverages/:id/resolve: once, with how it was resolved, at the version read. */
export async function resolveNonCoverage(
  services: Services,
  ctx: RequestContext,
  id: number,
  input: NonCoverageResolve,
) {
  const actor = requireActor(ctx);
  await services.db.transaction(async (tx) => {
    const before = await repo.lockNonCoverage(tx, id);
    if (!before) throw notFound('Non-coverage');
    if (before.status === 'Resolved') throw conflict(NON_COVERAGE_MESSAGES.resolvedAlready);
    if (before.version !== input.version) throw staleVersion(THING);
    const set = {
      status: 'Resolved',
      resolvedBy: actor.userId,
      resolvedAt: new Date(),
      resolution: input.resolution,
    };
    await repo.updateNonCoverage(tx, id, set);
    await recordAudit(tx, ctx, {
      entity: ENTITY,
      entityId: id,
      action: 'UPDATE',
      before,
      after: { ...before, ...set, version: before.version + 1 },
    });
  });
  return { message: NON_COVERAGE_MESSAGES.resolved, nonCoverage: await answerOf(services, ctx, id) };
}

/** GET /api/admin/nonCoverages/trend: per week of the period (default the last 12 weeks). */
export async function nonCoverageTrend(
  services: Services,
  q: NonCoverageTrendQuery,
): Promise<NonCoverageTrend> {
  const zone = await organizationTimeZoneOrDefault(services.db, q.referralSourceId);
  const asked = nonCoverageTrendPeriod(q, todayIn(zone));
  if (!asked.ok) throw badRequest(asked.field, asked.message);
  const weeks = nonCoverageWeeks(asked.period);
  const counts = await repo.weeklyCounts(
    services.db,
    weeks.map((w) => dateRangeInstants(w.from, w.to, zone)),
    { referralSourceId: q.referralSourceId, providerTypeId: q.providerTypeId },
  );
  return {
    period: asked.period,
    weeks: weeks.map((w, i) => ({ ...w, ...counts[i]! })),
  };
}
