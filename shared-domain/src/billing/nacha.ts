/**
 * ACH files for paying clinicians: one NACHA PPD batch of credits (service class 220) built from the payments
 * ready for export, and the check every file passes before it is released (a file that fails is refused).
 * Pure: no I/O, no clock (the creation instant is passed in); runs in the browser and in Node.
 *
 * One layout definition. Each record type's fields (name, 1-based start, length, kind 'N' or 'AN', and the
 * fixed value when the field has one) are listed once below; the writer and the reader both use those
 * tables, and `defineRecord` refuses at load time a table whose fields do not tile the 94 columns.
 *
 * Field rules: 'N' fields are digits, right-justified and zero-padded; 'AN' fields are printable ASCII
 * (space to '~'), uppercased, left-justified and space-padded. Every input rule (routing check digit,
 * account number, amount, required text, dates) is one function used by both `buildNachaFile` (on the
 * input) and `validateNachaFile` (on the text).
 *
 * Our choices where NACHA leaves room:
 * - The individual name (the receiver's name) is folded to ASCII (accents dropped, ß -> SS, Ł -> L, curly
 *   quotes -> straight ones ...), whitespace collapsed, uppercased and cut to 22 characters; the bank does
 *   not match PPD credits on the name. Every other text field (the originator's settings and the payment
 *   reference) must already fit and be printable ASCII: a longer one is refused, never cut.
 * - Account numbers are digits only (1 to 17, not all zeros), left-justified; receivers' names and company
 *   names and the entry description must not be blank.
 * - Trace numbers are the ODFI's 8 digits + a 7-digit sequence from 0000001 in entry order; the batch number
 *   is 0000001; reference code, discretionary data, descriptive date and settlement date are blank.
 * - The validator is strict about what this product writes: one or more batches, each PPD, service class
 *   220, transaction codes 22/32 only, no addenda records, total debits zero, ODFI identification equal to
 *   the file header's immediate destination.
 */

export type NachaAccountType = 'checking' | 'savings';

export type NachaOriginator = {
  /** ODFI (our bank) routing number, 9 digits; the file header's immediate destination (' ' + 9 digits). */
  odfiRoutingNumber: string;
  /** Our bank's name, up to 23 chars (immediate destination name). */
  odfiName: string;
  /** 10 chars: immediate origin (usually '1' + 9-digit EIN). */
  immediateOrigin: string;
  /** up to 23 chars (immediate origin name). */
  immediateOriginName: string;
  /** up to 16 chars. */
  companyName: string;
  /** 10 chars, e.g. '1' + EIN. */
  companyIdentification: string;
  /** up to 10 chars, e.g. 'PAYROLL'. */
  companyEntryDescription: string;
};

export type NachaCredit = {
  /** RDFI routing number, 9 digits with a valid check digit. */
  routingNumber: string;
  /** 1 to 17 digits, nothing else (spaces and hyphens are not removed: they are an error). */
  accountNumber: string;
  accountType: NachaAccountType;
  /** Positive whole cents, at most 9_999_999_999 (the field is 10 digits). */
  amountCents: number;
  /** Up to 15 chars: our payment reference. */
  individualId: string;
  /** The receiver's name; folded to ASCII, uppercased and cut to 22 chars. */
  individualName: string;
};

export type NachaFileInput = {
  originator: NachaOriginator;
  /** File creation instant; the header uses its UTC date YYMMDD and time HHMM. */
  createdAt: Date;
  /** ISO date 'YYYY-MM-DD' the entries settle on; written YYMMDD. */
  effectiveEntryDate: string;
  /** 'A'-'Z' or '0'-'9'. */
  fileIdModifier: string;
  entries: readonly NachaCredit[];
};

/** One problem in a file: its 1-based line (null for the file as a whole), the field, what is wrong. */
export type NachaProblem = { line: number | null; field: string; message: string };

/**
 * What the records of a file add up to (computed from the records present, not copied from the file
 * control): the number of batches, blocks (ceil(records / 10)), entry detail records, the entry hash
 * (10 digits), total debits and credits in cents, and the number of records including padding.
 */
export type NachaSummary = {
  batchCount: number;
  blockCount: number;
  entryCount: number;
  entryHash: string;
  totalDebitCents: number;
  totalCreditCents: number;
  recordCount: number;
};

// ---------------------------------------------------------------------------------------------------------
// Constants

const RECORD_LENGTH = 94;
const BLOCKING_FACTOR = 10;
const PADDING_RECORD = '9'.repeat(RECORD_LENGTH);
const MAX_AMOUNT_CENTS = 9_999_999_999;
/** The batch and file control total fields are 12 digits. */
const MAX_TOTAL_CENTS = 999_999_999_999;
/** The batch control entry/addenda count is 6 digits. */
const MAX_ENTRIES = 999_999;
/** The entry hash keeps the rightmost 10 digits of the sum. */
const ENTRY_HASH_MODULUS = 10_000_000_000;
const TRANSACTION_CODES: Record<NachaAccountType, string> = { checking: '22', savings: '32' };
const CREDIT_CODES: ReadonlySet<string> = new Set(Object.values(TRANSACTION_CODES));
/** Debits to checking and savings: counted in the summary, refused in a credit-only batch. */
const DEBIT_CODES: ReadonlySet<string> = new Set(['27', '37']);

