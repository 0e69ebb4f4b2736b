import { describeEachDatabase, type TestServer } from '../../../test/harness';

const STALE =
  'This physician was changed by someone else since you opened it. Reload it and make your change again.';
const NAME = 'Zzphysiciantest';

async function orgId(s: TestServer, name: string) {
  const [row] = await s.sql<{ id: number }>('select id from referral_sources where name = $1', [name]);
  return row!.id;
}

async function create(s: TestServer, token: string, body: Record<string, unknown>) {
  const res = await s.request('POST', '/api/admin/physicians', { token, body });
  if (res.status !== 201) throw new Error(`create answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body as { id: number; version: number; npi: string };
}

describeEachDatabase('physicians', (server) => {
  let admin = '';
  let first = { id: 0, version: 0, npi: '' };

  beforeAll(async () => {
    admin = await server().login('admin@carelane.local');
    first = await create(server(), admin, {
      firstName: 'Ada',
      lastName: NAME,
      npi: '9900000001',
      specialty: 'Cardiology',
      phoneNumber: '(512) 555-0100',
      fax: '512.555.0101',
      email: 'ada@clinic.test',
      addressLine1: '1 Main St',
      city: 'Austin',
      state: 'tx',
      zipcode: '78701',
      latitude: 30.27,
      longitude: -97.74,
    });
    for (const [i, firstName] of ['Bea', 'Cy', 'Dee'].entries()) {
      await create(server(), admin, { firstName, lastName: NAME, npi: `990000001${i}` });
    }
  });

  it('creates a physician with normalized phones and state, and reads it back', async () => {
    const res = await server().request('GET', `/api/admin/physicians/${first.id}`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      firstName: 'Ada',
      lastName: NAME,
      npi: '9900000001',
      phoneNumber: '5125550100',
      fax: '5125550101',
      state: 'TX',
      latitude: 30.27,
      status: 'ACTIVE',
      version: 0,
    });
    const [audit] = await server().sql(
      "select action from audit_log where entity = 'physician' and entity_id = $1",
      [String(first.id)],
    );
    expect(audit).toEqual({ action: 'CREATE' });
  });

  it('lists by name with search, paging and the ACTIVE default', async () => {
    const page = await server().request('GET', `/api/admin/physicians?search=${NAME}&pageSize=2`, {
      token: admin,
    });
    expect(page.status).toBe(200);
    expect(page.body.rows.map((r: { firstName: string }) => r.firstName)).toEqual(['Ada', 'Bea']);
    expect(page.body.paging).toEqual({ pageNumber: 1, pageSize: 2, pageCount: 2, totalCount: 4 });
    const byNpi = await server().request('GET', '/api/admin/physicians?search=9900000012', { token: admin });
    expect(byNpi.body.rows.map((r: { firstName: string }) => r.firstName)).toEqual(['Dee']);
    const byFullName = await server().request('GET', `/api/admin/physicians?search=cy%20${NAME}`, {
      token: admin,
    });
    expect(byFullName.body.rows).toHaveLength(1);

    const [dee] = await server().sql<{ id: number; version: number }>(
      "select id, version from physicians where npi = '9900000012'",
    );
    const off = await server().request('PUT', `/api/admin/physicians/${dee!.id}`, {
      token: admin,
      body: { status: 'INACTIVE', version: dee!.version },
    });
    expect(off.status).toBe(200);
    const active = await server().request('GET', `/api/admin/physicians?search=${NAME}`, { token: admin });
    expect(active.body.paging.totalCount).toBe(3);
    const all = await server().request('GET', `/api/admin/physicians?search=${NAME}&status=ALL`, {
      token: admin,
    });
    expect(all.body.paging.totalCount).toBe(4);
  });

  it('refuses bad input with the field named, writing nothing', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ firstName: 'X', lastName: 'Bad', npi: '12345' }, 'npi', 'must be 10 digits'],
      [
        { firstName: 'X', lastName: 'Bad', phoneNumber: '555' },
        'phoneNumber',
        'must be a 10-digit phone number',
      ],
      [{ firstName: 'X', lastName: 'Bad', email: 'nope' }, 'email', 'must be a valid email address'],
      [{ firstName: 'X', lastName: 'Bad', zipcode: '1234' }, 'zipcode', 'must be a 5-digit ZIP code'],
      [{ firstName: ' ', lastName: 'Bad' }, 'firstName', 'is required'],
    ];
    for (const [body, field, message] of cases) {
      const res = await server().request('POST', '/api/admin/physicians', { token: admin, body });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([{ field, message }]);
    }
    const duplicate = await server().request('POST', '/api/admin/physicians', {
      token: admin,
      body: { firstName: 'Twin', lastName: NAME, npi: '9900000001' },
    });
    expect(duplicate.status).toBe(400);
    expect(duplicate.body.errors).toEqual([
      { field: 'npi', message: 'is already used by another physician' },
    ]);
    expect(
      await server().sql("select id from physicians where last_name = 'Bad' or first_name = 'Twin'"),
    ).toEqual([]);
  });

  it('refuses a stale edit with 409 and keeps the newer one', async () => {
    const ok = await server().request('PUT', `/api/admin/physicians/${first.id}`, {
      token: admin,
      body: { specialty: 'Neurology', version: first.version },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.version).toBe(first.version + 1);
    const stale = await server().request('PUT', `/api/admin/physicians/${first.id}`, {
      token: admin,
      body: { specialty: 'Oncology', version: first.version },
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({ statusCode: 409, code: 'STALE_VERSION', error: STALE });
    const [row] = await server().sql('select specialty from physicians where id = $1', [first.id]);
    expect(row).toEqual({ specialty: 'Neurology' });
  });

  it('answers 404 for a physician that does not exist', async () => {
    const res = await server().request('GET', '/api/admin/physicians/987654', { token: admin });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('The physician was not found.');
  });

  it('lets staff roles write, organization users only read, and refuses clinicians', async () => {
    const coordinator = await server().login('coordinator@carelane.local');
    const made = await server().request('POST', '/api/admin/physicians', {
      token: coordinator,
      body: { firstName: 'Staff', lastName: NAME, npi: '9900000099' },
    });
    expect(made.status).toBe(201);
    const orgUser = await server().login('orguser@carelane.local');
    const list = await server().request('GET', `/api/admin/physicians?search=${NAME}`, { token: orgUser });
    expect(list.status).toBe(200);
    const refused = await server().request('POST', '/api/admin/physicians', {
      token: orgUser,
      body: { firstName: 'Org', lastName: NAME },
    });
    expect(refused.status).toBe(403);
    const edit = await server().request('PUT', `/api/admin/physicians/${first.id}`, {
      token: orgUser,
      body: { specialty: 'Org edit', version: 99 },
    });
    expect(edit.status).toBe(403);
    const clinician = await server().login('clinician@carelane.local');
    for (const path of [
      '/api/admin/physicians',
      `/api/admin/physicians/${first.id}`,
      `/api/admin/physicians/${first.id}/episodes`,
    ]) {
      expect((await server().request('GET', path, { token: clinician })).status).toBe(403);
    }
  });

  it("lists the physician's service requests, an organization user seeing only their own", async () => {
    const sunrise = await orgId(server(), 'Sunrise Home Health');
    const lakeside = await orgId(server(), 'Lakeside Medical Center');
    const episodes: [number, string, string, string][] = [
      [sunrise, 'Sunrise care', 'Active', '2026-01-10'],
      [lakeside, 'Lakeside care', 'Draft', '2026-02-10'],
      [sunrise, 'Gone', 'Deleted', '2026-03-10'],
    ];
    for (const [referralSourceId, title, status, startDate] of episodes) {
      await server().sql(
        'insert into episodes (referral_source_id, physician_id, title, status, start_date) values ($1, $2, $3, $4, $5)',
        [referralSourceId, first.id, title, status, startDate],
      );
    }
    const all = await server().request('GET', `/api/admin/physicians/${first.id}/episodes`, { token: admin });
    expect(all.status).toBe(200);
    expect(all.body.rows.map((r: { title: string }) => r.title)).toEqual(['Lakeside care', 'Sunrise care']);
    expect(all.body.rows[0]).toMatchObject({
      referralSourceName: 'Lakeside Medical Center',
      startDate: '2026-02-10',
    });
    const orgUser = await server().login('orguser@carelane.local');
    const mine = await server().request('GET', `/api/admin/physicians/${first.id}/episodes`, {
      token: orgUser,
    });
    expect(mine.body.rows.map((r: { title: string }) => r.title)).toEqual(['Sunrise care']);
    expect(mine.body.paging.totalCount).toBe(1);
  });
});
