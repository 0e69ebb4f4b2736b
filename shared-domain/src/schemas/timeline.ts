// /timeline (issue 27, decision 066): for a patient, a clinician or an organization, everything said and done in
// time order, newest first. The entries are read from where each lives (chat messages, SMS and email both ways,
// tasks, incidents, the audit log's changes and, for a patient, the access log's reads) and from the timeline's
// own notes: call logs, communication notes and comments, added on the page (SPEC §8 toasts).
import { z } from 'zod';
import { MESSAGES } from '../errors';
import { boundedDateSchema, idSchema, idValueSchema, isoDateTimeSchema, pagingSchema } from './common';

export const TIMELINE_SUBJECTS = ['patient', 'clinician', 'organization'] as const;
export type TimelineSubject = (typeof TIMELINE_SUBJECTS)[number];

/** What an entry is, in the order the page's kind filter lists them. */
export const TIMELINE_KINDS = [
  'message',
  'sms',
  'email',
  'callLog',
  'communicationNote',
  'comment',
  'task',
  'incident',
  'change',
  'access',
] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];
export const TIMELINE_KIND_LABELS: Record<TimelineKind, string> = {
  message: 'Messages',
  sms: 'SMS',
  email: 'Emails',
  callLog: 'Call logs',
  communicationNote: 'Communication notes',
  comment: 'Comments',
  task: 'Tasks',
  incident: 'Incidents',
  change: 'Changes',
  access: 'Patient access log',
};
/** The kinds added on the timeline itself. */
export const TIMELINE_NOTE_KINDS = ['callLog', 'communicationNote', 'comment'] as const;
export type TimelineNoteKind = (typeof TIMELINE_NOTE_KINDS)[number];
export const TIMELINE_NOTE_ADDED: Record<TimelineNoteKind, string> = {
  callLog: MESSAGES.callLogAdded,
  communicationNote: MESSAGES.communicationNoteAdded,
  comment: MESSAGES.commentAdded,
};
export const CALL_DIRECTIONS = ['Outgoing', 'Incoming'] as const;
export const TIMELINE_NOTE_MAX = 4000;
/** SPEC §9: comments are paged 10; the timeline pages the same way. */
export const TIMELINE_PAGE_SIZE = 10;

/** A comma-separated list of kinds in the query (`kinds=sms,email`); absent: every kind. */
const kindsTextSchema = z
  .string()
  .max(200)
  .transform((text, ctx) => {
    const kinds = text
      .split(',')
      .map((kind) => kind.trim())
      .filter(Boolean);
    const unknown = kinds.filter((kind) => !(TIMELINE_KINDS as readonly string[]).includes(kind));
    if (unknown.length) {
      ctx.addIssue({ code: 'custom', message: `has an unknown kind: ${unknown.join(', ')}` });
      return z.NEVER;
    }
    return kinds as TimelineKind[];
  });

export const timelineQuerySchema = z.object({
  subject: z.enum(TIMELINE_SUBJECTS),
  id: idSchema,
  kinds: kindsTextSchema.optional(),
  /** The organization's calendar days, inclusive. */
  from: boundedDateSchema.optional(),
  to: boundedDateSchema.optional(),
  pageNumber: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(TIMELINE_PAGE_SIZE),
});
export type TimelineQuery = z.infer<typeof timelineQuerySchema>;

export const timelineEntrySchema = z.object({
  /** `<kind>:<id>`, unique in a timeline. */
  key: z.string(),
  kind: z.enum(TIMELINE_KINDS),
  at: isoDateTimeSchema,
  /** One line: what happened ("SMS from 512-555-0104", "Task: Call the family", "Status: Active → On Hold"). */
  title: z.string(),
  /** The text said or written, when there is one. */
  body: z.string().nullable(),
  /** Who said or did it, when known. */
  actorName: z.string().nullable(),
  /** Where it lives in the product (an in-app path), when it has a page. */
  link: z.string().nullable(),
});
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;

export const timelineSchema = z.object({
  subject: z.enum(TIMELINE_SUBJECTS),
  id: z.number().int(),
  /** The patient's, clinician's or organization's name. */
  name: z.string(),
  rows: z.array(timelineEntrySchema),
  paging: pagingSchema,
});
export type Timeline = z.infer<typeof timelineSchema>;

export const timelineNoteInputSchema = z
  .object({
    subject: z.enum(TIMELINE_SUBJECTS),
    id: idValueSchema,
    kind: z.enum(TIMELINE_NOTE_KINDS),
    body: z.string().trim().min(1, 'is required').max(TIMELINE_NOTE_MAX),
    /** Call logs: who was on the call and which way it went. */
    contactName: z.string().trim().max(200).optional(),
    direction: z.enum(CALL_DIRECTIONS).optional(),
  })
  .superRefine((input, ctx) => {
    if (input.kind === 'callLog' && !input.direction)
      ctx.addIssue({ code: 'custom', path: ['direction'], message: 'is required for a call log' });
  });
export type TimelineNoteInput = z.infer<typeof timelineNoteInputSchema>;
export const timelineNoteAnswerSchema = z.object({ entry: timelineEntrySchema, message: z.string() });
