// The broadcast job queue (decision 065), run like the outbox's OutboxDispatcher: broadcast_recipients rows are
// the jobs, claimed `for update skip locked` (several instances share the work and never take the same row),
// each sent in its own transaction through the one door of each channel (enqueueMessage, enqueueClinicianSms,
// notifyUser) with a dedupe key per broadcast, clinician and channel, so a job resumed after a killed API sends
// nobody anything twice.
import { eq, sql } from 'drizzle-orm';
import {
  MESSAGING_TEXTS,
  chooseTemplate,
  formatDate,
  renderTemplate,
  type BroadcastChannel,
  type SmsRefusal,
} from '@carelane/shared-domain';
import { queryRows, type Db, type Executor } from '../../../db/client';
import { messageTemplates } from '../../../db/messaging-schema';
import type { AppConfig } from '../../../config';
import { enqueueMessage } from '../../../services/outbox';
import { enqueueClinicianSms } from '../../../services/clinician-sms';
import { publishEvent } from '../../../services/events';
import { notifyUser } from '../../platform/notifications/service';
import { intArray, intsOf } from './repository';
import { BROADCAST_EVENT } from './service';

export const BROADCAST_BATCH = 100;
export const BROADCAST_MAX_ATTEMPTS = 5;
/** A recipient left Sending this long (a killed API) goes back to Pending. */
export const BROADCAST_STALE_MINUTES = 5;
/** The clinician's own list of visits, where the broadcast's link leads. */
export const BROADCAST_VISITS_PATH = '/providervisits';

type Template = typeof messageTemplates.$inferSelect;
type Claimed = { broadcast_id: number; provider_id: number; attempts: number };
type BroadcastContext = {
  id: number;
  /** Still open (Active, not paused, unassigned) when the batch ran. */
  dates: string[];
  serviceRequest: string;
  city: string;
  organization: string;
};
type Clinician = {
  id: number;
  user_id: number | null;
  given_name: string;
  family_name: string;
  email: string | null;
  phone_number: string | null;
  enable_email: boolean;
  enable_sms: boolean;
  credential_state: number | null;
  provider_type: string | null;
};

const SMS_REASONS: Record<SmsRefusal, (id: number) => string> = {
  unanswered: MESSAGING_TEXTS.smsBlocked,
  optedOut: MESSAGING_TEXTS.smsOptedOut,
  noPhone: MESSAGING_TEXTS.smsNoPhone,
  smsDisabled: () => 'SMS is turned off in their settings.',
};
const SYSTEM = { actor: null, ip: null };

async function claim(db: Db): Promise<Claimed[]> {
  await db.execute(
    sql`update broadcast_recipients set status = 'Pending'
      where status = 'Sending' and claimed_at < now() - make_interval(mins => ${BROADCAST_STALE_MINUTES})`,
  );
  return db.transaction((tx) =>
    queryRows<Claimed>(
      tx,
      sql`update broadcast_recipients r set status = 'Sending', attempts = r.attempts + 1, claimed_at = now()
        from (select broadcast_id, provider_id from broadcast_recipients
          where status = 'Pending' and next_attempt_at <= now()
          order by broadcast_id, provider_id limit ${BROADCAST_BATCH}
          for update skip locked) c
        where r.broadcast_id = c.broadcast_id and r.provider_id = c.provider_id
        returning r.broadcast_id, r.provider_id, r.attempts`,
    ),
  );
}

async function contextOf(ex: Executor, broadcastId: number): Promise<BroadcastContext> {
  const [row] = await queryRows<{
    visit_ids: number[] | string;
    title: string | null;
    city: string | null;
    organization: string | null;
  }>(
    ex,
    sql`select b.visit_ids, e.title, pa.city, rs.name as organization
      from broadcasts b join episodes e on e.id = b.episode_id
      left join patients pa on pa.id = e.patient_id
      left join referral_sources rs on rs.id = e.referral_source_id
      where b.id = ${broadcastId}`,
  );
  const open = await queryRows<{ date_of_service: string | Date }>(
    ex,
    sql`select date_of_service from visits
      where id = any(${intArray(intsOf(row?.visit_ids ?? []))}) and status = 'Active' and not paused
        and provider_id is null
      order by date_of_service, start_at, id`,
  );
  return {
    id: broadcastId,
    dates: [...new Set(open.map((v) => formatDate(v.date_of_service)))],
    serviceRequest: row?.title ?? '',
    city: row?.city ?? '',
    organization: row?.organization ?? '',
  };
}

