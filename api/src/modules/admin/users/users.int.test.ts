import { describeEachDatabase, type TestServer } from '../../../test/harness';
import { savesRacingOnRow } from '../test-support';
import { emailedToken } from '../../../test/identity-helpers';

const LAST_NAMES = [
  'Abbott',
  'Baker',
  'Carter',
  'Dalton',
  'Ellis',
  'Fischer',
  'Garcia',
  'Hughes',
  'Ingram',
  'Jensen',
  'Keller',
  'Lowe',
];
const STALE_USER =
  'This user was changed by someone else since you opened it. Reload it and make your change again.';
const SEARCH = 'Pagetest';

interface UserBody {
  id: number;
  emailId: string;
  firstName: string;
  lastName: string;
  roleId: number;
  referralSourceId: number | null;
  status: string;
  changePassword: boolean;
  version: number;
}

async function outboxFor(s: TestServer, to: string) {
  return s.sql<{ subject: string; body: string; status: string }>(
    'select subject, body, status from outbox where "to" = $1 order by id',
    [to],
  );
}

async function createUser(s: TestServer, token: string, body: Record<string, unknown>) {
  const res = await s.request<UserBody>('POST', '/api/admin/users', { token, body });
  if (res.status !== 201) throw new Error(`create answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body;
}

describeEachDatabase('users', (server) => {
  let admin = '';

  beforeAll(async () => {
    admin = await server().login('admin@carelane.local');
    for (const [i, lastName] of LAST_NAMES.entries()) {
      await createUser(server(), admin, {
        emailId: `page.${i}@users.test`,
        firstName: SEARCH,
        lastName,
        // Every third one a customer care coordinator, the others care coordinators.
        roleId: i % 3 === 0 ? 6 : 5,
      });
    }
  });

  describe('list', () => {
    it('pages with pageSize and pageNumber, and counts the whole result', async () => {
      const first = await server().request(`GET`, `/api/admin/users?search=${SEARCH}&pageSize=5`, {
        token: admin,
      });
      expect(first.status).toBe(200);
      expect(first.body.paging).toEqual({ pageNumber: 1, pageSize: 5, pageCount: 3, totalCount: 12 });
      expect(first.body.rows.map((r: UserBody) => r.lastName)).toEqual(LAST_NAMES.slice(0, 5));
      const last = await server().request(
        'GET',
        `/api/admin/users?search=${SEARCH}&pageSize=5&pageNumber=3`,
        {
          token: admin,
        },
      );
      expect(last.body.paging).toEqual({ pageNumber: 3, pageSize: 5, pageCount: 3, totalCount: 12 });
      expect(last.body.rows.map((r: UserBody) => r.lastName)).toEqual(LAST_NAMES.slice(10));
      const beyond = await server().request(
        'GET',
        `/api/admin/users?search=${SEARCH}&pageSize=5&pageNumber=4`,
        {
          token: admin,
        },
      );
      expect(beyond.body.rows).toEqual([]);
      expect(beyond.body.paging.totalCount).toBe(12);
    });

    it('uses page size 10 by default', async () => {
      const res = await server().request('GET', `/api/admin/users?search=${SEARCH}`, { token: admin });
      expect(res.body.rows).toHaveLength(10);
      expect(res.body.paging).toEqual({ pageNumber: 1, pageSize: 10, pageCount: 2, totalCount: 12 });
    });

    it('sorts by name ascending and descending', async () => {
      const asc = await server().request(
        'GET',
        `/api/admin/users?search=${SEARCH}&pageSize=100&sort=name&order=asc`,
        {
          token: admin,
        },
      );
      expect(asc.body.rows.map((r: UserBody) => r.lastName)).toEqual(LAST_NAMES);
      const desc = await server().request(
        'GET',
        `/api/admin/users?search=${SEARCH}&pageSize=100&sort=name&order=desc`,
        {
          token: admin,
        },
      );
      expect(desc.body.rows.map((r: UserBody) => r.lastName)).toEqual([...LAST_NAMES].reverse());
    });

    it('searches first name, last name and email, ignoring case', async () => {
      const byLast = await server().request('GET', '/api/admin/users?search=fISCHer', { token: admin });
      expect(byLast.body.rows.map((r: UserBody) => r.emailId)).toEqual(['page.5@users.test']);
      const byEmail = await server().request('GET', '/api/admin/users?search=page.11@', { token: admin });
      expect(byEmail.body.rows.map((r: UserBody) => r.lastName)).toEqual(['Lowe']);
      const byFirst = await server().request('GET', '/api/admin/users?search=avery', { token: admin });
      expect(byFirst.body.rows.map((r: UserBody) => r.emailId)).toEqual(['admin@carelane.local']);
      // LIKE wildcards are taken literally.
      const wildcard = await server().request('GET', '/api/admin/users?search=%25', { token: admin });
      expect(wildcard.body.rows).toEqual([]);
      const none = await server().request('GET', '/api/admin/users?search=nobody-is-called-this', {
        token: admin,
      });
      expect(none.body).toEqual({
        rows: [],
        paging: { pageNumber: 1, pageSize: 10, pageCount: 0, totalCount: 0 },
      });
    });

    it('filters by roleId and status', async () => {
      const sixes = await server().request('GET', `/api/admin/users?search=${SEARCH}&roleId=6&pageSize=100`, {
        token: admin,
      });
      expect(sixes.body.rows.map((r: UserBody) => r.lastName)).toEqual([
        'Abbott',
        'Dalton',
        'Garcia',
        'Jensen',
      ]);
      expect(sixes.body.rows.every((r: UserBody) => r.roleId === 6)).toBe(true);
      const target = sixes.body.rows[0] as UserBody;
      const off = await server().request('POST', `/api/admin/users/${target.id}/deactivate`, {
        token: admin,
      });
      expect(off.status).toBe(200);
      const inactive = await server().request('GET', `/api/admin/users?search=${SEARCH}&status=INACTIVE`, {
        token: admin,
      });
      expect(inactive.body.rows.map((r: UserBody) => r.id)).toEqual([target.id]);
      const active = await server().request(
        'GET',
        `/api/admin/users?search=${SEARCH}&status=ACTIVE&pageSize=100`,
        {
          token: admin,
        },
      );
      expect(active.body.paging.totalCount).toBe(11);
      expect(active.body.rows.map((r: UserBody) => r.id)).not.toContain(target.id);
      const back = await server().request('POST', `/api/admin/users/${target.id}/activate`, { token: admin });
      expect(back.body.status).toBe('ACTIVE');
    });

    it('refuses a bad query parameter with 400 naming it', async () => {
      const res = await server().request('GET', '/api/admin/users?pageSize=0', { token: admin });
      expect(res.status).toBe(400);
      expect(res.body.errors[0].field).toBe('pageSize');
    });
  });

  describe('detail', () => {
    it('answers one user without secrets', async () => {
      const [row] = await server().sql<{ id: number }>(
        "select id from users where email_id = 'director@carelane.local'",
      );
      const res = await server().request('GET', `/api/admin/users/${row!.id}`, { token: admin });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        id: row!.id,
        emailId: 'director@carelane.local',
        firstName: 'Dana',
        lastName: 'Okafor',
        phoneNumber: '5125550107',
        roleId: 7,
        rolename: 'OPERATIONS DIRECTOR',
        referralSourceId: null,
        referralSourceName: null,
        status: 'ACTIVE',
        privileges: {},
      });
      expect(Object.keys(res.body)).not.toContain('passwordHash');
      expect(JSON.stringify(res.body)).not.toContain('argon2');
    });

    it('names the organization of an organization user', async () => {
      const [row] = await server().sql<{ id: number }>(
        "select id from users where email_id = 'orguser@carelane.local'",
      );
      const res = await server().request('GET', `/api/admin/users/${row!.id}`, { token: admin });
      expect(res.body.referralSourceName).toBe('Sunrise Home Health');
    });

    it('answers 404 for a user that does not exist', async () => {
      const res = await server().request('GET', '/api/admin/users/987654', { token: admin });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ statusCode: 404, code: 'NOT_FOUND', error: 'The user was not found.' });
    });
  });

  describe('create', () => {
    it('without a password emails a reset-password link that works', async () => {
      const user = await createUser(server(), admin, {
        emailId: 'New.Person@Users.Test',
        firstName: 'New',
        lastName: 'Person',
        roleId: 5,
        phoneNumber: '(512) 555-0199',
      });
      expect(user).toMatchObject({
        emailId: 'new.person@users.test',
        changePassword: false,
        phoneNumber: '5125550199',
      });
      const mail = await outboxFor(server(), 'new.person@users.test');
      expect(mail).toHaveLength(1);
      expect(mail[0]!.subject).toBe('Reset your Carelane password');
      // The stored copy masks the token; the person gets the working link.
      expect(mail[0]!.body).toContain('/resetPassword?token=•••');
      const token = await emailedToken(server(), 'new.person@users.test', 'resetPassword');
      const reset = await server().request('POST', '/api/security/resetPassword', {
        body: { token, password: 'A-fresh-password-1' },
      });
      expect(reset.status).toBe(200);
      await server().login('new.person@users.test', 'A-fresh-password-1');
    });

    it('with a password sets changePassword, and the new user must change it first', async () => {
      const user = await createUser(server(), admin, {
        emailId: 'with.password@users.test',
        firstName: 'With',
        lastName: 'Password',
        roleId: 5,
        password: 'Chosen-by-admin-1',
      });
      expect(user.changePassword).toBe(true);
      expect(await outboxFor(server(), 'with.password@users.test')).toEqual([]);
      const [row] = await server().sql<{ change_password: boolean }>(
        'select change_password from users where id = $1',
        [user.id],
      );
      expect(row!.change_password).toBe(true);
      const token = await server().login('with.password@users.test', 'Chosen-by-admin-1');
      const me = await server().request('GET', '/api/security/me', { token });
      expect(me.body.changePassword).toBe(true);
    });

    it('refuses an email already in use (in any case) with 409 naming emailId, writing nothing', async () => {
      const [{ n: before } = { n: 0 }] = await server().sql<{ n: number }>(
        'select count(*)::int as n from users',
      );
      const res = await server().request('POST', '/api/admin/users', {
        token: admin,
        body: { emailId: 'Director@Carelane.local', firstName: 'Dup', lastName: 'Licate', roleId: 5 },
      });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({
        statusCode: 409,
        code: 'EMAIL_TAKEN',
        error: 'A user with this email already exists.',
        errors: [{ field: 'emailId', message: 'is already in use' }],
      });
      const [{ n: after } = { n: 0 }] = await server().sql<{ n: number }>(
        'select count(*)::int as n from users',
      );
      expect(after).toBe(before);
    });

    it('refuses invalid fields with 400 naming them', async () => {
      const res = await server().request('POST', '/api/admin/users', {
        token: admin,
        body: { emailId: 'not-an-email', firstName: ' ', lastName: 'X', roleId: 5 },
      });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION');
      expect(res.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['emailId', 'firstName']);
    });

    it('requires an organization for an organization role, and refuses one for a staff role', async () => {
      const orgRole = await server().request('POST', '/api/admin/users', {
        token: admin,
        body: { emailId: 'no.org@users.test', firstName: 'No', lastName: 'Org', roleId: 9 },
      });
      expect(orgRole.status).toBe(400);
      expect(orgRole.body.errors).toEqual([
        { field: 'referralSourceId', message: 'is required for the role ORGANIZATION USER' },
      ]);
      const [org] = await server().sql<{ id: number }>(
        "select id from referral_sources where name = 'Sunrise Home Health'",
      );
      const staff = await server().request('POST', '/api/admin/users', {
        token: admin,
        body: {
          emailId: 'staff.org@users.test',
          firstName: 'Staff',
          lastName: 'Org',
          roleId: 5,
          referralSourceId: org!.id,
        },
      });
      expect(staff.status).toBe(400);
      expect(staff.body.errors[0].field).toBe('referralSourceId');
      const unknownRole = await server().request('POST', '/api/admin/users', {
        token: admin,
        body: { emailId: 'role.three@users.test', firstName: 'Role', lastName: 'Three', roleId: 3 },
      });
      expect(unknownRole.status).toBe(400);
      expect(unknownRole.body.errors[0].field).toBe('roleId');
      const rows = await server().sql(
        "select id from users where email_id in ('no.org@users.test', 'staff.org@users.test', 'role.three@users.test')",
      );
      expect(rows).toEqual([]);
    });
  });

  describe('edit', () => {
    it('saves with the current version and refuses a stale one, changing nothing', async () => {
      const user = await createUser(server(), admin, {
        emailId: 'edit.me@users.test',
        firstName: 'Edit',
        lastName: 'Before',
        roleId: 13,
      });
      const saved = await server().request('PUT', `/api/admin/users/${user.id}`, {
        token: admin,
        body: { lastName: 'After', version: user.version },
      });
      expect(saved.status).toBe(200);
      expect(saved.body).toMatchObject({ lastName: 'After', firstName: 'Edit', version: user.version + 1 });
      const stale = await server().request('PUT', `/api/admin/users/${user.id}`, {
        token: admin,
        body: { lastName: 'Lost', version: user.version },
      });
      expect(stale.status).toBe(409);
      expect(stale.body).toEqual({ statusCode: 409, code: 'STALE_VERSION', error: STALE_USER });
      const [row] = await server().sql<{ last_name: string; version: number }>(
        'select last_name, version from users where id = $1',
        [user.id],
      );
      expect(row).toEqual({ last_name: 'After', version: user.version + 1 });
    });

    it('lets only one of several simultaneous saves of the same version through', async () => {
      const user = await createUser(server(), admin, {
        emailId: 'race.me@users.test',
        firstName: 'Race',
        lastName: 'Start',
        roleId: 13,
      });
      const names = ['One', 'Two', 'Three', 'Four', 'Five', 'Six'];
      const answers = await savesRacingOnRow(
        server(),
        { table: 'users', idColumn: 'id', id: user.id },
        names.length,
        () =>
          Promise.all(
            names.map((lastName) =>
              server().request('PUT', `/api/admin/users/${user.id}`, {
                token: admin,
                body: { lastName, version: user.version },
              }),
            ),
          ),
      );
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses).toEqual([200, 409, 409, 409, 409, 409]);
      const winner = answers.find((a) => a.status === 200)!.body as UserBody;
      const [row] = await server().sql<{ last_name: string; version: number }>(
        'select last_name, version from users where id = $1',
        [user.id],
      );
      expect(row).toEqual({ last_name: winner.lastName, version: user.version + 1 });
    });

    it('moves a user from an organization role to a staff role', async () => {
      const [org] = await server().sql<{ id: number }>(
        "select id from referral_sources where name = 'Sunrise Home Health'",
      );
      const user = await createUser(server(), admin, {
        emailId: 'role.change@users.test',
        firstName: 'Role',
        lastName: 'Change',
        roleId: 9,
        referralSourceId: org!.id,
      });
      const res = await server().request('PUT', `/api/admin/users/${user.id}`, {
        token: admin,
        body: { roleId: 5, referralSourceId: null, version: user.version },
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ roleId: 5, rolename: 'CARE COORDINATOR', referralSourceId: null });
    });

    it('does not let the administrator deactivate themselves', async () => {
      const [me] = await server().sql<{ id: number }>(
        "select id from users where email_id = 'admin@carelane.local'",
      );
      const res = await server().request('POST', `/api/admin/users/${me!.id}/deactivate`, { token: admin });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([{ field: 'status', message: 'you cannot deactivate yourself' }]);
      const [row] = await server().sql<{ status: string }>('select status from users where id = $1', [
        me!.id,
      ]);
      expect(row!.status).toBe('ACTIVE');
    });
  });

  describe('deactivate', () => {
    it('ends the user’s sessions and refuses their next sign-in', async () => {
      const user = await createUser(server(), admin, {
        emailId: 'leaving@users.test',
        firstName: 'Soon',
        lastName: 'Gone',
        roleId: 5,
        password: 'Leaving-soon-123',
      });
      const token = await server().login('leaving@users.test', 'Leaving-soon-123');
      expect((await server().request('GET', '/api/security/me', { token })).status).toBe(200);
      const res = await server().request('POST', `/api/admin/users/${user.id}/deactivate`, { token: admin });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ status: 'INACTIVE', version: user.version + 1 });
      const after = await server().request('GET', '/api/security/me', { token });
      expect(after.status).toBe(401);
      const [open] = await server().sql<{ n: number }>(
        'select count(*)::int as n from sessions where user_id = $1 and revoked_at is null',
        [user.id],
      );
      expect(open!.n).toBe(0);
      const login = await server().request('POST', '/api/security/authenticate', {
        body: { emailId: 'leaving@users.test', password: 'Leaving-soon-123' },
      });
      expect(login.status).toBe(403);
      expect(login.body.error).toBe('This account is inactive. Please contact your administrator.');
    });
  });

  describe('reset password', () => {
    it('emails the user a reset link', async () => {
      const user = await createUser(server(), admin, {
        emailId: 'forgetful@users.test',
        firstName: 'Forget',
        lastName: 'Ful',
        roleId: 5,
        password: 'Forgetful-pass-1',
      });
      const res = await server().request('POST', `/api/admin/users/${user.id}/resetPassword`, {
        token: admin,
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ message: 'A reset password link has been sent to the user’s email.' });
      const mail = await outboxFor(server(), 'forgetful@users.test');
      expect(mail).toHaveLength(1);
      expect(mail[0]!.body).toContain('/resetPassword?token=•••');
      expect(await emailedToken(server(), 'forgetful@users.test', 'resetPassword')).toMatch(
        /^[A-Za-z0-9_-]{10,}$/,
      );
    });

    it('ends the user’s sessions and old password at once; the link still sets a new one', async () => {
      const user = await createUser(server(), admin, {
        emailId: 'compromised@users.test',
        firstName: 'Compro',
        lastName: 'Mised',
        roleId: 5,
        password: 'Compromised-pass-1',
      });
      const signIn = (password: string) =>
        server().request('POST', '/api/security/authenticate', {
          body: { emailId: 'compromised@users.test', password },
        });
      const token = (await signIn('Compromised-pass-1')).body.token as string;
      expect((await server().request('GET', '/api/security/me', { token })).status).toBe(200);

      const res = await server().request('POST', `/api/admin/users/${user.id}/resetPassword`, {
        token: admin,
      });
      expect(res.status).toBe(200);
      expect((await server().request('GET', '/api/security/me', { token })).status).toBe(401);
      const old = await signIn('Compromised-pass-1');
      expect(old.status).toBe(401);
      expect(old.body.error).toBe('The email or password is incorrect.');

      const link = await emailedToken(server(), 'compromised@users.test', 'resetPassword');
      const reset = await server().request('POST', '/api/security/resetPassword', {
        body: { token: link, password: 'Brand-new-pass-2' },
      });
      expect(reset.status).toBe(200);
      expect((await signIn('Brand-new-pass-2')).status).toBe(200);
      expect((await signIn('Compromised-pass-1')).status).toBe(401);
    });

    it('refuses for an inactive user, sending nothing', async () => {
      const user = await createUser(server(), admin, {
        emailId: 'inactive.reset@users.test',
        firstName: 'Inactive',
        lastName: 'Reset',
        roleId: 5,
        password: 'Inactive-pass-1',
      });
      await server().request('POST', `/api/admin/users/${user.id}/deactivate`, { token: admin });
      const res = await server().request('POST', `/api/admin/users/${user.id}/resetPassword`, {
        token: admin,
      });
      expect(res.status).toBe(409);
      expect(res.body.error).toBe('This user is inactive; activate them before resetting the password.');
      expect(await outboxFor(server(), 'inactive.reset@users.test')).toEqual([]);
    });
  });

  describe('per-user privileges', () => {
    it('an administrator’s change shows in the user’s own privileges', async () => {
      const user = await createUser(server(), admin, {
        emailId: 'privileged@users.test',
        firstName: 'Privi',
        lastName: 'Leged',
        roleId: 5,
        password: 'Privileged-pass-1',
      });
      const token = await server().login('privileged@users.test', 'Privileged-pass-1');
      const before = JSON.parse(
        (await server().request('GET', '/api/security/me', { token })).body.privileges,
      );
      expect(before).toHaveProperty('dashboard');
      expect(before).not.toHaveProperty('activityLogs');
      const res = await server().request('PUT', `/api/admin/users/${user.id}/privileges`, {
        token: admin,
        body: { privileges: { activityLogs: '{"export":1}', dashboard: 'null' }, version: user.version },
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        privileges: { activityLogs: '{"export":1}', dashboard: 'null' },
        version: user.version + 1,
      });
      const after = JSON.parse(
        (await server().request('GET', '/api/security/me', { token })).body.privileges,
      );
      expect(after.activityLogs).toBe('{"export":1}');
      expect(after).not.toHaveProperty('dashboard');
      expect(after.header).toBe(before.header);
      const stale = await server().request('PUT', `/api/admin/users/${user.id}/privileges`, {
        token: admin,
        body: { privileges: {}, version: user.version },
      });
      expect(stale.status).toBe(409);
      expect(stale.body.code).toBe('STALE_VERSION');
      const racing = await savesRacingOnRow(
        server(),
        { table: 'users', idColumn: 'id', id: user.id },
        3,
        () =>
          Promise.all(
            ['{"a":1}', '{"a":2}', '{"a":3}'].map((options) =>
              server().request('PUT', `/api/admin/users/${user.id}/privileges`, {
                token: admin,
                body: { privileges: { reports: options }, version: user.version + 1 },
              }),
            ),
          ),
      );
      expect(racing.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    });

    it('is refused to a non-administrator, changing nothing', async () => {
      const user = await createUser(server(), admin, {
        emailId: 'not.privileged@users.test',
        firstName: 'Not',
        lastName: 'Privileged',
        roleId: 5,
      });
      const director = await server().login('director@carelane.local');
      const res = await server().request('PUT', `/api/admin/users/${user.id}/privileges`, {
        token: director,
        body: { privileges: { activityLogs: '{}' }, version: user.version },
      });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({
        statusCode: 403,
        code: 'FORBIDDEN',
        error: 'Sorry, only administrators may change privileges.',
      });
      const [row] = await server().sql<{ privileges: unknown; version: number }>(
        'select privileges, version from users where id = $1',
        [user.id],
      );
      expect(row).toEqual({ privileges: {}, version: user.version });
    });
  });

  it('clears the organization when a user moves from an organization role to a staff role', async () => {
    const admin = await server().login('admin@carelane.local');
    const [org] = await server().sql<{ id: number }>(
      "select id from referral_sources where name = 'Sunrise Home Health'",
    );
    const orgUser = await createUser(server(), admin, {
      emailId: `mover.${Date.now()}@example.com`,
      firstName: 'Morgan',
      lastName: 'Mover',
      roleId: 9,
      referralSourceId: org!.id,
    });
    expect(orgUser.referralSourceId).toBe(org!.id);
    const moved = await server().request<UserBody>('PUT', `/api/admin/users/${orgUser.id}`, {
      token: admin,
      body: { roleId: 5, version: orgUser.version },
    });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ roleId: 5, referralSourceId: null, referralSourceName: null });
  });
});