// ---------------------------------------------------------------------------------------------------------
// Record layouts: each field once, shared by the writer and the reader

type FieldKind = 'N' | 'AN';
type FieldSpec = {
  readonly name: string;
  /** 1-based column, as in the NACHA tables. */
  readonly start: number;
  readonly length: number;
  readonly kind: FieldKind;
  /** The only value the field may hold; the writer writes it, the reader checks it. */
  readonly fixed?: string;
};
type RecordLayout<F extends readonly FieldSpec[]> = { readonly title: string; readonly fields: F };
type FieldName<F extends readonly FieldSpec[]> = F[number]['name'];
type FreeFieldName<S> = S extends { readonly fixed: string }
  ? never
  : S extends { readonly name: infer N }
    ? N
    : never;
type RecordValues<F extends readonly FieldSpec[]> = { readonly [K in FreeFieldName<F[number]>]: string };
type RecordFields<F extends readonly FieldSpec[]> = { readonly [K in FieldName<F>]: string };

function defineRecord<const F extends readonly FieldSpec[]>(title: string, fields: F): RecordLayout<F> {
  let column = 1;
  for (const field of fields) {
    if (field.start !== column || field.length < 1)
      throw new Error(`NACHA ${title}: field ${field.name} starts at ${field.start}, expected ${column}`);
    if (field.fixed !== undefined && field.fixed.length !== field.length)
      throw new Error(`NACHA ${title}: fixed value of ${field.name} is not ${field.length} characters`);
    column += field.length;
  }
  if (column !== RECORD_LENGTH + 1)
    throw new Error(`NACHA ${title}: fields cover ${column - 1} columns, not ${RECORD_LENGTH}`);
  return { title, fields };
}

const blank = (length: number): string => ' '.repeat(length);

const FILE_HEADER = defineRecord('file header', [
  { name: 'recordType', start: 1, length: 1, kind: 'N', fixed: '1' },
  { name: 'priorityCode', start: 2, length: 2, kind: 'N', fixed: '01' },
  { name: 'immediateDestination', start: 4, length: 10, kind: 'AN' },
  { name: 'immediateOrigin', start: 14, length: 10, kind: 'AN' },
  { name: 'fileCreationDate', start: 24, length: 6, kind: 'N' },
  { name: 'fileCreationTime', start: 30, length: 4, kind: 'N' },
  { name: 'fileIdModifier', start: 34, length: 1, kind: 'AN' },
  { name: 'recordSize', start: 35, length: 3, kind: 'N', fixed: '094' },
  { name: 'blockingFactor', start: 38, length: 2, kind: 'N', fixed: '10' },
  { name: 'formatCode', start: 40, length: 1, kind: 'N', fixed: '1' },
  { name: 'immediateDestinationName', start: 41, length: 23, kind: 'AN' },
  { name: 'immediateOriginName', start: 64, length: 23, kind: 'AN' },
  { name: 'referenceCode', start: 87, length: 8, kind: 'AN' },
]);

const BATCH_HEADER = defineRecord('batch header', [
  { name: 'recordType', start: 1, length: 1, kind: 'N', fixed: '5' },
  { name: 'serviceClassCode', start: 2, length: 3, kind: 'N', fixed: '220' },
  { name: 'companyName', start: 5, length: 16, kind: 'AN' },
  { name: 'companyDiscretionaryData', start: 21, length: 20, kind: 'AN' },
  { name: 'companyIdentification', start: 41, length: 10, kind: 'AN' },
  { name: 'standardEntryClassCode', start: 51, length: 3, kind: 'AN', fixed: 'PPD' },
  { name: 'companyEntryDescription', start: 54, length: 10, kind: 'AN' },
  { name: 'companyDescriptiveDate', start: 64, length: 6, kind: 'AN' },
  { name: 'effectiveEntryDate', start: 70, length: 6, kind: 'N' },
  { name: 'settlementDate', start: 76, length: 3, kind: 'AN' },
  { name: 'originatorStatusCode', start: 79, length: 1, kind: 'N', fixed: '1' },
  { name: 'odfiIdentification', start: 80, length: 8, kind: 'N' },
  { name: 'batchNumber', start: 88, length: 7, kind: 'N' },
]);

const ENTRY_DETAIL = defineRecord('entry detail', [
  { name: 'recordType', start: 1, length: 1, kind: 'N', fixed: '6' },
  { name: 'transactionCode', start: 2, length: 2, kind: 'N' },
  { name: 'rdfiIdentification', start: 4, length: 8, kind: 'N' },
  { name: 'checkDigit', start: 12, length: 1, kind: 'N' },
  { name: 'dfiAccountNumber', start: 13, length: 17, kind: 'AN' },
  { name: 'amount', start: 30, length: 10, kind: 'N' },
  { name: 'individualIdentificationNumber', start: 40, length: 15, kind: 'AN' },
  { name: 'individualName', start: 55, length: 22, kind: 'AN' },
  { name: 'discretionaryData', start: 77, length: 2, kind: 'AN' },
  { name: 'addendaRecordIndicator', start: 79, length: 1, kind: 'N', fixed: '0' },
  { name: 'traceNumber', start: 80, length: 15, kind: 'N' },
]);

