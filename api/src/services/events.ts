import { sql } from 'drizzle-orm';
import type { EntityChangedEvent } from '@carelane/shared-domain';
import type { Database, Executor } from '../db/client';
import type { Actor } from './context';
import { TABLE_CHANGED_CHANNEL } from './read-cache';

export const EVENTS_CHANNEL = 'carelane_events';

/** Who may see an event: everyone signed in by default; narrowed to one organization, some users, or staff. */
export interface EventAudience {
  referralSourceId?: number | null;
  userIds?: number[];
  staffOnly?: boolean;
}

interface EventEnvelope extends EntityChangedEvent {
  audience?: EventAudience;
}

/**
 * Publishes an entity change through NOTIFY. Inside a transaction PostgreSQL (and PGlite) deliver it at
 * commit and drop it on rollback, so listeners never hear of a write that did not happen.
 */
export async function publishEvent(
  ex: Executor,
  event: Omit<EntityChangedEvent, 'at'>,
  audience?: EventAudience,
): Promise<void> {
  const envelope: EventEnvelope = { ...event, at: new Date().toISOString(), audience };
  await ex.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify(envelope)})`);
}

type Subscriber = {
  actor: Actor;
  isStaff: boolean;
  send: (event: EntityChangedEvent) => void;
  /** Closes the stream: its session has ended. */
  end: () => void;
};

/** Tables whose writes may end a session (sign-out, revocation, deactivation, privileges). */
const SESSION_TABLES = new Set(['sessions', 'users', 'roles']);

export interface EventHubOptions {
  /** The sessions among these that may still use the API. */
  liveSessionIds: (sessionIds: number[]) => Promise<Set<number>>;
  /** How often open streams are checked for sessions that went idle too long. */
  checkEveryMs: number;
}

/**
 * Fans events from the database out to the server-sent-event streams of this instance, and closes a stream
 * once its session ends: at once when a write to sessions, users or roles is announced (sign-out, password
 * change, deactivation, on any instance), and by a periodic check for idle expiry.
 */
export class EventHub {
  private subscribers = new Set<Subscriber>();
  private stopListening: (() => Promise<void>)[] = [];
  private options: EventHubOptions | undefined;
  private checkTimer: NodeJS.Timeout | undefined;
  private soon: NodeJS.Timeout | undefined;
  private checking: Promise<void> | undefined;
  private checkAgain = false;

  async start(database: Database, options?: EventHubOptions): Promise<void> {
    this.stopListening.push(await database.listen(EVENTS_CHANNEL, (payload) => this.dispatch(payload)));
    if (!options) return;
    this.options = options;
    this.stopListening.push(
      await database.listen(
        TABLE_CHANGED_CHANNEL,
        (table) => {
          if (SESSION_TABLES.has(table)) this.checkSoon();
        },
        () => this.checkSoon(),
      ),
    );
    this.checkTimer = setInterval(() => this.checkSoon(), options.checkEveryMs);
    this.checkTimer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.checkTimer);
    clearTimeout(this.soon);
    this.subscribers.clear();
    await this.checking;
    await Promise.all(this.stopListening.map((stop) => stop()));
  }

  subscribe(subscriber: Subscriber): () => void {
    this.subscribers.add(subscriber);
    return () => this.subscribers.delete(subscriber);
  }

  get size(): number {
    return this.subscribers.size;
  }

  /** A burst of notices makes one check. */
  private checkSoon(): void {
    if (!this.options || this.soon || !this.subscribers.size) return;
    this.soon = setTimeout(() => {
      this.soon = undefined;
      void this.checkSessions();
    }, 20);
  }

  /** Closes the streams whose session has ended. */
  async checkSessions(): Promise<void> {
    if (this.checking) {
      this.checkAgain = true;
      return this.checking;
    }
    this.checking = (async () => {
      do {
        this.checkAgain = false;
        const open = [...this.subscribers];
        if (!open.length || !this.options) break;
        const live = await this.options
          .liveSessionIds([...new Set(open.map((s) => s.actor.sessionId))])
          .catch(() => undefined);
        // The database did not answer: the next notice or tick checks again.
        if (!live) break;
        for (const subscriber of open) {
          if (live.has(subscriber.actor.sessionId)) continue;
          this.subscribers.delete(subscriber);
          subscriber.end();
        }
      } while (this.checkAgain);
    })().finally(() => {
      this.checking = undefined;
    });
    return this.checking;
  }

  private dispatch(payload: string): void {
    let envelope: EventEnvelope;
    try {
      envelope = JSON.parse(payload) as EventEnvelope;
    } catch {
      return;
    }
    const { audience, ...event } = envelope;
    for (const subscriber of this.subscribers) {
      if (audience?.staffOnly && !subscriber.isStaff) continue;
      if (audience?.userIds && !audience.userIds.includes(subscriber.actor.userId)) continue;
      if (audience?.referralSourceId != null && subscriber.isStaff === false) {
        if (subscriber.actor.referralSourceId !== audience.referralSourceId) continue;
      }
      if (
        audience?.referralSourceId == null &&
        !audience?.userIds &&
        subscriber.actor.referralSourceId != null
      ) {
        // Organization users hear only of their own organization's data.
        continue;
      }
      subscriber.send(event);
    }
  }
}
