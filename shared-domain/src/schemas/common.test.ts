import { z } from 'zod';
import {
  idSchema,
  idValueSchema,
  INT4_MAX,
  isoDateSchema,
  versionQuerySchema,
  versionSchema,
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
