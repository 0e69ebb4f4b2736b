/**
 * /genericReport (issue 26, decision 054): a report staff build themselves. A definition is data, never SQL: a
 * subject, the columns to show, filters of (column, operator, value), a grouping and a sort, each column and each
 * operator taken from the allow-list below. The API keeps its own map of each allowed column to the SQL written
 * for it, and binds every value as a parameter; text a user typed never becomes SQL.
 */
import { z } from 'zod';
import { EPISODE_STATUSES, EPISODE_TYPES } from '../scheduling/episode-rules';
import { PROVIDER_STATUSES } from '../schemas/clinicians/providers';
import { boundedDateSchema, pagingSchema } from '../schemas/common';
import { reportPeriodSchema } from '../schemas/reports';
import { VISIT_STATUSES } from '../visits/visit-status';

export const GENERIC_SUBJECTS = [
  'visits',
  'serviceRequests',
  'clinicians',
  'organizations',
  'invoices',
] as const;
export type GenericSubject = (typeof GENERIC_SUBJECTS)[number];

export const GENERIC_COLUMN_TYPES = ['text', 'number', 'date', 'money-cents', 'enum'] as const;
export type GenericColumnType = (typeof GENERIC_COLUMN_TYPES)[number];

export const GENERIC_OPERATORS = [
  'eq',
  'neq',
  'lt',
  'lte',
  'gt',
  'gte',
  'between',
  'in',
  'contains',
  'isEmpty',
  'isNotEmpty',
] as const;
export type GenericOperator = (typeof GENERIC_OPERATORS)[number];

export const GENERIC_OPERATOR_LABELS: Record<GenericOperator, string> = {
  eq: 'is',
  neq: 'is not',
  lt: 'is less than',
  lte: 'is at most',
  gt: 'is more than',
  gte: 'is at least',
  between: 'is between',
  in: 'is one of',
  contains: 'contains',
  isEmpty: 'is empty',
  isNotEmpty: 'is not empty',
};

const ORDERED: GenericOperator[] = [
  'eq',
  'neq',
  'lt',
  'lte',
  'gt',
  'gte',
  'between',
  'in',
  'isEmpty',
  'isNotEmpty',
];

/** The operators each type of column takes. */
export const GENERIC_TYPE_OPERATORS: Record<GenericColumnType, readonly GenericOperator[]> = {
  text: ['eq', 'neq', 'contains', 'in', 'isEmpty', 'isNotEmpty'],
  number: ORDERED,
  'money-cents': ORDERED,
  date: ['eq', 'lt', 'lte', 'gt', 'gte', 'between', 'isEmpty', 'isNotEmpty'],
  enum: ['eq', 'neq', 'in', 'isEmpty', 'isNotEmpty'],
};

/** Limits of a definition (decision 054). */
export const GENERIC_LIMITS = {
  maxColumns: 12,
  maxFilters: 10,
  maxInValues: 50,
  maxTextValue: 200,
  maxPageSize: 100,
  /** Groups a grouping answers (the largest first); more is reported as cut. */
  maxGroups: 500,
  /** Rows one CSV holds; a definition with more is refused with a clear message (narrow the filters). */
  csvMaxRows: 50_000,
  maxSavedPerUser: 50,
  maxNameLength: 80,
} as const;

export type GenericColumn = {
  key: string;
  label: string;
  type: GenericColumnType;
  /** enum: the values it takes. */
  values?: readonly string[];
  groupable?: boolean;
  /** Shows a patient's name: a list holding it goes to the patient access log. */
  namesPatient?: boolean;
};

export type GenericSubjectDef = {
  label: string;
  /** A record's name in a count ('3 visits'). */
  noun: { one: string; many: string };
  /** The column the report's period applies to (null: the period does not apply, e.g. clinicians). */
  periodColumn: string | null;
  /** The columns a new definition starts with. */
  defaultColumns: readonly string[];
  columns: readonly GenericColumn[];
};

const ACTIVE_VISIT_STATUSES = VISIT_STATUSES.filter((s) => s !== 'Deleted');
const LIVE_EPISODE_STATUSES = EPISODE_STATUSES.filter((s) => s !== 'Deleted');

