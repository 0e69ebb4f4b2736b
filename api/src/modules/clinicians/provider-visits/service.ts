// The clinician's visits (issue 11, decision 025): their own (myVisits, default PendingVisits, -120 to +45
// days) or a chosen clinician's for staff (providerVisits, -29 to +30 days), and the EVV check-in and check-out
// that move a visit along the state machine (checkIn: Staffed / VisitOverdue -> AfterStaffed; checkOut:
// AfterStaffed -> NotesDue). Each move is one transaction with its EVV record, its flags (decision 038), audit
// entries and event; a check-out also opens the visit's feedback link (feedback/service.ts).
import {
  defaultDateRange,
  EVV_CLOCK_SKEW_MINUTES,
  EVV_MAX_DELAY_HOURS,
  EVV_MESSAGES,
  evvProblems,
  evvTimeRefusal,
  timeZoneOfPlace,
  PROVIDER_VISIT_MESSAGES,
  PROVIDER_VISITS_MAX_DAYS,
  statusesOfFilter,
  transitionFor,
  visitStatusLabel,
  type EvvFlag,
  type EvvInput,
  type EvvResult,
  type MyVisitsQuery,
  type ProviderVisitList,
  type ProviderVisitRow,
  type ProviderVisitsQuery,
  type VisitStatus,
} from '@carelane/shared-domain';
import { badRequest, conflict, forbidden, invalidFields, notFound, staleVersion } from '../../../lib/errors';
import { localIsoDate } from '../../../lib/local-date';
import { pagingOf } from '../../../lib/paging';
import { noteRead, patientIdsOf } from '../../../services/access-log';
import type { Executor } from '../../../db/client';
import type { AppServices } from '../../../services/app-services';
import { recordAudit } from '../../../services/audit';
import { requireActor, type RequestContext } from '../../../services/context';
import { publishEvent } from '../../../services/events';
import { withVisitTimeZones } from '../../maps/service';
import { VISIT_THING } from '../../scheduling/visits';
import { statusOf, updateVisit } from '../../scheduling/visits/transitions';
import { CLINICIAN_THING, loadClinician, ownClinicianId } from '../access';
import { openFeedbackOnCheckOut } from '../feedback/service';
import * as repo from './repository';

const DAY_MS = 86_400_000;

/** The range asked for, or the SPEC §9 default of the list; 400 naming the field for a reversed or huge one. */
function rangeOf(
  q: { startDate?: string; endDate?: string },
  name: 'myVisits' | 'providerVisits',
): { startDate: string; endDate: string } {
  const fallback = defaultDateRange(name);
  const startDate = q.startDate ?? localIsoDate(fallback.start);
  const endDate = q.endDate ?? localIsoDate(fallback.end);
  if (endDate < startDate) throw badRequest('endDate', 'must not be before startDate');
  const days = (Date.parse(endDate) - Date.parse(startDate)) / DAY_MS + 1;
  if (days > PROVIDER_VISITS_MAX_DAYS)
    throw badRequest('endDate', `must be at most ${PROVIDER_VISITS_MAX_DAYS} days after startDate`);
  return { startDate, endDate };
}

/** The rows as the clinician's list shows them, each with the zone its times are in. */
async function zoned(
  services: AppServices,
  drafts: readonly repo.ProviderVisitDraft[],
): Promise<ProviderVisitRow[]> {
  const rows = await withVisitTimeZones(services.db, drafts, (draft) => draft.referralSourceId);
  return rows.map(({ referralSourceId: _organization, ...row }) => row);
}

