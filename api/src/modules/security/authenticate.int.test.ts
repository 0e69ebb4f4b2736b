import { LOGIN_BLOCKED_MESSAGE } from '@carelane/shared-domain';
import { DEMO_PASSWORD, describeEachDatabase, type TestServer } from '../../test/harness';
import {
  count,
  createUserAsAdmin,
  makeIdle,
  tolerateClosingPool,
  userIdOf,
} from '../../test/identity-helpers';

const WRONG_CREDENTIALS = {
  statusCode: 401,
  code: 'UNAUTHORIZED',
  error: 'The email or password is incorrect.',
};

const signIn = (server: TestServer, emailId: string, password: string) =>
  server.request('POST', '/api/security/authenticate', { body: { emailId, password } });

describeEachDatabase('sign-in', (server) => {
  it('signs the administrator in with the current user of SPEC §3 and a working token', async () => {
    const res = await signIn(server(), 'admin@carelane.local', DEMO_PASSWORD);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['token', 'user']);
    expect(res.body.user).toHaveLength(1);
    const user = res.body.user[0];
    for (const field of [
      'id',
      'pin',
      'emailId',
      'token',
      'referralSourceId',
      'rolename',
      'roleId',
      'privileges',
      'onboardStep',
      'onboardStepRS',
      'firstAssigment',
      'appDownloaded',
      'backOfficeSupportId',
      'changePassword',
    ]) {
      expect(user).toHaveProperty(field);
    }
    expect(user).toMatchObject({
      id: await userIdOf(server(), 'admin@carelane.local'),
      emailId: 'admin@carelane.local',
      token: res.body.token,
      referralSourceId: null,
      rolename: 'ADMINISTRATOR',
      roleId: 1,
      firstAssigment: false,
      appDownloaded: false,
      changePassword: false,
      impersonatorId: null,
    });
    expect(typeof user.privileges).toBe('string');
    const privileges = JSON.parse(user.privileges);
    expect(JSON.parse(privileges.header)).toEqual({ switchUser: 1 });
    expect(privileges).toHaveProperty('users');
    expect(res.body.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);

    const me = await server().request('GET', '/api/security/me', { token: res.body.token });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ emailId: 'admin@carelane.local', roleId: 1 });
    expect(me.body).not.toHaveProperty('token');

    const [login] = await server().sql(
      `select count(*)::int as n from audit_log where action = 'LOGIN' and user_email = $1`,
      ['admin@carelane.local'],
    );
    expect(login.n).toBeGreaterThanOrEqual(1);
  });

  it('never hands the token to a page holding only the HttpOnly cookie', async () => {
    const res = await signIn(server(), 'coordinator@carelane.local', DEMO_PASSWORD);
    const cookie = /carelane_session=[^;]+/.exec(res.headers.get('set-cookie') ?? '')![0];
    const me = await server().request('GET', '/api/security/me', { headers: { cookie } });
    expect(me.status).toBe(200);
    expect(me.body.emailId).toBe('coordinator@carelane.local');
    expect(JSON.stringify(me.body)).not.toContain(res.body.token);
    expect(me.body).not.toHaveProperty('token');
  });

  it('lets the cookie write only for a page of this origin (Fetch Metadata), never for another site', async () => {
    const res = await signIn(server(), 'coordinator@carelane.local', DEMO_PASSWORD);
    const cookie = /carelane_session=[^;]+/.exec(res.headers.get('set-cookie') ?? '')![0];
    const logout = (site?: string) =>
      server().request('POST', '/api/security/logout', {
        headers: { cookie, ...(site ? { 'sec-fetch-site': site } : {}) },
      });
    expect((await logout()).status).toBe(401);
    expect((await logout('cross-site')).status).toBe(401);
    expect((await logout('same-site')).status).toBe(401);
    expect((await server().request('GET', '/api/security/me', { token: res.body.token })).status).toBe(200);
    expect((await logout('same-origin')).status).toBe(200);
    expect((await server().request('GET', '/api/security/me', { token: res.body.token })).status).toBe(401);
  });

  it('accepts the email in any case and with surrounding spaces', async () => {
    const res = await signIn(server(), '  Coordinator@Carelane.LOCAL ', DEMO_PASSWORD);
    expect(res.status).toBe(200);
    expect(res.body.user[0].emailId).toBe('coordinator@carelane.local');
  });

  it('refuses a wrong password and an unknown email with the same 401 text', async () => {
    const wrongPassword = await signIn(server(), 'clinician@carelane.local', 'not-the-password');
    expect(wrongPassword.status).toBe(401);
    expect(wrongPassword.body).toEqual(WRONG_CREDENTIALS);
    const unknown = await signIn(server(), 'nobody.here@carelane.local', 'not-the-password');
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual(wrongPassword.body);
    expect(wrongPassword.headers.get('set-cookie')).toBeNull();
    // Both failures are audited; neither makes a session.
    expect(
      await count(
        server(),
        `select count(*) from audit_log where action = 'LOGIN_FAILED' and user_email = $1`,
        ['nobody.here@carelane.local'],
      ),
    ).toBe(1);
  });

  it('refuses a user whose privileges set header.blockLogin with the exact text, set by SQL', async () => {
    const user = await createUserAsAdmin(server());
    await server().sql(
      `update users set privileges = '{"header":"{\\"blockLogin\\":1}"}' where email_id = $1`,
      [user.emailId],
    );
    const res = await signIn(server(), user.emailId, user.password);
    expect(res.status).toBe(403);
    expect(res.body.error).toBe("Sorry, you don't have access to this.");
    expect(res.body.error).toBe(LOGIN_BLOCKED_MESSAGE);
    expect(await count(server(), 'select count(*) from sessions where user_id = $1', [user.id])).toBe(0);
  });

  it('refuses a user blocked through the privileges endpoint, and ends what their open session may do', async () => {
    const user = await createUserAsAdmin(server());
    const before = await signIn(server(), user.emailId, user.password);
    expect(before.status).toBe(200);
    const admin = await server().login('admin@carelane.local');
    const blocked = await server().request('PUT', `/api/admin/users/${user.id}/privileges`, {
      token: admin,
      body: { privileges: { header: '{"blockLogin":1}' }, version: user.version },
    });
    expect(blocked.status).toBe(200);
    const res = await signIn(server(), user.emailId, user.password);
    expect(res.status).toBe(403);
    expect(res.body.error).toBe(LOGIN_BLOCKED_MESSAGE);
    const me = await server().request('GET', '/api/security/me', { token: before.body.token });
    expect(me.status).toBe(403);
    expect(me.body.error).toBe(LOGIN_BLOCKED_MESSAGE);
  });

  it('refuses a deactivated user, and their open session answers 401', async () => {
    const user = await createUserAsAdmin(server());
    const session = await signIn(server(), user.emailId, user.password);
    expect(session.status).toBe(200);
    expect((await server().request('GET', '/api/security/me', { token: session.body.token })).status).toBe(
      200,
    );

    const admin = await server().login('admin@carelane.local');
    const off = await server().request('POST', `/api/admin/users/${user.id}/deactivate`, { token: admin });
    expect(off.status).toBe(200);
    expect(off.body.status).toBe('INACTIVE');

    const me = await server().request('GET', '/api/security/me', { token: session.body.token });
    expect(me.status).toBe(401);
    const again = await signIn(server(), user.emailId, user.password);
    expect(again.status).toBe(403);
    expect(again.body.error).toBe('This account is inactive. Please contact your administrator.');
    // A wrong password says nothing about the account's state.
    const wrong = await signIn(server(), user.emailId, 'not-the-password');
    expect(wrong.body).toEqual(WRONG_CREDENTIALS);
  });

  it('logout revokes the token', async () => {
    const token = await server().login('coordinator@carelane.local');
    expect((await server().request('GET', '/api/security/me', { token })).status).toBe(200);
    const out = await server().request('POST', '/api/security/logout', { token });
    expect(out.status).toBe(200);
    const after = await server().request('GET', '/api/security/me', { token });
    expect(after.status).toBe(401);
    expect(after.body.code).toBe('UNAUTHORIZED');
    expect((await server().request('POST', '/api/security/logout', { token })).status).toBe(401);
  });

  it('answers 401 for a garbage token, a malformed header and no token', async () => {
    const garbage = await server().request('GET', '/api/security/me', { token: 'not-a-real-token' });
    expect(garbage.status).toBe(401);
    expect(garbage.body.code).toBe('UNAUTHORIZED');
    const basic = await server().request('GET', '/api/security/me', {
      headers: { authorization: 'Basic YWRtaW46eA==' },
    });
    expect(basic.status).toBe(401);
    const none = await server().request('GET', '/api/security/me');
    expect(none.status).toBe(401);
    expect(none.body).toEqual({
      statusCode: 401,
      code: 'UNAUTHORIZED',
      error: 'Please sign in to continue.',
    });
  });

  it('ends an idle session with SESSION_EXPIRED', async () => {
    const token = await server().login('coordinator@carelane.local');
    await makeIdle(server(), token, 120);
    const res = await server().request('GET', '/api/security/me', { token });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('SESSION_EXPIRED');
    expect(res.body.error).toBe('Your session has expired. Please sign in again.');
  });

  it("uses the organization's idleTimeout over the constant", async () => {
    const lakeside = await signIn(server(), 'lakeside.admin@carelane.local', DEMO_PASSWORD);
    expect(lakeside.status).toBe(200);
    expect(lakeside.body.user[0].idleTimeout).toBe(30);
    const admin = await signIn(server(), 'admin@carelane.local', DEMO_PASSWORD);
    expect(admin.body.user[0].idleTimeout).toBe(50);
    // Sunrise has no idleTimeout of its own: the constant applies.
    const sunrise = await signIn(server(), 'orgadmin@carelane.local', DEMO_PASSWORD);
    expect(sunrise.body.user[0].idleTimeout).toBe(50);

    // 40 idle minutes end the Lakeside session (30) but not the administrator's (50).
    await makeIdle(server(), lakeside.body.token, 40);
    await makeIdle(server(), admin.body.token, 40);
    const lakesideMe = await server().request('GET', '/api/security/me', { token: lakeside.body.token });
    expect(lakesideMe.status).toBe(401);
    expect(lakesideMe.body.code).toBe('SESSION_EXPIRED');
    const adminMe = await server().request('GET', '/api/security/me', { token: admin.body.token });
    expect(adminMe.status).toBe(200);
    expect(adminMe.body.idleTimeout).toBe(50);
  });
});

