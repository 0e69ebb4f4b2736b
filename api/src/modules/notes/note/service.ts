// A visit's note (issue 12, decision 027): what the note page shows (the visit with its EVV records, their
// distance from the patient and their flags, the note, its definition, what the caller may do), the clinician's
// saves (each one transaction: note version + 1, an append-only revision, an audit entry), the moves of the state
// machine (submit, approve, reject, re-open), each one transaction with its audit entry, event, rating counter
// and, for a rejection, the clinician's notice through the outbox, and the reviewer's acknowledgement of the EVV
// flags that approving waits for (decision 038). A save is a draft: it keeps what was typed (shapes are checked,
// ranges and required fields wait for submit), and a change to a signed note clears its signature (issue 24,
// decision 041); a rejection also leaves the clinician an in-app notification.
import {
  EVV_MESSAGES,
  NOTE_TEXTS,
  currentDefinitionOf,
  defaultNoteTypeFor,
  definitionOf,
  evvDistanceMiles,
  formatDate,
  isNoteEditable,
  isNoteReopenable,
  NOTE_REJECTED_NOTIFICATION,
  staleSignatureFields,
  transitionFor,
  validateNoteValues,
  visitStatusLabel,
  withComputedScores,
  type Note,
  type NoteActionResult,
  type NoteDefinition,
  type NoteDetail,
  type NoteEvvFlag,
  type NoteSaveInput,
  type NoteTypeCode,
  type NoteVisit,
  type VisitAction,
  type VisitStatus,
} from '@carelane/shared-domain';
import type { Executor } from '../../../db/client';
import { AppError, badRequest, conflict, forbidden, invalidFields, notFound } from '../../../lib/errors';
import { pagingOf } from '../../../lib/paging';
import { noteRead } from '../../../services/access-log';
import type { AppServices } from '../../../services/app-services';
import { recordAudit } from '../../../services/audit';
import { requireActor, type Actor, type RequestContext } from '../../../services/context';
import { publishEvent } from '../../../services/events';
import { enqueueMessage } from '../../../services/outbox';
import { enqueueClinicianSms } from '../../../services/clinician-sms';
import { loadTypedConstants } from '../../admin/constants';
import { notifyUser } from '../../platform/notifications/service';
import { visitTimeZone } from '../../maps/service';
import { rerateClinician } from '../../clinicians/feedback/service';
import { VISIT_THING } from '../../scheduling/visits';
import { statusOf, updateVisit, type VisitRecord } from '../../scheduling/visits/transitions';
import {
  NOTE_MESSAGES,
  assertMayRead,
  assertReviewer,
  clinicianIdOf,
  isClinician,
  isReviewer,
} from '../access';
import * as repo from './repository';

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const NOTE_THING = 'Note';

/** The definition a note type has at a version, or null when there is no such version. */
export function definitionAt(noteType: string, version: number): NoteDefinition | null {
  return (definitionOf(noteType as NoteTypeCode, version) as NoteDefinition | undefined | null) ?? null;
}

function labelOf(visit: VisitRecord, status: VisitStatus = statusOf(visit)) {
  return visitStatusLabel({
    status,
    episodeType: visit.episodeType,
    shiftConfirmedByFacility: visit.shiftConfirmedByFacility,
    lateCancellation: visit.lateCancellation,
  });
}

export function toNote(row: repo.NoteRow): Note {
  return {
    id: row.id,
    visitId: row.visitId,
    noteType: row.noteType as NoteTypeCode,
    definitionVersion: row.definitionVersion,
    values: row.values,
    version: row.version,
    savedAt: row.savedAt.toISOString(),
    savedByName: row.savedByName,
    submittedAt: iso(row.submittedAt),
  };
}

