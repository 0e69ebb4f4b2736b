// /tc telehealth (issue 28, decision 068). The visit's clinician hosts its room; staff and the guests of a join
// link wait until the host admits them. The first admission is the visit's time in and the host's end its time
// out (EVV with location 'telehealth'). Participants hold a random key (stored as its SHA-256) that
// authenticates their stream and the offers, answers and ICE candidates they relay to each other.
import {
  formatVisitMoment,
  isOrganizationRole,
  localDayBounds,
  ROLE,
  TELEHEALTH_MAX_PARTICIPANTS,
  TELEHEALTH_MESSAGES,
  type SendTelehealthLink,
  type TelehealthJoinInfo,
  type TelehealthLink,
  type TelehealthMembership,
  type TelehealthRoom,
  type TelehealthRoomState,
  type TelehealthSignalInput,
} from '@carelane/shared-domain';
import type { Executor } from '../../../db/client';
import { randomToken, sha256 } from '../../../lib/crypto';
import { badRequest, conflict, forbidden, notFound } from '../../../lib/errors';
import { noteRead } from '../../../services/access-log';
import type { AppServices } from '../../../services/app-services';
import { requireActor, type Actor, type RequestContext } from '../../../services/context';
import { enqueueMessage } from '../../../services/outbox';
import { clinicianIdOfUser } from '../../clinicians/access';
import { recordTelehealthEvv } from '../../clinicians/provider-visits/service';
import { withVisitTimeZones } from '../../maps/service';
import { VISIT_THING } from '../../scheduling/visits';
import { hasValidSignature, readJoinToken, signJoinToken } from './link';
import * as repo from './repository';

const ROOM_THING = 'Video visit';

export function roomStatus(room: repo.Room): TelehealthRoomState['status'] {
  if (room.endedAt) return 'ended';
  return room.startedAt ? 'live' : 'open';
}

/** The room as each participant's stream tells it: who is waiting and who is in the call. */
export async function roomState(ex: Executor, room: repo.Room): Promise<TelehealthRoomState> {
  const participants = await repo.listParticipants(ex, room.id);
  return {
    roomId: room.id,
    status: roomStatus(room),
    startedAt: room.startedAt?.toISOString() ?? null,
    endedAt: room.endedAt?.toISOString() ?? null,
    participants: participants
      .filter((p) => p.state !== 'left')
      .map((p) => ({
        id: p.id,
        name: p.name,
        role: p.role as 'host' | 'staff' | 'guest',
        state: p.state as 'waiting' | 'admitted',
      })),
  };
}

async function zonedVisit(services: AppServices, visitId: number) {
  const visit = await repo.findRoomVisit(services.db, visitId);
  if (!visit) throw notFound(VISIT_THING);
  const [zoned] = await withVisitTimeZones(services.db, [visit], (v) => v.referralSourceId);
  return zoned!;
}

/** The host is the visit's clinician; staff may join and wait; organization users may not. */
async function roleIn(services: AppServices, actor: Actor, visit: repo.RoomVisit): Promise<'host' | 'staff'> {
  if (actor.roleId === ROLE.CLINICIAN) {
    const own = await clinicianIdOfUser(services.db, actor.userId);
    if (own === null || own !== visit.providerId) throw forbidden(TELEHEALTH_MESSAGES.notYours);
    return 'host';
  }
  if (isOrganizationRole(actor.roleId)) throw forbidden();
  return 'staff';
}

const newKey = () => {
  const key = randomToken(32);
  return { key, keyHash: sha256(key) };
};

function refuseWhenFull(participants: readonly repo.Participant[]) {
  if (participants.filter((p) => p.state !== 'left').length >= TELEHEALTH_MAX_PARTICIPANTS)
    throw conflict(TELEHEALTH_MESSAGES.full, 'ROOM_FULL');
}

/**
 * Opens the visit's room (made on first use) and places the caller in it: the clinician as host, in the call
 * at once (an earlier place of theirs, another tab, leaves); staff in the waiting room.
 */
export async function openRoom(
  services: AppServices,
  ctx: RequestContext,
  visitId: number,
): Promise<TelehealthRoom> {
  const actor = requireActor(ctx);
  const visit = await zonedVisit(services, visitId);
  const role = await roleIn(services, actor, visit);
  if (!visit.telehealth) throw badRequest('visitId', TELEHEALTH_MESSAGES.notTelehealth);
  noteRead(ctx, {
    kind: 'visitList',
    entityId: visitId,
    patientIds: visit.patientId ? [visit.patientId] : [],
  });
  const name =
    role === 'host' ? visit.clinicianFirstName : await repo.firstNameOfUser(services.db, actor.userId);
  const { key, keyHash } = newKey();
  const { room, participant } = await services.db.transaction(async (tx) => {
    const room = await repo.lockOrMakeRoom(tx, visitId, {
      linkSecret: randomToken(32),
      openedBy: actor.userId,
    });
    if (room.endedAt) throw conflict(TELEHEALTH_MESSAGES.ended, 'ROOM_ENDED');
    const now = new Date();
    await repo.leaveAll(tx, room.id, now, actor.userId);
    if (role === 'staff') refuseWhenFull(await repo.listParticipants(tx, room.id));
    const participant = await repo.insertParticipant(tx, {
      roomId: room.id,
      userId: actor.userId,
      name,
      role,
      state: role === 'host' ? 'admitted' : 'waiting',
      admittedAt: role === 'host' ? now : null,
      keyHash,
    });
    await repo.notifyRoom(tx, room.id);
    return { room, participant };
  });
  return {
    ...(await roomState(services.db, room)),
    visitId,
    dateOfService: visit.dateOfService,
    startAt: visit.startAt.toISOString(),
    endAt: visit.endAt.toISOString(),
    timeZone: visit.timeZone,
    patientName: visit.patientName,
    patientPhone: visit.patientPhone,
    visitType: visit.visitType,
    me: { participantId: participant.id, key, role },
    iceServers: services.config.iceServers,
  };
}

