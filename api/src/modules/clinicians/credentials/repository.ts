// SQL of credentials: the catalogue, a clinician's credentials and files, the review queue.
import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { CredentialQueueQuery, CredentialTypeInput } from '@carelane/shared-domain';
import {
  credentialRequirements,
  credentialTypes,
  providerCredentials,
  providerFiles,
  providers,
  users,
} from '../../../db/schema';
import type { Executor } from '../../../db/client';

export type CredentialRow = typeof providerCredentials.$inferSelect;

export async function listCredentialTypes(ex: Executor) {
  return ex
    .select({
      id: credentialTypes.id,
      name: credentialTypes.name,
      category: credentialTypes.category,
      expires: credentialTypes.expires,
      active: credentialTypes.active,
      version: credentialTypes.version,
      providerTypeIds: sql<
        number[]
      >`coalesce((select array_agg(r.provider_type_id order by r.provider_type_id)
        from ${credentialRequirements} r where r.credential_type_id = ${credentialTypes.id}), '{}')`,
    })
    .from(credentialTypes)
    .orderBy(asc(credentialTypes.category), asc(credentialTypes.name));
}

export async function findCredentialType(ex: Executor, id: number) {
  const [row] = await ex.select().from(credentialTypes).where(eq(credentialTypes.id, id));
  return row;
}

export async function insertCredentialType(ex: Executor, input: CredentialTypeInput): Promise<number> {
  const [row] = await ex
    .insert(credentialTypes)
    .values({ name: input.name, category: input.category, expires: input.expires, active: input.active })
    .returning({ id: credentialTypes.id });
  return row!.id;
}

/** Updates the type read at `version`; false when someone changed it meanwhile. */
export async function updateCredentialType(
  ex: Executor,
  id: number,
  input: CredentialTypeInput,
  version: number,
): Promise<boolean> {
  const rows = await ex
    .update(credentialTypes)
    .set({
      name: input.name,
      category: input.category,
      expires: input.expires,
      active: input.active,
      updatedAt: sql`now()`,
      version: version + 1,
    })
    .where(and(eq(credentialTypes.id, id), eq(credentialTypes.version, version)))
    .returning({ id: credentialTypes.id });
  return rows.length > 0;
}

export async function replaceRequirements(ex: Executor, credentialTypeId: number, providerTypeIds: number[]) {
  await ex
    .delete(credentialRequirements)
    .where(eq(credentialRequirements.credentialTypeId, credentialTypeId));
  if (providerTypeIds.length)
    await ex
      .insert(credentialRequirements)
      .values([...new Set(providerTypeIds)].map((providerTypeId) => ({ providerTypeId, credentialTypeId })));
}

const credentialColumns = {
  id: providerCredentials.id,
  providerId: providerCredentials.providerId,
  providerName: sql<string>`${providers.givenName} || ' ' || ${providers.familyName}`,
  providerTypeId: providers.providerTypeId,
  credentialTypeId: providerCredentials.credentialTypeId,
  credentialType: credentialTypes.name,
  category: credentialTypes.category,
  number: providerCredentials.number,
  issuingState: providerCredentials.issuingState,
  issuedOn: providerCredentials.issuedOn,
  expiresOn: providerCredentials.expiresOn,
  status: providerCredentials.status,
  rejectReason: providerCredentials.rejectReason,
  fileId: providerCredentials.fileId,
  fileName: providerFiles.fileName,
  reviewedByName: sql<string | null>`case when ${users.id} is null then null
    else ${users.firstName} || ' ' || ${users.lastName} end`,
  reviewedAt: providerCredentials.reviewedAt,
  createdAt: providerCredentials.createdAt,
  version: providerCredentials.version,
};

function selectCredentials(ex: Executor) {
  return ex
    .select(credentialColumns)
    .from(providerCredentials)
    .innerJoin(providers, eq(providers.id, providerCredentials.providerId))
    .innerJoin(credentialTypes, eq(credentialTypes.id, providerCredentials.credentialTypeId))
    .leftJoin(providerFiles, eq(providerFiles.id, providerCredentials.fileId))
    .leftJoin(users, eq(users.id, providerCredentials.reviewedBy));
}

/** A clinician's credentials, by type name, newest first within a type. */
export async function listCredentials(ex: Executor, providerId: number) {
  return selectCredentials(ex)
    .where(eq(providerCredentials.providerId, providerId))
    .orderBy(
      asc(credentialTypes.name),
      sql`${providerCredentials.createdAt} desc`,
      asc(providerCredentials.id),
    );
}

export async function findCredentialView(ex: Executor, id: number) {
  const [row] = await selectCredentials(ex).where(eq(providerCredentials.id, id));
  return row;
}

export async function findCredential(
  ex: Executor,
  providerId: number,
  id: number,
): Promise<CredentialRow | undefined> {
  const [row] = await ex
    .select()
    .from(providerCredentials)
    .where(and(eq(providerCredentials.id, id), eq(providerCredentials.providerId, providerId)));
  return row;
}