/** The visit part of a note (without its EVV records and flags). */
export function toNoteVisit(row: repo.NoteVisitRow, timeZone: string): Omit<NoteVisit, 'evv' | 'evvFlags'> {
  const v = row.visit;
  const status = statusOf(v);
  const address = [row.addressLine1, row.city, [row.state, row.zipcode].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return {
    visitId: v.id,
    episodeId: v.episodeId,
    status,
    statusLabel: labelOf(v, status),
    lateCancellation: v.lateCancellation,
    version: v.version,
    dateOfService: v.dateOfService,
    scheduledStart: v.startAt.toISOString(),
    scheduledEnd: v.endAt.toISOString(),
    timeZone,
    timeIn: iso(v.timeIn),
    timeOut: iso(v.timeOut),
    patientId: v.patientId,
    patientName: row.patientName ?? '',
    address: address || null,
    providerId: v.providerId,
    providerName: row.providerName ?? '',
    providerType: row.providerType,
    visitType: row.visitType,
    referralSourceName: row.referralSourceName,
    enableNotesWorkflow: Boolean(row.enableNotesWorkflow),
  };
}

/** The note type a visit's new note starts with (its clinician's type and the visit type). */
export function defaultTypeOf(row: { providerType: string; visitType: string }): NoteTypeCode {
  return defaultNoteTypeFor(row.providerType, row.visitType) as NoteTypeCode;
}

async function loadReadable(services: AppServices, ctx: RequestContext, visitId: number) {
  const actor = requireActor(ctx);
  const [row, own] = await Promise.all([
    repo.findNoteVisit(services.db, visitId),
    clinicianIdOf(services, actor),
  ]);
  if (!row) throw notFound(VISIT_THING);
  noteRead(ctx, {
    kind: 'noteDetail',
    entityId: visitId,
    patientIds: row.visit.patientId ? [row.visit.patientId] : [],
  });
  const status = statusOf(row.visit);
  assertMayRead(actor, own, { ...row.visit, status });
  return { actor, row, own, status };
}

/** GET /api/notes/visits/:id/note */
export async function noteDetail(
  services: AppServices,
  ctx: RequestContext,
  visitId: number,
): Promise<NoteDetail> {
  const { actor, row, own, status } = await loadReadable(services, ctx, visitId);
  const reviewer = isReviewer(actor);
  const [note, evv, flags, constants, billed] = await Promise.all([
    repo.findNote(services.db, visitId),
    repo.listEvvRecords(services.db, visitId),
    repo.listEvvFlags(services.db, visitId),
    loadTypedConstants(services.db),
    reviewer && isNoteReopenable(status) ? repo.isBilledOrPaid(services.db, visitId) : false,
  ]);
  const definition = note
    ? definitionAt(note.noteType, note.definitionVersion)
    : (currentDefinitionOf(defaultTypeOf(row)) as NoteDefinition);
  if (!definition) throw notFound(`Definition version ${note?.definitionVersion}`);
  const home =
    row.latitude === null || row.longitude === null
      ? null
      : { latitude: Number(row.latitude), longitude: Number(row.longitude) };
  const freshMs = constants.locationExpiryInMins * 60_000;
  return {
    visit: {
      ...toNoteVisit(row, await visitTimeZone(services.db, row.visit)),
      evv: evv.map((record) => ({
        kind: record.kind as 'checkIn' | 'checkOut',
        at: record.deviceAt.toISOString(),
        recordedAt: record.recordedAt.toISOString(),
        location: record.location as 'home' | 'telehealth',
        latitude: record.latitude,
        longitude: record.longitude,
        distanceMiles:
          home && record.latitude !== null && record.longitude !== null
            ? evvDistanceMiles(home, { latitude: record.latitude, longitude: record.longitude })
            : null,
        locationFresh: record.recordedAt.getTime() - record.deviceAt.getTime() <= freshMs,
      })),
      evvFlags: flags.map(toEvvFlag),
    },
    note: note ? toNote(note) : null,
    definition,
    canEdit: isClinician(actor) && own !== null && row.visit.providerId === own && isNoteEditable(status),
    canReview: reviewer && status === 'NotesInReview',
    // A billed or paid visit keeps its approved notes (the billed visit guard, migration 0022).
    canReopen: reviewer && isNoteReopenable(status) && !billed,
  };
}

function toEvvFlag(row: repo.EvvFlagRow): NoteEvvFlag {
  return {
    id: row.id,
    kind: row.kind as NoteEvvFlag['kind'],
    element: row.element as NoteEvvFlag['element'],
    at: row.at.toISOString(),
    distanceMiles: row.distanceMiles,
    limitMiles: row.limitMiles,
    acknowledgedAt: iso(row.acknowledgedAt),
    acknowledgedByName: row.acknowledgedByName,
  };
}

/** The values with every score recomputed; values too malformed to score are left for the checks to name. */
function scored(definition: NoteDefinition, values: Record<string, unknown>): Record<string, unknown> {
  try {
    return withComputedScores(definition, values) as Record<string, unknown>;
  } catch {
    return values;
  }
}

/** A 400 naming each value the definition refuses, as `values.<field>`. */
function valuesError(errors: readonly { field: string; message: string }[]): AppError {
  const named = errors.map((e) => ({
    field: e.field.startsWith('values.') ? e.field : `values.${e.field}`,
    message: e.message,
  }));
  return invalidFields(named);
}

/** The 409 of a save based on an older version: carries the note as it is on the server. */
function staleNote(current: repo.NoteRow | null): AppError {
  if (!current) return conflict(NOTE_MESSAGES.staleNoteVersion, 'STALE_VERSION');
  return new AppError(409, 'STALE_NOTE', NOTE_MESSAGES.staleNote, undefined, undefined, {
    current: toNote(current),
  });
}

/** The names of the top-level values that differ (for a compact audit entry). */
function changedFields(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys].filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key])).sort();
}

