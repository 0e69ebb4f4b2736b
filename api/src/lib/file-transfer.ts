// Files in and out of the API (decision 012). In: the raw request body (no multipart), with the body schema and
// the parser for the accepted content types, registered per plugin so only that plugin's routes take raw bytes.
// Out: the stored bytes as an attachment that the browser neither sniffs nor caches.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { contentDisposition } from './content-disposition';
import {
  FILE_UPLOAD_CONTENT_TYPES,
  fileSizeLimitBytes,
  MAX_FILE_SIZE_LIMIT_MB,
} from '@carelane/shared-domain';

export const uploadBodySchema = z
  .custom<Buffer>((value) => Buffer.isBuffer(value), {
    error: 'must be the file itself, sent as application/octet-stream or its own type',
  })
  .meta({ type: 'string', format: 'binary' })
  .optional();

/**
 * Lets this plugin's routes take the accepted file types as raw bytes. The body limit is the most any
 * fileSizeLimit may allow; checkUpload applies the configured one and names the limit in its answer.
 */
export function acceptRawUploads(app: FastifyInstance): void {
  app.addContentTypeParser(
    FILE_UPLOAD_CONTENT_TYPES,
    { parseAs: 'buffer', bodyLimit: fileSizeLimitBytes(MAX_FILE_SIZE_LIMIT_MB) },
    (_request, body, done) => done(null, body),
  );
}

export const downloadResponseSchema = z.any().meta({ type: 'string', format: 'binary' });

/** Answers with a stored file's bytes as an attachment of its own type. */
export function sendStoredFile(
  reply: FastifyReply,
  file: { fileName: string; contentType: string; content: Buffer },
): FastifyReply {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', contentDisposition(file.fileName))
    .header('x-content-type-options', 'nosniff')
    .send(file.content);
}
