// Small pure helpers of the note form: which values count as empty, server errors by field, dates as stored.
import { optionsOfField, type NoteField, type SimpleField } from '@carelane/shared-domain';
import dayjs from 'dayjs';

/** True for a value the clinician has not given: undefined, null, '', [] or an object of empties. */
export function isEmptyValue(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') return Object.values(value as object).every(isEmptyValue);
  return false;
}

/** The server's field errors ('values.<fieldId>…') joined by top-level field id. */
export function errorsByField(errors: { field: string; message: string }[] | undefined): Map<string, string> {
  const byField = new Map<string, string>();
  for (const error of errors ?? []) {
    const path = error.field.startsWith('values.') ? error.field.slice('values.'.length) : error.field;
    const id = path.split(/[.[]/)[0];
    if (!id) continue;
    const nested = path.length > id.length ? `${path.slice(id.length + 1).replace(/\]/g, '')}: ` : '';
    const text = `${nested}${error.message}`;
    byField.set(id, byField.has(id) ? `${byField.get(id)} ${text}` : text);
  }
  return byField;
}

/** A stored 'YYYY-MM-DD' as a local date (what DateInput takes), null when there is none. */
export function dateOfIso(value: unknown): Date | null {
  if (typeof value !== 'string') return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return match ? new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : null;
}

export const isoOfDate = (date: Date | null): string | undefined =>
  date ? dayjs(date).format('YYYY-MM-DD') : undefined;

/** The range hint of a number field: '0–10 mmHg', 'at least 0', … ('' without a range). */
export function rangeHint(min: number | undefined, max: number | undefined, unit?: string): string {
  const suffix = unit ? ` ${unit}` : '';
  if (min !== undefined && max !== undefined) return `${min}–${max}${suffix}`;
  if (min !== undefined) return `At least ${min}${suffix}`;
  if (max !== undefined) return `At most ${max}${suffix}`;
  return '';
}

export const outOfRange = (value: unknown, min?: number, max?: number): boolean =>
  typeof value === 'number' && ((min !== undefined && value < min) || (max !== undefined && value > max));

/** A value as text for the read-only view ('' when empty). */
export function textOfSimple(field: SimpleField | NoteField, value: unknown): string {
  if (isEmptyValue(value)) return '';
  switch (field.kind) {
    case 'choice': {
      const options = optionsOfField(field);
      const labelOf = (v: unknown) => options.find((option) => option.value === v)?.label ?? String(v);
      return Array.isArray(value) ? value.map(labelOf).join(', ') : labelOf(value);
    }
    case 'number':
      return `${String(value)}${field.unit ? ` ${field.unit}` : ''}`;
    case 'date': {
      const date = dateOfIso(value);
      return date ? dayjs(date).format('M/D/YYYY') : String(value);
    }
    default:
      return typeof value === 'string' || typeof value === 'number' ? String(value) : JSON.stringify(value);
  }
}
