import { dateOf, isoOf } from '@carelane/shared-ui';
// The pure parts of the service request form (EpisodeForm): the API answer as form values, the form values as
// the body the API takes, and the rules the form derives from the request, the session and what is picked.
import {
  episodeIsEditable,
  episodeTransition,
  formatDate,
  ROLE,
  type Episode,
  type EpisodeAction,
  type EpisodeFrequency,
} from '@carelane/shared-domain';

export type EpisodeFormValues = {
  referralSourceId?: number;
  episodeType: 'Visit' | 'Shift';
  title: string;
  description: string;
  notes: string;
  startDate: Date | null;
  endDate: Date | null;
  patientId: number | null;
  physicianId: number | null;
  facilityId: number | null;
  insuranceIds: number[];
  externalInsuranceId: string | null;
  payor: string | null;
  authorizedVisits: number | null;
  language: string;
  visitTypeIds: number[];
  providerTypeIds: number[];
  frequencies: EpisodeFrequency[];
  contactIds: number[];
  patientContactIds: number[];
  caseManagerId: number | null;
  careCoordinatorId: number | null;
  customerCareCoordinatorId: number | null;
  vendorManagerId: number | null;
  genderPreference: 'M' | 'F' | null;
  languages: string[];
  skills: string[];
  enableNotesWorkflow: boolean;
  rateIsHourly: boolean;
  rateBonus: number | null;
  rateReferralSourceBonus: number | null;
  rateDuration: number | null;
  rateFixedRate: number | null;
};

/** The language of a request that names none. */
export const DEFAULT_LANGUAGE = 'English';

/** A new frequency row: once a week for a week. */
export const NEW_FREQUENCY = { perWeek: 1, weeks: 1 } as const;

/** The staff pickers of the form and the role whose users each offers. */
export const STAFF_PICKER_ROLES = {
  careCoordinatorId: ROLE.CARE_COORDINATOR,
  customerCareCoordinatorId: ROLE.CUSTOMER_CARE_COORDINATOR,
  vendorManagerId: ROLE.CLINICIAN_MANAGER,
} as const;

/**
 * The form values of a service request; a new one (`episode` null) starts today, for `patientId` when given,
 * as a visit request in English. Money stays in dollars as the API gives it.
 */
export function toForm(
  episode: Episode | null,
  patientId: number | undefined,
  today: Date = new Date(),
): EpisodeFormValues {
  return {
    referralSourceId: episode?.referralSourceId,
    episodeType: episode?.episodeType === 'Shift' ? 'Shift' : 'Visit',
    title: episode?.title ?? '',
    description: episode?.description ?? '',
    notes: episode?.notes ?? '',
    startDate: dateOf(episode?.startDate) ?? today,
    endDate: dateOf(episode?.endDate),
    patientId: episode ? episode.patientId : (patientId ?? null),
    physicianId: episode?.physicianId ?? null,
    facilityId: episode?.facilityId ?? null,
    insuranceIds: episode?.insuranceIds ?? [],
    externalInsuranceId: episode?.externalInsuranceId ?? null,
    payor: episode?.payor ?? null,
    authorizedVisits: episode?.authorizedVisits ?? null,
    language: episode?.language ?? DEFAULT_LANGUAGE,
    visitTypeIds: episode?.visitTypeIds ?? [],
    providerTypeIds: episode?.providerTypeIds ?? [],
    frequencies: episode?.frequencies ?? [],
    contactIds: episode?.contactIds ?? [],
    patientContactIds: episode?.patientContactIds ?? [],
    caseManagerId: episode?.caseManagerId ?? null,
    careCoordinatorId: episode?.careCoordinatorId ?? null,
    customerCareCoordinatorId: episode?.customerCareCoordinatorId ?? null,
    vendorManagerId: episode?.vendorManagerId ?? null,
    genderPreference: episode?.preferences.gender ?? null,
    languages: episode?.preferences.languages ?? [],
    skills: episode?.preferences.skills ?? [],
    enableNotesWorkflow: episode?.enableNotesWorkflow ?? false,
    rateIsHourly: episode?.visitRate.isHourly ?? false,
    rateBonus: episode?.visitRate.bonus ?? null,
    rateReferralSourceBonus: episode?.visitRate.referralSourceBonus ?? null,
    rateDuration: episode?.visitRate.duration ?? null,
    rateFixedRate: episode?.visitRate.fixedRate ?? null,
  };
}

/** Trimmed text, or null when blank. */
const blank = (text: string | null | undefined) => (text && text.trim() ? text.trim() : null);

/**
 * The API body of the form (server field names; blank text sent as null). The organization is sent only when
 * staff create a request; the staff pickers only by staff; the facility only for a shift request.
 */
