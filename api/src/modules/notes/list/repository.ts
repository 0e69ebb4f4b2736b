// The notes list (and the reviewer's queue) and the approved notes to print. Both read visits with their note
// row (never the revisions), filtered by status, scope and date of service.
import { and, asc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { NOTES_DUE_HOURS, LATE_NOTE_STATUSES } from '@carelane/shared-domain';
import {
  notes,
  patients,
  providerTypes,
  providers,
  referralSources,
  visitTypes,
  visits,
} from '../../../db/schema';
import type { Executor } from '../../../db/client';
import { selectNoteVisits } from '../note/repository';

export interface NoteListFilter {
  statuses: readonly string[];
  /** The signed-in clinician's record: only their visits. */
  ownProviderId?: number;
  /** An organization user's organization: only its visits. */
  ownReferralSourceId?: number;
  providerId?: number;
  patientId?: number;
  referralSourceId?: number;
  episodeId?: number;
  startDate: string;
  endDate: string;
}

function where(f: NoteListFilter): SQL | undefined {
  return and(
    inArray(visits.status, [...f.statuses]),
    gte(visits.dateOfService, f.startDate),
    lte(visits.dateOfService, f.endDate),
    f.ownProviderId !== undefined ? eq(visits.providerId, f.ownProviderId) : undefined,
    f.ownReferralSourceId !== undefined ? eq(visits.referralSourceId, f.ownReferralSourceId) : undefined,
    f.providerId !== undefined ? eq(visits.providerId, f.providerId) : undefined,
    f.patientId !== undefined ? eq(visits.patientId, f.patientId) : undefined,
    f.referralSourceId !== undefined ? eq(visits.referralSourceId, f.referralSourceId) : undefined,
    f.episodeId !== undefined ? eq(visits.episodeId, f.episodeId) : undefined,
  );
}

/** The statuses whose notes can be late (the others are submitted). */
const lateStatus = sql.raw(`visits.status in (${LATE_NOTE_STATUSES.map((s) => `'${s}'`).join(', ')})`);
/** The time the notes' due time counts from: what visits_notes_due_idx indexes (for the late statuses). */
const dueFrom = sql.raw(`coalesce(visits.time_out, visits.end_at)`);
const dueHours = sql.raw(`interval '${NOTES_DUE_HOURS} hours'`);
const dueAt = sql`(${dueFrom} + ${dueHours})`;

/** The list's columns, minutesLate as of `now` (the same instant for both parts of a page). */
function listColumns(now: SQL) {
  return {
    visitId: visits.id,
    noteId: notes.id,
    noteType: notes.noteType,
    status: visits.status,
    dateOfService: visits.dateOfService,
    patientId: visits.patientId,
    patientName: sql<
      string | null
    >`(select p.last_name || ', ' || p.first_name from ${patients} p where p.id = ${visits.patientId})`,
    providerId: visits.providerId,
    providerName: sql<
      string | null
    >`(select p.given_name || ' ' || p.family_name from ${providers} p where p.id = ${visits.providerId})`,
    referralSourceId: visits.referralSourceId,
    referralSourceName: sql<string>`(select r.name from ${referralSources} r where r.id = ${visits.referralSourceId})`,
    episodeId: visits.episodeId,
    episodeType: visits.episodeType,
    visitType: sql<string>`(select t.type from ${visitTypes} t where t.id = ${visits.visitTypeId})`,
    providerType: sql<string>`(select t.type from ${providerTypes} t where t.id = ${visits.providerTypeId})`,
    lateCancellation: visits.lateCancellation,
    shiftConfirmedByFacility: visits.shiftConfirmedByFacility,
    dueAt: sql<string>`${dueAt}`.mapWith((v: string | Date) => new Date(v)),
    /** Minutes past the due time while the notes are not submitted; else null. */
    minutesLate: sql<number | null>`case when ${lateStatus} and ${now} > ${dueAt}
      then floor(extract(epoch from (${now} - ${dueAt})) / 60)::int end`,
    submittedAt: notes.submittedAt,
  };
}

export type CountReader = (
  query: { toSQL(): { sql: string; params: unknown[] } },
  load: () => Promise<number>,
) => Promise<number>;

/**
 * One page of the list, the late ones first (most late first: by due time, oldest first), then the rest by
 * newest date of service; with the total. Two index-ordered parts (decision 027) rather than one sort of every
 * matching visit: the late ones through visits_notes_due_idx, the rest by date; the page is taken from their
 * concatenation, reading the rest only when the page goes past the late ones.
 */
export async function listNotes(
  ex: Executor,
  filter: NoteListFilter,
  page: { pageNumber: number; pageSize: number },
  /** The instant lateness is counted at. */
  at: Date,
  /** How the total is read: at once, or kept briefly (the service's cachedCount). */
  readTotal: CountReader = (_query, load) => load(),
) {
  const now = sql`${at.toISOString()}::timestamptz`;
  const columns = listColumns(now);
  // Written as the index's predicate and expression, so that the planner can use it.
  const isLate = sql`(${lateStatus} and ${dueFrom} < ${now} - ${dueHours})`;
  const isNotLate = sql`not ${isLate}`;
  const offset = (page.pageNumber - 1) * page.pageSize;
  const canBeLate = filter.statuses.some((s) => (LATE_NOTE_STATUSES as readonly string[]).includes(s));

  const late = (limit: number, from: number) =>
    ex
      .select(columns)
      .from(visits)
      .leftJoin(notes, eq(notes.visitId, visits.id))
      .where(and(where(filter), isLate))
      .orderBy(sql`${dueFrom} asc`, sql`${visits.dateOfService} desc`, sql`${visits.id} desc`)
      .limit(limit)
      .offset(from);
  const rest = (limit: number, from: number) =>
    ex
      .select(columns)
      .from(visits)
      .leftJoin(notes, eq(notes.visitId, visits.id))
      .where(canBeLate ? and(where(filter), isNotLate) : where(filter))
      .orderBy(sql`${visits.dateOfService} desc`, sql`${visits.id} desc`)
      .limit(limit)
      .offset(from);
  const countQuery = (condition: SQL | undefined) =>
    ex
      .select({ n: sql<number>`count(*)::int` })
      .from(visits)
      .where(condition);
  const countOf = (condition: SQL | undefined) => countQuery(condition).then(([row]) => Number(row?.n ?? 0));
  const total = countQuery(where(filter));

  const [lateRows, totalCount] = await Promise.all([
    canBeLate ? late(page.pageSize, offset) : Promise.resolve([]),
    readTotal(total, async () => Number((await total)[0]?.n ?? 0)),
  ]);
  if (lateRows.length === page.pageSize) return { rows: lateRows, totalCount };
  // The page goes past the late ones: how many there are (known unless the page starts after them all).
  const lateCount =
    lateRows.length > 0
      ? offset + lateRows.length
      : offset === 0 || !canBeLate
        ? 0
        : await countOf(and(where(filter), isLate));
  const restRows = await rest(page.pageSize - lateRows.length, Math.max(0, offset - lateCount));
  return { rows: [...lateRows, ...restRows], totalCount };
}

/** How many visits with a note match (the print limit is checked before anything is read). */
export async function countPrintable(ex: Executor, filter: NoteListFilter): Promise<number> {
  const [row] = await ex
    .select({ n: sql<number>`count(*)::int` })
    .from(visits)
    .innerJoin(notes, eq(notes.visitId, visits.id))
    .where(where(filter));
  return Number(row?.n ?? 0);
}

/** The visits that have a note, oldest first (their notes are read by findNotesOfVisits). */
export async function listPrintable(ex: Executor, filter: NoteListFilter) {
  return selectNoteVisits(ex)
    .where(and(where(filter), sql`exists (select 1 from ${notes} n where n.visit_id = ${visits.id})`))
    .orderBy(asc(visits.dateOfService), asc(visits.startAt), asc(visits.id));
}
