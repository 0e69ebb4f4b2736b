import { type Gazetteer } from '../../../maps/gazetteer';

export type DraftPatient = {
  firstName?: string;
  lastName?: string;
  /** YYYY-MM-DD */
  birthday?: string;
  gender?: 'M' | 'F';
  /** 10 digits */
  phoneNumber1?: string;
  addressLine1?: string;
  city?: string;
  /** 2 letters */
  state?: string;
  /** 5 digits */
  zipcode?: string;
};

export type RequestDraft = {
  patient?: DraftPatient;
  providerTypes?: string[];
  /** YYYY-MM-DD, sorted, unique */
  visitDates?: string[];
  /** e.g. '2w4' or '1w1,2w3' */
  frequency?: string;
  physicianName?: string;
  diagnosisCodes?: string[];
};

export type ExtractedField = {
  /** 'patient.lastName', 'providerTypes.0', 'visitDates.3', 'diagnosisCodes.0', 'frequency', 'physicianName' */
  path: string;
  value: string;
  /** text.slice(start, end) is where the value came from */
  start: number;
  end: number;
  /** 0..1, two decimals */
  confidence: number;
};

export type ExtractionNotice = {
  code: 'no-patient' | 'several-patients' | 'not-english' | 'not-a-request';
  message: string;
};

export type Extraction = { draft: RequestDraft; fields: ExtractedField[]; notices: ExtractionNotice[] };

export type ExtractOptions = {
  /** YYYY-MM-DD, the email's date when the caller knows it */
  referenceDate: string;
  gazetteer?: Gazetteer;
  icdCodes?: readonly (readonly [string, string])[];
};

/** A value found in the text, with its evidence span. */
export type Found = { value: string; start: number; end: number; confidence: number };
