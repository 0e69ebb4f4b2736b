import { MESSAGES } from '@carelane/shared-domain';
import { DEMO_PASSWORD, describeEachDatabase, type TestServer } from '../../test/harness';
import { count, emailedToken, outboxTo, textedCode, uniqueEmail } from '../../test/identity-helpers';

const PASSWORD = 'Nurse-password-1';

let phoneCounter = 0;
/** A 10-digit number no other test uses, as typed (with parentheses) and as stored (digits). */
function uniquePhone(): { typed: string; digits: string } {
  phoneCounter += 1;
  const line = String(1000 + ((Date.now() + phoneCounter) % 9000));
  return { typed: `(737) 555-${line}`, digits: `737555${line}` };
}

async function register(server: TestServer, overrides: Record<string, unknown> = {}) {
  const phone = uniquePhone();
  const body = {
    emailId: uniqueEmail('Nurse'),
    password: PASSWORD,
    firstName: 'Nora',
    lastName: 'Nurse',
    phoneNumber: phone.typed,
    providerTypeId: 1,
    ...overrides,
  };
  const res = await server.request('POST', '/api/security/register', { body });
  return { res, emailId: String(body.emailId).toLowerCase(), phone: phone.digits };
}

/** A code that is surely not `code`. */
const otherThan = (code: string, shift = 1) => String((Number(code) + shift) % 1_000_000).padStart(6, '0');

