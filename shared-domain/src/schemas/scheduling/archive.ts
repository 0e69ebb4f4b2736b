import { z } from 'zod';
import { boundedDateSchema, isoDateTimeSchema } from '../common';

/** One reason of a reason-list constant (e.g. episodeArchiveReasons): JSON text of [{ id, label }]. */
export const constantReasonSchema = z.object({ id: z.union([z.number(), z.string()]), label: z.string() });
export type ConstantReason = z.infer<typeof constantReasonSchema>;

/** The reasons of a reason-list constant's value; [] when the text is not such a list. */
export function parseConstantReasons(text: string | null | undefined): ConstantReason[] {
  if (!text) return [];
  try {
    const parsed = z.array(constantReasonSchema).safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

export const archivePreviewQuerySchema = z.object({
  olderThan: boundedDateSchema.describe('Archive what has no visit on or after this day'),
});
export const archivePreviewSchema = z
  .object({ olderThan: z.string(), episodes: z.number().int(), patients: z.number().int() })
  .meta({ id: 'ArchivePreview' });
export type ArchivePreview = z.infer<typeof archivePreviewSchema>;

export const archiveStartSchema = z.object({
  olderThan: boundedDateSchema,
  episodeReason: z.string().trim().min(1, { error: 'is required' }).max(200),
  patientReason: z.string().trim().min(1, { error: 'is required' }).max(200),
  expectedEpisodes: z.number().int().min(0).describe('The count the user confirmed (from the preview)'),
  expectedPatients: z.number().int().min(0),
});
export type ArchiveStart = z.infer<typeof archiveStartSchema>;

export const archiveRunStatusSchema = z.enum(['Running', 'Done', 'Failed']);
export const archiveRunSchema = z
  .object({
    id: z.number().int(),
    olderThan: z.string(),
    episodeReason: z.string().nullable(),
    patientReason: z.string().nullable(),
    total: z.number().int(),
    done: z.number().int(),
    status: archiveRunStatusSchema,
    error: z.string().nullable(),
    createdBy: z.number().int().nullable(),
    createdAt: isoDateTimeSchema,
    finishedAt: isoDateTimeSchema.nullable(),
  })
  .meta({ id: 'ArchiveRun' });
export type ArchiveRun = z.infer<typeof archiveRunSchema>;
export const archiveRunListSchema = z.object({ rows: z.array(archiveRunSchema) });

/** Whole percent done of a run, for the progress bar (a finished run is 100). */
export function archiveRunPercent(run: Pick<ArchiveRun, 'done' | 'total' | 'status'>): number {
  if (run.status === 'Done') return 100;
  if (run.total <= 0) return 0;
  return Math.min(100, Math.floor((run.done / run.total) * 100));
}
