/**
 * Service request (episode) rules: statuses and their transitions (our design, see
 * docs/decisions/008-episodes.md), the list's default filters (SPEC §4, §6, §9), and the schedule checks and
 * booked times of the visits inside an episode (SPEC §5, §9).
 */
import {
  DEFAULT_SHIFT_LENGTH_MINUTES,
  tierValue,
  type OrganizationRateCard,
  type RateTier,
} from '../rates/rate-engine';
import { ISO_DATE_PATTERN, TIME_PATTERN } from '../formats';
import { ROLES_SEEING_ALL_EPISODES } from '../roles';
import type { VisitStatus } from '../visits/visit-status';
import { todayIn, visitInstant, VISIT_TIME_MESSAGES } from '../visits/visit-time';

export const EPISODE_STATUSES = ['Draft', 'Active', 'Hold', 'Completed', 'Archived', 'Deleted'] as const;
export type EpisodeStatus = (typeof EPISODE_STATUSES)[number];
export const EPISODE_TYPES = ['Visit', 'Shift'] as const;
export type EpisodeType = (typeof EPISODE_TYPES)[number];

export type EpisodeAction = 'publish' | 'hold' | 'complete' | 'archive' | 'delete';

/** Episode status -> action -> the status it leads to. Deleted is final. */
export const EPISODE_TRANSITIONS: Record<EpisodeStatus, Partial<Record<EpisodeAction, EpisodeStatus>>> = {
  Draft: { publish: 'Active', archive: 'Archived', delete: 'Deleted' },
  Active: { hold: 'Hold', complete: 'Completed', archive: 'Archived', delete: 'Deleted' },
  Hold: { publish: 'Active', archive: 'Archived', delete: 'Deleted' },
  Completed: { archive: 'Archived' },
  Archived: {},
  Deleted: {},
};

export function episodeTransition(from: string, action: EpisodeAction): EpisodeStatus | null {
  return (
    (EPISODE_TRANSITIONS as Record<string, Partial<Record<EpisodeAction, EpisodeStatus>>>)[from]?.[action] ??
    null
  );
}

/** Visits of an episode may be added, edited and deleted only while the episode is one of these. */
export function episodeIsEditable(status: string): boolean {
  return status === 'Draft' || status === 'Active' || status === 'Hold';
}

/** Visits may be edited or deleted from the episode page only while Draft or Active. */
export function visitIsEditable(status: string): boolean {
  return status === 'Draft' || status === 'Active';
}

/** Deleting a service request is refused once any visit is Staffed or further along. */
const DELETABLE_VISIT_STATUSES: readonly string[] = ['Draft', 'Active', 'Expired', 'Deleted'];
export function blocksEpisodeDelete(status: VisitStatus | string): boolean {
  return !DELETABLE_VISIT_STATUSES.includes(status);
}

const articleOf = (word: string) => (/^[AEIOU]/i.test(word) ? 'An' : 'A');

export const EPISODE_MESSAGES = {
  stale: 'Someone else changed this service request since you opened it. Reload to see their changes.',
  staffedVisits:
    'This service request has visits that are already staffed or later; unassign or finish them before deleting it.',
  notEditable: (status: string) => `${articleOf(status)} ${status} service request cannot be changed.`,
  cannot: (action: EpisodeAction, status: string) =>
    `${articleOf(status)} ${status} service request cannot be ${ACTION_PAST[action]}.`,
  noRateCard:
    'The organization has no rate for this provider type and visit type. Add one to its rate card first.',
} as const;
const ACTION_PAST: Record<EpisodeAction, string> = {
  publish: 'published',
  hold: 'put on hold',
  complete: 'completed',
  archive: 'archived',
  delete: 'deleted',
};

export const EPISODE_STATUS_FILTERS = ['ALL', ...EPISODE_STATUSES] as const;
export type EpisodeStatusFilter = (typeof EPISODE_STATUS_FILTERS)[number];

/** SPEC §4: episode filter Active, but All for roles 5 and 6 or when a patient filter is set. */
export function defaultEpisodeStatusFilter(roleId: number, hasPatientFilter: boolean): EpisodeStatusFilter {
  return ROLES_SEEING_ALL_EPISODES.includes(roleId) || hasPatientFilter ? 'ALL' : 'Active';
}

