import { describeEachDatabase, type TestServer } from '../../../test/harness';

const NAME = 'Zzcontacttest';
const STALE =
  'This contact was changed by someone else since you opened it. Reload it and make your change again.';

async function orgId(s: TestServer, name: string) {
  const [row] = await s.sql<{ id: number }>('select id from referral_sources where name = $1', [name]);
  return row!.id;
}

describeEachDatabase('contacts', (server) => {
  let admin = '';
  let sunrise = 0;
  let lakeside = 0;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    admin = await server().login('admin@carelane.local');
    sunrise = await orgId(server(), 'Sunrise Home Health');
    lakeside = await orgId(server(), 'Lakeside Medical Center');
    const rows: [string, number | null, boolean][] = [
      ['Amy', sunrise, true],
      ['Ben', sunrise, false],
      ['Cal', lakeside, true],
      ['Dot', null, false],
    ];
    for (const [firstName, referralSourceId, isCaseManager] of rows) {
      const res = await server().request('POST', '/api/admin/contacts', {
        token: admin,
        body: {
          firstName,
          lastName: NAME,
          referralSourceId,
          isCaseManager,
          phoneNumber: '+1 512 555 0142',
          title: 'RN',
        },
      });
      expect(res.status).toBe(201);
      ids[firstName] = res.body.id;
    }
  });

  const names = (body: { rows: { firstName: string }[] }) => body.rows.map((r) => r.firstName);

  it('creates contacts with the organization name and normalized phone', async () => {
    const res = await server().request('GET', `/api/admin/contacts/${ids.Amy}`, { token: admin });
    expect(res.body).toMatchObject({
      firstName: 'Amy',
      lastName: NAME,
      referralSourceId: sunrise,
      referralSourceName: 'Sunrise Home Health',
      isCaseManager: true,
      phoneNumber: '5125550142',
      primaryPhone: null,
      version: 0,
    });
  });

  it('filters by search, organization and case manager, and pages', async () => {
    const all = await server().request('GET', `/api/admin/contacts?search=${NAME}`, { token: admin });
    expect(names(all.body)).toEqual(['Amy', 'Ben', 'Cal', 'Dot']);
    const org = await server().request(
      'GET',
      `/api/admin/contacts?search=${NAME}&referralSourceId=${sunrise}`,
      {
        token: admin,
      },
    );
    expect(names(org.body)).toEqual(['Amy', 'Ben']);
    const managers = await server().request('GET', `/api/admin/contacts?search=${NAME}&isCaseManager=true`, {
      token: admin,
    });
    expect(names(managers.body)).toEqual(['Amy', 'Cal']);
    const paged = await server().request(
      'GET',
      `/api/admin/contacts?search=${NAME}&pageSize=3&pageNumber=2`,
      {
        token: admin,
      },
    );
    expect(names(paged.body)).toEqual(['Dot']);
    expect(paged.body.paging).toEqual({ pageNumber: 2, pageSize: 3, pageCount: 2, totalCount: 4 });
    const bad = await server().request('GET', '/api/admin/contacts?isCaseManager=maybe', { token: admin });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].field).toBe('isCaseManager');
  });

  it('refuses bad input naming the field', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ firstName: 'X', lastName: NAME, email: 'x@' }, 'email', 'must be a valid email address'],
      [
        { firstName: 'X', lastName: NAME, primaryPhone: '12' },
        'primaryPhone',
        'must be a 10-digit phone number',
      ],
      [{ firstName: 'X', lastName: '' }, 'lastName', 'is required'],
      [
        { firstName: 'X', lastName: NAME, referralSourceId: 987654 },
        'referralSourceId',
        'is not an organization',
      ],
    ];
    for (const [body, field, message] of cases) {
      const res = await server().request('POST', '/api/admin/contacts', { token: admin, body });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([{ field, message }]);
    }
    expect(await server().sql("select id from contacts where first_name = 'X'")).toEqual([]);
  });

  it('edits with the version, refusing a stale one', async () => {
    const ok = await server().request('PUT', `/api/admin/contacts/${ids.Ben}`, {
      token: admin,
      body: { relationship: 'Daughter', version: 0 },
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ relationship: 'Daughter', version: 1 });
    const stale = await server().request('PUT', `/api/admin/contacts/${ids.Ben}`, {
      token: admin,
      body: { relationship: 'Son', version: 0 },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toBe(STALE);
    const staleDelete = await server().request('DELETE', `/api/admin/contacts/${ids.Ben}?version=0`, {
      token: admin,
    });
    expect(staleDelete.status).toBe(409);
  });

  it('deletes a contact with its version: gone from lists and reads, audited', async () => {
    const res = await server().request('DELETE', `/api/admin/contacts/${ids.Dot}?version=0`, {
      token: admin,
    });
    expect(res.status).toBe(200);
    const gone = await server().request('GET', `/api/admin/contacts/${ids.Dot}`, { token: admin });
    expect(gone.status).toBe(404);
    expect(gone.body.error).toBe('The contact was not found.');
    const list = await server().request('GET', `/api/admin/contacts?search=${NAME}`, { token: admin });
    expect(names(list.body)).not.toContain('Dot');
    const audit = await server().sql(
      "select action from audit_log where entity = 'contact' and entity_id = $1 order by id",
      [String(ids.Dot)],
    );
    expect(audit).toEqual([{ action: 'CREATE' }, { action: 'DELETE' }]);
  });

  it("shows organization users only their organization's contacts, read-only", async () => {
    const orgUser = await server().login('orguser@carelane.local');
    const list = await server().request('GET', `/api/admin/contacts?search=${NAME}`, { token: orgUser });
    expect(list.status).toBe(200);
    expect(names(list.body)).toEqual(['Amy', 'Ben']);
    const other = await server().request('GET', `/api/admin/contacts/${ids.Cal}`, { token: orgUser });
    expect(other.status).toBe(404);
    const filtered = await server().request(
      'GET',
      `/api/admin/contacts?search=${NAME}&referralSourceId=${lakeside}`,
      { token: orgUser },
    );
    expect(filtered.body.rows).toEqual([]);
    const create = await server().request('POST', '/api/admin/contacts', {
      token: orgUser,
      body: { firstName: 'Org', lastName: NAME },
    });
    expect(create.status).toBe(403);
    const remove = await server().request('DELETE', `/api/admin/contacts/${ids.Amy}?version=0`, {
      token: orgUser,
    });
    expect(remove.status).toBe(403);
  });

  it('lets staff roles manage contacts and refuses clinicians', async () => {
    const customerCare = await server().login('customercare@carelane.local');
    const made = await server().request('POST', '/api/admin/contacts', {
      token: customerCare,
      body: { firstName: 'Eve', lastName: NAME },
    });
    expect(made.status).toBe(201);
    const clinician = await server().login('clinician@carelane.local');
    expect((await server().request('GET', '/api/admin/contacts', { token: clinician })).status).toBe(403);
    expect(
      (
        await server().request('POST', '/api/admin/contacts', {
          token: clinician,
          body: { firstName: 'C', lastName: 'D' },
        })
      ).status,
    ).toBe(403);
  });
});
