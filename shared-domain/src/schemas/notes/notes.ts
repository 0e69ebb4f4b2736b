// The visit notes API (issue 12, SPEC §7 "notes": note, episodeNote, noteType, templates, ICD codes; decision 027).
// Paths live under /api/notes. A note belongs to one visit; the visit's status is the note's status (the notes
// statuses of the visit state machine).
import { z } from 'zod';
import {
  apiErrorSchema,
  boundedDateSchema,
  idSchema,
  idValueSchema,
  isoDateSchema,
  isoDateTimeSchema,
  pagingQuerySchema,
  pagingSchema,
  versionSchema,
} from '../common';
import { VISIT_STATUSES } from '../../visits/visit-status';
import { NOTE_TYPE_CODES, noteDefinitionSchema } from '../../notes/definition';

/** SPEC §8 texts of the notes area. */
export const NOTE_TEXTS = {
  saved: 'Notes saved.',
  completed: 'Notes completed.',
  reopened: 'Notes re-opened.',
  autoSaveFailed:
    "Note not auto-saved. Please try again and if error persists contact care coordinator. Please do NOT continue to enter notes as it won't be saved at this time.",
  saveFailed:
    "Note not saved. Please try again and if error persists contact care coordinator. Please do NOT continue to enter notes as it won't be saved at this time.",
  submitFailed: 'Sorry, Notes could not be submitted.',
  reopenFailed: 'Sorry, Notes could not be re-opened.',
  completeFailed: 'Sorry, Notes could not be completed.',
  /** Ours: the reject failure, worded like SPEC §8's. */
  rejectFailed: 'Sorry, Notes could not be rejected.',
  commentAdded: 'Comment added successfully!',
  /** Ours (issue 12): the draft is kept on the device while the server cannot take it. */
  savedOnDevice: 'Saved on this device — will send when online',
  /** Ours: the submit and reject toasts (SPEC §8 shows none). */
  submitted: 'Notes submitted for review.',
  rejected: 'Notes sent back to the clinician.',
} as const;

/** SPEC §9 visit comments are paged by 5. */
export const NOTE_COMMENTS_PAGE_SIZE = 5;
/** The most notes one print-all request may ask for (a 400 names `endDate` beyond it). */
export const PRINT_ALL_MAX_NOTES = 500;
/** SPEC §9 default date range of the notes list: visit completion −60 days to today. */
export const NOTES_LIST_DEFAULT_DAYS_BACK = 60;
/** Our due time for notes (decision 027): this many hours after the visit's end; then the job marks NotesOverdue. */
export const NOTES_DUE_HOURS = 48;

/** The visit statuses a notes list filters by. */
export const NOTE_LIST_STATUSES = [
  'NotesDue',
  'NotesOverdue',
  'NotesInReview',
  'NotesRejected',
  'NotesApproved',
  'ApprovalDue',
  'FinalReview',
  'FinalConfirmed',
] as const satisfies readonly (typeof VISIT_STATUSES)[number][];
export const noteListStatusFilterSchema = z.enum(['ALL', ...NOTE_LIST_STATUSES]);

/** GET /api/notes/notes — the notes list and the reviewer's queue (status NotesInReview). */
export const notesListQuerySchema = pagingQuerySchema.extend({
  status: noteListStatusFilterSchema.default('ALL'),
  providerId: idSchema.optional(),
  patientId: idSchema.optional(),
  referralSourceId: idSchema.optional(),
  episodeId: idSchema.optional(),
  startDate: boundedDateSchema.optional().describe('First date of service; default 60 days ago (SPEC §9)'),
  endDate: boundedDateSchema.optional().describe('Last date of service, taken whole; default today'),
});
export type NotesListQuery = z.infer<typeof notesListQuerySchema>;

