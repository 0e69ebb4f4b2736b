// Reading a visit with what its note shows (the six EVV elements and their flags), and reading and writing its
// note, the append-only revisions, the comments, the flags' acknowledgements and the clinician's rating counters.
import { and, asc, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import {
  episodes,
  evvFlags,
  evvRecords,
  facilities,
  invoiceLines,
  noteComments,
  noteRevisions,
  notes,
  patients,
  providerPay,
  providerTypes,
  providers,
  referralSources,
  users,
  visitTypes,
  visits,
} from '../../../db/schema';
import { queryRows, type Executor } from '../../../db/client';

const place = (column: string) => sql.raw(`coalesce(pa.${column}, fa.${column})`) as SQL<string | null>;

/** The visit as a note shows it: who, whom, what, where and when, plus what the rules need. */
export const noteVisitColumns = {
  visit: visits,
  enableNotesWorkflow: sql<boolean>`(select e.enable_notes_workflow from ${episodes} e where e.id = ${visits.episodeId})`,
  referralSourceName: sql<string>`(select r.name from ${referralSources} r where r.id = ${visits.referralSourceId})`,
  visitType: sql<string>`(select t.type from ${visitTypes} t where t.id = ${visits.visitTypeId})`,
  providerType: sql<string>`(select t.type from ${providerTypes} t where t.id = ${visits.providerTypeId})`,
  providerName: sql<
    string | null
  >`(select p.given_name || ' ' || p.family_name from ${providers} p where p.id = ${visits.providerId})`,
  providerUserId: sql<
    number | null
  >`(select p.user_id from ${providers} p where p.id = ${visits.providerId})`,
  patientName: sql<
    string | null
  >`case when pa.id is null then fa.name else pa.last_name || ', ' || pa.first_name end`,
  addressLine1: place('address_line1'),
  city: place('city'),
  state: place('state'),
  zipcode: sql<string | null>`coalesce(pa.zipcode, fa.zipcode, ${visits.zipcode})`,
  latitude: sql<number | null>`coalesce(pa.latitude, fa.latitude, ${visits.latitude})`,
  longitude: sql<number | null>`coalesce(pa.longitude, fa.longitude, ${visits.longitude})`,
};

export function selectNoteVisits(ex: Executor) {
  return ex
    .select(noteVisitColumns)
    .from(visits)
    .leftJoin(sql`${patients} pa`, sql`pa.id = ${visits.patientId}`)
    .leftJoin(sql`${facilities} fa`, sql`fa.id = ${visits.facilityId}`);
}

export type NoteVisitRow = Awaited<ReturnType<ReturnType<typeof selectNoteVisits>['execute']>>[number];

export async function findNoteVisit(ex: Executor, visitId: number): Promise<NoteVisitRow | null> {
  const [row] = await selectNoteVisits(ex).where(eq(visits.id, visitId));
  return row ?? null;
}

/** The visit row, locked for a comment on its note. */
export async function lockVisit(tx: Executor, visitId: number) {
  const [row] = await tx.select().from(visits).where(eq(visits.id, visitId)).for('update');
  return row ?? null;
}

export async function listEvvRecords(ex: Executor, visitId: number) {
  return ex
    .select({
      kind: evvRecords.kind,
      deviceAt: evvRecords.deviceAt,
      recordedAt: evvRecords.recordedAt,
      location: evvRecords.location,
      latitude: evvRecords.latitude,
      longitude: evvRecords.longitude,
    })
    .from(evvRecords)
    .where(eq(evvRecords.visitId, visitId))
    .orderBy(asc(evvRecords.recordedAt), asc(evvRecords.id));
}

/** The visit's EVV flags (decision 038), oldest first, with the tap they are about and who acknowledged them. */
export async function listEvvFlags(ex: Executor, visitId: number) {
  return ex
    .select({
      id: evvFlags.id,
      kind: evvFlags.kind,
      element: evvRecords.kind,
      at: evvRecords.deviceAt,
      distanceMiles: evvFlags.distanceMiles,
      limitMiles: evvFlags.limitMiles,
      acknowledgedAt: evvFlags.acknowledgedAt,
      acknowledgedByName: sql<
        string | null
      >`(select u.first_name || ' ' || u.last_name from ${users} u where u.id = ${evvFlags.acknowledgedBy})`,
    })
    .from(evvFlags)
    .innerJoin(evvRecords, eq(evvRecords.id, evvFlags.evvRecordId))
    .where(eq(evvFlags.visitId, visitId))
    .orderBy(asc(evvFlags.id));
}
export type EvvFlagRow = Awaited<ReturnType<typeof listEvvFlags>>[number];

/** Whether the visit has a flag nobody acknowledged (its notes cannot be approved). */
export async function hasUnacknowledgedEvvFlags(ex: Executor, visitId: number): Promise<boolean> {
  const [row] = await ex
    .select({ id: evvFlags.id })
    .from(evvFlags)
    .where(and(eq(evvFlags.visitId, visitId), isNull(evvFlags.acknowledgedAt)))
    .limit(1);
  return row !== undefined;
}

/** Marks these flags of the visit acknowledged by `userId` now (those not acknowledged yet); answers their ids. */
export async function acknowledgeEvvFlags(
  tx: Executor,
  visitId: number,
  flagIds: readonly number[],
  userId: number,
): Promise<{ id: number; acknowledgedAt: Date }[]> {
  const rows = await tx
    .update(evvFlags)
    .set({ acknowledgedBy: userId, acknowledgedAt: sql`now()` })
    .where(
      and(eq(evvFlags.visitId, visitId), inArray(evvFlags.id, [...flagIds]), isNull(evvFlags.acknowledgedAt)),
    )
    .returning({ id: evvFlags.id, acknowledgedAt: evvFlags.acknowledgedAt });
  return rows.map((row) => ({ id: row.id, acknowledgedAt: row.acknowledgedAt! }));
}

const noteColumns = {
  id: notes.id,
  visitId: notes.visitId,
  noteType: notes.noteType,
  definitionVersion: notes.definitionVersion,
  values: notes.values,
  version: notes.version,
  savedAt: notes.savedAt,
  savedBy: notes.savedBy,
  savedByName: sql<string>`(select u.first_name || ' ' || u.last_name from ${users} u where u.id = ${notes.savedBy})`,
  submittedAt: notes.submittedAt,
};
export type NoteRow = {
  id: number;
  visitId: number;
  noteType: string;
  definitionVersion: number;
  values: Record<string, unknown>;
  version: number;
  savedAt: Date;
  savedBy: number;
  savedByName: string;
  submittedAt: Date | null;
};

export async function findNote(ex: Executor, visitId: number): Promise<NoteRow | null> {
  const [row] = await ex.select(noteColumns).from(notes).where(eq(notes.visitId, visitId));
  return row ?? null;
}

/** Whether the visit is on an invoice or paid to its clinician (then its notes cannot be re-opened: migration 0022). */
export async function isBilledOrPaid(ex: Executor, visitId: number): Promise<boolean> {
  const [row] = await queryRows<{ billed: boolean }>(
    ex,
    sql`select exists (select 1 from ${invoiceLines} where visit_id = ${visitId})
            or exists (select 1 from ${providerPay} where visit_id = ${visitId}) as billed`,
  );
  return row?.billed === true;
}

/**
 * A save or a move of a note, in one statement: the visit row locked, its note (null before the first save) and
 * the provider record of the user `userId` (null when they are not a clinician).
 */
export async function lockVisitWithNote(tx: Executor, visitId: number, userId: number) {
  const [row] = await tx
    .select({
      visit: visits,
      note: noteColumns,
      userProviderId: sql<number | null>`(select p.id from ${providers} p where p.user_id = ${userId})`,
    })
    .from(visits)
    .leftJoin(notes, eq(notes.visitId, visits.id))
    .where(eq(visits.id, visitId))
    .for('update', { of: visits });
  if (!row) return null;
  return { visit: row.visit, note: row.note as NoteRow | null, userProviderId: row.userProviderId };
}

/** The notes of these visits (the print-all answer). */
export async function findNotesOfVisits(ex: Executor, visitIds: number[]): Promise<NoteRow[]> {
  if (!visitIds.length) return [];
  return ex.select(noteColumns).from(notes).where(inArray(notes.visitId, visitIds));
}

/**
 * The note at `baseVersion` + 1 (inserted when there was none) and its revision, in one statement, answering the
 * note as written: null when the note is no longer at `baseVersion` (the caller holds the visit's lock, so this
 * only guards against a bug). The values travel once: the revision copies them from the written row.
 */
export async function writeNoteAndRevision(
  tx: Executor,
  input: {
    visitId: number;
    noteType: string;
    definitionVersion: number;
    values: Record<string, unknown>;
    baseVersion: number;
    userId: number;
    deviceId: string;
    autosave: boolean;
  },
): Promise<NoteRow | null> {
  const values = JSON.stringify(input.values);
  const write =
    input.baseVersion === 0
      ? sql`insert into ${notes} (visit_id, note_type, definition_version, values, version, saved_by)
            values (${input.visitId}, ${input.noteType}, ${input.definitionVersion}, ${values}::jsonb, 1, ${input.userId})
            on conflict do nothing`
      : sql`update ${notes}
            set note_type = ${input.noteType}, definition_version = ${input.definitionVersion},
                values = ${values}::jsonb, version = version + 1, saved_at = now(), saved_by = ${input.userId}
            where visit_id = ${input.visitId} and version = ${input.baseVersion}`;
  const [row] = await queryRows<WrittenNoteRow>(
    tx,
    sql`with written as (${write} returning *),
      revision as (
        insert into ${noteRevisions} (note_id, version, values, saved_by, device_id, autosave)
        select id, version, values, saved_by, ${input.deviceId}, ${input.autosave} from written
      )
      select w.id, w.visit_id, w.note_type, w.definition_version, w.values, w.version, w.saved_at, w.saved_by,
             u.first_name || ' ' || u.last_name as saved_by_name, w.submitted_at
      from written w join ${users} u on u.id = w.saved_by`,
  );
  if (!row) return null;
  return {
    id: row.id,
    visitId: row.visit_id,
    noteType: row.note_type,
    definitionVersion: row.definition_version,
    values: row.values,
    version: row.version,
    savedAt: new Date(row.saved_at),
    savedBy: row.saved_by,
    savedByName: row.saved_by_name,
    submittedAt: row.submitted_at === null ? null : new Date(row.submitted_at),
  };
}

type WrittenNoteRow = {
  id: number;
  visit_id: number;
  note_type: string;
  definition_version: number;
  values: Record<string, unknown>;
  version: number;
  saved_at: Date | string;
  saved_by: number;
  saved_by_name: string;
  submitted_at: Date | string | null;
};

export async function markSubmitted(tx: Executor, noteId: number) {
  await tx
    .update(notes)
    .set({ submittedAt: sql`now()` })
    .where(eq(notes.id, noteId));
}

export async function listRevisions(ex: Executor, noteId: number) {
  return ex
    .select({
      version: noteRevisions.version,
      savedAt: noteRevisions.savedAt,
      savedByName: sql<string>`(select u.first_name || ' ' || u.last_name from ${users} u where u.id = ${noteRevisions.savedBy})`,
      deviceId: noteRevisions.deviceId,
      autosave: noteRevisions.autosave,
    })
    .from(noteRevisions)
    .where(eq(noteRevisions.noteId, noteId))
    .orderBy(desc(noteRevisions.version));
}

export async function findRevision(ex: Executor, noteId: number, version: number) {
  const [row] = await ex
    .select({
      version: noteRevisions.version,
      savedAt: noteRevisions.savedAt,
      savedByName: sql<string>`(select u.first_name || ' ' || u.last_name from ${users} u where u.id = ${noteRevisions.savedBy})`,
      deviceId: noteRevisions.deviceId,
      autosave: noteRevisions.autosave,
      values: noteRevisions.values,
    })
    .from(noteRevisions)
    .where(and(eq(noteRevisions.noteId, noteId), eq(noteRevisions.version, version)));
  return row ?? null;
}

const commentColumns = {
  id: noteComments.id,
  fieldId: noteComments.fieldId,
  text: noteComments.text,
  authorName: sql<string>`(select u.first_name || ' ' || u.last_name from ${users} u where u.id = ${noteComments.authorUserId})`,
  createdAt: noteComments.createdAt,
};

export async function listComments(
  ex: Executor,
  visitId: number,
  page: { pageNumber: number; pageSize: number },
) {
  const [rows, [total]] = await Promise.all([
    ex
      .select(commentColumns)
      .from(noteComments)
      .where(eq(noteComments.visitId, visitId))
      .orderBy(desc(noteComments.createdAt), desc(noteComments.id))
      .limit(page.pageSize)
      .offset((page.pageNumber - 1) * page.pageSize),
    ex.select({ n: count() }).from(noteComments).where(eq(noteComments.visitId, visitId)),
  ]);
  return { rows, totalCount: Number(total?.n ?? 0) };
}

export async function insertComment(tx: Executor, comment: typeof noteComments.$inferInsert) {
  const [row] = await tx.insert(noteComments).values(comment).returning({ id: noteComments.id });
  const [full] = await tx.select(commentColumns).from(noteComments).where(eq(noteComments.id, row!.id));
  return full!;
}

/** The clinician's name and where to reach them (the reject notice). */
export async function findClinicianContact(ex: Executor, providerId: number) {
  const [row] = await ex
    .select({
      givenName: providers.givenName,
      userId: providers.userId,
      email: sql<
        string | null
      >`coalesce(${providers.email}, (select u.email_id from ${users} u where u.id = ${providers.userId}))`,
      phoneNumber: sql<
        string | null
      >`coalesce(${providers.phoneNumber}, (select u.phone_number from ${users} u where u.id = ${providers.userId}))`,
      enableEmail: providers.enableEmail,
      enableSms: providers.enableSms,
    })
    .from(providers)
    .where(eq(providers.id, providerId));
  return row ?? null;
}

/** Whether the episode's notes are reviewed (false: the submit completes them). */
export async function usesNotesWorkflow(ex: Executor, episodeId: number): Promise<boolean> {
  const [row] = await ex
    .select({ on: episodes.enableNotesWorkflow })
    .from(episodes)
    .where(eq(episodes.id, episodeId));
  return Boolean(row?.on);
}
