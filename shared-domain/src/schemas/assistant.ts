// The intake assistant (issue 28, decision 069): an organization's request email turned into a draft patient,
// service request and visits. `POST /api/admin/assistant/extract` answers the draft with, for every value, the
// span of the text it came from and a confidence; a value not found is absent, never guessed.
import { z } from 'zod';
import {
  boundedDateSchema,
  idValueSchema,
  isoDateSchema,
  isoDateTimeSchema,
  pagingQuerySchema,
  pagingSchema,
  timeSchema,
} from './common';
import { emailIdSchema } from './identity';
import { patientInputSchema } from './scheduling/patients';

/** The longest email text taken (a long forwarded chain is ~50 KB; the rest is attachments, not text). */
export const ASSISTANT_TEXT_MAX_CHARS = 200_000;

export const ASSISTANT_MESSAGES = {
  textMissing: "Paste the email's text.",
  tooLong: (size: string) =>
    `This email is ${size}: at most ${ASSISTANT_TEXT_MAX_CHARS.toLocaleString('en-US')} characters of text are read. Paste the request's part of it.`,
  binary:
    "This looks like a binary file, not an email's text. Paste the email's text or upload the .eml file.",
  alreadyKept: 'This email is kept already without a service request.',
  modelUnavailable: 'The model provider could not read this email: the embedded engine read it instead.',
} as const;

export const assistantExtractInputSchema = z.object({
  text: z.string(),
  /** The email's date (YYYY-MM-DD): relative dates resolve against it. Default: today on the organization's clock. */
  receivedAt: boundedDateSchema.optional(),
});
export type AssistantExtractInput = z.infer<typeof assistantExtractInputSchema>;

export const draftPatientSchema = z.object({
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  birthday: isoDateSchema.optional(),
  gender: z.enum(['M', 'F']).optional(),
  phoneNumber1: z
    .string()
    .regex(/^\d{10}$/)
    .optional(),
  addressLine1: z.string().optional(),
  city: z.string().optional(),
  state: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .optional(),
  zipcode: z
    .string()
    .regex(/^\d{5}$/)
    .optional(),
});
export const requestDraftSchema = z.object({
  patient: draftPatientSchema.optional(),
  providerTypes: z
    .array(z.string())
    .optional()
    .describe('The product’s provider type names (RN, LVN/LPN, PT …)'),
  visitDates: z.array(isoDateSchema).optional().describe('Sorted; a frequency expanded into its dates'),
  frequency: z.string().optional().describe("Home-health notation: '2w4', '1w1,2w3'"),
  physicianName: z.string().optional(),
  diagnosisCodes: z.array(z.string()).optional().describe('ICD-10 codes of the table the notes area has'),
});
export type RequestDraft = z.infer<typeof requestDraftSchema>;

export const extractedFieldSchema = z.object({
  path: z.string().describe("'patient.lastName', 'providerTypes.0', 'visitDates.3' …"),
  value: z.string(),
  start: z.number().int().min(0).describe('Where the value came from: text.slice(start, end)'),
  end: z.number().int().min(0),
  confidence: z.number().min(0).max(1),
});
export type ExtractedField = z.infer<typeof extractedFieldSchema>;

export const EXTRACTION_NOTICE_CODES = [
  'no-patient',
  'several-patients',
  'not-english',
  'not-a-request',
  'model-unavailable',
] as const;
export const EXTRACTION_ENGINES = ['embedded', 'model'] as const;
export const extractionSchema = z
  .object({
    draft: requestDraftSchema,
    fields: z.array(extractedFieldSchema),
    notices: z.array(z.object({ code: z.enum(EXTRACTION_NOTICE_CODES), message: z.string() })),
    referenceDate: isoDateSchema.describe('The day relative dates were read against'),
    engine: z
      .enum(EXTRACTION_ENGINES)
      .describe('Who read it: the embedded engine, or the model provider an administrator turned on'),
  })
  .meta({ id: 'RequestExtraction' });
export type Extraction = z.infer<typeof extractionSchema>;

/** Who the draft's patient may already be (SPEC §5 text similarity, `twoStringDuplicatePercentage`). */
export const duplicateCheckInputSchema = z.object({
  firstName: z.string().trim().min(1, 'is required').max(100),
  lastName: z.string().trim().min(1, 'is required').max(100),
  birthday: boundedDateSchema.optional(),
  phoneNumber1: z
    .string()
    .regex(/^\d{10}$/, 'must be 10 digits')
    .optional(),
});
export type DuplicateCheckInput = z.infer<typeof duplicateCheckInputSchema>;
export const DUPLICATE_MATCHES = ['name', 'birthday', 'phone'] as const;
export const possibleDuplicateSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  birthday: isoDateSchema.nullable(),
  phoneNumber1: z.string().nullable(),
  organizationName: z.string(),
  /** 0..1: 1 minus the edit distance of the two full names over the longer one's length. */
  nameSimilarity: z.number(),
  matches: z.array(z.enum(DUPLICATE_MATCHES)),
});
export type PossibleDuplicate = z.infer<typeof possibleDuplicateSchema>;
export const duplicateCheckSchema = z.object({
  threshold: z.number(),
  rows: z.array(possibleDuplicateSchema),
});
export type DuplicateCheck = z.infer<typeof duplicateCheckSchema>;

