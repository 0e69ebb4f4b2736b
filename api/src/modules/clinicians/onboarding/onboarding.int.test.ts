// Onboarding through the API: a manager invites an RN, the RN registers from the emailed link and walks the
// steps in order, each refused until its requirement holds, with the SPEC toasts; out of order is a 409.
import { describeEachDatabase } from '../../../test/harness';
import { deliveredTo } from '../../../test/identity-helpers';

const PASSWORD = 'Nurse-password-1';

describeEachDatabase('clinician onboarding', (server) => {
  let manager = '';
  let coordinator = '';
  let orgUser = '';

  beforeAll(async () => {
    [manager, coordinator, orgUser] = await server().loginAs('clinicianManager', 'coordinator', 'orgUser');
  });

  let invitations = 0;
  const phones = new Map<string, string>();
  async function invite(token = manager) {
    invitations++;
    const emailId = `zz.invited.${invitations}.${Date.now()}@example.com`;
    const phoneNumber = `51255${String(50000 + invitations * 7 + (Date.now() % 1000)).slice(-5)}`;
    phones.set(emailId, phoneNumber);
    const res = await server().request('POST', '/api/admin/clinicianInvitations', {
      token,
      body: { firstName: 'Rita', lastName: 'Newhire', emailId, phoneNumber, providerTypeId: 1 },
    });
    return { res, emailId };
  }
  async function linkOf(emailId: string) {
    const mail = (await deliveredTo(server(), emailId, 'email'))[0]!.body;
    return decodeURIComponent(/register\?invitation=([^\s]+)/.exec(mail)![1]!);
  }
  const register = (emailId: string, invitationToken: string) =>
    server().request('POST', '/api/security/register', {
      body: {
        emailId,
        password: PASSWORD,
        firstName: 'Rita',
        lastName: 'Newhire',
        phoneNumber: phones.get(emailId) ?? `73755${String(Date.now()).slice(-5)}`,
        invitationToken,
      },
    });

  it('invites: the record at Contract, a link by email that the registration page reads, once', async () => {
    const { res, emailId } = await invite();
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Invitation sent successfully.');
    const [record] = await server().sql(
      'select provider_status_id, onboard_step, user_id, provider_type_id from providers where id = $1',
      [res.body.providerId],
    );
    expect(record).toEqual({
      provider_status_id: 1,
      onboard_step: 'Contract',
      user_id: null,
      provider_type_id: 1,
    });
    const token = await linkOf(emailId);
    const details = await server().request(
      'GET',
      `/api/security/invitation?token=${encodeURIComponent(token)}`,
    );
    expect(details.body).toMatchObject({ firstName: 'Rita', emailId, providerTypeId: 1 });

    const wrongEmail = await register('someone.else@example.com', token);
    expect([wrongEmail.status, wrongEmail.body.errors?.[0]?.field]).toEqual([400, 'emailId']);
    expect((await register(emailId, token)).status).toBe(201);
    const [linked] = await server().sql(
      'select p.id from providers p join users u on u.id = p.user_id where u.email_id = $1',
      [emailId.toLowerCase()],
    );
    expect(linked!.id).toBe(res.body.providerId);
    const reused = await register(`again.${emailId}`, token);
    expect([reused.status, reused.body.errors?.[0]]).toEqual([
      400,
      { field: 'invitationToken', message: 'is invalid or has expired' },
    ]);
    expect(
      (await server().request('GET', `/api/security/invitation?token=${encodeURIComponent(token)}`)).status,
    ).toBe(400);
  });

  const inviteAddress = (emailId: string, phoneNumber?: string) =>
    server().request('POST', '/api/admin/clinicianInvitations', {
      token: manager,
      body: { firstName: 'Rita', lastName: 'Again', emailId, phoneNumber, providerTypeId: 1 },
    });
  const clinicianCount = async (emailId: string) =>
    (
      await server().sql<{ n: number }>(
        'select count(*)::int as n from providers where lower(email) = lower($1)',
        [emailId],
      )
    )[0]!.n;

  it('invites an address again by sending its pending invitation again: one clinician, a new link, a new expiry', async () => {
    const s = server();
    const emailId = `zz.again.${Date.now()}@example.com`;
    const first = await inviteAddress(emailId);
    expect(first.status).toBe(201);
    const firstLink = await linkOf(emailId);
    await s.sql(
      `update clinician_invitations set expires_at = now() - interval '1 day' where provider_id = $1`,
      [first.body.providerId],
    );

    const shouted = emailId.toUpperCase();
    const again = await inviteAddress(shouted);
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({
      providerId: first.body.providerId,
      message: `${emailId} was already invited: the invitation was sent again with a new link.`,
    });
    expect(Date.parse(again.body.expiresAt) - Date.now()).toBeGreaterThan(13 * 86_400_000);
    expect(await clinicianCount(emailId)).toBe(1);
    const [invitations] = await s.sql<{ n: number }>(
      'select count(*)::int as n from clinician_invitations where provider_id = $1',
      [first.body.providerId],
    );
    expect(invitations!.n).toBe(1);

    const secondLink = await linkOf(emailId);
    expect(secondLink).not.toBe(firstLink);
    const read = (token: string) =>
      s.request('GET', `/api/security/invitation?token=${encodeURIComponent(token)}`);
    expect((await read(firstLink)).status).toBe(400);
    expect((await read(secondLink)).body).toMatchObject({ emailId, firstName: 'Rita', lastName: 'Again' });
  });

  it('lists the invitations newest first as Pending, Registered or Expired, filtered by status, for staff only', async () => {
    const s = server();
    const expired = await invite();
    await s.sql(
      `update clinician_invitations set expires_at = now() - interval '1 minute' where provider_id = $1`,
      [expired.res.body.providerId],
    );
    const registered = await invite(coordinator);
    expect((await register(registered.emailId, await linkOf(registered.emailId))).status).toBe(201);
    const pending = await invite();
    type Row = { emailId: string; status: string; invitedByName: string; firstName: string };
    const list = async (query = '') => {
      const res = await s.request('GET', `/api/admin/clinicianInvitations?pageSize=1000${query}`, {
        token: coordinator,
      });
      expect(res.status).toBe(200);
      return (res.body.rows as Row[]).filter((row) =>
        [expired.emailId, registered.emailId, pending.emailId].includes(row.emailId),
      );
    };
    expect((await list()).map((row) => [row.emailId, row.status])).toEqual([
      [pending.emailId, 'Pending'],
      [registered.emailId, 'Registered'],
      [expired.emailId, 'Expired'],
    ]);
    const [newest] = await list();
    expect(newest).toMatchObject({
      firstName: 'Rita',
      lastName: 'Newhire',
      invitedByName: expect.stringMatching(/\S+ \S+/),
    });
    for (const status of ['Pending', 'Registered', 'Expired'])
      expect((await list(`&status=${status}`)).map((row) => row.status)).toEqual([status]);

    const badStatus = await s.request('GET', '/api/admin/clinicianInvitations?status=Lost', {
      token: coordinator,
    });
    expect([badStatus.status, badStatus.body.errors?.[0]?.field]).toEqual([400, 'status']);
    const refused = await s.request('GET', '/api/admin/clinicianInvitations', { token: orgUser });
    expect(refused.status).toBe(403);
  });

  it('caps invitations to one address (429 TOO_MANY_MESSAGES) and writes nothing for the one refused', async () => {
    const s = server();
    const emailId = `zz.capped.${Date.now()}@example.com`;
    // MESSAGES_PER_HOUR (5): the first makes the clinician, the next four send the same invitation again.
    for (let i = 0; i < 5; i++) expect((await inviteAddress(emailId)).status).toBe(201);
    const [before] = await s.sql<{ expires_at: Date }>(
      'select expires_at from clinician_invitations where lower(email) = $1',
      [emailId],
    );
    const refused = await inviteAddress(emailId);
    expect([refused.status, refused.body.code]).toEqual([429, 'TOO_MANY_MESSAGES']);
    expect(refused.body.error).toMatch(/^Too many messages were sent to this email address lately\./);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await clinicianCount(emailId)).toBe(1);
    const [after] = await s.sql<{ expires_at: Date }>(
      'select expires_at from clinician_invitations where lower(email) = $1',
      [emailId],
    );
    expect(after!.expires_at).toEqual(before!.expires_at);
    const [queued] = await s.sql<{ n: number }>(
      `select count(*)::int as n from outbox where "to" = $1 and channel = 'email'`,
      [emailId],
    );
    expect(queued!.n).toBe(5);
  });

  it('two invitations of one address at once make one clinician', async () => {
    const emailId = `zz.twice.${Date.now()}@example.com`;
    const both = await Promise.all([inviteAddress(emailId), inviteAddress(emailId)]);
    expect(both.map((r) => r.status)).toEqual([201, 201]);
    expect(both[0]!.body.providerId).toBe(both[1]!.body.providerId);
    expect(await clinicianCount(emailId)).toBe(1);
  });

  it('refuses invitations from organization users, for a registered email, or with a bad type', async () => {
    expect((await invite(orgUser)).res.status).toBe(403);
    const taken = await server().request('POST', '/api/admin/clinicianInvitations', {
      token: coordinator,
      body: { firstName: 'A', lastName: 'B', emailId: 'clinician@carelane.local', providerTypeId: 1 },
    });
    expect([taken.status, taken.body.errors?.[0]?.field]).toEqual([400, 'emailId']);
    const badType = await server().request('POST', '/api/admin/clinicianInvitations', {
      token: coordinator,
      body: { firstName: 'A', lastName: 'B', emailId: 'zz.badtype@example.com', providerTypeId: 99 },
    });
    expect([badType.status, badType.body.errors?.[0]?.field]).toEqual([400, 'providerTypeId']);
  });

  it('walks the steps in order, each only once its requirement holds, with the SPEC toasts', async () => {
    const { emailId } = await invite();
    const registered = await register(emailId, await linkOf(emailId));
    expect([registered.status, registered.body]).toEqual([201, { message: 'Registration successful.' }]);
    const rn = await server().login(emailId, PASSWORD);
    const complete = (step: string) =>
      server().request('POST', '/api/admin/myOnboarding/complete', { token: rn, body: { step } });

    const start = await server().request('GET', '/api/admin/myOnboarding', { token: rn });
    expect(start.body).toMatchObject({ onboardStep: 'Contract', providerStatusId: 1 });
    expect(start.body.steps.map((s: { label: string }) => s.label)).toEqual([
      'Agreement',
      'Rates',
      'Skills & Preferences',
      'Credentials',
      'Background',
      'More Credentials',
      'Onboarded',
    ]);
    const early = await complete('Rates');
    expect([early.status, early.body.error]).toEqual([
      409,
      'This onboarding step is not open: you are on Agreement.',
    ]);

    // No agreement templates are required in this test database's demo: the contract step completes.
    const [agreements] = await server().sql<{ n: number }>(
      'select count(*)::int as n from agreement_templates where active and required_for_onboarding',
    );
    if (agreements!.n === 0) expect((await complete('Contract')).body.onboardStep).toBe('Rates');
    else {
      expect((await complete('Contract')).status).toBe(400);
      await server().sql(
        `insert into provider_files (provider_id, file_name, content_type, size_bytes, sha256, content, uploaded_by)
         select p.id, 'a.pdf', 'application/pdf', 4, 'x', '\\x25504446'::bytea, p.user_id from providers p
         join users u on u.id = p.user_id where u.email_id = $1`,
        [emailId.toLowerCase()],
      );
      await server().sql(
        `insert into provider_agreements (provider_id, template_id, template_name, template_version, file_id, sha256, signed_by)
         select f.provider_id, a.id, a.name, a.version, f.id, 'x', f.uploaded_by from provider_files f, agreement_templates a
         where f.provider_id = (select p.id from providers p join users u on u.id = p.user_id where u.email_id = $1)
           and a.active and a.required_for_onboarding`,
        [emailId.toLowerCase()],
      );
      expect((await complete('Contract')).body.onboardStep).toBe('Rates');
    }

    const noRates = await complete('Rates');
    expect([noRates.status, noRates.body.errors?.[0]?.field]).toEqual([400, 'step']);
    const rates = await server().request('PUT', '/api/admin/myOnboarding/rates', {
      token: rn,
      body: { rates: [{ visitTypeId: 304, amount: 65 }] },
    });
    expect(rates.status).toBe(200);
    const toProfile = await complete('Rates');
    expect(toProfile.body).toMatchObject({
      onboardStep: 'Profile',
      toast: 'Contract signed! Tell us your preferences.',
    });

    expect((await complete('Profile')).status).toBe(400);
    const badZip = await server().request('PUT', '/api/admin/myOnboarding/profile', {
      token: rn,
      body: { zipcode: '00000' },
    });
    expect([badZip.status, badZip.body.errors?.[0]?.field]).toEqual([400, 'zipcode']);
    const profile = await server().request('PUT', '/api/admin/myOnboarding/profile', {
      token: rn,
      body: {
        zipcode: '78701',
        skills: ['Wound care'],
        languages: ['Spanish'],
        weekdayPreferences: [1, 2, 3],
      },
    });
    expect(profile.status).toBe(200);
    expect((await complete('Profile')).body).toMatchObject({
      onboardStep: 'Credentials',
      toast: "Thank you! You'll see matching requests once your account setup is complete.",
    });

    const noLicence = await complete('Credentials');
    expect(noLicence.body.error).toContain('Submit your Licence or certification.');
    const [ids] = await server().sql<{ provider_id: number; licence: number }>(
      `select p.id as provider_id, (select id from credential_types where name = 'Licence or certification') as licence
       from providers p join users u on u.id = p.user_id where u.email_id = $1`,
      [emailId.toLowerCase()],
    );
    const licence = await server().request('POST', `/api/admin/providers/${ids!.provider_id}/credentials`, {
      token: rn,
      body: { credentialTypeId: ids!.licence, issuedOn: '2026-01-01', expiresOn: '2028-01-01' },
    });
    expect(licence.status).toBe(201);
    expect((await complete('Credentials')).body).toMatchObject({
      onboardStep: 'Background',
      toast: "Great job! Your credentials are in review. We'll contact you if needed.",
    });

    expect((await complete('Background')).status).toBe(400);
    const noConsent = await server().request('POST', '/api/admin/myOnboarding/background', {
      token: rn,
      body: { consent: false, legalName: 'Rita Newhire' },
    });
    expect([noConsent.status, noConsent.body.errors?.[0]?.field]).toEqual([400, 'consent']);
    expect(
      (
        await server().request('POST', '/api/admin/myOnboarding/background', {
          token: rn,
          body: { consent: true, legalName: 'Rita Newhire' },
        })
      ).status,
    ).toBe(200);
    expect((await complete('Background')).body.onboardStep).toBe('MoreCredentials');

    const staffView = await server().request('GET', `/api/admin/providers/${ids!.provider_id}/onboarding`, {
      token: coordinator,
    });
    expect(staffView.body).toMatchObject({ onboardStep: 'MoreCredentials' });
    expect(
      (
        await server().request('GET', `/api/admin/providers/${ids!.provider_id}/onboarding`, {
          token: orgUser,
        })
      ).status,
    ).toBe(403);
    expect((await server().request('GET', '/api/admin/myOnboarding', { token: coordinator })).status).toBe(
      403,
    );
  });
});
