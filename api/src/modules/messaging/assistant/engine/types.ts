import type { Extraction as SharedExtraction, RequestDraft } from '@carelane/shared-domain';
import { type Gazetteer } from '../../../maps/gazetteer';

// The contract's shapes are the API's own (shared-domain schemas/assistant.ts): one definition of each.
export type { ExtractedField, RequestDraft } from '@carelane/shared-domain';
export type DraftPatient = NonNullable<RequestDraft['patient']>;
export type Extraction = Omit<SharedExtraction, 'referenceDate' | 'engine'>;
export type ExtractionNotice = Extraction['notices'][number];

export type ExtractOptions = {
  /** YYYY-MM-DD, the email's date when the caller knows it */
  referenceDate: string;
  gazetteer?: Gazetteer;
  icdCodes?: readonly (readonly [string, string])[];
};

/** A value found in the text, with its evidence span. */
export type Found = { value: string; start: number; end: number; confidence: number };
