/**
 * /supplyDemandGap (issue 26, decision 057): where clinicians are short of the visits asked for, by county. A row
 * per county with the visits requested there in a period (by date of service, the dashboard's requested set), how
 * many of them are staffed and how many are not (the gap), against the prior period, and the active clinicians who
 * live there. The visit sets are the dashboard's (metrics.ts); the API answers counts, and every value, its text,
 * its change and the order of the rows are computed here only.
 */
import {
  ACTIVE_PROVIDER_STATUS_ID,
  inVisitSet,
  REQUESTED_VISIT_STATUSES,
  STAFFED_VISIT_STATUSES,
  type MetricClinician,
  type MetricVisit,
  type VisitSet,
} from './metrics';
import type { VisitStatus } from '../visits/visit-status';

const staffed: readonly VisitStatus[] = STAFFED_VISIT_STATUSES;

/** The visits behind the county's visit figures: the dashboard's sets, and the requested that are not staffed. */
export const SUPPLY_DEMAND_VISIT_SETS = {
  requested: { statuses: REQUESTED_VISIT_STATUSES },
  staffed: { statuses: STAFFED_VISIT_STATUSES },
  /** Asked for and nobody on it: published (Active) or expired unstaffed. */
  unstaffed: { statuses: REQUESTED_VISIT_STATUSES.filter((s) => !staffed.includes(s)) },
} as const satisfies Record<string, VisitSet>;

export type SupplyDemandVisitFigure = keyof typeof SUPPLY_DEMAND_VISIT_SETS;

/** Every figure whose records a drawer lists: the visit sets and the county's active clinicians. */
export const SUPPLY_DEMAND_DRILLS = ['requested', 'staffed', 'unstaffed', 'activeClinicians'] as const;
export type SupplyDemandDrill = (typeof SUPPLY_DEMAND_DRILLS)[number];

/** What the API answers for a county over one period. */
export type SupplyDemandCounts = { requested: number; staffed: number };

/** A county's row: its visits in the period and the prior one; its active clinicians today. */
export type SupplyDemandRow = {
  /** The county's 5-digit FIPS code (us-atlas's feature id), or UNKNOWN_COUNTY. */
  county: string;
  /** The two-letter state; null for UNKNOWN_COUNTY. */
  state: string | null;
  /** 'Travis County, TX'. */
  name: string;
  activeClinicians: number;
  current: SupplyDemandCounts;
  prior: SupplyDemandCounts;
};

/** The row of the visits and clinicians whose county cannot be told (no ZIP code, or one off the map). */
export const UNKNOWN_COUNTY = 'unknown';
export const UNKNOWN_COUNTY_NAME = 'County unknown';

/** How many of the worst counties the chart draws. */
export const SUPPLY_DEMAND_CHART_COUNTIES = 10;

type Figure = {
  key: string;
  label: string;
  /** Whether a larger value is better (the change is shown green when it moves that way). */
  higherIsBetter: boolean;
  /** The records behind it; null: a ratio (its parts have their own). */
  drill: SupplyDemandDrill | null;
  /** Whether it has a prior period's value (clinicians are counted as they are today). */
  compared: boolean;
  value: (row: Pick<SupplyDemandRow, 'activeClinicians'>, counts: SupplyDemandCounts) => number | null;
};

/** The gap: requested visits nobody is staffed on. */
export const supplyDemandGap = (c: SupplyDemandCounts): number => c.requested - c.staffed;

/** Visits asked for per active clinician; null with no active clinician (a county with demand and no supply). */
export const visitsPerClinician = (requested: number, clinicians: number): number | null =>
  clinicians === 0 ? null : requested / clinicians;

/** A county's figures, in the table's order. */
export const SUPPLY_DEMAND_FIGURES: readonly Figure[] = [
  {
    key: 'requested',
    label: 'Requested visits',
    higherIsBetter: true,
    drill: 'requested',
    compared: true,
    value: (_, c) => c.requested,
  },
  {
    key: 'staffed',
    label: 'Staffed visits',
    higherIsBetter: true,
    drill: 'staffed',
    compared: true,
    value: (_, c) => c.staffed,
  },
  {
    key: 'unstaffed',
    label: 'Gap (unstaffed)',
    higherIsBetter: false,
    drill: 'unstaffed',
    compared: true,
    value: (_, c) => supplyDemandGap(c),
  },
  {
    key: 'activeClinicians',
    label: 'Active clinicians',
    higherIsBetter: true,
    drill: 'activeClinicians',
    compared: false,
    value: (row) => row.activeClinicians,
  },
  {
    key: 'visitsPerClinician',
    label: 'Visits per clinician',
    higherIsBetter: false,
    drill: null,
    compared: true,
    value: (row, c) => visitsPerClinician(c.requested, row.activeClinicians),
  },
];
export type SupplyDemandFigure = (typeof SUPPLY_DEMAND_FIGURES)[number];
export const SUPPLY_DEMAND_SORTS = ['gap', 'name', ...SUPPLY_DEMAND_FIGURES.map((f) => f.key)] as const;

