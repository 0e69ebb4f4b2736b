// Agreements through the API: a newly registered clinician signs the latest version of the seeded agreement
// (the PDF uploaded as their file, its SHA-256 stored, 'provider agreement accepted' audited with the
// version); an old version is 409, form data that misses a field 400 naming it; a new version makes
// onboarding's Contract requirement unmet again until signed; whose records and who manages templates.
import { createHash } from 'node:crypto';
import type { ApiError, ClinicianAgreements, ProviderAgreement, ProviderFile } from '@carelane/shared-domain';
import { DEMO_USERS, describeEachDatabase } from '../../../test/harness';
import { providerIdOf, uniqueEmail } from '../../../test/identity-helpers';
import { onboardingFacts } from '../onboarding/repository';

const PASSWORD = 'Nurse-password-1';
const AGREEMENT = 'Independent Contractor Agreement';
const pdf = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n1 0 obj << >> endobj\n%%EOF\n`);
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const FORM = { legalName: 'Nora Signer', startDate: '2026-12-01', readAgreement: true };

let phoneCounter = 0;

describeEachDatabase('clinician agreements', (server) => {
  let manager = '';
  let orgUser = '';
  let demoClinician = '';
  let rn = '';
  let rnId = 0;
  let demoId = 0;
  let v1 = 0;

  beforeAll(async () => {
    const s = server();
    [manager, orgUser, demoClinician] = await s.loginAs('clinicianManager', 'orgUser', 'clinician');
    phoneCounter += 1;
    const emailId = uniqueEmail('signer');
    const registered = await s.request('POST', '/api/security/register', {
      body: {
        emailId,
        password: PASSWORD,
        firstName: 'Nora',
        lastName: 'Signer',
        phoneNumber: `737556${String(1000 + ((Date.now() + phoneCounter) % 9000))}`,
        providerTypeId: 1,
      },
    });
    expect(registered.status).toBe(201);
    rn = await s.login(emailId, PASSWORD);
    rnId = await providerIdOf(s, emailId.toLowerCase());
    demoId = await providerIdOf(s, DEMO_USERS.clinician);
    const [template] = await s.sql<{ id: number }>(
      `select id from agreement_templates where name = $1 and version = 1`,
      [AGREEMENT],
    );
    v1 = template!.id;
  });

  async function upload(token: string, providerId: number, bytes: Buffer, fileName = 'agreement.pdf') {
    const response = await fetch(
      `${server().url}/api/fileserver/providers/${providerId}/files?fileName=${encodeURIComponent(fileName)}`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/pdf' },
        body: bytes,
      },
    );
    return { status: response.status, body: (await response.json()) as ProviderFile & ApiError };
  }
  const sign = (token: string, body: unknown) =>
    server().request<ProviderAgreement & ApiError>('POST', '/api/admin/myAgreements', { token, body });
  const mine = (token: string) =>
    server().request<ClinicianAgreements & ApiError>('GET', '/api/admin/myAgreements', { token });
  const unsigned = async (providerId: number) =>
    (await onboardingFacts(server().services.db, providerId, 1)).unsignedAgreements;
  const completeContract = () =>
    server().request('POST', '/api/admin/myOnboarding/complete', { token: rn, body: { step: 'Contract' } });

  it('seeds the agreement and the signatures of the onboarded demo clinicians, not of those at an earlier step', async () => {
    const own = await mine(demoClinician);
    expect(own.status).toBe(200);
    expect(own.body.toSign).toMatchObject([
      { name: AGREEMENT, version: 1, signaturePosition: { page: 1, x: 72, y: 650, type: 'provider' } },
    ]);
    expect(own.body.toSign[0]!.signed).toMatchObject({ templateVersion: 1, superseded: false });
    const [counts] = await server().sql<{ unsignedDone: number; signedEarly: number }>(
      `select (select count(*)::int from providers p where p.onboard_step = 'Done'
                 and not exists (select 1 from provider_agreements a where a.provider_id = p.id)) as "unsignedDone",
              (select count(*)::int from providers p where p.onboard_step <> 'Done'
                 and exists (select 1 from provider_agreements a where a.provider_id = p.id)) as "signedEarly"`,
    );
    expect(counts).toEqual({ unsignedDone: 0, signedEarly: 0 });
  });

  it('refuses form data that does not fit the fields with 400 naming the field, and a file that is not their PDF', async () => {
    const file = await upload(rn, rnId, pdf('bad form'));
    expect(file.status).toBe(201);
    const missing = await sign(rn, {
      templateId: v1,
      templateVersion: 1,
      formData: { legalName: 'Nora Signer', readAgreement: false },
      fileId: file.body.id,
    });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual([
      { field: 'formData.startDate', message: 'is required' },
      { field: 'formData.readAgreement', message: 'must be checked' },
    ]);
    const badDate = await sign(rn, {
      templateId: v1,
      templateVersion: 1,
      formData: { ...FORM, startDate: '12/01/2026' },
      fileId: file.body.id,
    });
    expect([badDate.status, badDate.body.errors]).toEqual([
      400,
      [{ field: 'formData.startDate', message: 'must be a date (YYYY-MM-DD)' }],
    ]);
    const png = await upload(rn, rnId, Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), 'sig.png');
    const notPdf = await sign(rn, {
      templateId: v1,
      templateVersion: 1,
      formData: FORM,
      fileId: png.body.id,
    });
    expect([notPdf.status, notPdf.body.errors?.[0]?.field]).toEqual([400, 'fileId']);
    const othersFile = await server().sql<{ id: number }>(
      'select id from provider_files where provider_id = $1 limit 1',
      [demoId],
    );
    const notTheirs = await sign(rn, {
      templateId: v1,
      templateVersion: 1,
      formData: FORM,
      fileId: othersFile[0]!.id,
    });
    expect([notTheirs.status, notTheirs.body.errors?.[0]?.field]).toEqual([400, 'fileId']);
    expect(await server().sql('select id from provider_agreements where provider_id = $1', [rnId])).toEqual(
      [],
    );
    expect((await completeContract()).status).toBe(400);
  });

  it('signs the latest version: the row, the PDF’s SHA-256, the audit entry with the version; Contract completes', async () => {
    const bytes = pdf('signed v1');
    const file = await upload(rn, rnId, bytes);
    const signed = await sign(rn, {
      templateId: v1,
      templateVersion: 1,
      formData: FORM,
      fileId: file.body.id,
    });
    expect(signed.status).toBe(201);
    expect(signed.body).toMatchObject({
      providerId: rnId,
      templateId: v1,
      templateName: AGREEMENT,
      templateVersion: 1,
      formData: FORM,
      fileId: file.body.id,
      sha256: sha256(bytes),
      signedByName: 'Nora Signer',
      superseded: false,
    });
    const [row] = await server().sql(
      'select template_version, sha256, form_data from provider_agreements where id = $1',
      [signed.body.id],
    );
    expect(row).toEqual({ template_version: 1, sha256: sha256(bytes), form_data: FORM });
    const [audit] = await server().sql<{ action: string; diff: Record<string, { after: unknown }> }>(
      `select action, diff from audit_log where entity = 'providerAgreement' and entity_id = $1`,
      [String(signed.body.id)],
    );
    expect(audit!.action).toBe('CREATE');
    expect(audit!.diff).toMatchObject({
      event: { after: 'provider agreement accepted' },
      templateName: { after: AGREEMENT },
      templateVersion: { after: 1 },
      sha256: { after: sha256(bytes) },
    });
    const download = await fetch(`${server().url}/api/fileserver/providers/${rnId}/files/${file.body.id}`, {
      headers: { authorization: `Bearer ${rn}` },
    });
    expect(sha256(Buffer.from(await download.arrayBuffer()))).toBe(sha256(bytes));

    const again = await sign(rn, {
      templateId: v1,
      templateVersion: 1,
      formData: FORM,
      fileId: file.body.id,
    });
    expect([again.status, again.body.error]).toEqual([
      409,
      `You have already signed version 1 of the ${AGREEMENT}.`,
    ]);
    expect(await unsigned(rnId)).toEqual([]);
    expect((await completeContract()).status).toBe(200);
  });

  it('a new version asks again: Contract unmet until signed, the old version 409, the old signature kept', async () => {
    const tooSoon = await server().request('POST', `/api/admin/agreementTemplates/${v1}/versions`, {
      token: rn,
      body: {},
    });
    expect(tooSoon.status).toBe(403);
    const [current] = await server().sql<{ body: string; form_fields: unknown }>(
      'select body, form_fields from agreement_templates where id = $1',
      [v1],
    );
    const published = await server().request('POST', `/api/admin/agreementTemplates/${v1}/versions`, {
      token: manager,
      body: {
        body: `${current!.body}\n\nVersion 2 adds telehealth visits.`,
        formFields: current!.form_fields,
        signaturePosition: { page: 1, x: 90, y: 600, type: 'provider' },
        includeDate: true,
        providerTypeIds: [],
        requiredForOnboarding: true,
      },
    });
    expect(published.status).toBe(201);
    expect(published.body).toMatchObject({
      name: AGREEMENT,
      version: 2,
      latest: true,
      signaturePosition: { page: 1, x: 90, y: 600, type: 'provider', version: 2 },
    });
    const v2 = published.body.id as number;
    expect(await unsigned(rnId)).toEqual([AGREEMENT]);
    expect(await unsigned(demoId)).toEqual([AGREEMENT]);

    const file = await upload(rn, rnId, pdf('signed v1 again'));
    for (const body of [
      { templateId: v1, templateVersion: 1, formData: FORM, fileId: file.body.id },
      { templateId: v2, templateVersion: 1, formData: FORM, fileId: file.body.id },
    ]) {
      const old = await sign(rn, body);
      expect([old.status, old.body.error]).toEqual([
        409,
        `A newer version of the ${AGREEMENT} is in force (version 2). Read and sign that version.`,
      ]);
    }

    const listed = await mine(rn);
    expect(listed.body.toSign).toMatchObject([{ id: v2, version: 2, signed: null }]);
    expect(listed.body.agreements).toMatchObject([{ templateVersion: 1, superseded: true }]);

    const bytes = pdf('signed v2');
    const v2File = await upload(rn, rnId, bytes);
    const signed = await sign(rn, {
      templateId: v2,
      templateVersion: 2,
      formData: FORM,
      fileId: v2File.body.id,
    });
    expect([signed.status, signed.body.sha256]).toEqual([201, sha256(bytes)]);
    expect(await unsigned(rnId)).toEqual([]);
    const after = await mine(rn);
    expect(after.body.agreements.map((a) => [a.templateVersion, a.superseded])).toEqual([
      [2, false],
      [1, true],
    ]);

    const templates = await server().request('GET', '/api/admin/agreementTemplates', { token: manager });
    expect(
      templates.body.rows
        .filter((t: { name: string }) => t.name === AGREEMENT)
        .map((t: { version: number; latest: boolean }) => [t.version, t.latest]),
    ).toEqual([
      [2, true],
      [1, false],
    ]);
    const forRn = await server().request('GET', '/api/admin/agreementTemplates', { token: rn });
    expect(forRn.body.rows).toMatchObject([{ id: v2, version: 2, signedByMe: true }]);
  });

  it('opens only their own agreements for a clinician, anyone’s for staff, none for an organization user', async () => {
    expect(
      (await server().request('GET', `/api/admin/providers/${demoId}/agreements`, { token: rn })).status,
    ).toBe(403);
    expect(
      (await server().request('GET', `/api/admin/providers/${rnId}/agreements`, { token: demoClinician }))
        .status,
    ).toBe(403);
    const staff = await server().request('GET', `/api/admin/providers/${rnId}/agreements`, {
      token: manager,
    });
    expect([staff.status, staff.body.providerName]).toEqual([200, 'Nora Signer']);
    const own = await server().request('GET', `/api/admin/providers/${rnId}/agreements`, { token: rn });
    expect(own.status).toBe(200);

    for (const [method, path] of [
      ['GET', `/api/admin/providers/${rnId}/agreements`],
      ['GET', '/api/admin/myAgreements'],
      ['GET', '/api/admin/agreementTemplates'],
    ] as const)
      expect((await server().request(method, path, { token: orgUser })).status).toBe(403);
    const orgSign = await sign(orgUser, { templateId: v1, templateVersion: 1, formData: FORM, fileId: 1 });
    expect(orgSign.status).toBe(403);
    const managerSign = await sign(manager, {
      templateId: v1,
      templateVersion: 1,
      formData: FORM,
      fileId: 1,
    });
    expect(managerSign.status).toBe(403);
  });

  it('lets credential reviewers create templates, refusing a taken name and a bad form definition by field', async () => {
    const input = {
      name: 'Telehealth Consent Form',
      body: 'I consent to telehealth visits.',
      formFields: [{ key: 'consent', label: 'I consent', type: 'checkbox', required: true }],
      signaturePosition: { page: 1, x: 72, y: 500, type: 'provider' },
      includeDate: false,
      providerTypeIds: [2],
      requiredForOnboarding: false,
    };
    expect(
      (await server().request('POST', '/api/admin/agreementTemplates', { token: demoClinician, body: input }))
        .status,
    ).toBe(403);
    const created = await server().request('POST', '/api/admin/agreementTemplates', {
      token: manager,
      body: input,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ version: 1, providerTypeIds: [2], latest: true });
    const taken = await server().request('POST', '/api/admin/agreementTemplates', {
      token: manager,
      body: input,
    });
    expect([taken.status, taken.body.errors?.[0]?.field]).toEqual([400, 'name']);
    const badFields = await server().request('POST', '/api/admin/agreementTemplates', {
      token: manager,
      body: { ...input, name: 'Other form', formFields: [{ key: '1st', label: 'x', type: 'radio' }] },
    });
    expect(badFields.status).toBe(400);
    expect(badFields.body.errors.map((e: { field: string }) => e.field)).toEqual(
      expect.arrayContaining(['formFields.0.key', 'formFields.0.type']),
    );
    // Not for an RN: it is not among the RN's agreements, and signing it is refused naming templateId.
    expect((await mine(rn)).body.toSign.map((t) => t.name)).toEqual([AGREEMENT]);
    const file = await upload(rn, rnId, pdf('consent'));
    const notForRn = await sign(rn, {
      templateId: created.body.id,
      templateVersion: 1,
      formData: { consent: true },
      fileId: file.body.id,
    });
    expect([notForRn.status, notForRn.body.errors?.[0]?.field]).toEqual([400, 'templateId']);
  });
});
