/**
 * The health reports (issue 26, decision 050): a row per organization, state, clinician or organization's open
 * visits, with its figures over a period and the prior one, worst first. Every figure is a definition over the
 * dashboard's visit sets and metrics (decision 046, metrics.ts), so a rate here is the dashboard's rate for the
 * same filters; the API answers counts, and the value, its text and its change are computed here only.
 */
import {
  COMPLETED_VISIT_STATUSES,
  STAFFED_VISIT_STATUSES,
  countMetric,
  dashboardMetric,
  formatMetricValue,
  inVisitSet,
  metricChange,
  metricValue,
  type DashboardMetricKey,
  type MetricCounts,
  type MetricVisit,
  type VisitRatioMetric,
  type VisitSet,
} from './metrics';

/** SPEC §9 "operations coverage mismatch 10": miles from an open visit within which a clinician covers it. */
export const OPERATIONS_COVERAGE_MISMATCH_MILES = 10;

/** The sets a health figure counts that are not a dashboard metric's part. */
export const HEALTH_VISIT_SETS = {
  /** Missed visits (SPEC §4 leaves them out of the visit counts; the health reports count them on their own). */
  missedVisits: { statuses: ['Missed'] },
  /** A clinician's visits: the dashboard's staffed set, of visits they are (or were) on. */
  assignedVisits: { statuses: STAFFED_VISIT_STATUSES },
  completedVisits: { statuses: COMPLETED_VISIT_STATUSES },
  /** Notes past their due time and not yet submitted. */
  notesOverdue: { statuses: ['NotesOverdue'] },
  /** Published and not staffed. */
  openVisits: { statuses: ['Active'] },
  /** Open visits with no active clinician of their provider type within OPERATIONS_COVERAGE_MISMATCH_MILES. */
  coverageMismatch: { statuses: ['Active'] },
} as const satisfies Record<string, VisitSet>;

export type HealthVisitFigure = keyof typeof HEALTH_VISIT_SETS;
export const HEALTH_VISIT_FIGURES = Object.keys(HEALTH_VISIT_SETS) as HealthVisitFigure[];

/** The dashboard rates an organization's or a state's row shows. */
export const AREA_HEALTH_RATES = ['staffingRate', 'fillRate', 'completionRate'] as const;
export type AreaHealthRate = (typeof AREA_HEALTH_RATES)[number];

export const areaHealthMetric = (key: AreaHealthRate) => dashboardMetric(key) as VisitRatioMetric;

/** What the API answers for an organization or a state over one period. */
export type AreaHealthCounts = Record<AreaHealthRate, MetricCounts> & { missedVisits: number };
/** What the API answers for a clinician over one period: their own visits. */
export type ClinicianHealthCounts = {
  assignedVisits: number;
  completedVisits: number;
  missedVisits: number;
  notesOverdue: number;
};
/** What the API answers for an organization's open visits over one period. */
export type OperationsHealthCounts = { openVisits: number; coverageMismatch: number };

/** The records behind a figure: a dashboard metric's part (its drill-down), or a health set's visits. */
export type HealthDrill =
  | { kind: 'metric'; metric: DashboardMetricKey; part: 'numerator' | 'denominator' }
  | { kind: 'visits'; figure: HealthVisitFigure };

/** A figure of a row: a count of records or a rate of two; `drill` names the records behind the number shown. */
export type HealthFigure<C> = {
  key: string;
  label: string;
  higherIsBetter: boolean;
  drill: HealthDrill;
} & ({ kind: 'count'; count: (counts: C) => number } | { kind: 'rate'; metric: AreaHealthRate });

const metricDrill = (metric: DashboardMetricKey, part: 'numerator' | 'denominator'): HealthDrill => ({
  kind: 'metric',
  metric,
  part,
});
const visitsDrill = (figure: HealthVisitFigure): HealthDrill => ({ kind: 'visits', figure });

const rate = (key: AreaHealthRate): HealthFigure<AreaHealthCounts> => ({
  key,
  label: areaHealthMetric(key).label,
  higherIsBetter: true,
  kind: 'rate',
  metric: key,
  // A rate opens its numerator's records: the drawer names both counts.
  drill: metricDrill(key, 'numerator'),
});

