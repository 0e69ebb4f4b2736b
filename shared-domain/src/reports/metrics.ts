/**
 * The dashboard's seven metrics (SPEC §9), each defined once as data (decision 046): which records it counts, the
 * date a record is bucketed by, and its unit. The API turns a definition into SQL (only from these fields), the
 * pages and the CSV show what `metricValue` makes of the counts the API answers, and the worked examples in
 * metrics.test.ts evaluate the same definitions over a handful of visits with `countMetric`.
 */
import type { VisitStatus } from '../visits/visit-status';

/** A visit as the metrics read it: one row per visit, its evidence already joined. */
export type MetricVisit = {
  status: VisitStatus;
  nonVisit: boolean;
  /** The organization's calendar date of service, YYYY-MM-DD: the date every visit metric is bucketed by. */
  dateOfService: string;
  /** When the visit was asked for (created). ISO instant. */
  requestedAt: string;
  assignedAt: string | null;
  timeIn: string | null;
  timeOut: string | null;
  /** Checked in and out with EVV taps, every EVV flag on it acknowledged by a reviewer (decision 038). */
  evvVerified: boolean;
  /** When its note was submitted (the latest submission, after any rejection). ISO instant. */
  notesSubmittedAt: string | null;
};

/** A clinician as the utilization metric reads them. */
export type MetricClinician = {
  /** SPEC's provider status id; 3 is Active. */
  providerStatusId: number;
  /** Staffed visits (STAFFED_VISIT_STATUSES, not non-visits) dated in the period. */
  staffedVisitsInPeriod: number;
};

/** The visit facts a set may require to be recorded. */
export const VISIT_EVIDENCE = ['assignedAt', 'timeIn', 'timeOut', 'notesSubmittedAt'] as const;
export type VisitEvidence = (typeof VISIT_EVIDENCE)[number];

/**
 * A set of visits: non-visits never count (SPEC §4); the visit's status is one of `statuses`; each `evidence` is
 * recorded; `evvVerified` when the EVV must be verified.
 */
export type VisitSet = {
  statuses: readonly VisitStatus[];
  evidence?: readonly VisitEvidence[];
  evvVerified?: true;
};

/**
 * A visit that has (or had) a clinician on it: assigned and onwards. Missed is left out (SPEC §4 excludes missed
 * visits from visit counts), and so are the unstaffed Draft, Active and Expired, and Deleted.
 */
export const STAFFED_VISIT_STATUSES = [
  'Staffed',
  'AfterStaffed',
  'VisitOverdue',
  'NotesDue',
  'NotesOverdue',
  'NotesInReview',
  'NotesRejected',
  'NotesApproved',
  'ApprovalDue',
  'FinalReview',
  'LateCanceled',
  'FinalConfirmed',
] as const satisfies readonly VisitStatus[];

/**
 * A visit that was asked for and still is, staffed or not: published (Active), expired unstaffed, or staffed.
 * Expired visits stay in: an expired visit is demand that was not met, and leaving it out would put every past
 * week's staffing rate at 100 % (decision 046 on SPEC's "Expired are excluded from visit counts").
 */
export const REQUESTED_VISIT_STATUSES = [
  'Active',
  'Expired',
  ...STAFFED_VISIT_STATUSES,
] as const satisfies readonly VisitStatus[];

/** Notes approved: the visit's work is complete. */
export const COMPLETED_VISIT_STATUSES = [
  'NotesApproved',
  'ApprovalDue',
  'FinalReview',
  'FinalConfirmed',
] as const satisfies readonly VisitStatus[];

export type MetricUnit = 'percent' | 'hours';

type MetricBase = {
  key: string;
  label: string;
  /** What it answers, in the words shown beside it. */
  description: string;
  unit: MetricUnit;
  /** Whether a larger value is better (the change is shown green when it moves that way). */
  higherIsBetter: boolean;
};

/** The share of a set of visits that is in a smaller set; the numerator is the denominator and more. */
export type VisitRatioMetric = MetricBase & {
  kind: 'visitRatio';
  unit: 'percent';
  denominator: VisitSet;
  numerator: VisitSet;
  numeratorLabel: string;
  denominatorLabel: string;
};