const BATCH_CONTROL = defineRecord('batch control', [
  { name: 'recordType', start: 1, length: 1, kind: 'N', fixed: '8' },
  { name: 'serviceClassCode', start: 2, length: 3, kind: 'N', fixed: '220' },
  { name: 'entryAddendaCount', start: 5, length: 6, kind: 'N' },
  { name: 'entryHash', start: 11, length: 10, kind: 'N' },
  { name: 'totalDebitAmount', start: 21, length: 12, kind: 'N' },
  { name: 'totalCreditAmount', start: 33, length: 12, kind: 'N' },
  { name: 'companyIdentification', start: 45, length: 10, kind: 'AN' },
  { name: 'messageAuthenticationCode', start: 55, length: 19, kind: 'AN' },
  { name: 'reserved', start: 74, length: 6, kind: 'AN', fixed: blank(6) },
  { name: 'odfiIdentification', start: 80, length: 8, kind: 'N' },
  { name: 'batchNumber', start: 88, length: 7, kind: 'N' },
]);

const FILE_CONTROL = defineRecord('file control', [
  { name: 'recordType', start: 1, length: 1, kind: 'N', fixed: '9' },
  { name: 'batchCount', start: 2, length: 6, kind: 'N' },
  { name: 'blockCount', start: 8, length: 6, kind: 'N' },
  { name: 'entryAddendaCount', start: 14, length: 8, kind: 'N' },
  { name: 'entryHash', start: 22, length: 10, kind: 'N' },
  { name: 'totalDebitAmount', start: 32, length: 12, kind: 'N' },
  { name: 'totalCreditAmount', start: 44, length: 12, kind: 'N' },
  { name: 'reserved', start: 56, length: 39, kind: 'AN', fixed: blank(39) },
]);

const DIGITS = /^\d+$/;
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/** One record from its values (fixed fields are filled in). Values are checked before; a misfit is a bug. */
function writeRecord<F extends readonly FieldSpec[]>(
  layout: RecordLayout<F>,
  values: RecordValues<F>,
): string {
  const given = values as Readonly<Record<string, string>>;
  let record = '';
  for (const field of layout.fields) {
    const value = field.fixed ?? given[field.name] ?? '';
    const fits =
      value.length <= field.length && (field.kind === 'N' ? DIGITS.test(value) : PRINTABLE_ASCII.test(value));
    if (!fits) throw new Error(`NACHA ${layout.title}: ${field.name} cannot hold ${JSON.stringify(value)}`);
    record +=
      field.kind === 'N' ? value.padStart(field.length, '0') : value.toUpperCase().padEnd(field.length, ' ');
  }
  return record;
}

/** The fields of a 94-character record, as written (padding included). */
function readRecord<F extends readonly FieldSpec[]>(
  layout: RecordLayout<F>,
  record: string,
): RecordFields<F> {
  const fields: Record<string, string> = {};
  for (const field of layout.fields)
    fields[field.name] = record.slice(field.start - 1, field.start - 1 + field.length);
  return fields as RecordFields<F>;
}

// ---------------------------------------------------------------------------------------------------------
// Rules shared by the builder and the validator

const ROUTING_WEIGHTS = [3, 7, 1, 3, 7, 1, 3, 7] as const;

/** The ABA check digit (the 9th digit) for the first 8 digits of a routing number. */
export function routingCheckDigit(first8: string): string {
  if (!/^\d{8}$/.test(first8))
    throw new Error(`routingCheckDigit: expected 8 digits, got ${JSON.stringify(first8)}`);
  let sum = 0;
  ROUTING_WEIGHTS.forEach((weight, i) => (sum += weight * Number(first8[i])));
  return String((10 - (sum % 10)) % 10);
}

function routingNumberProblem(routing: string): string | null {
  if (typeof routing !== 'string' || !/^\d{9}$/.test(routing)) return 'must be 9 digits';
  const expected = routingCheckDigit(routing.slice(0, 8));
  return routing[8] === expected
    ? null
    : `${routing} fails the ABA check digit (the 9th digit should be ${expected})`;
}

/** 9 digits whose last is the ABA check digit: 3(d1+d4+d7) + 7(d2+d5+d8) + (d3+d6+d9) ≡ 0 (mod 10). */
export function isValidRoutingNumber(routing: string): boolean {
  return routingNumberProblem(routing) === null;
}

/** Null when the account number can be written (1 to 17 digits, not all zeros); else what is wrong. */
export function accountNumberProblem(account: string): string | null {
  if (typeof account !== 'string' || account.length === 0) return 'is empty: must be 1 to 17 digits';
  if (!DIGITS.test(account)) return 'must be 1 to 17 digits (no letters, spaces or other characters)';
  if (account.length > 17) return `is ${account.length} digits: must be 1 to 17 digits`;
  if (/^0+$/.test(account)) return 'must not be all zeros';
  return null;
}

/** '****' and the last 4 characters; '****' alone for 4 characters or fewer. */
export function maskAccountNumber(account: string): string {
  const trimmed = account.trim();
  return trimmed.length > 4 ? `****${trimmed.slice(-4)}` : '****';
}

function amountProblem(cents: number): string | null {
  if (typeof cents !== 'number' || !Number.isInteger(cents)) return 'must be a whole number of cents';
  if (cents <= 0) return 'must be more than zero';
  if (cents > MAX_AMOUNT_CENTS) return `must be at most ${MAX_AMOUNT_CENTS} cents`;
  return null;
}

function requiredTextProblem(value: string): string | null {
  return value.trim() === '' ? 'must not be blank' : null;
}

