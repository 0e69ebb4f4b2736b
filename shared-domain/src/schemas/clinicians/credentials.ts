// Credentials (issue 11): the catalogue of credential types per provider type, the credentials a clinician
// holds, their review, and the review queue. The rule deciding "fully credentialed on a date" is
// credentials/credential-rule.ts.
import { z } from 'zod';
import { CREDENTIAL_STATUSES } from '../../credentials/credential-rule';
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

export const CREDENTIAL_CATEGORIES = ['Licence', 'Health', 'Background', 'Insurance', 'Employment'] as const;
export const credentialStatusSchema = z.enum(CREDENTIAL_STATUSES);

/** SPEC §4 "credential category changed": the toast after a credential moves to another type. */
export const CATEGORY_CHANGED_MESSAGE = 'Category changed successfully!';
export const CREDENTIAL_MESSAGES = {
  expiryBeforeIssue: 'must be on or after the issue date',
  expiryRequired: 'is required for this credential type',
  rejectReasonRequired: 'is required to reject a credential',
  notTheirFile: "is not one of this clinician's files",
  reviewedMeanwhile:
    'This credential was just reviewed or changed by someone else. Reload it to see its status.',
  notReviewable: (status: string) => `A credential that is ${status} cannot be reviewed.`,
  noScanToApprove: 'No scan was attached: a credential that expires cannot be approved without its scan.',
} as const;

/**
 * Why a credential cannot be approved as it is, or null when it can: a credential that expires (licence, CPR
 * card, insurance…) is approved from its scan, whose dates the reviewer checks; one that does not (a background
 * check the agency ran, references) may have none.
 */
export function approvalRefusal(
  credential: { fileId: number | null },
  type: { expires: boolean } | undefined,
): string | null {
  return credential.fileId === null && (type?.expires ?? true) ? CREDENTIAL_MESSAGES.noScanToApprove : null;
}

export const credentialTypeSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    category: z.enum(CREDENTIAL_CATEGORIES),
    expires: z.boolean(),
    active: z.boolean(),
    /** The provider types that require it. */
    providerTypeIds: z.array(z.number().int()),
    version: z.number().int(),
  })
  .meta({ id: 'CredentialType' });
export type CredentialType = z.infer<typeof credentialTypeSchema>;
export const credentialTypeListSchema = z.object({ rows: z.array(credentialTypeSchema) });

export const credentialTypeInputSchema = z.object({
  name: z.string().trim().min(1, { error: 'is required' }).max(100),
  category: z.enum(CREDENTIAL_CATEGORIES),
  expires: z.boolean(),
  active: z.boolean().default(true),
  providerTypeIds: z.array(idValueSchema).max(50),
});
export type CredentialTypeInput = z.infer<typeof credentialTypeInputSchema>;
export const credentialTypeUpdateSchema = credentialTypeInputSchema.extend({ version: versionSchema });

const upperStateCodeSchema = stateCodeSchema.transform((s) => s.toUpperCase());

/** A credential as submitted (by the clinician or for them); the issue date and file are optional. */
export const providerCredentialInputSchema = z
  .object({
    credentialTypeId: idValueSchema,
    number: z.string().trim().max(60).nullable().default(null),
    issuingState: upperStateCodeSchema.nullable().default(null),
    issuedOn: boundedDateSchema.nullable().default(null),
    expiresOn: boundedDateSchema.nullable().default(null),
    fileId: idValueSchema.nullable().default(null),
  })
  .superRefine((c, ctx) => {
    if (c.issuedOn && c.expiresOn && c.expiresOn < c.issuedOn)
      ctx.addIssue({ code: 'custom', path: ['expiresOn'], message: CREDENTIAL_MESSAGES.expiryBeforeIssue });
  });
export type ProviderCredentialInput = z.infer<typeof providerCredentialInputSchema>;