/** An organization's or a state's figures, in the table's order. */
export const AREA_HEALTH_FIGURES: readonly HealthFigure<AreaHealthCounts>[] = [
  {
    key: 'requestedVisits',
    label: 'Requested visits',
    higherIsBetter: true,
    kind: 'count',
    count: (c) => c.staffingRate.denominator,
    drill: metricDrill('staffingRate', 'denominator'),
  },
  {
    key: 'staffedVisits',
    label: 'Staffed visits',
    higherIsBetter: true,
    kind: 'count',
    count: (c) => c.staffingRate.numerator,
    drill: metricDrill('staffingRate', 'numerator'),
  },
  rate('staffingRate'),
  rate('fillRate'),
  rate('completionRate'),
  {
    key: 'missedVisits',
    label: 'Missed visits',
    higherIsBetter: false,
    kind: 'count',
    count: (c) => c.missedVisits,
    drill: visitsDrill('missedVisits'),
  },
];

const countOf = <C, K extends keyof C & HealthVisitFigure>(
  key: K,
  label: string,
  higherIsBetter: boolean,
): HealthFigure<C> => ({
  key,
  label,
  higherIsBetter,
  kind: 'count',
  count: (c) => Number(c[key]),
  drill: visitsDrill(key),
});

/** A clinician's figures. */
export const CLINICIAN_HEALTH_FIGURES: readonly HealthFigure<ClinicianHealthCounts>[] = [
  countOf<ClinicianHealthCounts, 'assignedVisits'>('assignedVisits', 'Visits assigned', true),
  countOf<ClinicianHealthCounts, 'completedVisits'>('completedVisits', 'Visits completed', true),
  countOf<ClinicianHealthCounts, 'missedVisits'>('missedVisits', 'Visits missed', false),
  countOf<ClinicianHealthCounts, 'notesOverdue'>('notesOverdue', 'Notes overdue', false),
];

/** An organization's open visits and how many of them no clinician covers. */
export const OPERATIONS_HEALTH_FIGURES: readonly HealthFigure<OperationsHealthCounts>[] = [
  countOf<OperationsHealthCounts, 'openVisits'>('openVisits', 'Open visits', false),
  countOf<OperationsHealthCounts, 'coverageMismatch'>(
    'coverageMismatch',
    `No clinician within ${OPERATIONS_COVERAGE_MISMATCH_MILES} miles`,
    false,
  ),
];

/** A figure's value from its counts: a number of records, or a percentage (null when there is nothing to measure). */
export function healthFigureValue<C>(figure: HealthFigure<C>, counts: C): number | null {
  if (figure.kind === 'count') return figure.count(counts);
  return metricValue(areaHealthMetric(figure.metric), (counts as AreaHealthCounts)[figure.metric]);
}

/** The number the drill-down of a figure lists: a count itself, a rate's numerator. */
export function healthFigureRecords<C>(figure: HealthFigure<C>, counts: C): number {
  if (figure.kind === 'count') return figure.count(counts);
  return (counts as AreaHealthCounts)[figure.metric].numerator;
}

const whole = new Intl.NumberFormat('en-US');

/** A figure as shown: '12', '60.0 %', '—'. */
export function formatHealthFigure<C>(figure: HealthFigure<C>, counts: C): string {
  const value = healthFigureValue(figure, counts);
  if (figure.kind === 'rate') return formatMetricValue(areaHealthMetric(figure.metric), value);
  return value === null ? '—' : whole.format(value);
}

/** The change from the prior period as shown: '+2' records, '−12.5 pts' for a rate; null when it cannot be told. */
export function healthFigureChange<C>(
  figure: HealthFigure<C>,
  current: C,
  prior: C,
): { delta: number; text: string; better: boolean | null } | null {
  const now = healthFigureValue(figure, current);
  const before = healthFigureValue(figure, prior);
  if (figure.kind === 'rate') return metricChange(areaHealthMetric(figure.metric), now, before);
  if (now === null || before === null) return null;
  const delta = now - before;
  const text = `${delta > 0 ? '+' : delta < 0 ? '−' : '±'}${whole.format(Math.abs(delta))}`;
  return { delta, text, better: delta === 0 ? null : delta > 0 === figure.higherIsBetter };
}

/** The counts of an area's figures over visits: the worked examples' evaluator. */
export function countAreaHealth(visits: readonly MetricVisit[]): AreaHealthCounts {
  const counts = Object.fromEntries(
    AREA_HEALTH_RATES.map((key) => [key, countMetric(areaHealthMetric(key), visits)]),
  ) as Record<AreaHealthRate, MetricCounts>;
  return {
    ...counts,
    missedVisits: visits.filter((v) => inVisitSet(v, HEALTH_VISIT_SETS.missedVisits)).length,
  };
}

