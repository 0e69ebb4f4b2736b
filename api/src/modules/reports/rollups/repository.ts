// The visit rollup's SQL (decision 051). A visit's facts are its rollup key — date of service, organization,
// provider type, status, and an evidence mask with a bit per recorded moment and one for EVV verified — and its
// durations in whole seconds, one per duration metric of DASHBOARD_METRICS. A visit set of a metric becomes a
// condition on the key (its statuses, the bits it requires), so the dashboard's figures read report_visit_days
// with the same definitions the drill-down applies to the visits themselves.
import { sql, type SQL } from 'drizzle-orm';
import {
  DASHBOARD_METRICS,
  STAFFED_VISIT_STATUSES,
  type MetricCounts,
  type ReportPeriod,
  type VisitDurationMetric,
  type VisitEvidence,
  type VisitSet,
} from '@carelane/shared-domain';
import { idsParam, queryRows, type Executor } from '../../../db/client';
import {
  activeClinicians,
  EVV_VERIFIED,
  MOMENT_COLUMNS,
  metricHours,
  statusesParam,
  type ClinicianFilter,
  type VisitFilter,
  type VisitMetric,
} from '../dashboard/repository';

const EVIDENCE_BITS: Record<VisitEvidence, number> = {
  assignedAt: 1,
  timeIn: 2,
  timeOut: 4,
  notesSubmittedAt: 8,
};
const EVV_VERIFIED_BIT = 16;

type DurationMetricKey = Extract<(typeof DASHBOARD_METRICS)[number], { kind: 'visitAverageHours' }>['key'];

/** The column of report_visit_facts and report_visit_days holding each duration metric's seconds. */
const SECONDS_COLUMNS: Record<DurationMetricKey, SQL> = {
  staffingDelay: sql.raw('staffing_delay_seconds'),
  averageCompletionTime: sql.raw('completion_seconds'),
};

const DURATION_METRICS = DASHBOARD_METRICS.filter(
  (m): m is Extract<(typeof DASHBOARD_METRICS)[number], { kind: 'visitAverageHours' }> =>
    m.kind === 'visitAverageHours',
);

/** The bits a visit set requires of the evidence mask. */
export function evidenceMaskOf(set: VisitSet): number {
  let mask = set.evvVerified ? EVV_VERIFIED_BIT : 0;
  for (const field of set.evidence ?? []) mask |= EVIDENCE_BITS[field];
  return mask;
}

/** The rollup rows `r` of a visit set. */
export function rolledUpSetCondition(set: VisitSet): SQL {
  const mask = evidenceMaskOf(set);
  return sql`(r.status = any(${statusesParam(set.statuses)})${
    mask ? sql` and (r.evidence & ${mask}) = ${mask}` : sql``
  })`;
}

/** The rollup rows `r` of a part of a visit metric (a ratio's numerator is within its denominator). */
export function rolledUpPartCondition(metric: VisitMetric, part: 'numerator' | 'denominator'): SQL {
  if (metric.kind === 'visitAverageHours') return rolledUpSetCondition(metric.over);
  const denominator = rolledUpSetCondition(metric.denominator);
  return part === 'denominator'
    ? denominator
    : sql`(${denominator} and ${rolledUpSetCondition(metric.numerator)})`;
}

function secondsColumnOf(metric: VisitDurationMetric): SQL {
  const column = SECONDS_COLUMNS[metric.key as DurationMetricKey];
  if (!column) throw new Error(`secondsColumnOf: ${metric.key} has no rollup column`);
  return column;
}

/** The two aggregate columns of a metric over the rollup: numerator (count, or total hours) and denominator. */
function rolledUpColumns(metric: VisitMetric, i: number): SQL {
  const n = sql.raw(`n${i}`);
  const d = sql.raw(`d${i}`);
  const denominator = rolledUpPartCondition(metric, 'denominator');
  const numerator =
    metric.kind === 'visitRatio'
      ? sql`coalesce(sum(r.visits) filter (where ${rolledUpPartCondition(metric, 'numerator')}), 0)::int`
      : sql`(coalesce(sum(r.${secondsColumnOf(metric)}) filter (where ${denominator}), 0) / 3600.0)::float8`;
  return sql`${numerator} as ${n}, coalesce(sum(r.visits) filter (where ${denominator}), 0)::int as ${d}`;
}