function asciiProblem(value: string): string | null {
  return PRINTABLE_ASCII.test(value) ? null : 'holds characters other than printable ASCII';
}

function fileIdModifierProblem(value: string): string | null {
  return /^[A-Z0-9]$/.test(value) ? null : "must be one character 'A'-'Z' or '0'-'9'";
}

function isCalendarDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** YYMMDD (years 2000-2099). */
function yymmddProblem(value: string): string | null {
  const ok =
    /^\d{6}$/.test(value) &&
    isCalendarDate(2000 + Number(value.slice(0, 2)), Number(value.slice(2, 4)), Number(value.slice(4, 6)));
  return ok ? null : `${JSON.stringify(value)} is not a date YYMMDD`;
}

function hhmmProblem(value: string): string | null {
  const ok = /^\d{4}$/.test(value) && Number(value.slice(0, 2)) < 24 && Number(value.slice(2, 4)) < 60;
  return ok ? null : `${JSON.stringify(value)} is not a time HHMM`;
}

const pad2 = (n: number): string => String(n).padStart(2, '0');
const entryHashText = (sum: number): string => String(sum % ENTRY_HASH_MODULUS).padStart(10, '0');

// ---------------------------------------------------------------------------------------------------------
// Builder

/** Receivers' names: ASCII letters where a plain one exists; what is left non-ASCII is refused. */
const NAME_FOLDS: Readonly<Record<string, string>> = {
  ß: 'ss',
  æ: 'ae',
  Æ: 'AE',
  œ: 'oe',
  Œ: 'OE',
  ø: 'o',
  Ø: 'O',
  ł: 'l',
  Ł: 'L',
  đ: 'd',
  Đ: 'D',
  ð: 'd',
  Ð: 'D',
  þ: 'th',
  Þ: 'TH',
  ı: 'i',
  '\u2018': "'",
  '\u2019': "'",
  '\u201c': '"',
  '\u201d': '"',
  '\u2013': '-',
  '\u2014': '-',
};

function foldName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, (c) => (/\s/.test(c) ? ' ' : (NAME_FOLDS[c] ?? c)))
    .replace(/ +/g, ' ')
    .trim();
}

const ENTRY_DETAIL_NAME_LENGTH = 22;

function textFieldProblem(value: unknown, options: { max: number; exact?: boolean; required: boolean }) {
  if (typeof value !== 'string') return 'must be text';
  if (options.exact && value.length !== options.max) return `must be exactly ${options.max} characters`;
  if (value.length > options.max) return `is ${value.length} characters: at most ${options.max}`;
  return asciiProblem(value) ?? (options.required ? requiredTextProblem(value) : null);
}

function inputProblems(input: NachaFileInput): string[] {
  const problems: string[] = [];
  const check = (path: string, problem: string | null) => {
    if (problem !== null) problems.push(`${path}: ${problem}`);
  };
  const { originator } = input;
  check('originator.odfiRoutingNumber', routingNumberProblem(originator.odfiRoutingNumber));
  check('originator.odfiName', textFieldProblem(originator.odfiName, { max: 23, required: false }));
  check(
    'originator.immediateOrigin',
    textFieldProblem(originator.immediateOrigin, { max: 10, exact: true, required: true }),
  );
  check(
    'originator.immediateOriginName',
    textFieldProblem(originator.immediateOriginName, { max: 23, required: false }),
  );
  check('originator.companyName', textFieldProblem(originator.companyName, { max: 16, required: true }));
  check(
    'originator.companyIdentification',
    textFieldProblem(originator.companyIdentification, { max: 10, exact: true, required: true }),
  );
  check(
    'originator.companyEntryDescription',
    textFieldProblem(originator.companyEntryDescription, { max: 10, required: true }),
  );
  const createdOk = input.createdAt instanceof Date && !Number.isNaN(input.createdAt.getTime());
  check('createdAt', createdOk ? null : 'must be a valid date');
  check(
    'effectiveEntryDate',
    isoDateToYymmdd(input.effectiveEntryDate) === null ? "must be 'YYYY-MM-DD'" : null,
  );
  check(
    'fileIdModifier',
    typeof input.fileIdModifier === 'string'
      ? fileIdModifierProblem(input.fileIdModifier.toUpperCase())
      : 'must be text',
  );

  const entries = input.entries;
  if (!Array.isArray(entries) || entries.length === 0) {
    problems.push('entries: at least one payment is needed');
    return problems;
  }
  if (entries.length > MAX_ENTRIES)
    problems.push(`entries: at most ${MAX_ENTRIES} payments fit in one batch`);
  let total = 0;
  entries.forEach((entry, i) => {
    const at = `entries[${i}]`;
    check(`${at}.routingNumber`, routingNumberProblem(entry.routingNumber));
    check(`${at}.accountNumber`, accountNumberProblem(entry.accountNumber));
    check(
      `${at}.accountType`,
      Object.hasOwn(TRANSACTION_CODES, entry.accountType) ? null : "must be 'checking' or 'savings'",
    );
    const amount = amountProblem(entry.amountCents);
    check(`${at}.amountCents`, amount);
    if (amount === null) total += entry.amountCents;
    check(`${at}.individualId`, textFieldProblem(entry.individualId, { max: 15, required: false }));
    check(
      `${at}.individualName`,
      typeof entry.individualName === 'string'
        ? (asciiProblem(foldName(entry.individualName)) ??
            requiredTextProblem(foldName(entry.individualName)))
        : 'must be text',
    );
  });
  if (total > MAX_TOTAL_CENTS)
    problems.push(`entries: the total ${total} cents is more than ${MAX_TOTAL_CENTS}`);
  return problems;
}