export const noteListRowSchema = z.object({
  visitId: z.number().int(),
  noteId: z.number().int().nullable(),
  /** The note's type; before the first save (noteId null) the type the visit's new note gets. */
  noteType: z.enum(NOTE_TYPE_CODES).nullable(),
  noteTypeName: z.string().nullable(),
  status: z.enum(VISIT_STATUSES),
  statusLabel: z.string(),
  dateOfService: isoDateSchema,
  patientId: z.number().int().nullable(),
  patientName: z.string(),
  providerId: z.number().int().nullable(),
  providerName: z.string(),
  referralSourceId: z.number().int(),
  referralSourceName: z.string(),
  episodeId: z.number().int(),
  /** When the notes are due (visit end + NOTES_DUE_HOURS); null before check-out. */
  dueAt: isoDateTimeSchema.nullable(),
  /** Minutes past dueAt while the notes are not submitted (NotesDue past due, NotesOverdue); else null. */
  minutesLate: z.number().int().nullable(),
  submittedAt: isoDateTimeSchema.nullable(),
});
export type NoteListRow = z.infer<typeof noteListRowSchema>;
export const noteListSchema = z.object({ rows: z.array(noteListRowSchema), paging: pagingSchema });
export type NoteList = z.infer<typeof noteListSchema>;

/** One EVV record of the visit (decision 025) as the reviewer sees it. */
export const noteEvvRecordSchema = z.object({
  kind: z.enum(['checkIn', 'checkOut']),
  /** The device time of the tap. */
  at: isoDateTimeSchema,
  recordedAt: isoDateTimeSchema,
  /** Where the visit was held: at the patient's place, or by video in /tc (no position). */
  location: z.enum(['home', 'telehealth']),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /** Miles between the device and the patient's (or facility's) address; null when either is unknown. */
  distanceMiles: z.number().nullable(),
  /** The location was taken no more than locationExpiryInMins (SPEC §9) before the tap reached the server. */
  locationFresh: z.boolean(),
});

/**
 * A check-in or check-out flagged for review (decision 038): farther than the limit from the patient's address.
 * The notes are approved only once a reviewer has acknowledged every flag of the visit.
 */
export const noteEvvFlagSchema = z
  .object({
    id: z.number().int(),
    kind: z.enum(['distance']),
    /** Which EVV element: the check-in or the check-out. */
    element: z.enum(['checkIn', 'checkOut']),
    /** The device time of the tap. */
    at: isoDateTimeSchema,
    distanceMiles: z.number(),
    limitMiles: z.number(),
    acknowledgedAt: isoDateTimeSchema.nullable(),
    acknowledgedByName: z.string().nullable(),
  })
  .meta({ id: 'NoteEvvFlag' });
export type NoteEvvFlag = z.infer<typeof noteEvvFlagSchema>;

/** The six EVV elements of the visit (who, whom, what service, where, when in, when out). */
export const noteVisitSchema = z.object({
  visitId: z.number().int(),
  episodeId: z.number().int(),
  status: z.enum(VISIT_STATUSES),
  statusLabel: z.string(),
  lateCancellation: z.boolean(),
  version: z.number().int(),
  dateOfService: isoDateSchema,
  scheduledStart: isoDateTimeSchema,
  scheduledEnd: isoDateTimeSchema,
  /** The zone the visit's times are shown in: its own, else its organization's (decision 039). */
  timeZone: z.string(),
  timeIn: isoDateTimeSchema.nullable(),
  timeOut: isoDateTimeSchema.nullable(),
  patientId: z.number().int().nullable(),
  patientName: z.string(),
  address: z.string().nullable(),
  providerId: z.number().int().nullable(),
  providerName: z.string(),
  providerType: z.string(),
  visitType: z.string(),
  referralSourceName: z.string(),
  enableNotesWorkflow: z.boolean(),
  evv: z.array(noteEvvRecordSchema),
  evvFlags: z.array(noteEvvFlagSchema),
});
export type NoteVisit = z.infer<typeof noteVisitSchema>;

