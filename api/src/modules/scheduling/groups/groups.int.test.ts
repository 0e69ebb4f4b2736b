import { describeEachDatabase, type TestServer } from '../../../test/harness';

const FAMILY = 'Zzgrouptest';
const STALE =
  'This group was changed by someone else since you opened it. Reload it and make your change again.';

async function addProvider(s: TestServer, givenName: string, providerTypeId: number) {
  const [row] = await s.sql<{ id: number }>(
    'insert into providers (given_name, family_name, provider_type_id, city, state) values ($1, $2, $3, $4, $5) returning id',
    [givenName, FAMILY, providerTypeId, 'Austin', 'TX'],
  );
  return row!.id;
}

describeEachDatabase('groups', (server) => {
  let admin = '';
  const p: Record<string, number> = {};

  beforeAll(async () => {
    admin = await server().login('admin@carelane.local');
    p.Ann = await addProvider(server(), 'Ann', 1);
    p.Bo = await addProvider(server(), 'Bo', 3);
    p.Cy = await addProvider(server(), 'Cy', 9);
  });

  it('creates a group with members and lists it with the member count', async () => {
    const res = await server().request('POST', '/api/admin/groups', {
      token: admin,
      body: { name: 'Zz North Austin nurses', description: 'Weekend cover', providerIds: [p.Bo, p.Ann] },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Zz North Austin nurses',
      status: 'ACTIVE',
      memberCount: 2,
      version: 0,
    });
    expect(
      res.body.members.map((m: { givenName: string; providerType: string }) => [m.givenName, m.providerType]),
    ).toEqual([
      ['Ann', 'RN'],
      ['Bo', 'PT'],
    ]);
    const list = await server().request('GET', '/api/admin/groups?search=zz%20north', { token: admin });
    expect(list.body.rows).toEqual([
      expect.objectContaining({ name: 'Zz North Austin nurses', memberCount: 2 }),
    ]);
    expect(list.body.paging.totalCount).toBe(1);
  });

  it('finds clinicians to add by name', async () => {
    const res = await server().request('GET', `/api/admin/groups/memberCandidates?search=cy%20${FAMILY}`, {
      token: admin,
    });
    expect(res.status).toBe(200);
    expect(res.body.rows).toEqual([
      {
        providerId: p.Cy,
        givenName: 'Cy',
        familyName: FAMILY,
        providerTypeId: 9,
        providerType: 'HHA',
        city: 'Austin',
        state: 'TX',
      },
    ]);
    const missing = await server().request('GET', '/api/admin/groups/memberCandidates', { token: admin });
    expect(missing.status).toBe(400);
    expect(missing.body.errors[0].field).toBe('search');
  });

  it('replaces the members and fields with the version, refusing a stale edit', async () => {
    const [group] = await server().sql<{ id: number }>(
      "select id from groups where name = 'Zz North Austin nurses'",
    );
    const edit = await server().request('PUT', `/api/admin/groups/${group!.id}`, {
      token: admin,
      body: { providerIds: [p.Cy], status: 'INACTIVE', version: 0 },
    });
    expect(edit.status).toBe(200);
    expect(edit.body).toMatchObject({ status: 'INACTIVE', memberCount: 1, version: 1 });
    expect(edit.body.members.map((m: { providerId: number }) => m.providerId)).toEqual([p.Cy]);
    const stale = await server().request('PUT', `/api/admin/groups/${group!.id}`, {
      token: admin,
      body: { name: 'Zz Renamed', version: 0 },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toBe(STALE);
    const same = await server().request('PUT', `/api/admin/groups/${group!.id}`, {
      token: admin,
      body: { description: 'Kept members', version: 1 },
    });
    expect(same.body.memberCount).toBe(1);
    const active = await server().request('GET', '/api/admin/groups?search=zz%20north&status=ACTIVE', {
      token: admin,
    });
    expect(active.body.rows).toEqual([]);
    const [audit] = await server().sql<{ diff: Record<string, unknown> }>(
      "select diff from audit_log where entity = 'group' and entity_id = $1 and action = 'UPDATE' order by id limit 1",
      [String(group!.id)],
    );
    expect(audit!.diff.providerIds).toEqual({ before: [p.Ann!, p.Bo!].sort((a, b) => a - b), after: [p.Cy] });
  });

  it('refuses a taken name, an unknown clinician and repeated members, writing nothing', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: 'Zz North Austin nurses' }, 'name', 'is already used by another group'],
      [{ name: 'Zz Ghosts', providerIds: [987654] }, 'providerIds', 'names a clinician who does not exist'],
      [{ name: 'Zz Twice', providerIds: [p.Ann, p.Ann] }, 'providerIds', 'must not repeat a clinician'],
      [{ name: '' }, 'name', 'is required'],
    ];
    for (const [body, field, message] of cases) {
      const res = await server().request('POST', '/api/admin/groups', { token: admin, body });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([{ field, message }]);
    }
    expect(await server().sql("select id from groups where name in ('Zz Ghosts', 'Zz Twice')")).toEqual([]);
  });

  it('answers 404 for a group that does not exist', async () => {
    const res = await server().request('GET', '/api/admin/groups/987654', { token: admin });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('The group was not found.');
  });

  it('is for staff: organization users may only list groups, clinicians nothing', async () => {
    const director = await server().login('director@carelane.local');
    const made = await server().request('POST', '/api/admin/groups', {
      token: director,
      body: { name: 'Zz Director group' },
    });
    expect(made.status).toBe(201);
    const orgUser = await server().login('orguser@carelane.local');
    expect((await server().request('GET', '/api/admin/groups', { token: orgUser })).status).toBe(200);
    expect(
      (await server().request('GET', `/api/admin/groups/${made.body.id}`, { token: orgUser })).status,
    ).toBe(403);
    expect(
      (await server().request('POST', '/api/admin/groups', { token: orgUser, body: { name: 'Zz Org' } }))
        .status,
    ).toBe(403);
    const clinician = await server().login('clinician@carelane.local');
    expect((await server().request('GET', '/api/admin/groups', { token: clinician })).status).toBe(403);
  });
});
