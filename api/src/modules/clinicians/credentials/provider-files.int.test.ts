// A clinician's stored files through the API (the Documents card of `/provider`): newest first, 10 a page, with
// who stored each and the credential it is the scan of; the clinician sees their own, staff anyone's, an
// organization user nobody's.
import { DEMO_USERS, describeEachDatabase } from '../../../test/harness';
import { providerIdOf } from '../../../test/identity-helpers';

const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.from([0, 1, 2, 250]), Buffer.from('\n%%EOF')]);

describeEachDatabase('clinician files list', (server) => {
  let manager = '';
  let clinician = '';
  let orgUser = '';
  let ownId = 0;
  let otherId = 0;

  beforeAll(async () => {
    const s = server();
    [manager, clinician, orgUser] = await s.loginAs('clinicianManager', 'clinician', 'orgUser');
    ownId = await providerIdOf(s, DEMO_USERS.clinician);
    const [other] = await s.sql<{ id: number }>(
      `select id from providers where id <> $1 order by id limit 1`,
      [ownId],
    );
    otherId = other!.id;
  });

  async function upload(token: string, providerId: number, fileName: string) {
    const response = await fetch(
      `${server().url}/api/fileserver/providers/${providerId}/files?fileName=${encodeURIComponent(fileName)}`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
        body: PDF,
      },
    );
    expect(response.status).toBe(201);
    return (await response.json()) as { id: number };
  }
  const list = (token: string, providerId: number, query = '') =>
    server().request('GET', `/api/fileserver/providers/${providerId}/files${query}`, { token });

  it("lists a clinician's files newest first with the credential each belongs to", async () => {
    const before = (await list(manager, otherId)).body.paging.totalCount as number;
    const loose = await upload(manager, otherId, 'notes.pdf');
    const scan = await upload(manager, otherId, 'licence.pdf');
    const [type] = await server().sql<{ id: number; name: string }>(
      `select id, name from credential_types where name = 'W-9'`,
    );
    const credential = await server().request('POST', `/api/admin/providers/${otherId}/credentials`, {
      token: manager,
      body: { credentialTypeId: type!.id, fileId: scan.id },
    });
    expect(credential.status).toBe(201);

    const res = await list(manager, otherId);
    expect(res.status).toBe(200);
    expect(res.body.paging).toMatchObject({ pageNumber: 1, pageSize: 10, totalCount: before + 2 });
    expect(res.body.rows[0]).toEqual({
      id: scan.id,
      providerId: otherId,
      fileName: 'licence.pdf',
      contentType: 'application/pdf',
      sizeBytes: PDF.length,
      uploadedAt: expect.any(String),
      uploadedByName: expect.stringMatching(/\S+ \S+/),
      credential: { id: credential.body.id, credentialType: 'W-9' },
      agreement: null,
    });
    expect(res.body.rows[1]).toMatchObject({ id: loose.id, fileName: 'notes.pdf', credential: null });
    const paged = await list(manager, otherId, '?pageSize=1&pageNumber=2');
    expect(paged.body.rows.map((r: { id: number }) => r.id)).toEqual([loose.id]);
  });

  it('gives a clinician their own files only; an organization user none', async () => {
    const mine = await upload(clinician, ownId, 'cpr.pdf');
    const own = await list(clinician, ownId);
    expect(own.status).toBe(200);
    expect(own.body.rows.map((r: { id: number }) => r.id)).toContain(mine.id);
    expect((await list(clinician, otherId)).status).toBe(403);
    expect((await list(orgUser, ownId)).status).toBe(403);
    expect((await list(manager, 99_999_999)).status).toBe(404);
  });
});
