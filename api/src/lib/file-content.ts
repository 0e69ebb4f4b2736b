// Does an uploaded file's content match its name? Magic bytes through `file-type` (ESM only: loaded with a
// dynamic import, which the esbuild bundle keeps and jest compiles; see api/jest.config.cjs). Text kinds have no
// magic bytes: they pass when no binary signature is found and no NUL byte appears (UTF-16 with its byte order
// mark aside). See docs/decisions/012-files.md.

import type { fileTypeFromBuffer } from 'file-type/core';

/** What `file-type` may call the content of a file named with each accepted extension. */
const DETECTED_AS: Record<string, readonly string[]> = {
  pdf: ['pdf', 'ai'],
  png: ['png', 'apng'],
  jpg: ['jpg'],
  jpeg: ['jpg'],
  gif: ['gif'],
  // Word 97 and Excel 97 files are both OLE compound files: their signature is the same.
  doc: ['cfb'],
  xls: ['cfb'],
  docx: ['docx'],
  xlsx: ['xlsx'],
};
const TEXT_EXTENSIONS = new Set(['txt', 'csv']);
/** How much of a text file is read for a NUL byte. */
const TEXT_SAMPLE_BYTES = 64 * 1024;

const BYTE_ORDER_MARKS = [
  [0xef, 0xbb, 0xbf],
  [0xff, 0xfe],
  [0xfe, 0xff],
];

let fileTypeModule: Promise<{ fileTypeFromBuffer: typeof fileTypeFromBuffer }> | undefined;
const loadFileType = () => (fileTypeModule ??= import('file-type/core'));

const startsWith = (content: Uint8Array, bytes: number[]) => bytes.every((b, i) => content[i] === b);

/**
 * True when the content is what a file with this extension (lower case, no dot) holds. Unknown extensions are
 * not this function's business (the caller refuses them by name first): they answer false.
 */
export async function contentMatchesExtension(extension: string, content: Uint8Array): Promise<boolean> {
  const { fileTypeFromBuffer } = await loadFileType();
  if (TEXT_EXTENSIONS.has(extension)) {
    if (BYTE_ORDER_MARKS.some((mark) => startsWith(content, mark))) return true;
    if ((await fileTypeFromBuffer(content)) !== undefined) return false;
    return !content.subarray(0, TEXT_SAMPLE_BYTES).includes(0);
  }
  const expected = DETECTED_AS[extension];
  if (!expected) return false;
  const detected = await fileTypeFromBuffer(content);
  return detected !== undefined && expected.includes(detected.ext);
}
