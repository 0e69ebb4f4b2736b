// Service requests (episodes): the list, one, create, save, and the actions that move a request and its
// visits together (publish, hold, delete, complete, archive), each in one transaction.
import {
  blocksEpisodeDelete,
  defaultDateRange,
  defaultEpisodeStatusFilter,
  defaultShowMine,
  EPISODE_MESSAGES,
  episodeIsEditable,
  episodeTransition,
  isOrganizationRole,
  parsePrivilegeMap,
  transitionFor,
  type Episode,
  type EpisodeAction,
  type EpisodeInput,
  type EpisodeListQuery,
  type EpisodeUpdate,
  type VisitAction,
  type VisitStatus,
} from '@carelane/shared-domain';
import { episodes } from '../../../db/schema';
import type { Tx } from '../../../db/client';
import { badRequest, conflict, forbidden } from '../../../lib/errors';
import { localIsoDate } from '../../../lib/local-date';
import { pagingOf } from '../../../lib/paging';
import { updateVersioned } from '../../../lib/versioned-update';
import { noteRead, patientIdsOf, readOf } from '../../../services/access-log';
import { recordAudit } from '../../../services/audit';
import type { AppServices } from '../../../services/app-services';
import { requireActor, type Actor, type RequestContext } from '../../../services/context';
import { publishEvent } from '../../../services/events';
import { reasonLabels } from '../../admin/constants';
import { notifyMatchingClinicians } from '../matching/notify';
import { owningOrganization, staleConflict } from '../patients/scope';
import { assertReferences, referenceIds, type Reference } from '../references';
import {
  episodeListWhere,
  episodeVisitStatuses,
  hasLiveVisits,
  insertEpisode,
  listEpisodes as listEpisodeRows,
  loadEpisode,
  setEpisodeStatus,
  setVisitStatus,
  toEpisode,
} from './repository';

/** The patients a service request names, for the access log's entry of a refused read. */
export { episodePatientIds } from './repository';

const STAFF_FIELDS = ['careCoordinatorId', 'customerCareCoordinatorId', 'vendorManagerId'] as const;

/** Organization users may not pick Carelane's own coordinators. */
function assertStaffFields(
  actor: Actor,
  input: Partial<Record<(typeof STAFF_FIELDS)[number], number | null>>,
  before?: Partial<Record<(typeof STAFF_FIELDS)[number], number | null>>,
) {
  if (!isOrganizationRole(actor.roleId)) return;
  for (const field of STAFF_FIELDS) {
    if (input[field] !== undefined && input[field] !== (before?.[field] ?? null))
      throw forbidden('Sorry, only Carelane staff may assign coordinators and vendor managers.');
  }
}

type ReferenceFields = Partial<
  Pick<
    Episode,
    | 'patientId'
    | 'physicianId'
    | 'facilityId'
    | 'insuranceIds'
    | 'visitTypeIds'
    | 'providerTypeIds'
    | 'contactIds'
    | 'patientContactIds'
    | 'caseManagerId'
    | 'careCoordinatorId'
    | 'customerCareCoordinatorId'
    | 'vendorManagerId'
  > & { frequencies: { visitTypeId: number }[] }
>;

/** Every id a service request refers to, by field. */
const episodeReferences = (e: ReferenceFields): Reference[] => [
  { field: 'patientId', kind: 'patient', ids: e.patientId },
  { field: 'facilityId', kind: 'facility', ids: e.facilityId },
  { field: 'physicianId', kind: 'physician', ids: e.physicianId },
  { field: 'insuranceIds', kind: 'insurance', ids: e.insuranceIds },
  { field: 'visitTypeIds', kind: 'visitType', ids: e.visitTypeIds },
  { field: 'frequencies', kind: 'visitType', ids: e.frequencies?.map((f) => f.visitTypeId) },
  { field: 'providerTypeIds', kind: 'providerType', ids: e.providerTypeIds },
  { field: 'contactIds', kind: 'contact', ids: e.contactIds },
  { field: 'patientContactIds', kind: 'contact', ids: e.patientContactIds },
  { field: 'caseManagerId', kind: 'contact', ids: e.caseManagerId },
  { field: 'careCoordinatorId', kind: 'staffUser', ids: e.careCoordinatorId },
  { field: 'customerCareCoordinatorId', kind: 'staffUser', ids: e.customerCareCoordinatorId },
  { field: 'vendorManagerId', kind: 'staffUser', ids: e.vendorManagerId },
];

