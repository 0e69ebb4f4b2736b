// Every note definition (each version of each note type), their names, and the note type a visit starts with.
import { NOTE_TYPE_CODES, type NoteDefinition, type NoteTypeCode } from '../definition';
import { DISCHARGE_V1, FOLLOWUP_V1, RECERT_V1, ROC_V1, SOC_V1, SOC_V2, TRANSFER_V1 } from './oasis';
import { OT_EVAL_V1, OT_TREAT_V1, PT_EVAL_V1, PT_TREAT_V1, ST_EVAL_V1, ST_TREAT_V1 } from './therapy';
import { AIDE_V1, SNV_V1, SUPERVISORY_V1 } from './visits';

/** Oldest version first within a note type. */
export const NOTE_DEFINITIONS: readonly NoteDefinition[] = [
  SOC_V1,
  SOC_V2,
  ROC_V1,
  RECERT_V1,
  FOLLOWUP_V1,
  TRANSFER_V1,
  DISCHARGE_V1,
  SNV_V1,
  PT_EVAL_V1,
  PT_TREAT_V1,
  OT_EVAL_V1,
  OT_TREAT_V1,
  ST_EVAL_V1,
  ST_TREAT_V1,
  AIDE_V1,
  SUPERVISORY_V1,
];

export const NOTE_TYPE_NAMES: Record<NoteTypeCode, string> = {
  SOC: 'Start of Care (OASIS)',
  ROC: 'Resumption of Care (OASIS)',
  RECERT: 'Recertification (OASIS)',
  FOLLOWUP: 'Other Follow-up (OASIS)',
  TRANSFER: 'Transfer (OASIS)',
  DISCHARGE: 'Discharge (OASIS)',
  SNV: 'Skilled Nursing Visit',
  PT_EVAL: 'PT Evaluation',
  PT_TREAT: 'PT Treatment',
  OT_EVAL: 'OT Evaluation',
  OT_TREAT: 'OT Treatment',
  ST_EVAL: 'ST Evaluation',
  ST_TREAT: 'ST Treatment',
  AIDE: 'HHA/CNA Visit',
  SUPERVISORY: 'Supervisory Visit',
};

export function definitionOf(code: NoteTypeCode, version: number): NoteDefinition | undefined {
  return NOTE_DEFINITIONS.find((d) => d.noteType === code && d.version === version);
}

/** The versions of a note type, oldest first. */
export function definitionVersionsOf(code: NoteTypeCode): number[] {
  return NOTE_DEFINITIONS.filter((d) => d.noteType === code)
    .map((d) => d.version)
    .sort((a, b) => a - b);
}

/** The newest version of a note type: what a new note is written with. */
export function currentDefinitionOf(code: NoteTypeCode): NoteDefinition {
  const versions = definitionVersionsOf(code);
  return definitionOf(code, versions[versions.length - 1]!)!;
}

export function isNoteTypeCode(code: string): code is NoteTypeCode {
  return (NOTE_TYPE_CODES as readonly string[]).includes(code);
}

const has = (name: string, ...patterns: RegExp[]) => patterns.some((pattern) => pattern.test(name));
const EVALUATION = [/eval/i, /start of care/i, /\bsoc\b/i, /resumption/i, /\broc\b/i, /admission/i];

/**
 * The note type a visit starts with, from the clinician's provider type (PROVIDER_TYPES) and the visit type's
 * name or description. Therapists write their discipline's evaluation at an evaluation, start or resumption of
 * care (the visit types marked `evaluation`) and a treatment note otherwise.
 */
export function defaultNoteTypeFor(providerTypeCode: string, visitTypeName: string): NoteTypeCode {
  const provider = providerTypeCode.trim().toUpperCase();
  const visit = visitTypeName;
  const therapy = (evaluation: NoteTypeCode, treatment: NoteTypeCode) =>
    has(visit, ...EVALUATION) ? evaluation : treatment;
  if (provider === 'PT' || provider === 'PTA') return therapy('PT_EVAL', 'PT_TREAT');
  if (provider === 'OT' || provider === 'OTA') return therapy('OT_EVAL', 'OT_TREAT');
  if (['ST', 'SLP', 'ST/SLP'].includes(provider)) return therapy('ST_EVAL', 'ST_TREAT');
  if (provider === 'HHA' || provider === 'CNA') return 'AIDE';
  if (provider === 'MSW') return 'FOLLOWUP';
  if (has(visit, /start of care/i, /\bsoc\b/i, /admission/i)) return 'SOC';
  if (has(visit, /resumption/i, /\broc\b/i)) return 'ROC';
  if (has(visit, /recert/i)) return 'RECERT';
  if (has(visit, /discharge/i)) return 'DISCHARGE';
  if (has(visit, /transfer/i)) return 'TRANSFER';
  if (has(visit, /supervis/i)) return 'SUPERVISORY';
  return 'SNV';
}
