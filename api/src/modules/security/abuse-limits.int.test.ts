import { DEFAULT_RATE_LIMITS, loadConfig, type RateLimitPolicies } from '../../config';
import {
  describeEachDatabase,
  describeTwoInstances,
  type ApiResponse,
  type TestServer,
} from '../../test/harness';
import { count, uniqueEmail } from '../../test/identity-helpers';

const TOO_MANY = {
  statusCode: 429,
  code: 'TOO_MANY_REQUESTS',
  error: expect.stringMatching(/^Too many requests\. Please wait \d+ (minute|second)s? and try again\.$/),
};

function expectTooMany(res: ApiResponse, maxWaitSeconds: number) {
  expect(res.status).toBe(429);
  expect(res.body).toEqual(TOO_MANY);
  const retryAfter = Number(res.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(maxWaitSeconds);
}

const from = (address: string) => ({ 'x-forwarded-for': address });

let phoneCounter = 0;
function uniquePhone(): string {
  phoneCounter += 1;
  return `(646) 555-${String(1000 + ((Date.now() + phoneCounter) % 9000))}`;
}

const registration = (emailId: string, phoneNumber: string) => ({
  emailId,
  password: 'Nurse-password-1',
  firstName: 'Nora',
  lastName: 'Nurse',
  phoneNumber,
  providerTypeId: 1,
});

const messagesTo = (server: TestServer, to: string) =>
  count(server, 'select count(*) from outbox where "to" = $1', [to]);

describeEachDatabase('abuse limits at their defaults', (server) => {
  it('forgot-password: three links an hour to one address, then 429 with Retry-After', async () => {
    const email = 'clinician@carelane.local';
    const before = await messagesTo(server(), email);
    const statuses: number[] = [];
    let last: ApiResponse | undefined;
    for (let i = 0; i < 8; i++) {
      last = await server().request('POST', '/api/security/forgotPassword', { body: { emailId: email } });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429, 429, 429]);
    expectTooMany(last!, 3600);
    expect(await messagesTo(server(), email)).toBe(before + 3);
    // An unknown address meets the same limit: the answer tells nothing about which accounts exist.
    const unknown: number[] = [];
    for (let i = 0; i < 4; i++)
      unknown.push(
        (
          await server().request('POST', '/api/security/forgotPassword', {
            body: { emailId: 'no.one@x.test' },
          })
        ).status,
      );
    expect(unknown).toEqual([200, 200, 200, 429]);
  });

  it('register: one phone number gets three registrations an hour, so at most three codes', async () => {
    const phone = uniquePhone();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push(
        (
          await server().request('POST', '/api/security/register', {
            body: registration(uniqueEmail('sms.bomb'), phone),
          })
        ).status,
      );
    expect(statuses).toEqual([201, 201, 201, 429, 429, 429]);
    expect(await messagesTo(server(), phone.replace(/\D/g, ''))).toBe(3);
  });

  it('signed in, sendEmailVerification and sendPhoneVerification answer 429 after three', async () => {
    const emailId = uniqueEmail('resend');
    const phone = uniquePhone();
    expect(
      (await server().request('POST', '/api/security/register', { body: registration(emailId, phone) }))
        .status,
    ).toBe(201);
    const token = await server().login(emailId, 'Nurse-password-1');
    for (const path of ['/api/security/sendEmailVerification', '/api/security/sendPhoneVerification']) {
      const statuses: number[] = [];
      let last: ApiResponse | undefined;
      for (let i = 0; i < 6; i++) {
        last = await server().request('POST', path, { token });
        statuses.push(last.status);
      }
      expect({ path, statuses }).toEqual({ path, statuses: [200, 200, 200, 429, 429, 429] });
      expectTooMany(last!, 15 * 60);
    }
    // The registration's message and three more, to each.
    expect(await messagesTo(server(), emailId.toLowerCase())).toBe(4);
    expect(await messagesTo(server(), phone.replace(/\D/g, ''))).toBe(4);
  });

  it('clientLog: sixty lines a minute from one address', async () => {
    const token = await server().login('coordinator@carelane.local');
    const body = { level: 'info', message: 'a line' };
    const statuses = await Promise.all(
      Array.from({ length: 61 }, () => server().request('POST', '/api/clientLog', { body, token })),
    );
    expect(statuses.filter((r) => r.status === 204)).toHaveLength(60);
    expectTooMany(
      statuses.find((r) => r.status === 429)!,
      60,
    );
  });
});