export async function insertCredential(
  ex: Executor,
  values: Omit<typeof providerCredentials.$inferInsert, 'id'>,
): Promise<number> {
  const [row] = await ex.insert(providerCredentials).values(values).returning({ id: providerCredentials.id });
  return row!.id;
}

/**
 * Changes the credential read at `from` (its version and one of `statuses`); undefined when it was reviewed or
 * changed meanwhile, so of two reviewers at once exactly one wins.
 */
export async function updateCredential(
  ex: Executor,
  from: CredentialRow,
  statuses: readonly string[],
  changes: Partial<typeof providerCredentials.$inferInsert>,
): Promise<CredentialRow | undefined> {
  const [row] = await ex
    .update(providerCredentials)
    .set({ ...changes, updatedAt: sql`now()`, version: from.version + 1 })
    .where(
      and(
        eq(providerCredentials.id, from.id),
        eq(providerCredentials.version, from.version),
        inArray(providerCredentials.status, [...statuses]),
      ),
    )
    .returning();
  return row;
}

/** The review queue: one page and the total, oldest first. */
export async function listQueue(ex: Executor, q: CredentialQueueQuery) {
  const statuses = q.status === 'Waiting' ? ['Submitted', 'InReview'] : [q.status];
  const where: SQL | undefined = and(
    inArray(providerCredentials.status, statuses),
    q.providerTypeId ? eq(providers.providerTypeId, q.providerTypeId) : undefined,
    q.credentialTypeId ? eq(providerCredentials.credentialTypeId, q.credentialTypeId) : undefined,
  );
  const rows = await selectCredentials(ex)
    .where(where)
    .orderBy(asc(providerCredentials.createdAt), asc(providerCredentials.id))
    .limit(q.pageSize)
    .offset((q.pageNumber - 1) * q.pageSize);
  const [count] = await ex
    .select({ n: sql<number>`count(*)::int` })
    .from(providerCredentials)
    .innerJoin(providers, eq(providers.id, providerCredentials.providerId))
    .where(where);
  return { rows, totalCount: count?.n ?? 0 };
}

export async function insertProviderFile(
  ex: Executor,
  values: Omit<typeof providerFiles.$inferInsert, 'id' | 'uploadedAt' | 'deletedAt'>,
) {
  const [row] = await ex.insert(providerFiles).values(values).returning({
    id: providerFiles.id,
    providerId: providerFiles.providerId,
    fileName: providerFiles.fileName,
    contentType: providerFiles.contentType,
    sizeBytes: providerFiles.sizeBytes,
    sha256: providerFiles.sha256,
    uploadedAt: providerFiles.uploadedAt,
  });
  return row!;
}

/** A clinician's file that is not deleted, with or without its bytes. */
export async function findProviderFile(ex: Executor, providerId: number, fileId: number) {
  const [row] = await ex
    .select()
    .from(providerFiles)
    .where(
      and(
        eq(providerFiles.id, fileId),
        eq(providerFiles.providerId, providerId),
        isNull(providerFiles.deletedAt),
      ),
    );
  return row;
}

/**
 * A page of the clinician's files that are not deleted, newest first, with who stored each, the credential it
 * is the scan of (the newest such credential) and the signed agreement it is the PDF of, and how many they have.
 */
export async function listProviderFiles(
  ex: Executor,
  providerId: number,
  page: { pageNumber: number; pageSize: number },
) {
  const where = and(eq(providerFiles.providerId, providerId), isNull(providerFiles.deletedAt));
  const newestCredential = sql`from provider_credentials pc join credential_types ct on ct.id = pc.credential_type_id
    where pc.file_id = ${providerFiles.id} order by pc.created_at desc, pc.id desc limit 1`;
  const [rows, [count]] = await Promise.all([
    ex
      .select({
        id: providerFiles.id,
        providerId: providerFiles.providerId,
        fileName: providerFiles.fileName,
        contentType: providerFiles.contentType,
        sizeBytes: providerFiles.sizeBytes,
        uploadedAt: providerFiles.uploadedAt,
        uploadedByName: sql<string | null>`case when ${users.id} is null then null
          else ${users.firstName} || ' ' || ${users.lastName} end`,
        credentialId: sql<number | null>`(select pc.id ${newestCredential})`,
        credentialType: sql<string | null>`(select ct.name ${newestCredential})`,
        agreement: sql<string | null>`(select pa.template_name || ' v' || pa.template_version
          from provider_agreements pa where pa.file_id = ${providerFiles.id} order by pa.id desc limit 1)`,
      })
      .from(providerFiles)
      .leftJoin(users, eq(users.id, providerFiles.uploadedBy))
      .where(where)
      .orderBy(desc(providerFiles.uploadedAt), desc(providerFiles.id))
      .limit(page.pageSize)
      .offset((page.pageNumber - 1) * page.pageSize),
    ex
      .select({ n: sql<number>`count(*)::int` })
      .from(providerFiles)
      .where(where),
  ]);
  return { rows, totalCount: count?.n ?? 0 };
}
