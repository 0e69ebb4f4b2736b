// The late-note control (issue 12, decision 027): visits whose notes are still due NOTES_DUE_HOURS after the
// visit's end (the check-out time, or the scheduled end) move NotesDue -> NotesOverdue (the state machine's
// notesOverdue, by the scheduled job), audited as the system, and each clinician's
// rating_details.totalNotesOverDueCount grows by their number, with providers.rating recomputed by
// ratingFromDetails (decision 026). One set-based statement moves, audits and counts; a second writes the
// recomputed ratings. Run in one transaction under an advisory lock, so any number of API instances may run it.
import { sql } from 'drizzle-orm';
import { NOTES_DUE_HOURS, ratingFromDetails, transitionFor } from '@carelane/shared-domain';
import type { Db } from '../../../db/client';
import { publishEvent } from '../../../services/events';
import { noteSchedulingWrite } from '../../scheduling/brief-cache';
import { jobIntervalFromEnv, startPeriodicJob } from '../../../lib/periodic-job';

export const NOTES_OVERDUE_LOCK = 'carelane.notes_overdue';
const SYSTEM_EMAIL = 'system (notes overdue job)';
const FROM = 'NotesDue';
const TO = transitionFor(FROM, 'notesOverdue')!;

export type NotesOverdueRun = { skipped: boolean; moved: number; clinicians: number };

type Moved = { id: number; referral_source_id: number };
type Counted = { id: number; rating_details: Record<string, unknown> };

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** Runs the job once at `now`; tests call it directly with their own `now`. */
export async function runNotesOverdueJob(db: Db, now: Date = new Date()): Promise<NotesOverdueRun> {
  const run = await db.transaction(async (tx) => {
    const [lock] = rowsOf<{ locked: boolean }>(
      await tx.execute(sql`select pg_try_advisory_xact_lock(hashtext(${NOTES_OVERDUE_LOCK})) as locked`),
    );
    if (!lock?.locked) return { skipped: true, moved: [] as Moved[], counted: [] as Counted[] };
    // Written as visits_notes_due_idx's expression compared with a constant, so the index finds the rows.
    const dueFrom = sql.raw(`coalesce(v.time_out, v.end_at)`);
    const lateBefore = new Date(now.getTime() - NOTES_DUE_HOURS * 3_600_000).toISOString();
    const [result] = rowsOf<{ moved: Moved[] | null; counted: Counted[] | null }>(
      await tx.execute(sql`
        with moved as (
          update visits v set status = ${TO}, version = v.version + 1, updated_at = now()
          where v.status = ${FROM} and ${dueFrom} < ${lateBefore}::timestamptz
          returning v.id, v.provider_id, v.referral_source_id
        ),
        audited as (
          insert into audit_log (user_id, user_email, entity, entity_id, action, diff)
          select null, ${SYSTEM_EMAIL}, 'visit', m.id::text, 'UPDATE',
                 jsonb_build_object('status', jsonb_build_object('before', ${FROM}::text, 'after', ${TO}::text))
          from moved m
        ),
        per_clinician as (
          select provider_id, count(*)::int as n from moved where provider_id is not null group by provider_id
        ),
        counted as (
          update providers p
          set rating_details = p.rating_details || jsonb_build_object('totalNotesOverDueCount',
                coalesce((p.rating_details ->> 'totalNotesOverDueCount')::numeric, 0) + c.n),
              updated_at = now()
          from per_clinician c where p.id = c.provider_id
          returning p.id, p.rating_details
        )
        select (select jsonb_agg(jsonb_build_object('id', id, 'referral_source_id', referral_source_id))
                  from moved) as moved,
               (select jsonb_agg(jsonb_build_object('id', id, 'rating_details', rating_details))
                  from counted) as counted`),
    );
    const moved = result?.moved ?? [];
    const counted = result?.counted ?? [];
    if (counted.length) {
      // The recomputed ratings in one statement (the rule is shared-domain's, so it runs here).
      const values = sql.join(
        counted.map(
          (c) =>
            sql`(${c.id}::int, ${ratingFromDetails(c.rating_details as Record<string, number>).rating}::float8)`,
        ),
        sql`, `,
      );
      await tx.execute(
        sql`update providers p set rating = r.rating from (values ${values}) as r(id, rating) where p.id = r.id`,
      );
    }
    for (const visit of moved)
      await publishEvent(
        tx,
        { entity: 'visit', id: visit.id, action: 'updated' },
        { referralSourceId: visit.referral_source_id },
      );
    return { skipped: false, moved, counted };
  });
  if (run.moved.length) noteSchedulingWrite(db);
  return { skipped: run.skipped, moved: run.moved.length, clinicians: run.counted.length };
}

/**
 * NOTES_OVERDUE_JOB_MS: how often the job runs (default every 5 minutes; 0 turns it off). Off under jest unless
 * a test asks for it, so tests drive it by calling {@link runNotesOverdueJob} with their own `now`.
 */
export function notesOverdueJobInterval(env: NodeJS.ProcessEnv = process.env): number {
  return jobIntervalFromEnv('NOTES_OVERDUE_JOB_MS', 300_000, env);
}

/** Starts the periodic job; the answer stops it and waits for a run under way. */
export function startNotesOverdueJob(
  db: Db,
  intervalMs: number,
  onError: (error: unknown) => void,
): () => Promise<void> {
  return startPeriodicJob(() => runNotesOverdueJob(db), intervalMs, onError);
}
