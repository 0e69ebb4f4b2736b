// The intake assistant's review (decision 069): the extraction turned into the values of the patient and request
// forms, each field's confidence, and the reviewed forms turned back into one Create call.
import {
  type AssistantCreateInput,
  type Extraction,
  type ProviderType,
  type VisitType,
} from '@carelane/shared-domain';
import { dateOf, isoOf, nullIfBlank, type PatientHintField } from '@carelane/shared-ui';

export type PatientValues = {
  firstName?: string;
  middleInitial?: string;
  lastName?: string;
  birthday: Date | null;
  gender?: 'M' | 'F';
  phoneNumber1?: string;
  phoneNumber2?: string;
  addressLine1?: string;
  addressLine2?: string;
  city?: string;
  state?: string;
  zipcode?: string;
  latitude?: number | string | null;
  longitude?: number | string | null;
};
export type VisitGroupValues = {
  providerTypeId?: number;
  visitTypeId?: number;
  startTime: string | null;
  dates: string[];
};
export type RequestValues = {
  referralSourceId?: number;
  title: string;
  startDate: Date | null;
  description: string;
  visits: VisitGroupValues[];
};

/** The lowest confidence of the values read at `path` (a list's items included), or null when none was read. */
export function confidenceOf(extraction: Extraction, path: string): number | null {
  const read = extraction.fields.filter((f) => f.path === path || f.path.startsWith(`${path}.`));
  return read.length ? Math.min(...read.map((f) => f.confidence)) : null;
}

export const PATIENT_HINT_FIELDS: readonly PatientHintField[] = [
  'firstName',
  'lastName',
  'birthday',
  'gender',
  'phoneNumber1',
  'addressLine1',
  'city',
  'state',
  'zipcode',
];

export function patientValues(extraction: Extraction): PatientValues {
  const { birthday, ...patient } = extraction.draft.patient ?? {};
  return { ...patient, birthday: dateOf(birthday) };
}

/**
 * A visit type the provider type does in person, named for it (organizations' rate cards are kept per provider
 * and visit type): the first of the list; the coordinator changes it.
 */
export function defaultVisitType(
  visitTypes: readonly VisitType[],
  providerTypeId: number,
): number | undefined {
  return visitTypes.find((type) => !type.telehealth && type.providerTypeIds.includes(providerTypeId))?.id;
}

export function requestValues(
  extraction: Extraction,
  providerTypes: readonly ProviderType[],
  visitTypes: readonly VisitType[],
): RequestValues {
  const { draft } = extraction;
  const dates = draft.visitDates ?? [];
  const named = (draft.providerTypes ?? []).flatMap((name) =>
    providerTypes.filter((type) => type.type === name),
  );
  const groups = (named.length ? named : [undefined]).map((type) => ({
    providerTypeId: type?.id,
    visitTypeId: type ? defaultVisitType(visitTypes, type.id) : undefined,
    startTime: '09:00',
    dates,
  }));
  const who = [draft.patient?.firstName, draft.patient?.lastName].filter(Boolean).join(' ');
  const what = draft.providerTypes?.join('/') ?? 'Visits';
  const details = [
    draft.frequency ? `Frequency: ${draft.frequency}` : null,
    draft.physicianName ? `Physician: ${draft.physicianName}` : null,
    draft.diagnosisCodes?.length ? `Diagnoses: ${draft.diagnosisCodes.join(', ')}` : null,
  ].filter((line): line is string => line !== null);
  return {
    title: who ? `${what} for ${who}` : what,
    startDate: dateOf(dates[0] ?? extraction.referenceDate),
    description: details.join('\n'),
    visits: groups,
  };
}

/** The Create call of the reviewed forms: a new patient, or the existing one chosen. */
export function createBody(
  email: { text: string; emailId?: number },
  patient: PatientValues | { id: number },
  request: RequestValues,
): AssistantCreateInput {
  const { referralSourceId, title, startDate, description, visits } = request;
  const chosen = 'id' in patient ? { patientId: patient.id } : null;
  const fields = 'id' in patient ? null : patient;
  return {
    text: email.text,
    ...(email.emailId ? { emailId: email.emailId } : {}),
    ...(chosen ?? {
      referralSourceId,
      patient: nullIfBlank({
        ...fields,
        birthday: isoOf(fields?.birthday),
        latitude: fields?.latitude == null ? null : Number(fields.latitude),
        longitude: fields?.longitude == null ? null : Number(fields.longitude),
      }) as AssistantCreateInput['patient'],
    }),
    serviceRequest: { title, startDate: isoOf(startDate) ?? '', ...(description ? { description } : {}) },
    visits: visits.map((group) => ({
      providerTypeId: group.providerTypeId!,
      visitTypeId: group.visitTypeId!,
      startTime: group.startTime ?? '',
      dates: group.dates,
    })),
  };
}
