// A visit note's form as data (ARCHITECTURE §9 "Forms as data", issue 12): a note type's definition is versioned
// JSON validated by this schema; one renderer in mf-notes draws it and the server checks saved values against it
// (note-values.ts). A stored note keeps the `definitionVersion` it was written with.
import { z } from 'zod';

/** A field id: a JavaScript identifier, unique within its definition (a table's columns within the table). */
export const fieldIdSchema = z.string().regex(/^[a-zA-Z][a-zA-Z0-9_]*$/, { error: 'must be an identifier' });

/** One choice: the stored value, the label shown, and the export code written to an OASIS-style export. */
export const noteOptionSchema = z.object({
  value: z.string().min(1),
  label: z.string().min(1),
  exportCode: z.string().optional(),
  /** The points the option scores in an assessment score (Braden-type items, fall and nutrition risk). */
  points: z.number().optional(),
});
export type NoteOption = z.infer<typeof noteOptionSchema>;

/** Show a field only when another field (same level, or a top-level one) holds one of these values. */
export const noteConditionSchema = z.object({
  field: fieldIdSchema,
  /** Shown when the field's value (or, for a multiple choice, any selected value) is one of these. */
  in: z.array(z.string()).min(1),
});
export type NoteCondition = z.infer<typeof noteConditionSchema>;

const fieldBase = {
  id: fieldIdSchema,
  label: z.string().min(1),
  help: z.string().optional(),
  required: z.boolean().optional(),
  showWhen: noteConditionSchema.optional(),
  /** The OASIS-style item this field exports as (e.g. 'M0100'). */
  exportItem: z.string().optional(),
};

export const textFieldSchema = z.object({
  ...fieldBase,
  kind: z.literal('text'),
  multiline: z.boolean().optional(),
  maxLength: z.number().int().positive().optional(),
});
export const numberFieldSchema = z.object({
  ...fieldBase,
  kind: z.literal('number'),
  min: z.number().optional(),
  max: z.number().optional(),
  /** Whole numbers only when true. */
  integer: z.boolean().optional(),
  unit: z.string().optional(),
});
export const dateFieldSchema = z.object({ ...fieldBase, kind: z.literal('date') });
export const timeFieldSchema = z.object({ ...fieldBase, kind: z.literal('time') });
export const choiceFieldSchema = z.object({
  ...fieldBase,
  kind: z.literal('choice'),
  /** The id of a shared option list (option-lists.ts, SPEC §3), or the options themselves. */
  options: z.union([z.string().min(1), z.array(noteOptionSchema).min(1)]),
  multiple: z.boolean().optional(),
});
/** Signed by typing the full name; stored as { name, signedAt }. */
export const signatureFieldSchema = z.object({ ...fieldBase, kind: z.literal('signature') });

/** Any field that can be a table column. */
export const simpleFieldSchema = z.discriminatedUnion('kind', [
  textFieldSchema,
  numberFieldSchema,
  dateFieldSchema,
  timeFieldSchema,
  choiceFieldSchema,
]);
export type SimpleField = z.infer<typeof simpleFieldSchema>;

/** Rows of columns (medications, wounds): stored as an array of { [columnId]: value }. */
export const tableFieldSchema = z.object({
  ...fieldBase,
  kind: z.literal('table'),
  columns: z.array(simpleFieldSchema).min(1),
  maxRows: z.number().int().positive().optional(),
  /** Label of the "add a row" button, e.g. 'Add medication'. */
  addLabel: z.string().optional(),
});

/** Vital signs by reading type (SPEC §7 readingTypes): stored as { [readingTypeCode]: { value, site?, position? } }. */
export const vitalsFieldSchema = z.object({
  ...fieldBase,
  kind: z.literal('vitals'),
  readingTypes: z.array(z.string().min(1)).min(1),
});

/** SPEC §3 assessment scores, each a pure function in scores.ts. */
export const SCORE_KINDS = ['braden', 'norton', 'fallRisk', 'nutritionRisk', 'pain', 'phq2'] as const;
export type ScoreKind = (typeof SCORE_KINDS)[number];

/** A computed score: read-only, recomputed from its input fields as the clinician types, stored with the note. */
export const scoreFieldSchema = z.object({
  ...fieldBase,
  kind: z.literal('score'),
  score: z.enum(SCORE_KINDS),
  /** The fields the score reads, in the order the score function takes them. */
  inputs: z.array(fieldIdSchema).min(1),
});

/** Care-plan goals from the goal builder (goal-builder.ts): stored as an array of built goals. */
export const goalsFieldSchema = z.object({ ...fieldBase, kind: z.literal('goals') });

/** ICD-10 diagnoses: stored as { primary: code | null, others: code[] }. */
export const diagnosesFieldSchema = z.object({ ...fieldBase, kind: z.literal('diagnoses') });

export const noteFieldSchema = z.discriminatedUnion('kind', [
  textFieldSchema,
  numberFieldSchema,
  dateFieldSchema,
  timeFieldSchema,
  choiceFieldSchema,
  signatureFieldSchema,
  tableFieldSchema,
  vitalsFieldSchema,
  scoreFieldSchema,
  goalsFieldSchema,
  diagnosesFieldSchema,
]);
export type NoteField = z.infer<typeof noteFieldSchema>;
export type NoteFieldKind = NoteField['kind'];

export const noteSectionSchema = z.object({
  id: fieldIdSchema,
  title: z.string().min(1),
  fields: z.array(noteFieldSchema).min(1),
});
export type NoteSection = z.infer<typeof noteSectionSchema>;

/** The note type codes of issue 12 (SOC/OASIS-style start of care … supervisory visit). */
export const NOTE_TYPE_CODES = [
  'SOC',
  'ROC',
  'RECERT',
  'FOLLOWUP',
  'TRANSFER',
  'DISCHARGE',
  'SNV',
  'PT_EVAL',
  'PT_TREAT',
  'OT_EVAL',
  'OT_TREAT',
  'ST_EVAL',
  'ST_TREAT',
  'AIDE',
  'SUPERVISORY',
] as const;
export type NoteTypeCode = (typeof NOTE_TYPE_CODES)[number];

export const noteDefinitionSchema = z
  .object({
    noteType: z.enum(NOTE_TYPE_CODES),
    /** 1, 2, …: a stored note keeps the version it was written with. */
    version: z.number().int().positive(),
    title: z.string().min(1),
    sections: z.array(noteSectionSchema).min(1),
  })
  .superRefine((definition, ctx) => {
    const seen = new Set<string>();
    for (const section of definition.sections) {
      for (const field of section.fields) {
        if (seen.has(field.id))
          ctx.addIssue({ code: 'custom', message: `field id ${field.id} is used twice` });
        seen.add(field.id);
      }
    }
    for (const section of definition.sections) {
      for (const field of section.fields) {
        if (field.showWhen && !seen.has(field.showWhen.field)) {
          ctx.addIssue({
            code: 'custom',
            message: `${field.id} depends on unknown field ${field.showWhen.field}`,
          });
        }
        if (field.kind === 'score') {
          for (const input of field.inputs) {
            if (!seen.has(input))
              ctx.addIssue({ code: 'custom', message: `${field.id} reads unknown field ${input}` });
          }
        }
      }
    }
  });
export type NoteDefinition = z.infer<typeof noteDefinitionSchema>;

/** Every top-level field of a definition, in form order. */
export function fieldsOf(definition: NoteDefinition): NoteField[] {
  return definition.sections.flatMap((section) => section.fields);
}

/** The values of a note: by top-level field id (see each field kind for its stored shape). */
export type NoteValues = Record<string, unknown>;
