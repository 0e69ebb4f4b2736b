import fs from 'node:fs/promises';
import path from 'node:path';
import { and, eq, inArray, lt, lte, sql } from 'drizzle-orm';
import { bigint, bigserial, pgTable, text } from 'drizzle-orm/pg-core';
import nodemailer from 'nodemailer';
import { outbox } from '../db/schema';
import { bytea } from '../db/columns';
import type { Db, Executor } from '../db/client';

/**
 * The unmasked body of a queued message that carries a secret, kept only until it is delivered (migration
 * 0004; declared here, not in db/schema.ts). The outbox row holds the masked copy staff read.
 */
export const outboxSecrets = pgTable('outbox_secrets', {
  outboxId: bigint('outbox_id', { mode: 'number' })
    .primaryKey()
    .references(() => outbox.id, { onDelete: 'cascade' }),
  body: text('body').notNull(),
});

/** Files sent with a queued email (migration 0017; declared here like outbox_secrets). */
export const outboxAttachments = pgTable('outbox_attachments', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  outboxId: bigint('outbox_id', { mode: 'number' })
    .notNull()
    .references(() => outbox.id, { onDelete: 'cascade' }),
  fileName: text('file_name').notNull(),
  contentType: text('content_type').notNull(),
  content: bytea('content').notNull(),
});

export type Attachment = { fileName: string; contentType: string; content: Buffer };

/** What stands in for a secret in the stored copy. */
export const MASK = '•••';

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
  /**
   * Secrets in the body (a code): the recipient gets them, the stored copy shows MASK in their place. A
   * link's `token` parameter is always masked: `…/resetPassword?token=•••`.
   */
  secrets?: string[];
  /** Files sent with an email (an invoice's PDF). */
  attachments?: Attachment[];
  /** The clinician an SMS goes to: set only by services/clinician-sms.ts, whose rule counts these. */
  providerId?: number | null;
  /** The staff user who wrote it (a direct SMS, an inbox reply). */
  sentByUserId?: number | null;
  /** The chat topic it was sent from: the recipient's next SMS lands there. */
  topicId?: number | null;
}
type QueuedMessage = typeof outbox.$inferSelect & { attachments?: Attachment[] };

/** Delivers one message or throws; the outbox retries with backoff. */
export interface MessageAdapter {
  readonly name: string;
  send(message: QueuedMessage): Promise<void>;
}

/**
 * The default: the message is only recorded, for staff to read in the app. Its secrets reach nobody (there is
 * no recipient to give them to), so its links do not work: a real adapter or the pickup folder delivers them.
 */
export const recordOnlyAdapter: MessageAdapter = { name: 'record', send: async () => {} };

/**
 * MESSAGE_PICKUP_DIR: each message as delivered (secrets included) is written as `<id>.<channel>.json` into
 * the folder, for a local mail relay, a developer, or the tests to pick up.
 */
export function pickupFolderAdapter(dir: string): MessageAdapter {
  return {
    name: 'pickup-folder',
    async send(message) {
      await fs.mkdir(dir, { recursive: true });
      const { id, channel, to, cc, bcc, subject, body } = message;
      const attachments = (message.attachments ?? []).map((a) => ({
        fileName: a.fileName,
        contentType: a.contentType,
        base64: a.content.toString('base64'),
      }));
      const file = path.join(dir, `${String(id).padStart(10, '0')}.${channel}.json`);
      await fs.writeFile(
        `${file}.tmp`,
        JSON.stringify({ id, channel, to, cc, bcc, subject, body, attachments }, null, 2),
      );
      await fs.rename(`${file}.tmp`, file);
    },
  };
}

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
        attachments: message.attachments?.map((a) => ({
          filename: a.fileName,
          contentType: a.contentType,
          content: a.content,
        })),
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

