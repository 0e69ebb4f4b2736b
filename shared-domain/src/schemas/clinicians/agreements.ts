// Agreements and credential forms (issue 11): versioned templates whose fields are data (ARCHITECTURE §9
// "Forms as data"), the agreements clinicians signed, the SPEC §3 agreement PDF data, and the one check of a
// clinician's form data against a template's fields that the page and the API both run.
import { z } from 'zod';
import { isIsoDate } from '../../formats';
import { idSchema, idValueSchema, isoDateTimeSchema } from '../common';

export const AGREEMENT_FIELD_TYPES = ['text', 'date', 'checkbox'] as const;
export type AgreementFieldType = (typeof AGREEMENT_FIELD_TYPES)[number];

/** The version of the form-definition format below; stored with every template (`formFields` rows). */
export const AGREEMENT_FORM_FORMAT = 1;

/** The page size a template is laid out on: US Letter, in PDF points (72 a inch). */
export const AGREEMENT_PAGE = { width: 612, height: 792 } as const;

export const AGREEMENT_MESSAGES = {
  required: 'is required',
  mustBeChecked: 'must be checked',
  notADate: 'must be a date (YYYY-MM-DD)',
  notText: 'must be text',
  unknownField: 'is not a field of this agreement',
  duplicateKey: 'is used by two fields',
  oldVersion: (name: string, latest: number) =>
    `A newer version of the ${name} is in force (version ${latest}). Read and sign that version.`,
  alreadySigned: (name: string, version: number) =>
    `You have already signed version ${version} of the ${name}.`,
  notForThisClinician: 'is not an agreement for this clinician',
  notAPdf: 'must be a PDF file of this clinician',
  accepted: 'provider agreement accepted',
  signed: 'Agreement signed.',
  templateSaved: 'Agreement template saved.',
} as const;

/** One field of a form definition: the clinician fills it before signing (SPEC §3 credentialFormData). */
export const agreementFormFieldSchema = z.object({
  key: z
    .string()
    .trim()
    .regex(/^[A-Za-z][A-Za-z0-9_]{0,39}$/, { error: 'must be a letter then letters, digits or _' }),
  label: z.string().trim().min(1, { error: 'is required' }).max(120),
  type: z.enum(AGREEMENT_FIELD_TYPES),
  required: z.boolean().default(false),
});
export type AgreementFormField = z.infer<typeof agreementFormFieldSchema>;

/** A form definition: its fields in order, each key once. */
export const agreementFormFieldsSchema = z
  .array(agreementFormFieldSchema)
  .max(30)
  .superRefine((fields, ctx) => {
    const seen = new Set<string>();
    fields.forEach((f, i) => {
      if (seen.has(f.key))
        ctx.addIssue({ code: 'custom', path: [i, 'key'], message: AGREEMENT_MESSAGES.duplicateKey });
      seen.add(f.key);
    });
  });

/** SPEC §3 signaturePosition: where on which page the signature goes, in PDF points from the top left. */
export const signaturePositionSchema = z.object({
  page: z.number().int().min(1).max(50),
  x: z
    .number()
    .min(0)
    .max(AGREEMENT_PAGE.width - 40),
  y: z
    .number()
    .min(0)
    .max(AGREEMENT_PAGE.height - 20),
  type: z.enum(['provider', 'patient']),
  version: z.number().int().min(1),
});
export type SignaturePosition = z.infer<typeof signaturePositionSchema>;

/** What the clinician filled: text and dates as strings, checkboxes as booleans. */
export const agreementFormDataSchema = z.record(
  z.string().max(40),
  z.union([z.string().max(500), z.boolean()]),
);
export type AgreementFormData = z.infer<typeof agreementFormDataSchema>;

/** The problems of `data` against `fields`, each naming the field (`formData.<key>`); none when it is valid. */
export function agreementFormProblems(
  fields: readonly AgreementFormField[],
  data: AgreementFormData,
): { field: string; label: string; message: string }[] {
  const problems: { field: string; label: string; message: string }[] = [];
  const known = new Set(fields.map((f) => f.key));
  for (const key of Object.keys(data))
    if (!known.has(key))
      problems.push({ field: `formData.${key}`, label: key, message: AGREEMENT_MESSAGES.unknownField });
  for (const f of fields) {
    const value = data[f.key];
    const problem = (message: string) =>
      problems.push({ field: `formData.${f.key}`, label: f.label, message });
    if (f.type === 'checkbox') {
      if (value !== undefined && typeof value !== 'boolean') problem(AGREEMENT_MESSAGES.mustBeChecked);
      else if (f.required && value !== true) problem(AGREEMENT_MESSAGES.mustBeChecked);
      continue;
    }
    if (value !== undefined && typeof value !== 'string') {
      problem(f.type === 'date' ? AGREEMENT_MESSAGES.notADate : AGREEMENT_MESSAGES.notText);
      continue;
    }
    const text = (value ?? '').trim();
    if (!text) {
      if (f.required) problem(AGREEMENT_MESSAGES.required);
      continue;
    }
    if (f.type === 'date' && !isIsoDate(text)) problem(AGREEMENT_MESSAGES.notADate);
  }
  return problems;
}

