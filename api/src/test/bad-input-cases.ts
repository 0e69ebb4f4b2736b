/* eslint-disable @typescript-eslint/no-explicit-any -- OpenAPI documents are walked loosely */
// Bad requests generated from a route's OpenAPI operation: the guard every route inherits (see
// bad-input-walk.int.test.ts). Pure: no server, no jest.

export type JsonSchema = Record<string, any>;

export interface Operation {
  method: string;
  /** OpenAPI path, e.g. /api/admin/patients/{id} */
  path: string;
  parameters: { in: 'path' | 'query' | 'header'; name: string; schema: JsonSchema; required?: boolean }[];
  /** The request body's content types and the first one's schema. */
  bodyTypes: string[];
  bodySchema?: JsonSchema;
  /** false for routes documented as needing no session (security: []). */
  needsSession: boolean;
}

export interface BadCase {
  /** What is wrong, for the failure list, e.g. "body.firstName: 100k characters". */
  label: string;
  path: string;
  query: Record<string, string>;
  body?: unknown;
  /** A raw body and its content type (for non-JSON bodies). */
  rawBody?: { contentType: string; data: string | Uint8Array };
  /**
   * The field a 400 must name. Such a case is always sent (never cut by the limit); a body case may also be
   * refused first (401, 403), a path or query case only signed out (401).
   */
  wants?: { field: string; in: 'url' | 'body' };
}

/** Ids a route must refuse (400) or not find (404), never fail on. */
export const BAD_IDS = ['0', '-1', '2147483648', '9223372036854775808', 'abc', '1e20', '1.5', '%00'];
/** Spellings Number() reads as 1 (and a NUL): an id or a whole number in a path or query must refuse them. */
export const MALFORMED_IDS = ['0x1', ' 1', '1e0', '0b1', '+1', '\u0000'];
/** Dates that must be a 400 naming their field: out of the years taken, past JavaScript's Date, no such day. */
export const OUT_OF_RANGE_DATES = ['0001-01-01', '9999-12-31', '275760-09-13', '2026-02-30'];
/** Nesting far past the guard's limit, in 40 KB (under the body size limit). */
export const DEEP_JSON = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
/** The pattern an id or a whole number in a path or query is documented with (shared-domain DIGITS_PATTERN). */
const DIGITS_PATTERN = '^\\d+$';
/** Integers beyond what any column holds, and ones no id is. */
const INTEGERS = [2147483648, 2 ** 63, 1e308, -1, 0, 1.5];
export const LONG_TEXT = 'x'.repeat(100_000);
/** Query and path texts travel in the request line (Node refuses lines over 16 KB). */
const LONG_URL_TEXT = 'x'.repeat(8_000);
const NUL = '\u0000';

/** Strings tried against a pattern until one matches: a sample that passes the schema. */
const PATTERN_CANDIDATES = [
  '2030-01-15',
  '2030-01-15T10:00:00.000Z',
  '10:00',
  '512-555-0100',
  '78701',
  'TX',
  'A',
  'abc123',
  'walk@example.com',
  '12-3456789',
  '123-45-6789',
  '1,2',
  '1',
  'Abc',
  'https://example.com/x',
  '',
];

export function resolve(schema: JsonSchema | undefined, doc: any): JsonSchema {
  let s = schema ?? {};
  for (let i = 0; s.$ref && i < 10; i++) {
    const name = String(s.$ref).replace('#/components/schemas/', '');
    s = doc.components?.schemas?.[name] ?? {};
  }
  return s;
}

/** The non-null branch of `anyOf: [T, null]` (zod's nullable), or the schema itself. */
function mainBranch(schema: JsonSchema, doc: any): JsonSchema {
  const s = resolve(schema, doc);
  const options = s.anyOf ?? s.oneOf;
  if (Array.isArray(options)) {
    const branch = options.map((o: JsonSchema) => resolve(o, doc)).find((o: JsonSchema) => o.type !== 'null');
    if (branch) return branch;
  }
  return s;
}