describeEachDatabase(
  'sign-in throttling',
  (server) => {
    it('answers 429 after five failures, even to the right password, until the window passes', async () => {
      const email = 'coordinator@carelane.local';
      for (let attempt = 1; attempt <= 5; attempt++) {
        const res = await signIn(server(), email, `wrong-password-${attempt}`);
        expect(res.status).toBe(401);
        expect(res.body).toEqual(WRONG_CREDENTIALS);
      }
      const sixth = await signIn(server(), email, 'wrong-password-6');
      expect(sixth.status).toBe(429);
      expect(sixth.body.code).toBe('TOO_MANY_ATTEMPTS');
      expect(sixth.body.error).toMatch(/^Too many failed sign-in attempts for this account\. Please wait/);

      const right = await signIn(server(), email, DEMO_PASSWORD);
      expect(right.status).toBe(429);
      expect(right.body.code).toBe('TOO_MANY_ATTEMPTS');
      expect(
        await count(
          server(),
          'select count(*) from sessions s join users u on u.id = s.user_id where u.email_id = $1',
          [email],
        ),
      ).toBe(0);

      // Another account is not affected.
      expect((await signIn(server(), 'clinician@carelane.local', DEMO_PASSWORD)).status).toBe(200);

      // Every failure, throttled ones included, is in the audit log.
      expect(
        await count(
          server(),
          `select count(*) from audit_log where action = 'LOGIN_FAILED' and user_email = $1`,
          [email],
        ),
      ).toBe(7);

      await new Promise((resolve) => setTimeout(resolve, 2200));
      const later = await signIn(server(), email, DEMO_PASSWORD);
      expect(later.status).toBe(200);
      expect(later.body.user[0].emailId).toBe(email);
    });

    it('throttles an unknown email exactly like a known one', async () => {
      const email = 'no.such.person@carelane.local';
      const statuses: number[] = [];
      for (let attempt = 1; attempt <= 6; attempt++)
        statuses.push((await signIn(server(), email, 'whatever-it-is')).status);
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    });
  },
  { loginThrottle: { maxFailures: 5, windowSeconds: 2 } },
);