/** One kind of visit of the request: who, what, when (each date one visit at the same start time). */
export const assistantVisitGroupSchema = z.object({
  providerTypeId: idValueSchema,
  visitTypeId: idValueSchema,
  startTime: timeSchema,
  duration: z.number().int().min(15, 'must be at least 15 minutes').max(1440).optional(),
  dates: z.array(boundedDateSchema).min(1, 'pick at least one date').max(100),
});
export type AssistantVisitGroup = z.infer<typeof assistantVisitGroupSchema>;

/**
 * The reviewed draft made real: the patient (new, or an existing one the coordinator chose), a Draft service
 * request and its visits, in one transaction, with the email linked to the request. The same email creates once.
 */
export const assistantCreateInputSchema = z
  .object({
    text: z.string().describe('The request email, as read'),
    emailId: idValueSchema
      .optional()
      .describe('The queued email it was read from (the inbound email webhook or an uploaded .eml)'),
    referralSourceId: idValueSchema.optional().describe('Staff only; organization users: their own'),
    patientId: idValueSchema.optional().describe('An existing patient ("use this patient")'),
    patient: patientInputSchema.omit({ referralSourceId: true }).optional(),
    serviceRequest: z.object({
      title: z.string().trim().min(1, 'is required').max(200),
      startDate: boundedDateSchema,
      description: z.string().trim().max(4000).optional(),
    }),
    visits: z.array(assistantVisitGroupSchema).max(10).default([]),
  })
  .superRefine((input, ctx) => {
    if (input.patientId === undefined && input.patient === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['patient'],
        message: 'is required: a new patient or an existing one',
      });
  });
export type AssistantCreateInput = z.input<typeof assistantCreateInputSchema>;

export const assistantCreatedSchema = z
  .object({
    /** False when this email had created its request already: the answer names that one. */
    created: z.boolean(),
    patientId: z.number().int(),
    serviceRequestId: z.number().int(),
    visitIds: z.array(z.number().int()),
    emailId: z.number().int(),
  })
  .meta({ id: 'AssistantCreated' });
export type AssistantCreated = z.infer<typeof assistantCreatedSchema>;

/**
 * The reply to the organization (SPEC §4: Expired visits are left out). `{{visits}}` is one line per visit:
 * its day and hours on the organization's clock, the service, and the clinician or "clinician to be assigned".
 */
export const REQUEST_REPLY_TEMPLATE = {
  subject: 'Re: {{subject}}',
  body:
    'Hello {{organization}},\n\nThank you for referring {{patientName}}. We set up the service request ' +
    '"{{serviceRequest}}" (#{{serviceRequestId}}) with {{visitCount}}:\n\n{{visits}}\n\n' +
    'We will let you know as clinicians are assigned.\n\nThank you,\n{{coordinator}}\nCarelane',
} as const;

export const requestReplySchema = z
  .object({
    recipient: z
      .string()
      .describe("The organization's address: the email's sender, else the organization's email"),
    subject: z.string(),
    body: z.string(),
  })
  .meta({ id: 'RequestReply' });
export type RequestReply = z.infer<typeof requestReplySchema>;

export const requestReplySendSchema = z.object({
  recipient: emailIdSchema,
  subject: z.string().trim().min(1, 'is required').max(200),
  body: z.string().trim().min(1, 'is required').max(20_000),
});
export type RequestReplySend = z.infer<typeof requestReplySendSchema>;
export const REQUEST_REPLY_MESSAGES = { sent: 'Reply queued to send.' } as const;

/**
 * The assistant's queue: emails received (the inbound email webhook, decision 062, or an uploaded .eml) that are
 * not from a clinician and have made no service request yet, newest first.
 */
export const assistantQueueQuerySchema = pagingQuerySchema;
export const assistantQueueItemSchema = z.object({
  id: z.number().int(),
  fromAddress: z.string(),
  subject: z.string().nullable(),
  receivedAt: isoDateTimeSchema,
  organizationName: z.string().nullable(),
  /** The first 160 characters of the text. */
  preview: z.string(),
});
export type AssistantQueueItem = z.infer<typeof assistantQueueItemSchema>;
export const assistantQueueSchema = z
  .object({ rows: z.array(assistantQueueItemSchema), paging: pagingSchema })
  .meta({ id: 'AssistantQueue' });
export type AssistantQueue = z.infer<typeof assistantQueueSchema>;

/** One queued email as the assistant reads it: its headers and text, and its day on the organization's clock. */
export const queuedEmailSchema = z
  .object({ id: z.number().int(), text: z.string(), receivedAt: isoDateSchema })
  .meta({ id: 'QueuedEmail' });
export type QueuedEmail = z.infer<typeof queuedEmailSchema>;

/** The largest .eml taken (attachments included; only the text is kept). */
export const EML_MAX_CHARS = 8_000_000;
export const EML_MESSAGES = {
  missing: 'Pick an .eml file.',
  tooLarge: 'This file is over 8 MB. Forward the email without its attachments, or paste its text.',
  noText: 'This file has no email text to read. Pick the .eml file of the request email.',
  noSender: 'This file names no sender (From:). Pick the .eml file of the request email.',
  alreadyQueued: 'This email is in the queue already.',
} as const;
export const emlUploadSchema = z.object({
  eml: z.string().min(1, EML_MESSAGES.missing).max(EML_MAX_CHARS, EML_MESSAGES.tooLarge),
});
export type EmlUpload = z.infer<typeof emlUploadSchema>;