function isoDateToYymmdd(iso: unknown): string | null {
  const match = typeof iso === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso) : null;
  if (!match) return null;
  const [, year, month, day] = match as unknown as [string, string, string, string];
  return isCalendarDate(Number(year), Number(month), Number(day)) ? year.slice(2) + month + day : null;
}

const MAX_LISTED_PROBLEMS = 20;

/**
 * The NACHA file (records joined with '\n' and a final '\n') for one PPD batch of credits. Throws an Error
 * listing every problem in the input ('entries[3].routingNumber: ...; ...') and builds nothing then.
 */
export function buildNachaFile(input: NachaFileInput): string {
  const problems = inputProblems(input);
  if (problems.length > 0) {
    const listed = problems.slice(0, MAX_LISTED_PROBLEMS);
    if (problems.length > listed.length) listed.push(`and ${problems.length - listed.length} more problems`);
    throw new Error(listed.join('; '));
  }
  const { originator, createdAt, entries } = input;
  const odfiIdentification = originator.odfiRoutingNumber.slice(0, 8);
  const batchNumber = '1';
  const records: string[] = [];

  records.push(
    writeRecord(FILE_HEADER, {
      immediateDestination: ` ${originator.odfiRoutingNumber}`,
      immediateOrigin: originator.immediateOrigin,
      fileCreationDate:
        pad2(createdAt.getUTCFullYear() % 100) +
        pad2(createdAt.getUTCMonth() + 1) +
        pad2(createdAt.getUTCDate()),
      fileCreationTime: pad2(createdAt.getUTCHours()) + pad2(createdAt.getUTCMinutes()),
      fileIdModifier: input.fileIdModifier.toUpperCase(),
      immediateDestinationName: originator.odfiName,
      immediateOriginName: originator.immediateOriginName,
      referenceCode: '',
    }),
  );
  records.push(
    writeRecord(BATCH_HEADER, {
      companyName: originator.companyName,
      companyDiscretionaryData: '',
      companyIdentification: originator.companyIdentification,
      companyEntryDescription: originator.companyEntryDescription,
      companyDescriptiveDate: '',
      effectiveEntryDate: isoDateToYymmdd(input.effectiveEntryDate) ?? '',
      settlementDate: '',
      odfiIdentification,
      batchNumber,
    }),
  );

  let hash = 0;
  let totalCredit = 0;
  entries.forEach((entry, i) => {
    hash += Number(entry.routingNumber.slice(0, 8));
    totalCredit += entry.amountCents;
    records.push(
      writeRecord(ENTRY_DETAIL, {
        transactionCode: TRANSACTION_CODES[entry.accountType],
        rdfiIdentification: entry.routingNumber.slice(0, 8),
        checkDigit: entry.routingNumber.slice(8),
        dfiAccountNumber: entry.accountNumber,
        amount: String(entry.amountCents),
        individualIdentificationNumber: entry.individualId,
        individualName: foldName(entry.individualName).slice(0, ENTRY_DETAIL_NAME_LENGTH),
        discretionaryData: '',
        traceNumber: odfiIdentification + String(i + 1).padStart(7, '0'),
      }),
    );
  });

  const totals = {
    entryAddendaCount: String(entries.length),
    entryHash: entryHashText(hash),
    totalDebitAmount: '0',
    totalCreditAmount: String(totalCredit),
  };
  records.push(
    writeRecord(BATCH_CONTROL, {
      ...totals,
      companyIdentification: originator.companyIdentification,
      messageAuthenticationCode: '',
      odfiIdentification,
      batchNumber,
    }),
  );
  const recordCount = records.length + 1;
  const blockCount = Math.ceil(recordCount / BLOCKING_FACTOR);
  records.push(writeRecord(FILE_CONTROL, { ...totals, batchCount: '1', blockCount: String(blockCount) }));
  while (records.length < blockCount * BLOCKING_FACTOR) records.push(PADDING_RECORD);
  return `${records.join('\n')}\n`;
}

// ---------------------------------------------------------------------------------------------------------
// Validator

type Report = (line: number | null, field: string, message: string) => void;

/** The generic checks of every field (digits, fixed values, printable ASCII); the names of the bad ones. */
function checkFields<F extends readonly FieldSpec[]>(
  layout: RecordLayout<F>,
  fields: RecordFields<F>,
  line: number,
  report: Report,
): ReadonlySet<string> {
  const values = fields as Readonly<Record<string, string>>;
  const bad = new Set<string>();
  for (const field of layout.fields) {
    const value = values[field.name] ?? '';
    let problem: string | null = null;
    if (field.kind === 'N' && !DIGITS.test(value)) problem = `must be digits, found ${JSON.stringify(value)}`;
    else if (field.fixed !== undefined && value !== field.fixed)
      problem =
        field.fixed.trim() === ''
          ? 'must be blank'
          : `must be '${field.fixed}', found ${JSON.stringify(value)}`;
    else problem = asciiProblem(value);
    if (problem !== null) {
      bad.add(field.name);
      report(line, field.name, problem);
    }
  }
  return bad;
}

