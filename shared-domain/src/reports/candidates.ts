/**
 * /candidateReport and /candidatePageView (issue 26, decision 058): the clinician candidate pipeline, invitations
 * as cohorts, from invited to onboarded (and a first visit staffed), and the page views of the public candidate
 * pages, recorded without cookies. Every figure is a set of records computed here, once: the API counts it and
 * pages the same set for its drill-down, so a drill-down's total is its figure by construction; the page and the
 * CSV show what the API answered.
 */
import { PROVIDER_ONBOARD_STEPS, providerOnboardStepLabel, type ProviderOnboardStep } from '../onboarding';
import { funnelMedian, stageConversion } from './funnels';

// ---------------------------------------------------------------- the candidate pipeline (/candidateReport)

/** The stages, nested: a candidate is in stage k when it meets the rules of stages 1..k. */
export const CANDIDATE_STAGE_KEYS = [
  'invited',
  'registered',
  'rates',
  'profile',
  'credentials',
  'background',
  'moreCredentials',
  'onboarded',
  'firstVisit',
] as const;
export type CandidateStage = (typeof CANDIDATE_STAGE_KEYS)[number];

/** Every figure that opens a list: each stage, and the invitations that expired unregistered. */
export const CANDIDATE_FIGURE_KEYS = [...CANDIDATE_STAGE_KEYS, 'expired'] as const;
export type CandidateFigure = (typeof CANDIDATE_FIGURE_KEYS)[number];

/** The onboarding step each step stage stands for (Contract is the step every invited clinician starts at). */
const STEP_OF: Partial<Record<CandidateStage, ProviderOnboardStep>> = {
  rates: 'Rates',
  profile: 'Profile',
  credentials: 'Credentials',
  background: 'Background',
  moreCredentials: 'MoreCredentials',
  onboarded: 'Done',
};

/** A candidate: one invitation and its clinician as they are now. Instants are ISO text. */
export type CandidateRow = {
  invitationId: number;
  providerId: number;
  name: string;
  providerTypeId: number;
  providerTypeName: string;
  onboardStep: string;
  /** The invitation's created_at. */
  invitedAt: string;
  /** invitedAt's day on the report's calendar (Central), YYYY-MM-DD: the cohort it belongs to. */
  invitedDay: string;
  expiresAt: string;
  /** accepted_at: the clinician registered from the link. */
  registeredAt: string | null;
  invitedByName: string | null;
  /** Whether the clinician has (or had) a staffed visit. */
  staffed: boolean;
};

const stepIndex = (step: string) => PROVIDER_ONBOARD_STEPS.indexOf(step as ProviderOnboardStep);

export const CANDIDATE_STAGES: readonly { id: CandidateStage; label: string; rule: string }[] =
  CANDIDATE_STAGE_KEYS.map((id) => {
    const step = STEP_OF[id];
    if (id === 'invited') return { id, label: 'Invited', rule: 'Every invitation sent in the period.' };
    if (id === 'registered')
      return { id, label: 'Registered', rule: 'The clinician registered from the link (accepted).' };
    if (id === 'firstVisit')
      return { id, label: 'First visit staffed', rule: 'The clinician has (or had) a staffed visit.' };
    return {
      id,
      label: step === 'Done' ? 'Onboarded' : `Reached ${providerOnboardStepLabel(step!)}`,
      rule:
        step === 'Done'
          ? 'Onboarding step Done.'
          : `Onboarding step ${step} or later (${PROVIDER_ONBOARD_STEPS.join(' → ')}).`,
    };
  });

const STAGE_TESTS: Record<CandidateStage, (c: CandidateRow) => boolean> = Object.fromEntries(
  CANDIDATE_STAGE_KEYS.map((id) => {
    const step = STEP_OF[id];
    const test =
      id === 'invited'
        ? () => true
        : id === 'registered'
          ? (c: CandidateRow) => c.registeredAt !== null
          : id === 'firstVisit'
            ? (c: CandidateRow) => c.staffed
            : (c: CandidateRow) => stepIndex(c.onboardStep) >= stepIndex(step!);
    return [id, test];
  }),
) as Record<CandidateStage, (c: CandidateRow) => boolean>;

/** The index of the deepest stage a candidate is in (every earlier stage's rule met too). */
export function candidateDepth(c: CandidateRow): number {
  let depth = 0;
  while (depth + 1 < CANDIDATE_STAGE_KEYS.length && STAGE_TESTS[CANDIDATE_STAGE_KEYS[depth + 1]!](c)) depth++;
  return depth;
}

/** Expired unregistered: never registered, and its link's expiry is at or before `asOf`. */
export const candidateExpired = (c: CandidateRow, asOf: string): boolean =>
  c.registeredAt === null && Date.parse(c.expiresAt) <= Date.parse(asOf);