/** The signed-in clinician's visit, locked, when it is theirs (403 otherwise, also for staff). */
/**
 * The visit locked for a save or a move of its note, with the note: by its own clinician only, or by a reviewer
 * (whose privilege the caller has checked).
 */
async function lockNoteVisit(tx: Executor, actor: Actor, visitId: number, by: Move['by']) {
  const found = await repo.lockVisitWithNote(tx, visitId, actor.userId);
  if (!found) throw notFound(VISIT_THING);
  if (by === 'clinician') {
    const own = isClinician(actor) ? found.userProviderId : null;
    if (own === null || found.visit.providerId !== own) throw forbidden(NOTE_MESSAGES.notYourVisit);
  }
  return found;
}

/** PUT /api/notes/visits/:id/note — one save (autosave or manual) of the assigned clinician. */
export async function saveNote(
  services: AppServices,
  ctx: RequestContext,
  visitId: number,
  input: NoteSaveInput,
): Promise<Note> {
  const actor = requireActor(ctx);
  const saved = await services.db.transaction(async (tx) => {
    const { visit, note: current } = await lockNoteVisit(tx, actor, visitId, 'clinician');
    const status = statusOf(visit);
    if (!isNoteEditable(status))
      throw conflict(NOTE_MESSAGES.readOnly(labelOf(visit, status)), 'NOTE_READ_ONLY');
    const definition = definitionAt(input.noteType, input.definitionVersion);
    if (!definition)
      throw badRequest(
        'definitionVersion',
        `there is no version ${input.definitionVersion} of the ${input.noteType} note`,
      );
    if (current && current.noteType !== input.noteType)
      throw badRequest('noteType', `must be ${current.noteType}, the type of the saved note`);
    if (current && current.definitionVersion !== input.definitionVersion)
      throw badRequest(
        'definitionVersion',
        `must be ${current.definitionVersion}, the version the note was written with`,
      );
    // The scores are the server's: recomputed from their inputs whatever the device sent.
    const values = scored(definition, input.values);
    // A draft keeps what was typed: a value out of range is refused by submit, never by the autosave.
    const errors = validateNoteValues(definition, values, 'draft');
    if (errors.length) throw valuesError(errors);
    if ((current?.version ?? 0) !== input.baseVersion) throw staleNote(current);
    const clearedSignatures = staleSignatureFields(definition, current?.values, values);
    for (const id of clearedSignatures) delete values[id];
    const written = await repo.writeNoteAndRevision(tx, {
      visitId,
      noteType: input.noteType,
      definitionVersion: input.definitionVersion,
      values,
      baseVersion: input.baseVersion,
      userId: actor.userId,
      deviceId: input.deviceId,
      autosave: input.autosave,
    });
    if (!written) throw staleNote(await repo.findNote(tx, visitId));
    // Compact: the revision holds the text; the audit entry says which fields changed, from which device.
    await recordAudit(tx, ctx, {
      entity: 'note',
      entityId: written.id,
      action: current ? 'UPDATE' : 'CREATE',
      diff: {
        version: { before: current?.version ?? null, after: written.version },
        changedFields: { before: null, after: changedFields(current?.values ?? {}, values) },
        deviceId: { before: null, after: input.deviceId },
        autosave: { before: null, after: input.autosave },
        ...(clearedSignatures.length ? { signatureCleared: { before: null, after: clearedSignatures } } : {}),
      },
    });
    return written;
  });
  return toNote(saved);
}

