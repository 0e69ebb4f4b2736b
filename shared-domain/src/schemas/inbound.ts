// SMS and email both ways (issue 27, docs/decisions/062-sms-email-both-ways.md): replies arrive by signed
// webhooks (POST /api/messaging/inbound/sms and /inbound/email), land in the inbox (/inbox, SPEC §4 default
// Pending) and in the conversation they answer; STOP / START are honoured; SPEC §5 "Messages cannot reach a
// clinician who has not answered 5 recent SMS" with the SPEC §8 texts.
import { z } from 'zod';
import { isValidEmail, normalizePhone } from '../formats';
import {
  boundedDateTimeSchema,
  idSchema,
  idValueSchema,
  isoDateTimeSchema,
  pagingQuerySchema,
  pagingSchema,
} from './common';

/** SPEC §5: a clinician who has not answered this many recent SMS gets no more. */
export const SMS_UNANSWERED_LIMIT = 5;
/** The webhook's signature: `sha256=<hex HMAC-SHA256(secret, "<timestamp>.<raw body>")>`. */
export const INBOUND_SIGNATURE_HEADER = 'x-carelane-signature';
/** Unix seconds when the sender signed; older than the tolerance is refused (a replay). */
export const INBOUND_TIMESTAMP_HEADER = 'x-carelane-timestamp';
export const INBOUND_SIGNATURE_TOLERANCE_SECONDS = 300;
/** Carrier keywords (the whole message, any case, surrounding spaces and punctuation ignored). */
export const SMS_STOP_KEYWORDS = ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT'] as const;
export const SMS_START_KEYWORDS = ['START', 'UNSTOP', 'YES'] as const;
export const SMS_BODY_MAX_LENGTH = 1600;
export const INBOUND_EMAIL_TEXT_MAX_LENGTH = 100_000;
/** Most clinicians one direct SMS may go to. */
export const SMS_RECIPIENTS_MAX = 500;

export const INBOUND_CHANNELS = ['sms', 'email'] as const;
export type InboundChannel = (typeof INBOUND_CHANNELS)[number];
/** SPEC §4: inbox Pending by default. */
export const INBOX_STATUSES = ['Pending', 'Handled'] as const;
export type InboxStatus = (typeof INBOX_STATUSES)[number];
export const INBOX_STATUS_FILTERS = [...INBOX_STATUSES, 'All'] as const;
export type InboxStatusFilter = (typeof INBOX_STATUS_FILTERS)[number];
export const INBOX_DEFAULT_STATUS: InboxStatus = 'Pending';
export const SMS_KEYWORDS = ['STOP', 'START'] as const;

/** SPEC §8 (the two SMS texts) and ours (the rest). */
export const MESSAGING_TEXTS = {
  smsBlocked: (providerId: number) =>
    `could not send to clinician (id: ${providerId}) as they have not responded for ${SMS_UNANSWERED_LIMIT} recent SMS.`,
  smsPartial: (providerIds: number[]) =>
    `sent successfully but could not send to clinician(s) (id: ${providerIds.join(', ')}) as they have not responded for ${SMS_UNANSWERED_LIMIT} recent SMS or replied STOP.`,
  smsOptedOut: (providerId: number) =>
    `could not send to clinician (id: ${providerId}) as they replied STOP to text messages.`,
  smsNoPhone: (providerId: number) =>
    `could not send to clinician (id: ${providerId}) as they have no phone number.`,
  smsSent: 'SMS sent successfully.',
  stopConfirmation: 'Carelane: you will no longer get text messages from us. Reply START to get them again.',
  startConfirmation: 'Carelane: you will get text messages from us again. Reply STOP to stop them.',
  markedHandled: 'Marked as handled.',
  replySent: 'Reply sent successfully.',
  unsigned: 'The request is not signed.',
  badSignature: 'The signature does not match.',
  expiredSignature: 'The signature has expired.',
  replayed: 'This message was already received.',
  notOurNumber: 'is not one of our numbers',
  alreadyHandled: 'This message was already handled.',
  staffOnly: 'Only the care team can answer or handle inbox messages.',
} as const;

const phoneText = z
  .string({ error: 'is required' })
  .trim()
  .max(30)
  .refine((text) => normalizePhone(text) !== null, { error: 'must be a 10-digit phone number' });

const messageId = z
  .string({ error: 'is required' })
  .trim()
  .min(1, { error: 'must not be empty' })
  .max(200, { error: 'must be at most 200 characters' })
  .describe('The gateway’s id of the message: the same id twice is a replay');

/** POST /api/messaging/inbound/sms (signed). */
export const inboundSmsSchema = z.object({
  messageId,
  from: phoneText.describe('The sender’s number'),
  to: phoneText.describe('One of our numbers (smsFromNumbers)'),
  body: z
    .string({ error: 'is required' })
    .max(SMS_BODY_MAX_LENGTH, { error: `must be at most ${SMS_BODY_MAX_LENGTH} characters` }),
  /** When the gateway received it (a bounded date-time: the value reaches the database); absent: now. */
  receivedAt: boundedDateTimeSchema.optional(),
});
export type InboundSms = z.infer<typeof inboundSmsSchema>;

