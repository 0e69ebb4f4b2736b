// The daily credential expiry job (issue 11; docs/decisions/022): approved credentials past their expiry date
// become Expired, every clinician's credential state (SPEC §4: 1, 3, 5) is recomputed for today, and the 30,
// 14 and 7-day warnings go out through the outbox in the words of the clinician's state. Three set-based
// statements in one transaction (repository.ts), run once across any number of API instances: the transaction
// takes a PostgreSQL advisory lock first, and an instance that finds it held leaves the run to the holder.
// Every statement is idempotent for a day, so a run after another one the same day changes nothing.
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { lastJobRunDay, markJobRun } from '../../../lib/job-runs';
import { localIsoDate, localIsoTime } from '../../../lib/local-date';
import { expireLapsedCredentials, recomputeCredentialStates, sendExpiryWarnings } from './repository';

/** Its row in job_runs. */
const CREDENTIAL_EXPIRY_JOB = 'credential_expiry';

/** The advisory lock's key: hashtext of this name, as the archive runs do. */
export const CREDENTIAL_EXPIRY_LOCK = 'carelane.credential_expiry';

export type CredentialExpiryRun = {
  /** The day the run was for (the server's local date of `now`). */
  today: string;
  /** Another run held the lock: this one did nothing. */
  skipped: boolean;
  /** Credentials moved from Approved to Expired. */
  expired: number;
  /** Clinicians whose credential state changed. */
  stateChanges: number;
  /** Credentials named in a warning today, the clinicians warned and the messages queued (email + SMS). */
  warnings: { credentials: number; clinicians: number; messages: number };
};

/**
 * Runs the job once for the local date of `now`; tests and the bench call it directly with their own `now`.
 * Order: expire, then recompute states (so a warning speaks to the state the clinician is in today), then warn.
 */
export async function runCredentialExpiryJob(db: Db, now: Date = new Date()): Promise<CredentialExpiryRun> {
  const today = localIsoDate(now);
  return db.transaction(async (tx) => {
    const result = (await tx.execute(
      sql`select pg_try_advisory_xact_lock(hashtext(${CREDENTIAL_EXPIRY_LOCK})) as locked`,
    )) as unknown as { rows: { locked: boolean }[] };
    if (!result.rows[0]?.locked)
      return {
        today,
        skipped: true,
        expired: 0,
        stateChanges: 0,
        warnings: { credentials: 0, clinicians: 0, messages: 0 },
      };
    // PostgreSQL's JIT compiles these statements (their cost is over jit_above_cost) for 0.3-1 s each, more
    // than it saves on 50,000 rows; off for this transaction only.
    await tx.execute(sql`set local jit = off`);
    const expired = await expireLapsedCredentials(tx, today);
    const stateChanges = await recomputeCredentialStates(tx, today);
    const warnings = await sendExpiryWarnings(tx, today);
    await markJobRun(tx, CREDENTIAL_EXPIRY_JOB, today);
    return { today, skipped: false, expired, stateChanges, warnings };
  });
}

/**
 * CREDENTIAL_EXPIRY_JOB_AT: the local time of day ('HH:mm') from which the day's run starts (default 02:00,
 * before the coordinators' day); 'off' turns it off. Off under jest unless a test asks for it, so tests drive
 * it by calling {@link runCredentialExpiryJob} with their own `now`.
 */
export function credentialExpiryJobTime(env: NodeJS.ProcessEnv = process.env): string | null {
  const raw = env.CREDENTIAL_EXPIRY_JOB_AT;
  if (raw !== undefined && raw !== '') {
    if (raw === 'off') return null;
    if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(raw))
      throw new Error(`CREDENTIAL_EXPIRY_JOB_AT must be a time HH:mm or 'off', got "${raw}"`);
    return raw;
  }
  return env.NODE_ENV === 'test' || env.JEST_WORKER_ID ? null : '02:00';
}

/** How often the schedule looks at the clock. */
export const CREDENTIAL_EXPIRY_CHECK_MS = 60_000;

/**
 * Starts the daily schedule: once a minute, when the local time is at or past `at` and this instance has not
 * run today, it runs (so an instance started after `at` catches up within a minute). Every instance does so;
 * the lock and the idempotent statements make the later runs of the day change nothing. The answer stops it
 * and waits for a run under way.
 */
export function startCredentialExpiryJob(
  db: Db,
  at: string | null,
  onError: (error: unknown) => void,
  options: { clock?: () => Date; checkEveryMs?: number } = {},
): () => Promise<void> {
  const { clock = () => new Date(), checkEveryMs = CREDENTIAL_EXPIRY_CHECK_MS } = options;
  if (!at) return async () => {};
  let lastRunDay: string | undefined;
  let running: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    const now = clock();
    const today = localIsoDate(now);
    if (running || lastRunDay === today || localIsoTime(now) < at) return;
    // A server started after the day's run (by it or another instance) does not run it again.
    running = lastJobRunDay(db, CREDENTIAL_EXPIRY_JOB)
      .then(async (done) =>
        done !== null && done >= today ? { skipped: false } : runCredentialExpiryJob(db, now),
      )
      .then((run) => {
        if (!run.skipped) lastRunDay = today;
      })
      .catch(onError)
      .finally(() => {
        running = undefined;
      });
  }, checkEveryMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
