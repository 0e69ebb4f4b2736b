import { describeEachDatabase, type ApiResponse, type TestServer } from '../../../test/harness';
import { savesRacingOnRow } from '../test-support';

interface Role {
  roleId: number;
  rolename: string;
  description: string;
  privileges: Record<string, string>;
  version: number;
}

async function roles(s: TestServer, token: string) {
  const res = await s.request<{ rows: Role[]; manageableRoleIds: number[] }>('GET', '/api/admin/roles', {
    token,
  });
  if (res.status !== 200) throw new Error(`roles answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body;
}

async function myPrivileges(s: TestServer, token: string): Promise<Record<string, string>> {
  const me = await s.request('GET', '/api/security/me', { token });
  return JSON.parse(me.body.privileges);
}

describeEachDatabase('roles and privileges', (server) => {
  let admin = '';

  beforeAll(async () => {
    admin = await server().login('admin@carelane.local');
  });

  it('lists every role with its upper-case name', async () => {
    const body = await roles(server(), admin);
    expect(body.rows.map((r) => [r.roleId, r.rolename])).toEqual([
      [1, 'ADMINISTRATOR'],
      [2, 'BACK OFFICE AND BILLING'],
      [4, 'CLINICIAN'],
      [5, 'CARE COORDINATOR'],
      [6, 'CUSTOMER CARE COORDINATOR'],
      [7, 'OPERATIONS DIRECTOR'],
      [8, 'ORGANIZATION ADMINISTRATOR'],
      [9, 'ORGANIZATION USER'],
      [12, 'ORGANIZATION MANAGER'],
      [13, 'CLINICIAN MANAGER'],
      [14, 'EXECUTIVE'],
    ]);
  });

  it.each([
    ['admin@carelane.local', [1, 2, 5, 6, 7, 8, 9, 12, 13, 14]],
    ['executive@carelane.local', [2, 5, 6, 7, 13]],
    ['director@carelane.local', [2, 5, 6, 13]],
    ['backoffice@carelane.local', [5, 6, 13]],
    ['clinicianmanager@carelane.local', [5]],
    ['customercare@carelane.local', [5]],
    ['orgadmin@carelane.local', [9, 12]],
    ['orgmanager@carelane.local', [9]],
  ])('tells %s which roles it may manage (SPEC §6)', async (email, expected) => {
    const token = await server().login(email);
    expect((await roles(server(), token)).manageableRoleIds).toEqual(expected);
  });

  it.each(['clinician@carelane.local', 'coordinator@carelane.local', 'orguser@carelane.local'])(
    'is not open to %s, who manages nobody',
    async (email) => {
      const token = await server().login(email);
      expect((await server().request('GET', '/api/admin/roles', { token })).status).toBe(403);
    },
  );

  it('an administrator changes a role’s privileges, and its users get them at once', async () => {
    const coordinator = await server().login('coordinator@carelane.local');
    const before = await myPrivileges(server(), coordinator);
    expect(before).not.toHaveProperty('activityLogs');
    expect((await server().request('GET', '/api/admin/audit', { token: coordinator })).status).toBe(403);
    const role = (await roles(server(), admin)).rows.find((r) => r.roleId === 5)!;
    const privileges = { ...role.privileges, activityLogs: '{"export":1}' };
    const res = await server().request<Role>('PUT', '/api/admin/roles/5/privileges', {
      token: admin,
      body: { privileges, version: role.version },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ roleId: 5, privileges, version: role.version + 1 });
    expect(await myPrivileges(server(), coordinator)).toEqual(privileges);
    // The page opens for the sessions the role's users already have.
    expect((await server().request('GET', '/api/admin/audit', { token: coordinator })).status).toBe(200);
  });

  it('a user’s own overrides win over the role’s', async () => {
    const [user] = await server().sql<{ id: number; version: number }>(
      "select id, version from users where email_id = 'customercare@carelane.local'",
    );
    const res = await server().request('PUT', `/api/admin/users/${user!.id}/privileges`, {
      token: admin,
      body: { privileges: { dashboard: '{"compact":1}' }, version: user!.version },
    });
    expect(res.status).toBe(200);
    const token = await server().login('customercare@carelane.local');
    const privileges = await myPrivileges(server(), token);
    expect(privileges.dashboard).toBe('{"compact":1}');
    const role = (await roles(server(), admin)).rows.find((r) => r.roleId === 6)!;
    expect(Object.keys(privileges).sort()).toEqual(Object.keys(role.privileges).sort());
  });

  it('refuses a stale version with 409, changing nothing', async () => {
    const role = (await roles(server(), admin)).rows.find((r) => r.roleId === 13)!;
    const res = await server().request('PUT', '/api/admin/roles/13/privileges', {
      token: admin,
      body: { privileges: {}, version: role.version + 5 },
    });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      statusCode: 409,
      code: 'STALE_VERSION',
      error:
        'This role was changed by someone else since you opened it. Reload it and make your change again.',
    });
    expect((await roles(server(), admin)).rows.find((r) => r.roleId === 13)).toEqual(role);
  });

  it('lets only one of several simultaneous saves of the same version through', async () => {
    const role = (await roles(server(), admin)).rows.find((r) => r.roleId === 14)!;
    const options = ['{"v":1}', '{"v":2}', '{"v":3}', '{"v":4}'];
    const answers = await savesRacingOnRow(
      server(),
      { table: 'roles', idColumn: 'role_id', id: 14 },
      options.length,
      () =>
        Promise.all(
          options.map((reports) =>
            server().request('PUT', '/api/admin/roles/14/privileges', {
              token: admin,
              body: { privileges: { ...role.privileges, reports }, version: role.version },
            }),
          ),
        ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409]);
    const winner = answers.find((a) => a.status === 200)!.body as Role;
    const after = (await roles(server(), admin)).rows.find((r) => r.roleId === 14)!;
    expect(after).toEqual({ ...role, privileges: winner.privileges, version: role.version + 1 });
  });

  it.each(['director@carelane.local', 'executive@carelane.local', 'orgadmin@carelane.local'])(
    'refuses a change by %s with 403, changing nothing',
    async (email) => {
      const token = await server().login(email);
      const role = (await roles(server(), admin)).rows.find((r) => r.roleId === 9)!;
      const res = await server().request('PUT', '/api/admin/roles/9/privileges', {
        token,
        body: { privileges: { ...role.privileges, activityLogs: '{}' }, version: role.version },
      });
      expect(res.status).toBe(403);
      expect(res.body.error).toBe('Sorry, only administrators may change privileges.');
      expect((await roles(server(), admin)).rows.find((r) => r.roleId === 9)).toEqual(role);
    },
  );

  describe('no administrator lock-out', () => {
    const adminRole = async () => (await roles(server(), admin)).rows.find((r) => r.roleId === 1)!;
    const adminUser = async () =>
      (
        await server().sql<{ id: number; version: number }>(
          "select id, version from users where email_id = 'admin@carelane.local'",
        )
      )[0]!;
    const expectLockout = (res: ApiResponse, field: string) => {
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({
        code: 'PRIVILEGES_LOCKOUT',
        error: expect.stringMatching(/^Sorry, .*manag(e|ing) users and privileges/),
        errors: [{ field, message: 'would lock administrators out' }],
      });
    };

    it.each([
      ['every page removed', () => ({})],
      ['the users page removed', (p: Record<string, string>) => ({ ...p, users: undefined })],
      ['header blockLogin set', (p: Record<string, string>) => ({ ...p, header: '{"blockLogin":1}' })],
    ])(
      'refuses a change to the acting role with %s (409 naming privileges), changing nothing',
      async (_name, change) => {
        const role = await adminRole();
        const privileges = JSON.parse(JSON.stringify(change(role.privileges))) as Record<string, string>;
        const res = await server().request('PUT', '/api/admin/roles/1/privileges', {
          token: admin,
          body: { privileges, version: role.version },
        });
        expectLockout(res, 'privileges');
        expect(await adminRole()).toEqual(role);
        // The administrator still manages users and roles; so does everyone who did.
        expect((await server().request('GET', '/api/admin/roles', { token: admin })).status).toBe(200);
        expect((await server().request('GET', '/api/admin/users', { token: admin })).status).toBe(200);
        const director = await server().login('director@carelane.local');
        expect((await server().request('GET', '/api/admin/users', { token: director })).status).toBe(200);
      },
    );

    it('still lets an administrator make a harmless change to their own role', async () => {
      const role = await adminRole();
      const privileges = { ...role.privileges, dashboard: '{"compact":1}' };
      const res = await server().request<Role>('PUT', '/api/admin/roles/1/privileges', {
        token: admin,
        body: { privileges, version: role.version },
      });
      expect(res.status).toBe(200);
      expect(res.body.privileges).toEqual(privileges);
    });

    it('refuses what would leave no active user able to manage users and roles', async () => {
      const me = await adminUser();
      // The only administrator demoting themselves, or taking the users page from themselves.
      expectLockout(
        await server().request('PUT', `/api/admin/users/${me.id}`, {
          token: admin,
          body: { roleId: 14, version: me.version },
        }),
        'roleId',
      );
      expectLockout(
        await server().request('PUT', `/api/admin/users/${me.id}/privileges`, {
          token: admin,
          body: { privileges: { users: 'null' }, version: me.version },
        }),
        'privileges',
      );
      expect(await adminUser()).toEqual(me);
      expect((await server().request('GET', '/api/admin/roles', { token: admin })).status).toBe(200);

      // With a second administrator, the same changes to that one are harmless.
      const other = await server().request('POST', '/api/admin/users', {
        token: admin,
        body: {
          emailId: 'second.admin@roles.test',
          firstName: 'Second',
          lastName: 'Admin',
          roleId: 1,
          password: 'Second-admin-1',
        },
      });
      expect(other.status).toBe(201);
      const blocked = await server().request('PUT', `/api/admin/users/${other.body.id}/privileges`, {
        token: admin,
        body: { privileges: { users: 'null' }, version: other.body.version },
      });
      expect(blocked.status).toBe(200);
      const demoted = await server().request('PUT', `/api/admin/users/${other.body.id}`, {
        token: admin,
        body: { roleId: 14, version: blocked.body.version },
      });
      expect(demoted.status).toBe(200);
    });
  });

  it('answers 404 for an unknown role and 400 for a malformed privilege map', async () => {
    const missing = await server().request('PUT', '/api/admin/roles/3/privileges', {
      token: admin,
      body: { privileges: {}, version: 0 },
    });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ statusCode: 404, code: 'NOT_FOUND', error: 'The role was not found.' });
    const malformed = await server().request('PUT', '/api/admin/roles/5/privileges', {
      token: admin,
      body: { privileges: { dashboard: { compact: 1 } }, version: 0 },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors[0].field).toBe('privileges.dashboard');
  });
});