/** Whether a candidate counts in a figure. */
export function inCandidateFigure(c: CandidateRow, figure: CandidateFigure, asOf: string): boolean {
  if (figure === 'expired') return candidateExpired(c, asOf);
  return candidateDepth(c) >= CANDIDATE_STAGE_KEYS.indexOf(figure);
}

const HOUR_MS = 3_600_000;

/** Median hours from the invitation to the registration, over the candidates who registered; null for none. */
export function medianHoursToRegister(candidates: readonly CandidateRow[]): number | null {
  return funnelMedian(
    candidates.flatMap((c) =>
      c.registeredAt === null ? [] : [(Date.parse(c.registeredAt) - Date.parse(c.invitedAt)) / HOUR_MS],
    ),
  );
}

export type CandidateCounts = Record<CandidateFigure, number>;

export function candidateCounts(candidates: readonly CandidateRow[], asOf: string): CandidateCounts {
  return Object.fromEntries(
    CANDIDATE_FIGURE_KEYS.map((f) => [f, candidates.filter((c) => inCandidateFigure(c, f, asOf)).length]),
  ) as CandidateCounts;
}

export type CandidateStageFigure = {
  id: CandidateFigure;
  label: string;
  rule: string;
  count: number;
  priorCount: number;
  /** Percent of the stage before (null for the first stage, expired, or none before). */
  conversion: number | null;
  priorConversion: number | null;
};

/** The stages' figures for the period and the prior one, then the expired-unregistered figure. */
export function candidateStageFigures(
  current: readonly CandidateRow[],
  prior: readonly CandidateRow[],
  asOf: string,
): CandidateStageFigure[] {
  const now = candidateCounts(current, asOf);
  const before = candidateCounts(prior, asOf);
  const counts = (c: CandidateCounts) => CANDIDATE_STAGE_KEYS.map((k) => ({ count: c[k] }));
  const stages = CANDIDATE_STAGES.map((s, i) => ({
    id: s.id as CandidateFigure,
    label: s.label,
    rule: s.rule,
    count: now[s.id],
    priorCount: before[s.id],
    conversion: stageConversion(counts(now), i),
    priorConversion: stageConversion(counts(before), i),
  }));
  const expiredShare = (c: CandidateCounts) => (c.invited === 0 ? null : (c.expired / c.invited) * 100);
  return [
    ...stages,
    {
      id: 'expired',
      label: 'Expired unregistered',
      rule: 'Not registered, and the link has expired (a share of Invited).',
      count: now.expired,
      priorCount: before.expired,
      conversion: expiredShare(now),
      priorConversion: expiredShare(before),
    },
  ];
}

/** A provider type's row of the report. */
export type CandidateGroup = {
  providerTypeId: number;
  providerTypeName: string;
  invited: number;
  registered: number;
  onboarded: number;
  firstVisit: number;
  expired: number;
  /** onboarded ÷ invited; null for none invited. */
  onboardedRate: number | null;
  medianHoursToRegister: number | null;
  priorInvited: number;
  priorOnboardedRate: number | null;
};

const rate = (part: number, whole: number) => (whole === 0 ? null : part / whole);

/**
 * A row per provider type invited in either period, worst first: the lowest onboarded rate (none invited this
 * period last), then the most expired, then the most invited, then the name.
 */
export function candidateGroups(
  current: readonly CandidateRow[],
  prior: readonly CandidateRow[],
  asOf: string,
): CandidateGroup[] {
  const names = new Map<number, string>();
  for (const c of [...current, ...prior]) names.set(c.providerTypeId, c.providerTypeName);
  const rows = [...names].map(([providerTypeId, providerTypeName]) => {
    const mine = current.filter((c) => c.providerTypeId === providerTypeId);
    const before = prior.filter((c) => c.providerTypeId === providerTypeId);
    const now = candidateCounts(mine, asOf);
    const then = candidateCounts(before, asOf);
    return {
      providerTypeId,
      providerTypeName,
      invited: now.invited,
      registered: now.registered,
      onboarded: now.onboarded,
      firstVisit: now.firstVisit,
      expired: now.expired,
      onboardedRate: rate(now.onboarded, now.invited),
      medianHoursToRegister: medianHoursToRegister(mine),
      priorInvited: then.invited,
      priorOnboardedRate: rate(then.onboarded, then.invited),
    };
  });
  return rows.sort(
    (a, b) =>
      (a.onboardedRate ?? 2) - (b.onboardedRate ?? 2) ||
      b.expired - a.expired ||
      b.invited - a.invited ||
      a.providerTypeName.localeCompare(b.providerTypeName),
  );
}

