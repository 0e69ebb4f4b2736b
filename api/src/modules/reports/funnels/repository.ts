// The funnels' SQL (issue 26, decision 053). Each stage id of a funnel maps to one fixed condition here (never text
// from the caller); a stage's records are those meeting its condition and every earlier stage's, so the counts
// statement and the drill-down read the same cumulative condition. Visits are read as every report reads them
// (dashboard's visitsFrom: not non-visits, dated in the period, of the filter), through the same statuses.
import { sql, type SQL } from 'drizzle-orm';
import {
  ACTIVE_PROVIDER_STATUS_ID,
  COMPLETED_VISIT_STATUSES,
  PROVIDER_ONBOARD_STEPS,
  REQUESTED_VISIT_STATUSES,
  STAFFED_VISIT_STATUSES,
  VISIT_FUNNEL_COVERAGE_MILES,
  boundingBox,
  stageSince,
  type FunnelDefinition,
  type ReportPeriod,
} from '@carelane/shared-domain';
import { idsParam, queryRows, type Executor } from '../../../db/client';
import { milesBetween } from '../../../db/sql-distance';
import { visitSetCondition, visitsFrom, type VisitFilter } from '../dashboard/repository';

/**
 * An active clinician `c` of the visit `v`'s provider type with a preferred point within `miles` of it: the
 * bounding box (on providers_type_status_lat_lon_idx), then the one SQL distance rule (milesBetween).
 */
function clinicianWithin(miles: number): SQL {
  const box = boundingBox(0, 0, miles);
  return sql`exists (select 1 from providers c
     where c.provider_type_id = v.provider_type_id and c.provider_status_id = ${ACTIVE_PROVIDER_STATUS_ID}
       and c.preferred_latitude between v.latitude - ${box.maxLat}::float8 and v.latitude + ${box.maxLat}::float8
       and c.preferred_longitude between v.longitude - ${box.maxLon}::float8 / greatest(0.01, cos(radians(v.latitude)))
                                     and v.longitude + ${box.maxLon}::float8 / greatest(0.01, cos(radians(v.latitude)))
       and ${milesBetween(sql`v.latitude`, sql`v.longitude`, sql`c.preferred_latitude`, sql`c.preferred_longitude`)} <= ${miles}::float8)`;
}

const STAFFED = visitSetCondition({ statuses: STAFFED_VISIT_STATUSES });

/** Each visit stage id's own condition on the visit `v` (its note `n`). */
const VISIT_STAGE_CONDITIONS: Record<string, SQL> = {
  requested: visitSetCondition({ statuses: REQUESTED_VISIT_STATUSES }),
  covered: sql`(${STAFFED} or (v.latitude is not null and v.longitude is not null and ${clinicianWithin(VISIT_FUNNEL_COVERAGE_MILES)}))`,
  staffed: STAFFED,
  checkedIn: sql`(v.time_in is not null)`,
  completed: visitSetCondition({ statuses: COMPLETED_VISIT_STATUSES }),
};

/** Where each recorded moment a visit stage names is read. */
const VISIT_MOMENTS: Record<string, SQL> = {
  requestedAt: sql`v.created_at`,
  assignedAt: sql`v.assigned_at`,
  timeIn: sql`v.time_in`,
};

/** The condition of a funnel's stage `index`: its own and every earlier stage's. */
export function visitStageCondition(funnel: FunnelDefinition, index: number): SQL {
  const parts = funnel.stages.slice(0, index + 1).map((stage) => {
    const condition = VISIT_STAGE_CONDITIONS[stage.id];
    if (!condition) throw new Error(`visitStageCondition: no condition for ${funnel.key}.${stage.id}`);
    return condition;
  });
  return sql`(${sql.join(parts, sql` and `)})`;
}

/** The hours a record spent reaching stage `index` from the previous recorded moment; null: not measured. */
function stageHours(funnel: FunnelDefinition, index: number): SQL | null {
  const stage = funnel.stages[index]!;
  const since = stageSince(funnel, index);
  const to = stage.reachedAt ? VISIT_MOMENTS[stage.reachedAt] : undefined;
  const from = since?.reachedAt ? VISIT_MOMENTS[since.reachedAt] : undefined;
  if (!to || !from) return null;
  return sql`extract(epoch from (${to} - ${from})) / 3600.0`;
}

export type FunnelCountsDbRow = { cur: boolean } & Record<string, number | string | boolean | null>;

