import { describeEachDatabase, type TestServer } from '../../../test/harness';
import { savesRacingOnRow } from '../test-support';

interface Org {
  id: number;
  name: string;
  status: string;
  zipcode: string | null;
  phone: string | null;
  idleTimeout: number | null;
  version: number;
}

const STALE =
  'This organization was changed by someone else since you opened it. Reload it and make your change again.';
const ORG_NOT_FOUND = { statusCode: 404, code: 'NOT_FOUND', error: 'The organization was not found.' };

async function list(s: TestServer, token: string, query = '') {
  const res = await s.request<{ rows: Org[]; paging: Record<string, number> }>(
    'GET',
    `/api/admin/referralSources${query}`,
    {
      token,
    },
  );
  if (res.status !== 200) throw new Error(`list answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body;
}

async function orgId(s: TestServer, name: string) {
  const [row] = await s.sql<{ id: number }>('select id from referral_sources where name = $1', [name]);
  return row!.id;
}

describeEachDatabase('referral sources', (server) => {
  let admin = '';
  let sunrise = 0;
  let lakeside = 0;

  beforeAll(async () => {
    admin = await server().login('admin@carelane.local');
    sunrise = await orgId(server(), 'Sunrise Home Health');
    lakeside = await orgId(server(), 'Lakeside Medical Center');
  });

  // Other demo data may add organizations: the expected lists are read from the database itself.
  const namesInDb = async (where: string) =>
    (
      await server().sql<{ name: string }>(
        `select name from referral_sources where ${where} order by name, id`,
      )
    ).map((r) => r.name);

  it('lists ACTIVE organizations by default, sorted by name', async () => {
    const active = await namesInDb("status = 'ACTIVE'");
    expect(active).toEqual(
      expect.arrayContaining(['Hill Country Hospice', 'Lakeside Medical Center', 'Sunrise Home Health']),
    );
    const body = await list(server(), admin, '?pageSize=1000');
    expect(body.rows.map((r) => r.name)).toEqual(active);
    expect(body.rows.every((r) => r.status === 'ACTIVE')).toBe(true);
    const first = await list(server(), admin);
    expect(first.rows.map((r) => r.name)).toEqual(active.slice(0, 10));
    expect(first.paging).toEqual({
      pageNumber: 1,
      pageSize: 10,
      pageCount: Math.ceil(active.length / 10),
      totalCount: active.length,
    });
  });

  it('shows the inactive one only with status ALL or INACTIVE', async () => {
    const inactive = await list(server(), admin, '?status=INACTIVE&pageSize=1000');
    expect(inactive.rows.map((r) => r.name)).toEqual(await namesInDb("status = 'INACTIVE'"));
    expect(inactive.rows.map((r) => r.name)).toContain('Old Mill Rehabilitation');
    expect((await list(server(), admin, '?pageSize=1000')).rows.map((r) => r.name)).not.toContain(
      'Old Mill Rehabilitation',
    );
    const all = await list(server(), admin, '?status=ALL');
    expect(all.paging.totalCount).toBe((await namesInDb('true')).length);
    const bad = await server().request('GET', '/api/admin/referralSources?status=SOME', { token: admin });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].field).toBe('status');
  });

  it('searches by name and pages', async () => {
    const found = await list(server(), admin, '?search=lakeside%20medical');
    expect(found.rows.map((r) => r.name)).toEqual(['Lakeside Medical Center']);
    const everyone = await namesInDb('true');
    const paged = await list(server(), admin, '?status=ALL&pageSize=3&pageNumber=2');
    expect(paged.rows.map((r) => r.name)).toEqual(everyone.slice(3, 6));
    expect(paged.paging).toEqual({
      pageNumber: 2,
      pageSize: 3,
      pageCount: Math.ceil(everyone.length / 3),
      totalCount: everyone.length,
    });
  });

  it('an administrator creates and edits an organization with its version', async () => {
    const created = await server().request<Org>('POST', '/api/admin/referralSources', {
      token: admin,
      body: { name: 'Riverbend Care', zipcode: '78702', phone: '(512) 555-0177', idleTimeout: 25 },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Riverbend Care',
      status: 'ACTIVE',
      zipcode: '78702',
      phone: '5125550177',
      idleTimeout: 25,
      onboardStepRS: 'Rates',
      version: 0,
    });
    const id = created.body.id;
    const edited = await server().request<Org>('PUT', `/api/admin/referralSources/${id}`, {
      token: admin,
      body: { name: 'Riverbend Home Care', version: created.body.version },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      name: 'Riverbend Home Care',
      zipcode: '78702',
      version: created.body.version + 1,
    });
    const detail = await server().request<Org>('GET', `/api/admin/referralSources/${id}`, { token: admin });
    expect(detail.body).toMatchObject({ name: 'Riverbend Home Care', version: created.body.version + 1 });

    const stale = await server().request('PUT', `/api/admin/referralSources/${id}`, {
      token: admin,
      body: { name: 'Lost Edit', version: created.body.version },
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({ statusCode: 409, code: 'STALE_VERSION', error: STALE });
    const [row] = await server().sql<{ name: string; version: number }>(
      'select name, version from referral_sources where id = $1',
      [id],
    );
    expect(row).toEqual({ name: 'Riverbend Home Care', version: created.body.version + 1 });
  });

  it('lets only one of several simultaneous saves of the same version through', async () => {
    const [before] = await server().sql<{ version: number }>(
      'select version from referral_sources where id = $1',
      [lakeside],
    );
    const faxes = ['2145550301', '2145550302', '2145550303', '2145550304', '2145550305'];
    const answers = await savesRacingOnRow(
      server(),
      { table: 'referral_sources', idColumn: 'id', id: lakeside },
      faxes.length,
      () =>
        Promise.all(
          faxes.map((fax) =>
            server().request('PUT', `/api/admin/referralSources/${lakeside}`, {
              token: admin,
              body: { fax, version: before!.version },
            }),
          ),
        ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409]);
    const winner = answers.find((a) => a.status === 200)!.body as Org & { fax: string };
    const [after] = await server().sql('select fax, version from referral_sources where id = $1', [lakeside]);
    expect(after).toEqual({ fax: winner.fax, version: before!.version + 1 });
  });

  it('refuses an invalid zipcode with 400 naming zipcode, writing nothing', async () => {
    const res = await server().request('POST', '/api/admin/referralSources', {
      token: admin,
      body: { name: 'Bad Zip Clinic', zipcode: '7870' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      statusCode: 400,
      code: 'VALIDATION',
      error: 'zipcode: must be a 5-digit ZIP code',
      errors: [{ field: 'zipcode', message: 'must be a 5-digit ZIP code' }],
    });
    expect(await server().sql("select id from referral_sources where name = 'Bad Zip Clinic'")).toEqual([]);
    const [before] = await server().sql<{ zipcode: string; version: number }>(
      'select zipcode, version from referral_sources where id = $1',
      [sunrise],
    );
    const edit = await server().request('PUT', `/api/admin/referralSources/${sunrise}`, {
      token: admin,
      body: { zipcode: 'ABCDE', version: before!.version },
    });
    expect(edit.status).toBe(400);
    expect(edit.body.errors).toEqual([{ field: 'zipcode', message: 'must be a 5-digit ZIP code' }]);
    const [after] = await server().sql('select zipcode, version from referral_sources where id = $1', [
      sunrise,
    ]);
    expect(after).toEqual(before);
  });

  it('answers 404 for an organization that does not exist', async () => {
    const res = await server().request('GET', '/api/admin/referralSources/987654', { token: admin });
    expect(res.status).toBe(404);
    expect(res.body).toEqual(ORG_NOT_FOUND);
  });

  describe.each([
    { email: 'orgadmin@carelane.local', own: 'Sunrise Home Health', other: 'Lakeside Medical Center' },
    { email: 'orguser@carelane.local', own: 'Sunrise Home Health', other: 'Lakeside Medical Center' },
    { email: 'orgmanager@carelane.local', own: 'Sunrise Home Health', other: 'Lakeside Medical Center' },
    { email: 'lakeside.user@carelane.local', own: 'Lakeside Medical Center', other: 'Sunrise Home Health' },
  ])('organization user $email', ({ email, own, other }) => {
    it('sees only their own organization', async () => {
      const token = await server().login(email);
      for (const query of ['', '?status=ALL', `?search=${encodeURIComponent(other)}`]) {
        const body = await list(server(), token, query);
        expect(body.rows.map((r) => r.name)).toEqual(query.startsWith('?search') ? [] : [own]);
        expect(body.paging.totalCount).toBe(body.rows.length);
      }
      const mine = await server().request<Org>(
        'GET',
        `/api/admin/referralSources/${await orgId(server(), own)}`,
        { token },
      );
      expect(mine.status).toBe(200);
      expect(mine.body.name).toBe(own);
      const theirs = await server().request(
        'GET',
        `/api/admin/referralSources/${await orgId(server(), other)}`,
        { token },
      );
      expect(theirs.status).toBe(404);
      expect(theirs.body).toEqual(ORG_NOT_FOUND);
    });

    it('cannot edit another organization or create one', async () => {
      const token = await server().login(email);
      const otherId = await orgId(server(), other);
      const [before] = await server().sql<{ name: string; version: number }>(
        'select name, version from referral_sources where id = $1',
        [otherId],
      );
      const edit = await server().request('PUT', `/api/admin/referralSources/${otherId}`, {
        token,
        body: { name: 'Taken Over', version: before!.version },
      });
      expect(edit.status).toBe(404);
      const create = await server().request('POST', '/api/admin/referralSources', {
        token,
        body: { name: `Made by ${email}` },
      });
      expect(create.status).toBe(403);
      expect(
        await server().sql('select id from referral_sources where name = $1', [`Made by ${email}`]),
      ).toEqual([]);
      const [after] = await server().sql('select name, version from referral_sources where id = $1', [
        otherId,
      ]);
      expect(after).toEqual(before);
    });
  });

  it('an organization administrator edits their own organization; an organization user may not', async () => {
    const orgAdmin = await server().login('orgadmin@carelane.local');
    const [row] = await server().sql<{ version: number }>(
      'select version from referral_sources where id = $1',
      [sunrise],
    );
    const ok = await server().request<Org>('PUT', `/api/admin/referralSources/${sunrise}`, {
      token: orgAdmin,
      body: { phone: '512-555-0111', version: row!.version },
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ phone: '5125550111', version: row!.version + 1 });
    const orgUser = await server().login('orguser@carelane.local');
    const refused = await server().request('PUT', `/api/admin/referralSources/${sunrise}`, {
      token: orgUser,
      body: { phone: '512-555-0122', version: row!.version + 1 },
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      statusCode: 403,
      code: 'FORBIDDEN',
      error: 'Sorry, you may not change organizations.',
    });
    const [after] = await server().sql<{ phone: string }>(
      'select phone from referral_sources where id = $1',
      [sunrise],
    );
    expect(after!.phone).toBe('5125550111');
  });

  it('is not open to a clinician', async () => {
    const token = await server().login('clinician@carelane.local');
    const res = await server().request('GET', '/api/admin/referralSources', { token });
    expect(res.status).toBe(403);
    const one = await server().request('GET', `/api/admin/referralSources/${lakeside}`, { token });
    expect(one.status).toBe(403);
  });

  it('lets an organization administrator edit their organization but not activate or deactivate it', async () => {
    const orgAdmin = await server().login('orgadmin@carelane.local');
    const current = await server().request('GET', `/api/admin/referralSources/${sunrise}`, {
      token: orgAdmin,
    });
    const refused = await server().request('PUT', `/api/admin/referralSources/${sunrise}`, {
      token: orgAdmin,
      body: { status: 'INACTIVE', version: current.body.version },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('Sorry, only Carelane staff may activate or deactivate an organization.');
    const [row] = await server().sql<{ status: string }>(
      'select status from referral_sources where id = $1',
      [sunrise],
    );
    expect(row!.status).toBe('ACTIVE');
    const renamed = await server().request('PUT', `/api/admin/referralSources/${sunrise}`, {
      token: orgAdmin,
      body: { phone: '(512) 555-0199', version: current.body.version },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.phone).toBe('5125550199');
  });
});
