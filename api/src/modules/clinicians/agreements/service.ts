// Agreements (issue 11): templates with versions (credential reviewers publish them; a new version is a new row
// and asks every clinician again), a clinician's agreements, and signing: the PDF made in the browser is
// uploaded as the clinician's file first (decision 012's checks), then recorded here against the latest
// version with the form data checked against the template's fields, the PDF's SHA-256, and the audit entry
// 'provider agreement accepted' with the version. One transaction per write.
import {
  AGREEMENT_MESSAGES,
  agreementFormProblems,
  canReviewCredentials,
  parsePrivilegeMap,
  ROLE,
  type AgreementSignInput,
  type AgreementTemplate,
  type AgreementTemplateInput,
  type AgreementVersionInput,
  type ClinicianAgreements,
  type ProviderAgreement,
} from '@carelane/shared-domain';
import type { Executor } from '../../../db/client';
import { AppError, badRequest, conflict, forbidden, isUniqueViolation, notFound } from '../../../lib/errors';
import { holdsPage } from '../../../plugins/auth';
import { recordAudit } from '../../../services/audit';
import type { AppServices } from '../../../services/app-services';
import { requireActor, type Actor, type RequestContext } from '../../../services/context';
import { publishEvent } from '../../../services/events';
import { loadClinician, ownClinicianId } from '../access';
import * as repo from './repository';

const TEMPLATE = 'agreementTemplate';
const AGREEMENT = 'providerAgreement';
const TEMPLATE_THING = 'Agreement template';

const asIso = (value: Date | string) => (value instanceof Date ? value.toISOString() : value);

type TemplateRow = NonNullable<Awaited<ReturnType<typeof repo.findTemplate>>>;
const toTemplate = (row: TemplateRow): AgreementTemplate => ({ ...row, createdAt: asIso(row.createdAt) });

type AgreementRow = NonNullable<Awaited<ReturnType<typeof repo.findAgreementView>>>;
const toAgreement = (row: AgreementRow): ProviderAgreement => ({
  ...row,
  formData: row.formData as ProviderAgreement['formData'],
  signedOn: asIso(row.signedOn),
});

const isStaff = (actor: Actor) => holdsPage(actor, 'providerDetail');
const isClinician = (actor: Actor) => actor.roleId === ROLE.CLINICIAN;

function requireTemplateEditor(actor: Actor): void {
  if (!isStaff(actor) || !canReviewCredentials(parsePrivilegeMap(actor.privileges))) throw forbidden();
}

const appliesTo = (template: { providerTypeIds: number[] }, providerTypeId: number) =>
  template.providerTypeIds.length === 0 || template.providerTypeIds.includes(providerTypeId);

/** Staff: every version of every template. A clinician: the latest that apply to them, whether signed each. */
export async function listTemplates(
  services: AppServices,
  ctx: RequestContext,
): Promise<{ rows: AgreementTemplate[] }> {
  const actor = requireActor(ctx);
  if (isStaff(actor)) return { rows: (await repo.listTemplates(services.db)).map(toTemplate) };
  if (!isClinician(actor)) throw forbidden();
  const own = await ownAgreements(services, ctx);
  return { rows: own.toSign.map(({ signed, ...t }) => ({ ...t, signedByMe: signed !== null })) };
}

async function agreementsOf(
  ex: Executor,
  clinician: { id: number; providerTypeId: number; givenName: string; familyName: string },
): Promise<ClinicianAgreements> {
  const [templates, signed] = await Promise.all([
    repo.templatesFor(ex, clinician.providerTypeId),
    repo.listAgreements(ex, clinician.id),
  ]);
  const agreements = signed.map(toAgreement);
  return {
    providerId: clinician.id,
    providerName: `${clinician.givenName} ${clinician.familyName}`,
    toSign: templates.map((t) => ({
      ...toTemplate(t),
      signed: agreements.find((a) => a.templateId === t.id) ?? null,
    })),
    agreements,
  };
}

/** A clinician's agreements: the clinician's own, or anyone's for staff with providerDetail. */
export async function clinicianAgreements(
  services: AppServices,
  ctx: RequestContext,
  providerId: number,
): Promise<ClinicianAgreements> {
  const clinician = await loadClinician(services.db, requireActor(ctx), providerId);
  return agreementsOf(services.db, clinician);
}

/** The signed-in clinician's agreements (403 for users who are not clinicians). */
export async function ownAgreements(
  services: AppServices,
  ctx: RequestContext,
): Promise<ClinicianAgreements> {
  const actor = requireActor(ctx);
  if (!isClinician(actor)) throw forbidden();
  return clinicianAgreements(services, ctx, await ownClinicianId(services.db, actor));
}