/**
 * Field errors for a date range that runs backwards and for any id the organization may not refer to
 * (references.ts). On a save, the ids the service request already holds were checked when they were added,
 * so a contact deleted or a coordinator deactivated since does not block the save.
 */
async function checkReferences(
  tx: Tx,
  organizationId: number,
  input: ReferenceFields & { startDate?: string; endDate?: string | null },
  stored?: Episode,
) {
  if (input.startDate && input.endDate && input.endDate < input.startDate)
    throw badRequest('endDate', 'cannot be before the start date');
  const held = new Map(
    (stored ? episodeReferences(stored) : []).map((r) => [r.field, referenceIds(r.ids)] as const),
  );
  await assertReferences(
    tx,
    organizationId,
    episodeReferences(input).map((r) => ({
      ...r,
      ids: referenceIds(r.ids).filter((id) => !held.get(r.field)?.includes(id)),
    })),
  );
}

/** SPEC §4 default filters: status by role, "only mine" by privilege, the creation range. */
export async function listEpisodes(services: AppServices, ctx: RequestContext, q: EpisodeListQuery) {
  const actor = requireActor(ctx);
  const range = defaultDateRange('episodeCreation');
  const where = episodeListWhere(actor, q, {
    status: q.status ?? defaultEpisodeStatusFilter(actor.roleId, q.patientId !== undefined),
    mine: q.mine ?? defaultShowMine(actor.roleId, parsePrivilegeMap(actor.privileges)),
    from: new Date(`${q.createdFrom ?? localIsoDate(range.start)}T00:00:00`),
    to: new Date(`${q.createdTo ?? localIsoDate(range.end)}T23:59:59.999`),
  });
  const { rows, totalCount } = await listEpisodeRows(services, where, {
    pageNumber: q.pageNumber,
    pageSize: q.pageSize,
    joinPatients: Boolean(q.search),
  });
  noteRead(ctx, { kind: 'serviceRequestList', entityId: null, patientIds: patientIdsOf(rows) });
  return { rows, paging: pagingOf(q, totalCount) };
}

export async function getEpisode(services: AppServices, ctx: RequestContext, id: number): Promise<Episode> {
  return toEpisode(
    await loadEpisode(services.db, requireActor(ctx), id, readOf(ctx, 'serviceRequestDetail', id)),
  );
}

/** A Draft service request; organization users for their own organization. */
export async function createEpisode(
  services: AppServices,
  ctx: RequestContext,
  input: EpisodeInput,
): Promise<Episode> {
  return services.db.transaction((tx) => createEpisodeIn(tx, ctx, input));
}

/** createEpisode in the caller's transaction. */
export async function createEpisodeIn(tx: Tx, ctx: RequestContext, input: EpisodeInput): Promise<Episode> {
  const actor = requireActor(ctx);
  const { referralSourceId: requested, ...fields } = input;
  const referralSourceId = await owningOrganization(tx, actor, requested);
  assertStaffFields(actor, fields);
  await checkReferences(tx, referralSourceId, fields);
  const row = await insertEpisode(tx, {
    ...fields,
    referralSourceId,
    status: 'Draft',
    createdBy: actor.userId,
    careCoordinatorId: fields.careCoordinatorId ?? (isOrganizationRole(actor.roleId) ? null : actor.userId),
  });
  await recordAudit(tx, ctx, {
    entity: 'episode',
    entityId: row.id,
    action: 'CREATE',
    before: null,
    after: row,
  });
  await publishEvent(tx, { entity: 'episode', id: row.id, action: 'created' }, { referralSourceId });
  return toEpisode(await loadEpisode(tx, actor, row.id));
}

/** Saves a service request read at `input.version` (409 when someone else changed it meanwhile). */
export async function updateEpisode(
  services: AppServices,
  ctx: RequestContext,
  id: number,
  input: EpisodeUpdate,
): Promise<Episode> {
  const actor = requireActor(ctx);
  return services.db.transaction(async (tx) => {
    const loaded = await loadEpisode(tx, actor, id);
    const before = loaded.episode;
    const { version, ...changes } = input;
    if (before.version !== version) throw staleConflict(EPISODE_MESSAGES.stale);
    if (!episodeIsEditable(before.status)) throw conflict(EPISODE_MESSAGES.notEditable(before.status));
    assertStaffFields(actor, changes, before);
    if (
      changes.episodeType &&
      changes.episodeType !== before.episodeType &&
      (await hasLiveVisits(tx, before.id))
    )
      throw badRequest('episodeType', 'cannot change once the service request has visits');
    await checkReferences(
      tx,
      before.referralSourceId,
      {
        ...changes,
        startDate: changes.startDate ?? before.startDate,
        endDate: changes.endDate === undefined ? before.endDate : changes.endDate,
      },
      toEpisode(loaded),
    );
    await updateVersioned(tx, ctx, episodes, before, changes, {
      entity: 'episode',
      stale: () => staleConflict(EPISODE_MESSAGES.stale),
      audience: () => ({ referralSourceId: before.referralSourceId }),
    });
    return toEpisode(await loadEpisode(tx, actor, before.id));
  });
}