/** POST /api/messaging/inbound/email (signed). */
export const inboundEmailSchema = z.object({
  messageId,
  from: z
    .string({ error: 'is required' })
    .trim()
    .toLowerCase()
    .refine(isValidEmail, { error: 'must be an email address' }),
  to: z.string({ error: 'is required' }).trim().min(1, { error: 'must not be empty' }).max(998),
  subject: z.string().max(998, { error: 'must be at most 998 characters' }).default(''),
  text: z.string({ error: 'is required' }).max(INBOUND_EMAIL_TEXT_MAX_LENGTH, {
    error: `must be at most ${INBOUND_EMAIL_TEXT_MAX_LENGTH} characters`,
  }),
  /** When the gateway received it (a bounded date-time: the value reaches the database); absent: now. */
  receivedAt: boundedDateTimeSchema.optional(),
});
export type InboundEmail = z.infer<typeof inboundEmailSchema>;

export const INBOX_SENDER_KINDS = ['clinician', 'user', 'unknown'] as const;
export const inboxSenderSchema = z.object({
  kind: z.enum(INBOX_SENDER_KINDS),
  providerId: z.number().int().nullable(),
  userId: z.number().int().nullable(),
  /** The clinician's or user's name; null for an unknown sender. */
  name: z.string().nullable(),
  referralSourceId: z.number().int().nullable(),
});
export type InboxSender = z.infer<typeof inboxSenderSchema>;

export const inboxItemSchema = z
  .object({
    id: z.number().int(),
    channel: z.enum(INBOUND_CHANNELS),
    /** The sender's number (10 digits) or email address. */
    from: z.string(),
    to: z.string(),
    subject: z.string().nullable(),
    body: z.string(),
    receivedAt: isoDateTimeSchema,
    status: z.enum(INBOX_STATUSES),
    /** STOP or START when the message was that keyword (handled on arrival). */
    keyword: z.enum(SMS_KEYWORDS).nullable(),
    sender: inboxSenderSchema,
    /** The chat conversation the message landed in, if any. */
    topicId: z.number().int().nullable(),
    handledAt: isoDateTimeSchema.nullable(),
    handledByName: z.string().nullable(),
  })
  .meta({ id: 'InboxItem' });
export type InboxItem = z.infer<typeof inboxItemSchema>;

/** The webhooks' answer (201). */
export const inboundResultSchema = z.object({ item: inboxItemSchema });

export const inboxListQuerySchema = pagingQuerySchema.extend({
  status: z
    .enum(INBOX_STATUS_FILTERS, { error: `must be one of: ${INBOX_STATUS_FILTERS.join(', ')}` })
    .default(INBOX_DEFAULT_STATUS),
  channel: z.enum(INBOUND_CHANNELS, { error: 'must be sms or email' }).optional(),
  search: z
    .string()
    .trim()
    .max(200)
    .optional()
    .describe('In the text, subject, sender’s number, address or name'),
});
export type InboxListQuery = z.infer<typeof inboxListQuerySchema>;

/** GET /api/messaging/inbox: newest first. Staff see every message; others only their own (read only). */
export const inboxListSchema = z.object({
  rows: z.array(inboxItemSchema),
  paging: pagingSchema,
  /** Pending messages the caller can see (whatever the filters). */
  pendingCount: z.number().int(),
});
export type InboxList = z.infer<typeof inboxListSchema>;

export const inboxParamsSchema = z.object({ id: idSchema });

const smsBody = z
  .string({ error: 'is required' })
  .trim()
  .min(1, { error: 'must not be empty' })
  .max(SMS_BODY_MAX_LENGTH, { error: `must be at most ${SMS_BODY_MAX_LENGTH} characters` });

/** POST /api/messaging/inbox/:id/reply: answered on the channel it came by; the message is then handled. */
export const inboxReplySchema = z.object({ body: smsBody });
export type InboxReply = z.infer<typeof inboxReplySchema>;
export const inboxItemResultSchema = z.object({ item: inboxItemSchema, message: z.string() });

/** POST /api/messaging/sms: a text to clinicians, each through the SMS rule. */
export const clinicianSmsSchema = z.object({
  providerIds: z
    .array(idValueSchema)
    .min(1, { error: 'must name at least one clinician' })
    .max(SMS_RECIPIENTS_MAX, { error: `must name at most ${SMS_RECIPIENTS_MAX} clinicians` }),
  body: smsBody,
});
export type ClinicianSms = z.infer<typeof clinicianSmsSchema>;

export const SMS_REFUSALS = ['unanswered', 'optedOut', 'noPhone', 'smsDisabled'] as const;
export type SmsRefusal = (typeof SMS_REFUSALS)[number];
export const clinicianSmsResultSchema = z.object({
  sent: z.array(z.number().int()),
  notSent: z.array(z.object({ providerId: z.number().int(), reason: z.enum(SMS_REFUSALS) })),
  message: z.string(),
});
export type ClinicianSmsResult = z.infer<typeof clinicianSmsResultSchema>;

/** GET /api/messaging/smsBlocks: clinicians whom SMS cannot reach, and why. */
export const smsBlockSchema = z.object({
  providerId: z.number().int(),
  name: z.string(),
  phoneNumber: z.string().nullable(),
  reason: z.enum(['unanswered', 'optedOut']),
  /** SMS sent since their last reply (the rule's count). */
  unansweredCount: z.number().int(),
  /** When the block began: the fifth unanswered SMS, or the STOP. */
  since: isoDateTimeSchema,
});
export type SmsBlock = z.infer<typeof smsBlockSchema>;
export const smsBlockListSchema = z.object({ rows: z.array(smsBlockSchema) });
export type SmsBlockList = z.infer<typeof smsBlockListSchema>;