/** The average time from one recorded moment of a visit to a later one, over a set of visits. */
export type VisitDurationMetric = MetricBase & {
  kind: 'visitAverageHours';
  unit: 'hours';
  over: VisitSet;
  from: 'requestedAt' | 'timeOut';
  to: 'assignedAt' | 'notesSubmittedAt';
  overLabel: string;
};

/** The share of active clinicians who had a staffed visit in the period. */
export type ClinicianRatioMetric = MetricBase & {
  kind: 'clinicianRatio';
  unit: 'percent';
  numeratorLabel: string;
  denominatorLabel: string;
};

export type MetricDefinition = VisitRatioMetric | VisitDurationMetric | ClinicianRatioMetric;

const STAFFED: VisitSet = { statuses: STAFFED_VISIT_STATUSES };
const REQUESTED: VisitSet = { statuses: REQUESTED_VISIT_STATUSES };
const CHECKED_OUT: VisitSet = { statuses: STAFFED_VISIT_STATUSES, evidence: ['timeIn', 'timeOut'] };

/** SPEC §9's dashboard metrics, in its order. */
export const DASHBOARD_METRICS = [
  {
    key: 'staffingRate',
    kind: 'visitRatio',
    label: 'Staffing rate',
    description: 'Requested visits that have a clinician.',
    unit: 'percent',
    higherIsBetter: true,
    denominator: REQUESTED,
    numerator: STAFFED,
    numeratorLabel: 'Staffed visits',
    denominatorLabel: 'Requested visits',
  },
  {
    key: 'utilizationRate',
    kind: 'clinicianRatio',
    label: 'Utilization rate',
    description: 'Active clinicians who had at least one staffed visit.',
    unit: 'percent',
    higherIsBetter: true,
    numeratorLabel: 'Clinicians with a visit',
    denominatorLabel: 'Active clinicians',
  },
  {
    key: 'verificationRate',
    kind: 'visitRatio',
    label: 'Verification rate',
    description: 'Checked-out visits whose EVV is verified: both taps recorded, every flag acknowledged.',
    unit: 'percent',
    higherIsBetter: true,
    denominator: CHECKED_OUT,
    numerator: { ...CHECKED_OUT, evvVerified: true },
    numeratorLabel: 'EVV-verified visits',
    denominatorLabel: 'Checked-out visits',
  },
  {
    key: 'completionRate',
    kind: 'visitRatio',
    label: 'Completion rate',
    description: 'Staffed visits whose notes are approved.',
    unit: 'percent',
    higherIsBetter: true,
    denominator: STAFFED,
    numerator: { statuses: COMPLETED_VISIT_STATUSES },
    numeratorLabel: 'Completed visits',
    denominatorLabel: 'Staffed visits',
  },
  {
    key: 'fillRate',
    kind: 'visitRatio',
    label: 'Fill rate',
    description: 'Requested visits a clinician actually came to (checked in).',
    unit: 'percent',
    higherIsBetter: true,
    denominator: REQUESTED,
    numerator: { statuses: STAFFED_VISIT_STATUSES, evidence: ['timeIn'] },
    numeratorLabel: 'Visits checked in',
    denominatorLabel: 'Requested visits',
  },
  {
    key: 'staffingDelay',
    kind: 'visitAverageHours',
    label: 'Staffing delay',
    description: 'Average time from a visit being requested to a clinician being assigned.',
    unit: 'hours',
    higherIsBetter: false,
    over: { statuses: STAFFED_VISIT_STATUSES, evidence: ['assignedAt'] },
    from: 'requestedAt',
    to: 'assignedAt',
    overLabel: 'Staffed visits',
  },
  {
    key: 'averageCompletionTime',
    kind: 'visitAverageHours',
    label: 'Average completion time',
    description: "Average time from a visit's check-out to its note being submitted.",
    unit: 'hours',
    higherIsBetter: false,
    over: { statuses: STAFFED_VISIT_STATUSES, evidence: ['timeOut', 'notesSubmittedAt'] },
    from: 'timeOut',
    to: 'notesSubmittedAt',
    overLabel: 'Visits with a submitted note',
  },
] as const satisfies readonly MetricDefinition[];