/** The counts of a clinician's figures over their visits: the worked examples' evaluator. */
export function countClinicianHealth(visits: readonly MetricVisit[]): ClinicianHealthCounts {
  const n = (set: VisitSet) => visits.filter((v) => inVisitSet(v, set)).length;
  return {
    assignedVisits: n(HEALTH_VISIT_SETS.assignedVisits),
    completedVisits: n(HEALTH_VISIT_SETS.completedVisits),
    missedVisits: n(HEALTH_VISIT_SETS.missedVisits),
    notesOverdue: n(HEALTH_VISIT_SETS.notesOverdue),
  };
}

// ---- rows, their worst-first order and the sorts a table asks for

/** A row of a health report: who (an organization, a state, a clinician) and its counts in each period. */
export type HealthRow<C> = { name: string; current: C; prior: C };
export type ClinicianHealthExtra = { rating: number | null; lastLogin: string | null };

type Compare<R> = (a: R, b: R) => number;

/** Nulls after every number, whichever way the numbers go. */
const nullsLast = (a: number | null, b: number | null, ascending: boolean): number => {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  return ascending ? a - b : b - a;
};
const byName: Compare<{ name: string }> = (a, b) => a.name.localeCompare(b.name);

/**
 * An organization or a state, worst first: the lowest staffing rate (one with no requested visit, nothing to
 * staff, last), then the most requested visits (the larger gap), then the name.
 */
export const areaWorstFirst: Compare<HealthRow<AreaHealthCounts>> = (a, b) =>
  nullsLast(
    metricValue(areaHealthMetric('staffingRate'), a.current.staffingRate),
    metricValue(areaHealthMetric('staffingRate'), b.current.staffingRate),
    true,
  ) ||
  b.current.staffingRate.denominator - a.current.staffingRate.denominator ||
  byName(a, b);

/**
 * A clinician, worst first: the most visits missed, then the most notes overdue, then the lowest rating (not
 * rated last), then the fewest visits completed, then the name.
 */
export const clinicianWorstFirst: Compare<HealthRow<ClinicianHealthCounts> & ClinicianHealthExtra> = (a, b) =>
  b.current.missedVisits - a.current.missedVisits ||
  b.current.notesOverdue - a.current.notesOverdue ||
  nullsLast(a.rating || null, b.rating || null, true) ||
  a.current.completedVisits - b.current.completedVisits ||
  byName(a, b);

/**
 * An organization's open visits, worst first: the most without a clinician within the distance, then the most
 * open visits, then the name.
 */
export const operationsWorstFirst: Compare<HealthRow<OperationsHealthCounts>> = (a, b) =>
  b.current.coverageMismatch - a.current.coverageMismatch ||
  b.current.openVisits - a.current.openVisits ||
  byName(a, b);

/** The sorts every health report takes besides its figures: worst first (the default) and the name. */
export const HEALTH_BASE_SORTS = ['health', 'name'] as const;
/** The clinician report's own further sorts. */
export const CLINICIAN_HEALTH_EXTRA_SORTS = ['rating', 'lastLogin'] as const;

/**
 * Rows in the order asked: `health` is the report's worst first; `name` by name; a figure's key by its value
 * this period (nulls last either way, ties worst first); the clinician's rating and last sign-in likewise.
 */
export function sortHealthRows<C, R extends HealthRow<C>>(
  rows: readonly R[],
  figures: readonly HealthFigure<C>[],
  worstFirst: Compare<R>,
  sort: string,
  descending: boolean,
): R[] {
  const figure = figures.find((f) => f.key === sort);
  const valueOf = (row: R): number | null => {
    if (figure) return healthFigureValue(figure, row.current);
    const extra = row as unknown as Partial<ClinicianHealthExtra>;
    if (sort === 'rating') return extra.rating || null;
    if (sort === 'lastLogin') return extra.lastLogin ? Date.parse(extra.lastLogin) : null;
    return null;
  };
  const compare: Compare<R> =
    sort === 'name'
      ? (a, b) => (descending ? -1 : 1) * byName(a, b) || worstFirst(a, b)
      : figure || sort === 'rating' || sort === 'lastLogin'
        ? (a, b) => nullsLast(valueOf(a), valueOf(b), !descending) || worstFirst(a, b)
        : worstFirst;
  return [...rows].sort(compare);
}
