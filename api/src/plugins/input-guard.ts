import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from '../lib/errors';

export const NUL_MESSAGE = 'must not contain a NUL character';
/**
 * How deep arrays and objects may nest in a request (decision 034). No form is deeper than a handful of levels;
 * what is deeper would only make the schemas, the audit log's JSON and PostgreSQL recurse.
 */
export const MAX_INPUT_DEPTH = 64;
export const DEPTH_MESSAGE = `must not nest arrays or objects more than ${MAX_INPUT_DEPTH} levels deep`;

export type InputProblem = { path: string; message: string };

/**
 * The first problem of `value`, or null: a string (or key) holding U+0000 (PostgreSQL cannot store NUL in text
 * or jsonb), its dotted path ('' for the value itself); or nesting deeper than MAX_INPUT_DEPTH, path ''.
 * Walked with a stack of its own, never recursion: a 20,000-level body must not overflow the call stack.
 */
export function inputProblem(value: unknown): InputProblem | null {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value, path: '', depth: 0 }];
  for (let next = stack.pop(); next; next = stack.pop()) {
    if (typeof next.value === 'string') {
      if (next.value.includes('\u0000')) return { path: next.path, message: NUL_MESSAGE };
      continue;
    }
    if (typeof next.value !== 'object' || next.value === null || Buffer.isBuffer(next.value)) continue;
    if (next.depth >= MAX_INPUT_DEPTH) return { path: '', message: DEPTH_MESSAGE };
    const entries = Object.entries(next.value);
    // Pushed last to first, so the first field is looked at first.
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, item] = entries[i]!;
      if (key.includes('\u0000')) return { path: next.path, message: NUL_MESSAGE };
      stack.push({ value: item, path: next.path ? `${next.path}.${key}` : key, depth: next.depth + 1 });
    }
  }
  return null;
}

function refuse(where: string, value: unknown): void {
  const problem = inputProblem(value);
  if (problem) throw badRequest(problem.path || where, problem.message);
}

/** What fastify's validation failure carries, so the error handler words it as it words fastify's own. */
class EarlyValidationError extends Error {
  readonly statusCode = 400;
  constructor(
    readonly validation: unknown[],
    readonly validationContext: 'params' | 'querystring',
  ) {
    super('request validation failed');
  }
}

/**
 * The path and query of a request checked before anything else looks at them: a NUL anywhere, then the route's
 * own params and querystring schemas. Signed-in routes call it before any page or ownership refusal, so a
 * malformed id is a 400 naming it, never a refusal recorded for it.
 */
export function refuseBadUrlInput(request: FastifyRequest): void {
  refuse('params', request.params);
  refuse('query', request.query);
  for (const [part, context] of [
    ['params', 'params'],
    ['querystring', 'querystring'],
  ] as const) {
    const validate = request.getValidationFunction(part) as
      ((data: unknown) => { error?: unknown[] } | boolean) | undefined;
    if (!validate) continue;
    const result = validate(context === 'params' ? request.params : request.query);
    if (typeof result === 'object' && Array.isArray(result.error) && result.error.length)
      throw new EarlyValidationError(result.error, context);
  }
}

/** One check over params, query and body of every route: a NUL anywhere, or nesting too deep, is a 400. */
export function installInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    refuse('params', request.params);
    refuse('query', request.query);
    refuse('body', request.body);
  });
}