async function listOf(
  services: AppServices,
  ctx: RequestContext,
  clinician: { id: number; givenName: string; familyName: string },
  q: MyVisitsQuery | ProviderVisitsQuery,
  name: 'myVisits' | 'providerVisits',
): Promise<ProviderVisitList> {
  const range = rangeOf(q, name);
  const { rows, totalCount } = await repo.listProviderVisits(
    services.db,
    { providerId: clinician.id, statuses: statusesOfFilter(q.status), ...range },
    q,
  );
  noteRead(ctx, { kind: 'visitList', entityId: null, patientIds: patientIdsOf(rows) });
  return {
    providerId: clinician.id,
    providerName: `${clinician.givenName} ${clinician.familyName}`,
    status: q.status,
    ...range,
    rows: await zoned(services, rows),
    paging: pagingOf(q, totalCount),
  };
}

/** The signed-in clinician's visits. */
export async function listMyVisits(services: AppServices, ctx: RequestContext, q: MyVisitsQuery) {
  const actor = requireActor(ctx);
  const id = await ownClinicianId(services.db, actor);
  const clinician = await loadClinician(services.db, actor, id);
  return listOf(services, ctx, clinician, q, 'myVisits');
}

/** A chosen clinician's visits, for staff holding providerVisits (404 for an unknown clinician). */
export async function listProviderVisits(
  services: AppServices,
  ctx: RequestContext,
  providerId: number,
  q: ProviderVisitsQuery,
) {
  const clinician = await repo.findClinicianName(services.db, providerId);
  if (!clinician) throw notFound(CLINICIAN_THING);
  return listOf(services, ctx, clinician, q, 'providerVisits');
}

/** The device's time, refused by name when it is too far ahead of the server or too old to be a tap. */
function deviceTime(at: string, now = Date.now()): Date {
  const when = new Date(at);
  if (when.getTime() - now > EVV_CLOCK_SKEW_MINUTES * 60_000)
    throw badRequest('at', PROVIDER_VISIT_MESSAGES.deviceTimeAhead);
  if (now - when.getTime() > EVV_MAX_DELAY_HOURS * 3_600_000)
    throw badRequest('at', PROVIDER_VISIT_MESSAGES.deviceTimeLate);
  return when;
}

type LockedVisit = NonNullable<Awaited<ReturnType<typeof repo.lockVisit>>>;

/**
 * Moves a locked visit by one EVV element: the transition, the time checks, the record (with its position, or
 * none for a telehealth call), its flags, audit entries and event; a check-out opens the feedback link. 409 when
 * the visit's status does not allow it, 400 naming the field when the time or position is impossible.
 */
async function moveByEvv(
  services: AppServices,
  tx: Executor,
  ctx: RequestContext,
  locked: LockedVisit,
  tap: { kind: 'checkIn' | 'checkOut'; at: Date; providerId: number; userId: number; version?: number },
  position: { latitude: number; longitude: number } | 'telehealth',
): Promise<EvvFlag[]> {
  const { visit: before, place } = locked;
  const { kind, at } = tap;
  const from: VisitStatus = statusOf(before);
  const to = transitionFor(from, kind);
  if (!to) {
    const label = visitStatusLabel({ ...before, status: from });
    throw conflict(
      kind === 'checkIn'
        ? PROVIDER_VISIT_MESSAGES.cannotCheckIn(label)
        : PROVIDER_VISIT_MESSAGES.cannotCheckOut(label),
      'INVALID_TRANSITION',
    );
  }
  if (tap.version !== undefined && before.version !== tap.version) throw staleVersion('visit');
  const facts = {
    dateOfService: before.dateOfService,
    timeZone: before.timeZone ?? timeZoneOfPlace(place),
    scheduledEnd: before.endAt,
    timeIn: before.timeIn,
  };
  let flags: EvvFlag[] = [];
  if (position === 'telehealth') {
    const refusal = evvTimeRefusal(facts, { kind, at });
    if (refusal) throw invalidFields([refusal]);
  } else {
    const home =
      place.latitude === null || place.longitude === null
        ? null
        : { latitude: place.latitude, longitude: place.longitude };
    const problems = evvProblems({ ...facts, home }, { kind, at, ...position });
    if (problems.refusals.length) throw invalidFields(problems.refusals);
    flags = problems.flags;
  }
  const after = await updateVisit(tx, before, {
    status: to,
    ...(kind === 'checkIn' ? { timeIn: at } : { timeOut: at }),
  });
  const flagIds = await repo.insertEvvRecord(
    tx,
    {
      visitId: before.id,
      providerId: tap.providerId,
      userId: tap.userId,
      kind,
      deviceAt: at,
      ...(position === 'telehealth' ? { location: 'telehealth' } : position),
      ip: ctx.ip,
    },
    flags,
  );
  await recordAudit(tx, ctx, { entity: 'visit', entityId: before.id, action: 'UPDATE', before, after });
  for (const [i, flag] of flags.entries())
    await recordAudit(tx, ctx, {
      entity: 'evvFlag',
      entityId: flagIds[i]!,
      action: 'CREATE',
      before: null,
      after: { visitId: before.id, ...flag },
    });
  await publishEvent(
    tx,
    { entity: 'visit', id: before.id, action: 'updated' },
    { referralSourceId: before.referralSourceId },
  );
  if (kind === 'checkOut') await openFeedbackOnCheckOut(services, tx, ctx, after);
  return flags;
}

