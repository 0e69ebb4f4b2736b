import { sql } from 'drizzle-orm';
import type { EntityChangedEvent } from '@carelane/shared-domain';
import type { Database, Executor } from '../db/client';
import type { Actor } from './context';

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

type Subscriber = { actor: Actor; isStaff: boolean; send: (event: EntityChangedEvent) => void };

/** Fans events from the database out to the server-sent-event streams of this instance. */
export class EventHub {
  private subscribers = new Set<Subscriber>();
  private stopListening: (() => Promise<void>) | undefined;

  async start(database: Database): Promise<void> {
    this.stopListening = await database.listen(EVENTS_CHANNEL, (payload) => this.dispatch(payload));
  }

  async stop(): Promise<void> {
    this.subscribers.clear();
    await this.stopListening?.();
  }

  subscribe(subscriber: Subscriber): () => void {
    this.subscribers.add(subscriber);
    return () => this.subscribers.delete(subscriber);
  }

  get size(): number {
    return this.subscribers.size;
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
