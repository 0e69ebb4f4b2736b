// Fans the room notices of every instance (PostgreSQL NOTIFY, or PGlite's) out to this instance's participant
// streams. A notice names the room and, for a relayed message, its addressee; the stream then reads what is new
// from the database, so a notice lost or merged still delivers everything in order.
import type { Database } from '../../../db/client';
import { TELEHEALTH_CHANNEL } from './repository';

export type StreamSubscriber = {
  roomId: number;
  participantId: number;
  /** The roster or the room's status changed. */
  onRoom: () => void;
  /** A message for this participant may be waiting. */
  onSignal: () => void;
  /** The server is closing: the stream ends (the browser reconnects to another instance). */
  end: () => void;
};

export class TelehealthHub {
  private subscribers = new Set<StreamSubscriber>();
  private listening: Promise<() => Promise<void>> | undefined;

  constructor(private readonly database: Database) {}

  async subscribe(subscriber: StreamSubscriber): Promise<() => void> {
    this.listening ??= this.database.listen(
      TELEHEALTH_CHANNEL,
      (payload) => this.dispatch(payload),
      () => this.everyone(),
    );
    await this.listening;
    this.subscribers.add(subscriber);
    return () => this.subscribers.delete(subscriber);
  }

  async stop(): Promise<void> {
    for (const subscriber of this.subscribers) subscriber.end();
    this.subscribers.clear();
    const stop = await this.listening;
    this.listening = undefined;
    await stop?.();
  }

  /** After a gap in listening every stream looks again. */
  private everyone(): void {
    for (const subscriber of this.subscribers) {
      subscriber.onRoom();
      subscriber.onSignal();
    }
  }

  private dispatch(payload: string): void {
    let notice: { roomId?: number; to?: number };
    try {
      notice = JSON.parse(payload) as typeof notice;
    } catch {
      return;
    }
    for (const subscriber of this.subscribers) {
      if (subscriber.roomId !== notice.roomId) continue;
      if (notice.to === undefined) subscriber.onRoom();
      else if (notice.to === subscriber.participantId) subscriber.onSignal();
    }
  }
}
