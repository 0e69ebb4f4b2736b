import type { FastifyInstance } from 'fastify';
import { badRequest } from '../lib/errors';

export const NUL_MESSAGE = 'must not contain a NUL character';

/**
 * The dotted path of the first string (or key) holding U+0000 in `value`, '' for the value itself, or null.
 * PostgreSQL cannot store NUL in text or jsonb, so it is refused before any schema or statement sees it.
 */
export function nulPath(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (typeof value !== 'object' || value === null || Buffer.isBuffer(value)) return null;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000')) return path;
    const found = nulPath(item, path ? `${path}.${key}` : key);
    if (found !== null) return found;
  }
  return null;
}

/** One check over params, query and body of every route: a NUL anywhere is a 400 naming its field. */
export function installInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const parts = [
      ['params', request.params],
      ['query', request.query],
      ['body', request.body],
    ] as const;
    for (const [where, value] of parts) {
      const path = nulPath(value);
      if (path !== null) throw badRequest(path || where, NUL_MESSAGE);
    }
  });
}