/**
 * The visits of `range` with each stage's own condition as a flag `c<i>` (later stages only looked at for a
 * requested visit) and each measured stage's hours `x<i>`, so that the coverage search runs once per visit and not
 * once per aggregate that names it (`offset 0` keeps the planner from folding the flags back into the aggregates).
 * A visit is in stage `i` when `c0 and … and c<i>` (visitStageCondition's rule).
 */
function visitStageFlags(
  funnel: FunnelDefinition,
  filter: VisitFilter,
  range: ReportPeriod,
  extra: SQL,
): SQL {
  const own = funnel.stages.map((stage) => {
    const condition = VISIT_STAGE_CONDITIONS[stage.id];
    if (!condition) throw new Error(`visitStageFlags: no condition for ${funnel.key}.${stage.id}`);
    return condition;
  });
  const flags = own.map((condition, i) =>
    i === 0
      ? sql`${condition} as c0`
      : sql`(case when ${own[0]} then ${condition} else false end) as ${sql.raw(`c${i}`)}`,
  );
  const hours = funnel.stages.flatMap((_, i) => {
    const h = stageHours(funnel, i);
    return h ? [sql`${h} as ${sql.raw(`x${i}`)}`] : [];
  });
  return sql`(select ${extra}, ${sql.join([...flags, ...hours], sql`, `)} ${visitsFrom(filter, range)} offset 0) f`;
}

/** `c0 and … and c<index>` over visitStageFlags' columns. */
const inStage = (index: number) =>
  sql.raw(Array.from({ length: index + 1 }, (_, i) => `f.c${i}`).join(' and '));

/** Each stage's count `s<i>` and, where it is measured, median hours `h<i>` over the flags `f` of a funnel. */
function stageCountColumns(funnel: FunnelDefinition, measured: (index: number) => boolean): SQL[] {
  return funnel.stages.map((_, i) => {
    const x = sql.raw(`f.x${i}`);
    const median = measured(i)
      ? sql`percentile_cont(0.5) within group (order by ${x}) filter (where ${inStage(i)} and ${x} is not null)`
      : sql`null::float8`;
    return sql`count(*) filter (where ${inStage(i)})::int as ${sql.raw(`s${i}`)},
               ${median}::float8 as ${sql.raw(`h${i}`)}`;
  });
}

/**
 * Each period's row: each stage's count `s<i>` and median hours `h<i>`. One statement per period, side by side,
 * each over its own range of visits (one statement grouping both periods sorted every visit of both by period
 * for the medians, on disk for a year).
 */
export async function visitFunnelCounts(
  ex: Executor,
  funnel: FunnelDefinition,
  filter: VisitFilter,
  current: ReportPeriod,
  prior: ReportPeriod,
): Promise<FunnelCountsDbRow[]> {
  const columns = stageCountColumns(funnel, (i) => stageHours(funnel, i) !== null);
  const period = (range: ReportPeriod, cur: boolean) =>
    queryRows<FunnelCountsDbRow>(
      ex,
      sql`select ${cur}::boolean as cur, ${sql.join(columns, sql`, `)}
            from ${visitStageFlags(funnel, filter, range, sql`v.id`)}`,
    );
  return (await Promise.all([period(current, true), period(prior, false)])).flat();
}

export type FunnelOrganizationDbRow = { referral_source_id: number; organization_name: string } & Record<
  string,
  number | string
>;

/** A row per organization with a record in the funnel's first stage in `range`: each stage's count `s<i>`. */
export function visitFunnelOrganizations(
  ex: Executor,
  funnel: FunnelDefinition,
  filter: VisitFilter,
  range: ReportPeriod,
): Promise<FunnelOrganizationDbRow[]> {
  const columns = funnel.stages.map(
    (_, i) => sql`count(*) filter (where ${inStage(i)})::int as ${sql.raw(`s${i}`)}`,
  );
  const flags = visitStageFlags(funnel, filter, range, sql`v.referral_source_id`);
  return queryRows(
    ex,
    sql`select c.*, rs.name as organization_name
          from (select f.referral_source_id, ${sql.join(columns, sql`, `)}
                  from ${flags}
                 group by f.referral_source_id) c
          join referral_sources rs on rs.id = c.referral_source_id
         where c.s0 > 0`,
  );
}

// ---- the funnels of other subjects (service requests, patients, organizations, clinicians, outbox messages) ----

