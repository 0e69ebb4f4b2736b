import { z } from 'zod';
import {
  boundedDateSchema,
  boundedDateTimeSchema,
  idSchema,
  idValueSchema,
  INT4_MAX,
  isoDateSchema,
  STATE_CODE_ERROR,
  stateCodeSchema,
  versionQuerySchema,
  versionSchema,
  wholeNumberTextSchema,
} from './common';

const messages = (schema: z.ZodType, value: unknown) =>
  schema.safeParse(value).error?.issues.map((i) => i.message) ?? [];

describe('ids and versions fit a PostgreSQL integer', () => {
  it('accepts 1 up to 2147483647', () => {
    expect(idSchema.parse('1')).toBe(1);
    expect(idSchema.parse(String(INT4_MAX))).toBe(INT4_MAX);
    expect(idValueSchema.parse(INT4_MAX)).toBe(INT4_MAX);
    expect(versionSchema.parse(INT4_MAX)).toBe(INT4_MAX);
    expect(versionQuerySchema.parse('0')).toBe(0);
  });

  it('refuses a larger number with a message that says so', () => {
    expect(messages(idSchema, '2147483648')).toEqual(['must be at most 2147483647']);
    expect(messages(idValueSchema, 2 ** 63)).not.toEqual([]);
    expect(messages(idValueSchema, 2147483648)).toEqual(['must be at most 2147483647']);
    expect(messages(versionSchema, 2147483648)).toEqual(['must be at most 2147483647']);
    expect(messages(versionQuerySchema, '1e20')).not.toEqual([]);
  });

  it('refuses zero, negatives, fractions and text', () => {
    for (const bad of ['0', '-1', '1.5', 'abc', '']) expect(idSchema.safeParse(bad).success).toBe(false);
    for (const bad of [0, -1, 1.5, '1', null]) expect(idValueSchema.safeParse(bad).success).toBe(false);
  });

  it('takes digits only: not the other spellings Number() reads as 1', () => {
    for (const bad of ['0x1', ' 1', '1 ', '1e0', '0b1', '0o1', '+1', '1.0', '\u0000'])
      expect(messages(idSchema, bad)).toEqual(['must be a positive whole number']);
    expect(idSchema.parse('007')).toBe(7);
    // A page's typed filter (a number) is sent as its digits.
    expect(idSchema.parse(7)).toBe(7);
    for (const bad of [1.5, -1, 0, 1e21]) expect(idSchema.safeParse(bad).success).toBe(false);
    expect(messages(idSchema, '9'.repeat(400))).toEqual(['must be at most 2147483647']);
    expect(messages(versionQuerySchema, '0x1')).toEqual(['must be a whole number (digits only)']);
    expect(wholeNumberTextSchema.parse('0')).toBe(0);
  });

  it('documents an id in a path or query as digits', () => {
    expect(z.toJSONSchema(idSchema, { io: 'input' })).toMatchObject({ type: 'string', pattern: '^\\d+$' });
  });
});

describe('dates a request sends', () => {
  it('are real days from 1900-01-01 to 2199-12-31', () => {
    for (const good of ['1900-01-01', '2026-02-28', '2199-12-31'])
      expect(boundedDateSchema.parse(good)).toBe(good);
    for (const bad of ['0001-01-01', '1899-12-31', '2200-01-01', '9999-12-31'])
      expect(messages(boundedDateSchema, bad)).toEqual(['must be from 1900-01-01 to 2199-12-31']);
    for (const bad of ['2026-02-30', '275760-09-13', '0000-00-00', '1/2/2024'])
      expect(messages(boundedDateSchema, bad)).toEqual(['must be a date YYYY-MM-DD']);
  });

  it('as date-times carry Z or an offset, in the same years', () => {
    for (const good of ['2026-01-15T10:00:00.000Z', '2026-01-15T10:00:00-06:00'])
      expect(boundedDateTimeSchema.parse(good)).toBe(good);
    for (const bad of ['0001-01-01T00:00:00Z', '9999-12-31T00:00:00.000Z'])
      expect(messages(boundedDateTimeSchema, bad)).toEqual(['must be from 1900-01-01 to 2199-12-31']);
    for (const bad of ['2026-01-15T10:00', '2026-01-15', '275760-09-13T00:00:00.000Z', 'yesterday'])
      expect(messages(boundedDateTimeSchema, bad)).toEqual(['must be an ISO 8601 date-time']);
  });

  it('are documented as format date and date-time', () => {
    expect(z.toJSONSchema(boundedDateSchema)).toMatchObject({ type: 'string', format: 'date' });
    expect(z.toJSONSchema(boundedDateTimeSchema)).toMatchObject({ type: 'string', format: 'date-time' });
  });
});

describe('isoDateSchema', () => {
  it('takes a real calendar date only, with one message', () => {
    expect(isoDateSchema.parse('2024-02-29')).toBe('2024-02-29');
    for (const bad of ['9999-99-99', '0000-00-00', '2023-02-29', '1/2/2024'])
      expect(messages(isoDateSchema, bad)).toEqual(['must be a date YYYY-MM-DD']);
  });

  it('documents its pattern in the JSON schema', () => {
    expect(z.toJSONSchema(isoDateSchema)).toMatchObject({
      type: 'string',
      pattern: '^(\\d{4})-(\\d{2})-(\\d{2})$',
    });
  });
});

describe('stateCodeSchema', () => {
  it('takes a two-letter postal code, trimmed, and names the rule otherwise', () => {
    expect(stateCodeSchema.parse(' tx ')).toBe('tx');
    for (const bad of ['Texas', 'T', 'T1', ''])
      expect(stateCodeSchema.safeParse(bad).error?.issues[0]?.message).toBe(STATE_CODE_ERROR);
  });
});
