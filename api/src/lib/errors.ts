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
  ) {
    super(message);
  }
}

export const badRequest = (field: string, message: string) =>
  new AppError(400, 'VALIDATION', `${field}: ${message}`, [{ field, message }]);
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