type Batch = {
  headerLine: number | null;
  /** The batch header's fields when it was readable and its digits fields sound. */
  header: RecordFields<typeof BATCH_HEADER.fields> | null;
  headerBad: ReadonlySet<string>;
  entries: number;
  addenda: number;
  hash: number;
  credit: number;
  debit: number;
  sumsKnown: boolean;
  lastTrace: { value: string; line: number } | null;
};

type Totals = {
  entries: number;
  addenda: number;
  hash: number;
  credit: number;
  debit: number;
  sumsKnown: boolean;
};

function compareCount(
  report: Report,
  line: number,
  field: string,
  found: string,
  expected: number,
  what: string,
) {
  if (Number(found) !== expected)
    report(line, field, `is ${Number(found)} but the file holds ${expected} ${what}`);
}

function compareTotals(
  report: Report,
  line: number,
  fields: { entryHash: string; totalDebitAmount: string; totalCreditAmount: string },
  bad: ReadonlySet<string>,
  totals: Totals,
) {
  if (!bad.has('totalDebitAmount') && Number(fields.totalDebitAmount) !== 0)
    report(
      line,
      'totalDebitAmount',
      `is ${Number(fields.totalDebitAmount)} cents: must be zero (credits only)`,
    );
  if (!totals.sumsKnown) return;
  const hash = entryHashText(totals.hash);
  if (!bad.has('entryHash') && fields.entryHash !== hash)
    report(line, 'entryHash', `is ${fields.entryHash} but the entries' routing numbers add up to ${hash}`);
  if (!bad.has('totalCreditAmount') && Number(fields.totalCreditAmount) !== totals.credit)
    report(
      line,
      'totalCreditAmount',
      `is ${Number(fields.totalCreditAmount)} cents but the credits add up to ${totals.credit} cents`,
    );
}

/** The file header's checks; answers the ODFI routing number (8 digits) its immediate destination names. */
function checkFileHeader(record: string, line: number, report: Report): string | null {
  let odfi: string | null = null;
  const fields = readRecord(FILE_HEADER, record);
  const bad = checkFields(FILE_HEADER, fields, line, report);
  const destination = fields.immediateDestination;
  const routing = destination.slice(1);
  if (!bad.has('immediateDestination')) {
    const problem = destination.startsWith(' ') ? routingNumberProblem(routing) : 'must be a space';
    if (problem !== null)
      report(line, 'immediateDestination', `must be ' ' + the ODFI routing number: ${problem}`);
    else odfi = routing.slice(0, 8);
  }
  const checks: [string, (value: string) => string | null][] = [
    ['immediateOrigin', requiredTextProblem],
    ['fileCreationDate', yymmddProblem],
    ['fileCreationTime', hhmmProblem],
    ['fileIdModifier', fileIdModifierProblem],
  ];
  for (const [name, rule] of checks) {
    const problem = bad.has(name) ? null : rule((fields as Record<string, string>)[name] ?? '');
    if (problem !== null) report(line, name, problem);
  }
  return odfi;
}

/** The batch header's checks (it is kept on the batch for its control); answers the batch number seen. */
function checkBatchHeader(
  record: string,
  line: number,
  batch: Batch,
  { odfiFromHeader, lastBatchNumber }: { odfiFromHeader: string | null; lastBatchNumber: number | null },
  report: Report,
): number | null {
  let previous = lastBatchNumber;
  const fields = readRecord(BATCH_HEADER, record);
  const bad = checkFields(BATCH_HEADER, fields, line, report);
  batch.header = fields;
  batch.headerBad = bad;
  for (const name of ['companyName', 'companyIdentification', 'companyEntryDescription'] as const) {
    const problem = bad.has(name) ? null : requiredTextProblem(fields[name]);
    if (problem !== null) report(line, name, problem);
  }
  if (!bad.has('effectiveEntryDate')) {
    const problem = yymmddProblem(fields.effectiveEntryDate);
    if (problem !== null) report(line, 'effectiveEntryDate', problem);
  }
  if (
    !bad.has('odfiIdentification') &&
    odfiFromHeader !== null &&
    fields.odfiIdentification !== odfiFromHeader
  )
    report(
      line,
      'odfiIdentification',
      `is ${fields.odfiIdentification} but the file header's immediate destination starts ${odfiFromHeader}`,
    );
  if (!bad.has('batchNumber')) {
    const number = Number(fields.batchNumber);
    if (previous !== null && number <= previous)
      report(line, 'batchNumber', `is ${number}: batch numbers must ascend (the previous was ${previous})`);
    previous = number;
  }
  return previous;
}

/** The batch control's checks against the batch's header and what its entries add up to. */
function checkBatchControl(record: string, line: number, current: Batch, report: Report): void {
  const fields = readRecord(BATCH_CONTROL, record);
  const bad = checkFields(BATCH_CONTROL, fields, line, report);
  if (!bad.has('entryAddendaCount'))
    compareCount(
      report,
      line,
      'entryAddendaCount',
      fields.entryAddendaCount,
      current.entries + current.addenda,
      'entry and addenda records in the batch',
    );
  compareTotals(report, line, fields, bad, current);
  const header = current.header;
  if (header !== null) {
    for (const name of ['companyIdentification', 'odfiIdentification', 'batchNumber'] as const) {
      if (!bad.has(name) && !current.headerBad.has(name) && fields[name] !== header[name])
        report(
          line,
          name,
          `is ${JSON.stringify(fields[name])} but the batch header (line ${current.headerLine}) has ${JSON.stringify(header[name])}`,
        );
    }
  }
}

