// Files of a service request (SPEC §3 Episode `files`, SPEC §7 fileserver, SPEC §9 fileSizeLimit): which files
// may be attached, how big, and what the API answers. The same checks run in the browser before an upload.
import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from '../common';

/** The accepted file kinds by extension, and the content type each is stored and served with. */
export const FILE_TYPES_BY_EXTENSION = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  txt: 'text/plain',
  csv: 'text/csv',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

/** What an upload may be sent as: any accepted type, or plain bytes (the file name decides the type). */
export const FILE_UPLOAD_CONTENT_TYPES = [
  ...new Set<string>(Object.values(FILE_TYPES_BY_EXTENSION)),
  'application/octet-stream',
];

/** For `<input accept>`: the accepted extensions. */
export const FILE_ACCEPT = Object.keys(FILE_TYPES_BY_EXTENSION)
  .map((extension) => `.${extension}`)
  .join(',');

/** The most the fileSizeLimit constant can allow, whatever it is set to (the server's body limit). */
export const MAX_FILE_SIZE_LIMIT_MB = 25;
export const FILE_NAME_MAX = 200;

export const FILE_MESSAGES = {
  empty: 'The file is empty.',
  tooLarge: (limitMb: number) => `The file is larger than ${limitMb} MB.`,
  wrongType: 'Only PDF, PNG, JPEG, GIF, TXT, CSV, DOC, DOCX, XLS and XLSX files can be attached.',
  locked: (status: string) => `This service request is ${status}: files can no longer be added or deleted.`,
} as const;

/** The content type of an accepted file name (by its extension), or null. */
export function fileTypeOf(fileName: string): string | null {
  const match = /\.([A-Za-z0-9]+)$/.exec(fileName.trim());
  const extension = match?.[1]?.toLowerCase() as keyof typeof FILE_TYPES_BY_EXTENSION | undefined;
  return (extension && FILE_TYPES_BY_EXTENSION[extension]) ?? null;
}

/** The limit in force: the fileSizeLimit constant (megabytes), never above MAX_FILE_SIZE_LIMIT_MB. */
export function effectiveFileSizeLimitMb(configuredMb: number): number {
  return Math.min(configuredMb, MAX_FILE_SIZE_LIMIT_MB);
}

export const fileSizeLimitBytes = (limitMb: number) => Math.floor(limitMb * 1024 * 1024);

/** Why a file cannot be attached (the `file` field's message), or null when it can. */
export function fileRefusal(file: { name: string; size: number }, limitMb: number): string | null {
  if (!fileTypeOf(file.name)) return FILE_MESSAGES.wrongType;
  if (file.size === 0) return FILE_MESSAGES.empty;
  if (file.size > fileSizeLimitBytes(limitMb)) return FILE_MESSAGES.tooLarge(limitMb);
  return null;
}

/** e.g. 812 B, 12.4 KB, 3.2 MB. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const kb = bytes / 1024;
  if (kb < 1024) return `${kb < 10 ? kb.toFixed(1) : Math.round(kb)} KB`;
  const mb = kb / 1024;
  return `${mb < 10 ? mb.toFixed(1) : Math.round(mb)} MB`;
}

export const fileNameSchema = z
  .string()
  .trim()
  .min(1, { error: 'is required' })
  .max(FILE_NAME_MAX, { error: `must be at most ${FILE_NAME_MAX} characters` })
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  .regex(/^[^\u0000-\u001f\u007f/\\]*$/, { error: 'must be a file name without / or \\' });

export const episodeFileUploadQuerySchema = z.object({ fileName: fileNameSchema });
export const episodeFileParamsSchema = z.object({ id: idSchema, fileId: idSchema });

export const episodeFileSchema = z
  .object({
    id: z.number().int(),
    episodeId: z.number().int(),
    fileName: z.string(),
    contentType: z.string(),
    sizeBytes: z.number().int(),
    uploadedAt: isoDateTimeSchema,
    uploadedByName: z.string().nullable(),
  })
  .meta({ id: 'EpisodeFile' });
export type EpisodeFile = z.infer<typeof episodeFileSchema>;

export const episodeFileListSchema = z.object({
  rows: z.array(episodeFileSchema),
  /** The limit in force, in megabytes, so a page checks a file before sending it. */
  fileSizeLimitMb: z.number(),
});
export type EpisodeFileList = z.infer<typeof episodeFileListSchema>;
