// The pure parts of the add/edit visit forms of a service request: which types they offer and pre-fill,
// how a visit's rate reads, and what the toasts say (docs/decisions/016-scheduling-forms-toasts-and-matching.md).
import {
  formatDate,
  formatRateAmount,
  type Episode,
  type EpisodeVisit,
  type ProviderType,
  type VisitType,
} from '@carelane/shared-domain';
import type { FieldLabels } from '@carelane/shared-ui';

/** The visit types a new visit may have: the request's own when it names some, else every type of its kind. */
export function visitTypeChoices(episode: Pick<Episode, 'episodeType' | 'visitTypeIds'>, rows: VisitType[]) {
  const ofKind = rows.filter((row) => row.serviceType === episode.episodeType);
  if (!episode.visitTypeIds.length) return ofKind;
  const own = rows.filter((row) => episode.visitTypeIds.includes(row.id));
  return own.length ? own : ofKind;
}

/**
 * The provider types a visit of `visitType` may ask for: those the visit type allows, narrowed to the
 * request's own provider types when that leaves any.
 */
export function providerTypeChoices(
  episode: Pick<Episode, 'providerTypeIds'>,
  visitType: VisitType | undefined,
  rows: ProviderType[],
) {
  const allowed = visitType?.providerTypeIds.length
    ? rows.filter((row) => visitType.providerTypeIds.includes(row.id))
    : rows;
  const own = allowed.filter((row) => episode.providerTypeIds.includes(row.id));
  return own.length ? own : allowed;
}

const onlyId = (rows: { id: number }[]) => (rows.length === 1 ? rows[0]!.id : undefined);

/** What the add form starts with: the request's only visit type and that type's only provider type. */
export function preselectedTypes(
  episode: Pick<Episode, 'episodeType' | 'visitTypeIds' | 'providerTypeIds'>,
  visitTypes: VisitType[],
  providerTypes: ProviderType[],
): { visitTypeId?: number; providerTypeId?: number } {
  const visitTypeId = onlyId(visitTypeChoices(episode, visitTypes));
  const visitType = visitTypes.find((row) => row.id === visitTypeId);
  return { visitTypeId, providerTypeId: onlyProviderType(episode, visitType, providerTypes) };
}

/** The one provider type a visit of `visitType` can have on this request, if there is just one. */
export function onlyProviderType(
  episode: Pick<Episode, 'providerTypeIds'>,
  visitType: VisitType | undefined,
  providerTypes: ProviderType[],
): number | undefined {
  return visitType ? onlyId(providerTypeChoices(episode, visitType, providerTypes)) : undefined;
}

/** The rate column of a request's visit: the override, or the fixed rate with its unit and bonus. */
export function visitRateText(
  visit: Pick<EpisodeVisit, 'rateOverride' | 'overrideAmount' | 'fixedRate' | 'isHourly' | 'bonus'>,
): string {
  if (visit.rateOverride && visit.overrideAmount !== null)
    return `${formatRateAmount(visit.overrideAmount)} (override)`;
  if (visit.fixedRate === null) return '—';
  const bonus = visit.bonus ? ` + ${formatRateAmount(visit.bonus)} bonus` : '';
  return `${formatRateAmount(visit.fixedRate)}${visit.isHourly ? '/h' : ''}${bonus}`;
}

const noun = (episodeType: string) => (episodeType === 'Shift' ? 'shift' : 'visit');
const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The toasts and failure things of a request's visits (SPEC §8 has none of its own for them). */
export const visitTexts = {
  /** 'Visit added for 11/28/2026.', '3 shifts added, 11/28/2026 to 12/12/2026.' */
  added(episodeType: string, dates: readonly string[]): string {
    const sorted = [...dates].sort();
    if (sorted.length === 1) return `${capital(noun(episodeType))} added for ${formatDate(sorted[0])}.`;
    const range =
      sorted[0] === sorted.at(-1)
        ? `on ${formatDate(sorted[0])}`
        : `${formatDate(sorted[0])} to ${formatDate(sorted.at(-1))}`;
    return `${sorted.length} ${noun(episodeType)}s added, ${range}.`;
  },
  saved: (episodeType: string, date: string) => `${capital(noun(episodeType))} of ${formatDate(date)} saved.`,
  deleted: (episodeType: string, date: string) =>
    `${capital(noun(episodeType))} of ${formatDate(date)} deleted.`,
  /** The {thing} of 'Sorry, {thing} could not be {action}. ' */
  thing: (episodeType: string, many = false) => `the ${noun(episodeType)}${many ? 's' : ''}`,
};

/** The add and edit forms' labels, for failure texts that name a field. */
export const VISIT_FIELD_LABELS: FieldLabels = {
  rates: '',
  visitTypeId: 'Visit type',
  providerTypeId: 'Provider type',
  dateOfService: 'Date of service',
  multipleDates: 'Dates of service',
  noOfVisits: 'How many',
  startTime: 'Start time',
  endTime: 'End time',
  duration: 'Duration (minutes)',
  fixedRate: 'Fixed rate ($)',
  isHourly: 'Hourly',
  bonus: 'Clinician bonus ($)',
  referralSourceBonus: 'Organization bonus ($)',
  rateTier: 'Rate tier',
  rateOverride: 'Override rates',
  overrideAmount: 'Clinician amount ($)',
  rsOverrideAmount: 'Organization amount ($)',
};
