// The one check of a note's values against its definition, run by the server on every draft save ('draft': shapes,
// options and sizes only, so one value out of range never blocks the autosave), by 'save' (also ranges) and on
// submit ('submit': ranges and every visible required field).
import type { NoteDefinition, NoteField, NoteValues, SimpleField } from './definition';
import { fieldsOf } from './definition';
import { NOTE_OPTION_LISTS, optionsOfField, readingTypeOf } from './option-lists';
import { computeScore, type ScoreValue } from './scores';
import type { FieldError } from '../schemas/common';
import { isIsoDate } from '../formats';
import { goalError } from './goal-builder';

/** A FieldError's `field` is the value's path: `values.<fieldId>`, `values.<tableId>.<row>.<columnId>`, `values.<vitalsId>.<code>`. */
export type ValidationMode = 'draft' | 'save' | 'submit';

export const FIELD_MESSAGES = {
  required: 'is required',
  notAField: 'is not a field of this form',
  notAColumn: 'is not a column of this table',
  notAReading: 'is not a reading of this form',
  notAnOption: 'must be one of the listed options',
  text: 'must be text',
  number: 'must be a number',
  integer: 'must be a whole number',
  date: 'must be a date (YYYY-MM-DD)',
  time: 'must be a time (HH:mm)',
  signature: 'must be a signature (name and time signed)',
  table: 'must be a list of rows',
  row: 'must be a row',
  vitals: 'must be vital-sign readings',
  reading: 'must be a reading with a value',
  score: 'must be a score',
  scoreMismatch: 'does not match its items',
  goals: 'must be a list of goals',
  diagnoses: 'must be a primary diagnosis and other diagnoses',
  icd: 'must be an ICD-10 code',
  duplicate: 'is listed twice',
  object: 'must be an object',
} as const;

/** Applied when a text field names no maxLength: long enough for any narrative. */
export const TEXT_MAX_LENGTH = 20_000;
const SIGNATURE_NAME_MAX_LENGTH = 200;

export const ICD10_PATTERN = /^[A-TV-Z][0-9][0-9A-Z](\.[0-9A-Z]{1,4})?$/;

type Values = Readonly<Record<string, unknown>>;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Whether a field is shown: it has no condition, or the field it depends on holds (one of) the listed values. A
 * table column's condition reads its row first, then `outer` (the note's top-level values).
 */
export function isFieldVisible(field: Pick<NoteField, 'showWhen'>, values: Values, outer?: Values): boolean {
  const condition = field.showWhen;
  if (!condition) return true;
  const value = values[condition.field] ?? outer?.[condition.field];
  if (Array.isArray(value)) return value.some((v) => typeof v === 'string' && condition.in.includes(v));
  return typeof value === 'string' && condition.in.includes(value);
}

function scoreOf(field: Extract<NoteField, { kind: 'score' }>, byId: Map<string, NoteField>, values: Values) {
  const inputs = field.inputs.map((id) => values[id]);
  const fields = field.inputs.map((id) => byId.get(id)!);
  return computeScore(field.score, inputs, fields);
}

/** The values with every score field recomputed from its items (hidden fields keep their values). */
export function withComputedScores(definition: NoteDefinition, values: NoteValues): NoteValues {
  const fields = fieldsOf(definition);
  const byId = new Map(fields.map((field) => [field.id, field]));
  const result: NoteValues = { ...values };
  for (const field of fields) {
    if (field.kind === 'score') result[field.id] = scoreOf(field, byId, values);
  }
  return result;
}

const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** Whether a value counts as not filled in (for 'is required'). */
export function isEmptyValue(field: NoteField, value: unknown): boolean {
  if (isBlank(value)) return true;
  switch (field.kind) {
    case 'choice':
    case 'table':
    case 'goals':
      return Array.isArray(value) && value.length === 0;
    case 'vitals':
      return isRecord(value) && !Object.values(value).some((r) => isRecord(r) && typeof r.value === 'number');
    case 'diagnoses':
      return isRecord(value) && isBlank(value.primary);
    case 'score':
      return isRecord(value) && value.total === null && value.level === null;
    default:
      return false;
  }
}

export function isTimeOfDay(value: unknown): value is string {
  return typeof value === 'string' && /^([01]\d|2[0-3]):[0-5]\d$/.test(value);
}

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

function rangeMessage(min: number | undefined, max: number | undefined): string {
  if (min !== undefined && max !== undefined) return `must be between ${min} and ${max}`;
  if (min !== undefined) return `must be at least ${min}`;
  return `must be at most ${max}`;
}

function numberError(
  value: unknown,
  rule: { min?: number; max?: number; integer?: boolean },
  mode: ValidationMode,
): string | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return FIELD_MESSAGES.number;
  if (mode === 'draft') return null;
  if (rule.integer && !Number.isInteger(value)) return FIELD_MESSAGES.integer;
  if ((rule.min !== undefined && value < rule.min) || (rule.max !== undefined && value > rule.max))
    return rangeMessage(rule.min, rule.max);
  return null;
}

