// SQL of agreements: the versioned templates, which apply to a clinician, and the agreements they signed.
// "Latest" is the highest active version of a template's name: the version clinicians sign, and the one
// onboarding's Contract step reads (onboarding/repository.ts onboardingFacts).
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { AgreementFormField, SignaturePosition } from '@carelane/shared-domain';
import { agreementTemplates, providerAgreements, providerFiles, users } from '../../../db/schema';
import type { Executor } from '../../../db/client';

export type TemplateRow = typeof agreementTemplates.$inferSelect;

/** The highest active version of `name` (null when none is active). */
const latestVersionOf = (name: unknown) =>
  sql`(select max(b.version) from ${agreementTemplates} b where b.name = ${name} and b.active)`;

const templateColumns = {
  id: agreementTemplates.id,
  name: agreementTemplates.name,
  version: agreementTemplates.version,
  body: agreementTemplates.body,
  formFields: sql<AgreementFormField[]>`${agreementTemplates.formFields}`,
  signaturePosition: sql<SignaturePosition>`${agreementTemplates.signaturePosition}`,
  includeDate: agreementTemplates.includeDate,
  providerTypeIds: agreementTemplates.providerTypeIds,
  requiredForOnboarding: agreementTemplates.requiredForOnboarding,
  active: agreementTemplates.active,
  latest: sql<boolean>`(${agreementTemplates.active} and ${agreementTemplates.version} = ${latestVersionOf(agreementTemplates.name)})`,
  createdAt: agreementTemplates.createdAt,
};

/** Every version of every template, by name then newest version first. */
export async function listTemplates(ex: Executor) {
  return ex
    .select(templateColumns)
    .from(agreementTemplates)
    .orderBy(asc(agreementTemplates.name), desc(agreementTemplates.version));
}

/** The latest active version of each template that applies to `providerTypeId`. */
export async function templatesFor(ex: Executor, providerTypeId: number) {
  return ex
    .select(templateColumns)
    .from(agreementTemplates)
    .where(
      and(
        eq(agreementTemplates.active, true),
        sql`(cardinality(${agreementTemplates.providerTypeIds}) = 0 or ${providerTypeId} = any(${agreementTemplates.providerTypeIds}))`,
        sql`${agreementTemplates.version} = ${latestVersionOf(agreementTemplates.name)}`,
      ),
    )
    .orderBy(asc(agreementTemplates.name));
}

export async function findTemplate(ex: Executor, id: number) {
  const [row] = await ex
    .select(templateColumns)
    .from(agreementTemplates)
    .where(eq(agreementTemplates.id, id));
  return row;
}

/** The highest version of `name`, active or not (0 when there is none). */
export async function highestVersion(ex: Executor, name: string): Promise<number> {
  const [row] = await ex
    .select({ v: sql<number>`coalesce(max(${agreementTemplates.version}), 0)::int` })
    .from(agreementTemplates)
    .where(eq(agreementTemplates.name, name));
  return row?.v ?? 0;
}

/** The latest active version of `name` (0 when none is active). */
export async function latestActiveVersion(ex: Executor, name: string): Promise<number> {
  const [row] = await ex
    .select({ v: sql<number>`coalesce(max(${agreementTemplates.version}), 0)::int` })
    .from(agreementTemplates)
    .where(and(eq(agreementTemplates.name, name), eq(agreementTemplates.active, true)));
  return row?.v ?? 0;
}

export async function insertTemplate(
  ex: Executor,
  values: Omit<typeof agreementTemplates.$inferInsert, 'id' | 'createdAt'>,
): Promise<number> {
  const [row] = await ex.insert(agreementTemplates).values(values).returning({ id: agreementTemplates.id });
  return row!.id;
}

const agreementColumns = {
  id: providerAgreements.id,
  providerId: providerAgreements.providerId,
  templateId: providerAgreements.templateId,
  templateName: providerAgreements.templateName,
  templateVersion: providerAgreements.templateVersion,
  formData: providerAgreements.formData,
  signedOn: providerAgreements.signedOn,
  fileId: providerAgreements.fileId,
  fileName: providerFiles.fileName,
  sha256: providerAgreements.sha256,
  signedByName: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
  superseded: sql<boolean>`coalesce(${providerAgreements.templateVersion} < ${latestVersionOf(providerAgreements.templateName)}, false)`,
};

function selectAgreements(ex: Executor) {
  return ex
    .select(agreementColumns)
    .from(providerAgreements)
    .innerJoin(providerFiles, eq(providerFiles.id, providerAgreements.fileId))
    .innerJoin(users, eq(users.id, providerAgreements.signedBy));
}

/** A clinician's signed agreements, newest first (older versions are kept for the record). */
export async function listAgreements(ex: Executor, providerId: number) {
  return selectAgreements(ex)
    .where(eq(providerAgreements.providerId, providerId))
    .orderBy(desc(providerAgreements.signedOn), desc(providerAgreements.id));
}

export async function findAgreementView(ex: Executor, id: number) {
  const [row] = await selectAgreements(ex).where(eq(providerAgreements.id, id));
  return row;
}

export async function insertAgreement(
  ex: Executor,
  values: Omit<typeof providerAgreements.$inferInsert, 'id' | 'signedOn'>,
): Promise<number> {
  const [row] = await ex.insert(providerAgreements).values(values).returning({ id: providerAgreements.id });
  return row!.id;
}

/** A file of this clinician's, not deleted: what an agreement may point at. */
export async function findClinicianFile(ex: Executor, providerId: number, fileId: number) {
  const [row] = await ex
    .select({
      id: providerFiles.id,
      contentType: providerFiles.contentType,
      sha256: providerFiles.sha256,
    })
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
