// Incident reports (issue 27, decision 060): list (the period an incident happened in: the organization's
// incidentsDateRange for its users, else the last 30 days), get, create and update ('Incident report saved.'), close
// once ('Incident report closed.'). Staff (administrator and staffing roles: clinician managers, coordinators...)
// handle them; an organization user reads its own organization's (another's answers 404) and writes none. Every
// write is one transaction with its audit entry.
import {
  INCIDENT_DEFAULT_RANGE,
  INCIDENT_MESSAGES,
  TASK_MESSAGES,
  dateRangeInstants,
  isOrganizationRole,
  type Incident,
  type IncidentClose,
  type IncidentInput,
  type IncidentList,
  type IncidentListQuery,
  type IncidentUpdate,
} from '@carelane/shared-domain';
import type { Executor } from '../../../db/client';
import { badRequest, conflict, forbidden, notFound, staleVersion } from '../../../lib/errors';
import { pagingOf } from '../../../lib/paging';
import type { AppServices } from '../../../services/app-services';
import { recordAudit } from '../../../services/audit';
import { requireActor, type Actor, type RequestContext } from '../../../services/context';
import * as repo from './repository';
import { listPeriod, scopeOf } from './scope';

type Services = Pick<AppServices, 'db'>;

const ENTITY = 'IncidentReport';
const THING = 'Incident report';
/** A clock a little ahead of the server's is not "the future". */
const FUTURE_SLACK_MS = 5 * 60_000;

const iso = (value: Date | string) => new Date(value).toISOString();

function toIncident(r: repo.IncidentRow): Incident {
  const i = r.row;
  return {
    id: i.id,
    description: i.description,
    occurredAt: iso(i.occurredAt),
    severity: i.severity as Incident['severity'],
    providerId: i.providerId,
    providerName: r.providerName,
    involved: i.involved,
    visitId: i.visitId,
    referralSourceId: i.referralSourceId,
    organizationName: r.organizationName,
    followUp: i.followUp,
    reportedBy: i.reportedBy,
    reporterName: r.reporterName,
    reportedAt: iso(i.reportedAt),
    closedAt: i.closedAt ? iso(i.closedAt) : null,
    closedBy: i.closedBy,
    closerName: r.closerName,
    version: i.version,
  };
}

const answerOf = async (ex: Executor, id: number) => toIncident((await repo.findIncident(ex, id))!);

/** Organization users read their own organization's reports; they write none. */
function requireHandler(actor: Actor): void {
  if (isOrganizationRole(actor.roleId)) throw forbidden();
}

/** GET /api/admin/incidentReports */
export async function listIncidents(
  services: Services,
  ctx: RequestContext,
  q: IncidentListQuery,
): Promise<IncidentList> {
  const actor = requireActor(ctx);
  const period = await listPeriod(
    services.db,
    actor,
    q,
    (r) => (r.incidentsDays ? [-r.incidentsDays, 0] : null),
    INCIDENT_DEFAULT_RANGE,
  );
  const filter: repo.IncidentFilter = {
    status: q.status,
    severity: q.severity,
    occurred: dateRangeInstants(period.from, period.to, period.zone),
    referralSourceId: q.referralSourceId,
    providerId: q.providerId,
  };
  const scope = scopeOf(actor);
  const [rows, total] = await Promise.all([
    repo.listIncidents(services.db, scope, filter, q),
    repo.countIncidents(services.db, scope, filter),
  ]);
  return {
    rows: rows.map(toIncident),
    paging: pagingOf(q, total),
    period: { from: period.from, to: period.to },
  };
}

/** GET /api/admin/incidentReports/:id */
export async function getIncident(services: Services, ctx: RequestContext, id: number): Promise<Incident> {
  const row = await repo.findIncident(services.db, id, scopeOf(requireActor(ctx)));
  if (!row) throw notFound(THING);
  return toIncident(row);
}

