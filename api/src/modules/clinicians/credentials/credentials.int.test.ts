// Credentials through the API: the catalogue, a clinician submitting their own with a scan, review by a
// clinician manager (two at once: one wins), the queue, category change, and every refusal naming its field.
import type { ApiError, ProviderCredential, ProviderFile } from '@carelane/shared-domain';
import { DEMO_ROLES, DEMO_USERS, describeEachDatabase } from '../../../test/harness';
import { providerIdOf } from '../../../test/identity-helpers';

const PDF = Buffer.concat([
  Buffer.from('%PDF-1.4\n'),
  Buffer.from([0, 1, 2, 250, 251, 255]),
  Buffer.from('\n%%EOF'),
]);
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

describeEachDatabase('clinician credentials', (server) => {
  let admin = '';
  let manager = '';
  let coordinator = '';
  let clinician = '';
  let orgUser = '';
  let ownId = 0;
  let otherId = 0;
  let licenceType = 0;
  let cprType = 0;
  let w9Type = 0;

  beforeAll(async () => {
    const s = server();
    [admin, manager, coordinator, clinician, orgUser] = await s.loginAs(...DEMO_ROLES);
    ownId = await providerIdOf(s, DEMO_USERS.clinician);
    const [other] = await s.sql<{ id: number }>(
      `select id from providers where id <> $1 order by id limit 1`,
      [ownId],
    );
    otherId = other!.id;
    const types = await s.sql<{ id: number; name: string }>(`select id, name from credential_types`);
    const typeId = (name: string) => types.find((t) => t.name === name)!.id;
    licenceType = typeId('Licence or certification');
    cprType = typeId('CPR/BLS card');
    w9Type = typeId('W-9');
  });

  async function upload(token: string, providerId: number, fileName: string, bytes: Buffer) {
    const response = await fetch(
      `${server().url}/api/fileserver/providers/${providerId}/files?fileName=${encodeURIComponent(fileName)}`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
        body: bytes,
      },
    );
    return { status: response.status, body: (await response.json()) as ProviderFile & ApiError };
  }
  const submit = (token: string, providerId: number, body: unknown) =>
    server().request<ProviderCredential & ApiError>(
      'POST',
      `/api/admin/providers/${providerId}/credentials`,
      {
        token,
        body,
      },
    );
  const review = (token: string, credential: { id: number; providerId: number }, body: unknown) =>
    server().request<ProviderCredential & ApiError>(
      'POST',
      `/api/admin/providers/${credential.providerId}/credentials/${credential.id}/review`,
      { token, body },
    );
  const count = async () =>
    (await server().sql<{ n: number }>('select count(*)::int as n from provider_credentials'))[0]!.n;

  it('lists the catalogue: twelve types, whether each expires, and which provider types require it (three required)', async () => {
    const res = await server().request('GET', '/api/admin/credentialTypes', { token: clinician });
    expect(res.status).toBe(200);
    const byName = Object.fromEntries(res.body.rows.map((r: { name: string }) => [r.name, r])) as Record<
      string,
      { expires: boolean; providerTypeIds: number[] }
    >;
    expect(Object.keys(byName)).toHaveLength(12);
    expect(byName['Licence or certification']).toMatchObject({
      expires: true,
      providerTypeIds: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
    });
    expect(byName['CPR/BLS card']!.providerTypeIds).not.toContain(8);
    expect(byName['W-9']).toMatchObject({ expires: false, providerTypeIds: [] });
    expect((await server().request('GET', '/api/admin/credentialTypes', { token: orgUser })).status).toBe(
      200,
    );
  });

  it('lets administrators add and change credential types; others are refused', async () => {
    const body = {
      name: 'Hepatitis B vaccination',
      category: 'Health',
      expires: false,
      providerTypeIds: [1, 2],
    };
    expect(
      (await server().request('POST', '/api/admin/credentialTypes', { token: manager, body })).status,
    ).toBe(403);
    const created = await server().request('POST', '/api/admin/credentialTypes', { token: admin, body });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ ...body, active: true, version: 0 });
    const duplicate = await server().request('POST', '/api/admin/credentialTypes', { token: admin, body });
    expect([duplicate.status, duplicate.body.errors?.[0]?.field]).toEqual([400, 'name']);
    const put = (version: number) =>
      server().request('PUT', `/api/admin/credentialTypes/${created.body.id}`, {
        token: admin,
        body: { ...body, active: false, providerTypeIds: [1], version },
      });
    const changed = await put(0);
    expect(changed.body).toMatchObject({ active: false, providerTypeIds: [1], version: 1 });
    expect((await put(0)).status).toBe(409);
  });

  it('a clinician uploads a scan and submits their licence: Submitted, with the file and its SHA-256', async () => {
    const file = await upload(clinician, ownId, 'licence.pdf', PDF);
    expect(file.status).toBe(201);
    expect(file.body).toMatchObject({ providerId: ownId, fileName: 'licence.pdf', sizeBytes: PDF.length });
    expect(file.body.sha256).toMatch(/^[0-9a-f]{64}$/);
    const res = await submit(clinician, ownId, {
      credentialTypeId: licenceType,
      number: 'RN-778899',
      issuingState: 'tx',
      issuedOn: '2026-01-10',
      expiresOn: '2028-01-31',
      fileId: file.body.id,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      providerId: ownId,
      credentialType: 'Licence or certification',
      issuingState: 'TX',
      status: 'Submitted',
      fileName: 'licence.pdf',
      reviewedByName: null,
    });
    const list = await server().request('GET', `/api/admin/providers/${ownId}/credentials`, {
      token: clinician,
    });
    expect(list.status).toBe(200);
    expect(list.body.rows.map((r: { id: number }) => r.id)).toContain(res.body.id);
    expect(list.body.required.map((r: { name: string }) => r.name)).toEqual([
      'Background check',
      'CPR/BLS card',
      'Licence or certification',
    ]);
    const download = await fetch(`${server().url}/api/fileserver/providers/${ownId}/files/${file.body.id}`, {
      headers: { authorization: `Bearer ${clinician}` },
    });
    expect(download.headers.get('content-disposition')).toContain('licence.pdf');
    expect(Buffer.from(await download.arrayBuffer())).toEqual(PDF);
  });

  it('refuses bad input naming the field, and writes nothing', async () => {
    const before = await count();
    const base = { credentialTypeId: cprType, issuedOn: '2026-03-01', expiresOn: '2028-03-01' };
    const backwards = await submit(clinician, ownId, { ...base, expiresOn: '2026-02-28' });
    expect([backwards.status, backwards.body.errors?.[0]]).toEqual([
      400,
      { field: 'expiresOn', message: 'must be on or after the issue date' },
    ]);
    const noExpiry = await submit(clinician, ownId, { ...base, expiresOn: null });
    expect([noExpiry.status, noExpiry.body.errors?.[0]?.field]).toEqual([400, 'expiresOn']);
    const unknownType = await submit(clinician, ownId, { ...base, credentialTypeId: 2_000_000 });
    expect([unknownType.status, unknownType.body.errors?.[0]?.field]).toEqual([400, 'credentialTypeId']);
    const othersFile = await upload(manager, otherId, 'card.png', PNG);
    expect(othersFile.status).toBe(201);
    const wrongFile = await submit(clinician, ownId, { ...base, fileId: othersFile.body.id });
    expect([wrongFile.status, wrongFile.body.errors?.[0]?.field]).toEqual([400, 'fileId']);
    expect(await count()).toBe(before);

    const exe = await upload(clinician, ownId, 'setup.exe', Buffer.from('MZ'));
    expect([exe.status, exe.body.errors?.[0]?.field]).toEqual([400, 'file']);
    const renamed = await upload(clinician, ownId, 'card.pdf', PNG);
    expect([renamed.status, renamed.body.error]).toEqual([
      400,
      'The content of this file is not a PDF file.',
    ]);
    const big = await upload(
      clinician,
      ownId,
      'scan.png',
      Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024, 7)]),
    );
    expect([big.status, big.body.errors?.[0]]).toEqual([
      413,
      { field: 'file', message: 'The file is larger than 5 MB.' },
    ]);
  });

  it("refuses another clinician's records to a clinician, and clinicians' records to organization users", async () => {
    const body = { credentialTypeId: w9Type };
    expect((await submit(clinician, otherId, body)).status).toBe(403);
    expect(
      (await server().request('GET', `/api/admin/providers/${otherId}/credentials`, { token: clinician }))
        .status,
    ).toBe(403);
    expect((await upload(clinician, otherId, 'w9.pdf', PDF)).status).toBe(403);
    expect(
      (await server().request('GET', `/api/admin/providers/${ownId}/credentials`, { token: orgUser })).status,
    ).toBe(403);
    expect((await submit(orgUser, ownId, body)).status).toBe(403);
    expect((await server().request('GET', '/api/admin/myCredentials', { token: orgUser })).status).toBe(403);
    expect((await server().request('GET', '/api/admin/myCredentials', { token: admin })).status).toBe(404);
    // Staff submit for any clinician.
    expect((await submit(coordinator, otherId, body)).status).toBe(201);
  });

  it('refuses to approve a licence with no scan (409 naming the scan), and approves it once a scan is attached; a W-9 needs none', async () => {
    const noScan = (
      await submit(clinician, ownId, { credentialTypeId: licenceType, expiresOn: '2028-01-31' })
    ).body;
    const refused = await review(manager, noScan, { action: 'approve', version: 0 });
    expect([refused.status, refused.body.error]).toEqual([
      409,
      'No scan was attached: a credential that expires cannot be approved without its scan.',
    ]);
    const [row] = await server().sql<{ status: string; version: number }>(
      'select status, version from provider_credentials where id = $1',
      [noScan.id],
    );
    expect(row).toEqual({ status: 'Submitted', version: 0 });
    const rejected = await review(manager, noScan, {
      action: 'reject',
      rejectReason: 'Attach the scan',
      version: 0,
    });
    expect(rejected.body).toMatchObject({ status: 'Rejected' });

    const file = await upload(clinician, ownId, 'licence.pdf', PDF);
    const withScan = (
      await submit(clinician, ownId, {
        credentialTypeId: licenceType,
        expiresOn: '2028-01-31',
        fileId: file.body.id,
      })
    ).body;
    expect((await review(manager, withScan, { action: 'approve', version: 0 })).body).toMatchObject({
      status: 'Approved',
    });
    const w9 = (await submit(clinician, ownId, { credentialTypeId: w9Type })).body;
    expect((await review(manager, w9, { action: 'approve', version: 0 })).body).toMatchObject({
      status: 'Approved',
    });
  });

  it('a clinician manager reviews: in review, approved with the reviewer; two reviewers at once, one wins with a 409 for the other', async () => {
    const submitted = (await submit(clinician, ownId, { credentialTypeId: w9Type })).body;
    expect((await review(clinician, submitted, { action: 'approve', version: 0 })).status).toBe(403);
    expect((await review(coordinator, submitted, { action: 'approve', version: 0 })).status).toBe(403);
    const inReview = await review(manager, submitted, { action: 'startReview', version: 0 });
    expect(inReview.body).toMatchObject({ status: 'InReview', version: 1 });
    const noReason = await review(manager, submitted, { action: 'reject', version: 1 });
    expect([noReason.status, noReason.body.errors?.[0]?.field]).toEqual([400, 'rejectReason']);

    const [a, b] = await Promise.all([
      review(manager, submitted, { action: 'approve', version: 1 }),
      review(admin, submitted, { action: 'reject', rejectReason: 'Unreadable scan', version: 1 }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const loser = a.status === 409 ? a : b;
    expect(loser.body.error).toBe(
      'This credential was just reviewed or changed by someone else. Reload it to see its status.',
    );
    const [row] = await server().sql<{ status: string; version: number; reviewed_by: number }>(
      'select status, version, reviewed_by from provider_credentials where id = $1',
      [submitted.id],
    );
    expect(row!.version).toBe(2);
    expect(['Approved', 'Rejected']).toContain(row!.status);
    const again = await review(manager, submitted, { action: 'approve', version: 2 });
    expect(again.status).toBe(409);
  });

  it('lists the review queue oldest first, for reviewers only, and changes a credential category', async () => {
    const submitted = (await submit(clinician, ownId, { credentialTypeId: w9Type })).body;
    const queue = await server().request('GET', '/api/admin/credentialReviews?pageSize=100', {
      token: manager,
    });
    expect(queue.status).toBe(200);
    expect(
      queue.body.rows.every((r: { status: string }) => ['Submitted', 'InReview'].includes(r.status)),
    ).toBe(true);
    expect(queue.body.rows.map((r: { id: number }) => r.id)).toContain(submitted.id);
    expect(queue.body.paging).toMatchObject({ pageNumber: 1, pageSize: 100 });
    expect(
      (await server().request('GET', '/api/admin/credentialReviews', { token: coordinator })).status,
    ).toBe(403);
    expect(
      (await server().request('GET', '/api/admin/credentialReviews?status=Nope', { token: manager })).status,
    ).toBe(400);

    const moved = await server().request(
      'POST',
      `/api/admin/providers/${ownId}/credentials/${submitted.id}/category`,
      { token: manager, body: { credentialTypeId: licenceType, version: 0 } },
    );
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({
      message: 'Category changed successfully!',
      credential: { credentialType: 'Licence or certification', version: 1 },
    });
  });

  it('approving the last required credential of an onboarded clinician in review makes them Active and fully credentialed', async () => {
    const [row] = await server().sql<{ id: number }>(
      `insert into providers (given_name, family_name, provider_type_id, provider_status_id, credential_state, onboard_step)
       values ('Ina', 'Review', 1, 2, 1, 'Done') returning id`,
    );
    const id = row!.id;
    await server().sql(
      `insert into provider_credentials (provider_id, credential_type_id, status, issued_on, expires_on)
       select $1, t.id, 'Approved', '2025-01-01', case when t.expires then '2030-01-01'::date end
       from credential_types t where t.name in ('CPR/BLS card', 'Background check')`,
      [id],
    );
    const scan = await upload(manager, id, 'licence.pdf', PDF);
    const licence = await submit(manager, id, {
      credentialTypeId: licenceType,
      issuedOn: '2025-01-01',
      expiresOn: '2030-01-01',
      fileId: scan.body.id,
    });
    const standing = async () =>
      (
        await server().sql('select provider_status_id, credential_state from providers where id = $1', [id])
      )[0];
    expect(await standing()).toEqual({ provider_status_id: 2, credential_state: 1 });
    expect((await review(manager, licence.body, { action: 'approve', version: 0 })).status).toBe(200);
    expect(await standing()).toEqual({ provider_status_id: 3, credential_state: 3 });
    const [audit] = await server().sql<{ user_email: string; diff: Record<string, unknown> }>(
      `select user_email, diff from audit_log where entity = 'provider' and entity_id = $1 order by id desc limit 1`,
      [String(id)],
    );
    expect(audit).toMatchObject({
      user_email: 'clinicianmanager@carelane.local',
      diff: { providerStatusId: { before: 2, after: 3 }, credentialState: { before: 1, after: 3 } },
    });
  });
});
