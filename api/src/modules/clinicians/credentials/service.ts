// Credentials: the catalogue (administrators), a clinician's credentials and files (the clinician or staff),
// and their review (credential reviewers). Each operation is one transaction with its audit record and event.
import {
  approvalRefusal,
  CATEGORY_CHANGED_MESSAGE,
  canReviewCredentials,
  credentialGapsOn,
  CREDENTIAL_MESSAGES,
  parsePrivilegeMap,
  type CredentialCategoryChange,
  type CredentialQueue,
  type CredentialQueueQuery,
  type CredentialReview,
  type CredentialTypeInput,
  type ProviderCredential,
  type ProviderCredentialInput,
  type ProviderCredentialList,
  type ProviderFile,
  type ProviderFileList,
  type ProviderFileListQuery,
} from '@carelane/shared-domain';
import type { Executor } from '../../../db/client';
import { sha256 } from '../../../lib/crypto';
import {
  badRequest,
  conflict,
  forbidden,
  isUniqueViolation,
  notFound,
  staleVersion,
} from '../../../lib/errors';
import { localIsoDate } from '../../../lib/local-date';
import { pagingOf } from '../../../lib/paging';
import { recordAudit } from '../../../services/audit';
import type { AppServices } from '../../../services/app-services';
import { requireActor, type Actor, type RequestContext } from '../../../services/context';
import { requiredCredentials } from '../../../services/credentials-at-date';
import { publishEvent } from '../../../services/events';
import { checkUpload, fileSizeLimitMb } from '../../../services/file-upload';
import { loadClinician, ownClinicianId } from '../access';
import { recomputeCredentialStates } from '../credential-expiry/repository';
import * as repo from './repository';

const CREDENTIAL = 'providerCredential';
const CREDENTIAL_THING = 'Credential';
const CREDENTIAL_TYPE_THING = 'Credential type';

function requireReviewer(actor: Actor): void {
  if (!canReviewCredentials(parsePrivilegeMap(actor.privileges))) throw forbidden();
}

const asIso = (value: Date | string | null) => (value instanceof Date ? value.toISOString() : value);

type CredentialView = NonNullable<Awaited<ReturnType<typeof repo.findCredentialView>>>;
function toCredential(row: CredentialView): ProviderCredential {
  return {
    ...row,
    status: row.status as ProviderCredential['status'],
    reviewedAt: asIso(row.reviewedAt),
    createdAt: asIso(row.createdAt)!,
  };
}

async function credentialView(ex: Executor, id: number): Promise<ProviderCredential> {
  return toCredential((await repo.findCredentialView(ex, id))!);
}

export async function listCredentialTypes(services: AppServices) {
  const rows = await repo.listCredentialTypes(services.db);
  return { rows: rows.map((r) => ({ ...r, category: r.category as CredentialTypeInput['category'] })) };
}

async function saveCredentialType(
  services: AppServices,
  ctx: RequestContext,
  input: CredentialTypeInput,
  existing?: { id: number; version: number },
) {
  try {
    const id = await services.db.transaction(async (tx) => {
      const before = existing ? await repo.findCredentialType(tx, existing.id) : undefined;
      if (existing && !before) throw notFound(CREDENTIAL_TYPE_THING);
      let id = existing?.id;
      if (existing) {
        if (!(await repo.updateCredentialType(tx, existing.id, input, existing.version)))
          throw staleVersion('credential type');
      } else id = await repo.insertCredentialType(tx, input);
      await repo.replaceRequirements(tx, id!, input.providerTypeIds);
      await recordAudit(tx, ctx, {
        entity: 'credentialType',
        entityId: id!,
        action: existing ? 'UPDATE' : 'CREATE',
        before: before ?? null,
        after: input,
      });
      await publishEvent(tx, { entity: 'credentialType', id: id!, action: existing ? 'updated' : 'created' });
      return id!;
    });
    return (await listCredentialTypes(services)).rows.find((r) => r.id === id)!;
  } catch (error) {
    if (isUniqueViolation(error)) throw badRequest('name', 'is already the name of another credential type');
    throw error;
  }
}

export const createCredentialType = (
  services: AppServices,
  ctx: RequestContext,
  input: CredentialTypeInput,
) => saveCredentialType(services, ctx, input);

export const updateCredentialType = (
  services: AppServices,
  ctx: RequestContext,
  id: number,
  input: CredentialTypeInput & { version: number },
) => saveCredentialType(services, ctx, input, { id, version: input.version });

