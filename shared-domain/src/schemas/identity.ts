import { z } from 'zod';
import { idSchema, idValueSchema, isoDateTimeSchema, pagingSchema, versionSchema } from './common';

export const emailIdSchema = z
  .email({ error: 'must be a valid email address' })
  .max(254)
  .transform((s) => s.toLowerCase());
export const passwordSchema = z
  .string()
  .min(10, { error: 'must be at least 10 characters' })
  .max(200, { error: 'must be at most 200 characters' });
export const phoneInputSchema = z
  .string()
  .max(30)
  .regex(/^\s*(\+?1[\s.-]?)?(\(\d{3}\)|\d{3})[\s.-]?\d{3}[\s.-]?\d{4}\s*$/, {
    error: 'must be a 10-digit phone number',
  });
export const nameSchema = z.string().trim().min(1, { error: 'is required' }).max(100);

export const userStatusSchema = z.enum(['ACTIVE', 'INACTIVE']);

/** Privileges: page key -> JSON text of that page's options (SPEC §6). */
export const privilegeMapSchema = z.record(z.string().regex(/^[A-Za-z][A-Za-z0-9.]*$/), z.string());
export type PrivilegeMap = z.infer<typeof privilegeMapSchema>;

export const roleSchema = z
  .object({
    roleId: z.number().int(),
    rolename: z.string().describe('Upper-cased role name'),
    description: z.string(),
    privileges: privilegeMapSchema,
    version: versionSchema,
  })
  .meta({ id: 'Role' });
export type Role = z.infer<typeof roleSchema>;

export const userSchema = z
  .object({
    id: z.number().int(),
    emailId: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    phoneNumber: z.string().nullable(),
    roleId: z.number().int(),
    rolename: z.string(),
    referralSourceId: z.number().int().nullable(),
    referralSourceName: z.string().nullable(),
    status: userStatusSchema,
    changePassword: z.boolean(),
    emailVerified: z.boolean(),
    phoneVerified: z.boolean(),
    privileges: privilegeMapSchema.describe('Per-user overrides of the role privileges'),
    lastLogin: isoDateTimeSchema.nullable(),
    createdAt: isoDateTimeSchema,
    updatedAt: isoDateTimeSchema,
    version: versionSchema,
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof userSchema>;

/**
 * The signed-in user as `GET /api/security/me` answers it: SPEC §3 "Current user" without the session token, which
 * only sign-in hands out (a page holding just the HttpOnly cookie must not be able to read it). `privileges` is
 * JSON text of the effective map.
 */
export const signedInUserSchema = z
  .object({
    id: z.number().int(),
    pin: z.string().nullable(),
    emailId: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    referralSourceId: z.number().int().nullable(),
    rolename: z.string(),
    roleId: z.number().int(),
    privileges: z.string().describe('JSON text: page key -> JSON text of options'),
    onboardStep: z.string().nullable(),
    onboardStepRS: z.string().nullable(),
    firstAssigment: z.boolean(),
    appDownloaded: z.boolean(),
    backOfficeSupportId: z.number().int().nullable(),
    changePassword: z.boolean(),
    idleTimeout: z.number().int().describe('Minutes of inactivity before the session ends'),
    impersonatorId: z.number().int().nullable().describe('Set while switched to another user'),
  })
  .meta({ id: 'SignedInUser' });
export type SignedInUser = z.infer<typeof signedInUserSchema>;

/** The signed-in user as SPEC §3 "Current user" lists it, token included: the user of a sign-in's answer. */
export const currentUserSchema = signedInUserSchema.extend({ token: z.string() }).meta({ id: 'CurrentUser' });
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const authenticateRequestSchema = z.object({
  emailId: z.string().trim().min(1, { error: 'is required' }).max(254),
  password: z.string().min(1, { error: 'is required' }).max(200),
});
export const authenticateResponseSchema = z
  .object({ user: z.array(currentUserSchema), token: z.string() })
  .meta({ id: 'AuthenticateResponse' });
export type AuthenticateResponse = z.infer<typeof authenticateResponseSchema>;

export const createUserRequestSchema = z.object({
  emailId: emailIdSchema,
  firstName: nameSchema,
  lastName: nameSchema,
  phoneNumber: phoneInputSchema.nullable().optional(),
  roleId: idValueSchema,
  referralSourceId: idValueSchema.nullable().optional(),
  password: passwordSchema.optional().describe('When absent, the user gets an emailed link to set one'),
});
export type CreateUserRequest = z.infer<typeof createUserRequestSchema>;

export const updateUserRequestSchema = z.object({
  firstName: nameSchema.optional(),
  lastName: nameSchema.optional(),
  phoneNumber: phoneInputSchema.nullable().optional(),
  roleId: idValueSchema.optional(),
  referralSourceId: idValueSchema.nullable().optional(),
  status: userStatusSchema.optional(),
  version: versionSchema,
});
export type UpdateUserRequest = z.infer<typeof updateUserRequestSchema>;

export const userListQuerySchema = z.object({
  pageNumber: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(1000).default(10),
  search: z.string().trim().max(100).optional(),
  roleId: idSchema.optional(),
  referralSourceId: idSchema.optional(),
  status: userStatusSchema.optional(),
  sort: z.enum(['name', 'emailId', 'roleId', 'lastLogin', 'createdAt']).default('name'),
  order: z.enum(['asc', 'desc']).default('asc'),
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;
export const userListResponseSchema = z
  .object({ rows: z.array(userSchema), paging: pagingSchema })
  .meta({ id: 'UserList' });

export const updatePrivilegesRequestSchema = z.object({
  privileges: privilegeMapSchema,
  version: versionSchema,
});

export const registrationRequestSchema = z.object({
  emailId: emailIdSchema,
  password: passwordSchema,
  firstName: nameSchema,
  lastName: nameSchema,
  phoneNumber: phoneInputSchema,
  /** Required without an invitation: the clinician's provider type. */
  providerTypeId: idValueSchema.optional(),
  /** The token of the invitation link the clinician registers from. */
  invitationToken: z.string().min(10).max(200).optional(),
});
export const forgotPasswordRequestSchema = z.object({
  emailId: z.string().trim().min(1, { error: 'is required' }).max(254),
});
export const resetPasswordRequestSchema = z.object({
  token: z.string().min(10).max(200),
  password: passwordSchema,
});
export const changePasswordRequestSchema = z.object({
  currentPassword: z.string().min(1, { error: 'is required' }).max(200),
  newPassword: passwordSchema,
});
export const verifyEmailRequestSchema = z.object({ token: z.string().min(10).max(200) });
export const verifyPhoneRequestSchema = z.object({
  code: z.string().regex(/^\d{6}$/, { error: 'must be the 6-digit code' }),
});
export const switchUserRequestSchema = z.object({ userId: idValueSchema });