export const noteSchema = z.object({
  id: z.number().int(),
  visitId: z.number().int(),
  noteType: z.enum(NOTE_TYPE_CODES),
  definitionVersion: z.number().int(),
  values: z.record(z.string(), z.unknown()),
  /** Starts at 1 with the first save; every acknowledged save adds one (and one revision). */
  version: z.number().int(),
  savedAt: isoDateTimeSchema,
  savedByName: z.string(),
  submittedAt: isoDateTimeSchema.nullable(),
});
export type Note = z.infer<typeof noteSchema>;

/** GET /api/notes/visits/:id/note — the visit, its note (null before the first save) and what the caller may do. */
export const noteDetailSchema = z.object({
  visit: noteVisitSchema,
  note: noteSchema.nullable(),
  /** The definition the note was written with; for a new note, the current version of the visit's note type. */
  definition: noteDefinitionSchema,
  /** The caller may save (the assigned clinician while the notes are Due, Overdue or Rejected). */
  canEdit: z.boolean(),
  /** The caller may approve, reject, comment (staff reviewers while NotesInReview). */
  canReview: z.boolean(),
  /** The caller may re-open (staff, once submitted). */
  canReopen: z.boolean(),
});
export type NoteDetail = z.infer<typeof noteDetailSchema>;

/** PUT /api/notes/visits/:id/note — one save (silent autosave or manual). */
export const noteSaveInputSchema = z.object({
  noteType: z.enum(NOTE_TYPE_CODES),
  definitionVersion: z.number().int().positive(),
  values: z.record(z.string(), z.unknown()),
  /** The note version this text was based on: 0 for the first save. A stale one is a 409 carrying the newer note. */
  baseVersion: versionSchema,
  /** A random id the device keeps in IndexedDB, recorded on the revision. */
  deviceId: z.string().min(1).max(100),
  autosave: z.boolean().default(false),
});
export type NoteSaveInput = z.infer<typeof noteSaveInputSchema>;

/** The 409 of a stale save: the error plus the note as it is on the server, to show side by side. */
export const staleNoteErrorSchema = apiErrorSchema.extend({ current: noteSchema });
export type StaleNoteError = z.infer<typeof staleNoteErrorSchema>;

/** POST /api/notes/visits/:id/note/{submit,reopen,approve} — the note version the caller saw. */
export const noteActionInputSchema = z.object({ version: versionSchema });
/** POST /api/notes/visits/:id/note/reject — the reason goes to the clinician (outbox). */
export const noteRejectInputSchema = z.object({
  version: versionSchema,
  reason: z.string().trim().min(1, { error: 'is required' }).max(2000),
});
export const noteActionResultSchema = z.object({
  status: z.enum(VISIT_STATUSES),
  statusLabel: z.string(),
  visitVersion: z.number().int(),
  message: z.string(),
});
export type NoteActionResult = z.infer<typeof noteActionResultSchema>;

/** POST /api/notes/visits/:id/note/evvFlags/acknowledge — the flags the reviewer saw and acknowledges. */
export const noteEvvAcknowledgeInputSchema = z.object({
  flagIds: z.array(idValueSchema).min(1, { error: 'must name at least one flag' }).max(20),
});
export type NoteEvvAcknowledgeInput = z.infer<typeof noteEvvAcknowledgeInputSchema>;
/** The visit's flags after the acknowledgement, and 'EVV flags acknowledged.'. */
export const noteEvvAcknowledgeResultSchema = z.object({
  evvFlags: z.array(noteEvvFlagSchema),
  message: z.string(),
});

