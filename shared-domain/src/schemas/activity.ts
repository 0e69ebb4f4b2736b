// My Activity on /dashboard (issue 26, decision 048): the signed-in user's own work today, this week (from Monday)
// and this month, on their organization's calendar (staff and clinicians: the default zone). Each kind is a count
// and its newest items (at most ACTIVITY_ITEM_LIMIT); a kind the user's role cannot have is left out. Items name no
// patient: a visit is told by its date, time, organization and visit type, so reading them is not a patient read.
import { z } from 'zod';
import { isoDateSchema, isoDateTimeSchema } from './common';

/** The windows, in the order the page offers them; each ends with today. */
export const ACTIVITY_WINDOWS = ['today', 'week', 'month'] as const;
export type ActivityWindowKey = (typeof ACTIVITY_WINDOWS)[number];

/**
 * What is counted. Staff: visits they staffed, notes they approved or rejected. Clinicians: their visits checked
 * out, their notes submitted. Organization users: visits they requested. (Tasks and messages join with messaging.)
 */
export const ACTIVITY_KINDS = [
  'visitsStaffed',
  'notesReviewed',
  'visitsCompleted',
  'notesSubmitted',
  'visitsRequested',
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/** The most items a kind lists in a window, newest first. */
export const ACTIVITY_ITEM_LIMIT = 5;

/** One thing the user did, with what a link to it needs (the visit and its service request). */
export const activityItemSchema = z.object({
  visitId: z.number().int(),
  episodeId: z.number().int(),
  /** When the user did it (assigned, reviewed, checked out, submitted, created). */
  at: isoDateTimeSchema,
  dateOfService: isoDateSchema,
  startAt: isoDateTimeSchema,
  /** The zone the visit's time is shown in (its organization's). */
  timeZone: z.string(),
  organizationName: z.string(),
  visitTypeName: z.string(),
  /** A reviewed note only: approved or rejected. */
  outcome: z.enum(['approved', 'rejected']).optional(),
});
export type ActivityItem = z.infer<typeof activityItemSchema>;

export const activityKindCountSchema = z.object({
  kind: z.enum(ACTIVITY_KINDS),
  count: z.number().int().min(0),
  items: z.array(activityItemSchema).max(ACTIVITY_ITEM_LIMIT),
});
export type ActivityKindCount = z.infer<typeof activityKindCountSchema>;

export const activityWindowSchema = z.object({
  window: z.enum(ACTIVITY_WINDOWS),
  /** The window's first day (today; this week's Monday; the 1st of this month) and last (today). */
  from: isoDateSchema,
  to: isoDateSchema,
  kinds: z.array(activityKindCountSchema),
});
export type ActivityWindow = z.infer<typeof activityWindowSchema>;

export const myActivitySchema = z.object({
  /** The calendar the windows are days of. */
  timeZone: z.string(),
  asOf: isoDateTimeSchema,
  windows: z.array(activityWindowSchema),
});
export type MyActivity = z.infer<typeof myActivitySchema>;