/** Whether a message with this key was already queued (a resumed job counts what went before the kill). */
async function alreadyQueued(ex: Executor, dedupeKey: string): Promise<boolean> {
  const rows = await queryRows(ex, sql`select 1 from outbox where dedupe_key = ${dedupeKey}`);
  return rows.length > 0;
}

/** Sends one recipient their message on every channel they allow, and records what went; in `tx`. */
async function sendOne(
  tx: Executor,
  config: Pick<AppConfig, 'publicUrl'>,
  job: Claimed,
  context: BroadcastContext,
  templates: Template[],
): Promise<void> {
  const [c] = await queryRows<Clinician>(
    tx,
    sql`select p.id, p.user_id, p.given_name, p.family_name, p.email, p.phone_number, p.enable_email,
        p.enable_sms, p.credential_state, pt.type as provider_type
      from providers p left join provider_types pt on pt.id = p.provider_type_id
      where p.id = ${job.provider_id}`,
  );
  const finish = (status: 'Sent' | 'Skipped', channels: BroadcastChannel[], reason: string | null) =>
    tx.execute(
      sql`update broadcast_recipients set status = ${status},
          channels = ${`{${channels.join(',')}}`}::text[], reason = ${reason},
          sent_at = case when ${status} = 'Sent' then now() else null end
        where broadcast_id = ${job.broadcast_id} and provider_id = ${job.provider_id}`,
    );
  const chosen = c ? chooseTemplate(templates, Number(c.credential_state ?? 1), 'en') : null;
  if (!c || !chosen)
    return void (await finish('Skipped', [], c ? 'No broadcast template.' : 'Unknown clinician.'));
  if (!context.dates.length) return void (await finish('Skipped', [], 'The visits are no longer open.'));
  const values = {
    givenName: c.given_name,
    familyName: c.family_name,
    providerType: c.provider_type ?? '',
    serviceRequest: context.serviceRequest,
    visitDates: context.dates.join(', '),
    visitCount: context.dates.length,
    city: context.city,
    link: `${config.publicUrl}${BROADCAST_VISITS_PATH}`,
    organization: context.organization,
  };
  const key = `broadcast:${job.broadcast_id}:${job.provider_id}`;
  const channels: BroadcastChannel[] = [];
  const reasons: string[] = [];
  if (c.enable_email && c.email) {
    await enqueueMessage(tx, {
      channel: 'email',
      to: c.email,
      subject: renderTemplate(chosen.emailSubject, values),
      body: renderTemplate(chosen.emailMessage, values),
      dedupeKey: `${key}:email`,
    });
    channels.push('email');
  } else reasons.push(c.email ? 'Email is turned off in their settings.' : 'They have no email address.');
  // Queued before a kill: it went (the rule would now count it against them).
  const sms = (await alreadyQueued(tx, `${key}:sms`))
    ? 'sent'
    : await enqueueClinicianSms(
        tx,
        { id: c.id, phoneNumber: c.phone_number, enableSms: c.enable_sms },
        { body: renderTemplate(chosen.smsMessage, values), dedupeKey: `${key}:sms` },
      );
  if (sms === 'sent') channels.push('sms');
  else reasons.push(SMS_REASONS[sms](c.id));
  if (c.user_id !== null) {
    await notifyUser(tx, SYSTEM, {
      userId: c.user_id,
      kind: 'broadcast',
      title: renderTemplate(chosen.emailSubject, values),
      body: renderTemplate(chosen.appMessage, values),
      link: BROADCAST_VISITS_PATH,
      dedupeKey: key,
    });
    channels.push('app');
  } else reasons.push('They have no app account.');
  await finish(channels.length ? 'Sent' : 'Skipped', channels, reasons.length ? reasons.join(' ') : null);
}