/** Default visit duration (minutes): a shift 8 hours (SPEC §9), a visit one hour (ours). */
export const DEFAULT_VISIT_MINUTES = 60;
export function defaultDurationMinutes(episodeType: string): number {
  return episodeType === 'Shift' ? DEFAULT_SHIFT_LENGTH_MINUTES : DEFAULT_VISIT_MINUTES;
}
/** A visit without a time books 08:00. */
export const MAX_VISIT_MINUTES = 24 * 60;

const minutesOf = (time: string) => {
  const m = TIME_PATTERN.exec(time);
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
};

export type VisitScheduleInput = {
  /** ISO 'YYYY-MM-DD', in the organization's zone. */
  dateOfService: string;
  /** 'HH:mm' on the organization's wall clock; required (there is no default time, decision 039). */
  startTime?: string | null;
  /** 'HH:mm' on the same clock; when given the duration is end - start. */
  endTime?: string | null;
  /** Minutes. */
  duration?: number | null;
  /** The organization's IANA zone, where the date and times are (decision 039). */
  timeZone: string;
};
export type VisitSchedule = { dateOfService: string; startAt: Date; endAt: Date; duration: number };
export type FieldProblem = { field: string; message: string };

/**
 * SPEC §5/§9 checks of one visit's date and time, and its booked start and end as instants. The date and times
 * are the organization's wall clock (its zone). Problems: a date of service before the organization's today, no
 * start time, an end before the start, a duration not positive or over 24 hours.
 */
export function planVisitSchedule(
  input: VisitScheduleInput,
  episodeType: string,
  now: Date = new Date(),
): { ok: true; schedule: VisitSchedule } | { ok: false; problem: FieldProblem } {
  if (!ISO_DATE_PATTERN.test(input.dateOfService))
    return { ok: false, problem: { field: 'dateOfService', message: 'must be a date' } };
  if (input.dateOfService < todayIn(input.timeZone, now)) {
    return { ok: false, problem: { field: 'dateOfService', message: 'cannot be in the past' } };
  }
  if (!input.startTime)
    return { ok: false, problem: { field: 'startTime', message: VISIT_TIME_MESSAGES.startTimeRequired } };
  const start = minutesOf(input.startTime);
  if (start === null) return { ok: false, problem: { field: 'startTime', message: 'must be a time HH:MM' } };
  let duration = input.duration ?? null;
  if (input.endTime) {
    const end = minutesOf(input.endTime);
    if (end === null) return { ok: false, problem: { field: 'endTime', message: 'must be a time HH:MM' } };
    if (end <= start)
      return { ok: false, problem: { field: 'endTime', message: 'must be after the start time' } };
    duration = end - start;
  }
  duration ??= defaultDurationMinutes(episodeType);
  if (!Number.isInteger(duration) || duration <= 0) {
    return { ok: false, problem: { field: 'duration', message: 'must be more than 0 minutes' } };
  }
  if (duration > MAX_VISIT_MINUTES) {
    return { ok: false, problem: { field: 'duration', message: 'cannot be more than 24 hours' } };
  }
  const startAt = visitInstant(input.dateOfService, input.startTime, input.timeZone);
  return {
    ok: true,
    schedule: {
      dateOfService: input.dateOfService,
      startAt,
      endAt: new Date(startAt.getTime() + duration * 60_000),
      duration,
    },
  };
}

/**
 * The clinician rate (fixed rate) a new visit offers when none is given: what the card leaves after the
 * organization's margin (FlatRate: amount − margin; Both: amount + fee − margin); ServiceFee passes the
 * clinician's rate through, so its card amount is the suggestion. Null when the card has no amount.
 */
export function suggestedFixedRate(card: OrganizationRateCard, tier: RateTier = 'regular'): number | null {
  const amount = tierValue(tier, card.amount, card.specialRate, card.incrementalRate);
  if (amount === null) return null;
  const fee = tierValue(tier, card.serviceFee, card.specialServiceFee, card.incrementalServiceFee) ?? 0;
  const margin =
    tierValue(tier, card.profitMargin, card.specialProfitMargin, card.incrementalProfitMargin) ?? 0;
  const value =
    card.paymentType === 'ServiceFee'
      ? amount
      : card.paymentType === 'Both'
        ? amount + fee - margin
        : amount - margin;
  return Math.round(value * 100) / 100;
}
