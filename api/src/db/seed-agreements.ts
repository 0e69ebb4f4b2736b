// The agreement every database starts with (reference data: administrators publish new versions later), and
// the demo's signatures: every seeded clinician whose onboarding is Done signed version 1, with a small PDF
// stored as their file, so the demo's onboarded clinicians are consistent with the Contract step. Clinicians at
// an earlier step have not signed. Nothing here draws from the scheduling seed's random sequence.
import { and, eq, inArray } from 'drizzle-orm';
import type { AgreementFormField } from '@carelane/shared-domain';
import { sha256 } from '../lib/crypto';
import type { Db, Tx } from './client';
import { agreementTemplates, providerAgreements, providerFiles, providers, users } from './schema';

export const CONTRACTOR_AGREEMENT = {
  name: 'Independent Contractor Agreement',
  body: [
    'This Independent Contractor Agreement is made between Carelane ("the Agency") and the clinician named ' +
      'below ("the Contractor"). The Contractor provides home-care clinical visits to patients referred by ' +
      'the Agency, as an independent contractor and not as an employee.',
    'Services. The Contractor accepts or declines each visit offered through Carelane, performs accepted ' +
      'visits within the scope of their licence and the plan of care, checks in and out of each visit, and ' +
      'submits a complete visit note within the time the Agency sets.',
    'Credentials. The Contractor keeps every licence, certification and insurance their provider type ' +
      'requires current, and uploads renewals before they expire. The Contractor does not accept visits on ' +
      'a date when a required credential is not in force.',
    'Payment. The Agency pays the Contractor the rate agreed per visit type for each completed visit with an ' +
      'approved note. The Contractor is responsible for their own taxes and insurance.',
    'Confidentiality. The Contractor protects patient information as HIPAA requires, uses it only to care ' +
      'for the patient, and reports any disclosure to the Agency at once.',
    'Term. Either party may end this agreement with written notice. Visits already accepted are completed ' +
      'or handed back to the Agency in time to be staffed.',
  ].join('\n\n'),
  formFields: [
    { key: 'legalName', label: 'Legal name', type: 'text', required: true },
    { key: 'startDate', label: 'Start date', type: 'date', required: true },
    { key: 'readAgreement', label: 'I have read the agreement', type: 'checkbox', required: true },
  ] satisfies AgreementFormField[],
  signaturePosition: { page: 1, x: 72, y: 650, type: 'provider' as const, version: 1 },
} as const;

/** The Independent Contractor Agreement v1, for every provider type and required for onboarding, once. */
export async function seedAgreementTemplates(db: Db): Promise<void> {
  const [existing] = await db
    .select({ id: agreementTemplates.id })
    .from(agreementTemplates)
    .where(eq(agreementTemplates.name, CONTRACTOR_AGREEMENT.name))
    .limit(1);
  if (existing) return;
  await db
    .insert(agreementTemplates)
    .values({
      name: CONTRACTOR_AGREEMENT.name,
      version: 1,
      body: CONTRACTOR_AGREEMENT.body,
      formFields: [...CONTRACTOR_AGREEMENT.formFields],
      signaturePosition: { ...CONTRACTOR_AGREEMENT.signaturePosition },
      includeDate: true,
      providerTypeIds: [],
      requiredForOnboarding: true,
    })
    .onConflictDoNothing();
}

const pdfText = (text: string) => text.replace(/[\\()]/g, (c) => `\\${c}`);

/** A one-page PDF (US Letter) with `lines` at their points, y measured from the top as in jspdf. */
export function tinyPdf(lines: readonly { x: number; y: number; size: number; text: string }[]): Buffer {
  const stream = lines
    .map((l) => `BT /F1 ${l.size} Tf ${l.x} ${792 - l.y} Td (${pdfText(l.text)}) Tj ET`)
    .join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

const DAY = 86_400_000;

/** The demo clinicians who finished onboarding signed version 1 of the agreement (the template must exist). */
export async function seedDemoAgreements(tx: Tx, now = Date.now()): Promise<void> {
  const [template] = await tx
    .select()
    .from(agreementTemplates)
    .where(and(eq(agreementTemplates.name, CONTRACTOR_AGREEMENT.name), eq(agreementTemplates.version, 1)));
  const [manager] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.emailId, 'clinicianmanager@carelane.local'));
  if (!template || !manager) return;
  const done = await tx
    .select({
      id: providers.id,
      userId: providers.userId,
      givenName: providers.givenName,
      familyName: providers.familyName,
    })
    .from(providers)
    .where(inArray(providers.onboardStep, ['Done']));
  const pos = template.signaturePosition;
  const plans = done.map((c) => {
    const signedOn = new Date(now - (30 + (c.id % 180)) * DAY);
    const name = `${c.givenName} ${c.familyName}`;
    const day = signedOn.toISOString().slice(0, 10);
    const content = tinyPdf([
      { x: 72, y: 72, size: 16, text: `${template.name} (version ${template.version})` },
      { x: 72, y: 110, size: 11, text: `Legal name: ${name}` },
      { x: 72, y: 128, size: 11, text: `Start date: ${day}` },
      { x: 72, y: 146, size: 11, text: 'I have read the agreement: Yes' },
      { x: pos.x, y: pos.y, size: 18, text: name },
      { x: pos.x, y: pos.y + 24, size: 10, text: `Signed on ${day}` },
    ]);
    return { c, name, day, signedOn, content, by: c.userId ?? manager.id };
  });
  for (let i = 0; i < plans.length; i += 200) {
    const batch = plans.slice(i, i + 200);
    const files = await tx
      .insert(providerFiles)
      .values(
        batch.map((p) => ({
          providerId: p.c.id,
          fileName: `independent-contractor-agreement-v${template.version}.pdf`,
          contentType: 'application/pdf',
          sizeBytes: p.content.length,
          sha256: sha256(p.content),
          content: p.content,
          uploadedBy: p.by,
          uploadedAt: p.signedOn,
        })),
      )
      .returning({ id: providerFiles.id, sha256: providerFiles.sha256 });
    await tx.insert(providerAgreements).values(
      batch.map((p, j) => ({
        providerId: p.c.id,
        templateId: template.id,
        templateName: template.name,
        templateVersion: template.version,
        formData: { legalName: p.name, startDate: p.day, readAgreement: true },
        signedOn: p.signedOn,
        fileId: files[j]!.id,
        sha256: files[j]!.sha256,
        signedBy: p.by,
      })),
    );
  }
}