/** A clinician's credentials, what their type requires and what they lack today. */
export async function listProviderCredentials(
  services: AppServices,
  ctx: RequestContext,
  providerId: number,
): Promise<ProviderCredentialList> {
  const clinician = await loadClinician(services.db, requireActor(ctx), providerId);
  const [rows, required, limit] = await Promise.all([
    repo.listCredentials(services.db, clinician.id),
    requiredCredentials(services.db, clinician.providerTypeId),
    fileSizeLimitMb(services.db),
  ]);
  const credentials = rows.map(toCredential);
  return {
    providerId: clinician.id,
    providerName: `${clinician.givenName} ${clinician.familyName}`,
    providerTypeId: clinician.providerTypeId,
    rows: credentials,
    required,
    gapsToday: credentialGapsOn(required, credentials, localIsoDate(new Date())),
    fileSizeLimitMb: limit,
  };
}

/** The signed-in clinician's own credentials. */
export async function listOwnCredentials(services: AppServices, ctx: RequestContext) {
  return listProviderCredentials(services, ctx, await ownClinicianId(services.db, requireActor(ctx)));
}

/** A credential submitted by the clinician or for them: Submitted, waiting for review. */
export async function submitCredential(
  services: AppServices,
  ctx: RequestContext,
  providerId: number,
  input: ProviderCredentialInput,
): Promise<ProviderCredential> {
  const actor = requireActor(ctx);
  return services.db.transaction(async (tx) => {
    const clinician = await loadClinician(tx, actor, providerId);
    const type = await repo.findCredentialType(tx, input.credentialTypeId);
    if (!type || !type.active) throw badRequest('credentialTypeId', 'is not a known credential type');
    if (type.expires && !input.expiresOn) throw badRequest('expiresOn', CREDENTIAL_MESSAGES.expiryRequired);
    if (input.fileId !== null && !(await repo.findProviderFile(tx, clinician.id, input.fileId)))
      throw badRequest('fileId', CREDENTIAL_MESSAGES.notTheirFile);
    const id = await repo.insertCredential(tx, {
      providerId: clinician.id,
      credentialTypeId: type.id,
      number: input.number || null,
      issuingState: input.issuingState,
      issuedOn: input.issuedOn,
      expiresOn: type.expires ? input.expiresOn : null,
      fileId: input.fileId,
      status: 'Submitted',
    });
    await recordAudit(tx, ctx, {
      entity: CREDENTIAL,
      entityId: id,
      action: 'CREATE',
      before: null,
      after: input,
    });
    await publishEvent(tx, { entity: CREDENTIAL, id, action: 'created' });
    return credentialView(tx, id);
  });
}

const REVIEW_FROM: Record<CredentialReview['action'], readonly string[]> = {
  startReview: ['Submitted'],
  approve: ['Submitted', 'InReview'],
  reject: ['Submitted', 'InReview'],
};

async function reviewableCredential(ex: Executor, actor: Actor, providerId: number, credentialId: number) {
  requireReviewer(actor);
  const clinician = await loadClinician(ex, actor, providerId);
  const credential = await repo.findCredential(ex, clinician.id, credentialId);
  if (!credential) throw notFound(CREDENTIAL_THING);
  return credential;
}

/** Starts the review of, approves or rejects a credential; of two reviewers at once one wins, the other gets 409. */
export async function reviewCredential(
  services: AppServices,
  ctx: RequestContext,
  providerId: number,
  credentialId: number,
  review: CredentialReview,
): Promise<ProviderCredential> {
  const actor = requireActor(ctx);
  return services.db.transaction(async (tx) => {
    const credential = await reviewableCredential(tx, actor, providerId, credentialId);
    if (credential.version !== review.version)
      throw conflict(CREDENTIAL_MESSAGES.reviewedMeanwhile, 'STALE_VERSION');
    const from = REVIEW_FROM[review.action];
    if (!from.includes(credential.status))
      throw conflict(CREDENTIAL_MESSAGES.notReviewable(credential.status));
    const refusal =
      review.action === 'approve'
        ? approvalRefusal(credential, await repo.findCredentialType(tx, credential.credentialTypeId))
        : null;
    if (refusal) throw conflict(refusal, 'NO_SCAN');
    const after = await repo.updateCredential(tx, credential, from, {
      status:
        review.action === 'startReview' ? 'InReview' : review.action === 'approve' ? 'Approved' : 'Rejected',
      rejectReason: review.action === 'reject' ? review.rejectReason : null,
      reviewedBy: actor.userId,
      reviewedAt: new Date(),
    });
    if (!after) throw conflict(CREDENTIAL_MESSAGES.reviewedMeanwhile, 'STALE_VERSION');
    await recordAudit(tx, ctx, {
      entity: CREDENTIAL,
      entityId: credential.id,
      action: 'UPDATE',
      before: credential,
      after,
    });
    // Today's credential state, and a clinician in review who finished onboarding becomes Active.
    await recomputeCredentialStates(tx, localIsoDate(new Date()), {
      providerId: credential.providerId,
      userId: actor.userId,
      email: actor.emailId,
    });
    await publishEvent(tx, { entity: CREDENTIAL, id: credential.id, action: 'updated' });
    return credentialView(tx, credential.id);
  });
}

