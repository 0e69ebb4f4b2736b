// The survey invitations job (decision 049): every SURVEY_JOB_MS it finds the recipients due an invitation (a
// clinician's 5th checked-out visit, an organization's service request Completed) and sends each one invitation
// through the outbox, in one transaction under an advisory lock, so any number of API instances may run it; the
// partial unique index on (survey, user, trigger) keeps a trigger from being invited twice whatever happens.
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { jobIntervalFromEnv, startPeriodicJob } from '../../../lib/periodic-job';
import { inviteRecipients } from './service';
import * as repo from './repository';

export const SURVEY_JOB_LOCK = 'carelane.survey_invitations';
/** Recipients invited per run; the rest wait for the next run. */
const BATCH = 200;

export type SurveyJobRun = { skipped: boolean; invited: number };

/** Runs the job once at `now`; tests call it directly. */
export async function runSurveyInvitationJob(
  db: Db,
  publicUrl: string,
  now: Date = new Date(),
): Promise<SurveyJobRun> {
  return db.transaction(async (tx) => {
    const [lock] = (
      (await tx.execute(
        sql`select pg_try_advisory_xact_lock(hashtext(${SURVEY_JOB_LOCK})) as locked`,
      )) as unknown as { rows: { locked: boolean }[] }
    ).rows;
    if (!lock?.locked) return { skipped: true, invited: 0 };
    const due = await repo.dueRecipients(tx, now, BATCH);
    const written = await inviteRecipients(tx, publicUrl, due, null, now);
    return { skipped: false, invited: written.length };
  });
}

/** SURVEY_JOB_MS: how often the job runs (default every 10 minutes; 0 turns it off; off under jest). */
export function surveyJobInterval(env: NodeJS.ProcessEnv = process.env): number {
  return jobIntervalFromEnv('SURVEY_JOB_MS', 600_000, env);
}

export function startSurveyInvitationJob(
  db: Db,
  publicUrl: string,
  intervalMs: number,
  onError: (error: unknown) => void,
): () => Promise<void> {
  return startPeriodicJob(() => runSurveyInvitationJob(db, publicUrl), intervalMs, onError);
}
