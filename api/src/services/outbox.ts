import { and, eq, inArray, lt, lte, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { outbox } from '../db/schema';
import type { Db, Executor } from '../db/client';

export type Channel = 'email' | 'sms';
export interface OutgoingMessage {
  channel: Channel;
  to: string;
  subject?: string | null;
  body: string;
  cc?: string | null;
  bcc?: string | null;
  /** A message with the same key is never queued twice. */
  dedupeKey?: string;
}
type QueuedMessage = typeof outbox.$inferSelect;

/** Delivers one message or throws; the outbox retries with backoff. */
export interface MessageAdapter {
  readonly name: string;
  send(message: QueuedMessage): Promise<void>;
}

/** The default: the message is only recorded, for staff to read in the app. */
export const recordOnlyAdapter: MessageAdapter = { name: 'record', send: async () => {} };

export function smtpAdapter(smtpUrl: string, from: string): MessageAdapter {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    name: 'smtp',
    async send(message) {
      await transport.sendMail({
        from,
        to: message.to,
        cc: message.cc ?? undefined,
        bcc: message.bcc ?? undefined,
        subject: message.subject ?? '',
        text: message.body,
      });
    },
  };
}

/** An SMS gateway that takes `{ to, body }` as JSON by HTTP POST. */
export function httpSmsAdapter(gatewayUrl: string): MessageAdapter {
  return {
    name: 'sms-gateway',
    async send(message) {
      const response = await fetch(gatewayUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ to: message.to, body: message.body }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new Error(`SMS gateway answered ${response.status}`);
    },
  };
}

/** Queues a message inside the caller's transaction: it is sent only if that transaction commits. */
export async function enqueueMessage(ex: Executor, message: OutgoingMessage): Promise<void> {
  await ex
    .insert(outbox)
    .values({
      channel: message.channel,
      to: message.to,
      subject: message.subject ?? null,
      body: message.body,
      cc: message.cc ?? null,
      bcc: message.bcc ?? null,
      dedupeKey: message.dedupeKey ?? null,
    })
    .onConflictDoNothing();
}

const MAX_ATTEMPTS = 8;
const BATCH = 20;

export class OutboxDispatcher {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly db: Db,
    private readonly adapters: Record<Channel, MessageAdapter>,
    private readonly intervalMs = 1000,
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.runOnce(), this.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  /** Sends what is due; safe to call concurrently and from several instances (rows are claimed). */
  runOnce(): Promise<void> {
    this.running ??= this.dispatchDue().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async dispatchDue(): Promise<void> {
    // A message left SENDING by a crashed instance goes back to the queue after five minutes.
    await this.db
      .update(outbox)
      .set({ status: 'PENDING' })
      .where(and(eq(outbox.status, 'SENDING'), lt(outbox.nextAttemptAt, sql`now() - interval '5 minutes'`)));
    const claimed = await this.db.transaction(async (tx) => {
      const due = await tx
        .select({ id: outbox.id })
        .from(outbox)
        .where(and(eq(outbox.status, 'PENDING'), lte(outbox.nextAttemptAt, sql`now()`)))
        .orderBy(outbox.id)
        .limit(BATCH)
        .for('update', { skipLocked: true });
      if (!due.length) return [];
      return tx
        .update(outbox)
        .set({ status: 'SENDING', attempts: sql`${outbox.attempts} + 1`, nextAttemptAt: sql`now()` })
        .where(
          inArray(
            outbox.id,
            due.map((d) => d.id),
          ),
        )
        .returning();
    });
    for (const message of claimed) {
      try {
        await this.adapters[message.channel as Channel].send(message);
        await this.db
          .update(outbox)
          .set({ status: 'SENT', sentAt: sql`now()`, lastError: null })
          .where(eq(outbox.id, message.id));
      } catch (error) {
        const failedForGood = message.attempts >= MAX_ATTEMPTS;
        await this.db
          .update(outbox)
          .set({
            status: failedForGood ? 'FAILED' : 'PENDING',
            lastError: error instanceof Error ? error.message.slice(0, 500) : String(error),
            nextAttemptAt: sql`now() + make_interval(secs => ${30 * message.attempts ** 2})`,
          })
          .where(eq(outbox.id, message.id));
      }
    }
  }
}