/** The room, once the caller may act in it as host (or, with `staffToo`, as staff). */
async function roomOfCaller(services: AppServices, ctx: RequestContext, roomId: number, staffToo = false) {
  const actor = requireActor(ctx);
  const room = await repo.findRoom(services.db, roomId);
  if (!room) throw notFound(ROOM_THING);
  const visit = await zonedVisit(services, room.visitId);
  const role = await roleIn(services, actor, visit);
  if (role !== 'host' && !staffToo) throw forbidden(TELEHEALTH_MESSAGES.notYours);
  return { room, visit };
}

/** A new join link, sent by SMS and/or email through the outbox and shown once to the caller. */
export async function sendLink(
  services: AppServices,
  ctx: RequestContext,
  roomId: number,
  input: SendTelehealthLink,
): Promise<TelehealthLink> {
  const { room, visit } = await roomOfCaller(services, ctx, roomId, true);
  if (room.endedAt) throw conflict(TELEHEALTH_MESSAGES.ended, 'ROOM_ENDED');
  const expiresAt = localDayBounds(visit.dateOfService, visit.timeZone).end;
  const token = signJoinToken(room.linkSecret, { roomId, expiresAt });
  const link = `${services.config.publicUrl}/tc/join?room=${roomId}&token=${encodeURIComponent(token)}`;
  const when = `on ${formatVisitMoment(visit.startAt, visit.timeZone)}`;
  const text = `Your video visit with ${visit.clinicianFirstName} is ${when}. Join here: ${link}`;
  const sentTo: string[] = [];
  const phone = input.phoneNumber?.replace(/\D/g, '').slice(-10);
  await services.db.transaction(async (tx) => {
    if (phone) {
      await enqueueMessage(tx, {
        channel: 'sms',
        to: phone,
        body: `Carelane: ${text}`,
        sentByUserId: ctx.actor?.userId,
      });
      sentTo.push(phone);
    }
    if (input.email) {
      await enqueueMessage(tx, {
        channel: 'email',
        to: input.email,
        subject: 'Your video visit',
        body: `Hello,\n\n${text}\n\nThe link works until the end of the visit's day. Open it on a phone or computer with a camera and allow the camera and microphone when asked.\n`,
        sentByUserId: ctx.actor?.userId,
      });
      sentTo.push(input.email);
    }
  });
  return {
    link,
    expiresAt: expiresAt.toISOString(),
    sentTo,
    message: TELEHEALTH_MESSAGES.linkSent(sentTo.join(' and ')),
  };
}

/** The host lets a waiting person in; the first admission starts the call and records the visit's time in. */
export async function admit(
  services: AppServices,
  ctx: RequestContext,
  roomId: number,
  participantId: number,
): Promise<TelehealthRoomState> {
  await roomOfCaller(services, ctx, roomId);
  const room = await services.db.transaction(async (tx) => {
    const locked = (await repo.findRoom(tx, roomId, { lock: true }))!;
    if (locked.endedAt) throw conflict(TELEHEALTH_MESSAGES.ended, 'ROOM_ENDED');
    const participants = await repo.listParticipants(tx, roomId);
    const waiting = participants.find((p) => p.id === participantId && p.state === 'waiting');
    if (!waiting) throw badRequest('participantId', TELEHEALTH_MESSAGES.notWaiting);
    if (participants.filter((p) => p.state === 'admitted').length >= TELEHEALTH_MAX_PARTICIPANTS)
      throw conflict(TELEHEALTH_MESSAGES.full, 'ROOM_FULL');
    const now = new Date();
    await repo.setParticipantState(tx, participantId, 'admitted', now);
    if (!locked.startedAt) {
      await recordTelehealthEvv(services, tx, ctx, locked.visitId, 'checkIn', now);
      await repo.updateRoom(tx, roomId, { startedAt: now });
    }
    await repo.notifyRoom(tx, roomId);
    return { ...locked, startedAt: locked.startedAt ?? now };
  });
  return roomState(services.db, room);
}