/** What a subject's SQL reads: the filters, the period its records are bucketed in and the calendar. */
export type SubjectScope = {
  filter: VisitFilter;
  /** The clinician's own state (the clinician funnel). */
  state?: string;
  range: ReportPeriod;
  timeZone: string;
};

type SubjectSql = {
  /** `from … r where …`: the records the scope selects (bucketed in its range). */
  from: (scope: SubjectScope) => SQL;
  /** Each stage id's own condition on the record `r`. */
  stages: Record<string, (scope: SubjectScope) => SQL>;
  /** Where each recorded moment a stage names is read. */
  moments: Record<string, (scope: SubjectScope) => SQL>;
  /** The drill-down row of `r`: id, name, organization_name, status, at, detail, patient_id. */
  row: SQL;
  /** The drill-down's order. */
  order: SQL;
};

/** The instant `column` falls on a day of the range on the scope's calendar (as a range of instants: indexable). */
const dayIn = (column: SQL, scope: SubjectScope) =>
  sql`${column} >= (${scope.range.from}::date)::timestamp at time zone ${scope.timeZone}
      and ${column} < (${scope.range.to}::date + 1)::timestamp at time zone ${scope.timeZone}`;
const orgIn = (column: SQL, filter: VisitFilter) =>
  filter.referralSourceIds ? sql`and ${column} = any(${idsParam(filter.referralSourceIds)})` : sql``;
const typeIs = (column: SQL, filter: VisitFilter) =>
  filter.providerTypeId !== undefined ? sql`and ${column} = ${filter.providerTypeId}` : sql``;
const REQUESTED = visitSetCondition({ statuses: REQUESTED_VISIT_STATUSES });
const COMPLETED = visitSetCondition({ statuses: COMPLETED_VISIT_STATUSES });

/** A visit `v` of the record (`link`, e.g. v.episode_id = r.id) meeting `set`, of the provider type filtered. */
function hasVisit(link: SQL, set: SQL, scope: SubjectScope, inRange = false): SQL {
  return sql`exists (select 1 from visits v where ${link} and ${set} ${typeIs(sql`v.provider_type_id`, scope.filter)}
     ${inRange ? sql`and v.date_of_service between ${scope.range.from}::date and ${scope.range.to}::date` : sql``})`;
}
/** The first assignment instant of the record's staffed visits. */
function firstAssigned(link: SQL, scope: SubjectScope): SQL {
  return sql`(select min(v.assigned_at) from visits v where ${link} and ${STAFFED} ${typeIs(sql`v.provider_type_id`, scope.filter)})`;
}
const stepAt = (step: string) =>
  PROVIDER_ONBOARD_STEPS.indexOf(step as (typeof PROVIDER_ONBOARD_STEPS)[number]) + 1;
const STEP_POSITION = sql`array_position(${sql.raw(`array[${PROVIDER_ONBOARD_STEPS.map((s) => `'${s}'`).join(', ')}]::text[]`)}, r.onboard_step)`;

const EPISODE_VISIT = sql`v.episode_id = r.id`;
const PATIENT_VISIT = sql`v.patient_id = r.id`;
const ORGANIZATION_VISIT = sql`v.referral_source_id = r.id`;
const CLINICIAN_VISIT = sql`v.provider_id = r.id`;

