/**
 * The funnel reports (issue 26, decision 053): each funnel is a definition here, once — its subject (visits,
 * service requests, patients, organizations, clinicians, messages), the date its records are bucketed by, and its
 * ordered stages, each with the rule in words (the decision note's and the page's "how counted" text), the key the
 * API turns into SQL (only from a fixed map per key, never from text), the test the worked examples evaluate, and
 * the recorded moment a record reached it (when the product records one). Stages are nested: a record is in stage
 * k when it meets the rules of stages 1..k, so a stage's drill-down lists exactly its count and the conversion
 * from the previous stage is never above 100 %. The API answers counts and median hours; the conversion, its text
 * and the change from the prior period are computed here only (`funnelFigures`), for the page and the CSV alike.
 */
import { PROVIDER_ONBOARD_STEPS } from '../onboarding';
import type { VisitStatus } from '../visits/visit-status';
import { COMPLETED_VISIT_STATUSES, REQUESTED_VISIT_STATUSES, STAFFED_VISIT_STATUSES } from './metrics';

/** SPEC §9 "visit funnel coverage 5": miles from a requested visit within which a clinician covers it. */
export const VISIT_FUNNEL_COVERAGE_MILES = 5;

export const FUNNEL_KEYS = [
  'visitFunnel',
  'episodeFunnel',
  'patientFunnel',
  'referralSourceFunnel',
  'referralSourceConversion',
  'providerFunnel',
  'communicationFunnel',
] as const;
export type FunnelKey = (typeof FUNNEL_KEYS)[number];

export type FunnelSubject = 'visits' | 'episodes' | 'patients' | 'organizations' | 'clinicians' | 'messages';

/** The facts a worked example gives a record: whatever its funnel's stage tests read. */
export type FunnelFacts = Record<string, unknown>;

export type FunnelStage = {
  /** The stage's id in the URL and the API's answer; also the key of its SQL condition. */
  id: string;
  label: string;
  /** The rule in words: what a record must meet (besides the earlier stages' rules) to be in this stage. */
  rule: string;
  /** The worked examples' evaluator of `rule` over one record's facts. */
  test: (facts: FunnelFacts) => boolean;
  /** The fact holding the instant the record reached the stage (ISO), when the product records it. */
  reachedAt?: string;
};

export type FunnelDefinition = {
  key: FunnelKey;
  /** The mf-reports route. */
  path: `/${FunnelKey}`;
  title: string;
  subject: FunnelSubject;
  /** What the period selects, in words: the date a record is bucketed by. */
  bucketedBy: string;
  /** Which filters apply (the others are not recorded for the subject; the page hides them). */
  filters: readonly ('referralSourceId' | 'state' | 'providerTypeId')[];
  stages: readonly FunnelStage[];
  /** What the product does not record that the funnel would otherwise use. */
  notRecorded: string;
};

const isIn = (list: readonly string[], value: unknown) => typeof value === 'string' && list.includes(value);
const REQUESTED = REQUESTED_VISIT_STATUSES as readonly VisitStatus[];
const STAFFED = STAFFED_VISIT_STATUSES as readonly VisitStatus[];
const COMPLETED = COMPLETED_VISIT_STATUSES as readonly VisitStatus[];
const ALL_FILTERS = ['referralSourceId', 'state', 'providerTypeId'] as const;
const stepIndex = (step: unknown) =>
  PROVIDER_ONBOARD_STEPS.indexOf(step as (typeof PROVIDER_ONBOARD_STEPS)[number]);

/**
 * A visit as the visit funnel reads it: `status`, `nonVisit`, `requestedAt`, `assignedAt`, `timeIn`,
 * `nearestClinicianMiles` (the nearest active clinician of its provider type, null when none or no place).
 */
const requestedVisit: FunnelStage = {
  id: 'requested',
  label: 'Requested',
  rule: 'Not a non-visit, status Active, Expired or a staffed status (Draft, Deleted and Missed do not count).',
  test: (v) => v.nonVisit !== true && isIn(REQUESTED, v.status),
  reachedAt: 'requestedAt',
};
const staffedVisit: FunnelStage = {
  id: 'staffed',
  label: 'Staffed',
  rule: 'A clinician is (or was) on it: a staffed status (Staffed onwards, Missed excluded).',
  test: (v) => isIn(STAFFED, v.status),
  reachedAt: 'assignedAt',
};
const completedVisit: FunnelStage = {
  id: 'completed',
  label: 'Completed',
  rule: 'Its notes are approved: NotesApproved, ApprovalDue, FinalReview or FinalConfirmed.',
  test: (v) => isIn(COMPLETED, v.status),
};