describeEachDatabase('registration and verification', (server) => {
  it('registers a clinician (role 4) and refuses the same email again naming emailId', async () => {
    const usersBefore = await count(server(), 'select count(*) from users');
    const { res, emailId, phone } = await register(server());
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ message: 'Registration successful.' });
    expect(res.body.message).toBe(MESSAGES.registrationSuccessful);

    const [row] = await server().sql(
      'select role_id, onboard_step, phone_number, email_verified, phone_verified, status from users where email_id = $1',
      [emailId],
    );
    expect(row).toEqual({
      role_id: 4,
      onboard_step: 'Contract',
      phone_number: phone,
      email_verified: false,
      phone_verified: false,
      status: 'ACTIVE',
    });
    expect(await count(server(), 'select count(*) from users')).toBe(usersBefore + 1);

    const again = await server().request('POST', '/api/security/register', {
      body: {
        emailId: emailId.toUpperCase(),
        password: PASSWORD,
        firstName: 'Other',
        lastName: 'Person',
        phoneNumber: '5125550000',
      },
    });
    expect(again.status).toBe(409);
    expect(again.body.errors).toEqual([{ field: 'emailId', message: 'is already registered' }]);
    expect(await count(server(), 'select count(*) from users')).toBe(usersBefore + 1);

    // The new clinician can sign in.
    const login = await server().request('POST', '/api/security/authenticate', {
      body: { emailId, password: PASSWORD },
    });
    expect(login.status).toBe(200);
    expect(login.body.user[0]).toMatchObject({ roleId: 4, rolename: 'CLINICIAN', onboardStep: 'Contract' });
  });

  it("answers the clinician's onboarding step from their clinician record as onboarding moves it, and Done once onboarded", async () => {
    const { res, emailId } = await register(server());
    expect(res.status).toBe(201);
    const signIn = async () =>
      (
        await server().request('POST', '/api/security/authenticate', {
          body: { emailId, password: PASSWORD },
        })
      ).body as { token: string; user: { onboardStep: string | null }[] };
    const first = await signIn();
    expect(first.user[0]!.onboardStep).toBe('Contract');
    await server().sql(
      'update providers set onboard_step = $1 where user_id = (select id from users where email_id = $2)',
      ['Profile', emailId],
    );
    const me = await server().request('GET', '/api/security/me', { token: first.token });
    expect(me.body.onboardStep).toBe('Profile');
    await server().sql(
      'update providers set onboard_step = $1 where user_id = (select id from users where email_id = $2)',
      ['Done', emailId],
    );
    expect((await signIn()).user[0]!.onboardStep).toBe('Done');
    const admin = await server().request('POST', '/api/security/authenticate', {
      body: { emailId: 'admin@carelane.local', password: DEMO_PASSWORD },
    });
    expect(admin.body.user[0].onboardStep).toBeNull();
  });

  it("makes the clinician's record of the chosen type at the first step; without a type, 400 naming providerTypeId and nothing written", async () => {
    const { res, emailId } = await register(server(), { providerTypeId: 3 });
    expect(res.status).toBe(201);
    const [clinician] = await server().sql(
      `select p.provider_type_id, p.provider_status_id, p.onboard_step, p.credential_state from providers p
       join users u on u.id = p.user_id where u.email_id = $1`,
      [emailId],
    );
    expect(clinician).toEqual({
      provider_type_id: 3,
      provider_status_id: 1,
      onboard_step: 'Contract',
      credential_state: 1,
    });
    const usersBefore = await count(server(), 'select count(*) from users');
    const untyped = await register(server(), { providerTypeId: undefined });
    expect([untyped.res.status, untyped.res.body.errors]).toEqual([
      400,
      [{ field: 'providerTypeId', message: 'is required' }],
    ]);
    expect(await count(server(), 'select count(*) from users')).toBe(usersBefore);
  });

  it('refuses bad registration input naming each field, writing nothing', async () => {
    const usersBefore = await count(server(), 'select count(*) from users');
    const res = await server().request('POST', '/api/security/register', {
      body: { emailId: 'not-an-email', password: 'short', firstName: '', phoneNumber: '12' },
    });
    expect(res.status).toBe(400);
    const fields = (res.body.errors as { field: string }[]).map((e) => e.field).sort();
    expect(fields).toEqual(['emailId', 'firstName', 'lastName', 'password', 'phoneNumber']);
    expect(await count(server(), 'select count(*) from users')).toBe(usersBefore);
  });

  it('verifies the email with the emailed token, and refuses a bad or spent token', async () => {
    const { res, emailId } = await register(server());
    expect(res.status).toBe(201);
    const emails = await outboxTo(server(), emailId, 'email');
    expect(emails).toHaveLength(1);
    const token = await emailedToken(server(), emailId, 'verifyEmail');

    const bad = await server().request('POST', '/api/security/verifyEmail', { body: { token: `${token}x` } });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('Email Verification Failed! Please try again.');

    const good = await server().request('POST', '/api/security/verifyEmail', { body: { token } });
    expect(good.status).toBe(200);
    expect(good.body).toEqual({ message: 'Email Verified Successfully!' });
    const [row] = await server().sql('select email_verified from users where email_id = $1', [emailId]);
    expect(row.email_verified).toBe(true);

    const spent = await server().request('POST', '/api/security/verifyEmail', { body: { token } });
    expect(spent.status).toBe(400);
    expect(spent.body.error).toBe(MESSAGES.emailVerificationFailed);
  });

  it('a reset-password token does not verify an email', async () => {
    const { emailId } = await register(server());
    await server().request('POST', '/api/security/forgotPassword', { body: { emailId } });
    const resetToken = await emailedToken(server(), emailId, 'resetPassword');
    const res = await server().request('POST', '/api/security/verifyEmail', { body: { token: resetToken } });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(MESSAGES.emailVerificationFailed);
  });

  it('verifies the phone with the texted code; a wrong code fails with the spec text', async () => {
    const { emailId, phone } = await register(server());
    expect(await outboxTo(server(), phone, 'sms')).toHaveLength(1);
    const code = await textedCode(server(), phone);
    const token = await server().login(emailId, PASSWORD);

    const wrong = await server().request('POST', '/api/security/verifyPhone', {
      token,
      body: { code: otherThan(code) },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe('Phone Number Verification Failed!');
    const [before] = await server().sql('select phone_verified from users where email_id = $1', [emailId]);
    expect(before.phone_verified).toBe(false);

    const right = await server().request('POST', '/api/security/verifyPhone', { token, body: { code } });
    expect(right.status).toBe(200);
    const [after] = await server().sql('select phone_verified from users where email_id = $1', [emailId]);
    expect(after.phone_verified).toBe(true);

    const reused = await server().request('POST', '/api/security/verifyPhone', { token, body: { code } });
    expect(reused.status).toBe(400);
    expect(reused.body.error).toBe(MESSAGES.phoneVerificationFailed);
  });

  it('spends a phone code after five wrong tries, so it cannot be guessed', async () => {
    const { emailId, phone } = await register(server());
    const token = await server().login(emailId, PASSWORD);
    const code = await textedCode(server(), phone);
    for (let i = 1; i <= 5; i++) {
      const wrong = await server().request('POST', '/api/security/verifyPhone', {
        token,
        body: { code: otherThan(code, i) },
      });
      expect(wrong.status).toBe(400);
    }
    const late = await server().request('POST', '/api/security/verifyPhone', { token, body: { code } });
    expect(late.status).toBe(400);
    expect(late.body.error).toBe(MESSAGES.phoneVerificationFailed);
    const [row] = await server().sql('select phone_verified from users where email_id = $1', [emailId]);
    expect(row.phone_verified).toBe(false);

    // A new code can be asked for, and works.
    const resend = await server().request('POST', '/api/security/sendPhoneVerification', { token });
    expect(resend.status).toBe(200);
    const fresh = await textedCode(server(), phone);
    const ok = await server().request('POST', '/api/security/verifyPhone', { token, body: { code: fresh } });
    expect(ok.status).toBe(200);
  });

  it('a phone code of one user does not verify another', async () => {
    const first = await register(server());
    const second = await register(server());
    const firstCode = await textedCode(server(), first.phone);
    const secondCode = await textedCode(server(), second.phone);
    if (firstCode === secondCode) return; // one chance in a million: nothing to tell apart
    const token = await server().login(second.emailId, PASSWORD);
    const res = await server().request('POST', '/api/security/verifyPhone', {
      token,
      body: { code: firstCode },
    });
    expect(res.status).toBe(400);
  });
});
