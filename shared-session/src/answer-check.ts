// A few checks of JSON answers, for the answers the session reads on the login page (session-answers.ts):
// the same verdicts as the zod schemas they mirror for those shapes (required keys, unknown keys dropped,
// integers, null only where allowed), in a few hundred bytes instead of a zod bundle.

/** Reads a value at `path` ('user.id'), answering it typed, or throwing AnswerCheckError. */
type Reader<T> = (value: unknown, path: string) => T;

export class AnswerCheckError extends Error {
  override name = 'AnswerCheckError';
}

export type SafeParsed<T> = { success: true; data: T } | { success: false; error: AnswerCheckError };

/** A check with zod's `safeParse`, so `apiClient` takes it where it takes a schema. */
export type AnswerCheck<T> = { read: Reader<T>; safeParse(data: unknown): SafeParsed<T> };

export type Checked<C> = C extends AnswerCheck<infer T> ? T : never;

function fail(path: string, expected: string): never {
  throw new AnswerCheckError(`${path || 'the answer'}: expected ${expected}`);
}

function check<T>(read: Reader<T>): AnswerCheck<T> {
  return {
    read,
    safeParse(data) {
      try {
        return { success: true, data: read(data, '') };
      } catch (error) {
        if (error instanceof AnswerCheckError) return { success: false, error };
        throw error;
      }
    },
  };
}

const at = (path: string, key: string | number) => (path ? `${path}.${key}` : String(key));

export const string = check((value, path) => (typeof value === 'string' ? value : fail(path, 'a string')));
export const number = check((value, path) =>
  typeof value === 'number' && Number.isFinite(value) ? value : fail(path, 'a number'),
);
export const int = check((value, path) =>
  Number.isSafeInteger(value) ? (value as number) : fail(path, 'an integer'),
);
export const boolean = check((value, path) =>
  typeof value === 'boolean' ? value : fail(path, 'true or false'),
);
export const unknown = check((value) => value);

export function nullable<T>(inner: AnswerCheck<T>): AnswerCheck<T | null> {
  return check((value, path) => (value === null ? null : inner.read(value, path)));
}

export function oneOf<const V extends readonly string[]>(...values: V): AnswerCheck<V[number]> {
  return check((value, path) =>
    values.includes(value as string) ? (value as V[number]) : fail(path, `one of ${values.join(', ')}`),
  );
}

/** The first of the checks that accepts the value. */
export function either<A, B>(first: AnswerCheck<A>, second: AnswerCheck<B>): AnswerCheck<A | B> {
  return check((value, path) => {
    const a = first.safeParse(value);
    return a.success ? a.data : second.read(value, path);
  });
}

export function array<T>(item: AnswerCheck<T>): AnswerCheck<T[]> {
  return check((value, path) =>
    Array.isArray(value)
      ? value.map((entry, index) => item.read(entry, at(path, index)))
      : fail(path, 'a list'),
  );
}

/** An object with exactly these keys, each required; other keys are dropped. */
export function object<S extends Record<string, AnswerCheck<unknown>>>(
  shape: S,
): AnswerCheck<{ [K in keyof S]: Checked<S[K]> }> {
  return check((value, path) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return fail(path, 'an object');
    const source = value as Record<string, unknown>;
    const result: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(shape)) {
      if (!Object.hasOwn(source, key)) fail(at(path, key), 'a value');
      result[key] = field.read(source[key], at(path, key));
    }
    return result as { [K in keyof S]: Checked<S[K]> };
  });
}