/**
 * The allow-list: every subject and column a definition may name. Deleted visits and service requests are never
 * listed (SPEC: Deleted is excluded from visit counts).
 */
export const GENERIC_SUBJECT_DEFS: Record<GenericSubject, GenericSubjectDef> = {
  visits: {
    label: 'Visits',
    noun: { one: 'visit', many: 'visits' },
    periodColumn: 'dateOfService',
    defaultColumns: ['dateOfService', 'status', 'organization', 'providerType', 'clinician'],
    columns: [
      { key: 'id', label: 'Visit id', type: 'number' },
      { key: 'dateOfService', label: 'Date of service', type: 'date', groupable: true },
      { key: 'status', label: 'Status', type: 'enum', values: ACTIVE_VISIT_STATUSES, groupable: true },
      { key: 'episodeType', label: 'Visit or shift', type: 'enum', values: EPISODE_TYPES, groupable: true },
      { key: 'organization', label: 'Organization', type: 'text', groupable: true },
      { key: 'providerType', label: 'Provider type', type: 'text', groupable: true },
      { key: 'visitType', label: 'Visit type', type: 'text', groupable: true },
      { key: 'clinician', label: 'Clinician', type: 'text', groupable: true },
      { key: 'patientName', label: 'Patient', type: 'text', namesPatient: true },
      { key: 'durationMinutes', label: 'Duration (minutes)', type: 'number', groupable: true },
      { key: 'clinicianAmountCents', label: 'Clinician amount', type: 'money-cents' },
      { key: 'organizationAmountCents', label: 'Organization amount', type: 'money-cents' },
      { key: 'createdOn', label: 'Requested on', type: 'date', groupable: true },
    ],
  },
  serviceRequests: {
    label: 'Service requests',
    noun: { one: 'service request', many: 'service requests' },
    periodColumn: 'startDate',
    defaultColumns: ['title', 'status', 'organization', 'startDate'],
    columns: [
      { key: 'id', label: 'Service request id', type: 'number' },
      { key: 'title', label: 'Title', type: 'text' },
      { key: 'status', label: 'Status', type: 'enum', values: LIVE_EPISODE_STATUSES, groupable: true },
      { key: 'episodeType', label: 'Visit or shift', type: 'enum', values: EPISODE_TYPES, groupable: true },
      { key: 'organization', label: 'Organization', type: 'text', groupable: true },
      { key: 'patientName', label: 'Patient', type: 'text', namesPatient: true },
      { key: 'startDate', label: 'Start date', type: 'date', groupable: true },
      { key: 'endDate', label: 'End date', type: 'date', groupable: true },
      { key: 'authorizedVisits', label: 'Authorized visits', type: 'number', groupable: true },
      { key: 'payor', label: 'Payor', type: 'text', groupable: true },
      { key: 'createdOn', label: 'Created on', type: 'date', groupable: true },
    ],
  },
  clinicians: {
    label: 'Clinicians',
    noun: { one: 'clinician', many: 'clinicians' },
    periodColumn: null,
    defaultColumns: ['name', 'providerType', 'status', 'state'],
    columns: [
      { key: 'id', label: 'Clinician id', type: 'number' },
      { key: 'name', label: 'Name', type: 'text' },
      { key: 'providerType', label: 'Provider type', type: 'text', groupable: true },
      {
        key: 'status',
        label: 'Status',
        type: 'enum',
        values: PROVIDER_STATUSES.map((s) => s.name),
        groupable: true,
      },
      { key: 'state', label: 'State', type: 'text', groupable: true },
      { key: 'city', label: 'City', type: 'text', groupable: true },
      { key: 'rating', label: 'Rating', type: 'number', groupable: true },
      { key: 'coverageRadiusMiles', label: 'Coverage radius (miles)', type: 'number', groupable: true },
      { key: 'createdOn', label: 'Created on', type: 'date', groupable: true },
    ],
  },
  organizations: {
    label: 'Organizations',
    noun: { one: 'organization', many: 'organizations' },
    periodColumn: null,
    defaultColumns: ['name', 'status', 'zipcode'],
    columns: [
      { key: 'id', label: 'Organization id', type: 'number' },
      { key: 'name', label: 'Name', type: 'text' },
      { key: 'status', label: 'Status', type: 'enum', values: ['ACTIVE', 'INACTIVE'], groupable: true },
      { key: 'zipcode', label: 'ZIP code', type: 'text', groupable: true },
      { key: 'timeZone', label: 'Time zone', type: 'text', groupable: true },
      { key: 'createdOn', label: 'Created on', type: 'date', groupable: true },
    ],
  },
  invoices: {
    label: 'Invoices',
    noun: { one: 'invoice', many: 'invoices' },
    periodColumn: 'issuedOn',
    defaultColumns: ['number', 'organization', 'issuedOn', 'totalCents'],
    columns: [
      { key: 'id', label: 'Invoice id', type: 'number' },
      { key: 'number', label: 'Invoice number', type: 'number' },
      { key: 'organization', label: 'Organization', type: 'text', groupable: true },
      { key: 'periodStart', label: 'Period start', type: 'date', groupable: true },
      { key: 'periodEnd', label: 'Period end', type: 'date', groupable: true },
      { key: 'issuedOn', label: 'Issued on', type: 'date', groupable: true },
      { key: 'dueOn', label: 'Due on', type: 'date', groupable: true },
      { key: 'subtotalCents', label: 'Subtotal', type: 'money-cents' },
      { key: 'serviceTaxCents', label: 'Service tax', type: 'money-cents' },
      { key: 'totalCents', label: 'Total', type: 'money-cents' },
    ],
  },
};

