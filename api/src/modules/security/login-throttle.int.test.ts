import { DEFAULT_RATE_LIMITS } from '../../config';
import { DEMO_PASSWORD, describeEachDatabase, type ApiResponse, type TestServer } from '../../test/harness';
import { DEVICE_COOKIE_DAYS, issueDeviceCookie } from './device-cookie';
import { count } from '../../test/identity-helpers';

/** A sign-in from a client address, as the one trusted proxy reports it (TRUST_PROXY=1). */
const signIn = (server: TestServer, emailId: string, password: string, address: string, cookie?: string) =>
  server.request('POST', '/api/security/authenticate', {
    body: { emailId, password },
    headers: { 'x-forwarded-for': address, ...(cookie ? { cookie } : {}) },
  });

describeEachDatabase(
  'sign-in limits: per account without a free lock-out, per client address against spraying',
  (server) => {
    it('an account locked by failures from one address still lets its owner in from another', async () => {
      const email = 'coordinator@carelane.local';
      for (let i = 0; i < 5; i++)
        expect((await signIn(server(), email, `wrong-${i}`, '203.0.113.66')).status).toBe(401);
      // The address that failed is held off, even with the right password.
      const attacker = await signIn(server(), email, DEMO_PASSWORD, '203.0.113.66');
      expect(attacker.status).toBe(429);
      expect(attacker.body.code).toBe('TOO_MANY_ATTEMPTS');
      expect(Number(attacker.headers.get('retry-after'))).toBeGreaterThan(0);
      // The owner, from an address that has not failed, signs in.
      const owner = await signIn(server(), email, DEMO_PASSWORD, '198.51.100.20');
      expect(owner.status).toBe(200);
      expect(owner.body.user[0].emailId).toBe(email);
    });

    it('while an account is locked, each other address gets one try', async () => {
      const email = 'director@carelane.local';
      for (let i = 0; i < 5; i++)
        expect((await signIn(server(), email, `wrong-${i}`, '203.0.113.70')).status).toBe(401);
      const tries: number[][] = [];
      for (let n = 1; n <= 3; n++) {
        const address = `192.0.2.${100 + n}`;
        tries.push([
          (await signIn(server(), email, `guess-${n}-a`, address)).status,
          (await signIn(server(), email, `guess-${n}-b`, address)).status,
          (await signIn(server(), email, DEMO_PASSWORD, address)).status,
        ]);
      }
      expect(tries).toEqual([
        [401, 429, 429],
        [401, 429, 429],
        [401, 429, 429],
      ]);
      expect((await signIn(server(), email, DEMO_PASSWORD, '192.0.2.200')).status).toBe(200);
    });

    it('one wrong try on each of many accounts from one address meets a limit (the default, 20)', async () => {
      const sprayer = '203.0.113.99';
      const statuses: number[] = [];
      for (let i = 0; i < 22; i++)
        statuses.push((await signIn(server(), `sprayed.${i}@example.com`, 'Summer2026!', sprayer)).status);
      expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
      expect(statuses.slice(20)).toEqual([429, 429]);
      // Held: an account that failed in the window is refused before any password is checked, the right one
      // included; other addresses are not held.
      const blocked = await signIn(server(), 'sprayed.0@example.com', 'Summer2026!', sprayer);
      expect(blocked.status).toBe(429);
      expect(blocked.body.error).toMatch(/^Too many failed sign-in attempts from your network\. Please wait/);
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(
        (await signIn(server(), 'executive@carelane.local', DEMO_PASSWORD, '198.51.100.30')).status,
      ).toBe(200);
      // The two held tries were checked (accounts with no failure) and count; the refused one left nothing.
      expect(
        await count(server(), `select count(*) from login_attempts where ip = $1 and not success`, [sprayer]),
      ).toBe(22);
    });

    it('never limits successful sign-ins from one address', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 30; i++)
        statuses.push(
          (await signIn(server(), 'clinician@carelane.local', DEMO_PASSWORD, '198.51.100.40')).status,
        );
      expect(statuses.every((s) => s === 200)).toBe(true);
    });
  },
  { trustProxy: 1 },
);

/** The device cookie a sign-in's answer sets, as a browser sends it back (`name=value`). */
const deviceCookieOf = (res: ApiResponse) =>
  res.headers
    .getSetCookie()
    .find((c) => c.startsWith('carelane_device_'))
    ?.split(';')[0];