/** Moves a credential to another type (SPEC §4 "credential category changed"). */
export async function changeCredentialCategory(
  services: AppServices,
  ctx: RequestContext,
  providerId: number,
  credentialId: number,
  change: CredentialCategoryChange,
): Promise<{ message: string; credential: ProviderCredential }> {
  const actor = requireActor(ctx);
  return services.db.transaction(async (tx) => {
    const credential = await reviewableCredential(tx, actor, providerId, credentialId);
    if (credential.version !== change.version)
      throw conflict(CREDENTIAL_MESSAGES.reviewedMeanwhile, 'STALE_VERSION');
    const type = await repo.findCredentialType(tx, change.credentialTypeId);
    if (!type || !type.active) throw badRequest('credentialTypeId', 'is not a known credential type');
    const after = await repo.updateCredential(tx, credential, [credential.status], {
      credentialTypeId: type.id,
      expiresOn: type.expires ? credential.expiresOn : null,
    });
    if (!after) throw conflict(CREDENTIAL_MESSAGES.reviewedMeanwhile, 'STALE_VERSION');
    await recordAudit(tx, ctx, {
      entity: CREDENTIAL,
      entityId: credential.id,
      action: 'UPDATE',
      before: credential,
      after,
    });
    await publishEvent(tx, { entity: CREDENTIAL, id: credential.id, action: 'updated' });
    return { message: CATEGORY_CHANGED_MESSAGE, credential: await credentialView(tx, credential.id) };
  });
}

/** The credentials waiting for review (or of one status), oldest first. */
export async function credentialQueue(
  services: AppServices,
  ctx: RequestContext,
  q: CredentialQueueQuery,
): Promise<CredentialQueue> {
  requireReviewer(requireActor(ctx));
  const { rows, totalCount } = await repo.listQueue(services.db, q);
  return { rows: rows.map(toCredential), paging: pagingOf(q, totalCount) };
}

/** Stores a clinician's file (a credential scan) after decision 012's checks, with its SHA-256. */
export async function uploadProviderFile(
  services: AppServices,
  ctx: RequestContext,
  providerId: number,
  fileName: string,
  content: Buffer,
): Promise<ProviderFile> {
  const actor = requireActor(ctx);
  return services.db.transaction(async (tx) => {
    const clinician = await loadClinician(tx, actor, providerId);
    const contentType = await checkUpload(tx, fileName, content);
    const file = await repo.insertProviderFile(tx, {
      providerId: clinician.id,
      fileName,
      contentType,
      sizeBytes: content.length,
      sha256: sha256(content),
      content,
      uploadedBy: actor.userId,
    });
    const record = {
      providerId: clinician.id,
      fileName,
      contentType,
      sizeBytes: content.length,
      sha256: file.sha256,
    };
    await recordAudit(tx, ctx, {
      entity: 'providerFile',
      entityId: file.id,
      action: 'CREATE',
      before: null,
      after: record,
    });
    return { ...file, uploadedAt: file.uploadedAt.toISOString() };
  });
}

/** A page of the clinician's stored files, newest first, with what each belongs to (the clinician or staff). */
export async function listProviderFiles(
  services: AppServices,
  ctx: RequestContext,
  providerId: number,
  page: ProviderFileListQuery,
): Promise<ProviderFileList> {
  const clinician = await loadClinician(services.db, requireActor(ctx), providerId);
  const { rows, totalCount } = await repo.listProviderFiles(services.db, clinician.id, page);
  return {
    rows: rows.map(({ credentialId, credentialType, uploadedAt, ...row }) => ({
      ...row,
      uploadedAt: uploadedAt.toISOString(),
      credential:
        credentialId !== null && credentialType !== null
          ? { id: Number(credentialId), credentialType }
          : null,
    })),
    paging: pagingOf(page, totalCount),
  };
}

export async function downloadProviderFile(
  services: AppServices,
  ctx: RequestContext,
  providerId: number,
  fileId: number,
): Promise<{ fileName: string; contentType: string; content: Buffer }> {
  const clinician = await loadClinician(services.db, requireActor(ctx), providerId);
  const file = await repo.findProviderFile(services.db, clinician.id, fileId);
  if (!file) throw notFound('File');
  return file;
}