async function saveTemplate(
  services: AppServices,
  ctx: RequestContext,
  name: string,
  input: AgreementVersionInput,
  versionOf: number | null,
): Promise<AgreementTemplate> {
  const actor = requireActor(ctx);
  requireTemplateEditor(actor);
  try {
    const id = await services.db.transaction(async (tx) => {
      const highest = await repo.highestVersion(tx, name);
      if (versionOf === null && highest > 0)
        throw badRequest('name', 'already names a template: publish a new version of it');
      const version = highest + 1;
      const values = {
        name,
        version,
        body: input.body,
        formFields: input.formFields,
        signaturePosition: { ...input.signaturePosition, version },
        includeDate: input.includeDate,
        providerTypeIds: [...new Set(input.providerTypeIds)],
        requiredForOnboarding: input.requiredForOnboarding,
        active: true,
        createdBy: actor.userId,
      };
      const id = await repo.insertTemplate(tx, values);
      await recordAudit(tx, ctx, {
        entity: TEMPLATE,
        entityId: id,
        action: 'CREATE',
        before: null,
        after: { ...values, previousVersionId: versionOf },
      });
      await publishEvent(tx, { entity: TEMPLATE, id, action: 'created' });
      return id;
    });
    return toTemplate((await repo.findTemplate(services.db, id))!);
  } catch (error) {
    if (isUniqueViolation(error))
      throw conflict(`Another version of the ${name} was published meanwhile. Reload and try again.`);
    throw error;
  }
}

/** A new template, at version 1. */
export const createTemplate = (services: AppServices, ctx: RequestContext, input: AgreementTemplateInput) =>
  saveTemplate(services, ctx, input.name, input, null);

/** The next version of the template `id` belongs to: a new row; the old version stays for the record. */
export async function publishVersion(
  services: AppServices,
  ctx: RequestContext,
  id: number,
  input: AgreementVersionInput,
): Promise<AgreementTemplate> {
  requireTemplateEditor(requireActor(ctx));
  const template = await repo.findTemplate(services.db, id);
  if (!template) throw notFound(TEMPLATE_THING);
  return saveTemplate(services, ctx, template.name, input, id);
}

/**
 * The signed-in clinician signs the latest version of a template: the PDF (uploaded as their file) and its
 * SHA-256 are recorded with the form data. An older version is refused with 409; form data that does not
 * fit the template's fields with 400 naming the field.
 */
export async function signAgreement(
  services: AppServices,
  ctx: RequestContext,
  input: AgreementSignInput,
): Promise<ProviderAgreement> {
  const actor = requireActor(ctx);
  if (!isClinician(actor)) throw forbidden();
  try {
    return await services.db.transaction(async (tx) => {
      const clinician = await loadClinician(tx, actor, await ownClinicianId(tx, actor), { lock: true });
      const template = await repo.findTemplate(tx, input.templateId);
      if (!template || !appliesTo(template, clinician.providerTypeId))
        throw badRequest('templateId', AGREEMENT_MESSAGES.notForThisClinician);
      const latest = await repo.latestActiveVersion(tx, template.name);
      if (!template.active || input.templateVersion !== latest || template.version !== latest)
        throw conflict(AGREEMENT_MESSAGES.oldVersion(template.name, latest), 'OLD_AGREEMENT_VERSION');
      const problems = agreementFormProblems(template.formFields, input.formData);
      if (problems.length)
        throw new AppError(
          400,
          'VALIDATION',
          problems.map((p) => `${p.label} ${p.message}`).join('; '),
          problems.map(({ field, message }) => ({ field, message })),
        );
      const file = await repo.findClinicianFile(tx, clinician.id, input.fileId);
      if (!file || file.contentType !== 'application/pdf')
        throw badRequest('fileId', AGREEMENT_MESSAGES.notAPdf);
      const record = {
        providerId: clinician.id,
        templateId: template.id,
        templateName: template.name,
        templateVersion: template.version,
        formData: input.formData,
        fileId: file.id,
        sha256: file.sha256,
        signedBy: actor.userId,
      };
      const id = await repo.insertAgreement(tx, record);
      await recordAudit(tx, ctx, {
        entity: AGREEMENT,
        entityId: id,
        action: 'CREATE',
        diff: {
          event: { before: null, after: AGREEMENT_MESSAGES.accepted },
          providerId: { before: null, after: clinician.id },
          templateName: { before: null, after: template.name },
          templateVersion: { before: null, after: template.version },
          fileId: { before: null, after: file.id },
          sha256: { before: null, after: file.sha256 },
        },
      });
      await publishEvent(tx, { entity: AGREEMENT, id, action: 'created' });
      return toAgreement((await repo.findAgreementView(tx, id))!);
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      const template = await repo.findTemplate(services.db, input.templateId);
      throw conflict(AGREEMENT_MESSAGES.alreadySigned(template?.name ?? 'agreement', input.templateVersion));
    }
    throw error;
  }
}
