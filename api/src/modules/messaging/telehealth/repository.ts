// Telehealth rooms, their participants and the relayed handshake (decision 068).
import { and, asc, eq, gt, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import {
  patients,
  providers,
  telehealthParticipants,
  telehealthRooms,
  telehealthSignals,
  users,
  visitTypes,
  visits,
} from '../../../db/schema';

export const TELEHEALTH_CHANNEL = 'carelane_telehealth';

/** What the room needs of its visit: who holds it, when, for whom, and whether it is held by video. */
export async function findRoomVisit(ex: Executor, visitId: number) {
  const [row] = await ex
    .select({
      id: visits.id,
      referralSourceId: visits.referralSourceId,
      providerId: visits.providerId,
      patientId: visits.patientId,
      dateOfService: visits.dateOfService,
      startAt: visits.startAt,
      endAt: visits.endAt,
      timeZone: visits.timeZone,
      visitType: visitTypes.type,
      telehealth: visitTypes.telehealth,
      patientName: sql<string>`coalesce(${patients.firstName} || ' ' || ${patients.lastName}, '')`,
      patientPhone: patients.phoneNumber1,
      clinicianFirstName: sql<string>`coalesce(${providers.givenName}, '')`,
    })
    .from(visits)
    .innerJoin(visitTypes, eq(visitTypes.id, visits.visitTypeId))
    .leftJoin(patients, eq(patients.id, visits.patientId))
    .leftJoin(providers, eq(providers.id, visits.providerId))
    .where(eq(visits.id, visitId));
  return row ?? null;
}
export type RoomVisit = NonNullable<Awaited<ReturnType<typeof findRoomVisit>>>;

export async function findRoom(ex: Executor, roomId: number, options: { lock?: boolean } = {}) {
  const query = ex.select().from(telehealthRooms).where(eq(telehealthRooms.id, roomId));
  const [row] = await (options.lock ? query.for('update') : query);
  return row ?? null;
}
export type Room = NonNullable<Awaited<ReturnType<typeof findRoom>>>;

/** The visit's room, locked; made when it has none (the unique visit index settles a race). */
export async function lockOrMakeRoom(
  tx: Executor,
  visitId: number,
  values: { linkSecret: string; openedBy: number },
) {
  await tx
    .insert(telehealthRooms)
    .values({ visitId, ...values })
    .onConflictDoNothing({ target: telehealthRooms.visitId });
  const [row] = await tx
    .select()
    .from(telehealthRooms)
    .where(eq(telehealthRooms.visitId, visitId))
    .for('update');
  return row!;
}

export async function updateRoom(tx: Executor, roomId: number, values: { startedAt?: Date; endedAt?: Date }) {
  await tx.update(telehealthRooms).set(values).where(eq(telehealthRooms.id, roomId));
}

export async function listParticipants(ex: Executor, roomId: number) {
  return ex
    .select()
    .from(telehealthParticipants)
    .where(eq(telehealthParticipants.roomId, roomId))
    .orderBy(asc(telehealthParticipants.id));
}
export type Participant = Awaited<ReturnType<typeof listParticipants>>[number];

export async function insertParticipant(tx: Executor, values: typeof telehealthParticipants.$inferInsert) {
  const [row] = await tx.insert(telehealthParticipants).values(values).returning();
  return row!;
}

export async function findParticipantByKey(ex: Executor, keyHash: string) {
  const [row] = await ex
    .select()
    .from(telehealthParticipants)
    .where(eq(telehealthParticipants.keyHash, keyHash));
  return row ?? null;
}

export async function setParticipantState(
  tx: Executor,
  participantId: number,
  state: 'admitted' | 'left',
  at: Date,
) {
  await tx
    .update(telehealthParticipants)
    .set(state === 'admitted' ? { state, admittedAt: at } : { state, leftAt: at })
    .where(eq(telehealthParticipants.id, participantId));
}

/** Everyone still in the room (or the user's own earlier places in it) leaves. */
export async function leaveAll(tx: Executor, roomId: number, at: Date, userId?: number) {
  await tx
    .update(telehealthParticipants)
    .set({ state: 'left', leftAt: at })
    .where(
      and(
        eq(telehealthParticipants.roomId, roomId),
        ne(telehealthParticipants.state, 'left'),
        userId === undefined ? undefined : eq(telehealthParticipants.userId, userId),
      ),
    );
}

export async function insertSignal(tx: Executor, values: typeof telehealthSignals.$inferInsert) {
  await tx.insert(telehealthSignals).values(values);
}

/** The messages addressed to a participant after the last one its stream delivered, oldest first. */
export async function signalsFor(ex: Executor, participantId: number, afterId: number) {
  return ex
    .select({
      id: telehealthSignals.id,
      from: telehealthSignals.fromParticipant,
      kind: telehealthSignals.kind,
      payload: telehealthSignals.payload,
    })
    .from(telehealthSignals)
    .where(and(eq(telehealthSignals.toParticipant, participantId), gt(telehealthSignals.id, afterId)))
    .orderBy(asc(telehealthSignals.id))
    .limit(200);
}

export async function deleteSignals(tx: Executor, roomId: number) {
  await tx.delete(telehealthSignals).where(eq(telehealthSignals.roomId, roomId));
}

export async function firstNameOfUser(ex: Executor, userId: number) {
  const [row] = await ex.select({ firstName: users.firstName }).from(users).where(eq(users.id, userId));
  return row?.firstName ?? 'Staff';
}

/** Wakes every instance's streams of the room: a new message for `to`, or (without `to`) the roster changed. */
export async function notifyRoom(ex: Executor, roomId: number, to?: number) {
  await ex.execute(sql`select pg_notify(${TELEHEALTH_CHANNEL}, ${JSON.stringify({ roomId, to })})`);
}