/** The error of a non-empty simple value (a top-level field or a table cell), or null. */
function simpleValueError(field: SimpleField, value: unknown, mode: ValidationMode): string | null {
  switch (field.kind) {
    case 'text': {
      if (typeof value !== 'string') return FIELD_MESSAGES.text;
      const max = field.maxLength ?? TEXT_MAX_LENGTH;
      return value.length > max ? `must be at most ${max} characters` : null;
    }
    case 'number':
      return numberError(value, field, mode);
    case 'date':
      return typeof value === 'string' && isIsoDate(value) ? null : FIELD_MESSAGES.date;
    case 'time':
      return isTimeOfDay(value) ? null : FIELD_MESSAGES.time;
    case 'choice': {
      const allowed = new Set(optionsOfField(field).map((option) => option.value));
      if (field.multiple) {
        if (!Array.isArray(value)) return FIELD_MESSAGES.notAnOption;
        if (!value.every((v) => typeof v === 'string' && allowed.has(v))) return FIELD_MESSAGES.notAnOption;
        return new Set(value).size === value.length ? null : FIELD_MESSAGES.duplicate;
      }
      return typeof value === 'string' && allowed.has(value) ? null : FIELD_MESSAGES.notAnOption;
    }
  }
}

type Check = { errors: FieldError[]; mode: ValidationMode };

function checkTable(
  field: Extract<NoteField, { kind: 'table' }>,
  value: unknown,
  path: string,
  check: Check,
  outer: Values,
) {
  if (!Array.isArray(value)) return check.errors.push({ field: path, message: FIELD_MESSAGES.table });
  if (field.maxRows !== undefined && value.length > field.maxRows)
    check.errors.push({ field: path, message: `must have at most ${field.maxRows} rows` });
  const columns = new Map(field.columns.map((column) => [column.id, column]));
  value.forEach((row: unknown, index) => {
    const rowPath = `${path}.${index}`;
    if (!isRecord(row)) return check.errors.push({ field: rowPath, message: FIELD_MESSAGES.row });
    for (const key of Object.keys(row)) {
      if (!columns.has(key))
        check.errors.push({ field: `${rowPath}.${key}`, message: FIELD_MESSAGES.notAColumn });
    }
    for (const column of field.columns) {
      const cell = row[column.id];
      const cellPath = `${rowPath}.${column.id}`;
      const error = isBlank(cell) ? null : simpleValueError(column, cell, check.mode);
      if (error) check.errors.push({ field: cellPath, message: error });
      else if (
        check.mode === 'submit' &&
        column.required &&
        isEmptyValue(column, cell) &&
        isFieldVisible(column, row, outer)
      )
        check.errors.push({ field: cellPath, message: FIELD_MESSAGES.required });
    }
  });
}

function checkVitals(
  field: Extract<NoteField, { kind: 'vitals' }>,
  value: unknown,
  path: string,
  check: Check,
) {
  if (!isRecord(value)) return check.errors.push({ field: path, message: FIELD_MESSAGES.vitals });
  for (const [code, reading] of Object.entries(value)) {
    const readingPath = `${path}.${code}`;
    const type = readingTypeOf(code);
    if (!type || !field.readingTypes.includes(code)) {
      check.errors.push({ field: readingPath, message: FIELD_MESSAGES.notAReading });
      continue;
    }
    if (reading === null) continue;
    if (!isRecord(reading)) {
      check.errors.push({ field: readingPath, message: FIELD_MESSAGES.reading });
      continue;
    }
    const extra = Object.keys(reading).filter((key) => !['value', 'site', 'position'].includes(key));
    if (extra.length > 0) check.errors.push({ field: readingPath, message: FIELD_MESSAGES.reading });
    if (!isBlank(reading.value)) {
      const error = numberError(reading.value, type, check.mode);
      if (error) check.errors.push({ field: readingPath, message: error });
    }
    for (const [key, listId] of [
      ['site', type.siteList],
      ['position', type.positionList],
    ] as const) {
      const chosen = reading[key];
      if (isBlank(chosen)) continue;
      const options = listId ? (NOTE_OPTION_LISTS[listId] ?? []) : [];
      if (!options.some((option) => option.value === chosen))
        check.errors.push({ field: `${readingPath}.${key}`, message: FIELD_MESSAGES.notAnOption });
    }
  }
}

function checkDiagnoses(value: unknown, path: string, check: Check) {
  if (!isRecord(value) || !Array.isArray(value.others ?? []))
    return check.errors.push({ field: path, message: FIELD_MESSAGES.diagnoses });
  const extra = Object.keys(value).filter((key) => key !== 'primary' && key !== 'others');
  if (extra.length > 0) check.errors.push({ field: path, message: FIELD_MESSAGES.diagnoses });
  const seen = new Set<string>();
  const code = (candidate: unknown, at: string) => {
    if (typeof candidate !== 'string' || !ICD10_PATTERN.test(candidate))
      return check.errors.push({ field: at, message: FIELD_MESSAGES.icd });
    if (seen.has(candidate)) return check.errors.push({ field: at, message: FIELD_MESSAGES.duplicate });
    seen.add(candidate);
  };
  if (!isBlank(value.primary)) code(value.primary, `${path}.primary`);
  ((value.others ?? []) as unknown[]).forEach((other, i) => code(other, `${path}.others.${i}`));
}