export const FUNNELS: readonly FunnelDefinition[] = [
  {
    key: 'visitFunnel',
    path: '/visitFunnel',
    title: 'Visit funnel',
    subject: 'visits',
    bucketedBy: "The visit's date of service (its organization's calendar).",
    filters: ALL_FILTERS,
    stages: [
      requestedVisit,
      {
        id: 'covered',
        label: `Covered within ${VISIT_FUNNEL_COVERAGE_MILES} miles`,
        rule: `A clinician is on it, or an active clinician of its provider type has a preferred point within ${VISIT_FUNNEL_COVERAGE_MILES} miles of the visit.`,
        test: (v) =>
          isIn(STAFFED, v.status) ||
          (typeof v.nearestClinicianMiles === 'number' &&
            v.nearestClinicianMiles <= VISIT_FUNNEL_COVERAGE_MILES),
      },
      staffedVisit,
      {
        id: 'checkedIn',
        label: 'Checked in',
        rule: 'A check-in time is recorded.',
        test: (v) => typeof v.timeIn === 'string',
        reachedAt: 'timeIn',
      },
      completedVisit,
    ],
    notRecorded:
      "Coverage is judged against today's active clinicians and their preferred points (their history is not kept); notes approval has no recorded instant, so Completed has no time in stage.",
  },
  {
    key: 'episodeFunnel',
    path: '/episodeFunnel',
    title: 'Service request funnel',
    subject: 'episodes',
    bucketedBy:
      'The day the service request was created (the filtered organization’s calendar, else Central).',
    filters: ALL_FILTERS,
    stages: [
      {
        id: 'created',
        label: 'Created',
        rule: 'Any status but Deleted.',
        test: (e) => e.status !== 'Deleted',
        reachedAt: 'createdAt',
      },
      {
        id: 'published',
        label: 'Published',
        rule: 'A publish instant is recorded.',
        test: (e) => typeof e.publishedAt === 'string',
        reachedAt: 'publishedAt',
      },
      {
        id: 'staffed',
        label: 'A visit staffed',
        rule: 'At least one of its visits (not a non-visit) has a staffed status.',
        test: (e) => Number(e.staffedVisits) > 0,
        reachedAt: 'firstAssignedAt',
      },
      {
        id: 'completed',
        label: 'A visit completed',
        rule: 'At least one of its visits has its notes approved.',
        test: (e) => Number(e.completedVisits) > 0,
      },
    ],
    notRecorded: 'A service request records no instant for Hold or Completed; notes approval has no instant.',
  },
  {
    key: 'patientFunnel',
    path: '/patientFunnel',
    title: 'Patient funnel',
    subject: 'patients',
    bucketedBy: 'The day the patient was created (the filtered organization’s calendar, else Central).',
    filters: ALL_FILTERS,
    stages: [
      { id: 'created', label: 'Created', rule: 'Every patient.', test: () => true, reachedAt: 'createdAt' },
      {
        id: 'requested',
        label: 'Service request',
        rule: 'Has a service request that is not Deleted (of the provider type filtered).',
        test: (p) => Number(p.episodes) > 0,
        reachedAt: 'firstEpisodeAt',
      },
      {
        id: 'staffed',
        label: 'A visit staffed',
        rule: 'Has a visit (not a non-visit) with a staffed status.',
        test: (p) => Number(p.staffedVisits) > 0,
        reachedAt: 'firstAssignedAt',
      },
      {
        id: 'completed',
        label: 'A visit completed',
        rule: 'Has a visit whose notes are approved.',
        test: (p) => Number(p.completedVisits) > 0,
      },
    ],
    notRecorded: 'Intake before the patient record (referral calls, faxes) is not recorded.',
  },
  {
    key: 'referralSourceFunnel',
    path: '/referralSourceFunnel',
    title: 'Organization funnel',
    subject: 'organizations',
    bucketedBy:
      'Active organizations as they are today; the visit stages count visits dated in the period (their calendar).',
    filters: ['referralSourceId', 'state'],
    stages: [
      { id: 'active', label: 'Active', rule: 'Status ACTIVE.', test: (o) => o.status === 'ACTIVE' },
      {
        id: 'onboarded',
        label: 'Onboarded',
        rule: 'Its onboarding step is Done.',
        test: (o) => o.onboardStep === 'Done',
      },
      {
        id: 'requested',
        label: 'Asked for visits',
        rule: 'A requested visit dated in the period.',
        test: (o) => Number(o.requestedVisits) > 0,
      },
      {
        id: 'staffed',
        label: 'A visit staffed',
        rule: 'A staffed visit dated in the period.',
        test: (o) => Number(o.staffedVisits) > 0,
      },
      {
        id: 'completed',
        label: 'A visit completed',
        rule: 'A visit dated in the period with its notes approved.',
        test: (o) => Number(o.completedVisits) > 0,
      },
    ],
    notRecorded: 'Onboarding steps have no recorded instants, so the stages have no time in stage.',
  },
  {
    key: 'referralSourceConversion',
    path: '/referralSourceConversion',
    title: 'Organization conversion',
    subject: 'visits',
    bucketedBy: "The visit's date of service (its organization's calendar); one row per organization.",
    filters: ALL_FILTERS,
    stages: [requestedVisit, staffedVisit, completedVisit],
    notRecorded: 'Notes approval has no recorded instant.',
  },
  {
    key: 'providerFunnel',
    path: '/providerFunnel',
    title: 'Clinician funnel',
    subject: 'clinicians',
    bucketedBy:
      "The day the clinician's record was created (Central calendar); the state is the clinician's.",
    filters: ['state', 'providerTypeId'],
    stages: [
      {
        id: 'signedUp',
        label: 'Signed up',
        rule: 'Every clinician.',
        test: () => true,
        reachedAt: 'createdAt',
      },
      {
        id: 'agreement',
        label: 'Agreement signed',
        rule: 'Onboarding step past Contract (Rates or later).',
        test: (c) => stepIndex(c.onboardStep) >= 1,
      },
      {
        id: 'credentials',
        label: 'Credentials sent',
        rule: 'Onboarding step Background or later.',
        test: (c) => stepIndex(c.onboardStep) >= PROVIDER_ONBOARD_STEPS.indexOf('Background'),
      },
      {
        id: 'onboarded',
        label: 'Onboarded',
        rule: 'Onboarding step Done.',
        test: (c) => c.onboardStep === 'Done',
      },
      {
        id: 'staffed',
        label: 'First visit',
        rule: 'Has (or had) a staffed visit.',
        test: (c) => Number(c.staffedVisits) > 0,
        reachedAt: 'firstAssignedAt',
      },
    ],
    notRecorded: 'The onboarding step is kept as the current step only, with no instant per step.',
  },
  {
    key: 'communicationFunnel',
    path: '/communicationFunnel',
    title: 'Communication funnel',
    subject: 'messages',
    bucketedBy: 'The day the message was queued in the outbox (Central calendar).',
    filters: [],
    stages: [
      {
        id: 'queued',
        label: 'Queued',
        rule: 'Every outbox message.',
        test: () => true,
        reachedAt: 'createdAt',
      },
      {
        id: 'attempted',
        label: 'Attempted',
        rule: 'At least one delivery attempt made.',
        test: (m) => Number(m.attempts) > 0 || m.status === 'SENT',
      },
      {
        id: 'sent',
        label: 'Sent',
        rule: 'Status SENT (handed to the mail or SMS provider).',
        test: (m) => m.status === 'SENT',
        reachedAt: 'sentAt',
      },
    ],
    notRecorded:
      'Delivery and opening receipts are not recorded, and the outbox records no organization or provider type (those filters do not apply).',
  },
];