const typeOf = (s: JsonSchema): string =>
  Array.isArray(s.type)
    ? s.type.find((t: string) => t !== 'null')
    : (s.type ?? (s.properties ? 'object' : 'any'));

function sampleString(s: JsonSchema): string {
  if (s.format === 'date') return '2030-01-15';
  if (s.format === 'date-time') return '2030-01-15T10:00:00.000Z';
  if (s.format === 'email') return 'walk@example.com';
  if (s.pattern) {
    let re: RegExp | undefined;
    try {
      re = new RegExp(s.pattern, 'u');
    } catch {
      re = undefined;
    }
    const found = re && PATTERN_CANDIDATES.find((c) => re.test(c));
    if (found !== undefined) return found;
  }
  return 'x'.repeat(Math.max(1, Math.min(s.minLength ?? 1, 100)));
}

/** A value that plausibly passes `schema` (enums, bounds, patterns); `known` (a record read back) wins. */
export function sample(schema: JsonSchema | undefined, doc: any, known?: unknown, depth = 0): unknown {
  const s = mainBranch(schema ?? {}, doc);
  if (s.const !== undefined) return s.const;
  if (Array.isArray(s.enum)) return known !== undefined && s.enum.includes(known) ? known : s.enum[0];
  const type = typeOf(s);
  if (known !== undefined && known !== null && depth > 0) {
    const kind = Array.isArray(known) ? 'array' : typeof known;
    if (kind === type || (type === 'integer' && Number.isInteger(known))) return known;
  }
  switch (type) {
    case 'string':
      return sampleString(s);
    case 'integer':
    case 'number':
      return s.default ?? Math.max(1, s.minimum ?? 1, (s.exclusiveMinimum ?? 0) + 1);
    case 'boolean':
      return s.default ?? false;
    case 'array': {
      if (depth > 4) return [];
      const n = Math.max(1, s.minItems ?? 1);
      return Array.from({ length: Math.min(n, 3) }, () => sample(s.items, doc, undefined, depth + 1));
    }
    case 'object': {
      const out: Record<string, unknown> = {};
      const record = known && typeof known === 'object' ? (known as Record<string, unknown>) : {};
      for (const [name, prop] of Object.entries<JsonSchema>(s.properties ?? {})) {
        if (depth > 4) break;
        out[name] = sample(prop, doc, record[name], depth + 1);
      }
      return out;
    }
    default:
      return 'x';
  }
}

/** Wrong values for a field of this schema: wrong types, NUL, 100k text, huge numbers, bad dates. */
export function badValues(
  schema: JsonSchema,
  doc: any,
  where: 'body' | 'url',
): { label: string; value: unknown }[] {
  const s = mainBranch(schema, doc);
  const type = typeOf(s);
  const long = where === 'body' ? LONG_TEXT : LONG_URL_TEXT;
  const out: { label: string; value: unknown }[] = [];
  if (type === 'string' || type === 'any') {
    out.push({ label: `${long.length} characters`, value: long });
    if (where === 'body') out.push({ label: 'a number', value: 12345 }, { label: 'empty', value: '' });
    out.push({ label: 'NUL', value: `a${NUL}b` });
    // A LIKE pattern ending in its escape character, and its wildcards.
    if (where === 'url') out.push({ label: 'backslash', value: '%_a\\' });
    if (s.pattern || s.format) {
      // Passes a digits-only pattern but is no real date/time/number: 9999-99-99, 0000-00-00.
      const shape = sampleString(s);
      out.push({ label: 'digits all 9', value: shape.replace(/\d/g, '9') });
      out.push({ label: 'digits all 0', value: shape.replace(/\d/g, '0') });
    }
    if (Array.isArray(s.enum)) out.push({ label: 'unknown option', value: 'NOT_AN_OPTION' });
  } else if (type === 'integer' || type === 'number') {
    const numbers = type === 'integer' ? INTEGERS : [1e308, -1e308, -1, 2 ** 63];
    for (const n of numbers) out.push({ label: String(n), value: where === 'body' ? n : String(n) });
    out.push({ label: 'text', value: 'abc' });
  } else if (type === 'boolean') {
    out.push({ label: 'text', value: 'maybe' });
  } else if (type === 'array') {
    out.push({ label: 'a string', value: 'x' });
    if (where === 'body') {
      const itemBad = badValues(s.items ?? {}, doc, where);
      for (const bad of itemBad.slice(0, 2)) out.push({ label: `item ${bad.label}`, value: [bad.value] });
    }
  } else if (type === 'object') {
    out.push({ label: 'a string', value: 'x' });
  }
  return out;
}