export type DashboardMetricKey = (typeof DASHBOARD_METRICS)[number]['key'];
export const DASHBOARD_METRIC_KEYS = DASHBOARD_METRICS.map((m) => m.key) as DashboardMetricKey[];

export function dashboardMetric(key: string): MetricDefinition | undefined {
  return (DASHBOARD_METRICS as readonly MetricDefinition[]).find((m) => m.key === key);
}

/** Whether a visit is in a set. */
export function inVisitSet(visit: MetricVisit, set: VisitSet): boolean {
  if (visit.nonVisit) return false;
  if (!set.statuses.includes(visit.status)) return false;
  if (set.evidence?.some((field) => visit[field] === null)) return false;
  if (set.evvVerified && !visit.evvVerified) return false;
  return true;
}

/**
 * What the API answers for a metric over a period: for a ratio its two counts; for an average the number of
 * visits and their total hours.
 */
export type MetricCounts = { numerator: number; denominator: number };

/** The metric's value from its counts: a percentage, or hours (null when there is nothing to measure). */
export function metricValue(metric: MetricDefinition, counts: MetricCounts): number | null {
  if (counts.denominator === 0) return null;
  const value = counts.numerator / counts.denominator;
  return metric.unit === 'percent' ? value * 100 : value;
}

const HOUR_MS = 3_600_000;

/** The counts of a metric over visits (and clinicians): the worked examples' and the tests' evaluator. */
export function countMetric(
  metric: MetricDefinition,
  visits: readonly MetricVisit[],
  clinicians: readonly MetricClinician[] = [],
): MetricCounts {
  switch (metric.kind) {
    case 'visitRatio':
      return {
        numerator: visits.filter((v) => inVisitSet(v, metric.denominator) && inVisitSet(v, metric.numerator))
          .length,
        denominator: visits.filter((v) => inVisitSet(v, metric.denominator)).length,
      };
    case 'visitAverageHours': {
      const over = visits.filter((v) => inVisitSet(v, metric.over));
      const hours = over.reduce(
        (sum, v) => sum + (Date.parse(v[metric.to]!) - Date.parse(v[metric.from]!)) / HOUR_MS,
        0,
      );
      return { numerator: hours, denominator: over.length };
    }
    case 'clinicianRatio': {
      const active = clinicians.filter((c) => c.providerStatusId === ACTIVE_PROVIDER_STATUS_ID);
      return {
        numerator: active.filter((c) => c.staffedVisitsInPeriod > 0).length,
        denominator: active.length,
      };
    }
  }
}

/** SPEC's provider status id 3 (Active): the clinicians the utilization rate counts. */
export const ACTIVE_PROVIDER_STATUS_ID = 3;

/** A metric's value as shown: "87.5 %", "26.3 h", "—" when there is nothing to measure. */
export function formatMetricValue(metric: MetricDefinition, value: number | null): string {
  if (value === null) return '—';
  return metric.unit === 'percent' ? `${value.toFixed(1)} %` : `${value.toFixed(1)} h`;
}

/**
 * The change from the prior period, as shown: percentage points for a rate, hours for a time; null when either
 * period has nothing to measure.
 */
export function metricChange(
  metric: MetricDefinition,
  current: number | null,
  prior: number | null,
): { delta: number; text: string; better: boolean | null } | null {
  if (current === null || prior === null) return null;
  const delta = Math.round((current - prior) * 10) / 10;
  const sign = delta > 0 ? '+' : delta < 0 ? '−' : '±';
  const size = Math.abs(delta).toFixed(1);
  const text = metric.unit === 'percent' ? `${sign}${size} pts` : `${sign}${size} h`;
  const better = delta === 0 ? null : delta > 0 === metric.higherIsBetter;
  return { delta, text, better };
}
