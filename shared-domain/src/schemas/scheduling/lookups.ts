import { z } from 'zod';
import { idSchema } from '../common';

/** Lookups every signed-in non-clinician reads to fill the scheduling forms. */
export const visitTypeSchema = z
  .object({
    id: z.number().int(),
    type: z.string(),
    description: z.string(),
    unit: z.string(),
    evaluation: z.boolean(),
    discharge: z.boolean(),
    serviceType: z.string(),
    telehealth: z.boolean().describe('Held by video in /tc'),
    providerTypeIds: z
      .array(z.number().int())
      .describe('Provider types allowed for this visit type (empty: any)'),
  })
  .meta({ id: 'VisitType' });
export type VisitType = z.infer<typeof visitTypeSchema>;
export const visitTypeListResponseSchema = z.object({ rows: z.array(visitTypeSchema) });

export const providerTypeSchema = z
  .object({ id: z.number().int(), type: z.string() })
  .meta({ id: 'ProviderType' });
export type ProviderType = z.infer<typeof providerTypeSchema>;
export const providerTypeListResponseSchema = z.object({ rows: z.array(providerTypeSchema) });

export const insuranceSchema = z
  .object({ id: z.number().int(), name: z.string(), payerId: z.string().nullable() })
  .meta({ id: 'Insurance' });
export type Insurance = z.infer<typeof insuranceSchema>;
export const insuranceListResponseSchema = z.object({ rows: z.array(insuranceSchema) });

export const facilitySchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    referralSourceId: z.number().int(),
    email: z.string().nullable(),
    phoneNumber: z.string().nullable(),
    addressLine1: z.string().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    zipcode: z.string().nullable(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
  })
  .meta({ id: 'Facility' });
export type Facility = z.infer<typeof facilitySchema>;
export const facilityListQuerySchema = z.object({
  referralSourceId: idSchema.optional(),
});
export const facilityListResponseSchema = z.object({ rows: z.array(facilitySchema) });

/** A Carelane staff user offered as care coordinator, customer care coordinator or vendor manager. */
export const staffUserOptionSchema = z
  .object({ id: z.number().int(), firstName: z.string(), lastName: z.string(), roleId: z.number().int() })
  .meta({ id: 'StaffUserOption' });
export const staffUserListQuerySchema = z.object({ roleId: idSchema });
export const staffUserListResponseSchema = z.object({ rows: z.array(staffUserOptionSchema) });
