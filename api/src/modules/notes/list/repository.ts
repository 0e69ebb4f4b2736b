// The notes list (and the reviewer's queue) and the approved notes to print. Both read visits with their note
// row (never the revisions), filtered by status, scope and date of service.
import { and, asc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { NOTES_DUE_HOURS } from '@carelane/shared-domain';
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

const dueAt = sql.raw(`(coalesce(visits.time_out, visits.end_at) + interval '${NOTES_DUE_HOURS} hours')`);
/** Minutes past the due time while the notes are not submitted; else null. */
const minutesLate = sql<
  number | null
>`case when ${visits.status} in ('NotesDue', 'NotesOverdue') and now() > ${dueAt}
  then floor(extract(epoch from (now() - ${dueAt})) / 60)::int end`;

const listColumns = {
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
  minutesLate,
  submittedAt: notes.submittedAt,
};

/** One page of the list, the late ones first (most late first), then newest date of service; with the total. */
export async function listNotes(
  ex: Executor,
  filter: NoteListFilter,
  page: { pageNumber: number; pageSize: number },
) {
  const [rows, [total]] = await Promise.all([
    ex
      .select(listColumns)
      .from(visits)
      .leftJoin(notes, eq(notes.visitId, visits.id))
      .where(where(filter))
      .orderBy(sql`${minutesLate} desc nulls last`, sql`${visits.dateOfService} desc`, sql`${visits.id} desc`)
      .limit(page.pageSize)
      .offset((page.pageNumber - 1) * page.pageSize),
    ex
      .select({ n: sql<number>`count(*)::int` })
      .from(visits)
      .where(where(filter)),
  ]);
  return { rows, totalCount: Number(total?.n ?? 0) };
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