export function genericColumn(subject: GenericSubject, key: string): GenericColumn | undefined {
  return GENERIC_SUBJECT_DEFS[subject].columns.find((c) => c.key === key);
}

/** A filter's value: one, two (between), a list (in) or none (isEmpty, isNotEmpty). */
const scalarSchema = z.union([z.string().max(GENERIC_LIMITS.maxTextValue), z.number(), z.null()]);
export const genericFilterValueSchema = z.union([
  scalarSchema,
  z.array(scalarSchema).max(GENERIC_LIMITS.maxInValues),
]);
export type GenericFilterValue = z.infer<typeof genericFilterValueSchema>;

const key = z.string().max(64);

/** The shape of a definition; what its columns, operators and values may be is checked by checkGenericDefinition. */
const definitionShape = z
  .object({
    subject: z.string().max(32),
    columns: z.array(key).min(1, 'pick at least one column').max(GENERIC_LIMITS.maxColumns),
    filters: z
      .array(
        z.strictObject({ column: key, op: z.string().max(16), value: genericFilterValueSchema.optional() }),
      )
      .max(GENERIC_LIMITS.maxFilters)
      .default([]),
    groupBy: key.nullish(),
    sort: z.strictObject({ column: key, order: z.enum(['asc', 'desc']) }).nullish(),
  })
  .strict();

export type GenericFilter = { column: string; op: GenericOperator; value?: GenericFilterValue };
export type GenericReportDefinition = {
  subject: GenericSubject;
  columns: string[];
  filters: GenericFilter[];
  groupBy?: string | null;
  sort?: { column: string; order: 'asc' | 'desc' } | null;
};

export type GenericProblem = { path: (string | number)[]; message: string };

/** 'filters[1].column' of ['filters', 1, 'column']. */
export function genericFieldName(path: readonly (string | number)[]): string {
  return path.reduce<string>(
    (name, part) => (typeof part === 'number' ? `${name}[${part}]` : name ? `${name}.${part}` : part),
    '',
  );
}

const isDay = (v: unknown): v is string => typeof v === 'string' && boundedDateSchema.safeParse(v).success;

/** What is wrong with one value for a column of this type, or null. */
export function genericValueProblem(column: GenericColumn, value: unknown): string | null {
  switch (column.type) {
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? null : 'must be a number';
    case 'money-cents':
      return Number.isSafeInteger(value) ? null : 'must be a whole number of cents';
    case 'date':
      return isDay(value) ? null : 'must be a date YYYY-MM-DD';
    case 'enum':
      return typeof value === 'string' && column.values!.includes(value)
        ? null
        : `must be one of ${column.values!.join(', ')}`;
    case 'text':
      return typeof value === 'string' && value.length > 0 ? null : 'must be text';
  }
}