const SUBJECTS: Record<string, SubjectSql> = {
  episodeFunnel: {
    from: (
      s,
    ) => sql`from episodes r where ${dayIn(sql`r.created_at`, s)} ${orgIn(sql`r.referral_source_id`, s.filter)}
      ${s.filter.providerTypeId !== undefined ? sql`and ${s.filter.providerTypeId}::int = any(r.provider_type_ids)` : sql``}`,
    stages: {
      created: () => sql`r.status <> 'Deleted'`,
      published: () => sql`r.published_at is not null`,
      staffed: (s) => hasVisit(EPISODE_VISIT, STAFFED, s),
      completed: (s) => hasVisit(EPISODE_VISIT, COMPLETED, s),
    },
    moments: {
      createdAt: () => sql`r.created_at`,
      publishedAt: () => sql`r.published_at`,
      firstAssignedAt: (s) => firstAssigned(EPISODE_VISIT, s),
    },
    row: sql`r.id, r.title as name, rs.name as organization_name, r.status, r.created_at as at,
      (select pa.first_name || ' ' || pa.last_name from patients pa where pa.id = r.patient_id) as detail,
      r.patient_id`,
    order: sql`r.created_at, r.id`,
  },
  patientFunnel: {
    from: (s) =>
      sql`from patients r where ${dayIn(sql`r.created_at`, s)} ${orgIn(sql`r.referral_source_id`, s.filter)}`,
    stages: {
      created: () => sql`true`,
      requested: (
        s,
      ) => sql`exists (select 1 from episodes e where e.patient_id = r.id and e.status <> 'Deleted'
        ${s.filter.providerTypeId !== undefined ? sql`and ${s.filter.providerTypeId}::int = any(e.provider_type_ids)` : sql``})`,
      staffed: (s) => hasVisit(PATIENT_VISIT, STAFFED, s),
      completed: (s) => hasVisit(PATIENT_VISIT, COMPLETED, s),
    },
    moments: {
      createdAt: () => sql`r.created_at`,
      firstEpisodeAt: (
        s,
      ) => sql`(select min(e.created_at) from episodes e where e.patient_id = r.id and e.status <> 'Deleted'
        ${s.filter.providerTypeId !== undefined ? sql`and ${s.filter.providerTypeId}::int = any(e.provider_type_ids)` : sql``})`,
      firstAssignedAt: (s) => firstAssigned(PATIENT_VISIT, s),
    },
    row: sql`r.id, r.first_name || ' ' || r.last_name as name, rs.name as organization_name, r.status,
      r.created_at as at, null::text as detail, r.id as patient_id`,
    order: sql`r.created_at, r.id`,
  },
  referralSourceFunnel: {
    from: (s) => sql`from referral_sources r where true ${orgIn(sql`r.id`, s.filter)}`,
    stages: {
      active: () => sql`r.status = 'ACTIVE'`,
      onboarded: () => sql`r.onboard_step_rs = 'Done'`,
      requested: (s) => hasVisit(ORGANIZATION_VISIT, REQUESTED, s, true),
      staffed: (s) => hasVisit(ORGANIZATION_VISIT, STAFFED, s, true),
      completed: (s) => hasVisit(ORGANIZATION_VISIT, COMPLETED, s, true),
    },
    moments: {},
    row: sql`r.id, r.name, rs.name as organization_name, r.status, null::timestamptz as at,
      r.onboard_step_rs as detail, null::int as patient_id`,
    order: sql`r.name, r.id`,
  },
  providerFunnel: {
    from: (
      s,
    ) => sql`from providers r where ${dayIn(sql`r.created_at`, s)} ${typeIs(sql`r.provider_type_id`, s.filter)}
      ${s.state !== undefined ? sql`and upper(r.state) = ${s.state}` : sql``}`,
    stages: {
      signedUp: () => sql`true`,
      agreement: () => sql`coalesce(${STEP_POSITION}, 0) >= ${stepAt('Rates')}`,
      credentials: () => sql`coalesce(${STEP_POSITION}, 0) >= ${stepAt('Background')}`,
      onboarded: () => sql`r.onboard_step = 'Done'`,
      staffed: (s) => hasVisit(CLINICIAN_VISIT, STAFFED, { ...s, filter: {} }),
    },
    moments: {
      createdAt: () => sql`r.created_at`,
      firstAssignedAt: (s) => firstAssigned(CLINICIAN_VISIT, { ...s, filter: {} }),
    },
    row: sql`r.id, r.given_name || ' ' || r.family_name as name, null::text as organization_name,
      r.onboard_step as status, r.created_at as at, r.state as detail, null::int as patient_id`,
    order: sql`r.created_at, r.id`,
  },
  communicationFunnel: {
    from: (s) => sql`from outbox r where ${dayIn(sql`r.created_at`, s)}`,
    stages: {
      queued: () => sql`true`,
      attempted: () => sql`(r.attempts > 0 or r.status = 'SENT')`,
      sent: () => sql`r.status = 'SENT'`,
    },
    moments: { createdAt: () => sql`r.created_at`, sentAt: () => sql`r.sent_at` },
    row: sql`r.id::int as id, r.channel || ' to ' || r.to as name, null::text as organization_name, r.status,
      r.created_at as at, r.subject as detail, null::int as patient_id`,
    order: sql`r.created_at, r.id`,
  },
};

function subjectSql(funnel: FunnelDefinition): SubjectSql {
  const subject = SUBJECTS[funnel.key];
  if (!subject) throw new Error(`subjectSql: no SQL for ${funnel.key}`);
  return subject;
}