function checkSignature(value: unknown, path: string, check: Check) {
  const valid =
    isRecord(value) &&
    typeof value.name === 'string' &&
    value.name.trim() !== '' &&
    value.name.length <= SIGNATURE_NAME_MAX_LENGTH &&
    typeof value.signedAt === 'string' &&
    ISO_DATE_TIME.test(value.signedAt) &&
    !Number.isNaN(Date.parse(value.signedAt)) &&
    Object.keys(value).length === 2;
  if (!valid) check.errors.push({ field: path, message: FIELD_MESSAGES.signature });
}

function checkScore(value: unknown, expected: ScoreValue, path: string, check: Check) {
  const shaped =
    isRecord(value) &&
    (value.total === null || (typeof value.total === 'number' && Number.isFinite(value.total))) &&
    (value.level === null || typeof value.level === 'string');
  if (!shaped) return check.errors.push({ field: path, message: FIELD_MESSAGES.score });
  if (value.total !== expected.total || value.level !== expected.level)
    check.errors.push({ field: path, message: FIELD_MESSAGES.scoreMismatch });
}

function checkGoals(value: unknown, path: string, check: Check) {
  if (!Array.isArray(value)) return check.errors.push({ field: path, message: FIELD_MESSAGES.goals });
  value.forEach((goal, i) => {
    const error = goalError(goal);
    if (error) check.errors.push({ field: `${path}.${i}`, message: error });
  });
}

/**
 * The errors of a note's values against its definition, each naming the value's path. 'draft' checks shapes,
 * options and sizes (a pulse of 400 is kept as typed); 'save' also ranges; 'submit' also requires every visible
 * required field. Score fields must equal their recomputation.
 */
export function validateNoteValues(
  definition: NoteDefinition,
  values: NoteValues,
  mode: ValidationMode,
): FieldError[] {
  const check: Check = { errors: [], mode };
  if (!isRecord(values)) return [{ field: 'values', message: FIELD_MESSAGES.object }];
  const fields = fieldsOf(definition);
  const byId = new Map(fields.map((field) => [field.id, field]));
  for (const key of Object.keys(values)) {
    if (!byId.has(key)) check.errors.push({ field: `values.${key}`, message: FIELD_MESSAGES.notAField });
  }
  for (const field of fields) {
    const path = `values.${field.id}`;
    const value = values[field.id];
    if (field.kind === 'score') {
      const expected = scoreOf(field, byId, values);
      if (!isBlank(value)) checkScore(value, expected, path, check);
      if (
        mode === 'submit' &&
        field.required &&
        isFieldVisible(field, values) &&
        expected.total === null &&
        expected.level === null
      )
        check.errors.push({ field: path, message: FIELD_MESSAGES.required });
      continue;
    }
    if (!isBlank(value)) {
      const before = check.errors.length;
      switch (field.kind) {
        case 'signature':
          checkSignature(value, path, check);
          break;
        case 'table':
          checkTable(field, value, path, check, values);
          break;
        case 'vitals':
          checkVitals(field, value, path, check);
          break;
        case 'goals':
          checkGoals(value, path, check);
          break;
        case 'diagnoses':
          checkDiagnoses(value, path, check);
          break;
        default: {
          const error = simpleValueError(field, value, mode);
          if (error) check.errors.push({ field: path, message: error });
        }
      }
      if (check.errors.length > before) continue;
    }
    if (mode === 'submit' && field.required && isFieldVisible(field, values) && isEmptyValue(field, value))
      check.errors.push({ field: path, message: FIELD_MESSAGES.required });
  }
  return check.errors;
}

/** Equal as stored values: objects whatever their key order (a database's JSON reorders keys), empty as absent. */
function sameValue(a: unknown, b: unknown): boolean {
  if (isBlank(a) || isBlank(b)) return isBlank(a) && isBlank(b);
  if (Array.isArray(a) || Array.isArray(b))
    return (
      Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((v, i) => sameValue(v, b[i]))
    );
  if (isRecord(a) && isRecord(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].every((key) => sameValue(a[key], b[key]));
  }
  return Object.is(a, b);
}

/**
 * The signature fields a save must clear (issue 24): the note was signed, and this save changes something else
 * while keeping the signature as it was. A save that brings a new signature with its changes was signed after them.
 */
export function staleSignatureFields(
  definition: NoteDefinition,
  stored: Values | null | undefined,
  incoming: Values,
): string[] {
  if (!stored) return [];
  const signatures = fieldsOf(definition).filter((field) => field.kind === 'signature');
  if (!signatures.length) return [];
  const ids = new Set(signatures.map((field) => field.id));
  const keys = new Set([...Object.keys(stored), ...Object.keys(incoming)]);
  const changed = [...keys].some((key) => !ids.has(key) && !sameValue(stored[key], incoming[key]));
  if (!changed) return [];
  return signatures
    .map((field) => field.id)
    .filter((id) => !isBlank(stored[id]) && sameValue(stored[id], incoming[id]));
}