function filterProblems(
  subject: GenericSubject,
  f: z.infer<typeof definitionShape>['filters'][number],
  i: number,
) {
  const at = (...rest: (string | number)[]) => ['filters', i, ...rest];
  const column = genericColumn(subject, f.column);
  if (!column) return [{ path: at('column'), message: `unknown column '${f.column}' for ${subject}` }];
  if (!(GENERIC_OPERATORS as readonly string[]).includes(f.op))
    return [{ path: at('op'), message: `unknown operator '${f.op}'` }];
  const op = f.op as GenericOperator;
  if (!GENERIC_TYPE_OPERATORS[column.type].includes(op))
    return [
      { path: at('op'), message: `operator '${op}' does not apply to ${column.label} (${column.type})` },
    ];
  const value = f.value;
  if (op === 'isEmpty' || op === 'isNotEmpty')
    return value === undefined || value === null ? [] : [{ path: at('value'), message: 'must be empty' }];
  if (op === 'between') {
    if (!Array.isArray(value) || value.length !== 2)
      return [{ path: at('value'), message: 'must be two values: from and to' }];
    return value.flatMap((v, j) => {
      const problem = genericValueProblem(column, v);
      return problem ? [{ path: at('value', j), message: problem }] : [];
    });
  }
  if (op === 'in') {
    if (!Array.isArray(value) || value.length === 0)
      return [{ path: at('value'), message: `must be a list of 1 to ${GENERIC_LIMITS.maxInValues} values` }];
    return value.flatMap((v, j) => {
      const problem = genericValueProblem(column, v);
      return problem ? [{ path: at('value', j), message: problem }] : [];
    });
  }
  if (Array.isArray(value)) return [{ path: at('value'), message: 'must be one value' }];
  const problem = genericValueProblem(column, value);
  return problem ? [{ path: at('value'), message: problem }] : [];
}

/** Every problem of a definition of the right shape: unknown subject, columns, operators; values of a wrong type. */
export function genericDefinitionProblems(d: z.infer<typeof definitionShape>): GenericProblem[] {
  if (!(GENERIC_SUBJECTS as readonly string[]).includes(d.subject))
    return [{ path: ['subject'], message: `must be one of ${GENERIC_SUBJECTS.join(', ')}` }];
  const subject = d.subject as GenericSubject;
  const problems: GenericProblem[] = [];
  const seen = new Set<string>();
  d.columns.forEach((c, i) => {
    if (!genericColumn(subject, c))
      problems.push({ path: ['columns', i], message: `unknown column '${c}' for ${subject}` });
    else if (seen.has(c)) problems.push({ path: ['columns', i], message: `column '${c}' is picked twice` });
    seen.add(c);
  });
  d.filters.forEach((f, i) => problems.push(...filterProblems(subject, f, i)));
  if (d.groupBy) {
    const column = genericColumn(subject, d.groupBy);
    if (!column)
      problems.push({ path: ['groupBy'], message: `unknown column '${d.groupBy}' for ${subject}` });
    else if (!column.groupable)
      problems.push({ path: ['groupBy'], message: `${column.label} cannot group a report` });
  }
  if (d.sort && !genericColumn(subject, d.sort.column))
    problems.push({ path: ['sort', 'column'], message: `unknown column '${d.sort.column}' for ${subject}` });
  return problems;
}

/** The zod schema of a definition: its shape, then every column and operator checked against the allow-list. */
export const genericReportDefinitionSchema = definitionShape.superRefine((d, ctx) => {
  for (const problem of genericDefinitionProblems(d))
    ctx.addIssue({ code: 'custom', path: problem.path, message: problem.message });
}) as unknown as z.ZodType<GenericReportDefinition>;

/** A definition from anything (a URL, a saved row): the definition, or the first problem naming its field. */
export function checkGenericDefinition(
  raw: unknown,
): { ok: true; definition: GenericReportDefinition } | { ok: false; field: string; message: string } {
  const parsed = genericReportDefinitionSchema.safeParse(raw);
  if (parsed.success) return { ok: true, definition: parsed.data };
  const issue = parsed.error.issues[0]!;
  return {
    ok: false,
    field: genericFieldName(issue.path as (string | number)[]) || 'definition',
    message: issue.message,
  };
}