const VISIT_ACTION_OF = {
  publish: 'publish',
  hold: 'hold',
  delete: 'delete',
  complete: 'expire',
  archive: 'expire',
} as const satisfies Record<EpisodeAction, VisitAction>;
const EXPIRE_REASON_OF: Partial<Record<EpisodeAction, string>> = {
  complete: 'Service request completed',
  archive: 'Service request archived',
};

/** Moves one service request by `action` and its visits with it, in the caller's transaction. */
async function applyAction(
  tx: Tx,
  ctx: RequestContext,
  actor: Actor,
  id: number,
  version: number,
  action: EpisodeAction,
  archiveReason?: string,
) {
  const loaded = await loadEpisode(tx, actor, id);
  const before = loaded.episode;
  if (before.version !== version) throw staleConflict(EPISODE_MESSAGES.stale);
  const status = episodeTransition(before.status, action);
  if (!status) throw conflict(EPISODE_MESSAGES.cannot(action, before.status));
  const own = await episodeVisitStatuses(tx, id);
  if (action === 'delete' && own.some((v) => blocksEpisodeDelete(v.status)))
    throw conflict(EPISODE_MESSAGES.staffedVisits);
  // The visit state machine decides which visits move: publish takes Draft -> Active, hold Active -> Draft,
  // delete every Draft/Active/Expired visit -> Deleted; complete and archive expire the Active visits nobody
  // took, so clinicians are no longer offered them.
  const visitAction = VISIT_ACTION_OF[action];
  const moved = new Map<VisitStatus, number[]>();
  for (const v of own) {
    const to = transitionFor(v.status as VisitStatus, visitAction);
    if (to) moved.set(to, [...(moved.get(to) ?? []), v.id]);
  }
  for (const [to, ids] of moved)
    await setVisitStatus(tx, ids, to, visitAction === 'expire' ? EXPIRE_REASON_OF[action] : undefined);
  const after = await setEpisodeStatus(tx, before, {
    status,
    published: action === 'publish',
    archiveReason: action === 'archive' ? archiveReason : undefined,
  });
  if (!after) throw staleConflict(EPISODE_MESSAGES.stale);
  await recordAudit(tx, ctx, {
    entity: 'episode',
    entityId: id,
    action: action === 'delete' ? 'DELETE' : 'UPDATE',
    before,
    after,
  });
  const published = moved.get('Active') ?? [];
  if (action === 'publish' && published.length)
    await notifyMatchingClinicians(tx, { episodeId: id, visitIds: published });
  await publishEvent(
    tx,
    { entity: 'episode', id, action: 'updated' },
    { referralSourceId: before.referralSourceId },
  );
  return toEpisode(await loadEpisode(tx, actor, id));
}

/** Publish, hold, delete or complete a service request read at `version`. */
export async function moveEpisode(
  services: AppServices,
  ctx: RequestContext,
  id: number,
  version: number,
  action: Exclude<EpisodeAction, 'archive'>,
): Promise<Episode> {
  const actor = requireActor(ctx);
  return services.db.transaction((tx) => applyAction(tx, ctx, actor, id, version, action));
}

/** Archive with a reason of the episodeArchiveReasons constant (read-only after). */
export async function archiveEpisode(
  services: AppServices,
  ctx: RequestContext,
  id: number,
  input: { version: number; reason: string },
): Promise<Episode> {
  const actor = requireActor(ctx);
  const reasons = await reasonLabels(services.db, 'episodeArchiveReasons');
  if (!reasons.includes(input.reason)) throw badRequest('reason', `must be one of: ${reasons.join(', ')}`);
  return services.db.transaction((tx) =>
    applyAction(tx, ctx, actor, id, input.version, 'archive', input.reason),
  );
}
