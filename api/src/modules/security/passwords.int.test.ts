import { MESSAGES } from '@carelane/shared-domain';
import { DEMO_PASSWORD, describeEachDatabase, type TestServer } from '../../test/harness';
import { count, createUserAsAdmin, emailedToken, outboxTo } from '../../test/identity-helpers';

const signIn = (server: TestServer, emailId: string, password: string) =>
  server.request('POST', '/api/security/authenticate', { body: { emailId, password } });

const RESET_LINK_SENT = 'A reset password link has been sent to your registered email.';
const PASSWORD_UPDATED = 'Password has been successfully updated.';

describeEachDatabase('passwords', (server) => {
  it('answers forgot-password the same for known and unknown emails, and emails only the known one', async () => {
    expect(MESSAGES.resetLinkSent).toBe(RESET_LINK_SENT);
    const totalBefore = await count(server(), 'select count(*) from outbox');
    const known = await server().request('POST', '/api/security/forgotPassword', {
      body: { emailId: 'clinician@carelane.local' },
    });
    const unknown = await server().request('POST', '/api/security/forgotPassword', {
      body: { emailId: 'nobody.at.all@carelane.local' },
    });
    expect(known.status).toBe(200);
    expect(known.body).toEqual({ message: RESET_LINK_SENT });
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);

    expect(await outboxTo(server(), 'clinician@carelane.local', 'email')).toHaveLength(1);
    expect(await outboxTo(server(), 'nobody.at.all@carelane.local', 'email')).toHaveLength(0);
    expect(await count(server(), 'select count(*) from outbox')).toBe(totalBefore + 1);
  });

  it('resets the password with the emailed token, once, and ends the old sessions', async () => {
    const email = 'coordinator@carelane.local';
    const oldSession = await server().login(email);
    const forgot = await server().request('POST', '/api/security/forgotPassword', {
      body: { emailId: email },
    });
    expect(forgot.body.message).toBe(RESET_LINK_SENT);
    const token = await emailedToken(server(), email, 'resetPassword');

    const newPassword = 'Brand-new-password-7';
    const reset = await server().request('POST', '/api/security/resetPassword', {
      body: { token, password: newPassword },
    });
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({ message: PASSWORD_UPDATED });

    expect((await signIn(server(), email, DEMO_PASSWORD)).status).toBe(401);
    const fresh = await signIn(server(), email, newPassword);
    expect(fresh.status).toBe(200);
    expect(fresh.body.user[0].changePassword).toBe(false);

    const old = await server().request('GET', '/api/security/me', { token: oldSession });
    expect(old.status).toBe(401);

    const twice = await server().request('POST', '/api/security/resetPassword', {
      body: { token, password: 'Another-password-8' },
    });
    expect(twice.status).toBe(400);
    expect(twice.body.code).toBe('TOKEN_INVALID');
    expect(twice.body.errors).toEqual([{ field: 'token', message: 'is invalid or has expired' }]);
    // The second try changed nothing.
    expect((await signIn(server(), email, newPassword)).status).toBe(200);
    expect((await signIn(server(), email, 'Another-password-8')).status).toBe(401);
  });

  it('refuses an unknown reset token and a short password', async () => {
    const unknown = await server().request('POST', '/api/security/resetPassword', {
      body: { token: 'A'.repeat(43), password: 'Good-enough-password' },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors[0].field).toBe('token');

    await server().request('POST', '/api/security/forgotPassword', {
      body: { emailId: 'director@carelane.local' },
    });
    const token = await emailedToken(server(), 'director@carelane.local', 'resetPassword');
    const short = await server().request('POST', '/api/security/resetPassword', {
      body: { token, password: 'short' },
    });
    expect(short.status).toBe(400);
    expect(short.body.errors).toEqual([{ field: 'password', message: 'must be at least 10 characters' }]);
    // The token was not spent by the refused attempt.
    const ok = await server().request('POST', '/api/security/resetPassword', {
      body: { token, password: 'Long-enough-password' },
    });
    expect(ok.body).toEqual({ message: PASSWORD_UPDATED });
  });

  it('a newer reset link makes the older one useless', async () => {
    const email = 'executive@carelane.local';
    await server().request('POST', '/api/security/forgotPassword', { body: { emailId: email } });
    const first = await emailedToken(server(), email, 'resetPassword');
    await server().request('POST', '/api/security/forgotPassword', { body: { emailId: email } });
    const second = await emailedToken(server(), email, 'resetPassword');
    expect(second).not.toBe(first);
    const stale = await server().request('POST', '/api/security/resetPassword', {
      body: { token: first, password: 'Stale-link-password' },
    });
    expect(stale.status).toBe(400);
    const fresh = await server().request('POST', '/api/security/resetPassword', {
      body: { token: second, password: 'Fresh-link-password' },
    });
    expect(fresh.status).toBe(200);
  });

  it('refuses a wrong current password naming currentPassword', async () => {
    const token = await server().login('backoffice@carelane.local');
    const res = await server().request('POST', '/api/security/changePassword', {
      token,
      body: { currentPassword: 'not-my-password', newPassword: 'Whatever-new-password' },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: 'currentPassword', message: 'is incorrect' }]);
    // Nothing changed.
    expect((await signIn(server(), 'backoffice@carelane.local', DEMO_PASSWORD)).status).toBe(200);
    expect((await signIn(server(), 'backoffice@carelane.local', 'Whatever-new-password')).status).toBe(401);
  });

  it('makes a user created with a password change it before doing anything else', async () => {
    const user = await createUserAsAdmin(server(), { roleId: 5 });
    const login = await signIn(server(), user.emailId, user.password);
    expect(login.status).toBe(200);
    expect(login.body.user[0].changePassword).toBe(true);
    const token = login.body.token;

    const blocked = await server().request('GET', '/api/admin/referralSources', { token });
    expect(blocked.status).toBe(403);
    expect(blocked.body.code).toBe('PASSWORD_CHANGE_REQUIRED');
    expect((await server().request('GET', '/api/security/me', { token })).status).toBe(200);

    const change = await server().request('POST', '/api/security/changePassword', {
      token,
      body: { currentPassword: user.password, newPassword: 'My-own-password-9' },
    });
    expect(change.status).toBe(200);
    expect(change.body).toEqual({ message: PASSWORD_UPDATED });

    const allowed = await server().request('GET', '/api/admin/referralSources', { token });
    expect(allowed.status).toBe(200);
    const me = await server().request('GET', '/api/security/me', { token });
    expect(me.body.changePassword).toBe(false);
    expect((await signIn(server(), user.emailId, user.password)).status).toBe(401);
    expect((await signIn(server(), user.emailId, 'My-own-password-9')).status).toBe(200);
  });
});

