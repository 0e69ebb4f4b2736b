// In-app notifications of one user (SPEC §3 session state `userNotifications`, Notification (id); issue 24): each
// says what happened and links to it. Written by the server in the transaction of what it tells of (a rejected
// note first); the header shows them once messaging arrives. The list is only ever the caller's own.
import { z } from 'zod';
import { booleanTextSchema, idSchema, isoDateTimeSchema, pagingQuerySchema, pagingSchema } from './common';

export const NOTIFICATION_KINDS = ['noteRejected', 'broadcast'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const userNotificationSchema = z
  .object({
    id: z.number().int(),
    kind: z.enum(NOTIFICATION_KINDS),
    title: z.string(),
    body: z.string(),
    /** The in-app path it is about, e.g. /note?visitId=12. */
    link: z.string().nullable(),
    createdAt: isoDateTimeSchema,
    dismissedAt: isoDateTimeSchema.nullable(),
  })
  .meta({ id: 'UserNotification' });
export type UserNotification = z.infer<typeof userNotificationSchema>;

export const notificationListQuerySchema = pagingQuerySchema.extend({
  undismissed: booleanTextSchema.optional().describe('true: only those not dismissed (the header)'),
});
export type NotificationListQuery = z.infer<typeof notificationListQuerySchema>;
export const notificationListSchema = z.object({
  rows: z.array(userNotificationSchema),
  paging: pagingSchema,
  /** Not dismissed, of every page. */
  undismissedCount: z.number().int(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

/** The texts of a rejected note's notification (ours: SPEC §8 gives none). */
export const NOTE_REJECTED_NOTIFICATION = {
  title: 'Visit notes sent back for changes',
  body: (dateOfService: string, reason: string) =>
    `Your notes of the visit on ${dateOfService} were sent back for changes. Reason: ${reason}`,
};

/** SPEC §4 "notifications dismissed": one at a time or all at once; only the caller's own. */
export const notificationParamsSchema = z.object({ id: idSchema });
export const notificationDismissedSchema = z.object({
  notification: userNotificationSchema,
  undismissedCount: z.number().int(),
});
export type NotificationDismissed = z.infer<typeof notificationDismissedSchema>;
export const notificationsDismissedSchema = z.object({
  /** How many were dismissed by this call. */
  dismissed: z.number().int(),
  undismissedCount: z.number().int(),
});
export type NotificationsDismissed = z.infer<typeof notificationsDismissedSchema>;
