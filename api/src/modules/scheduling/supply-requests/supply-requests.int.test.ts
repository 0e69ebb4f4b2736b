import { describeEachDatabase, type TestServer } from '../../../test/harness';

const NOTE = 'Zzsupplytest';
const STALE =
  'This supply request was changed by someone else since you opened it. Reload it and make your change again.';

async function orgId(s: TestServer, name: string) {
  const [row] = await s.sql<{ id: number }>('select id from referral_sources where name = $1', [name]);
  return row!.id;
}

type Row = { id: number; notes: string; referralSourceId: number | null; status: string };
const notesOf = (body: { rows: Row[] }) =>
  body.rows.filter((r) => r.notes.startsWith(NOTE)).map((r) => r.notes);

describeEachDatabase('supply requests', (server) => {
  let admin = '';
  let sunrise = 0;
  let lakeside = 0;
  let firstId = 0;

  beforeAll(async () => {
    admin = await server().login('admin@carelane.local');
    sunrise = await orgId(server(), 'Sunrise Home Health');
    lakeside = await orgId(server(), 'Lakeside Medical Center');
    const bodies = [
      {
        referralSourceId: sunrise,
        providerTypeId: 1,
        zipcode: '78701',
        city: 'Austin',
        state: 'tx',
        requestedCount: 3,
        notes: `${NOTE} one`,
      },
      {
        referralSourceId: lakeside,
        providerTypeId: 3,
        zipcode: '78702',
        requestedCount: 1,
        notes: `${NOTE} two`,
        status: 'InProgress',
      },
    ];
    for (const body of bodies) {
      const res = await server().request('POST', '/api/admin/supplyRequests', { token: admin, body });
      expect(res.status).toBe(201);
      if (!firstId) firstId = res.body.id;
    }
    await server().sql(
      "insert into supply_requests (provider_type_id, zipcode, notes, created_at) values (1, '78703', $1, now() - interval '100 days')",
      [`${NOTE} old`],
    );
  });

  it('creates a request with the type, organization and creator named', async () => {
    const res = await server().request('GET', `/api/admin/supplyRequests/${firstId}`, { token: admin });
    expect(res.body).toMatchObject({
      providerTypeId: 1,
      providerType: 'RN',
      referralSourceName: 'Sunrise Home Health',
      state: 'TX',
      requestedCount: 3,
      status: 'Open',
      createdByName: expect.any(String),
      version: 0,
    });
  });

  it('lists the last 90 days by default, newest first, with status and range filters', async () => {
    const recent = await server().request('GET', '/api/admin/supplyRequests?pageSize=1000', { token: admin });
    expect(notesOf(recent.body)).toEqual([`${NOTE} two`, `${NOTE} one`]);
    const open = await server().request('GET', '/api/admin/supplyRequests?status=Open&pageSize=1000', {
      token: admin,
    });
    expect(notesOf(open.body)).toEqual([`${NOTE} one`]);
    const start = new Date(Date.now() - 120 * 86_400_000).toISOString();
    const longer = await server().request(
      'GET',
      `/api/admin/supplyRequests?pageSize=1000&startDate=${encodeURIComponent(start)}`,
      { token: admin },
    );
    expect(notesOf(longer.body)).toEqual([`${NOTE} two`, `${NOTE} one`, `${NOTE} old`]);
    const reversed = await server().request(
      'GET',
      `/api/admin/supplyRequests?startDate=2026-02-01T00:00:00Z&endDate=2026-01-01T00:00:00Z`,
      { token: admin },
    );
    expect(reversed.status).toBe(400);
    expect(reversed.body.errors[0]).toEqual({ field: 'startDate', message: 'must not be after endDate' });
  });

  it('refuses bad input naming the field, writing nothing', async () => {
    const base = { providerTypeId: 1, zipcode: '78701', requestedCount: 1, notes: `${NOTE} bad` };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...base, zipcode: '787' }, 'zipcode', 'must be a 5-digit ZIP code'],
      [{ ...base, requestedCount: 0 }, 'requestedCount', 'must be at least 1'],
      [{ ...base, providerTypeId: 999 }, 'providerTypeId', 'is not a provider type'],
      [{ ...base, state: 'Texas' }, 'state', 'must be a 2-letter state code'],
      [{ ...base, status: 'Done' }, 'status', expect.any(String)],
    ];
    for (const [body, field, message] of cases) {
      const res = await server().request('POST', '/api/admin/supplyRequests', { token: admin, body });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([{ field, message }]);
    }
    expect(await server().sql('select id from supply_requests where notes = $1', [`${NOTE} bad`])).toEqual(
      [],
    );
  });

  it('edits with the version and refuses a stale edit', async () => {
    const ok = await server().request('PUT', `/api/admin/supplyRequests/${firstId}`, {
      token: admin,
      body: { status: 'Fulfilled', version: 0 },
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ status: 'Fulfilled', version: 1 });
    const stale = await server().request('PUT', `/api/admin/supplyRequests/${firstId}`, {
      token: admin,
      body: { status: 'Cancelled', version: 0 },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toBe(STALE);
  });

  it('is closed to organization users without the ccDemand page, and to clinicians', async () => {
    for (const email of ['orguser@carelane.local', 'clinician@carelane.local']) {
      const token = await server().login(email);
      expect((await server().request('GET', '/api/admin/supplyRequests', { token })).status).toBe(403);
    }
  });

  it("shows an organization user granted the page only their organization's requests", async () => {
    const [user] = await server().sql<{ id: number }>(
      "select id from users where email_id = 'orguser@carelane.local'",
    );
    const current = await server().request('GET', `/api/admin/users/${user!.id}`, { token: admin });
    const granted = await server().request('PUT', `/api/admin/users/${user!.id}/privileges`, {
      token: admin,
      body: { privileges: { ccDemand: '{}' }, version: current.body.version },
    });
    expect(granted.status).toBe(200);
    const orgUser = await server().login('orguser@carelane.local');
    const list = await server().request('GET', '/api/admin/supplyRequests?pageSize=1000', { token: orgUser });
    expect(list.status).toBe(200);
    expect(list.body.rows.every((r: Row) => r.referralSourceId === sunrise)).toBe(true);
    expect(notesOf(list.body)).toEqual([`${NOTE} one`]);
    const [theirs] = await server().sql<{ id: number }>('select id from supply_requests where notes = $1', [
      `${NOTE} two`,
    ]);
    expect(
      (await server().request('GET', `/api/admin/supplyRequests/${theirs!.id}`, { token: orgUser })).status,
    ).toBe(404);
    const made = await server().request('POST', '/api/admin/supplyRequests', {
      token: orgUser,
      body: { providerTypeId: 9, zipcode: '78704', requestedCount: 2, notes: `${NOTE} org` },
    });
    expect(made.status).toBe(201);
    expect(made.body.referralSourceId).toBe(sunrise);
    const elsewhere = await server().request('POST', '/api/admin/supplyRequests', {
      token: orgUser,
      body: { providerTypeId: 9, zipcode: '78704', requestedCount: 2, referralSourceId: lakeside },
    });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.errors).toEqual([
      { field: 'referralSourceId', message: 'must be your own organization' },
    ]);
  });

  it('takes empty notes on create and edit, storing them empty', async () => {
    for (const notes of ['', '   ']) {
      const made = await server().request('POST', '/api/admin/supplyRequests', {
        token: admin,
        body: { providerTypeId: 1, zipcode: '78705', requestedCount: 1, notes },
      });
      expect(made.status).toBe(201);
      expect(made.body).toMatchObject({ notes: '', zipcode: '78705' });
      const edited = await server().request('PUT', `/api/admin/supplyRequests/${made.body.id}`, {
        token: admin,
        body: { notes: `${NOTE} then`, version: made.body.version },
      });
      expect(edited.status).toBe(200);
      const cleared = await server().request('PUT', `/api/admin/supplyRequests/${made.body.id}`, {
        token: admin,
        body: { notes, version: edited.body.version },
      });
      expect(cleared.status).toBe(200);
      expect(cleared.body).toMatchObject({ notes: '', version: edited.body.version + 1 });
    }
  });
});
