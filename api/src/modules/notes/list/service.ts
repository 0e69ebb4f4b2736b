// The notes list and reviewer queue (SPEC §9: date of service from 60 days ago to today by default; the late
// ones first) and the approved notes to print (at most PRINT_ALL_MAX_NOTES). A clinician sees only their own
// visits, an organization user only their organization's approved notes, reviewers everything. Each answer is a
// patient read.
import {
  APPROVED_NOTE_STATUSES,
  isNoteApproved,
  latestTodayAnywhere,
  NOTE_LIST_STATUSES,
  NOTE_TYPE_NAMES,
  NOTES_LIST_DEFAULT_DAYS_BACK,
  PRINT_ALL_MAX_NOTES,
  fieldsOf,
  visitStatusLabel,
  type NoteList,
  type NotesListQuery,
  type NoteTypeCode,
  type PrintableNote,
  type VisitStatus,
} from '@carelane/shared-domain';
import { badRequest, forbidden } from '../../../lib/errors';
import { localIsoDate } from '../../../lib/local-date';
import { cachedPage, pagingOf } from '../../../lib/paging';
import { noteRead, patientIdsOf } from '../../../services/access-log';
import type { AppServices } from '../../../services/app-services';
import { requireActor, type Actor, type RequestContext } from '../../../services/context';
import { clinicianIdOf, isClinician, isOrganizationUser, isReviewer } from '../access';
import { findNotesOfVisits } from '../note/repository';
import { defaultTypeOf, definitionAt, toNote, toNoteVisit } from '../note/service';
import { withVisitTimeZones } from '../../maps/service';
import { cachedCount } from '../../scheduling/brief-cache';
import * as repo from './repository';

const DAY_MS = 86_400_000;

/** The caller's scope: their own visits (clinician), their organization's approved ones, or all (reviewers). */
async function scopeOf(
  services: AppServices,
  actor: Actor,
  statuses: readonly VisitStatus[],
): Promise<Pick<repo.NoteListFilter, 'ownProviderId' | 'ownReferralSourceId' | 'statuses'>> {
  if (isReviewer(actor)) return { statuses };
  if (isClinician(actor)) {
    const own = await clinicianIdOf(services, actor);
    if (own === null) throw forbidden();
    return { statuses, ownProviderId: own };
  }
  if (isOrganizationUser(actor) && actor.referralSourceId !== null)
    return {
      statuses: statuses.filter(isNoteApproved),
      ownReferralSourceId: actor.referralSourceId,
    };
  throw forbidden();
}

function rangeOf(q: { startDate?: string; endDate?: string }) {
  const now = new Date();
  const startDate =
    q.startDate ?? localIsoDate(new Date(now.getTime() - NOTES_LIST_DEFAULT_DAYS_BACK * DAY_MS));
  // A date of service is its organization's date (decision 039): today anywhere is the latest one.
  const endDate = q.endDate ?? latestTodayAnywhere(now);
  if (endDate < startDate) throw badRequest('endDate', 'must not be before startDate');
  return { startDate, endDate };
}

/**
 * Every table a notes list page reads (each announces its writes; of notes only the columns the list shows). A page
 * is kept until one of them changes, and counts lateness as of the start of the minute: whole minutes are shown,
 * and a kept page serves the rest of that minute (decision 027).
 */
const NOTE_LIST_TABLES = [
  'visits',
  'notes',
  'patients',
  'providers',
  'referral_sources',
  'visit_types',
  'provider_types',
];
const startOfMinute = (d: Date) => new Date(Math.floor(d.getTime() / 60_000) * 60_000);

const typeName = (code: string | null) =>
  code ? ((NOTE_TYPE_NAMES as Record<string, string>)[code] ?? code) : null;