/** The file control's checks against the batches, the records and what the entries add up to. */
function checkFileControl(
  record: string,
  line: number,
  { batchCount, records, file }: { batchCount: number; records: number; file: Totals },
  report: Report,
): void {
  const fields = readRecord(FILE_CONTROL, record);
  const bad = checkFields(FILE_CONTROL, fields, line, report);
  if (!bad.has('batchCount'))
    compareCount(report, line, 'batchCount', fields.batchCount, batchCount, 'batches');
  if (!bad.has('blockCount'))
    compareCount(
      report,
      line,
      'blockCount',
      fields.blockCount,
      Math.ceil(records / BLOCKING_FACTOR),
      `blocks of ${BLOCKING_FACTOR} records (${records} records)`,
    );
  if (!bad.has('entryAddendaCount'))
    compareCount(
      report,
      line,
      'entryAddendaCount',
      fields.entryAddendaCount,
      file.entries + file.addenda,
      'entry and addenda records',
    );
  compareTotals(report, line, fields, bad, file);
}

function newBatch(headerLine: number | null): Batch {
  return {
    headerLine,
    header: null,
    headerBad: new Set(),
    entries: 0,
    addenda: 0,
    hash: 0,
    credit: 0,
    debit: 0,
    sumsKnown: true,
    lastTrace: null,
  };
}

/** An entry detail (type 6) or addenda (type 7) record counted in its batch and the file, the entry checked. */
function countEntryRecord(
  type: string,
  record: string | null,
  line: number,
  current: Batch,
  file: Totals,
  report: Report,
): void {
  if (type === '7') {
    report(line, 'recordType', 'addenda records are not expected: every entry has addenda indicator 0');
    current.addenda += 1;
    file.addenda += 1;
    return;
  }
  current.entries += 1;
  file.entries += 1;
  if (record === null) {
    current.sumsKnown = false;
    file.sumsKnown = false;
    return;
  }
  checkEntry(record, line, current, file, report);
}

/** What the file as a whole must have: a batch, its file control, whole blocks. */
function checkFileEnd(
  { batchCount, fileControlSeen, records }: { batchCount: number; fileControlSeen: boolean; records: number },
  report: Report,
): void {
  if (batchCount === 0) report(null, 'batch', 'the file holds no batch');
  if (!fileControlSeen) report(null, 'fileControl', 'the file control record (type 9) is missing');
  if (records % BLOCKING_FACTOR !== 0)
    report(
      null,
      'recordCount',
      `the file has ${records} records, not a multiple of ${BLOCKING_FACTOR}: pad it with lines of ${RECORD_LENGTH} '9's`,
    );
}

/** What the file's records add up to. */
function summaryOf(file: Totals, batchCount: number, records: number): NachaSummary {
  return {
    batchCount,
    blockCount: Math.ceil(records / BLOCKING_FACTOR),
    entryCount: file.entries,
    entryHash: entryHashText(file.hash),
    totalDebitCents: file.debit,
    totalCreditCents: file.credit,
    recordCount: records,
  };
}

/**
 * Checks a NACHA file from its text alone (a final newline and '\r\n' line ends are accepted) and reports
 * every problem found, each with its 1-based line and field. `summary` is what the records add up to; it is
 * null when the file is empty or an entry's routing number or amount cannot be read.
 */
