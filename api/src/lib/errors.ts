import type { FieldError } from '@carelane/shared-domain';

/** An expected failure: answered with its status and the one JSON error shape, never logged as a crash. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly errors?: FieldError[],
    /** Sent as Retry-After with 429 answers. */
    readonly retryAfterSeconds?: number,
    /**
     * More properties of the answer beside the error (e.g. the stale note's `current`); the route's response
     * schema for the status must name them, or the serializer drops them.
     */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

/** A 400 naming each field with what is wrong with it. */
export const invalidFields = (errors: FieldError[]) =>
  new AppError(400, 'VALIDATION', errors.map((e) => `${e.field}: ${e.message}`).join(', '), errors);
export const badRequest = (field: string, message: string) => invalidFields([{ field, message }]);
export const unauthorized = (message = 'Please sign in to continue.') =>
  new AppError(401, 'UNAUTHORIZED', message);
export const forbidden = (message = "Sorry, you don't have access to this.") =>
  new AppError(403, 'FORBIDDEN', message);
export const notFound = (thing: string) => new AppError(404, 'NOT_FOUND', `${thing} was not found.`);
export const conflict = (message: string, code = 'CONFLICT') => new AppError(409, code, message);
export const staleVersion = (thing: string) =>
  conflict(
    `This ${thing} was changed by someone else since you opened it. Reload it and make your change again.`,
    'STALE_VERSION',
  );

/** True for PostgreSQL's unique_violation (23505), whether the driver error is thrown bare or wrapped by Drizzle. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** What a database failure may tell a log: its SQLSTATE, the statement (placeholders, no values) and names. */
export interface DatabaseFailure {
  code: string;
  statement?: string;
  message: string;
  constraint?: string;
  table?: string;
  column?: string;
  routine?: string;
}

/**
 * The PostgreSQL (or PGlite) error under `error`, bare or wrapped by Drizzle, without its parameter values or
 * detail: those hold what was sent (patient names, emails). Quoted values in the message are masked too, except
 * for syntax and undefined-object errors (class 42), whose quotes name tables and columns.
 */
export function databaseFailure(error: unknown): DatabaseFailure | null {
  let statement: string | undefined;
  let found: Record<string, unknown> | undefined;
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 10; depth++) {
    const record = e as Record<string, unknown>;
    if (typeof record.query === 'string') statement ??= record.query;
    if (typeof record.code === 'string' && /^[0-9A-Z]{5}$/.test(record.code) && 'severity' in record)
      found ??= record;
    e = record.cause;
  }
  if (!found) return null;
  const code = found.code as string;
  const text = typeof found.message === 'string' ? found.message : '';
  const name = (key: string) =>
    typeof found[key] === 'string' && found[key] ? (found[key] as string) : undefined;
  return {
    code,
    statement,
    message: code.startsWith('42') ? text : text.replace(/"[^"]*"/g, '"…"'),
    constraint: name('constraint'),
    table: name('table'),
    column: name('column'),
    routine: name('routine'),
  };
}

/**
 * A failure as text fit to store or show to staff (e.g. a background run's error): a database failure as its
 * SQLSTATE and masked message, never the statement's values; anything else as its message.
 */
export function failureText(error: unknown): string {
  const failure = databaseFailure(error);
  if (failure) return `Database error ${failure.code}: ${failure.message}`;
  return error instanceof Error ? error.message : String(error);
}