/** GET /api/notes/notes */
export async function listNotes(
  services: AppServices,
  ctx: RequestContext,
  q: NotesListQuery,
): Promise<NoteList> {
  const actor = requireActor(ctx);
  const statuses: VisitStatus[] = q.status === 'ALL' ? [...NOTE_LIST_STATUSES] : [q.status];
  const scope = await scopeOf(services, actor, statuses);
  const filter: repo.NoteListFilter = {
    ...scope,
    providerId: q.providerId,
    patientId: q.patientId,
    referralSourceId: q.referralSourceId,
    episodeId: q.episodeId,
    ...rangeOf(q),
  };
  const page = { pageNumber: q.pageNumber, pageSize: q.pageSize };
  const at = startOfMinute(new Date());
  const { rows, totalCount } = await cachedPage(
    services,
    NOTE_LIST_TABLES,
    { key: ['notes', filter, page, at] },
    () =>
      repo.listNotes(services.db, filter, page, at, (query, load) =>
        cachedCount(services, 'visits', query, load),
      ),
  );
  noteRead(ctx, { kind: 'noteList', entityId: null, patientIds: patientIdsOf(rows) });
  return {
    rows: rows.map((row) => {
      const status = row.status as VisitStatus;
      // Before the first save: the type the visit's note will have (its clinician's type and the visit type).
      const noteType = (row.noteType ?? defaultTypeOf(row)) as NoteTypeCode;
      return {
        visitId: row.visitId,
        noteId: row.noteId,
        noteType,
        noteTypeName: typeName(noteType),
        status,
        statusLabel: visitStatusLabel({ ...row, status }),
        dateOfService: row.dateOfService,
        patientId: row.patientId,
        patientName: row.patientName ?? '',
        providerId: row.providerId,
        providerName: row.providerName ?? '',
        referralSourceId: row.referralSourceId,
        referralSourceName: row.referralSourceName,
        episodeId: row.episodeId,
        dueAt: row.dueAt ? new Date(row.dueAt).toISOString() : null,
        minutesLate: row.minutesLate === null ? null : Number(row.minutesLate),
        submittedAt: row.submittedAt ? row.submittedAt.toISOString() : null,
      };
    }),
    paging: pagingOf(q, totalCount),
  };
}

/** The signature field's typed name and time, when the note is signed. */
function signedByOf(definition: ReturnType<typeof definitionAt>, values: Record<string, unknown>) {
  if (!definition) return null;
  const field = fieldsOf(definition).find((f) => f.kind === 'signature');
  const value = field ? values[field.id] : undefined;
  if (!value || typeof value !== 'object') return null;
  const { name, signedAt } = value as { name?: unknown; signedAt?: unknown };
  if (typeof name !== 'string' || !name) return null;
  return typeof signedAt === 'string' && signedAt ? `${name}, ${signedAt}` : name;
}

/** GET /api/notes/notesListForPrint */
export async function notesForPrint(
  services: AppServices,
  ctx: RequestContext,
  q: { episodeId?: number; patientId?: number; startDate: string; endDate: string },
): Promise<{ rows: PrintableNote[] }> {
  const actor = requireActor(ctx);
  const scope = await scopeOf(services, actor, APPROVED_NOTE_STATUSES);
  const filter: repo.NoteListFilter = {
    ...scope,
    episodeId: q.episodeId,
    patientId: q.patientId,
    ...rangeOf(q),
  };
  const matching = await repo.countPrintable(services.db, filter);
  if (matching > PRINT_ALL_MAX_NOTES)
    throw badRequest(
      'endDate',
      `${matching} approved notes are in this date range; print at most ${PRINT_ALL_MAX_NOTES} at once — choose an earlier end date`,
    );
  const visitRows = await repo.listPrintable(services.db, filter);
  const notes = new Map(
    (
      await findNotesOfVisits(
        services.db,
        visitRows.map((row) => row.visit.id),
      )
    ).map((note) => [note.visitId, note]),
  );
  noteRead(ctx, {
    kind: 'notesPrint',
    entityId: q.episodeId ?? q.patientId ?? null,
    patientIds: visitRows.flatMap((row) => (row.visit.patientId ? [row.visit.patientId] : [])),
  });
  const zones = await withVisitTimeZones(
    services.db,
    visitRows.map((row) => row.visit),
    (visit) => visit.referralSourceId,
  );
  const rows: PrintableNote[] = [];
  for (const [index, row] of visitRows.entries()) {
    const note = notes.get(row.visit.id);
    if (!note) continue;
    const definition = definitionAt(note.noteType, note.definitionVersion);
    if (!definition) continue;
    rows.push({
      visit: toNoteVisit(row, zones[index]!.timeZone),
      note: toNote(note),
      definition,
      signedBy: signedByOf(definition, note.values),
    });
  }
  return { rows };
}