const lowered = (changes: Partial<RateLimitPolicies>): RateLimitPolicies => ({
  ...DEFAULT_RATE_LIMITS,
  ...changes,
});

describeEachDatabase(
  'abuse limits per client address and per target',
  (server) => {
    it('verifyEmail and resetPassword: per token, then per address', async () => {
      for (const path of ['/api/security/verifyEmail', '/api/security/resetPassword']) {
        const body = { token: `guessed-token-${path}`, password: 'Whatever-pass-1' };
        const sameToken: number[] = [];
        // From different addresses: the token is the target.
        for (let i = 0; i < 4; i++)
          sameToken.push(
            (await server().request('POST', path, { body, headers: from(`198.51.100.${i + 1}`) })).status,
          );
        expect({ path, sameToken }).toEqual({ path, sameToken: [400, 400, 400, 429] });

        const oneAddress: number[] = [];
        for (let i = 0; i < 6; i++)
          oneAddress.push(
            (
              await server().request('POST', path, {
                body: { ...body, token: `another-token-${path}-${i}` },
                headers: from('203.0.113.7'),
              })
            ).status,
          );
        expect({ path, oneAddress }).toEqual({ path, oneAddress: [400, 400, 400, 400, 400, 429] });
      }
    });

    it('short links: /r/{id} and /api/security/shortUrl/{id} count together per address', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) {
        statuses.push(
          (await server().request('GET', `/r/nosuch${i}`, { headers: from('192.0.2.10') })).status,
        );
        statuses.push(
          (
            await server().request('GET', `/api/security/shortUrl/nosuch${i}`, {
              headers: from('192.0.2.10'),
            })
          ).status,
        );
      }
      expect(statuses).toEqual([404, 404, 404, 404, 429, 429]);
      expect((await server().request('GET', '/r/nosuch9', { headers: from('192.0.2.11') })).status).toBe(404);
    });

    it('facility response pages: per token and per address', async () => {
      const token = 'a-facility-token-nobody-has-0001';
      const sameToken: number[] = [];
      for (let i = 0; i < 4; i++)
        sameToken.push(
          (
            await server().request('GET', `/api/public/facilityResponse?token=${token}`, {
              headers: from(`198.51.100.${50 + i}`),
            })
          ).status,
        );
      expect(sameToken).toEqual([404, 404, 404, 429]);
      const accept = await server().request('POST', '/api/public/facilityResponse/accept', {
        body: { token, visitIds: [1] },
        headers: from('198.51.100.99'),
      });
      expectTooMany(accept, 15 * 60);

      const oneAddress: number[] = [];
      for (let i = 0; i < 6; i++)
        oneAddress.push(
          (
            await server().request('GET', `/api/public/facilityResponse?token=another-facility-token-${i}`, {
              headers: from('203.0.113.80'),
            })
          ).status,
        );
      expect(oneAddress).toEqual([404, 404, 404, 404, 404, 429]);
    });

    it('never more than the cap of identity messages an hour to one address, whatever the source', async () => {
      const admin = await server().login('admin@carelane.local');
      const created = await server().request('POST', '/api/admin/users', {
        token: admin,
        body: {
          emailId: 'capped@limits.test',
          firstName: 'Cap',
          lastName: 'Ped',
          roleId: 5,
          password: 'Capped-pass-11',
        },
      });
      expect(created.status).toBe(201);
      // Two links from two client addresses: the cap (2) is reached.
      for (const address of ['198.51.100.200', '198.51.100.201'])
        expect(
          (
            await server().request('POST', '/api/security/forgotPassword', {
              body: { emailId: 'capped@limits.test' },
              headers: from(address),
            })
          ).status,
        ).toBe(200);
      // A third from a fresh address answers as always, but nothing is queued.
      const third = await server().request('POST', '/api/security/forgotPassword', {
        body: { emailId: 'capped@limits.test' },
        headers: from('198.51.100.202'),
      });
      expect(third.status).toBe(200);
      expect(third.body.message).toBeDefined();
      // The administrator's reset is refused with the reason, nothing half-written.
      const byAdmin = await server().request('POST', `/api/admin/users/${created.body.id}/resetPassword`, {
        token: admin,
      });
      expect(byAdmin.status).toBe(429);
      expect(byAdmin.body.code).toBe('TOO_MANY_MESSAGES');
      expect(Number(byAdmin.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await messagesTo(server(), 'capped@limits.test')).toBe(2);
      expect(
        await count(
          server(),
          `select count(*) from verification_tokens t join users u on u.id = t.user_id
           where u.email_id = 'capped@limits.test' and t.purpose = 'reset'`,
        ),
      ).toBe(2);
    });
  },
  {
    trustProxy: 1,
    rateLimits: lowered({
      'verifyEmail.token': { points: 3, seconds: 600 },
      'verifyEmail.address': { points: 5, seconds: 600 },
      'resetPassword.token': { points: 3, seconds: 600 },
      'resetPassword.address': { points: 5, seconds: 600 },
      'shortLink.address': { points: 4, seconds: 60 },
      'facilityResponse.token': { points: 3, seconds: 600 },
      'facilityResponse.address': { points: 5, seconds: 600 },
      'messages.recipient': { points: 2, seconds: 3600 },
    }),
  },
);

