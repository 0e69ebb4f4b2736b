import { describeEachDatabase, type TestServer } from '../../../test/harness';

const STALE = 'Someone else changed this patient since you opened it. Reload to see their changes.';
const NAME = 'Zzpatienttest';

async function orgId(s: TestServer, name: string) {
  const [row] = await s.sql<{ id: number }>('select id from referral_sources where name = $1', [name]);
  return row!.id;
}

describeEachDatabase('patients', (server) => {
  let admin = '';
  let orgUser = '';
  let lakeside = '';
  let sunriseId = 0;
  let lakesideId = 0;
  let patient = { id: 0, version: 0 };

  beforeAll(async () => {
    admin = await server().login('admin@carelane.local');
    orgUser = await server().login('orguser@carelane.local');
    lakeside = await server().login('lakeside.user@carelane.local');
    sunriseId = await orgId(server(), 'Sunrise Home Health');
    lakesideId = await orgId(server(), 'Lakeside Medical Center');
    const res = await server().request('POST', '/api/admin/patients', {
      token: orgUser,
      body: {
        firstName: 'Ann',
        middleInitial: 'q',
        lastName: NAME,
        gender: 'F',
        birthday: '1950-02-03',
        phoneNumber1: '(512) 555-0111',
        addressLine1: '1 Main St',
        city: 'Austin',
        state: 'tx',
        zipcode: '78701',
        latitude: 30.27,
        longitude: -97.74,
      },
    });
    expect(res.status).toBe(201);
    patient = res.body;
  });

  it('creates a patient for the organization user’s own organization, with derived age', async () => {
    const res = await server().request('GET', `/api/admin/patients/${patient.id}`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      referralSourceId: sunriseId,
      referralSourceName: 'Sunrise Home Health',
      middleInitial: 'Q',
      phoneNumber1: '5125550111',
      state: 'TX',
      status: 'ACTIVE',
      version: 0,
    });
    expect(res.body.age).toBeGreaterThanOrEqual(75);
    const [audit] = await server().sql(
      "select action from audit_log where entity = 'patient' and entity_id = $1",
      [String(patient.id)],
    );
    expect(audit).toEqual({ action: 'CREATE' });
  });

  it('refuses another organization for an organization user, and needs one from staff', async () => {
    const other = await server().request('POST', '/api/admin/patients', {
      token: orgUser,
      body: { firstName: 'X', lastName: NAME, referralSourceId: lakesideId },
    });
    expect(other.status).toBe(400);
    expect(other.body.errors).toEqual([
      { field: 'referralSourceId', message: 'must be your own organization' },
    ]);
    const missing = await server().request('POST', '/api/admin/patients', {
      token: admin,
      body: { firstName: 'X', lastName: NAME },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.errors[0].field).toBe('referralSourceId');
    const staff = await server().request('POST', '/api/admin/patients', {
      token: admin,
      body: { firstName: 'Bob', lastName: NAME, referralSourceId: lakesideId },
    });
    expect(staff.status).toBe(201);
    expect(staff.body.referralSourceId).toBe(lakesideId);
  });

  it('answers field errors for bad input, nothing saved', async () => {
    const before = await server().sql('select count(*)::int as n from patients where last_name = $1', [NAME]);
    for (const [body, field] of [
      [{ firstName: '', lastName: NAME }, 'firstName'],
      [{ firstName: 'A', lastName: NAME, phoneNumber1: '123' }, 'phoneNumber1'],
      [{ firstName: 'A', lastName: NAME, birthday: '2999-01-01' }, 'birthday'],
      [{ firstName: 'A', lastName: NAME, zipcode: 'abc' }, 'zipcode'],
      [{ firstName: 'A', lastName: NAME, gender: 'X' }, 'gender'],
    ] as const) {
      const res = await server().request('POST', '/api/admin/patients', { token: orgUser, body });
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body.errors)).toContain(field);
    }
    const after = await server().sql('select count(*)::int as n from patients where last_name = $1', [NAME]);
    expect(after).toEqual(before);
  });

  it('lists with search, status, organization scope and paging', async () => {
    const own = await server().request('GET', `/api/admin/patients?search=${NAME}`, { token: orgUser });
    expect(own.status).toBe(200);
    expect(own.body.rows.map((r: { firstName: string }) => r.firstName)).toEqual(['Ann']);
    const all = await server().request('GET', `/api/admin/patients?search=${NAME}&pageSize=1`, {
      token: admin,
    });
    expect(all.body.paging).toMatchObject({ pageSize: 1, totalCount: 2, pageCount: 2 });
    expect(all.body.rows[0].firstName).toBe('Bob');
    const byOrg = await server().request(
      'GET',
      `/api/admin/patients?search=${NAME}&referralSourceId=${lakesideId}`,
      {
        token: admin,
      },
    );
    expect(byOrg.body.rows.map((r: { firstName: string }) => r.firstName)).toEqual(['Bob']);
    const archived = await server().request('GET', `/api/admin/patients?search=${NAME}&status=ARCHIVED`, {
      token: admin,
    });
    expect(archived.body.rows).toEqual([]);
  });

  it('applies the 180-day patient-creation range', async () => {
    await server().sql(
      "update patients set created_at = now() - interval '200 days' where first_name = 'Bob' and last_name = $1",
      [NAME],
    );
    const today = new Date().toISOString().slice(0, 10);
    const longAgo = new Date(Date.now() - 400 * 86_400_000).toISOString().slice(0, 10);
    // From 400 days ago to today is cut to 180 days from the start: neither patient is inside.
    const cut = await server().request(
      'GET',
      `/api/admin/patients?search=${NAME}&createdFrom=${longAgo}&createdTo=${today}`,
      {
        token: admin,
      },
    );
    expect(cut.body.rows).toEqual([]);
    const recent = await server().request(
      'GET',
      `/api/admin/patients?search=${NAME}&createdFrom=${new Date(Date.now() - 10 * 86_400_000).toISOString().slice(0, 10)}&createdTo=${today}`,
      { token: admin },
    );
    expect(recent.body.rows.map((r: { firstName: string }) => r.firstName)).toEqual(['Ann']);
  });

  it('hides other organizations’ patients (404) and refuses clinicians (403)', async () => {
    expect(
      (await server().request('GET', `/api/admin/patients/${patient.id}`, { token: lakeside })).status,
    ).toBe(404);
    const put = await server().request('PUT', `/api/admin/patients/${patient.id}`, {
      token: lakeside,
      body: { firstName: 'Hacked', version: 0 },
    });
    expect(put.status).toBe(404);
    const list = await server().request('GET', `/api/admin/patients?search=${NAME}`, { token: lakeside });
    expect(list.body.rows.map((r: { firstName: string }) => r.firstName)).toEqual(['Bob']);
    const clinician = await server().login('clinician@carelane.local');
    expect((await server().request('GET', '/api/admin/patients', { token: clinician })).status).toBe(403);
    expect(
      (await server().request('GET', `/api/admin/patients/${patient.id}`, { token: clinician })).status,
    ).toBe(403);
  });

  it('edits with the version and refuses a stale edit with 409', async () => {
    const ok = await server().request('PUT', `/api/admin/patients/${patient.id}`, {
      token: orgUser,
      body: { firstName: 'Anna', version: 0 },
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ firstName: 'Anna', version: 1 });
    const stale = await server().request('PUT', `/api/admin/patients/${patient.id}`, {
      token: admin,
      body: { firstName: 'Overwrite', version: 0 },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toBe(STALE);
    const [row] = await server().sql('select first_name from patients where id = $1', [patient.id]);
    expect(row).toEqual({ first_name: 'Anna' });
  });

  it('archives with a reason of episodeArchiveReasons only', async () => {
    const bad = await server().request('POST', `/api/admin/patients/${patient.id}/archive`, {
      token: orgUser,
      body: { reason: 'Bored', version: 1 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].field).toBe('reason');
    const stale = await server().request('POST', `/api/admin/patients/${patient.id}/archive`, {
      token: orgUser,
      body: { reason: 'Patient discharged', version: 0 },
    });
    expect(stale.status).toBe(409);
    const ok = await server().request('POST', `/api/admin/patients/${patient.id}/archive`, {
      token: orgUser,
      body: { reason: 'Patient discharged', version: 1 },
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ status: 'ARCHIVED', archiveReason: 'Patient discharged', version: 2 });
    const archived = await server().request('GET', `/api/admin/patients?search=${NAME}&status=ARCHIVED`, {
      token: orgUser,
    });
    expect(archived.body.rows.map((r: { id: number }) => r.id)).toEqual([patient.id]);
  });
});