export function funnelDefinition(key: string): FunnelDefinition | undefined {
  return FUNNELS.find((f) => f.key === key);
}

/** The stage a record reaches last: -1 none; k when it meets stages 0..k. */
export function funnelDepth(funnel: FunnelDefinition, facts: FunnelFacts): number {
  let depth = -1;
  for (const stage of funnel.stages) {
    if (!stage.test(facts)) break;
    depth += 1;
  }
  return depth;
}

const HOUR_MS = 3_600_000;

/** The median of numbers (PostgreSQL's percentile_cont(0.5)); null when there are none. */
export function funnelMedian(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = (sorted.length - 1) / 2;
  return (sorted[Math.floor(mid)]! + sorted[Math.ceil(mid)]!) / 2;
}

/**
 * The moment time in a stage is measured from: the latest earlier stage with a recorded moment (none: null).
 */
export function stageSince(funnel: FunnelDefinition, index: number): FunnelStage | null {
  for (let i = index - 1; i >= 0; i--) if (funnel.stages[i]!.reachedAt) return funnel.stages[i]!;
  return null;
}

/** What the API answers per stage and period. */
export type FunnelStageCounts = { count: number; medianHours: number | null };

/** The counts of a funnel over records: the worked examples' evaluator (the SQL's twin). */
export function countFunnel(funnel: FunnelDefinition, records: readonly FunnelFacts[]): FunnelStageCounts[] {
  return funnel.stages.map((stage, index) => {
    const inStage = records.filter((r) => funnelDepth(funnel, r) >= index);
    const since = stageSince(funnel, index);
    const hours =
      stage.reachedAt && since?.reachedAt
        ? inStage.flatMap((r) => {
            const from = r[since.reachedAt!];
            const to = r[stage.reachedAt!];
            if (typeof from !== 'string' || typeof to !== 'string') return [];
            return [(Date.parse(to) - Date.parse(from)) / HOUR_MS];
          })
        : [];
    return { count: inStage.length, medianHours: funnelMedian(hours) };
  });
}

