import { useCallback, useMemo, useSyncExternalStore } from 'react';
import type { z } from 'zod';

/**
 * Filters, date ranges, selected ids and search strings live in the URL query string (ARCHITECTURE.md
 * §3): shareable, kept on reload, and the back button works. Every area reads and writes them here.
 *
 * Describe an area's state with a zod object whose fields read text (`z.coerce.number()`,
 * `z.enum([...])`, `z.string()`) and have defaults or are optional; a list field
 * (`z.array(...)`) reads every repeat of its key (`?status=A&status=B`).
 */
export type UrlStateSchema = z.ZodObject;

/** What a value becomes in the query string. null, undefined and '' remove the key. */
export type UrlValue =
  | string
  | number
  | boolean
  | Date
  | { toISOString(): string }
  | null
  | undefined
  | readonly (string | number | boolean | Date | { toISOString(): string })[];

type Def = { type?: string; innerType?: unknown; in?: unknown };

function defOf(schema: unknown): Def | undefined {
  return (schema as { _zod?: { def?: Def } } | null)?._zod?.def;
}

/** Whether a field (under optional/default/nullable/catch wrappers) is a list. */
function isListField(schema: unknown): boolean {
  let def = defOf(schema);
  for (let depth = 0; def && depth < 10; depth += 1) {
    if (def.type === 'array' || def.type === 'set' || def.type === 'tuple') return true;
    const inner = def.innerType ?? (def.type === 'pipe' ? def.in : undefined);
    if (!inner) return false;
    def = defOf(inner);
  }
  return false;
}

/**
 * Parses the query string with `schema`. A value the schema refuses (or an empty one) is dropped,
 * so that field falls back to its default; an absent key reads as absent.
 */
export function readUrlState<S extends UrlStateSchema>(
  schema: S,
  search: string = globalThis.location?.search ?? '',
): z.output<S> {
  const params = new URLSearchParams(search);
  const input: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
    const values = params.getAll(key).filter((value) => value !== '');
    if (values.length === 0) continue;
    const value = isListField(field) ? values : values[values.length - 1];
    if (field.safeParse(value).success) input[key] = value;
  }
  const parsed = schema.safeParse(input);
  // Checks across fields (e.g. a start after the end) refuse the whole: use the defaults then.
  return parsed.success ? parsed.data : schema.parse({});
}

function text(value: Exclude<UrlValue, null | undefined | readonly unknown[]>): string {
  if (typeof value === 'object') return value.toISOString();
  return String(value);
}

function nextUrl(values: Record<string, UrlValue>): string {
  const location = globalThis.location;
  const params = new URLSearchParams(location.search);
  for (const [key, value] of Object.entries(values)) {
    params.delete(key);
    if (value === null || value === undefined || value === '') continue;
    if (Array.isArray(value)) {
      for (const item of value as readonly Exclude<UrlValue, null | undefined | readonly unknown[]>[]) {
        params.append(key, text(item));
      }
    } else {
      params.set(key, text(value as Exclude<UrlValue, null | undefined | readonly unknown[]>));
    }
  }
  const search = params.toString();
  return `${location.pathname}${search ? `?${search}` : ''}${location.hash}`;
}

export type WriteUrlStateOptions = {
  /** Replace the current history entry instead of adding one (typing in a search box). */
  replace?: boolean;
};

/**
 * Sets the given keys in the query string (other keys stay), through history.pushState (or
 * replaceState), then dispatches `popstate` so single-spa, routers and `useUrlState` notice.
 */
export function writeUrlState(values: Record<string, UrlValue>, options: WriteUrlStateOptions = {}): void {
  const location = globalThis.location;
  const url = nextUrl(values);
  if (url === `${location.pathname}${location.search}${location.hash}`) return;
  const state: unknown = globalThis.history.state;
  if (options.replace) globalThis.history.replaceState(state, '', url);
  else globalThis.history.pushState(state, '', url);
  globalThis.dispatchEvent(new PopStateEvent('popstate', { state }));
}

function subscribeToUrl(onChange: () => void): () => void {
  globalThis.addEventListener('popstate', onChange);
  return () => globalThis.removeEventListener('popstate', onChange);
}

const currentSearch = () => globalThis.location.search;
const serverSearch = () => '';

export type UrlStateUpdate<S extends UrlStateSchema> =
  | Partial<Record<keyof z.output<S>, UrlValue>>
  | ((current: z.output<S>) => Partial<Record<keyof z.output<S>, UrlValue>>);

/**
 * The query-string state described by `schema` (keep the schema a module constant), and a setter
 * that writes the given keys. Re-reads on every `popstate` (back button, `writeUrlState` anywhere).
 */
export function useUrlState<S extends UrlStateSchema>(
  schema: S,
): [z.output<S>, (update: UrlStateUpdate<S>, options?: WriteUrlStateOptions) => void] {
  const search = useSyncExternalStore(subscribeToUrl, currentSearch, serverSearch);
  const state = useMemo(() => readUrlState(schema, search), [schema, search]);
  const setState = useCallback(
    (update: UrlStateUpdate<S>, options?: WriteUrlStateOptions) => {
      const values = typeof update === 'function' ? update(readUrlState(schema)) : update;
      writeUrlState(values as Record<string, UrlValue>, options);
    },
    [schema],
  );
  return [state, setState];
}