/** Comments on a visit's note, optionally on one field; paged by 5 (SPEC §9 visit comments). */
export const noteCommentInputSchema = z.object({
  fieldId: z.string().max(100).nullable().default(null),
  text: z.string().trim().min(1, { error: 'is required' }).max(2000),
});
export const noteCommentSchema = z.object({
  id: z.number().int(),
  fieldId: z.string().nullable(),
  text: z.string(),
  authorName: z.string(),
  createdAt: isoDateTimeSchema,
});
export const noteCommentListSchema = z.object({ rows: z.array(noteCommentSchema), paging: pagingSchema });
/** POST …/note/comments answers the comment and 'Comment added successfully!'. */
export const noteCommentResultSchema = z.object({ comment: noteCommentSchema, message: z.string() });
export const noteCommentsQuerySchema = pagingQuerySchema.extend({
  pageSize: z.coerce.number().int().min(1).max(100).default(NOTE_COMMENTS_PAGE_SIZE),
});

/** The append-only revisions of a note (who, when, from which device). */
export const noteRevisionSchema = z.object({
  version: z.number().int(),
  savedAt: isoDateTimeSchema,
  savedByName: z.string(),
  deviceId: z.string(),
  autosave: z.boolean(),
});
export const noteRevisionListSchema = z.object({ rows: z.array(noteRevisionSchema) });
export const noteRevisionDetailSchema = noteRevisionSchema.extend({
  values: z.record(z.string(), z.unknown()),
});
export const noteRevisionParamsSchema = z.object({
  id: idSchema,
  version: z.coerce.number().int().positive(),
});

/** GET /api/notes/noteTypes — each type with its current definition version. */
export const noteTypeSchema = z.object({
  code: z.enum(NOTE_TYPE_CODES),
  name: z.string(),
  currentVersion: z.number().int(),
  versions: z.array(z.number().int()),
});
export const noteTypeListSchema = z.object({ rows: z.array(noteTypeSchema) });
export const noteDefinitionParamsSchema = z.object({
  code: z.enum(NOTE_TYPE_CODES),
  version: z.coerce.number().int().positive(),
});

/** GET /api/notes/icdCodes?q= — by code prefix or words. */
export const icdQuerySchema = z.object({
  q: z.string().trim().min(1).max(100),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export const icdCodeSchema = z.object({ code: z.string(), description: z.string() });
export const icdCodeListSchema = z.object({ rows: z.array(icdCodeSchema) });

/** GET /api/notes/notesListForPrint — approved notes of an episode or a patient in a date range, oldest first. */
export const notesForPrintQuerySchema = z
  .object({
    episodeId: idSchema.optional(),
    patientId: idSchema.optional(),
    startDate: boundedDateSchema,
    endDate: boundedDateSchema,
  })
  .refine((q) => q.episodeId !== undefined || q.patientId !== undefined, {
    error: 'episodeId or patientId is required',
    path: ['episodeId'],
  });
export const printableNoteSchema = z.object({
  visit: noteVisitSchema.omit({ evv: true, evvFlags: true }),
  note: noteSchema,
  definition: noteDefinitionSchema,
  /** The signature field's typed name and time, when signed. */
  signedBy: z.string().nullable(),
});
export type PrintableNote = z.infer<typeof printableNoteSchema>;
export const notesForPrintSchema = z.object({ rows: z.array(printableNoteSchema) });

/** The goal phrase library (templates), editable by administrators; the German text is for templates only (SPEC §9). */
export const goalTemplateSchema = z.object({
  id: z.number().int(),
  category: z.string(),
  person: z.string(),
  action: z.string(),
  phrase: z.string(),
  phraseDe: z.string().nullable(),
  version: z.number().int(),
});
export type GoalTemplate = z.infer<typeof goalTemplateSchema>;
export const goalTemplateListSchema = z.object({ rows: z.array(goalTemplateSchema) });
export const goalTemplateInputSchema = z.object({
  category: z.string().min(1),
  person: z.string().trim().min(1).max(100),
  action: z.string().trim().min(1).max(100),
  phrase: z.string().trim().min(1).max(500),
  phraseDe: z.string().trim().max(500).nullable().default(null),
});
export const goalTemplateUpdateSchema = goalTemplateInputSchema.extend({ version: versionSchema });

export const visitIdParamsSchema = z.object({ id: idSchema });