type Move = {
  action: VisitAction;
  /** Who may: the visit's clinician, or reviewers. */
  by: 'clinician' | 'reviewer';
  /** The words of a refusal: 'submitted', 'approved' … */
  verb: string;
  message: (visit: VisitRecord) => string;
  /** The rating counter it adds one to. */
  counter?: (note: repo.NoteRow) => string | null;
};

const SUBMIT: Move = {
  action: 'submitNotes',
  by: 'clinician',
  verb: 'submitted',
  message: () => NOTE_TEXTS.submitted,
  counter: (note) => (note.submittedAt ? null : 'totalNotesCount'),
};
const APPROVE: Move = {
  action: 'approveNotes',
  by: 'reviewer',
  verb: 'approved',
  message: () => NOTE_TEXTS.completed,
};
const REJECT: Move = {
  action: 'rejectNotes',
  by: 'reviewer',
  verb: 'rejected',
  message: () => NOTE_TEXTS.rejected,
  counter: () => 'totalNotesRejectedCount',
};
const REOPEN: Move = {
  action: 'reopenNotes',
  by: 'reviewer',
  verb: 're-opened',
  message: () => NOTE_TEXTS.reopened,
  counter: () => 'totalNotesReopenCount',
};

/** One move of the note along the state machine, in one transaction. */
async function moveNote(
  services: AppServices,
  ctx: RequestContext,
  visitId: number,
  noteVersion: number,
  move: Move,
  extra: (tx: Executor, visit: VisitRecord, note: repo.NoteRow) => Promise<void> = async () => {},
): Promise<NoteActionResult> {
  const actor = requireActor(ctx);
  if (move.by === 'reviewer') assertReviewer(actor);
  return services.db.transaction(async (tx) => {
    const { visit, note } = await lockNoteVisit(tx, actor, visitId, move.by);
    const from = statusOf(visit);
    let to = transitionFor(from, move.action);
    if (!to) throw conflict(NOTE_MESSAGES.cannot(move.verb, labelOf(visit, from)), 'INVALID_TRANSITION');
    if (!note) throw conflict(NOTE_MESSAGES.notSaved, 'NOTE_NOT_SAVED');
    if (note.version !== noteVersion) throw staleNote(note);
    let message = move.message(visit);
    if (move.action === 'submitNotes') {
      const definition = definitionAt(note.noteType, note.definitionVersion);
      if (!definition) throw badRequest('definitionVersion', 'the note’s definition no longer exists');
      const errors = validateNoteValues(definition, note.values, 'submit');
      if (errors.length) throw valuesError(errors);
      await repo.markSubmitted(tx, note.id);
      // The episode decides whether notes are reviewed (decision 027); a visit with EVV flags nobody
      // acknowledged is reviewed whatever the episode says (decision 038).
      const reviewed =
        (await repo.usesNotesWorkflow(tx, visit.episodeId)) ||
        (await repo.hasUnacknowledgedEvvFlags(tx, visitId));
      if (!reviewed) {
        // No review: the submit completes the note (submitNotes then approveNotes).
        to = transitionFor(to, 'approveNotes')!;
        message = NOTE_TEXTS.completed;
      }
    }
    if (to === 'NotesApproved' && (await repo.hasUnacknowledgedEvvFlags(tx, visitId)))
      throw conflict(EVV_MESSAGES.unacknowledged, 'EVV_UNACKNOWLEDGED');
    await extra(tx, visit, note);
    const after = await updateVisit(tx, visit, { status: to });
    await recordAudit(tx, ctx, {
      entity: 'visit',
      entityId: visitId,
      action: 'UPDATE',
      before: visit,
      after,
    });
    const counter = move.counter?.(note);
    if (counter && visit.providerId !== null)
      await rerateClinician(tx, ctx, visit.providerId, { addOneTo: counter });
    await publishEvent(
      tx,
      { entity: 'visit', id: visitId, action: 'updated' },
      { referralSourceId: visit.referralSourceId },
    );
    return {
      status: to,
      statusLabel: labelOf(after, to),
      visitVersion: after.version,
      message,
    };
  });
}

