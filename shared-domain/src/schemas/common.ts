import { z } from 'zod';
import { ISO_DATE_PATTERN, isIsoDate, TIME_PATTERN } from '../formats';

/** The one JSON error shape every failed API call answers with (read by `buildErrorText`). */
export const fieldErrorSchema = z.object({
  field: z
    .string()
    .describe('Dotted path of the offending input field, e.g. "emailId" or "body.phoneNumber"'),
  message: z.string(),
});
export const apiErrorSchema = z
  .object({
    statusCode: z.number().int(),
    code: z.string().describe('Stable machine-readable code, e.g. VALIDATION, UNAUTHORIZED, FORBIDDEN'),
    error: z.string().describe('Human-readable text shown after "Sorry, {thing} could not be {action}. "'),
    errors: z.array(fieldErrorSchema).optional(),
  })
  .meta({ id: 'ApiError' });
export type ApiError = z.infer<typeof apiErrorSchema>;
export type FieldError = z.infer<typeof fieldErrorSchema>;

/** The largest PostgreSQL `integer`: every id, version and count column. Larger numbers are refused by name. */
export const INT4_MAX = 2_147_483_647;
const OUT_OF_RANGE = { error: `must be at most ${INT4_MAX}` };

/** An id in a path or query (text, coerced). */
export const idSchema = z.coerce.number().int().positive().max(INT4_MAX, OUT_OF_RANGE);
/** An id in a JSON body. */
export const idValueSchema = z.number().int().positive().max(INT4_MAX, OUT_OF_RANGE);
export const idParamsSchema = z.object({ id: idSchema });

/** 1-based page number; page size 10 by default (SPEC §9). */
export const pagingQuerySchema = z.object({
  pageNumber: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(1000).default(10),
});
export type PagingQuery = z.infer<typeof pagingQuerySchema>;

export const pagingSchema = z.object({
  pageNumber: z.number().int(),
  pageSize: z.number().int(),
  pageCount: z.number().int(),
  totalCount: z.number().int(),
  /** true: the count stopped at totalCount, and there are at least that many rows. */
  totalCountIsCapped: z.boolean().optional(),
});
export type Paging = z.infer<typeof pagingSchema>;

/** A query-string flag: 'true' or 'false'. */
export const booleanTextSchema = z.enum(['true', 'false']).transform((value) => value === 'true');

export const okSchema = z.object({ ok: z.literal(true), message: z.string().optional() });

export const isoDateSchema = z
  .string()
  .refine(isIsoDate, { error: 'must be a date YYYY-MM-DD' })
  .meta({ type: 'string', pattern: ISO_DATE_PATTERN.source });
export const timeSchema = z.string().regex(TIME_PATTERN, { error: 'must be a time HH:MM' });

export const isoDateTimeSchema = z.string().describe('ISO 8601 date-time');

/** Optimistic concurrency: writes carry the version they were read at; a stale one is refused with 409. */
export const versionSchema = z.number().int().min(0).max(INT4_MAX, OUT_OF_RANGE);
/** The version in a query (DELETE …?version=). */
export const versionQuerySchema = z.coerce.number().int().min(0).max(INT4_MAX, OUT_OF_RANGE);