describe('TRUST_PROXY', () => {
  it('is off unless set; a number trusts that many proxy hops; a list names the proxies', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
    ]);
  });
});

const clientLog = (server: TestServer, forwardedFor: string) =>
  server.request('POST', '/api/clientLog', {
    body: { level: 'info', message: 'x' },
    headers: { 'x-forwarded-for': forwardedFor },
  });

describeEachDatabase(
  'clientLog signed out',
  (server) => {
    it('takes five lines a minute from an address, while a signed-in caller there goes on', async () => {
      const statuses = [];
      for (let i = 0; i < 7; i++) statuses.push((await clientLog(server(), '198.51.100.7')).status);
      expect(statuses).toEqual([204, 204, 204, 204, 204, 429, 429]);
      const token = await server().login('coordinator@carelane.local');
      const signedIn = await server().request('POST', '/api/clientLog', {
        body: { level: 'error', message: 'x' },
        headers: { 'x-forwarded-for': '198.51.100.7' },
        token,
      });
      expect(signedIn.status).toBe(204);
      // A token that no longer works counts as signed out.
      await server().request('POST', '/api/security/logout', { token });
      const ended = await server().request('POST', '/api/clientLog', {
        body: { level: 'error', message: 'x' },
        headers: { 'x-forwarded-for': '198.51.100.7' },
        token,
      });
      expect(ended.status).toBe(429);
      expect((await clientLog(server(), '198.51.100.8')).status).toBe(204);
    });
  },
  { trustProxy: 1 },
);

describeEachDatabase(
  'X-Forwarded-For without TRUST_PROXY',
  (server) => {
    it('is not believed: every request counts against the real client address', async () => {
      const statuses = [];
      for (const address of ['198.51.100.1', '198.51.100.2', '198.51.100.3'])
        statuses.push((await clientLog(server(), address)).status);
      expect(statuses).toEqual([204, 204, 429]);
    });
  },
  { rateLimits: lowered({ 'clientLog.address': { points: 2, seconds: 60 } }) },
);

describeEachDatabase(
  'X-Forwarded-For with TRUST_PROXY=1',
  (server) => {
    it('names the client as the one proxy saw it; what the client wrote before that is ignored', async () => {
      expect((await clientLog(server(), '198.51.100.1')).status).toBe(204);
      expect((await clientLog(server(), '198.51.100.1')).status).toBe(204);
      expect((await clientLog(server(), '198.51.100.1')).status).toBe(429);
      expect((await clientLog(server(), '198.51.100.2')).status).toBe(204);
      // A client cannot pick a fresh address by writing one in front of what the proxy appends.
      expect((await clientLog(server(), '203.0.113.9, 198.51.100.1')).status).toBe(429);
    });
  },
  { trustProxy: 1, rateLimits: lowered({ 'clientLog.address': { points: 2, seconds: 60 } }) },
);

describeTwoInstances('abuse limits across two instances on one PostgreSQL database', (instances) => {
  let a: TestServer;
  let b: TestServer;
  beforeAll(() => {
    ({ a, b } = instances());
  });

  it('counts requests to either instance together', async () => {
    const ask = (server: TestServer) =>
      server.request('POST', '/api/security/forgotPassword', {
        body: { emailId: 'orgmanager@carelane.local' },
      });
    const statuses = [
      (await ask(a)).status,
      (await ask(b)).status,
      (await ask(a)).status,
      (await ask(b)).status,
    ];
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});