/** The candidates behind a figure (of one provider type when given), in the order invited. */
export function candidatesBehind(
  candidates: readonly CandidateRow[],
  figure: CandidateFigure,
  asOf: string,
  providerTypeId?: number,
): CandidateRow[] {
  return candidates
    .filter(
      (c) =>
        (providerTypeId === undefined || c.providerTypeId === providerTypeId) &&
        inCandidateFigure(c, figure, asOf),
    )
    .sort((a, b) => a.invitedAt.localeCompare(b.invitedAt) || a.invitationId - b.invitationId);
}

// ---------------------------------------------------------------- page views (/candidatePageView)

/** The public candidate pages whose views are recorded (the beacon refuses any other). */
export const CANDIDATE_PAGES = ['/register'] as const;
export type CandidatePage = (typeof CANDIDATE_PAGES)[number];

/** How long a view is kept (decision 058): a year and a month, so a year compares with the one before it. */
export const PAGE_VIEW_KEEP_DAYS = 400;

/** A view as the report reads it: no personal data is stored, the visitor is a daily hash. */
export type PageViewRow = {
  id: number;
  page: string;
  /** The view's day (Central), YYYY-MM-DD. */
  day: string;
  /** sha256 of the day's salt, the client address and the user agent: one visitor on one day. */
  visitorHash: string;
  referrerHost: string | null;
  source: string | null;
  withInvitation: boolean;
  createdAt: string;
};

/** Where a view came from: its utm_source, else its referrer's host, else direct. */
export function pageViewChannel(v: { source: string | null; referrerHost: string | null }): string {
  if (v.source) return `utm:${v.source}`;
  if (v.referrerHost) return `ref:${v.referrerHost}`;
  return 'direct';
}

/** A channel as people read it. */
export function pageViewChannelLabel(channel: string): string {
  if (channel.startsWith('utm:')) return `${channel.slice(4)} (utm_source)`;
  if (channel.startsWith('ref:')) return `${channel.slice(4)} (referrer)`;
  return 'Direct (no referrer)';
}

/** Which views a figure reads: a day, a page, a channel (all optional). */
export type PageViewSlice = { day?: string; page?: string; channel?: string };

const inSlice = (v: PageViewRow, s: PageViewSlice) =>
  (s.day === undefined || v.day === s.day) &&
  (s.page === undefined || v.page === s.page) &&
  (s.channel === undefined || pageViewChannel(v) === s.channel);

export type PageViewCounts = { views: number; visitors: number };

/**
 * Views, and unique visitors: distinct visitors per day, summed over the days (a visitor cannot be followed
 * from one day to the next, by design, so a visitor of two days counts twice).
 */
export function pageViewCounts(views: readonly PageViewRow[], slice: PageViewSlice = {}): PageViewCounts {
  const mine = views.filter((v) => inSlice(v, slice));
  return { views: mine.length, visitors: new Set(mine.map((v) => `${v.day}|${v.visitorHash}`)).size };
}

/** The views behind a figure: `views` every view of the slice (latest first); `visitors` each visitor-day's first. */
export function pageViewsBehind(
  views: readonly PageViewRow[],
  figure: 'views' | 'visitors',
  slice: PageViewSlice = {},
): PageViewRow[] {
  const mine = views
    .filter((v) => inSlice(v, slice))
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id - b.id);
  const chosen =
    figure === 'views'
      ? mine
      : [...new Map(mine.reverse().map((v) => [`${v.day}|${v.visitorHash}`, v])).values()];
  return chosen.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id);
}

/** Registrations ÷ unique visitors, percent; null without visitors. */
export const registrationRate = (registrations: number, visitors: number): number | null =>
  visitors === 0 ? null : (registrations / visitors) * 100;

/** Every day of a period, oldest first. */
export function daysOf(period: { from: string; to: string }): string[] {
  const days: string[] = [];
  for (
    let d = Date.parse(`${period.from}T00:00:00Z`);
    d <= Date.parse(`${period.to}T00:00:00Z`);
    d += 86_400_000
  )
    days.push(new Date(d).toISOString().slice(0, 10));
  return days;
}

/** Rows per key of the views, most viewed first (then the key). */
export function pageViewGroups(
  views: readonly PageViewRow[],
  keyOf: (v: PageViewRow) => string,
): ({ key: string } & PageViewCounts & { withInvitation: number })[] {
  const keys = [...new Set(views.map(keyOf))];
  return keys
    .map((key) => {
      const mine = views.filter((v) => keyOf(v) === key);
      return { key, ...pageViewCounts(mine), withInvitation: mine.filter((v) => v.withInvitation).length };
    })
    .sort((a, b) => b.views - a.views || a.key.localeCompare(b.key));
}