/** Every field of a body schema (nested objects and array items too, a few levels), with its path. */
export function bodyFields(schema: JsonSchema | undefined, doc: any, prefix: string[] = [], depth = 0) {
  const out: { path: (string | number)[]; schema: JsonSchema; required: boolean }[] = [];
  const s = mainBranch(schema ?? {}, doc);
  if (depth > 3) return out;
  if (typeOf(s) === 'object') {
    const required = new Set<string>(s.required ?? []);
    for (const [name, prop] of Object.entries<JsonSchema>(s.properties ?? {})) {
      out.push({ path: [...prefix, name], schema: prop, required: required.has(name) });
      out.push(...bodyFields(prop, doc, [...prefix, name], depth + 1));
    }
  } else if (typeOf(s) === 'array' && prefix.length > 0) {
    out.push(...bodyFields(s.items, doc, [...prefix, 0] as string[], depth + 1));
  }
  return out;
}

function setAt(target: unknown, path: (string | number)[], value: unknown): unknown {
  const copy = structuredClone(target);
  let node: any = copy;
  for (const key of path.slice(0, -1)) {
    if (node[key] === undefined || node[key] === null || typeof node[key] !== 'object')
      node[key] = typeof key === 'number' ? [] : {};
    node = node[key];
  }
  const last = path[path.length - 1]!;
  if (value === undefined) delete node[last];
  else node[last] = value;
  return copy;
}

/** A path or query value that must be digits: the shared id schema's, or a whole number's. */
function isDigitsText(schema: JsonSchema, doc: any): boolean {
  const s = mainBranch(schema, doc);
  return typeOf(s) === 'string' && s.pattern === DIGITS_PATTERN;
}

const isDate = (s: JsonSchema) => s.format === 'date' || s.format === 'date-time';

/** The out-of-range values for a date or date-time field. */
function badDates(schema: JsonSchema, doc: any): string[] {
  const s = mainBranch(schema, doc);
  return OUT_OF_RANGE_DATES.map((d) => (s.format === 'date-time' ? `${d}T00:00:00.000Z` : d));
}

/** A name only a date or a moment would have. */
const DATE_NAME = /^(at|day|from|to|birthday|asOf|dueBy|olderThan)$|[dD]ate|(On|At|From|To)$/;

/**
 * Request fields that break the bounds' bookkeeping (decision 034): one named like a date but not documented as
 * `format: date` or `date-time` (so it escaped boundedDateSchema), and an id in a path or query that is not the
 * digits of the shared idSchema. `allowed` lists "METHOD path field" that only look like dates.
 */
export function unboundedFields(ops: Operation[], doc: any, allowed: string[] = []): string[] {
  const out: string[] = [];
  for (const op of ops) {
    const named = (field: string) => `${op.method} ${op.path} ${field}`;
    for (const p of op.parameters) {
      if (p.in === 'header') continue;
      const s = mainBranch(p.schema, doc);
      const numeric = ['integer', 'number'].includes(typeOf(s));
      if ((p.name === 'id' || /Id$/.test(p.name)) && numeric)
        out.push(`${named(p.name)}: an id that is not digits`);
      if (DATE_NAME.test(p.name) && !isDate(s) && !Array.isArray(s.enum))
        out.push(`${named(p.name)}: a date that is not bounded`);
    }
    if (!op.bodyTypes.includes('application/json')) continue;
    for (const field of bodyFields(op.bodySchema, doc)) {
      const name = String(field.path[field.path.length - 1]);
      const s = mainBranch(field.schema, doc);
      if (DATE_NAME.test(name) && typeOf(s) === 'string' && !isDate(s) && !Array.isArray(s.enum))
        out.push(`${named(field.path.join('.'))}: a date that is not bounded`);
    }
  }
  return out.filter((line) => !allowed.some((a) => line.startsWith(`${a}:`)));
}