export const submitNote = (services: AppServices, ctx: RequestContext, visitId: number, version: number) =>
  moveNote(services, ctx, visitId, version, SUBMIT);
export const approveNote = (services: AppServices, ctx: RequestContext, visitId: number, version: number) =>
  moveNote(services, ctx, visitId, version, APPROVE);
export const reopenNote = (services: AppServices, ctx: RequestContext, visitId: number, version: number) =>
  moveNote(services, ctx, visitId, version, REOPEN);

/** Reject: the reason becomes a comment on the note and goes to the clinician by email and SMS (outbox). */
export const rejectNote = (
  services: AppServices,
  ctx: RequestContext,
  visitId: number,
  input: { version: number; reason: string },
) =>
  moveNote(services, ctx, visitId, input.version, REJECT, async (tx, visit, note) => {
    const actor = requireActor(ctx);
    const comment = await repo.insertComment(tx, {
      visitId,
      fieldId: null,
      text: input.reason,
      authorUserId: actor.userId,
    });
    await recordAudit(tx, ctx, {
      entity: 'noteComment',
      entityId: comment.id,
      action: 'CREATE',
      before: null,
      after: { visitId, fieldId: null, text: input.reason },
    });
    if (visit.providerId === null) return;
    const to = await repo.findClinicianContact(tx, visit.providerId);
    if (!to) return;
    const path = `/note?visitId=${visitId}`;
    if (to.userId !== null)
      await notifyUser(tx, ctx, {
        userId: to.userId,
        kind: 'noteRejected',
        title: NOTE_REJECTED_NOTIFICATION.title,
        body: NOTE_REJECTED_NOTIFICATION.body(formatDate(visit.dateOfService), input.reason),
        link: path,
        dedupeKey: `noteRejected:${comment.id}`,
      });
    const link = `${services.config.publicUrl}${path}`;
    const what = `Your notes of the visit on ${formatDate(visit.dateOfService)} were sent back for changes`;
    if (to.email && to.enableEmail)
      await enqueueMessage(tx, {
        channel: 'email',
        to: to.email,
        subject: 'Visit notes sent back for changes',
        body: `Hello ${to.givenName},\n\n${what}.\n\nReason: ${input.reason}\n\nPlease correct and resubmit them: ${link}`,
        dedupeKey: `noteRejected:${note.id}:${note.version}:email`,
      });
    // Through the SMS rule (services/clinician-sms.ts): no phone, SMS off, STOP or 5 unanswered send nothing.
    await enqueueClinicianSms(
      tx,
      { id: visit.providerId, phoneNumber: to.phoneNumber, enableSms: to.enableSms },
      {
        body: `${what}: ${input.reason.slice(0, 200)} ${link}`,
        dedupeKey: `noteRejected:${note.id}:${note.version}:sms`,
      },
    );
  });

/**
 * POST /api/notes/visits/:id/note/evvFlags/acknowledge — the reviewer acknowledges the EVV flags they were shown,
 * while the notes are in review: each recorded with who and when, and audited. A flag already acknowledged stays
 * as it was; an id that is not a flag of this visit is a 400 naming flagIds.
 */
