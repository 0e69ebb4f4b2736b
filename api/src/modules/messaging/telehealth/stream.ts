// One participant's server-sent event stream: `room` whenever the roster or the call's status changes, `signal`
// for each offer, answer or ICE candidate addressed to them (with its id, so a reconnecting stream resumes after
// the last one it had: Last-Event-ID or `after`).
import type { ServerResponse } from 'node:http';
import type { Db } from '../../../db/client';
import type { TelehealthHub } from './hub';
import * as repo from './repository';
import { roomState } from './service';

const HEARTBEAT_MS = 20_000;

/** Writes the room and pending messages now, then as notices arrive; returns the function that stops it. */
export async function streamParticipant(
  db: Db,
  hub: TelehealthHub,
  participant: repo.Participant,
  after: number,
  raw: ServerResponse,
): Promise<() => void> {
  let lastId = after;
  let closed = false;
  const write = (text: string) => {
    if (!closed) raw.write(text);
  };
  // Reads run one after another, so each message goes out once, in order, and a roster never overtakes a newer one.
  let reading: Promise<void> = Promise.resolve();
  const inTurn = (read: () => Promise<void>) => {
    reading = reading.then(read).catch(() => {});
    return reading;
  };
  const sendRoom = () =>
    inTurn(async () => {
      const room = await repo.findRoom(db, participant.roomId);
      if (room) write(`event: room\ndata: ${JSON.stringify(await roomState(db, room))}\n\n`);
    });
  const sendSignals = () =>
    void inTurn(async () => {
      for (;;) {
        const signals = await repo.signalsFor(db, participant.id, lastId);
        for (const signal of signals) {
          lastId = signal.id;
          write(`id: ${signal.id}\nevent: signal\ndata: ${JSON.stringify(signal)}\n\n`);
        }
        if (signals.length < 200) return;
      }
    });
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  raw.write('retry: 2000\n\n');
  const heartbeat = setInterval(() => write(': keep-alive\n\n'), HEARTBEAT_MS);
  const stop = () => {
    closed = true;
    clearInterval(heartbeat);
    unsubscribe();
  };
  const unsubscribe = await hub.subscribe({
    roomId: participant.roomId,
    participantId: participant.id,
    onRoom: () => void sendRoom(),
    onSignal: sendSignals,
    end: () => {
      stop();
      raw.end();
    },
  });
  await sendRoom();
  sendSignals();
  return stop;
}
