import {
  ageFromBirthday,
  clampDateRange,
  normalizePhone,
  PATIENT_CREATION_MAX_DAYS,
  PATIENT_STALE_MESSAGE,
  type Patient,
  type PatientInput,
  type PatientListQuery,
  type PatientUpdate,
} from '@carelane/shared-domain';
import type { Executor, Tx } from '../../../db/client';
import { badRequest, notFound } from '../../../lib/errors';
import { pagingOf } from '../../../lib/paging';
import { noteRead } from '../../../services/access-log';
import { recordAudit } from '../../../services/audit';
import type { AppServices } from '../../../services/app-services';
import { requireActor, type Actor, type RequestContext } from '../../../services/context';
import { publishEvent } from '../../../services/events';
import { reasonLabels } from '../../admin/constants';
import {
  archivePatientRow,
  findPatient,
  insertPatient,
  listPatientRows,
  updatePatient,
  type PatientWithOrganization,
} from './repository';
import { assertInScope, owningOrganization, staleConflict } from './scope';

const THING = 'The patient';

const toPatient = ({ patient: p, referralSourceName }: PatientWithOrganization): Patient => ({
  id: p.id,
  referralSourceId: p.referralSourceId,
  referralSourceName,
  firstName: p.firstName,
  middleInitial: p.middleInitial,
  lastName: p.lastName,
  age: ageFromBirthday(p.birthday),
  gender: p.gender,
  birthday: p.birthday,
  phoneNumber1: p.phoneNumber1,
  phoneNumber2: p.phoneNumber2,
  addressLine1: p.addressLine1,
  addressLine2: p.addressLine2,
  city: p.city,
  state: p.state,
  zipcode: p.zipcode,
  latitude: p.latitude,
  longitude: p.longitude,
  language: p.language,
  status: p.status === 'ARCHIVED' ? 'ARCHIVED' : 'ACTIVE',
  archiveReason: p.archiveReason,
  createdAt: p.createdAt.toISOString(),
  updatedAt: p.updatedAt.toISOString(),
  version: p.version,
});

/** Phones as their digits, the state upper-cased, blank text as null. */
function prepare<T extends Record<string, unknown>>(input: T): T {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    if (typeof value === 'string' && value.trim() === '') out[key] = null;
    else if ((key === 'phoneNumber1' || key === 'phoneNumber2') && typeof value === 'string')
      out[key] = normalizePhone(value);
    else if (key === 'state' && typeof value === 'string') out[key] = value.toUpperCase();
    else if (key === 'middleInitial' && typeof value === 'string') out[key] = value.toUpperCase();
    else out[key] = value;
  }
  return out as T;
}

/** One patient the actor may see, or the 404. */
async function loadPatient(ex: Executor, actor: Actor, id: number): Promise<PatientWithOrganization> {
  const row = await findPatient(ex, id);
  if (!row) throw notFound(THING);
  assertInScope(actor, row.patient.referralSourceId, THING);
  return row;
}

/** SPEC §5 patient-creation range: at most 180 days, the other end moved; end before start gives one day. */
function creationRange(from: string | undefined, to: string | undefined): { start: Date; end: Date } | null {
  if (!from && !to) return null;
  const start = from ? new Date(`${from}T00:00:00`) : null;
  const end = to ? new Date(`${to}T00:00:00`) : null;
  if (start && end) return clampDateRange({ start, end }, PATIENT_CREATION_MAX_DAYS);
  if (start) return clampDateRange({ start, end: new Date(8.64e15) }, PATIENT_CREATION_MAX_DAYS);
  return clampDateRange({ start: new Date(-8.64e15), end: end! }, PATIENT_CREATION_MAX_DAYS, 'start');
}

export async function listPatients(services: AppServices, ctx: RequestContext, q: PatientListQuery) {
  const actor = requireActor(ctx);
  const { rows, totalCount } = await listPatientRows(
    services,
    actor,
    q,
    creationRange(q.createdFrom, q.createdTo),
  );
  noteRead(ctx, { kind: 'patientList', entityId: null, patientIds: rows.map((r) => r.patient.id) });
  return { rows: rows.map(toPatient), paging: pagingOf(q, totalCount) };
}

export async function getPatient(services: AppServices, ctx: RequestContext, id: number): Promise<Patient> {
  noteRead(ctx, { kind: 'patientDetail', entityId: id, patientIds: [id] });
  return toPatient(await loadPatient(services.db, requireActor(ctx), id));
}

/** Creates a patient (organization users: for their own organization). */
export async function createPatient(
  services: AppServices,
  ctx: RequestContext,
  input: PatientInput,
): Promise<Patient> {
  return services.db.transaction((tx) => createPatientIn(tx, ctx, input));
}

/** createPatient in the caller's transaction (the intake assistant's Create makes several records in one). */
export async function createPatientIn(tx: Tx, ctx: RequestContext, input: PatientInput): Promise<Patient> {
  const actor = requireActor(ctx);
  const { referralSourceId: requested, ...fields } = input;
  const referralSourceId = await owningOrganization(tx, actor, requested);
  const row = await insertPatient(tx, { ...prepare(fields), referralSourceId, createdBy: actor.userId });
  await recordAudit(tx, ctx, {
    entity: 'patient',
    entityId: row.id,
    action: 'CREATE',
    before: null,
    after: row,
  });
  await publishEvent(tx, { entity: 'patient', id: row.id, action: 'created' }, { referralSourceId });
  return toPatient(await loadPatient(tx, actor, row.id));
}

/** One patient the actor may see, for a caller about to refer to them (404 otherwise). */
export async function patientInScope(ex: Executor, ctx: RequestContext, id: number): Promise<Patient> {
  return toPatient(await loadPatient(ex, requireActor(ctx), id));
}

export async function editPatient(
  services: AppServices,
  ctx: RequestContext,
  id: number,
  input: PatientUpdate,
): Promise<Patient> {
  const actor = requireActor(ctx);
  return services.db.transaction(async (tx) => {
    const { patient: before } = await loadPatient(tx, actor, id);
    const { version, ...changes } = input;
    if (before.version !== version) throw staleConflict(PATIENT_STALE_MESSAGE);
    await updatePatient(tx, ctx, before, prepare(changes), PATIENT_STALE_MESSAGE);
    return toPatient(await loadPatient(tx, actor, before.id));
  });
}

/** Archives a patient with a reason of the episodeArchiveReasons constant. */
export async function archivePatient(
  services: AppServices,
  ctx: RequestContext,
  id: number,
  input: { reason: string; version: number },
): Promise<Patient> {
  const actor = requireActor(ctx);
  const reasons = await reasonLabels(services.db, 'episodeArchiveReasons');
  if (!reasons.includes(input.reason)) throw badRequest('reason', `must be one of: ${reasons.join(', ')}`);
  return services.db.transaction(async (tx) => {
    const { patient: before } = await loadPatient(tx, actor, id);
    if (before.version !== input.version) throw staleConflict(PATIENT_STALE_MESSAGE);
    await archivePatientRow(tx, ctx, before, input.reason, PATIENT_STALE_MESSAGE);
    return toPatient(await loadPatient(tx, actor, before.id));
  });
}