describeEachDatabase(
  'a held address (3 failures here) and device cookies: the office signs in, the guesser stays held',
  (server) => {
    /** Wrong tries on unknown accounts until the address has failed three times: it is held. */
    async function hold(address: string, failedAlready = 0) {
      for (let i = failedAlready; i < 3; i++) {
        const res = await signIn(server(), `sprayed.${i}.${address}@example.com`, 'Summer2026!', address);
        expect(res.status).toBe(401);
      }
    }
    const expectHeld = (res: ApiResponse) => {
      expect(res.status).toBe(429);
      expect(res.body.code).toBe('TOO_MANY_ATTEMPTS');
      expect(res.body.error).toMatch(/^Too many failed sign-in attempts from your network\. Please wait/);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    };

    it('a sign-in sets a device cookie: HttpOnly, SameSite=Strict, sent only to sign-in, for 90 days', async () => {
      const res = await signIn(server(), 'clinician@carelane.local', DEMO_PASSWORD, '198.51.100.60');
      expect(res.status).toBe(200);
      const cookie = res.headers.getSetCookie().find((c) => c.startsWith('carelane_device_'));
      expect(cookie).toMatch(/^carelane_device_[A-Za-z0-9_-]{22}=[A-Za-z0-9_-]+\.\d+\.[A-Za-z0-9_-]+;/);
      expect(cookie).toContain(`Max-Age=${DEVICE_COOKIE_DAYS * 86_400};`);
      expect(cookie).toContain('Path=/api/security/authenticate;');
      expect(cookie).toMatch(/; HttpOnly/);
      expect(cookie).toMatch(/; SameSite=Strict/);
      expect(cookie).not.toContain('clinician');
    });

    it('(1) lets a browser that signed in before through, even to an account that failed', async () => {
      const office = '203.0.113.10';
      const device = deviceCookieOf(
        await signIn(server(), 'backoffice@carelane.local', DEMO_PASSWORD, office),
      );
      expect(device).toBeDefined();
      // The guesser, from the same address, fails on that account too, and holds the address.
      expect((await signIn(server(), 'backoffice@carelane.local', 'guess-1', office)).status).toBe(401);
      await hold(office, 1);
      expectHeld(await signIn(server(), 'backoffice@carelane.local', DEMO_PASSWORD, office));
      const known = await signIn(server(), 'backoffice@carelane.local', DEMO_PASSWORD, office, device);
      expect(known.status).toBe(200);
      expect(known.body.user[0].emailId).toBe('backoffice@carelane.local');
    });

    it('(2) lets a fresh browser in with the right password for an account that has not failed', async () => {
      const office = '203.0.113.11';
      await hold(office);
      const res = await signIn(server(), 'customercare@carelane.local', DEMO_PASSWORD, office);
      expect(res.status).toBe(200);
      expect(deviceCookieOf(res)).toBeDefined();
    });

    it('(3) keeps the guesser held: wrong passwords answer 429, and the checks a held address gets run out', async () => {
      const guesser = '203.0.113.12';
      await hold(guesser);
      const failures = () =>
        count(server(), `select count(*) from login_attempts where ip = $1 and not success`, [guesser]);
      // An account that failed here: refused before its password is checked.
      expectHeld(await signIn(server(), `sprayed.0.${guesser}@example.com`, 'Winter2026!', guesser));
      expect(await failures()).toBe(3);
      // Accounts that have not failed: checked, a wrong password answers as the hold does, and counts.
      expectHeld(await signIn(server(), 'orgmanager@carelane.local', 'Winter2026!', guesser));
      expectHeld(await signIn(server(), 'lakeside.user@carelane.local', 'Winter2026!', guesser));
      expect(await failures()).toBe(5);
      // The held address's checks (2 here) are spent: now even the right password waits.
      expectHeld(await signIn(server(), 'clinicianmanager@carelane.local', DEMO_PASSWORD, guesser));
      expect(await failures()).toBe(5);
      expect(
        (await signIn(server(), 'clinicianmanager@carelane.local', DEMO_PASSWORD, '198.51.100.61')).status,
      ).toBe(200);
    });

    it('(4) a forged, another account’s or expired device cookie does not help', async () => {
      const office = '203.0.113.13';
      const email = 'orgadmin@carelane.local';
      const genuine = deviceCookieOf(await signIn(server(), email, DEMO_PASSWORD, office))!;
      const others = deviceCookieOf(
        await signIn(server(), 'lakeside.admin@carelane.local', DEMO_PASSWORD, '198.51.100.62'),
      )!;
      expect((await signIn(server(), email, 'guess-1', office)).status).toBe(401);
      await hold(office, 1);
      const [name, value] = genuine.split('=') as [string, string];
      const forged = `${name}=${value.slice(0, -2)}${value.endsWith('AA') ? 'BB' : 'AA'}`;
      const renamed = `${name}=${others.split('=')[1]}`;
      const expired = await issueDeviceCookie(server().services.db, email, Date.now() - 91 * 86_400_000);
      for (const cookie of [forged, others, renamed, `${expired.name}=${expired.value}`])
        expectHeld(await signIn(server(), email, DEMO_PASSWORD, office, cookie));
      expect((await signIn(server(), email, DEMO_PASSWORD, office, genuine)).status).toBe(200);
    });

    it('a device cookie that keeps failing stops letting its browser through', async () => {
      const office = '203.0.113.14';
      const email = 'lakeside.admin@carelane.local';
      const device = deviceCookieOf(await signIn(server(), email, DEMO_PASSWORD, office))!;
      // Two failures with the cookie (the limit here) lock the cookie out, not the account elsewhere.
      for (const guess of ['guess-1', 'guess-2'])
        expect((await signIn(server(), email, guess, office, device)).status).toBe(401);
      await hold(office, 2);
      expectHeld(await signIn(server(), email, DEMO_PASSWORD, office, device));
      expect((await signIn(server(), email, DEMO_PASSWORD, '198.51.100.63')).status).toBe(200);
    });
  },
  {
    trustProxy: 1,
    rateLimits: {
      ...DEFAULT_RATE_LIMITS,
      'loginFailures.address': { points: 3, seconds: 900 },
      'loginFailures.heldAddress': { points: 2, seconds: 900 },
      'loginFailures.device': { points: 2, seconds: 900 },
    },
  },
);
