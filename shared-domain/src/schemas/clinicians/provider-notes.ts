// Notes about a clinician on the clinician detail `/provider` (SPEC §3 "comments (paged)", §9 "comments 10"):
// staff who may open the clinician read them newest first, 10 a page, with the author and the time, and add one.
// Clinicians and organization users never see them. Our choice of SPEC §8 texts: the success toast is the
// catalogue's 'Note added successfully!'; a failure reads 'Sorry, note could not be added. ' + the server's text.
import { z } from 'zod';
import { isoDateTimeSchema, pagingSchema } from '../common';

/** SPEC §9: comments are paged by 10. */
export const PROVIDER_NOTES_PAGE_SIZE = 10;
/** The longest note, in characters (after trimming). */
export const PROVIDER_NOTE_MAX_LENGTH = 2000;
/** SPEC §8 success toast. */
export const PROVIDER_NOTE_ADDED = 'Note added successfully!';
/** SPEC §8 failure subject: 'Sorry, note could not be added. ' + the server's text. */
export const PROVIDER_NOTE_THING = 'note';

export const PROVIDER_NOTE_MESSAGES = {
  required: 'is required',
  tooLong: `must be at most ${PROVIDER_NOTE_MAX_LENGTH} characters`,
} as const;

/** `POST /api/admin/providers/:id/notes`: the text, trimmed, 1 to 2000 characters (a 400 names `text`). */
export const providerNoteInputSchema = z.object({
  text: z
    .string({ error: PROVIDER_NOTE_MESSAGES.required })
    .trim()
    .min(1, { error: PROVIDER_NOTE_MESSAGES.required })
    .max(PROVIDER_NOTE_MAX_LENGTH, { error: PROVIDER_NOTE_MESSAGES.tooLong }),
});
export type ProviderNoteInput = z.infer<typeof providerNoteInputSchema>;

/** `GET /api/admin/providers/:id/notes` paging. */
export const providerNotesQuerySchema = z.object({
  pageNumber: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(PROVIDER_NOTES_PAGE_SIZE),
});
export type ProviderNotesQuery = z.infer<typeof providerNotesQuerySchema>;

/** One note: who wrote it and when. */
export const providerNoteSchema = z
  .object({
    id: z.number().int(),
    providerId: z.number().int(),
    text: z.string(),
    authorUserId: z.number().int(),
    authorName: z.string(),
    createdAt: isoDateTimeSchema,
  })
  .meta({ id: 'ProviderNote' });
export type ProviderNote = z.infer<typeof providerNoteSchema>;

/** A page of the clinician's notes, newest first. */
export const providerNoteListSchema = z.object({
  rows: z.array(providerNoteSchema),
  paging: pagingSchema,
});
export type ProviderNoteList = z.infer<typeof providerNoteListSchema>;