/** Each day's counts of every visit metric over `range`, from the rollup (days without visits are absent). */
export async function rolledUpCountsByDay(
  ex: Executor,
  metrics: readonly VisitMetric[],
  filter: VisitFilter,
  range: ReportPeriod,
): Promise<{ day: string; counts: MetricCounts[] }[]> {
  const rows = await queryRows<Record<string, string | number>>(
    ex,
    sql`select r.day::text as day,
               ${sql.join(
                 metrics.map((m, i) => rolledUpColumns(m, i)),
                 sql`, `,
               )}
          from report_visit_days r
         where r.day between ${range.from}::date and ${range.to}::date
           ${filter.referralSourceIds ? sql`and r.referral_source_id = any(${idsParam(filter.referralSourceIds)})` : sql``}
           ${filter.providerTypeId !== undefined ? sql`and r.provider_type_id = ${filter.providerTypeId}` : sql``}
         group by r.day
         order by r.day`,
  );
  return rows.map((row) => ({
    day: String(row.day),
    counts: metrics.map((_, i) => ({ numerator: Number(row[`n${i}`]), denominator: Number(row[`d${i}`]) })),
  }));
}

/**
 * The utilization rate's counts from report_clinician_days: the active clinicians of the filter, and those of
 * them with a staffed visit (of the organization, when filtered) in each period and on each day of the current
 * one (days without one are absent). One statement.
 */
export async function rolledUpClinicianCounts(
  ex: Executor,
  f: ClinicianFilter,
  current: ReportPeriod,
  prior: ReportPeriod,
): Promise<{ active: number; busyCurrent: number; busyPrior: number; busyByDay: Map<string, number> }> {
  const rows = await queryRows<{ k: string; day: string | null; n: number }>(
    ex,
    sql`with busy as (
          select distinct c.provider_id, c.day
            from report_clinician_days c join providers p on p.id = c.provider_id
           where ${activeClinicians(f)}
             and c.day between ${prior.from}::date and ${current.to}::date
             ${f.referralSourceId !== undefined ? sql`and c.referral_source_id = ${f.referralSourceId}` : sql``}
        )
        select 'active' as k, null as day, count(*)::int as n from providers p where ${activeClinicians(f)}
        union all
        select 'current', null, count(distinct provider_id)::int from busy
         where day between ${current.from}::date and ${current.to}::date
        union all
        select 'prior', null, count(distinct provider_id)::int from busy
         where day between ${prior.from}::date and ${prior.to}::date
        union all
        select 'day', day::text, count(*)::int from busy
         where day between ${current.from}::date and ${current.to}::date group by day`,
  );
  const total = (k: string) => Number(rows.find((r) => r.k === k)?.n ?? 0);
  return {
    active: total('active'),
    busyCurrent: total('current'),
    busyPrior: total('prior'),
    busyByDay: new Map(rows.filter((r) => r.k === 'day').map((r) => [String(r.day), Number(r.n)])),
  };
}

/** The oldest change not yet rolled up (null: the rollup holds every change). */
export async function oldestQueuedChange(ex: Executor): Promise<Date | null> {
  const [row] = await queryRows<{ at: string | Date | null }>(
    ex,
    sql`select min(queued_at) as at from report_dirty_visits`,
  );
  return row?.at ? new Date(row.at) : null;
}

// ---- the job's statements

/** Takes up to `limit` queued visits off the queue, oldest first. */
export async function takeQueuedVisits(ex: Executor, limit: number): Promise<number[]> {
  const rows = await queryRows<{ visit_id: number }>(
    ex,
    sql`delete from report_dirty_visits
         where visit_id in (select visit_id from report_dirty_visits order by queued_at, visit_id limit ${limit})
        returning visit_id`,
  );
  return rows.map((r) => Number(r.visit_id));
}