/**
 * A telehealth call's start (check-in) or end (check-out) on its visit, in the caller's transaction: the EVV
 * element with location 'telehealth' and no position. The visit must be the clinician's.
 */
export async function recordTelehealthEvv(
  services: AppServices,
  tx: Executor,
  ctx: RequestContext,
  visitId: number,
  kind: 'checkIn' | 'checkOut',
  at: Date,
): Promise<void> {
  const actor = requireActor(ctx);
  const providerId = await ownClinicianId(tx, actor);
  const locked = await repo.lockVisit(tx, visitId);
  if (!locked) throw notFound(VISIT_THING);
  if (locked.visit.providerId !== providerId) throw forbidden(PROVIDER_VISIT_MESSAGES.notYours);
  await moveByEvv(services, tx, ctx, locked, { kind, at, providerId, userId: actor.userId }, 'telehealth');
}

async function evv(
  services: AppServices,
  ctx: RequestContext,
  visitId: number,
  input: EvvInput,
  kind: 'checkIn' | 'checkOut',
): Promise<EvvResult> {
  const actor = requireActor(ctx);
  const at = deviceTime(input.at);
  const providerId = await ownClinicianId(services.db, actor);
  const flagged = await services.db.transaction(async (tx) => {
    const locked = await repo.lockVisit(tx, visitId);
    if (!locked) throw notFound(VISIT_THING);
    if (locked.visit.providerId !== providerId) throw forbidden(PROVIDER_VISIT_MESSAGES.notYours);
    noteRead(ctx, {
      kind: 'visitList',
      entityId: visitId,
      patientIds: locked.visit.patientId ? [locked.visit.patientId] : [],
    });
    return moveByEvv(
      services,
      tx,
      ctx,
      locked,
      { kind, at, providerId, userId: actor.userId, version: input.version },
      { latitude: input.latitude, longitude: input.longitude },
    );
  });
  const [visit] = await zoned(services, [(await repo.findProviderVisit(services.db, visitId))!]);
  const done: string =
    kind === 'checkIn' ? PROVIDER_VISIT_MESSAGES.checkedIn : PROVIDER_VISIT_MESSAGES.checkedOut;
  return {
    visit: visit!,
    message: done + flagged.map((flag) => EVV_MESSAGES.flagged(flag.distanceMiles)).join(''),
  };
}

export const checkIn = (services: AppServices, ctx: RequestContext, visitId: number, input: EvvInput) =>
  evv(services, ctx, visitId, input, 'checkIn');
export const checkOut = (services: AppServices, ctx: RequestContext, visitId: number, input: EvvInput) =>
  evv(services, ctx, visitId, input, 'checkOut');
