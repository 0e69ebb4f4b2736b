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
    expect((await server().request('GET', '/api/admin/patients/%00')).status).toBe(401);
  });

  it('in an id answers 400 naming it before the page or ownership refusal', async () => {
    const [clinician, orgUser, coordinator] = await server().loginAs('clinician', 'orgUser', 'coordinator');
    await refusedNaming('id', 'GET', '/api/admin/patients/%00', { token: clinician });
    await refusedNaming('id', 'GET', '/api/admin/providers/%00/visits', { token: orgUser });
    await refusedNaming('id', 'GET', '/api/operation/invoices/%00', { token: coordinator });
  });
});

describeEachDatabase('nesting in a request body', (server) => {
  const DEPTH_ERROR = {
    statusCode: 400,
    code: 'VALIDATION',
    error: 'body: must not nest arrays or objects more than 64 levels deep',
    errors: [{ field: 'body', message: 'must not nest arrays or objects more than 64 levels deep' }],
  };
  /** 20,000 levels in 40 KB, under the body size limit. */
  const deepArray = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
  const deepObject = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;

  it('20,000 levels answer 400 naming body on the signed-out routes', async () => {
    for (const path of [
      '/api/security/authenticate',
      '/api/security/forgotPassword',
      '/api/security/resetPassword',
      '/api/public/facilityResponse/accept',
    ]) {
      const res = await server().request('POST', path, { rawBody: deepArray });
      expect({ path, status: res.status, body: res.body }).toEqual({ path, status: 400, body: DEPTH_ERROR });
    }
  });

  it('20,000 levels answer 400 naming body to a signed-in write, and nothing is written', async () => {
    const admin = await server().login('admin@carelane.local');
    const before = await count(server(), 'select count(*) from patients');
    for (const rawBody of [deepArray, deepObject(20_000), `{"firstName":"Ada","x":${deepArray}}`]) {
      const res = await server().request('POST', '/api/admin/patients', { token: admin, rawBody });
      expect({ status: res.status, body: res.body }).toEqual({ status: 400, body: DEPTH_ERROR });
    }
    expect(await count(server(), 'select count(*) from patients')).toBe(before);
  });

  it('64 levels pass the guard to the route schema, which names its own field', async () => {
    const admin = await server().login('admin@carelane.local');
    const res = await server().request('POST', '/api/admin/patients', {
      token: admin,
      rawBody: `{"firstName":"Ada","lastName":${deepObject(63)}}`,
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { field: string }) => e.field)).toContain('lastName');
  });
});
