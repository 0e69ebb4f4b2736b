import { z } from 'zod';
import {
  isoDateTimeSchema,
  pagingQuerySchema,
  pagingSchema,
  stateCodeSchema,
  versionSchema,
} from '../common';
import { nameSchema, phoneInputSchema } from '../identity';

export const physicianStatusSchema = z.enum(['ACTIVE', 'INACTIVE']);

/** A physician (SPEC §3 "physician": fields not shown, ours): the doctor who orders a service request. */
export const physicianSchema = z
  .object({
    id: z.number().int(),
    firstName: z.string(),
    lastName: z.string(),
    npi: z.string().nullable().describe('National Provider Identifier, 10 digits'),
    specialty: z.string().nullable(),
    phoneNumber: z.string().nullable(),
    fax: z.string().nullable(),
    email: z.string().nullable(),
    addressLine1: z.string().nullable(),
    addressLine2: z.string().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    zipcode: z.string().nullable(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    status: physicianStatusSchema,
    createdAt: isoDateTimeSchema,
    updatedAt: isoDateTimeSchema,
    version: versionSchema,
  })
  .meta({ id: 'Physician' });
export type Physician = z.infer<typeof physicianSchema>;

const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();

/** ZIP code of any address form: 5 digits, optionally ZIP+4. */
export const zipcodeFieldSchema = z
  .string()
  .regex(/^\d{5}(-\d{4})?$/, { error: 'must be a 5-digit ZIP code' });

export const physicianInputSchema = z.object({
  firstName: nameSchema,
  lastName: nameSchema,
  npi: z
    .string()
    .trim()
    .regex(/^\d{10}$/, { error: 'must be 10 digits' })
    .nullable()
    .optional(),
  specialty: optionalText(100),
  phoneNumber: phoneInputSchema.nullable().optional(),
  fax: phoneInputSchema.nullable().optional(),
  email: z.email({ error: 'must be a valid email address' }).max(254).nullable().optional(),
  addressLine1: optionalText(200),
  addressLine2: optionalText(200),
  city: optionalText(100),
  state: stateCodeSchema.nullable().optional(),
  zipcode: zipcodeFieldSchema.nullable().optional(),
  latitude: z.number().min(-90).max(90).nullable().optional(),
  longitude: z.number().min(-180).max(180).nullable().optional(),
  status: physicianStatusSchema.optional(),
});
export type PhysicianInput = z.infer<typeof physicianInputSchema>;
export const physicianUpdateSchema = physicianInputSchema.partial().extend({ version: versionSchema });

export const physicianListQuerySchema = pagingQuerySchema.extend({
  search: z.string().trim().max(100).optional().describe('Name, NPI or specialty'),
  status: z.enum(['ACTIVE', 'INACTIVE', 'ALL']).default('ACTIVE'),
});
export type PhysicianListQuery = z.infer<typeof physicianListQuerySchema>;
export const physicianListResponseSchema = z.object({
  rows: z.array(physicianSchema),
  paging: pagingSchema,
});

/** A service request (episode) ordered by a physician, as the physician's page lists it. */
export const physicianEpisodeSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  episodeType: z.string(),
  status: z.string(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  referralSourceId: z.number().int(),
  referralSourceName: z.string(),
  patientId: z.number().int().nullable(),
  patientName: z.string().nullable(),
});
export type PhysicianEpisode = z.infer<typeof physicianEpisodeSchema>;
export const physicianEpisodesResponseSchema = z.object({
  rows: z.array(physicianEpisodeSchema),
  paging: pagingSchema,
});