/** The host ends the call for everyone: the visit's time out when it had started; the handshake is deleted. */
export async function endCall(
  services: AppServices,
  ctx: RequestContext,
  roomId: number,
): Promise<{ visitId: number; message: string }> {
  const { room } = await roomOfCaller(services, ctx, roomId);
  await services.db.transaction(async (tx) => {
    const locked = (await repo.findRoom(tx, roomId, { lock: true }))!;
    if (locked.endedAt) throw conflict(TELEHEALTH_MESSAGES.ended, 'ROOM_ENDED');
    const now = new Date();
    if (locked.startedAt) await recordTelehealthEvv(services, tx, ctx, locked.visitId, 'checkOut', now);
    await repo.updateRoom(tx, roomId, { endedAt: now });
    await repo.leaveAll(tx, roomId, now);
    await repo.deleteSignals(tx, roomId);
    await repo.notifyRoom(tx, roomId);
  });
  return { visitId: room.visitId, message: TELEHEALTH_MESSAGES.callEnded };
}

const linkRefused = (message: string) => badRequest('token', message);

/** The room a join link opens: 400 naming `token` when forged, malformed or expired; 403 for another room. */
async function roomOfToken(ex: Executor, roomId: number, token: string): Promise<repo.Room> {
  const parts = readJoinToken(token);
  if (!parts) throw linkRefused(TELEHEALTH_MESSAGES.linkInvalid);
  if (parts.roomId !== roomId) throw forbidden(TELEHEALTH_MESSAGES.otherRoom);
  const room = await repo.findRoom(ex, roomId);
  if (!room || !hasValidSignature(room.linkSecret, parts)) throw linkRefused(TELEHEALTH_MESSAGES.linkInvalid);
  if (parts.expiresAt.getTime() <= Date.now()) throw linkRefused(TELEHEALTH_MESSAGES.linkExpired);
  return room;
}

/** What a join link shows before joining: only the visit's time and the clinician's first name. */
export async function joinInfo(
  services: AppServices,
  roomId: number,
  token: string,
): Promise<TelehealthJoinInfo> {
  const room = await roomOfToken(services.db, roomId, token);
  const visit = await zonedVisit(services, room.visitId);
  return {
    roomId,
    clinicianFirstName: visit.clinicianFirstName,
    startAt: visit.startAt.toISOString(),
    endAt: visit.endAt.toISOString(),
    timeZone: visit.timeZone,
    status: roomStatus(room),
    iceServers: services.config.iceServers,
  };
}

/** A guest of the link enters the waiting room under the name they typed. */
export async function joinAsGuest(
  services: AppServices,
  roomId: number,
  input: { token: string; name: string },
): Promise<TelehealthMembership> {
  await roomOfToken(services.db, roomId, input.token);
  const { key, keyHash } = newKey();
  const participant = await services.db.transaction(async (tx) => {
    const room = (await repo.findRoom(tx, roomId, { lock: true }))!;
    if (room.endedAt) throw conflict(TELEHEALTH_MESSAGES.ended, 'ROOM_ENDED');
    refuseWhenFull(await repo.listParticipants(tx, roomId));
    const row = await repo.insertParticipant(tx, {
      roomId,
      name: input.name,
      role: 'guest',
      state: 'waiting',
      keyHash,
    });
    await repo.notifyRoom(tx, roomId);
    return row;
  });
  return { participantId: participant.id, key, role: 'guest' };
}

/** The participant a key names, in this room and not gone: else 403. */
export async function participantOfKey(
  ex: Executor,
  key: string,
  roomId?: number,
): Promise<repo.Participant> {
  const participant = await repo.findParticipantByKey(ex, sha256(key));
  if (!participant || participant.state === 'left' || (roomId !== undefined && participant.roomId !== roomId))
    throw forbidden(TELEHEALTH_MESSAGES.notInRoom);
  return participant;
}

/** Relays one offer, answer or ICE candidate to another participant of the call. */
export async function relaySignal(services: AppServices, roomId: number, input: TelehealthSignalInput) {
  const from = await participantOfKey(services.db, input.key, roomId);
  if (from.state !== 'admitted') throw forbidden(TELEHEALTH_MESSAGES.notAdmitted);
  await services.db.transaction(async (tx) => {
    const room = (await repo.findRoom(tx, roomId))!;
    if (room.endedAt) throw conflict(TELEHEALTH_MESSAGES.ended, 'ROOM_ENDED');
    const participants = await repo.listParticipants(tx, roomId);
    const to = participants.find((p) => p.id === input.to && p.state === 'admitted' && p.id !== from.id);
    if (!to) throw badRequest('to', TELEHEALTH_MESSAGES.notInRoom);
    await repo.insertSignal(tx, {
      roomId,
      fromParticipant: from.id,
      toParticipant: to.id,
      kind: input.kind,
      payload: input.payload,
    });
    await repo.notifyRoom(tx, roomId, to.id);
  });
}

/** A participant leaves (closing the tab sends this too); the call goes on for the others. */
export async function leave(services: AppServices, roomId: number, key: string) {
  const participant = await participantOfKey(services.db, key, roomId);
  await services.db.transaction(async (tx) => {
    await repo.setParticipantState(tx, participant.id, 'left', new Date());
    await repo.notifyRoom(tx, roomId);
  });
}