export const supplyDemandFigure = (key: string): Figure | undefined =>
  SUPPLY_DEMAND_FIGURES.find((f) => f.key === key);

/** A figure's value in a period. */
export const supplyDemandValue = (figure: Figure, row: SupplyDemandRow, period: 'current' | 'prior') =>
  figure.value(row, row[period]);

const whole = new Intl.NumberFormat('en-US');

/** A value as shown: '12', '2.5' visits per clinician, '—' when there is nothing to divide by. */
export function formatSupplyDemand(figure: Figure, value: number | null): string {
  if (value === null) return '—';
  return figure.key === 'visitsPerClinician' ? value.toFixed(1) : whole.format(value);
}

/** The change from the prior period as shown ('+3', '−1.5'); null for clinicians and when either side is '—'. */
export function supplyDemandChange(
  figure: Figure,
  row: SupplyDemandRow,
): { delta: number; text: string; better: boolean | null } | null {
  if (!figure.compared) return null;
  const now = supplyDemandValue(figure, row, 'current');
  const before = supplyDemandValue(figure, row, 'prior');
  if (now === null || before === null) return null;
  const delta = Math.round((now - before) * 10) / 10;
  const size =
    figure.key === 'visitsPerClinician' ? Math.abs(delta).toFixed(1) : whole.format(Math.abs(delta));
  const text = `${delta > 0 ? '+' : delta < 0 ? '−' : '±'}${size}`;
  return { delta, text, better: delta === 0 ? null : delta > 0 === figure.higherIsBetter };
}

/** The counts of a county's visits: the worked examples' evaluator (the API counts the same sets in SQL). */
export function countSupplyDemand(visits: readonly MetricVisit[]): SupplyDemandCounts {
  const n = (set: VisitSet) => visits.filter((v) => inVisitSet(v, set)).length;
  return { requested: n(SUPPLY_DEMAND_VISIT_SETS.requested), staffed: n(SUPPLY_DEMAND_VISIT_SETS.staffed) };
}

/** The active clinicians (provider status 3) among a county's: the worked examples' evaluator. */
export const countActiveClinicians = (clinicians: readonly Pick<MetricClinician, 'providerStatusId'>[]) =>
  clinicians.filter((c) => c.providerStatusId === ACTIVE_PROVIDER_STATUS_ID).length;

/** A county's name as shown: 'Travis County, TX'. */
export const countyLabel = (name: string, state: string | null): string =>
  state ? `${name}, ${state}` : name;

type Compare = (a: SupplyDemandRow, b: SupplyDemandRow) => number;
const byName: Compare = (a, b) => a.name.localeCompare(b.name);

/** Worst first: the largest gap this period, then the name. */
export const supplyDemandWorstFirst: Compare = (a, b) =>
  supplyDemandGap(b.current) - supplyDemandGap(a.current) || byName(a, b);

/** Nulls after every number, whichever way the numbers go. */
const nullsLast = (a: number | null, b: number | null, ascending: boolean): number => {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  return ascending ? a - b : b - a;
};

/**
 * Rows in the order asked: `gap` (the default) worst first; `name` by name; a figure's key by its value this
 * period (nulls last either way, ties worst first).
 */
export function sortSupplyDemandRows(
  rows: readonly SupplyDemandRow[],
  sort: string,
  descending: boolean,
): SupplyDemandRow[] {
  const figure = supplyDemandFigure(sort);
  const compare: Compare =
    sort === 'name'
      ? (a, b) => (descending ? -1 : 1) * byName(a, b) || supplyDemandWorstFirst(a, b)
      : figure
        ? (a, b) =>
            nullsLast(
              supplyDemandValue(figure, a, 'current'),
              supplyDemandValue(figure, b, 'current'),
              !descending,
            ) || supplyDemandWorstFirst(a, b)
        : supplyDemandWorstFirst;
  return [...rows].sort(compare);
}

/**
 * The shade of a county on the map by its gap, 0 (none) to 4 (the largest gaps): a county with no gap is 0, the
 * others split into four steps of the largest gap shown. A pattern besides the colour is the map's legend's
 * number; the table is the map's text alternative.
 */
export function gapShade(gap: number, largestGap: number): 0 | 1 | 2 | 3 | 4 {
  if (gap <= 0 || largestGap <= 0) return 0;
  return Math.min(4, Math.max(1, Math.ceil((gap / largestGap) * 4))) as 1 | 2 | 3 | 4;
}
