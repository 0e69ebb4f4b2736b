// /tc telehealth (issue 28, decision 068): a telehealth visit has one video room. The visit's clinician hosts it;
// the patient (no account) joins from a signed link and waits until admitted; staff may join and wait too. Media
// flows peer to peer (WebRTC, a mesh of at most four); the API only relays the offers, answers and ICE candidates
// and records the call's start and end as the visit's time in and time out.
import { z } from 'zod';
import { idSchema, idValueSchema, isoDateSchema, isoDateTimeSchema } from './common';
import { emailIdSchema, phoneInputSchema } from './identity';

/** At most this many people in one room (waiting or in the call): a mesh beyond it is an SFU's work. */
export const TELEHEALTH_MAX_PARTICIPANTS = 4;
/** The largest relayed message (an SDP offer with audio and video is 4–8 KB). */
export const TELEHEALTH_SIGNAL_MAX_CHARS = 20_000;

export const TELEHEALTH_MESSAGES = {
  linkInvalid: 'This link is not valid. Ask your clinician for a new one.',
  linkExpired: 'This link has expired. Ask your clinician for a new one.',
  otherRoom: 'This link is for another visit.',
  full: `This video visit is full (${TELEHEALTH_MAX_PARTICIPANTS} people).`,
  notInRoom: 'You are not in this video visit.',
  notAdmitted: 'You are still in the waiting room.',
  ended: 'This video visit has ended.',
  notTelehealth: 'This visit is not a telehealth visit.',
  notYours: 'Only the clinician of this visit can do this.',
  notWaiting: 'This person is not waiting to join.',
  linkSent: (to: string) => `Join link sent to ${to}.`,
  admitted: (name: string) => `${name} joined the call.`,
  callEnded: 'Call ended. Time in and time out are recorded on the visit.',
} as const;

/** One STUN or TURN server as RTCPeerConnection takes it. */
export const iceServerSchema = z.object({
  urls: z.union([z.string(), z.array(z.string())]),
  username: z.string().optional(),
  credential: z.string().optional(),
});
export type IceServer = z.infer<typeof iceServerSchema>;

export const TELEHEALTH_ROLES = ['host', 'staff', 'guest'] as const;
export const TELEHEALTH_STATES = ['waiting', 'admitted', 'left'] as const;

export const telehealthParticipantSchema = z.object({
  id: idValueSchema,
  name: z.string(),
  role: z.enum(TELEHEALTH_ROLES),
  state: z.enum(TELEHEALTH_STATES),
});
export type TelehealthParticipant = z.infer<typeof telehealthParticipantSchema>;

/** What every participant's stream says of the room whenever someone comes, is admitted or goes. */
export const telehealthRoomStateSchema = z.object({
  roomId: idValueSchema,
  status: z.enum(['open', 'live', 'ended']),
  startedAt: isoDateTimeSchema.nullable(),
  endedAt: isoDateTimeSchema.nullable(),
  participants: z.array(telehealthParticipantSchema),
});
export type TelehealthRoomState = z.infer<typeof telehealthRoomStateSchema>;

/** The caller's place in the room: the key authenticates its stream and its signals. */
export const telehealthMembershipSchema = z.object({
  participantId: idValueSchema,
  key: z.string(),
  role: z.enum(TELEHEALTH_ROLES),
});
export type TelehealthMembership = z.infer<typeof telehealthMembershipSchema>;

/** The room as the clinician or staff see it from /tc?visit=. */
export const telehealthRoomSchema = telehealthRoomStateSchema.extend({
  visitId: idValueSchema,
  dateOfService: isoDateSchema,
  startAt: isoDateTimeSchema,
  endAt: isoDateTimeSchema,
  timeZone: z.string(),
  patientName: z.string(),
  visitType: z.string(),
  me: telehealthMembershipSchema,
  /** ICE servers (ICE_SERVERS): STUN/TURN for production, none on one machine. */
  iceServers: z.array(iceServerSchema),
  /** The patient's phone on file, offered as where to send the join link. */
  patientPhone: z.string().nullable(),
});
export type TelehealthRoom = z.infer<typeof telehealthRoomSchema>;

export const openTelehealthRoomSchema = z.object({ visitId: idValueSchema });
export const telehealthRoomParamsSchema = z.object({ roomId: idSchema });
export const admitParticipantSchema = z.object({ participantId: idValueSchema });

/** A join link just made: shown once to the clinician, sent to the patient by SMS and email. */
export const telehealthLinkSchema = z.object({
  link: z.string(),
  expiresAt: isoDateTimeSchema,
  sentTo: z.array(z.string()),
  message: z.string(),
});
export type TelehealthLink = z.infer<typeof telehealthLinkSchema>;
/** Where to send the join link: the patient's (or a family member's) mobile phone, email, or both. */
export const sendTelehealthLinkSchema = z
  .object({
    phoneNumber: z.union([phoneInputSchema, z.literal('')]).optional(),
    email: z.union([emailIdSchema, z.literal('')]).optional(),
  })
  .refine((value) => !!value.phoneNumber || !!value.email, {
    path: ['phoneNumber'],
    error: 'Enter a mobile phone number or an email address.',
  });
export type SendTelehealthLink = z.infer<typeof sendTelehealthLinkSchema>;

export const telehealthTokenSchema = z.string().trim().min(1).max(400);
/** What a join link shows before joining: only the visit's time and the clinician's first name. */
export const telehealthJoinInfoSchema = z.object({
  roomId: idValueSchema,
  clinicianFirstName: z.string(),
  startAt: isoDateTimeSchema,
  endAt: isoDateTimeSchema,
  timeZone: z.string(),
  status: z.enum(['open', 'live', 'ended']),
  iceServers: z.array(iceServerSchema),
});
export type TelehealthJoinInfo = z.infer<typeof telehealthJoinInfoSchema>;
export const telehealthJoinQuerySchema = z.object({ token: telehealthTokenSchema });
export const telehealthGuestJoinSchema = z.object({
  token: telehealthTokenSchema,
  name: z.string().trim().min(1, 'Enter your name.').max(80),
});

export const TELEHEALTH_SIGNAL_KINDS = ['offer', 'answer', 'candidate'] as const;
export const telehealthSignalInputSchema = z.object({
  key: z.string().min(1).max(200),
  to: idValueSchema,
  kind: z.enum(TELEHEALTH_SIGNAL_KINDS),
  payload: z.string().min(1).max(TELEHEALTH_SIGNAL_MAX_CHARS),
});
export type TelehealthSignalInput = z.infer<typeof telehealthSignalInputSchema>;
export const telehealthKeySchema = z.object({ key: z.string().min(1).max(200) });

/** One relayed message as the addressee's stream delivers it (`event: signal`). */
export const telehealthSignalSchema = z.object({
  id: z.number().int(),
  from: idValueSchema,
  kind: z.enum(TELEHEALTH_SIGNAL_KINDS),
  payload: z.string(),
});
export type TelehealthSignal = z.infer<typeof telehealthSignalSchema>;
