import { HOME_HEALTH_ICD10_CODES } from '../../../../db/icd-codes';
import { addressSpans, findAddress } from './address';
import {
  addDays,
  type DateMention,
  findBirthday,
  findDates,
  isStartMention,
  isVisitMention,
  referenceResolver,
} from './dates';
import { findDiagnoses } from './diagnoses';
import { looksNotEnglish } from './language';
import {
  distinctPatients,
  findGender,
  findPatientMentions,
  findPhysician,
  findSigningPhysician,
  type PatientMention,
  patientNames,
  patientTitle,
} from './names';
import { findPatientPhone } from './phone';
import { expandFrequency, findFrequency, findProviderTypes } from './services';
import { findTableRows, type TableRow } from './tables';
import { confidence, headerLineSpans, maskSpans, signatureSpans, type Span } from './text';
import {
  type DraftPatient,
  type ExtractedField,
  type Extraction,
  type ExtractionNotice,
  type ExtractOptions,
  type Found,
  type RequestDraft,
} from './types';

export type {
  DraftPatient,
  ExtractedField,
  Extraction,
  ExtractionNotice,
  ExtractOptions,
  RequestDraft,
} from './types';

const NOTICES = {
  notEnglish: {
    code: 'not-english',
    message: 'This email does not look like English, so nothing was extracted.',
  },
  notRequest: {
    code: 'not-a-request',
    message: 'This email does not look like a request: no patient and no service were found.',
  },
  noPatient: { code: 'no-patient', message: 'No patient was found in this email.' },
} as const satisfies Record<string, ExtractionNotice>;

/** Words of a request for care; without a patient, services named without them (a job ad) are no request. */
const REQUEST_CUE =
  /\b(?:needs?|needed|request\w*|referr\w*|orders?|ordered|eval\w*|SOC|start of care|schedul\w*|staff|visits?|availab\w*|coverage|send|see)\b/i;

const severalPatients = (count: number): ExtractionNotice => ({
  code: 'several-patients',
  message: `This email names ${count} patients; the draft holds the first. Create the others from their own extraction.`,
});

/**
 * Where the other patients of the email are written: a table row, or from their first mention to the next blank
 * line or the next patient. Their values are not read into the draft of the first patient.
 */
function otherPatientSpans(
  text: string,
  patients: readonly PatientMention[][],
  rows: readonly TableRow[],
): Span[] {
  const starts = patients.map((group) => group[0]!.trigger);
  return patients.slice(1).map((group, i) => {
    const first = group[0]!;
    const row = rows.find((r) => r.mention === first);
    if (row) return { start: row.lineStart, end: row.lineEnd };
    const blank = /\n[ \t]*\n/.exec(text.slice(first.trigger));
    const nextPatient = starts[i + 2] ?? text.length;
    return {
      start: first.trigger,
      end: Math.min(blank ? first.trigger + blank.index : text.length, nextPatient),
    };
  });
}

/** The visit dates written in the text, and the frequency's start when the email names one. */
function visitMentions(
  text: string,
  referenceAt: (position: number) => string,
  frequency: Found | undefined,
): { visits: DateMention[]; start?: DateMention } {
  const visits: DateMention[] = [];
  let previousEnd = 0;
  for (const mention of findDates(text, 'visit', referenceAt)) {
    if (isVisitMention(text, mention, previousEnd, referenceAt(mention.start))) visits.push(mention);
    previousEnd = mention.end;
  }
  return { visits, start: visits.find((v) => isStartMention(text, v, frequency)) };
}

/** Visit dates: the explicit ones and the frequency's expansion, sorted and unique, each with its evidence. */
function visitDates(
  text: string,
  referenceAt: (position: number) => string,
  frequency: Found | undefined,
): Found[] {
  const { visits, start } = visitMentions(text, referenceAt, frequency);
  const byDay = new Map<string, Found>();
  for (const v of visits) {
    if (!byDay.has(v.iso))
      byDay.set(v.iso, { value: v.iso, start: v.start, end: v.end, confidence: v.relative ? 0.8 : 0.9 });
  }
  const earliest = [...byDay.keys()].sort()[0];
  const firstDay = start?.iso ?? (earliest ? addDays(earliest, 1) : undefined);
  if (frequency && firstDay) {
    for (const day of expandFrequency(frequency.value, firstDay)) {
      if (!byDay.has(day))
        byDay.set(day, { value: day, start: frequency.start, end: frequency.end, confidence: 0.7 });
    }
  }
  return [...byDay.values()].sort((a, b) => (a.value < b.value ? -1 : 1));
}