const evidenceOfVisit = sql.join(
  [
    ...(Object.entries(EVIDENCE_BITS) as [VisitEvidence, number][]).map(
      ([field, bit]) =>
        sql`(case when ${MOMENT_COLUMNS[field]} is not null then ${sql.raw(String(bit))} else 0 end)`,
    ),
    sql`(case when ${EVV_VERIFIED} then ${sql.raw(String(EVV_VERIFIED_BIT))} else 0 end)`,
  ],
  sql` | `,
);

const KEY = sql.raw('day, referral_source_id, provider_type_id, status, evidence');
const SECONDS = sql.join(
  DURATION_METRICS.map((m) => secondsColumnOf(m)),
  sql`, `,
);

/**
 * Adds (sign 1) or takes out (sign -1) the facts of `visitIds` in report_visit_days and their staffed visits in
 * report_clinician_days; answers the days touched.
 */
async function applyFacts(ex: Executor, visitIds: readonly number[], sign: 1 | -1): Promise<string[]> {
  const sums = sql.join(
    DURATION_METRICS.map((m) => sql`${sign} * coalesce(sum(${secondsColumnOf(m)}), 0)`),
    sql`, `,
  );
  const updates = sql.join(
    DURATION_METRICS.map((m) => {
      const column = secondsColumnOf(m);
      return sql`${column} = d.${column} + excluded.${column}`;
    }),
    sql`, `,
  );
  const rows = await queryRows<{ day: string }>(
    ex,
    sql`insert into report_visit_days as d (${KEY}, visits, ${SECONDS})
        select ${KEY}, ${sign} * count(*), ${sums}
          from report_visit_facts where visit_id = any(${idsParam(visitIds)})
         group by ${KEY}
         order by ${KEY}
        on conflict on constraint report_visit_days_pk
        do update set visits = d.visits + excluded.visits, ${updates}
        returning day::text as day`,
  );
  await ex.execute(
    sql`insert into report_clinician_days as d (day, provider_id, referral_source_id, visits)
        select day, provider_id, referral_source_id, ${sign} * count(*)
          from report_visit_facts
         where visit_id = any(${idsParam(visitIds)}) and provider_id is not null
           and status = any(${statusesParam(STAFFED_VISIT_STATUSES)})
         group by day, provider_id, referral_source_id
         order by day, provider_id, referral_source_id
        on conflict on constraint report_clinician_days_pk do update set visits = d.visits + excluded.visits`,
  );
  return rows.map((r) => String(r.day));
}

/** Moves the visits' contribution from what was rolled up to what they are now, in the caller's transaction. */
export async function rollUpVisits(ex: Executor, visitIds: readonly number[]): Promise<void> {
  const taken = await applyFacts(ex, visitIds, -1);
  await ex.execute(sql`delete from report_visit_facts where visit_id = any(${idsParam(visitIds)})`);
  const durations = sql.join(
    DURATION_METRICS.map((m) => sql`round(${metricHours(m)} * 3600)::bigint`),
    sql`, `,
  );
  await ex.execute(
    sql`insert into report_visit_facts (visit_id, ${KEY}, provider_id, ${SECONDS})
        select v.id, v.date_of_service, v.referral_source_id, v.provider_type_id, v.status,
               (${evidenceOfVisit})::smallint, v.provider_id, ${durations}
          from visits v left join notes n on n.visit_id = v.id
         where v.id = any(${idsParam(visitIds)}) and v.non_visit = false`,
  );
  const added = await applyFacts(ex, visitIds, 1);
  const days = [...new Set([...taken, ...added])];
  if (days.length) {
    const touched = sql`${`{${days.join(',')}}`}::date[]`;
    await ex.execute(sql`delete from report_visit_days where visits = 0 and day = any(${touched})`);
    await ex.execute(sql`delete from report_clinician_days where visits = 0 and day = any(${touched})`);
  }
}

/** Whether this transaction holds the rollup's lock (one job across every instance). */
export async function lockRollup(ex: Executor): Promise<boolean> {
  const [row] = await queryRows<{ ok: boolean }>(
    ex,
    sql`select pg_try_advisory_xact_lock(hashtext('carelane_report_rollup')) as ok`,
  );
  return row?.ok === true;
}
