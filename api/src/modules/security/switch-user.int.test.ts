import { DEMO_PASSWORD, describeEachDatabase, eventually, type TestServer } from '../../test/harness';
import { count, createUserAsAdmin, emailedToken, userIdOf } from '../../test/identity-helpers';

const switchTo = (server: TestServer, token: string, userId: number) =>
  server.request('POST', '/api/security/switchUser', { token, body: { userId } });

describeEachDatabase('switch user', (server) => {
  it('lets the administrator act as the coordinator and come back, both audited', async () => {
    const adminId = await userIdOf(server(), 'admin@carelane.local');
    const coordinatorId = await userIdOf(server(), 'coordinator@carelane.local');
    const auditBefore = await count(server(), `select count(*) from audit_log where action = 'SWITCH_USER'`);
    const adminToken = await server().login('admin@carelane.local');

    const switched = await switchTo(server(), adminToken, coordinatorId);
    expect(switched.status).toBe(200);
    expect(switched.body.user[0]).toMatchObject({
      id: coordinatorId,
      emailId: 'coordinator@carelane.local',
      roleId: 5,
      impersonatorId: adminId,
      token: switched.body.token,
    });
    const asCoordinator = switched.body.token as string;
    expect(asCoordinator).not.toBe(adminToken);

    const me = await server().request('GET', '/api/security/me', { token: asCoordinator });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: coordinatorId, roleId: 5, impersonatorId: adminId });
    // The new token acts with the coordinator's rights: the outbox is the administrator's page only.
    expect((await server().request('GET', '/api/admin/outbox', { token: asCoordinator })).status).toBe(403);
    expect((await server().request('GET', '/api/admin/outbox', { token: adminToken })).status).toBe(401);

    const back = await server().request('POST', '/api/security/switchBack', { token: asCoordinator });
    expect(back.status).toBe(200);
    expect(back.body.user[0]).toMatchObject({ id: adminId, roleId: 1, impersonatorId: null });
    expect((await server().request('GET', '/api/security/me', { token: asCoordinator })).status).toBe(401);
    const adminAgain = await server().request('GET', '/api/admin/outbox', { token: back.body.token });
    expect(adminAgain.status).toBe(200);

    const rows = await server().sql(
      `select user_id, user_email, diff from audit_log where action = 'SWITCH_USER' order by id desc limit 2`,
    );
    expect(await count(server(), `select count(*) from audit_log where action = 'SWITCH_USER'`)).toBe(
      auditBefore + 2,
    );
    expect(rows.map((r) => Number(r.user_id))).toEqual([adminId, adminId]);
    expect(rows[0].diff).toEqual({
      user: { before: 'coordinator@carelane.local', after: 'admin@carelane.local' },
    });
    expect(rows[1].diff).toEqual({
      user: { before: 'admin@carelane.local', after: 'coordinator@carelane.local' },
    });
  });

  it('records the real user on what is done while switched', async () => {
    const adminId = await userIdOf(server(), 'admin@carelane.local');
    const coordinatorId = await userIdOf(server(), 'coordinator@carelane.local');
    const switched = await switchTo(server(), await server().login('admin@carelane.local'), coordinatorId);
    const out = await server().request('POST', '/api/security/logout', { token: switched.body.token });
    expect(out.status).toBe(200);
    const [row] = await server().sql(
      `select user_id, impersonator_id from audit_log where action = 'LOGOUT' order by id desc limit 1`,
    );
    expect(Number(row.user_id)).toBe(coordinatorId);
    expect(Number(row.impersonator_id)).toBe(adminId);
  });

  it('refuses a user without the switchUser privilege with 403', async () => {
    const token = await server().login('coordinator@carelane.local');
    const res = await switchTo(server(), token, await userIdOf(server(), 'clinician@carelane.local'));
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('FORBIDDEN');
    // The coordinator's own session is untouched.
    expect((await server().request('GET', '/api/security/me', { token })).status).toBe(200);
  });

  it('answers 404 for a user of a role the administrator does not manage (clinician) and for no user', async () => {
    const token = await server().login('admin@carelane.local');
    const clinician = await switchTo(server(), token, await userIdOf(server(), 'clinician@carelane.local'));
    expect(clinician.status).toBe(404);
    expect(clinician.body.error).toBe('The user was not found.');
    const nobody = await switchTo(server(), token, 999_999);
    expect(nobody.status).toBe(404);
    expect(nobody.body).toEqual(clinician.body);
    // Refused switches leave the administrator signed in.
    expect((await server().request('GET', '/api/security/me', { token })).status).toBe(200);
  });

  it('answers 400 for switching back from a session that is not switched', async () => {
    const token = await server().login('admin@carelane.local');
    const res = await server().request('POST', '/api/security/switchBack', { token });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].field).toBe('session');
  });

  /** A second administrator (so the first can act on them), switched into the coordinator. */
  async function secondAdminSwitched() {
    const other = await createUserAsAdmin(server(), { roleId: 1 });
    const first = await server().request('POST', '/api/security/authenticate', {
      body: { emailId: other.emailId, password: other.password },
    });
    const changed = await server().request('POST', '/api/security/changePassword', {
      token: first.body.token,
      body: { currentPassword: other.password, newPassword: 'Second-admin-password' },
    });
    expect(changed.status).toBe(200);
    const switched = await switchTo(
      server(),
      first.body.token,
      await userIdOf(server(), 'coordinator@carelane.local'),
    );
    expect(switched.status).toBe(200);
    expect((await server().request('GET', '/api/security/me', { token: switched.body.token })).status).toBe(
      200,
    );
    return { other, switchedToken: switched.body.token as string };
  }

  it('ends a switched session when the real user resets their password', async () => {
    const { other, switchedToken } = await secondAdminSwitched();
    await server().request('POST', '/api/security/forgotPassword', { body: { emailId: other.emailId } });
    const token = await emailedToken(server(), other.emailId, 'resetPassword');
    const reset = await server().request('POST', '/api/security/resetPassword', {
      body: { token, password: 'Reset-admin-password' },
    });
    expect(reset.status).toBe(200);
    expect((await server().request('GET', '/api/security/me', { token: switchedToken })).status).toBe(401);
  });

  it('refuses a switched session whose real user is no longer active, however that came about', async () => {
    const { other, switchedToken } = await secondAdminSwitched();
    await server().sql(`update users set status = 'INACTIVE' where id = $1`, [other.id]);
    const refused = async () =>
      (await server().request('GET', '/api/security/me', { token: switchedToken })).status === 401;
    // A write made outside the server: PGlite tells it before the write returns, PostgreSQL by a notice
    // a few milliseconds later (docs/decisions/006).
    if (server().kind === 'pglite') expect(await refused()).toBe(true);
    else await eventually(refused, 2000);
  });

  it('ends a switched session when the real user is deactivated', async () => {
    const { other, switchedToken } = await secondAdminSwitched();
    const switched = { body: { token: switchedToken } };

    const admin = await server().login('admin@carelane.local');
    const off = await server().request('POST', `/api/admin/users/${other.id}/deactivate`, { token: admin });
    expect(off.status).toBe(200);

    const me = await server().request('GET', '/api/security/me', { token: switched.body.token });
    expect(me.status).toBe(401);
    // The coordinator's own sign-in is unaffected.
    expect(
      (
        await server().request('POST', '/api/security/authenticate', {
          body: { emailId: 'coordinator@carelane.local', password: DEMO_PASSWORD },
        })
      ).status,
    ).toBe(200);
  });
});
