// /genericReport's SQL (decision 054). Every identifier comes from SUBJECTS below, written here by us: a subject's
// tables and a column key's expression. A definition only picks keys of this map (shared-domain's allow-list, the
// same keys: a test checks both agree); every value it holds is a bound parameter. No text a user sent is ever
// put into the statement.
import { and, eq, sql, type SQL } from 'drizzle-orm';
import {
  GENERIC_LIMITS,
  PROVIDER_STATUSES,
  genericColumn,
  type GenericColumn,
  type GenericFilter,
  type GenericReportDefinition,
  type GenericSubject,
  type ReportPeriod,
} from '@carelane/shared-domain';
import { queryRows, type Executor } from '../../../db/client';
import { savedReports } from '../../../db/schema';
import { containsPattern } from '../../../lib/like-pattern';

type SubjectSql = {
  /** The FROM clause with its joins. */
  from: SQL;
  /** What every row of the subject meets (e.g. not Deleted), or null. */
  base: SQL | null;
  id: SQL;
  /** The patient a row names, for the access log (null: the subject names no patient). */
  patientId: SQL | null;
  /** Each allowed column's expression; `zone` is the calendar of the caller's period (a bound parameter). */
  columns: Record<string, SQL>;
};

/** A timestamp's day on a calendar (a zone column, else the period's zone). */
const dayOf = (at: SQL, zone: SQL) => sql`(${at} at time zone ${zone})::date`;
const cents = (amount: SQL) => sql`round(${amount} * 100)::bigint`;

const providerStatus = sql.join(
  [
    sql`case pr.provider_status_id`,
    ...PROVIDER_STATUSES.map((s) => sql`when ${s.id}::int then ${s.name}::text`),
    sql`end`,
  ],
  sql` `,
);

function subjects(zone: string): Record<GenericSubject, SubjectSql> {
  const z = sql`${zone}::text`;
  return {
    visits: {
      from: sql`visits v
        join referral_sources rs on rs.id = v.referral_source_id
        join provider_types pt on pt.id = v.provider_type_id
        join visit_types vt on vt.id = v.visit_type_id
        left join providers pr on pr.id = v.provider_id
        left join patients p on p.id = v.patient_id`,
      base: sql`v.status <> 'Deleted'`,
      id: sql`v.id`,
      patientId: sql`v.patient_id`,
      columns: {
        id: sql`v.id`,
        dateOfService: sql`v.date_of_service`,
        status: sql`v.status`,
        episodeType: sql`v.episode_type`,
        organization: sql`rs.name`,
        providerType: sql`pt.type`,
        visitType: sql`vt.type`,
        clinician: sql`(pr.given_name || ' ' || pr.family_name)`,
        patientName: sql`(p.first_name || ' ' || p.last_name)`,
        durationMinutes: sql`v.duration`,
        clinicianAmountCents: cents(sql`v.provider_amount`),
        organizationAmountCents: cents(sql`v.rs_amount`),
        createdOn: dayOf(sql`v.created_at`, sql`coalesce(v.time_zone, ${z})`),
      },
    },
    serviceRequests: {
      from: sql`episodes e
        join referral_sources rs on rs.id = e.referral_source_id
        left join patients p on p.id = e.patient_id`,
      base: sql`e.status <> 'Deleted'`,
      id: sql`e.id`,
      patientId: sql`e.patient_id`,
      columns: {
        id: sql`e.id`,
        title: sql`e.title`,
        status: sql`e.status`,
        episodeType: sql`e.episode_type`,
        organization: sql`rs.name`,
        patientName: sql`(p.first_name || ' ' || p.last_name)`,
        startDate: sql`e.start_date`,
        endDate: sql`e.end_date`,
        authorizedVisits: sql`e.authorized_visits`,
        payor: sql`e.payor`,
        createdOn: dayOf(sql`e.created_at`, sql`coalesce(rs.time_zone, ${z})`),
      },
    },
    clinicians: {
      from: sql`providers pr join provider_types pt on pt.id = pr.provider_type_id`,
      base: null,
      id: sql`pr.id`,
      patientId: null,
      columns: {
        id: sql`pr.id`,
        name: sql`(pr.given_name || ' ' || pr.family_name)`,
        providerType: sql`pt.type`,
        status: providerStatus,
        state: sql`pr.state`,
        city: sql`pr.city`,
        rating: sql`pr.rating`,
        coverageRadiusMiles: sql`pr.coverage_radius_miles`,
        createdOn: dayOf(sql`pr.created_at`, z),
      },
    },
    organizations: {
      from: sql`referral_sources rs`,
      base: null,
      id: sql`rs.id`,
      patientId: null,
      columns: {
        id: sql`rs.id`,
        name: sql`rs.name`,
        status: sql`rs.status`,
        zipcode: sql`rs.zipcode`,
        timeZone: sql`rs.time_zone`,
        createdOn: dayOf(sql`rs.created_at`, sql`coalesce(rs.time_zone, ${z})`),
      },
    },
    invoices: {
      from: sql`invoices i join referral_sources rs on rs.id = i.referral_source_id`,
      base: null,
      id: sql`i.id`,
      patientId: null,
      columns: {
        id: sql`i.id`,
        number: sql`i.number`,
        organization: sql`rs.name`,
        periodStart: sql`i.period_start`,
        periodEnd: sql`i.period_end`,
        issuedOn: sql`i.issued_on`,
        dueOn: sql`i.due_on`,
        subtotalCents: sql`i.subtotal_cents`,
        serviceTaxCents: sql`i.service_tax_cents`,
        totalCents: sql`i.total_cents`,
      },
    },
  };
}