export function validateNachaFile(
  text: string,
):
  | { ok: true; summary: NachaSummary }
  | { ok: false; problems: NachaProblem[]; summary: NachaSummary | null } {
  const problems: NachaProblem[] = [];
  const report: Report = (line, field, message) => problems.push({ line, field, message });
  if (typeof text !== 'string' || text.trim() === '') {
    report(null, 'file', 'the file is empty');
    return { ok: false, problems, summary: null };
  }
  const lines = text.replace(/\r?\n$/, '').split(/\r?\n/);

  type Phase = 'start' | 'afterFileHeader' | 'inBatch' | 'betweenBatches' | 'afterFileControl';
  let phase: Phase = 'start';
  let odfiFromHeader: string | null = null;
  let batch: Batch | null = null;
  let batchCount = 0;
  let lastBatchNumber: number | null = null;
  let fileControlSeen = false;
  const file: Totals = { entries: 0, addenda: 0, hash: 0, credit: 0, debit: 0, sumsKnown: true };

  const openBatch = (headerLine: number | null): Batch => {
    batchCount += 1;
    return newBatch(headerLine);
  };
  const closeBatch = (current: Batch) => {
    if (current.entries === 0) report(current.headerLine, 'batch', 'the batch holds no entry detail record');
  };

  for (let index = 0; index < lines.length; index += 1) {
    const record = lines[index] ?? '';
    const line = index + 1;
    const readable = record.length === RECORD_LENGTH;
    if (!readable) report(line, 'record', `is ${record.length} characters long, not ${RECORD_LENGTH}`);

    if (phase === 'afterFileControl') {
      if (readable && record !== PADDING_RECORD)
        report(
          line,
          'record',
          `after the file control record only padding (${RECORD_LENGTH} '9's) may follow`,
        );
      continue;
    }
    const type = record.charAt(0);
    if (!'156789'.includes(type) || type === '') {
      report(line, 'recordType', `unknown record type ${JSON.stringify(type)}`);
      continue;
    }
    if (phase === 'start' && type !== '1') {
      report(line, 'recordType', 'the file must start with a file header record (type 1)');
      phase = 'afterFileHeader';
    }

    switch (type) {
      case '1': {
        if (phase !== 'start') {
          report(line, 'recordType', 'a file header may only be the first record');
          continue;
        }
        phase = 'afterFileHeader';
        if (!readable) continue;
        odfiFromHeader = checkFileHeader(record, line, report);
        continue;
      }

      case '5': {
        if (phase === 'inBatch' && batch !== null) {
          report(
            line,
            'recordType',
            `batch header before the control record of the batch opened on line ${batch.headerLine}`,
          );
          closeBatch(batch);
        }
        batch = openBatch(line);
        phase = 'inBatch';
        if (!readable) continue;
        lastBatchNumber = checkBatchHeader(record, line, batch, { odfiFromHeader, lastBatchNumber }, report);
        continue;
      }

      case '6':
      case '7': {
        if (phase !== 'inBatch' || batch === null) {
          report(line, 'recordType', `${type === '6' ? 'entry detail' : 'addenda'} record outside a batch`);
          batch = openBatch(null);
          phase = 'inBatch';
        }
        countEntryRecord(type, readable ? record : null, line, batch, file, report);
        continue;
      }

      case '8': {
        const current: Batch | null = phase === 'inBatch' ? batch : null;
        phase = 'betweenBatches';
        batch = null;
        if (current === null) {
          report(line, 'recordType', 'batch control record without a batch header before it');
          continue;
        }
        closeBatch(current);
        if (!readable) continue;
        checkBatchControl(record, line, current, report);
        continue;
      }

      default: {
        // '9': the file control record, or padding where the file control should be
        if (record === PADDING_RECORD) {
          report(line, 'recordType', 'padding before the file control record');
          continue;
        }
        if (phase === 'inBatch' && batch !== null) {
          report(
            line,
            'recordType',
            `file control record before the control record of the batch opened on line ${batch.headerLine}`,
          );
          closeBatch(batch);
          batch = null;
        }
        phase = 'afterFileControl';
        fileControlSeen = true;
        if (!readable) continue;
        checkFileControl(record, line, { batchCount, records: lines.length, file }, report);
        continue;
      }
    }
  }

  if (phase === 'inBatch' && batch !== null) {
    report(null, 'batchControl', `the batch opened on line ${batch.headerLine} has no batch control record`);
    closeBatch(batch);
  }
  checkFileEnd({ batchCount, fileControlSeen, records: lines.length }, report);
  const summary = file.sumsKnown ? summaryOf(file, batchCount, lines.length) : null;
  if (problems.length === 0 && summary !== null) return { ok: true, summary };
  return { ok: false, problems, summary };
}

function checkEntry(record: string, line: number, batch: Batch, file: Totals, report: Report) {
  const fields = readRecord(ENTRY_DETAIL, record);
  const bad = checkFields(ENTRY_DETAIL, fields, line, report);

  const code = fields.transactionCode;
  if (!bad.has('transactionCode') && !CREDIT_CODES.has(code))
    report(
      line,
      'transactionCode',
      `is ${code}: a credit-only (220) batch holds credits to checking (22) or savings (32)`,
    );

  if (bad.has('rdfiIdentification')) {
    batch.sumsKnown = false;
    file.sumsKnown = false;
  } else {
    const prefix = Number(fields.rdfiIdentification);
    batch.hash += prefix;
    file.hash += prefix;
    const problem = bad.has('checkDigit')
      ? null
      : routingNumberProblem(fields.rdfiIdentification + fields.checkDigit);
    if (problem !== null) report(line, 'checkDigit', `the RDFI routing number ${problem}`);
  }

  const account = bad.has('dfiAccountNumber')
    ? null
    : accountNumberProblem(fields.dfiAccountNumber.trimEnd());
  if (account !== null) report(line, 'dfiAccountNumber', account);

  if (bad.has('amount')) {
    batch.sumsKnown = false;
    file.sumsKnown = false;
  } else {
    const cents = Number(fields.amount);
    const problem = amountProblem(cents);
    if (problem !== null) report(line, 'amount', problem);
    for (const totals of [batch, file]) {
      if (CREDIT_CODES.has(code)) totals.credit += cents;
      else if (DEBIT_CODES.has(code)) totals.debit += cents;
    }
  }

  const name = bad.has('individualName') ? null : requiredTextProblem(fields.individualName);
  if (name !== null) report(line, 'individualName', name);

  if (!bad.has('traceNumber')) {
    const trace = fields.traceNumber;
    const odfi =
      batch.header !== null && !batch.headerBad.has('odfiIdentification')
        ? batch.header.odfiIdentification
        : null;
    if (odfi !== null && !trace.startsWith(odfi))
      report(line, 'traceNumber', `${trace} does not start with the ODFI identification ${odfi}`);
    if (batch.lastTrace !== null && trace <= batch.lastTrace.value)
      report(
        line,
        'traceNumber',
        `${trace} does not follow ${batch.lastTrace.value} (line ${batch.lastTrace.line}): trace numbers must ascend`,
      );
    batch.lastTrace = { value: trace, line };
  }
}