/** The value of every `token` parameter of a link is a secret, named or not. */
const LINK_TOKEN = /([?&]token=)[^\s&#]+/g;

function masked(body: string, secrets: string[]): string {
  let copy = body.replace(LINK_TOKEN, `$1${MASK}`);
  for (const secret of secrets.filter(Boolean))
    for (const form of new Set([secret, encodeURIComponent(secret)])) copy = copy.split(form).join(MASK);
  return copy;
}

/**
 * Queues a message inside the caller's transaction: it is sent only if that transaction commits. Its outbox id, or
 * null when a message with the same dedupe key was already queued.
 */
export async function enqueueMessage(ex: Executor, message: OutgoingMessage): Promise<number | null> {
  const storedBody = masked(message.body, message.secrets ?? []);
  const [queued] = await ex
    .insert(outbox)
    .values({
      channel: message.channel,
      to: message.to,
      subject: message.subject ?? null,
      body: storedBody,
      cc: message.cc ?? null,
      bcc: message.bcc ?? null,
      dedupeKey: message.dedupeKey ?? null,
      providerId: message.providerId ?? null,
      sentByUserId: message.sentByUserId ?? null,
      topicId: message.topicId ?? null,
    })
    .onConflictDoNothing()
    .returning({ id: outbox.id });
  if (queued && storedBody !== message.body)
    await ex.insert(outboxSecrets).values({ outboxId: queued.id, body: message.body });
  if (queued && message.attachments?.length)
    await ex
      .insert(outboxAttachments)
      .values(message.attachments.map((a) => ({ outboxId: queued.id, ...a })));
  return queued?.id ?? null;
}

const MAX_ATTEMPTS = 8;
const BATCH = 20;

export class OutboxDispatcher {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopping = false;

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
    this.stopping = true;
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

  /**
   * A message left SENDING by a crashed instance goes back to the queue after five minutes; then batches are sent
   * one after another until the queue has no more due (a broadcast's thousands go at once, not BATCH a tick).
   */
  private async dispatchDue(): Promise<void> {
    await this.db
      .update(outbox)
      .set({ status: 'PENDING' })
      .where(and(eq(outbox.status, 'SENDING'), lt(outbox.nextAttemptAt, sql`now() - interval '5 minutes'`)));
    while (!this.stopping && (await this.dispatchBatch()) === BATCH);
  }

  /** Claims up to BATCH due messages and sends them; how many it claimed. */
  private async dispatchBatch(): Promise<number> {
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
    const unmasked = claimed.length
      ? await this.db
          .select()
          .from(outboxSecrets)
          .where(
            inArray(
              outboxSecrets.outboxId,
              claimed.map((m) => m.id),
            ),
          )
      : [];
    const bodies = new Map(unmasked.map((row) => [row.outboxId, row.body]));
    const files = claimed.length
      ? await this.db
          .select()
          .from(outboxAttachments)
          .where(
            inArray(
              outboxAttachments.outboxId,
              claimed.map((m) => m.id),
            ),
          )
          .orderBy(outboxAttachments.id)
      : [];
    for (const message of claimed) {
      try {
        await this.adapters[message.channel as Channel].send({
          ...message,
          body: bodies.get(message.id) ?? message.body,
          attachments: files
            .filter((f) => f.outboxId === message.id)
            .map(({ fileName, contentType, content }) => ({ fileName, contentType, content })),
        });
        await this.db.transaction(async (tx) => {
          await tx
            .update(outbox)
            .set({ status: 'SENT', sentAt: sql`now()`, lastError: null })
            .where(eq(outbox.id, message.id));
          await tx.delete(outboxSecrets).where(eq(outboxSecrets.outboxId, message.id));
        });
      } catch (error) {
        const failedForGood = message.attempts >= MAX_ATTEMPTS;
        await this.db.transaction(async (tx) => {
          await tx
            .update(outbox)
            .set({
              status: failedForGood ? 'FAILED' : 'PENDING',
              lastError: error instanceof Error ? error.message.slice(0, 500) : String(error),
              nextAttemptAt: sql`now() + make_interval(secs => ${30 * message.attempts ** 2})`,
            })
            .where(eq(outbox.id, message.id));
          if (failedForGood) await tx.delete(outboxSecrets).where(eq(outboxSecrets.outboxId, message.id));
        });
      }
    }
    return claimed.length;
  }
}
