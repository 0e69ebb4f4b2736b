// The checks every uploaded file passes before it is stored (decision 012): an accepted type by its name, not
// empty, within the fileSizeLimit constant, and content that is what the extension names. Each refusal names
// the `file` field: 400, or 413 FILE_TOO_LARGE over the limit.
import {
  effectiveFileSizeLimitMb,
  FILE_MESSAGES,
  fileSizeLimitBytes,
  fileTypeOf,
} from '@carelane/shared-domain';
import type { Executor } from '../db/client';
import { AppError } from '../lib/errors';
import { contentMatchesExtension } from '../lib/file-content';
import { loadTypedConstants } from '../modules/admin/constants';

/** The file's content is not what its extension names (e.g. a program renamed .pdf). */
const contentMismatch = (extension: string) =>
  `The content of this file is not a ${extension.toUpperCase()} file.`;

const fileRefused = (message: string, statusCode = 400, code = 'VALIDATION') =>
  new AppError(statusCode, code, message, [{ field: 'file', message }]);

/** The fileSizeLimit constant in force, in MB. */
export async function fileSizeLimitMb(ex: Executor): Promise<number> {
  return effectiveFileSizeLimitMb((await loadTypedConstants(ex)).fileSizeLimitMb);
}

/** Checks a file about to be stored; returns the content type it is stored and served with. */
export async function checkUpload(ex: Executor, fileName: string, content: Buffer): Promise<string> {
  const contentType = fileTypeOf(fileName);
  if (!contentType) throw fileRefused(FILE_MESSAGES.wrongType);
  if (content.length === 0) throw fileRefused(FILE_MESSAGES.empty);
  const limitMb = await fileSizeLimitMb(ex);
  if (content.length > fileSizeLimitBytes(limitMb))
    throw fileRefused(FILE_MESSAGES.tooLarge(limitMb), 413, 'FILE_TOO_LARGE');
  const extension = fileName.trim().split('.').pop()!.toLowerCase();
  if (!(await contentMatchesExtension(extension, content))) throw fileRefused(contentMismatch(extension));
  return contentType;
}
