import { z } from 'zod';
import {
  boundedDateSchema,
  idSchema,
  idValueSchema,
  isoDateTimeSchema,
  pagingQuerySchema,
  pagingSchema,
  stateCodeSchema,
  versionSchema,
} from '../common';
import { nameSchema, phoneInputSchema } from '../identity';
import { zipcodeFieldSchema } from './physicians';
import { birthdayProblem, PATIENT_STATUSES } from '../../scheduling/patient-rules';
import { ISO_DATE_PATTERN, isIsoDate } from '../../formats';

const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();

/** A patient (SPEC §3 patient fields), with the age derived from the birthday. */
export const patientSchema = z
  .object({
    id: z.number().int(),
    referralSourceId: z.number().int(),
    referralSourceName: z.string(),
    firstName: z.string(),
    middleInitial: z.string().nullable(),
    lastName: z.string(),
    age: z.number().int().nullable(),
    gender: z.string().nullable(),
    birthday: z.string().nullable().describe('ISO date'),
    phoneNumber1: z.string().nullable(),
    phoneNumber2: z.string().nullable(),
    addressLine1: z.string().nullable(),
    addressLine2: z.string().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    zipcode: z.string().nullable(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    language: z.string(),
    status: z.enum(PATIENT_STATUSES),
    archiveReason: z.string().nullable(),
    createdAt: isoDateTimeSchema,
    updatedAt: isoDateTimeSchema,
    version: versionSchema,
  })
  .meta({ id: 'Patient' });
export type Patient = z.infer<typeof patientSchema>;

export const patientInputSchema = z.object({
  referralSourceId: idValueSchema.optional().describe('Staff only; organization users: their own'),
  firstName: nameSchema,
  middleInitial: z
    .string()
    .trim()
    .regex(/^[A-Za-z]?$/, { error: 'must be one letter' })
    .nullable()
    .optional(),
  lastName: nameSchema,
  gender: z.enum(['M', 'F'], { error: 'must be M or F' }).nullable().optional(),
  // The birthday rule bounds it (a real date, from 1900 to today) and words its own refusals, as the form does.
  birthday: z
    .string()
    .refine(isIsoDate, { error: 'must be a date YYYY-MM-DD', abort: true })
    .superRefine((iso, ctx) => {
      const problem = birthdayProblem(iso);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .meta({ type: 'string', format: 'date', pattern: ISO_DATE_PATTERN.source })
    .nullable()
    .optional(),
  phoneNumber1: phoneInputSchema.nullable().optional(),
  phoneNumber2: phoneInputSchema.nullable().optional(),
  addressLine1: optionalText(200),
  addressLine2: optionalText(200),
  city: optionalText(100),
  state: stateCodeSchema.nullable().optional(),
  zipcode: zipcodeFieldSchema.nullable().optional(),
  latitude: z.number().min(-90).max(90).nullable().optional(),
  longitude: z.number().min(-180).max(180).nullable().optional(),
  language: z.string().trim().min(1).max(60).optional(),
});
export type PatientInput = z.infer<typeof patientInputSchema>;
export const patientUpdateSchema = patientInputSchema
  .omit({ referralSourceId: true })
  .partial()
  .extend({ version: versionSchema });
export type PatientUpdate = z.infer<typeof patientUpdateSchema>;

export const patientArchiveSchema = z.object({
  reason: z.string().trim().min(1, { error: 'is required' }).max(200),
  version: versionSchema,
});

export const patientListQuerySchema = pagingQuerySchema.extend({
  search: z.string().trim().max(100).optional().describe('Name, phone or ZIP code'),
  status: z.enum(['ACTIVE', 'ARCHIVED', 'ALL']).default('ACTIVE'),
  referralSourceId: idSchema.optional(),
  createdFrom: boundedDateSchema
    .optional()
    .describe('Patient-creation range start (at most 180 days, SPEC §5)'),
  createdTo: boundedDateSchema.optional(),
});
export type PatientListQuery = z.infer<typeof patientListQuerySchema>;
export const patientListResponseSchema = z.object({ rows: z.array(patientSchema), paging: pagingSchema });