/** The column keys this file writes SQL for, per subject (checked against shared-domain's allow-list). */
export const SQL_COLUMN_KEYS = Object.fromEntries(
  Object.entries(subjects('UTC')).map(([subject, s]) => [subject, Object.keys(s.columns)]),
) as Record<GenericSubject, string[]>;

/** A column's expression, refusing (as a bug, never reached through a checked definition) a key not in the map. */
function expressionOf(s: SubjectSql, key: string): SQL {
  const expr = s.columns[key];
  if (!expr) throw new Error(`no SQL is written for the column '${key}'`);
  return expr;
}

/** A value bound as a parameter of the column's type. */
function bound(column: GenericColumn, value: unknown): SQL {
  if (column.type === 'date') return sql`${value}::date`;
  if (column.type === 'number' || column.type === 'money-cents') return sql`${value}::numeric`;
  return sql`${value}::text`;
}

/** Empty: null, and for text an empty string too (one group, as `shown` answers it). */
function isEmpty(column: GenericColumn, expr: SQL): SQL {
  return column.type === 'text' ? sql`nullif(${expr}, '') is null` : sql`${expr} is null`;
}

function condition(subject: GenericSubject, s: SubjectSql, f: GenericFilter): SQL {
  const column = genericColumn(subject, f.column)!;
  const expr = expressionOf(s, f.column);
  const value = f.value;
  const list = (values: unknown) => (values as unknown[]).map((v) => bound(column, v));
  switch (f.op) {
    case 'eq':
      return sql`${expr} = ${bound(column, value)}`;
    case 'neq':
      return sql`${expr} is distinct from ${bound(column, value)}`;
    case 'lt':
      return sql`${expr} < ${bound(column, value)}`;
    case 'lte':
      return sql`${expr} <= ${bound(column, value)}`;
    case 'gt':
      return sql`${expr} > ${bound(column, value)}`;
    case 'gte':
      return sql`${expr} >= ${bound(column, value)}`;
    case 'between': {
      const [from, to] = list(value);
      return sql`${expr} between ${from} and ${to}`;
    }
    case 'in':
      return sql`${expr} in (${sql.join(list(value), sql`, `)})`;
    case 'contains':
      return sql`${expr} ilike ${containsPattern(String(value))}`;
    case 'isEmpty':
      return isEmpty(column, expr);
    case 'isNotEmpty':
      return sql`not (${isEmpty(column, expr)})`;
  }
}

/** A column's value as the answer gives it: dates as YYYY-MM-DD text, empty text as null. */
function shown(column: GenericColumn, expr: SQL): SQL {
  if (column.type === 'date') return sql`to_char(${expr}, 'YYYY-MM-DD')`;
  if (column.type === 'text') return sql`nullif(${expr}, '')`;
  return expr;
}

export type Scope = {
  definition: GenericReportDefinition;
  /** The period on the subject's period column, or null (the subject has none). */
  period: ReportPeriod | null;
  periodColumn: string | null;
  zone: string;
};

function whereOf(scope: Scope, s: SubjectSql): SQL {
  const { subject, filters } = scope.definition;
  const conditions: SQL[] = [];
  if (s.base) conditions.push(s.base);
  if (scope.period && scope.periodColumn)
    conditions.push(
      sql`${expressionOf(s, scope.periodColumn)} between ${scope.period.from}::date and ${scope.period.to}::date`,
    );
  for (const f of filters) conditions.push(condition(subject, s, f));
  return conditions.length ? sql.join(conditions, sql` and `) : sql`true`;
}