/** Conversion from the previous stage, percent; null for the first stage or when the previous has none. */
export function stageConversion(counts: readonly { count: number }[], index: number): number | null {
  if (index === 0) return null;
  const before = counts[index - 1]!.count;
  return before === 0 ? null : (counts[index]!.count / before) * 100;
}

export type FunnelStageFigure = {
  id: string;
  label: string;
  count: number;
  priorCount: number;
  conversion: number | null;
  priorConversion: number | null;
  medianHours: number | null;
  /** '+3', '−1', '±0'. */
  change: string;
  conversionText: string;
};

const whole = new Intl.NumberFormat('en-US');
const signed = (delta: number) =>
  `${delta > 0 ? '+' : delta < 0 ? '−' : '±'}${whole.format(Math.abs(delta))}`;

/** The figures a page and its CSV show per stage, from the API's counts for both periods. */
export function funnelFigures(
  funnel: FunnelDefinition,
  current: readonly FunnelStageCounts[],
  prior: readonly FunnelStageCounts[],
): FunnelStageFigure[] {
  return funnel.stages.map((stage, i) => {
    const conversion = stageConversion(current, i);
    return {
      id: stage.id,
      label: stage.label,
      count: current[i]?.count ?? 0,
      priorCount: prior[i]?.count ?? 0,
      conversion,
      priorConversion: stageConversion(prior, i),
      medianHours: current[i]?.medianHours ?? null,
      change: signed((current[i]?.count ?? 0) - (prior[i]?.count ?? 0)),
      conversionText: conversion === null ? '—' : `${conversion.toFixed(1)} %`,
    };
  });
}

/**
 * An organization's conversion on /referralSourceConversion: its last stage's count over its first's, percent
 * (null when it has none requested). The API orders its rows by it, worst first; the page sorts by it.
 */
export function organizationConversion(counts: readonly number[]): number | null {
  const first = counts[0] ?? 0;
  return first === 0 ? null : ((counts[counts.length - 1] ?? 0) / first) * 100;
}

/** Worst first: the lowest conversion, then the most requested, then the name. */
export function compareOrganizationConversion(
  a: { counts: readonly number[]; organizationName: string },
  b: { counts: readonly number[]; organizationName: string },
): number {
  const ca = organizationConversion(a.counts) ?? -1;
  const cb = organizationConversion(b.counts) ?? -1;
  return (
    ca - cb || (b.counts[0] ?? 0) - (a.counts[0] ?? 0) || a.organizationName.localeCompare(b.organizationName)
  );
}
