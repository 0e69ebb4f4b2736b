import { describeEachDatabase, type TestServer } from '../test/harness';
import { count } from '../test/identity-helpers';

const NUL = '\u0000';

describeEachDatabase('a NUL character in any input', (server) => {
  let admin: string;
  beforeAll(async () => {
    admin = await server().login('admin@carelane.local');
  });

  async function refusedNaming(
    field: string,
    method: string,
    path: string,
    options: Parameters<TestServer['request']>[2] = {},
  ) {
    const res = await server().request(method, path, options);
    expect({ status: res.status, body: res.body }).toEqual({
      status: 400,
      body: {
        statusCode: 400,
        code: 'VALIDATION',
        error: `${field}: must not contain a NUL character`,
        errors: [{ field, message: 'must not contain a NUL character' }],
      },
    });
  }

  it('in the public login body answers 400 naming emailId', async () => {
    await refusedNaming('emailId', 'POST', '/api/security/authenticate', {
      body: { emailId: `a${NUL}b`, password: 'x' },
    });
  });

  it('in a list search answers 400 naming search', async () => {
    for (const list of [
      'users',
      'patients',
      'episodes',
      'physicians',
      'contacts',
      'groups',
      'referralSources',
    ])
      await refusedNaming('search', 'GET', `/api/admin/${list}?search=%00`, { token: admin });
  });

  it('in a path parameter answers 400 naming it', async () => {
    await refusedNaming('name', 'PUT', '/api/admin/constants/%00', { token: admin, body: { value: '1' } });
  });

  it('in a free-text field answers 400 naming it and writes nothing', async () => {
    const before = await count(server(), 'select count(*) from patients');
    await refusedNaming('lastName', 'POST', '/api/admin/patients', {
      token: admin,
      body: { referralSourceId: 1, firstName: 'Ada', lastName: `Love${NUL}lace` },
    });
    expect(await count(server(), 'select count(*) from patients')).toBe(before);
  });

  it('deep in a body, or in a key, names the path to it', async () => {
    await refusedNaming('privileges.users', 'PUT', '/api/admin/roles/5/privileges', {
      token: admin,
      body: { privileges: { users: `x${NUL}` }, version: 0 },
    });
    await refusedNaming('visits.1.id', 'POST', '/api/admin/pauseVisits', {
      token: admin,
      body: {
        visits: [
          { id: 1, version: 0 },
          { id: `1${NUL}`, version: 0 },
        ],
        paused: true,
      },
    });
    await refusedNaming('body', 'POST', '/api/security/authenticate', {
      body: { emailId: 'a@b.co', password: 'x', [`k${NUL}`]: 1 },
    });
  });

  it('a request without a session still answers 401, not 400', async () => {
    const res = await server().request('GET', '/api/admin/users?search=%00');
    expect(res.status).toBe(401);
  });
});