describeEachDatabase(
  'sign-in throttling under concurrent guesses',
  (server) => {
    beforeAll(() => tolerateClosingPool(server()));

    it('lets no more than five wrong passwords be tried, even all at once', async () => {
      const email = 'orguser@carelane.local';
      const burst = await Promise.all(
        Array.from({ length: 15 }, (_, i) => signIn(server(), email, `parallel-guess-${i}`)),
      );
      const statuses = burst.map((r) => r.status);
      expect(statuses.filter((s) => s === 401)).toHaveLength(5);
      expect(statuses.filter((s) => s === 429)).toHaveLength(10);
      expect((await signIn(server(), email, DEMO_PASSWORD)).status).toBe(429);
      expect(
        await count(
          server(),
          `select count(*) from audit_log where action = 'LOGIN_FAILED' and user_email = $1`,
          [email],
        ),
      ).toBe(16);
    });

    it('a burst of right passwords leaves the account usable at once', async () => {
      const email = 'executive@carelane.local';
      const burst = await Promise.all(
        Array.from({ length: 8 }, () => signIn(server(), email, DEMO_PASSWORD)),
      );
      const statuses = burst.map((r) => r.status);
      // Attempts still being checked count against the limit, so a few of a burst may be told to wait,
      // but the first five always go through, and nothing lingers afterwards.
      expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(5);
      expect(statuses.every((s) => s === 200 || s === 429)).toBe(true);
      expect((await signIn(server(), email, DEMO_PASSWORD)).status).toBe(200);
      expect(
        await count(server(), 'select count(*) from login_attempts where email_id = $1 and not success', [
          email,
        ]),
      ).toBe(0);
    });
  },
  { loginThrottle: { maxFailures: 5, windowSeconds: 600 } },
);
