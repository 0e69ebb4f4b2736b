import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { BILLING_MESSAGES, type ApiError, type FieldError } from '@carelane/shared-domain';
import { AppError, databaseFailure } from '../lib/errors';

const REQUIRED_PATTERN = /received undefined$/;
/** The SQLSTATE the billed visit guard raises (migration 0022). */
const BILLED_VISIT_SQLSTATE = 'CL409';

/** zod's text of a value outside a fixed list: 'Invalid option: expected one of "a"|"b"'. */
const OPTIONS_PATTERN = /^Invalid option: expected one of (.*)$/;

function fieldMessage(message: string, keyword: string): string {
  if (keyword === 'invalid_type' && REQUIRED_PATTERN.test(message)) return 'is required';
  if (keyword === 'unrecognized_keys') return message;
  const options = OPTIONS_PATTERN.exec(message);
  if (options) return `must be one of ${options[1]!.split('|').join(', ')}`;
  return message.replace(/^Invalid input: /, '').replace(/^Invalid option: /, 'must be one of ');
}

/** The keywords under which zod reports a field that was not sent at all (a fixed list's among them). */
const MISSING_KEYWORDS = new Set(['invalid_type', 'invalid_value']);

/** Where fastify keeps each validated part of a request. */
const REQUEST_PART = { body: 'body', querystring: 'query', params: 'params', headers: 'headers' } as const;

/** True when nothing was sent at `path` of the validated part (a schema's own message may hide that). */
function isMissing(request: FastifyRequest, where: string, path: string[]): boolean {
  const part = REQUEST_PART[where as keyof typeof REQUEST_PART];
  if (!part || path.length === 0) return false;
  let value: unknown = request[part];
  for (const key of path) {
    if (typeof value !== 'object' || value === null) return false;
    value = (value as Record<string, unknown>)[key];
  }
  return value === undefined;
}

/**
 * The logger's `err` serializer: a database failure as databaseFailure() with the stack frames; any other error
 * as its type, code, message and stack (not its other fields, which may carry what was sent).
 */
export function serializeError(error: Error): {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
} {
  const failure = databaseFailure(error);
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  if (!failure) {
    const code = (error as { code?: unknown }).code;
    return { type: error.name, code, message: String(error.message), stack: error.stack ?? '' };
  }
  return {
    type: 'DatabaseError',
    ...failure,
    stack: [`DatabaseError ${failure.code}: ${failure.message}`, ...frames].join('\n'),
  };
}

function send(reply: FastifyReply, body: ApiError & Record<string, unknown>): void {
  void reply.status(body.statusCode).type('application/json').send(body);
}

/** Turns every failure into the one JSON error shape; no stack trace or SQL ever leaves the server. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
      return send(reply, {
        ...error.extra,
        statusCode: error.statusCode,
        code: error.code,
        error: error.message,
        errors: error.errors,
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const where = error.validationContext ?? 'body';
      const errors: FieldError[] = error.validation.map((v) => {
        const segments = v.instancePath.split('/').filter(Boolean);
        const path = segments.join('.');
        const message =
          MISSING_KEYWORDS.has(v.keyword) && isMissing(request, where, segments)
            ? 'is required'
            : fieldMessage(v.message ?? 'is invalid', v.keyword);
        return { field: path || where, message };
      });
      const text = errors.map((e) => `${e.field}: ${e.message}`).join(', ');
      return send(reply, { statusCode: 400, code: 'VALIDATION', error: text, errors });
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      const message = 'is larger than the server accepts';
      return send(reply, {
        statusCode: 400,
        code: 'BODY_TOO_LARGE',
        error: `body: ${message}`,
        errors: [{ field: 'body', message }],
      });
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      const message = 'must be sent as application/json';
      return send(reply, {
        statusCode: 415,
        code: 'UNSUPPORTED_MEDIA_TYPE',
        error: `body: ${message}`,
        errors: [{ field: 'body', message }],
      });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Fastify's own client errors: malformed JSON, empty body, bad content length.
      const message =
        error.code?.startsWith('FST_ERR_CTP') || error instanceof SyntaxError
          ? 'is not valid JSON'
          : 'is invalid';
      return send(reply, {
        statusCode: 400,
        code: 'VALIDATION',
        error: `body: ${message}`,
        errors: [{ field: 'body', message }],
      });
    }
    const failure = databaseFailure(error);
    if (failure?.code === BILLED_VISIT_SQLSTATE) {
      // The billed visit guard (migration 0022): a billed or paid visit keeps its approved status.
      return send(reply, {
        statusCode: 409,
        code: 'VISIT_BILLED',
        error: BILLING_MESSAGES.visitBilled,
        errors: [{ field: 'status', message: BILLING_MESSAGES.visitBilled }],
      });
    }
    if (failure?.code.startsWith('22')) {
      // A data exception (bad number, date, text) the route's schema let through: still the caller's input.
      request.log.warn({ err: error }, 'the database refused a value the request schema accepted');
      return send(reply, {
        statusCode: 400,
        code: 'INVALID_VALUE',
        error: 'A value in the request is out of range or not in the form it must have.',
      });
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, {
      statusCode: 500,
      code: 'INTERNAL',
      error: 'Something went wrong on our side. Please try again, and tell support if it keeps happening.',
    });
  });

  app.setNotFoundHandler((request, reply) => {
    send(reply, {
      statusCode: 404,
      code: 'NOT_FOUND',
      error: `There is nothing at ${request.method} ${request.url.split('?')[0]}.`,
    });
  });
}
