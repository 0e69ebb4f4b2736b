import { z } from 'zod';
import { idValueSchema, isoDateTimeSchema, pagingQuerySchema, pagingSchema, versionSchema } from '../common';

export const groupStatusSchema = z.enum(['ACTIVE', 'INACTIVE']);

/** A clinician group: a team staff assign work or broadcast to (SPEC §3 "group": fields not shown, ours). */
export const groupSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string(),
    status: groupStatusSchema,
    memberCount: z.number().int(),
    createdAt: isoDateTimeSchema,
    updatedAt: isoDateTimeSchema,
    version: versionSchema,
  })
  .meta({ id: 'Group' });
export type Group = z.infer<typeof groupSchema>;

/** A clinician as a group lists it. */
export const groupMemberSchema = z.object({
  providerId: z.number().int(),
  givenName: z.string(),
  familyName: z.string(),
  providerTypeId: z.number().int(),
  providerType: z.string(),
  city: z.string().nullable(),
  state: z.string().nullable(),
});
export type GroupMember = z.infer<typeof groupMemberSchema>;

export const groupDetailSchema = groupSchema.extend({ members: z.array(groupMemberSchema) }).meta({
  id: 'GroupDetail',
});
export type GroupDetail = z.infer<typeof groupDetailSchema>;

export const groupInputSchema = z.object({
  name: z.string().trim().min(1, { error: 'is required' }).max(100),
  description: z.string().trim().max(2000).optional(),
  status: groupStatusSchema.optional(),
  providerIds: z
    .array(idValueSchema)
    .max(2000)
    .refine((ids) => new Set(ids).size === ids.length, { error: 'must not repeat a clinician' })
    .optional()
    .describe('The whole member list; absent leaves the members as they are'),
});
export type GroupInput = z.infer<typeof groupInputSchema>;
export const groupUpdateSchema = groupInputSchema.partial().extend({ version: versionSchema });

export const groupListQuerySchema = pagingQuerySchema.extend({
  search: z.string().trim().max(100).optional(),
  status: z.enum(['ACTIVE', 'INACTIVE', 'ALL']).default('ALL'),
});
export type GroupListQuery = z.infer<typeof groupListQuerySchema>;
export const groupListResponseSchema = z.object({ rows: z.array(groupSchema), paging: pagingSchema });

export const groupCandidateQuerySchema = z.object({
  search: z.string().trim().min(1, { error: 'is required' }).max(100),
});
export const groupCandidatesResponseSchema = z.object({ rows: z.array(groupMemberSchema) });
