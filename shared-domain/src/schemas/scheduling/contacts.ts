import { z } from 'zod';
import {
  booleanTextSchema,
  idSchema,
  idValueSchema,
  isoDateTimeSchema,
  pagingQuerySchema,
  pagingSchema,
  versionQuerySchema,
  versionSchema,
} from '../common';
import { nameSchema, phoneInputSchema } from '../identity';

/** A contact (SPEC §3: phoneNumber, primaryPhone): a person at an organization, a family member, a case manager. */
export const contactSchema = z
  .object({
    id: z.number().int(),
    firstName: z.string(),
    lastName: z.string(),
    title: z.string().nullable(),
    relationship: z.string().nullable(),
    email: z.string().nullable(),
    phoneNumber: z.string().nullable(),
    primaryPhone: z.string().nullable(),
    referralSourceId: z.number().int().nullable(),
    referralSourceName: z.string().nullable(),
    isCaseManager: z.boolean(),
    createdAt: isoDateTimeSchema,
    updatedAt: isoDateTimeSchema,
    version: versionSchema,
  })
  .meta({ id: 'Contact' });
export type Contact = z.infer<typeof contactSchema>;

const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();

export const contactInputSchema = z.object({
  firstName: nameSchema,
  lastName: nameSchema,
  title: optionalText(100),
  relationship: optionalText(100),
  email: z.email({ error: 'must be a valid email address' }).max(254).nullable().optional(),
  phoneNumber: phoneInputSchema.nullable().optional(),
  primaryPhone: phoneInputSchema.nullable().optional(),
  referralSourceId: idValueSchema.nullable().optional(),
  isCaseManager: z.boolean().optional(),
});
export type ContactInput = z.infer<typeof contactInputSchema>;
export const contactUpdateSchema = contactInputSchema.partial().extend({ version: versionSchema });

export const contactListQuerySchema = pagingQuerySchema.extend({
  search: z.string().trim().max(100).optional().describe('Name, email or title'),
  referralSourceId: idSchema.optional(),
  isCaseManager: booleanTextSchema.optional(),
});
export type ContactListQuery = z.input<typeof contactListQuerySchema>;
export const contactListResponseSchema = z.object({ rows: z.array(contactSchema), paging: pagingSchema });
/** Deleting sends the version read, like an edit. */
export const contactDeleteQuerySchema = z.object({ version: versionQuerySchema });