/** The report's columns from its input: the links checked, its organization the visit's or the one named. */
async function columnsOf(tx: Executor, input: IncidentInput) {
  if (new Date(input.occurredAt).getTime() > Date.now() + FUTURE_SLACK_MS)
    throw badRequest('occurredAt', INCIDENT_MESSAGES.inFuture);
  let org = input.referralSourceId ?? null;
  if (org !== null && !(await repo.organizationRanges(tx, org)))
    throw badRequest('referralSourceId', TASK_MESSAGES.linkUnknown);
  if (input.visitId) {
    const visit = await repo.visitOrg(tx, input.visitId);
    if (!visit) throw badRequest('visitId', TASK_MESSAGES.linkUnknown);
    if (org !== null && visit.org !== org) throw badRequest('visitId', TASK_MESSAGES.linkOtherOrganization);
    org = visit.org;
  }
  if (input.providerId && !(await repo.providerExists(tx, input.providerId)))
    throw badRequest('providerId', TASK_MESSAGES.linkUnknown);
  return {
    description: input.description,
    occurredAt: new Date(input.occurredAt),
    severity: input.severity,
    providerId: input.providerId ?? null,
    involved: input.involved ? input.involved : null,
    visitId: input.visitId ?? null,
    referralSourceId: org,
    followUp: input.followUp ? input.followUp : null,
  };
}

/** POST /api/admin/incidentReports */
export async function createIncident(services: Services, ctx: RequestContext, input: IncidentInput) {
  const actor = requireActor(ctx);
  requireHandler(actor);
  const id = await services.db.transaction(async (tx) => {
    const row = { ...(await columnsOf(tx, input)), reportedBy: actor.userId };
    const newId = await repo.insertIncident(tx, row);
    await recordAudit(tx, ctx, { entity: ENTITY, entityId: newId, action: 'CREATE', after: row });
    return newId;
  });
  return { message: INCIDENT_MESSAGES.saved, incidentReport: await answerOf(services.db, id) };
}

/** The open report locked for a change at the version read. */
async function lockOpen(tx: Executor, id: number, version: number) {
  const before = await repo.lockIncident(tx, id);
  if (!before) throw notFound(THING);
  if (before.closedAt) throw conflict(INCIDENT_MESSAGES.closedAlready);
  if (before.version !== version) throw staleVersion('incident report');
  return before;
}

/** PUT /api/admin/incidentReports/:id: the whole open report, at the version read. */
export async function updateIncident(
  services: Services,
  ctx: RequestContext,
  id: number,
  input: IncidentUpdate,
) {
  requireHandler(requireActor(ctx));
  await services.db.transaction(async (tx) => {
    const before = await lockOpen(tx, id, input.version);
    const set = await columnsOf(tx, input);
    await repo.updateIncident(tx, id, set);
    await recordAudit(tx, ctx, {
      entity: ENTITY,
      entityId: id,
      action: 'UPDATE',
      before,
      after: { ...before, ...set, version: before.version + 1 },
    });
  });
  return { message: INCIDENT_MESSAGES.saved, incidentReport: await answerOf(services.db, id) };
}

/** POST /api/admin/incidentReports/:id/close: once, with the follow-up text when given. */
export async function closeIncident(
  services: Services,
  ctx: RequestContext,
  id: number,
  input: IncidentClose,
) {
  const actor = requireActor(ctx);
  requireHandler(actor);
  await services.db.transaction(async (tx) => {
    const before = await lockOpen(tx, id, input.version);
    const set = {
      closedAt: new Date(),
      closedBy: actor.userId,
      ...(input.followUp ? { followUp: input.followUp } : {}),
    };
    await repo.updateIncident(tx, id, set);
    await recordAudit(tx, ctx, {
      entity: ENTITY,
      entityId: id,
      action: 'UPDATE',
      before,
      after: { ...before, ...set, version: before.version + 1 },
    });
  });
  return { message: INCIDENT_MESSAGES.closed, incidentReport: await answerOf(services.db, id) };
}