export const providerCredentialSchema = z
  .object({
    id: z.number().int(),
    providerId: z.number().int(),
    providerName: z.string(),
    providerTypeId: z.number().int(),
    credentialTypeId: z.number().int(),
    credentialType: z.string(),
    category: z.string(),
    number: z.string().nullable(),
    issuingState: z.string().nullable(),
    issuedOn: z.string().nullable(),
    expiresOn: z.string().nullable(),
    status: credentialStatusSchema,
    rejectReason: z.string().nullable(),
    fileId: z.number().int().nullable(),
    fileName: z.string().nullable(),
    reviewedByName: z.string().nullable(),
    reviewedAt: isoDateTimeSchema.nullable(),
    createdAt: isoDateTimeSchema,
    version: z.number().int(),
  })
  .meta({ id: 'ProviderCredential' });
export type ProviderCredential = z.infer<typeof providerCredentialSchema>;

/** A clinician's credentials with what their provider type requires and what they lack today. */
export const providerCredentialListSchema = z.object({
  providerId: z.number().int(),
  providerName: z.string(),
  providerTypeId: z.number().int(),
  rows: z.array(providerCredentialSchema),
  required: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** The rule's answer for today: what is missing, expired or not approved. */
  gapsToday: z.array(z.object({ credentialTypeId: z.number().int(), name: z.string(), reason: z.string() })),
  fileSizeLimitMb: z.number(),
});
export type ProviderCredentialList = z.infer<typeof providerCredentialListSchema>;

export const credentialParamsSchema = z.object({ id: idSchema, credentialId: idSchema });
export const providerFileParamsSchema = z.object({ id: idSchema, fileId: idSchema });

/** Submitted → InReview (startReview) → Approved (approve) or Rejected (reject, with a reason). */
export const credentialReviewSchema = z
  .object({
    action: z.enum(['startReview', 'approve', 'reject']),
    rejectReason: z.string().trim().max(500).nullable().default(null),
    version: versionSchema,
  })
  .superRefine((r, ctx) => {
    if (r.action === 'reject' && !r.rejectReason)
      ctx.addIssue({
        code: 'custom',
        path: ['rejectReason'],
        message: CREDENTIAL_MESSAGES.rejectReasonRequired,
      });
  });
export type CredentialReview = z.infer<typeof credentialReviewSchema>;

export const credentialCategoryChangeSchema = z.object({
  credentialTypeId: idValueSchema,
  version: versionSchema,
});
export type CredentialCategoryChange = z.infer<typeof credentialCategoryChangeSchema>;

/** The review queue: credentials waiting (Submitted, InReview by default), oldest first. */
export const credentialQueueQuerySchema = pagingQuerySchema.extend({
  status: z.enum(['Waiting', ...CREDENTIAL_STATUSES]).default('Waiting'),
  providerTypeId: idSchema.optional(),
  credentialTypeId: idSchema.optional(),
});
export type CredentialQueueQuery = z.infer<typeof credentialQueueQuerySchema>;
export const credentialQueueSchema = z.object({
  rows: z.array(providerCredentialSchema),
  paging: pagingSchema,
});
export type CredentialQueue = z.infer<typeof credentialQueueSchema>;

export const providerFileSchema = z.object({
  id: z.number().int(),
  providerId: z.number().int(),
  fileName: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int(),
  sha256: z.string(),
  uploadedAt: isoDateTimeSchema,
});
export type ProviderFile = z.infer<typeof providerFileSchema>;

/** `GET /api/fileserver/providers/:id/files`: a page of the clinician's stored files (10 by default). */
export const providerFileListQuerySchema = pagingQuerySchema;
export type ProviderFileListQuery = z.infer<typeof providerFileListQuerySchema>;
/** One stored file of a clinician, newest first: what it belongs to (a credential, a signed agreement) and who stored it. */
export const providerFileRowSchema = providerFileSchema.omit({ sha256: true }).extend({
  uploadedByName: z.string().nullable(),
  /** The credential the file is the scan of (the newest, when several point to it), or null. */
  credential: z.object({ id: z.number().int(), credentialType: z.string() }).nullable(),
  /** The signed agreement the file is the PDF of ('Name v2'), or null. */
  agreement: z.string().nullable(),
});
export type ProviderFileRow = z.infer<typeof providerFileRowSchema>;
export const providerFileListSchema = z.object({
  rows: z.array(providerFileRowSchema),
  paging: pagingSchema,
});
export type ProviderFileList = z.infer<typeof providerFileListSchema>;
