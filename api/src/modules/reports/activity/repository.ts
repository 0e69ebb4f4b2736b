// My Activity's SQL (decision 048). Each kind is one source of (visit, moment, outcome) rows of the user's own work;
// a window is an instant range [start, end). Two statements a kind: the three windows' counts (the windows all end
// with today, so one scan of the widest), and the newest items of the widest window (a narrower window's newest are
// the first of them: its items are the newest of the same list).
import { sql, type SQL } from 'drizzle-orm';
import { ACTIVITY_ITEM_LIMIT, type ActivityKind } from '@carelane/shared-domain';
import { queryRows, type Executor } from '../../../db/client';

/** Whose work: the user, and for a clinician their clinician record (null: none, so nothing). */
export type Worker = { userId: number; providerId: number | null };

/** An instant range: from `start` (included) to `end` (excluded), ISO date-times. */
export type InstantRange = { start: string; end: string };

/** The rows of one kind: `visit_id`, `at` (when the user did it), `outcome` (text or null). */
function sourceOf(kind: ActivityKind, who: Worker): SQL {
  switch (kind) {
    case 'visitsStaffed':
      return sql`select v.id as visit_id, v.assigned_at as at, null::text as outcome
        from visits v where v.assigned_by = ${who.userId} and v.assigned_at is not null and v.non_visit = false`;
    case 'visitsRequested':
      return sql`select v.id as visit_id, v.created_at as at, null::text as outcome
        from visits v where v.created_by = ${who.userId} and v.non_visit = false and v.status <> 'Deleted'`;
    case 'visitsCompleted':
      return sql`select v.id as visit_id, v.time_out as at, null::text as outcome
        from visits v where v.provider_id = ${who.providerId ?? -1} and v.time_out is not null
          and v.non_visit = false`;
    case 'notesSubmitted':
      return sql`select v.id as visit_id, n.submitted_at as at, null::text as outcome
        from notes n join visits v on v.id = n.visit_id
       where v.provider_id = ${who.providerId ?? -1} and n.submitted_at is not null`;
    case 'notesReviewed':
      // The note's moves are audited as the visit's status change (notes/note/service.ts moveNote): a review is
      // NotesInReview -> NotesApproved (approveNotes) or -> NotesRejected (rejectNotes), by the reviewer.
      return sql`select a.entity_id::int as visit_id, a.at,
              case when a.diff -> 'status' ->> 'after' = 'NotesApproved' then 'approved' else 'rejected' end as outcome
         from audit_log a
        where a.user_id = ${who.userId} and a.entity = 'visit' and a.action = 'UPDATE'
          and a.diff -> 'status' ->> 'before' = 'NotesInReview'
          and a.diff -> 'status' ->> 'after' in ('NotesApproved', 'NotesRejected')`;
  }
}

const ts = (iso: string) => sql`${iso}::timestamptz`;

/** The kind's count in each window (the windows end together; `starts` are their starts). */
export async function countsOf(
  ex: Executor,
  kind: ActivityKind,
  who: Worker,
  starts: readonly string[],
  end: string,
): Promise<number[]> {
  const widest = starts.reduce((a, b) => (Date.parse(a) <= Date.parse(b) ? a : b));
  const [row] = await queryRows<Record<string, number | string>>(
    ex,
    sql`select ${sql.join(
      starts.map((start, i) => sql`count(*) filter (where s.at >= ${ts(start)})::int as ${sql.raw(`c${i}`)}`),
      sql`, `,
    )}
      from (${sourceOf(kind, who)}) s
     where s.at >= ${ts(widest)} and s.at < ${ts(end)}`,
  );
  return starts.map((_, i) => Number(row?.[`c${i}`] ?? 0));
}

export type ActivityItemDbRow = {
  visit_id: number;
  at: string | Date;
  outcome: string | null;
  episode_id: number;
  referral_source_id: number;
  date_of_service: string;
  start_at: string | Date;
  time_zone: string | null;
  organization_name: string;
  visit_type_name: string;
};

/** The kind's newest items in `range`, at most ACTIVITY_ITEM_LIMIT, newest first (ties: the higher visit id). */
export function newestItems(
  ex: Executor,
  kind: ActivityKind,
  who: Worker,
  range: InstantRange,
): Promise<ActivityItemDbRow[]> {
  return queryRows(
    ex,
    sql`select s.visit_id, s.at, s.outcome, v.episode_id, v.referral_source_id,
               v.date_of_service::text as date_of_service, v.start_at, v.time_zone,
               rs.name as organization_name, vt.type as visit_type_name
          from (${sourceOf(kind, who)}) s
          join visits v on v.id = s.visit_id
          join referral_sources rs on rs.id = v.referral_source_id
          join visit_types vt on vt.id = v.visit_type_id
         where s.at >= ${ts(range.start)} and s.at < ${ts(range.end)}
         order by s.at desc, s.visit_id desc
         limit ${ACTIVITY_ITEM_LIMIT}`,
  );
}