describeEachDatabase(
  'password reset and sign-in throttling',
  (server) => {
    it('lets a throttled user in after a password reset, as the 429 text promises', async () => {
      const email = 'clinicianmanager@carelane.local';
      for (let i = 0; i < 3; i++)
        expect((await signIn(server(), email, `wrong-guess-${i}`)).status).toBe(401);
      const throttled = await signIn(server(), email, DEMO_PASSWORD);
      expect(throttled.status).toBe(429);
      expect(throttled.body.error).toContain('or reset your password');

      await server().request('POST', '/api/security/forgotPassword', { body: { emailId: email } });
      const token = await emailedToken(server(), email, 'resetPassword');
      const reset = await server().request('POST', '/api/security/resetPassword', {
        body: { token, password: 'After-throttle-password' },
      });
      expect(reset.status).toBe(200);
      const login = await signIn(server(), email, 'After-throttle-password');
      expect(login.status).toBe(200);
    });

    it('does not let merely asking for a reset link lift the throttle', async () => {
      const email = 'customercare@carelane.local';
      for (let i = 0; i < 3; i++)
        expect((await signIn(server(), email, `wrong-guess-${i}`)).status).toBe(401);
      await server().request('POST', '/api/security/forgotPassword', { body: { emailId: email } });
      expect((await signIn(server(), email, DEMO_PASSWORD)).status).toBe(429);
    });
  },
  { loginThrottle: { maxFailures: 3, windowSeconds: 600 } },
);