export type GenericDbRow = { _id: number; _pid: number | null } & Record<string, unknown>;

/** Rows of a definition, sorted (default: the period column, latest first; then id), a page or up to `limit`. */
export function rowsPage(
  ex: Executor,
  scope: Scope,
  page: { limit: number; offset: number },
): Promise<GenericDbRow[]> {
  const { subject, columns, sort } = scope.definition;
  const s = subjects(scope.zone)[subject];
  const selected = columns.map(
    (key, i) =>
      sql`${shown(genericColumn(subject, key)!, expressionOf(s, key))} as ${sql.identifier(`c${i}`)}`,
  );
  const sortKey = sort?.column ?? scope.periodColumn;
  const direction = (sort ? sort.order : 'desc') === 'asc' ? sql`asc nulls first` : sql`desc nulls last`;
  const orderBy = sortKey ? sql`${expressionOf(s, sortKey)} ${direction}, ${s.id}` : sql`${s.id}`;
  return queryRows(
    ex,
    sql`select ${s.id} as _id, ${s.patientId ?? sql`null::int`} as _pid, ${sql.join(selected, sql`, `)}
          from ${s.from}
         where ${whereOf(scope, s)}
         order by ${orderBy}
         limit ${page.limit} offset ${page.offset}`,
  );
}

/** How many rows a definition has (what a group's drill-down lists, with the group's filter added). */
export async function countRows(ex: Executor, scope: Scope): Promise<number> {
  const s = subjects(scope.zone)[scope.definition.subject];
  const [row] = await queryRows<{ n: number }>(
    ex,
    sql`select count(*)::int as n from ${s.from} where ${whereOf(scope, s)}`,
  );
  return Number(row?.n ?? 0);
}

/**
 * The groups of the definition's grouping with their counts: dates and numbers in their order, the rest the
 * largest first; empty values are one group (null). At most maxGroups + 1 rows (the last tells there are more).
 */
export function groupCounts(
  ex: Executor,
  scope: Scope,
  groupBy: string,
): Promise<{ value: unknown; count: number }[]> {
  const { subject } = scope.definition;
  const s = subjects(scope.zone)[subject];
  const column = genericColumn(subject, groupBy)!;
  const ordered = column.type === 'date' || column.type === 'number' || column.type === 'money-cents';
  return queryRows(
    ex,
    sql`select ${shown(column, expressionOf(s, groupBy))} as value, count(*)::int as count
          from ${s.from}
         where ${whereOf(scope, s)}
         group by 1
         order by ${ordered ? sql`1 asc nulls last` : sql`2 desc, 1 asc nulls last`}
         limit ${GENERIC_LIMITS.maxGroups + 1}`,
  );
}

// ---- Saved definitions: each user's own ---------------------------------------------------------------------

export type SavedReportRow = typeof savedReports.$inferSelect;

export function listSaved(ex: Executor, userId: number): Promise<SavedReportRow[]> {
  return ex
    .select()
    .from(savedReports)
    .where(eq(savedReports.userId, userId))
    .orderBy(savedReports.name, savedReports.id);
}

export async function countSaved(ex: Executor, userId: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    ex,
    sql`select count(*)::int as n from saved_reports where user_id = ${userId}`,
  );
  return Number(row?.n ?? 0);
}

export async function findSaved(
  ex: Executor,
  userId: number,
  id: number,
): Promise<SavedReportRow | undefined> {
  const [row] = await ex
    .select()
    .from(savedReports)
    .where(and(eq(savedReports.id, id), eq(savedReports.userId, userId)));
  return row;
}

export async function insertSaved(
  ex: Executor,
  userId: number,
  name: string,
  definition: GenericReportDefinition,
): Promise<SavedReportRow> {
  const [row] = await ex.insert(savedReports).values({ userId, name, definition }).returning();
  return row!;
}

export async function updateSaved(
  ex: Executor,
  userId: number,
  id: number,
  name: string,
  definition: GenericReportDefinition,
): Promise<SavedReportRow | undefined> {
  const [row] = await ex
    .update(savedReports)
    .set({ name, definition, updatedAt: sql`now()` })
    .where(and(eq(savedReports.id, id), eq(savedReports.userId, userId)))
    .returning();
  return row;
}

export async function deleteSaved(ex: Executor, userId: number, id: number): Promise<boolean> {
  const rows = await ex
    .delete(savedReports)
    .where(and(eq(savedReports.id, id), eq(savedReports.userId, userId)))
    .returning({ id: savedReports.id });
  return rows.length > 0;
}