/** The URL of an operation with its path parameters filled in. */
export function fillPath(path: string, values: Record<string, string>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '1');
}

/**
 * The bad requests for one operation, at most `limit`: each path parameter bad (the rest valid-looking), each
 * query parameter bad, the body as a whole wrong, each body field missing or bad in an otherwise plausible body.
 */
export function casesFor(
  op: Operation,
  doc: any,
  options: { pathValues: Record<string, string>; known?: unknown; limit: number },
): BadCase[] {
  const pathParams = op.parameters.filter((p) => p.in === 'path');
  const queryParams = op.parameters.filter((p) => p.in === 'query');
  const validQuery: Record<string, string> = {};
  for (const p of queryParams) if (p.required) validQuery[p.name] = String(sample(p.schema, doc));
  const validPath = { ...Object.fromEntries(pathParams.map((p) => [p.name, '1'])), ...options.pathValues };
  const isJson = op.bodyTypes.includes('application/json');
  const validBody = op.bodySchema && isJson ? sample(op.bodySchema, doc, options.known) : undefined;
  const base = (): BadCase => ({
    label: '',
    path: fillPath(op.path, validPath),
    query: { ...validQuery },
    body: validBody,
  });

  const cases: BadCase[][] = [];
  // Path parameters: bad ids (and text params: NUL, long) one at a time.
  const pathCases: BadCase[] = [];
  for (const p of pathParams) {
    const values =
      typeOf(mainBranch(p.schema, doc)) === 'string' && p.name !== 'id' && !/Id$/.test(p.name)
        ? ['%00', LONG_URL_TEXT, '%20', '..']
        : BAD_IDS;
    for (const v of values)
      pathCases.push({
        ...base(),
        label: `path ${p.name}=${v.slice(0, 24)}`,
        path: fillPath(op.path, { ...validPath, [p.name]: v }),
      });
  }
  cases.push(pathCases);
  // Query parameters one at a time.
  const queryCases: BadCase[] = [];
  for (const p of queryParams) {
    for (const bad of badValues(p.schema, doc, 'url'))
      queryCases.push({
        ...base(),
        label: `query ${p.name}: ${bad.label}`,
        query: { ...validQuery, [p.name]: String(bad.value) },
      });
  }
  cases.push(queryCases);
  // The body as a whole.
  if (op.bodySchema || op.method === 'POST' || op.method === 'PUT') {
    const whole: BadCase[] = [
      { ...base(), label: 'body {}', body: {} },
      { ...base(), label: 'body []', body: [] },
      { ...base(), label: 'body null', body: null },
      { ...base(), label: 'body "text"', body: 'text' },
      {
        ...base(),
        label: 'body with __proto__',
        rawBody: { contentType: 'application/json', data: '{"__proto__":{"admin":true}}' },
        body: undefined,
      },
      {
        ...base(),
        label: 'body 1e400',
        rawBody: { contentType: 'application/json', data: '1e400' },
        body: undefined,
      },
    ];
    if (!isJson && op.bodyTypes.length) {
      whole.push({
        ...base(),
        label: `body bytes as ${op.bodyTypes[0]}`,
        body: undefined,
        rawBody: { contentType: op.bodyTypes[0]!, data: new Uint8Array([0, 1, 2, 255]) },
      });
      whole.push({ ...base(), label: 'body JSON to a bytes route', body: { a: NUL } });
    }
    cases.push(whole);
  }
  // Each body field: its bad values, then missing (required) or null (optional). Interleaved field by field,
  // so when the limit bites every field still gets its first bad values.
  if (validBody !== undefined) {
    const perField: BadCase[][] = [];
    for (const field of bodyFields(op.bodySchema, doc)) {
      const name = field.path.join('.');
      const list = badValues(field.schema, doc, 'body').map((bad) => ({
        ...base(),
        label: `body.${name}: ${bad.label}`,
        body: setAt(validBody, field.path, bad.value),
      }));
      list.push({
        ...base(),
        label: `body.${name}: ${field.required ? 'missing' : 'null'}`,
        body: setAt(validBody, field.path, field.required ? undefined : null),
      });
      perField.push(list);
    }
    cases.push(interleave(perField, Infinity));
  }
  // Bounded: take from each group in turn so every group is represented when the limit bites. The cases that
  // want a named field all go; the plausible request itself goes last (it may write, or delete what the others
  // read).
  return [
    ...interleave(cases, options.limit - 1),
    ...boundsCases(op, doc, base, validPath, validBody),
    { ...base(), label: 'plausible request' },
  ];
}