/** A new definition of a subject: its default columns, no filter, no grouping. */
export function newGenericDefinition(subject: GenericSubject): GenericReportDefinition {
  return { subject, columns: [...GENERIC_SUBJECT_DEFS[subject].defaultColumns], filters: [] };
}

/** A group's value as a drill-down sends it (null: the group of empty values). */
export const genericGroupValueSchema = z.union([
  z.string().max(GENERIC_LIMITS.maxTextValue),
  z.number(),
  z.null(),
]);
export type GenericGroupValue = z.infer<typeof genericGroupValueSchema>;

/** The filter a drill-down adds for a group: its column equals the group's value, or is empty. */
export function genericGroupFilter(groupBy: string, value: GenericGroupValue): GenericFilter {
  return value === null ? { column: groupBy, op: 'isEmpty' } : { column: groupBy, op: 'eq', value };
}

// ---- The API's requests and answers -------------------------------------------------------------------------

const periodFields = {
  from: boundedDateSchema.optional().describe('First day of the period (default 6 days ago)'),
  to: boundedDateSchema.optional().describe('Last day of the period (default today); at most 366 days'),
};

export const genericRunBodySchema = z.object({
  definition: genericReportDefinitionSchema,
  ...periodFields,
  pageNumber: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(GENERIC_LIMITS.maxPageSize).default(10),
});
export type GenericRunBody = z.input<typeof genericRunBodySchema>;

export const genericDrillBodySchema = genericRunBodySchema.extend({
  group: genericGroupValueSchema.describe("The group's value, as the grouped answer gave it (null: empty)"),
});
export type GenericDrillBody = z.input<typeof genericDrillBodySchema>;

export const genericCsvBodySchema = z.object({
  definition: genericReportDefinitionSchema,
  ...periodFields,
  group: genericGroupValueSchema.optional().describe("Only the records of this group (a drill-down's CSV)"),
});
export type GenericCsvBody = z.input<typeof genericCsvBodySchema>;

const cellSchema = z.union([z.string(), z.number(), z.null()]);
export type GenericCell = z.infer<typeof cellSchema>;

export const genericColumnAnswerSchema = z.object({
  key: z.string(),
  label: z.string(),
  type: z.enum(GENERIC_COLUMN_TYPES),
});

export const genericRowsSchema = z.object({
  kind: z.literal('rows'),
  period: reportPeriodSchema.nullable().describe('null: the period does not apply to the subject'),
  columns: z.array(genericColumnAnswerSchema),
  rows: z.array(z.object({ id: z.number().int(), cells: z.record(z.string(), cellSchema) })),
  paging: pagingSchema,
});
export type GenericRows = z.infer<typeof genericRowsSchema>;

export const genericGroupsSchema = z.object({
  kind: z.literal('groups'),
  period: reportPeriodSchema.nullable(),
  groupBy: genericColumnAnswerSchema,
  groups: z.array(z.object({ value: cellSchema, count: z.number().int() })),
  /** Every record of the definition (the groups' counts add up to it unless `truncated`). */
  total: z.number().int(),
  truncated: z.boolean(),
});
export type GenericGroups = z.infer<typeof genericGroupsSchema>;

export const genericRunAnswerSchema = z.discriminatedUnion('kind', [genericRowsSchema, genericGroupsSchema]);
export type GenericRunAnswer = z.infer<typeof genericRunAnswerSchema>;

export const savedReportNameSchema = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(GENERIC_LIMITS.maxNameLength);

export const savedReportBodySchema = z.object({
  name: savedReportNameSchema,
  definition: genericReportDefinitionSchema,
});
export type SavedReportBody = z.input<typeof savedReportBodySchema>;

export const savedReportSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  definition: z.unknown().describe('The definition as saved (checked again when run)'),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SavedReport = z.infer<typeof savedReportSchema>;
export const savedReportListSchema = z.object({ rows: z.array(savedReportSchema) });

/** A cell as the page and the CSV show it: money as dollars, the rest as it is. */
export function genericCellText(type: GenericColumnType, value: GenericCell): string {
  if (value === null || value === '') return '';
  if (type === 'money-cents' && typeof value === 'number') return (value / 100).toFixed(2);
  return String(value);
}
