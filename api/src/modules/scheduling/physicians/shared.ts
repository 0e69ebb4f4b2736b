// Small helpers the scheduling modules of part C share (physicians, contacts, groups, supply requests).
import { normalizePhone } from '@carelane/shared-domain';

/** Phone fields stored as their 10 digits; absent fields stay absent, empty ones become null. */
export function normalizePhoneFields<T extends object>(input: T, keys: readonly (keyof T & string)[]): T {
  const out = { ...input } as Record<string, unknown>;
  for (const key of keys) {
    const value = out[key];
    if (value === undefined) continue;
    out[key] = typeof value === 'string' && value.trim() ? normalizePhone(value) : null;
  }
  return out as T;
}

/** Empty text fields are stored as null. */
export function blankToNull<T extends object>(input: T): T {
  return Object.fromEntries(
    Object.entries(input).map(([key, value]) => [
      key,
      typeof value === 'string' && value.trim() === '' ? null : value,
    ]),
  ) as T;
}