type PatientFound = Partial<Record<keyof DraftPatient, Found>>;

function patientFields(
  text: string,
  group: readonly PatientMention[],
  row: TableRow | undefined,
  options: ExtractOptions,
  referenceAt: (position: number) => string,
): PatientFound {
  const names = patientNames(group);
  const title = patientTitle(group);
  const birthday = row?.birthday ?? findBirthday(text, referenceAt);
  const address = findAddress(text, group[0]!.span.start, options.gazetteer);
  return {
    firstName: names.first,
    lastName: names.last,
    birthday: birthday && { value: birthday.iso, start: birthday.start, end: birthday.end, confidence: 0.95 },
    gender: findGender(text, title),
    phoneNumber1: findPatientPhone(text),
    addressLine1: address?.addressLine1,
    city: address?.city,
    state: address?.state,
    zipcode: address?.zipcode,
  };
}

/** Builds the draft and its fields from what was found; absent values stay absent. */
function assemble(
  patient: PatientFound | undefined,
  lists: Record<'providerTypes' | 'visitDates' | 'diagnosisCodes', Found[]>,
  singles: Record<'frequency' | 'physicianName', Found | undefined>,
): Omit<Extraction, 'notices'> {
  const draft: RequestDraft = {};
  const fields: ExtractedField[] = [];
  const field = (path: string, found: Found) =>
    fields.push({
      path,
      value: found.value,
      start: found.start,
      end: found.end,
      confidence: confidence(found.confidence),
    });
  if (patient) {
    const values: DraftPatient = {};
    for (const [key, found] of Object.entries(patient) as [keyof DraftPatient, Found | undefined][]) {
      if (!found) continue;
      (values as Record<string, string>)[key] = found.value;
      field(`patient.${key}`, found);
    }
    if (Object.keys(values).length) draft.patient = values;
  }
  for (const key of ['providerTypes', 'visitDates', 'diagnosisCodes'] as const) {
    if (!lists[key].length) continue;
    draft[key] = lists[key].map((found) => found.value);
    lists[key].forEach((found, i) => field(`${key}.${i}`, found));
  }
  for (const key of ['frequency', 'physicianName'] as const) {
    const found = singles[key];
    if (!found) continue;
    draft[key] = found.value;
    field(key, found);
  }
  return { draft, fields };
}

/**
 * Reads a home-care request email into a draft request: the first patient, the services, visit dates and
 * frequency, the physician and the diagnoses, each value with the span it came from. Deterministic and offline:
 * relative dates resolve against the email's own Date/Sent header, else `options.referenceDate`.
 */
export function extractRequest(text: string, options: ExtractOptions): Extraction {
  if (looksNotEnglish(text)) return { draft: {}, fields: [], notices: [NOTICES.notEnglish] };
  const referenceAt = referenceResolver(text, options.referenceDate);
  const signatures = signatureSpans(text);
  let masked = maskSpans(text, [...headerLineSpans(text), ...signatures]);
  const rows = findTableRows(masked, referenceAt);
  const mentions = [...findPatientMentions(masked), ...rows.map((r) => r.mention)].sort(
    (a, b) => a.span.start - b.span.start,
  );
  const patients = distinctPatients(mentions);
  masked = maskSpans(masked, otherPatientSpans(masked, patients, rows));
  const addresses = addressSpans(masked, options.gazetteer);
  const providerTypes = findProviderTypes(
    masked,
    addresses,
    mentions.map((m) => m.span.start),
  );
  if (!patients.length && (!providerTypes.length || !REQUEST_CUE.test(masked))) {
    return { draft: {}, fields: [], notices: [NOTICES.notRequest] };
  }
  const first = patients[0];
  const patient =
    first &&
    patientFields(
      masked,
      first,
      rows.find((r) => first.includes(r.mention)),
      options,
      referenceAt,
    );
  const frequency = findFrequency(masked);
  const { draft, fields } = assemble(
    patient,
    {
      providerTypes,
      visitDates: visitDates(masked, referenceAt, frequency),
      diagnosisCodes: findDiagnoses(masked, options.icdCodes ?? HOME_HEALTH_ICD10_CODES),
    },
    {
      frequency,
      physicianName: findPhysician(maskSpans(masked, addresses)) ?? findSigningPhysician(text, signatures),
    },
  );
  const notices: ExtractionNotice[] = [];
  if (!first) notices.push(NOTICES.noPatient);
  if (patients.length > 1) notices.push(severalPatients(patients.length));
  return { draft, fields, notices };
}