export const agreementTemplateInputSchema = z.object({
  name: z.string().trim().min(1, { error: 'is required' }).max(120),
  body: z.string().trim().min(1, { error: 'is required' }).max(50_000),
  formFields: agreementFormFieldsSchema,
  signaturePosition: signaturePositionSchema.omit({ version: true }),
  includeDate: z.boolean().default(true),
  /** The provider types it applies to (empty: every type). */
  providerTypeIds: z.array(idValueSchema).max(50).default([]),
  requiredForOnboarding: z.boolean().default(true),
});
export type AgreementTemplateInput = z.infer<typeof agreementTemplateInputSchema>;
/** A new version keeps the template's name. */
export const agreementVersionInputSchema = agreementTemplateInputSchema.omit({ name: true });
export type AgreementVersionInput = z.infer<typeof agreementVersionInputSchema>;

export const agreementTemplateSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    version: z.number().int(),
    body: z.string(),
    formFields: z.array(agreementFormFieldSchema),
    signaturePosition: signaturePositionSchema,
    includeDate: z.boolean(),
    providerTypeIds: z.array(z.number().int()),
    requiredForOnboarding: z.boolean(),
    active: z.boolean(),
    /** Whether this is the latest active version of its name (the one clinicians sign). */
    latest: z.boolean(),
    createdAt: isoDateTimeSchema,
    /** In a clinician's list: whether they signed this version. */
    signedByMe: z.boolean().optional(),
  })
  .meta({ id: 'AgreementTemplate' });
export type AgreementTemplate = z.infer<typeof agreementTemplateSchema>;
export const agreementTemplateListSchema = z.object({ rows: z.array(agreementTemplateSchema) });

/** An agreement a clinician signed: the version, the form data and the stored PDF with its SHA-256. */
export const providerAgreementSchema = z
  .object({
    id: z.number().int(),
    providerId: z.number().int(),
    templateId: z.number().int(),
    templateName: z.string(),
    templateVersion: z.number().int(),
    formData: agreementFormDataSchema,
    signedOn: isoDateTimeSchema,
    fileId: z.number().int(),
    fileName: z.string(),
    sha256: z.string(),
    signedByName: z.string(),
    /** A newer version of the template is in force: this signature is kept for the record. */
    superseded: z.boolean(),
  })
  .meta({ id: 'ProviderAgreement' });
export type ProviderAgreement = z.infer<typeof providerAgreementSchema>;

/** A clinician's agreements: the ones in force for their type (signed or not) and every signed one. */
export const clinicianAgreementsSchema = z.object({
  providerId: z.number().int(),
  providerName: z.string(),
  /** The latest active version of each template for their type, with the agreement signed for it. */
  toSign: z.array(agreementTemplateSchema.extend({ signed: providerAgreementSchema.nullable() })),
  agreements: z.array(providerAgreementSchema),
});
export type ClinicianAgreements = z.infer<typeof clinicianAgreementsSchema>;

/** Signing: the template version read, the form data, and the signed PDF uploaded beforehand. */
export const agreementSignInputSchema = z.object({
  templateId: idValueSchema,
  templateVersion: z.number().int().min(1),
  formData: agreementFormDataSchema,
  fileId: idValueSchema,
});
export type AgreementSignInput = z.infer<typeof agreementSignInputSchema>;

export const agreementTemplateParamsSchema = z.object({ id: idSchema });

/** SPEC §3 "Agreement PDF data": what the PDF of a signed agreement is made from. */
export type AgreementPdfData = {
  /** The stored PDF once signed (null while it is being made). */
  fileUrl: string | null;
  credentialFormData: AgreementFormData;
  signaturePosition: SignaturePosition;
  /** ISO date-time of signing. */
  signedOn: string;
  /** The provider's signature as a PNG data URL. */
  providerSignature: string;
  patientSignature: string | null;
  patientName: string | null;
  includeDate: boolean;
};
