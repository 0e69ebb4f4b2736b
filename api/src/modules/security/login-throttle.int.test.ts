import { DEMO_PASSWORD, describeEachDatabase, type TestServer } from '../../test/harness';
import { count } from '../../test/identity-helpers';

/** A sign-in from a client address, as the one trusted proxy reports it (TRUST_PROXY=1). */
const signIn = (server: TestServer, emailId: string, password: string, address: string) =>
  server.request('POST', '/api/security/authenticate', {
    body: { emailId, password },
    headers: { 'x-forwarded-for': address },
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
      // Held off for every account now, the right password included; other addresses are not.
      const blocked = await signIn(server(), 'executive@carelane.local', DEMO_PASSWORD, sprayer);
      expect(blocked.status).toBe(429);
      expect(blocked.body.error).toMatch(/^Too many failed sign-in attempts from your network\. Please wait/);
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(
        (await signIn(server(), 'executive@carelane.local', DEMO_PASSWORD, '198.51.100.30')).status,
      ).toBe(200);
      // The refused tries checked no password and left no failure of their own.
      expect(
        await count(server(), `select count(*) from login_attempts where ip = $1 and not success`, [sprayer]),
      ).toBe(20);
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