export async function acknowledgeEvvFlags(
  services: AppServices,
  ctx: RequestContext,
  visitId: number,
  flagIds: readonly number[],
): Promise<{ evvFlags: NoteEvvFlag[]; message: string }> {
  const actor = requireActor(ctx);
  assertReviewer(actor);
  const flags = await services.db.transaction(async (tx) => {
    const visit = await repo.lockVisit(tx, visitId);
    if (!visit) throw notFound(VISIT_THING);
    const status = statusOf(visit);
    if (status !== 'NotesInReview')
      throw conflict(EVV_MESSAGES.notInReview(labelOf(visit, status)), 'INVALID_TRANSITION');
    const known = new Set((await repo.listEvvFlags(tx, visitId)).map((flag) => flag.id));
    const strange = flagIds.filter((id) => !known.has(id));
    if (strange.length) throw badRequest('flagIds', EVV_MESSAGES.notAFlag(strange));
    const acknowledged = await repo.acknowledgeEvvFlags(tx, visitId, flagIds, actor.userId);
    for (const flag of acknowledged)
      await recordAudit(tx, ctx, {
        entity: 'evvFlag',
        entityId: flag.id,
        action: 'UPDATE',
        before: { acknowledgedBy: null, acknowledgedAt: null },
        after: { acknowledgedBy: actor.userId, acknowledgedAt: flag.acknowledgedAt.toISOString() },
      });
    if (acknowledged.length)
      await publishEvent(
        tx,
        { entity: 'visit', id: visitId, action: 'updated' },
        { referralSourceId: visit.referralSourceId },
      );
    return repo.listEvvFlags(tx, visitId);
  });
  return { evvFlags: flags.map(toEvvFlag), message: EVV_MESSAGES.acknowledged };
}

/** Comments are read by reviewers and the visit's clinician. */
async function assertCommentReader(services: AppServices, ctx: RequestContext, visitId: number) {
  const { actor } = await loadReadable(services, ctx, visitId);
  if (!isReviewer(actor) && !isClinician(actor)) throw forbidden();
}

export async function listComments(
  services: AppServices,
  ctx: RequestContext,
  visitId: number,
  page: { pageNumber: number; pageSize: number },
) {
  await assertCommentReader(services, ctx, visitId);
  const { rows, totalCount } = await repo.listComments(services.db, visitId, page);
  return {
    rows: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    paging: pagingOf(page, totalCount),
  };
}

export async function addComment(
  services: AppServices,
  ctx: RequestContext,
  visitId: number,
  input: { fieldId: string | null; text: string },
) {
  const actor = requireActor(ctx);
  assertReviewer(actor);
  const comment = await services.db.transaction(async (tx) => {
    const visit = await repo.lockVisit(tx, visitId);
    if (!visit) throw notFound(VISIT_THING);
    const row = await repo.insertComment(tx, {
      visitId,
      fieldId: input.fieldId,
      text: input.text,
      authorUserId: actor.userId,
    });
    await recordAudit(tx, ctx, {
      entity: 'noteComment',
      entityId: row.id,
      action: 'CREATE',
      before: null,
      after: { visitId, fieldId: input.fieldId, text: input.text },
    });
    await publishEvent(
      tx,
      { entity: 'visit', id: visitId, action: 'updated' },
      { referralSourceId: visit.referralSourceId },
    );
    return row;
  });
  return {
    comment: { ...comment, createdAt: comment.createdAt.toISOString() },
    message: NOTE_TEXTS.commentAdded,
  };
}

/** Revisions are read by reviewers and the visit's clinician (not by organizations). */
async function revisionNote(services: AppServices, ctx: RequestContext, visitId: number) {
  const { actor } = await loadReadable(services, ctx, visitId);
  if (!isReviewer(actor) && !isClinician(actor)) throw forbidden();
  const note = await repo.findNote(services.db, visitId);
  if (!note) throw notFound(NOTE_THING);
  return note;
}

export async function listRevisions(services: AppServices, ctx: RequestContext, visitId: number) {
  const note = await revisionNote(services, ctx, visitId);
  const rows = await repo.listRevisions(services.db, note.id);
  return { rows: rows.map((row) => ({ ...row, savedAt: row.savedAt.toISOString() })) };
}

export async function getRevision(
  services: AppServices,
  ctx: RequestContext,
  visitId: number,
  version: number,
) {
  const note = await revisionNote(services, ctx, visitId);
  const row = await repo.findRevision(services.db, note.id, version);
  if (!row) throw notFound(`Revision ${version}`);
  return { ...row, savedAt: row.savedAt.toISOString() };
}