/** A failed attempt: back to Pending after a backoff, or Failed after BROADCAST_MAX_ATTEMPTS. */
async function failed(db: Db, job: Claimed, error: unknown) {
  const reason = (error instanceof Error ? error.message : String(error)).slice(0, 500);
  await db.execute(
    sql`update broadcast_recipients
      set status = ${job.attempts >= BROADCAST_MAX_ATTEMPTS ? 'Failed' : 'Pending'}, reason = ${reason},
        next_attempt_at = now() + make_interval(secs => ${30 * job.attempts ** 2})
      where broadcast_id = ${job.broadcast_id} and provider_id = ${job.provider_id}`,
  );
}

/**
 * Counts of the given broadcasts brought up to date; Queued ones with work under way become Sending, those with
 * nothing Pending or Sending left Done. Staff hear when one starts and when it ends.
 */
async function settle(db: Db, broadcastIds: number[]) {
  if (!broadcastIds.length) return;
  await db.transaction(async (tx) => {
    const changed = await queryRows<{ id: number; old: string; status: string }>(
      tx,
      sql`with c as (
          select r.broadcast_id,
            count(*) filter (where r.status = 'Sent')::int as sent,
            count(*) filter (where r.status = 'Skipped')::int as skipped,
            count(*) filter (where r.status = 'Failed')::int as failed,
            count(*) filter (where r.status in ('Pending', 'Sending'))::int as open
          from broadcast_recipients r where r.broadcast_id = any(${intArray(broadcastIds)})
          group by r.broadcast_id),
        o as (select id, status from broadcasts where id = any(${intArray(broadcastIds)}) for update)
        update broadcasts b set sent_count = c.sent, skipped_count = c.skipped, failed_count = c.failed,
          status = case when c.open = 0 then 'Done' else 'Sending' end,
          finished_at = case when c.open = 0 then coalesce(b.finished_at, now()) else null end
        from c, o where b.id = c.broadcast_id and o.id = b.id
        returning b.id, o.status as old, b.status`,
    );
    for (const row of changed)
      if (row.old !== row.status)
        await publishEvent(
          tx,
          { entity: BROADCAST_EVENT, id: Number(row.id), action: 'updated' },
          { staffOnly: true },
        );
  });
}

/** One round of the queue: claims up to BROADCAST_BATCH recipients and sends them. How many were claimed. */
export async function runBroadcastsOnce(db: Db, config: Pick<AppConfig, 'publicUrl'>): Promise<number> {
  const jobs = await claim(db);
  if (!jobs.length) return 0;
  const broadcastIds = [...new Set(jobs.map((j) => Number(j.broadcast_id)))];
  await settle(db, broadcastIds);
  const templates = await db.select().from(messageTemplates).where(eq(messageTemplates.purpose, 'broadcast'));
  const contexts = new Map<number, BroadcastContext>();
  for (const id of broadcastIds) contexts.set(id, await contextOf(db, id));
  for (const job of jobs) {
    try {
      await db.transaction((tx) =>
        sendOne(tx, config, job, contexts.get(Number(job.broadcast_id))!, templates),
      );
    } catch (error) {
      await failed(db, job, error);
    }
  }
  await settle(db, broadcastIds);
  return jobs.length;
}

/** Runs the queue every `intervalMs` (0: not at all), like OutboxDispatcher; stop() waits for the round under way. */
export class BroadcastDispatcher {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;

  constructor(
    private readonly db: Db,
    private readonly config: Pick<AppConfig, 'publicUrl'>,
    private readonly intervalMs = 1000,
    private readonly onError: (error: unknown) => void = () => {},
  ) {}

  start(): void {
    if (this.intervalMs <= 0) return;
    this.timer = setInterval(() => void this.runOnce(), this.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  /** One round at a time per instance; a full batch is followed straight away by the next. */
  runOnce(): Promise<unknown> {
    this.running ??= (async () => {
      try {
        while ((await runBroadcastsOnce(this.db, this.config)) === BROADCAST_BATCH && this.timer);
      } catch (error) {
        this.onError(error);
      }
    })().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }
}
