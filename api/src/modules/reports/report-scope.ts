// Every report's scope (issue 26, decision 046): who may read which organization's figures, the period asked for
// and its prior period on the right calendar, the organizations the organization and state filters leave, and the
// visits behind a figure as every drill-down answers them.
import {
  DEFAULT_TIME_ZONE,
  ROLE,
  askedReportPeriod,
  isOrganizationRole,
  priorPeriod,
  todayIn,
  type MetricVisitRow,
  type ReportFilterQuery,
  type ReportPeriod,
} from '@carelane/shared-domain';
import { badRequest, forbidden } from '../../lib/errors';
import type { Executor } from '../../db/client';
import type { AppServices } from '../../services/app-services';
import type { Actor } from '../../services/context';
import { organizationPlace } from '../maps/repository';
import { organizationTimeZone, stateOfAddress, withVisitTimeZones } from '../maps/service';
import type { MetricClinicianDbRow, MetricVisitDbRow, VisitFilter } from './dashboard/repository';
import * as repo from './report-scope-repository';

type Services = Pick<AppServices, 'db'>;

/** The filters as the caller may have them: an organization user's own organization, set here. */
export function scopedFilter<Q extends ReportFilterQuery>(actor: Actor, q: Q): Q {
  if (actor.roleId === ROLE.CLINICIAN) throw forbidden();
  if (!isOrganizationRole(actor.roleId)) return q;
  const own = actor.referralSourceId ?? -1;
  if (q.referralSourceId !== undefined && q.referralSourceId !== own) throw forbidden();
  return { ...q, referralSourceId: own };
}

/**
 * The calendar a report counts days by: the organization filtered's (else the default zone, Central). An
 * organization that does not exist is a problem naming `referralSourceId`.
 */
export async function reportTimeZone(
  services: Services,
  referralSourceId: number | undefined,
): Promise<string> {
  if (referralSourceId === undefined) return DEFAULT_TIME_ZONE;
  if (!(await organizationPlace(services.db, referralSourceId)))
    throw badRequest('referralSourceId', `no organization has the id ${referralSourceId}`);
  return organizationTimeZone(services.db, referralSourceId);
}

/** The period asked for, on the report's calendar (reportTimeZone). */
export async function periodsOf(
  services: Services,
  q: ReportFilterQuery,
): Promise<{ current: ReportPeriod; prior: ReportPeriod }> {
  const asked = askedReportPeriod(q, todayIn(await reportTimeZone(services, q.referralSourceId)));
  if (!asked.ok) throw badRequest(asked.field, asked.message);
  return { current: asked.period, prior: priorPeriod(asked.period) };
}

/** Every organization's state (its ZIP code's), by id. */
export async function organizationStates(services: Services): Promise<Map<number, string | undefined>> {
  const states = new Map<number, string | undefined>();
  for (const org of await repo.organizationPlaces(services.db)) states.set(org.id, await stateOfAddress(org));
  return states;
}

/** The organizations the organization and state filters leave (undefined: every one). */
export async function visitFilterOf(services: Services, q: ReportFilterQuery): Promise<VisitFilter> {
  let ids: number[] | undefined = q.referralSourceId !== undefined ? [q.referralSourceId] : undefined;
  if (q.state !== undefined) {
    const state = q.state.toUpperCase();
    const inState: number[] = [];
    for (const [id, orgState] of await organizationStates(services)) if (orgState === state) inState.push(id);
    ids = ids ? ids.filter((id) => inState.includes(id)) : inState;
  }
  return { referralSourceIds: ids, providerTypeId: q.providerTypeId };
}

const iso = (value: string | Date) => new Date(value).toISOString();
const isoOrNull = (value: string | Date | null) => (value === null ? null : iso(value));

/** Drill-down clinicians as the answer gives them. */
export const clinicianDrillRows = (rows: readonly MetricClinicianDbRow[]) =>
  rows.map((r) => ({
    id: r.id,
    name: r.name,
    providerTypeName: r.provider_type_name,
    state: r.state,
    staffedVisits: Number(r.staffed_visits),
  }));

/** Drill-down visits as the answer gives them: instants as ISO text, each on its own clock (its organization's). */
export async function visitDrillRows(
  db: Executor,
  rows: readonly MetricVisitDbRow[],
): Promise<MetricVisitRow[]> {
  const zoned = await withVisitTimeZones(
    db,
    rows.map((r) => ({ ...r, timeZone: r.time_zone })),
    (r) => r.referral_source_id,
  );
  return zoned.map((r) => ({
    id: r.id,
    dateOfService: r.date_of_service,
    startAt: iso(r.start_at),
    timeZone: r.timeZone,
    status: r.status,
    patientName: r.patient_name,
    organizationName: r.organization_name,
    providerTypeName: r.provider_type_name,
    visitTypeName: r.visit_type_name,
    clinicianName: r.clinician_name,
    requestedAt: iso(r.requested_at),
    assignedAt: isoOrNull(r.assigned_at),
    timeIn: isoOrNull(r.time_in),
    timeOut: isoOrNull(r.time_out),
    notesSubmittedAt: isoOrNull(r.notes_submitted_at),
    evvVerified: Boolean(r.evv_verified),
  }));
}
