export type Diff = Record<string, { before: unknown; after: unknown }>;

const REDACTED_FIELDS = new Set(['passwordHash', 'password', 'tokenHash', 'token']);

function normalize(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  return value;
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(normalize(a)) === JSON.stringify(normalize(b));
}

/** Field-by-field difference of two records; secrets show as '[redacted]'. Null when nothing changed. */
export function diffRecords(
  before: object | null | undefined,
  after: object | null | undefined,
): Diff | null {
  const b = (before ?? {}) as Record<string, unknown>;
  const a = (after ?? {}) as Record<string, unknown>;
  const diff: Diff = {};
  for (const key of new Set([...Object.keys(b), ...Object.keys(a)])) {
    if (key === 'updatedAt' || key === 'version') continue;
    if (same(b[key], a[key])) continue;
    diff[key] = REDACTED_FIELDS.has(key)
      ? { before: b[key] == null ? null : '[redacted]', after: a[key] == null ? null : '[redacted]' }
      : { before: normalize(b[key]) ?? null, after: normalize(a[key]) ?? null };
  }
  return Object.keys(diff).length ? diff : null;
}