/** The condition of a funnel's stage `index` on `r`: its own and every earlier stage's. */
export function subjectStageCondition(funnel: FunnelDefinition, index: number, scope: SubjectScope): SQL {
  const subject = subjectSql(funnel);
  const parts = funnel.stages.slice(0, index + 1).map((stage) => {
    const condition = subject.stages[stage.id];
    if (!condition) throw new Error(`subjectStageCondition: no condition for ${funnel.key}.${stage.id}`);
    return condition(scope);
  });
  return sql`(${sql.join(parts, sql` and `)})`;
}

function subjectStageHours(funnel: FunnelDefinition, index: number, scope: SubjectScope): SQL | null {
  const moments = subjectSql(funnel).moments;
  const stage = funnel.stages[index]!;
  const since = stageSince(funnel, index);
  const to = stage.reachedAt ? moments[stage.reachedAt] : undefined;
  const from = since?.reachedAt ? moments[since.reachedAt] : undefined;
  if (!to || !from) return null;
  return sql`extract(epoch from (${to(scope)} - ${from(scope)})) / 3600.0`;
}

/**
 * One period's counts `s<i>` and median hours `h<i>` of a funnel of another subject than visits. Each stage's own
 * condition is evaluated once per record, as a flag `c<i>` (later stages only for a record in the first), and each
 * measured stage's hours `x<i>` once; a record is in stage `i` when
 * `c0 and … and c<i>` (subjectStageCondition's rule, which the drill-down reads); a stage's median reads only its
 * records' hours.
 */
export async function subjectFunnelCounts(
  ex: Executor,
  funnel: FunnelDefinition,
  scope: SubjectScope,
): Promise<FunnelCountsDbRow | undefined> {
  const subject = subjectSql(funnel);
  const own = funnel.stages.map((stage) => {
    const condition = subject.stages[stage.id];
    if (!condition) throw new Error(`subjectFunnelCounts: no condition for ${funnel.key}.${stage.id}`);
    return condition(scope);
  });
  const flags = own.map((condition, i) =>
    i === 0
      ? sql`${condition} as c0`
      : sql`(case when ${own[0]} then ${condition} else false end) as ${sql.raw(`c${i}`)}`,
  );
  const hours = funnel.stages.flatMap((_, i) => {
    const h = subjectStageHours(funnel, i, scope);
    return h ? [sql`${h} as ${sql.raw(`x${i}`)}`] : [];
  });
  const columns = stageCountColumns(funnel, (i) => subjectStageHours(funnel, i, scope) !== null);
  const [row] = await queryRows<FunnelCountsDbRow>(
    ex,
    sql`select true as cur, ${sql.join(columns, sql`, `)}
          from (select ${sql.join([...flags, ...hours], sql`, `)} ${subject.from(scope)} offset 0) f`,
  );
  return row;
}

export type FunnelRecordDbRow = {
  id: number;
  name: string;
  organization_name: string | null;
  status: string | null;
  at: string | Date | null;
  detail: string | null;
  patient_id: number | null;
};

/** A page of the records of stage `index` (and its total): the same condition as the counts. */
export async function subjectStageRecords(
  ex: Executor,
  funnel: FunnelDefinition,
  index: number,
  scope: SubjectScope,
  page: { pageNumber: number; pageSize: number },
): Promise<{ rows: FunnelRecordDbRow[]; total: number }> {
  const subject = subjectSql(funnel);
  const condition = subjectStageCondition(funnel, index, scope);
  const organization =
    funnel.subject === 'episodes' || funnel.subject === 'patients'
      ? sql`left join referral_sources rs on rs.id = r.referral_source_id`
      : funnel.subject === 'organizations'
        ? sql`left join referral_sources rs on rs.id = r.id`
        : sql``;
  const [rows, [count]] = await Promise.all([
    queryRows<FunnelRecordDbRow>(
      ex,
      sql`select ${subject.row} from (select r.id ${subject.from(scope)} and ${condition}
             order by ${subject.order} limit ${page.pageSize} offset ${(page.pageNumber - 1) * page.pageSize}) m
           join ${sql.raw(TABLES[funnel.subject]!)} r on r.id = m.id ${organization}
          order by ${subject.order}`,
    ),
    queryRows<{ total: number }>(
      ex,
      sql`select count(*)::int as total ${subject.from(scope)} and ${condition}`,
    ),
  ]);
  return { rows, total: Number(count?.total ?? 0) };
}

const TABLES: Record<string, string> = {
  episodes: 'episodes',
  patients: 'patients',
  organizations: 'referral_sources',
  clinicians: 'providers',
  messages: 'outbox',
};
