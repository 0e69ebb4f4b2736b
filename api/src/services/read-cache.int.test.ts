import { describeEachDatabase, describeTwoInstances, eventually, type TestServer } from '../test/harness';

const ADMIN = 'admin@carelane.local';

async function coordinatorCount(server: TestServer, token: string): Promise<number> {
  const res = await server.request('GET', '/api/admin/users?roleId=5&pageSize=1', { token });
  expect(res.status).toBe(200);
  return res.body.paging.totalCount;
}

async function createCoordinator(server: TestServer, token: string, tag: string) {
  const res = await server.request('POST', '/api/admin/users', {
    token,
    body: { emailId: `cache.${tag}.${Date.now()}@example.com`, firstName: 'Cache', lastName: tag, roleId: 5 },
  });
  expect(res.status).toBe(201);
  return res.body;
}

describeEachDatabase('read cache on one instance', (server) => {
  it('serves a change to the one who made it at once', async () => {
    const token = await server().login(ADMIN);
    const before = await coordinatorCount(server(), token);
    await coordinatorCount(server(), token); // cached now
    await createCoordinator(server(), token, 'same');
    expect(await coordinatorCount(server(), token)).toBe(before + 1);
  });

  it('refuses a token at once after logout, though its session was cached', async () => {
    const token = await server().login(ADMIN);
    expect((await server().request('GET', '/api/security/me', { token })).status).toBe(200);
    expect((await server().request('POST', '/api/security/logout', { token })).status).toBe(200);
    expect((await server().request('GET', '/api/security/me', { token })).status).toBe(401);
  });

  it('sees a write made behind its back by SQL: on PGlite at the next read, on PostgreSQL within a moment', async () => {
    const token = await server().login(ADMIN);
    const activeCount = async () =>
      (await server().request('GET', '/api/admin/users?roleId=5&status=ACTIVE&pageSize=1', { token })).body
        .paging.totalCount;
    const before = await activeCount();
    await server().sql(
      `update users set status = 'INACTIVE' where role_id = 5 and email_id like 'cache.same.%'`,
    );
    if (server().kind === 'pglite') expect(await activeCount()).toBe(before - 1);
    else await eventually(async () => (await activeCount()) === before - 1, 2000);
  });
});

describeTwoInstances('read cache across two instances on one PostgreSQL database', (instances) => {
  let a: TestServer;
  let b: TestServer;
  beforeAll(() => {
    ({ a, b } = instances());
  });

  it('shows on one instance, within a moment, a user created on the other', async () => {
    const tokenA = await a.login(ADMIN);
    const tokenB = await b.login(ADMIN);
    const before = await coordinatorCount(a, tokenA);
    await createCoordinator(b, tokenB, 'other');
    await eventually(async () => (await coordinatorCount(a, tokenA)) === before + 1, 2000);
  });

  it('refuses on one instance, within a moment, a session ended on the other', async () => {
    const tokenA = await a.login(ADMIN);
    const tokenB = await b.login(ADMIN);
    const victim = await createCoordinator(a, tokenA, 'victim');
    await a.request('POST', `/api/admin/users/${victim.id}/resetPassword`, { token: tokenA });
    // The victim signs in through instance A, which caches the session…
    await a.sql(
      `update users set password_hash = (select password_hash from users where email_id = $1) where id = $2`,
      [ADMIN, victim.id],
    );
    const victimToken = await a.login(victim.emailId);
    expect((await a.request('GET', '/api/security/me', { token: victimToken })).status).toBe(200);
    // …and is deactivated on instance B.
    expect(
      (await b.request('POST', `/api/admin/users/${victim.id}/deactivate`, { token: tokenB })).status,
    ).toBe(200);
    await eventually(
      async () => (await a.request('GET', '/api/security/me', { token: victimToken })).status === 401,
      2000,
    );
  });

  it('stops caching while its listening connection is lost, and resumes once it listens again', async () => {
    const tokenA = await a.login(ADMIN);
    const tokenB = await b.login(ADMIN);
    const before = await coordinatorCount(a, tokenA);
    // Cut every LISTEN connection of this database: notices from B can no longer reach A.
    await a.sql(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query like 'LISTEN%' and pid <> pg_backend_pid()`,
    );
    await new Promise((r) => setTimeout(r, 100));
    await createCoordinator(b, tokenB, 'gap');
    expect(await coordinatorCount(a, tokenA)).toBe(before + 1);
    // After the reconnect (about a second) notices flow again.
    await new Promise((r) => setTimeout(r, 2000));
    await coordinatorCount(a, tokenA);
    await createCoordinator(b, tokenB, 'after');
    await eventually(async () => (await coordinatorCount(a, tokenA)) === before + 2, 2000);
  });
});