/**
 * Decision 034's bounds, every one of them: malformed ids and whole numbers in the path and query, dates out of
 * range in the query and body, and a 20,000-level body; each a 400 naming its field.
 */
function boundsCases(
  op: Operation,
  doc: any,
  base: () => BadCase,
  validPath: Record<string, string>,
  validBody: unknown,
): BadCase[] {
  const out: BadCase[] = [];
  for (const p of op.parameters) {
    if (p.in === 'header') continue;
    const wants = { field: p.name, in: 'url' as const };
    const values = isDigitsText(p.schema, doc)
      ? MALFORMED_IDS
      : isDate(mainBranch(p.schema, doc))
        ? badDates(p.schema, doc)
        : [];
    for (const v of values) {
      const c = base();
      const label = `${p.in} ${p.name}=${JSON.stringify(v)}`;
      if (p.in === 'path')
        out.push({
          ...c,
          label,
          wants,
          path: fillPath(op.path, { ...validPath, [p.name]: encodeURIComponent(v) }),
        });
      else out.push({ ...c, label, wants, query: { ...c.query, [p.name]: v } });
    }
  }
  if (!op.bodyTypes.includes('application/json')) return out;
  out.push({
    ...base(),
    label: 'body nested 20,000 levels',
    body: undefined,
    rawBody: { contentType: 'application/json', data: DEEP_JSON },
    wants: { field: 'body', in: 'body' },
  });
  if (validBody === undefined) return out;
  for (const field of bodyFields(op.bodySchema, doc)) {
    if (!isDate(mainBranch(field.schema, doc))) continue;
    const name = field.path.join('.');
    for (const v of badDates(field.schema, doc))
      out.push({
        ...base(),
        label: `body.${name}: ${v}`,
        body: setAt(validBody, field.path, v),
        wants: { field: name, in: 'body' },
      });
  }
  return out;
}

/** One from each list in turn, until `limit`. */
function interleave<T>(lists: T[][], limit: number): T[] {
  const out: T[] = [];
  const queues = lists.map((l) => [...l]);
  while (out.length < limit && queues.some((q) => q.length)) {
    for (const q of queues) {
      const next = q.shift();
      if (next !== undefined && out.length < limit) out.push(next);
    }
  }
  return out;
}

/** Every operation of an OpenAPI document. */
export function operationsOf(doc: any): Operation[] {
  const out: Operation[] = [];
  for (const [path, ops] of Object.entries<any>(doc.paths ?? {})) {
    for (const [method, op] of Object.entries<any>(ops)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const content = op.requestBody?.content ?? {};
      const bodyTypes = Object.keys(content);
      out.push({
        method: method.toUpperCase(),
        path,
        parameters: op.parameters ?? [],
        bodyTypes,
        bodySchema: bodyTypes.length
          ? content[bodyTypes.includes('application/json') ? 'application/json' : bodyTypes[0]!]?.schema
          : undefined,
        needsSession: !(Array.isArray(op.security) && op.security.length === 0),
      });
    }
  }
  return out;
}

/** What no answer may show: SQL, driver messages, stack frames. */
export const LEAK_PATTERN =
  /\bselect .+ from |\binsert into |\bupdate \S+ set |\bdelete from |\bat .*\.(ts|js|cjs|mjs):\d+|syntax error|violates|duplicate key|invalid input syntax|out of range for type|value too long for type|relation "|column "|\bpg_|drizzle|Failed query/i;
