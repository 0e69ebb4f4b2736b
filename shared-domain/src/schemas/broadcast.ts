// The broadcast of open visits (issue 27 "Broadcast", decision 065): staff send one service request's open visits
// to the matching clinicians (or those chosen in the fit score) by email, SMS and app as each clinician allows,
// with the message template of their credential state (decision 063). The request only queues the broadcast
// (202); a PostgreSQL job queue sends it, one recipient at a time, and keeps each recipient's delivery status.
import { z } from 'zod';
import { idSchema, idValueSchema, isoDateTimeSchema, pagingQuerySchema, pagingSchema } from './common';

export const BROADCAST_MESSAGES = {
  sent: 'Broadcast sent successfully.',
  noRecipients: 'No clinician matches these visits.',
  notFound: 'This broadcast',
} as const;

export const BROADCAST_MAX_VISITS = 50;
export const BROADCAST_MAX_RECIPIENTS = 5000;
export const BROADCAST_IDEMPOTENCY_KEY_MAX_LENGTH = 100;

export const BROADCAST_STATUSES = ['Queued', 'Sending', 'Done'] as const;
export type BroadcastStatus = (typeof BROADCAST_STATUSES)[number];
export const BROADCAST_RECIPIENT_STATUSES = ['Pending', 'Sending', 'Sent', 'Skipped', 'Failed'] as const;
export type BroadcastRecipientStatus = (typeof BROADCAST_RECIPIENT_STATUSES)[number];
export const BROADCAST_CHANNELS = ['email', 'sms', 'app'] as const;
export type BroadcastChannel = (typeof BROADCAST_CHANNELS)[number];

const uniqueIds = (min: number, max: number) =>
  z
    .array(idValueSchema)
    .min(min, { error: `must hold at least ${min}` })
    .max(max, { error: `must hold at most ${max}` })
    .transform((ids) => [...new Set(ids)]);

/** POST /api/messaging/broadcasts */
export const broadcastInputSchema = z.object({
  visitIds: uniqueIds(1, BROADCAST_MAX_VISITS).describe(
    'Open visits (Active, not paused, unassigned) of one service request',
  ),
  providerIds: uniqueIds(1, BROADCAST_MAX_RECIPIENTS)
    .optional()
    .describe('Explicit recipients (chosen in the fit score); default: the clinicians matching the visits'),
  idempotencyKey: z
    .string({ error: 'is required' })
    .min(1, { error: 'must not be empty' })
    .max(BROADCAST_IDEMPOTENCY_KEY_MAX_LENGTH)
    .regex(/^[A-Za-z0-9_.:-]+$/, { error: 'may hold only letters, digits and _ . : -' })
    .describe(
      'The client’s key of this send (e.g. a UUID): a retry with the same key answers the same broadcast',
    ),
});
export type BroadcastInput = z.infer<typeof broadcastInputSchema>;

export const broadcastSchema = z
  .object({
    id: z.number().int(),
    episodeId: z.number().int(),
    episodeTitle: z.string(),
    visitIds: z.array(z.number().int()),
    status: z.enum(BROADCAST_STATUSES),
    recipientCount: z.number().int(),
    sentCount: z.number().int(),
    skippedCount: z.number().int(),
    failedCount: z.number().int(),
    createdAt: isoDateTimeSchema,
    createdByName: z.string().nullable(),
    finishedAt: isoDateTimeSchema.nullable(),
  })
  .meta({ id: 'Broadcast' });
export type Broadcast = z.infer<typeof broadcastSchema>;

export const broadcastRecipientSchema = z
  .object({
    providerId: z.number().int(),
    name: z.string(),
    credentialState: z.number().int(),
    status: z.enum(BROADCAST_RECIPIENT_STATUSES),
    /** What reached them. */
    channels: z.array(z.enum(BROADCAST_CHANNELS)),
    /** Why a channel or the whole message did not go (e.g. the SMS refusal). */
    reason: z.string().nullable(),
  })
  .meta({ id: 'BroadcastRecipient' });
export type BroadcastRecipient = z.infer<typeof broadcastRecipientSchema>;

export const broadcastResultSchema = z.object({ broadcast: broadcastSchema, message: z.string() });
export type BroadcastResult = z.infer<typeof broadcastResultSchema>;

export const broadcastListQuerySchema = pagingQuerySchema.extend({ episodeId: idSchema.optional() });
export type BroadcastListQuery = z.infer<typeof broadcastListQuerySchema>;
export const broadcastListSchema = z.object({ rows: z.array(broadcastSchema), paging: pagingSchema });
export type BroadcastList = z.infer<typeof broadcastListSchema>;

export const broadcastRecipientListQuerySchema = pagingQuerySchema.extend({
  status: z.enum(BROADCAST_RECIPIENT_STATUSES).optional(),
});
export type BroadcastRecipientListQuery = z.infer<typeof broadcastRecipientListQuerySchema>;
export const broadcastRecipientListSchema = z.object({
  rows: z.array(broadcastRecipientSchema),
  paging: pagingSchema,
});
export type BroadcastRecipientList = z.infer<typeof broadcastRecipientListSchema>;