export function toBody(values: EpisodeFormValues, staff: boolean, isNew: boolean): Record<string, unknown> {
  return {
    ...(isNew && staff && { referralSourceId: values.referralSourceId }),
    episodeType: values.episodeType,
    title: values.title,
    description: values.description ?? '',
    notes: values.notes ?? '',
    startDate: isoOf(values.startDate),
    endDate: isoOf(values.endDate),
    patientId: values.patientId ?? null,
    physicianId: values.physicianId ?? null,
    facilityId: values.episodeType === 'Shift' ? (values.facilityId ?? null) : null,
    insuranceIds: values.insuranceIds ?? [],
    externalInsuranceId: blank(values.externalInsuranceId),
    payor: blank(values.payor),
    authorizedVisits: values.authorizedVisits ?? null,
    language: blank(values.language) ?? DEFAULT_LANGUAGE,
    visitTypeIds: values.visitTypeIds ?? [],
    providerTypeIds: values.providerTypeIds ?? [],
    frequencies: values.frequencies ?? [],
    contactIds: values.contactIds ?? [],
    patientContactIds: values.patientContactIds ?? [],
    caseManagerId: values.caseManagerId ?? null,
    ...(staff && {
      careCoordinatorId: values.careCoordinatorId ?? null,
      customerCareCoordinatorId: values.customerCareCoordinatorId ?? null,
      vendorManagerId: values.vendorManagerId ?? null,
    }),
    preferences: {
      gender: values.genderPreference ?? null,
      languages: values.languages ?? [],
      skills: values.skills ?? [],
    },
    enableNotesWorkflow: values.enableNotesWorkflow ?? false,
    visitRate: {
      isHourly: values.rateIsHourly ?? false,
      bonus: values.rateBonus ?? null,
      referralSourceBonus: values.rateReferralSourceBonus ?? null,
      duration: values.rateDuration ?? null,
      fixedRate: values.rateFixedRate ?? null,
    },
  };
}

/** Server field names that live under another form name here. */
export const FIELD_ALIASES: Record<string, keyof EpisodeFormValues> = {
  'preferences.gender': 'genderPreference',
  'visitRate.bonus': 'rateBonus',
  'visitRate.duration': 'rateDuration',
  'visitRate.fixedRate': 'rateFixedRate',
};

/** The field errors of a failed write whose server field has another name in the form, under that name. */
export function aliasedFieldErrors(error: unknown): { name: keyof EpisodeFormValues; errors: string[] }[] {
  const fieldErrors =
    (error as { fieldErrors?: { field: string; message: string }[] } | null | undefined)?.fieldErrors ?? [];
  return fieldErrors
    .filter((item) => FIELD_ALIASES[item.field])
    .map((item) => ({ name: FIELD_ALIASES[item.field]!, errors: [item.message] }));
}

/**
 * The organization whose patients, facilities and contacts the form offers: the request's own, else the one
 * staff picked, else the organization user's own.
 */
export function formOrganizationId(
  episode: Pick<Episode, 'referralSourceId'> | null,
  staff: boolean,
  picked: number | undefined,
  userOrganizationId: number | null | undefined,
): number | undefined {
  return episode?.referralSourceId ?? (staff ? picked : (userOrganizationId ?? undefined));
}

/** Whether the form can be changed at all, and whether its fields are shown read-only. */
export function formAccess(
  episode: Pick<Episode, 'status'> | null,
  mayWrite: boolean,
): { editable: boolean; readOnly: boolean } {
  const editable = !episode || episodeIsEditable(episode.status);
  return { editable, readOnly: !mayWrite || !editable };
}

/** "New patient" needs a writable form and, for staff, a picked organization. */
export const newPatientDisabled = (readOnly: boolean, staff: boolean, organizationId: number | undefined) =>
  readOnly || (staff && !organizationId);

/** The notice above a request that can no longer be changed, or null. */
export function statusNotice(
  episode: Pick<Episode, 'status' | 'archivedAt' | 'archiveReason'> | null,
  editable: boolean,
): string | null {
  if (episode?.status === 'Archived')
    return `Archived${episode.archivedAt ? ` on ${formatDate(episode.archivedAt)}` : ''}: ${episode.archiveReason ?? 'no reason given'}.`;
  if (episode && !editable) return `This service request is ${episode.status}; it can no longer be changed.`;
  return null;
}

const STATUS_ACTIONS: readonly EpisodeAction[] = ['publish', 'hold', 'complete', 'archive', 'delete'];

/** The status actions a saved request offers now, in button order; a new one offers none. */
export function availableActions(episode: Pick<Episode, 'status'> | null): EpisodeAction[] {
  return episode ? STATUS_ACTIONS.filter((action) => episodeTransition(episode.status, action) !== null) : [];
}
