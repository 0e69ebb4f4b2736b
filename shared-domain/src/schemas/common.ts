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
/** Digits read as a number: only hundreds of them make Infinity, which is out of range too. */
const digitsAsNumber = () => z.coerce.number<string>(OUT_OF_RANGE).int().max(INT4_MAX, OUT_OF_RANGE);

/**
 * The text of an id or a count in a path or query: digits only. Number() would also take ' 1', '+1', '1e0',
 * '0x1' and '0b1' as 1, so `/patients/0x1` answered patient 1.
 */
export const DIGITS_PATTERN = /^\d+$/;
const POSITIVE = { error: 'must be a positive whole number' };
/** Digits as text, documented so; a number (a page's typed filter, sent as its digits) is taken as its text. */
const digitsText = (error: string) =>
  z
    .preprocess(
      (value: string | number) => (typeof value === 'number' ? String(value) : value),
      z.string({ error }).regex(DIGITS_PATTERN, { error }),
    )
    .meta({ type: 'string', pattern: DIGITS_PATTERN.source });
/** Digits read as a whole number from 0 to INT4_MAX (a code such as a status id, 0 meaning every one). */
export const wholeNumberTextSchema = digitsText('must be a whole number (digits only)').pipe(
  digitsAsNumber(),
);
/** An id in a path or query: digits only, 1 to INT4_MAX. */
export const idSchema = digitsText(POSITIVE.error).pipe(digitsAsNumber().positive(POSITIVE));
/** An id in a JSON body. */
export const idValueSchema = z.number().int().positive(POSITIVE).max(INT4_MAX, OUT_OF_RANGE);
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

/** A real calendar date in an answer, as stored (requests use boundedDateSchema). */
export const isoDateSchema = z
  .string()
  .refine(isIsoDate, { error: 'must be a date YYYY-MM-DD' })
  .meta({ type: 'string', pattern: ISO_DATE_PATTERN.source });
/** A US state (or territory) by its two-letter postal code, as every address form takes it. */
export const STATE_CODE_PATTERN = /^[A-Za-z]{2}$/;
export const STATE_CODE_ERROR = 'must be a 2-letter state code';
export const stateCodeSchema = z.string().trim().regex(STATE_CODE_PATTERN, { error: STATE_CODE_ERROR });

export const timeSchema = z.string().regex(TIME_PATTERN, { error: 'must be a time HH:MM' });

/** The first and last day a date sent to the API may name (decision 034): past any birthday, before any plan. */
export const DATE_INPUT_MIN = '1900-01-01';
export const DATE_INPUT_MAX = '2199-12-31';
const DATE_RANGE_MESSAGE = `must be from ${DATE_INPUT_MIN} to ${DATE_INPUT_MAX}`;
const inDateRange = (text: string) => {
  const day = text.slice(0, 10);
  return day >= DATE_INPUT_MIN && day <= DATE_INPUT_MAX;
};

/** Every date a request sends (path, query or body): a real calendar day from DATE_INPUT_MIN to DATE_INPUT_MAX. */
export const boundedDateSchema = z
  .string()
  .refine(isIsoDate, { error: 'must be a date YYYY-MM-DD', abort: true })
  .refine(inDateRange, { error: DATE_RANGE_MESSAGE, abort: true })
  .meta({ type: 'string', format: 'date', pattern: ISO_DATE_PATTERN.source });

/** Every moment a request sends: ISO 8601 with Z or an offset, its day from DATE_INPUT_MIN to DATE_INPUT_MAX. */
export const boundedDateTimeSchema = z.iso
  .datetime({ offset: true, error: 'must be an ISO 8601 date-time', abort: true })
  .refine(inDateRange, { error: DATE_RANGE_MESSAGE, abort: true })
  .meta({ type: 'string', format: 'date-time' });

/** A date-time in an answer (as stored; requests use boundedDateTimeSchema). */
export const isoDateTimeSchema = z.string().describe('ISO 8601 date-time');

/** Optimistic concurrency: writes carry the version they were read at; a stale one is refused with 409. */
export const versionSchema = z.number().int().min(0).max(INT4_MAX, OUT_OF_RANGE);
/** The version in a query (DELETE …?version=). */
export const versionQuerySchema = wholeNumberTextSchema;
