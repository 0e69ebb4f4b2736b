import { describeEachDatabase, type TestServer } from '../../../test/harness';

interface Constant {
  type: string;
  name: string;
  value: string;
  description: string;
}

async function constants(s: TestServer, token: string): Promise<Record<string, string>> {
  const res = await s.request<Constant[]>('GET', '/api/admin/constants', { token });
  if (res.status !== 200) throw new Error(`constants answered ${res.status}`);
  return Object.fromEntries(res.body.map((c) => [c.name, c.value]));
}

async function loginUser(s: TestServer, emailId: string) {
  const res = await s.request('POST', '/api/security/authenticate', {
    body: { emailId, password: 'Carelane-demo-1' },
  });
  expect(res.status).toBe(200);
  return res.body as { token: string; user: Array<{ idleTimeout: number }> };
}

describeEachDatabase('constants', (server) => {
  let admin = '';

  beforeAll(async () => {
    admin = await server().login('admin@carelane.local');
  });

  it('has the spec defaults', async () => {
    const values = await constants(server(), admin);
    expect(values).toMatchObject({
      locationExpiryInMins: '15',
      autoSaveInterval: '30',
      idleTimeout: '50',
      fileSizeLimit: '5',
      twoStringDuplicatePercentage: '0.9',
    });
    expect(values.blobEncryptionKey!.length).toBeGreaterThanOrEqual(16);
  });

  it('lists every constant SPEC §9 names, with its type and description', async () => {
    const res = await server().request<Constant[]>('GET', '/api/admin/constants', { token: admin });
    const names = res.body.map((c) => c.name);
    for (const name of [
      'blobEncryptionKey',
      'Safety',
      'locationExpiryInMins',
      'showLogs',
      'autoSaveInterval',
      'idleTimeout',
      'missedVisitReasonTypes',
      'missedVisitReasonTypesShift',
      'expireVisitReasonTypes',
      'episodeArchiveReasons',
      'authLossReasons',
      'raceData',
      'smsFromNumbers',
      'inactivateProviderReasonTypes',
      'defaultVisitEpisodeStafferId',
      'defaultShiftEpisodeStafferId',
      'defaultQcUserId',
      'twoStringDuplicatePercentage',
      'fileSizeLimit',
    ])
      expect(names).toContain(name);
    for (const c of res.body) {
      expect(c.type).not.toBe('');
      expect(c.description).not.toBe('');
    }
    const missed = res.body.find((c) => c.name === 'missedVisitReasonTypes')!;
    expect(Array.isArray(JSON.parse(missed.value))).toBe(true);
  });

  it.each(['coordinator@carelane.local', 'clinician@carelane.local', 'orguser@carelane.local'])(
    'are readable by any signed-in user (%s), and by nobody signed out',
    async (email) => {
      const token = await server().login(email);
      const values = await constants(server(), token);
      expect(values.idleTimeout).toBeDefined();
      expect((await server().request('GET', '/api/admin/constants')).status).toBe(401);
    },
  );

  it('an administrator changes idleTimeout, and a new sign-in gets it', async () => {
    const res = await server().request('PUT', '/api/admin/constants/idleTimeout', {
      token: admin,
      body: { value: '20' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'idleTimeout', value: '20', type: 'session' });
    expect((await constants(server(), admin)).idleTimeout).toBe('20');
    const login = await loginUser(server(), 'director@carelane.local');
    expect(login.user[0]!.idleTimeout).toBe(20);
    const me = await server().request('GET', '/api/security/me', { token: login.token });
    expect(me.body.idleTimeout).toBe(20);
    // An organization's own idle timeout still wins (Lakeside has 30).
    const lakeside = await loginUser(server(), 'lakeside.user@carelane.local');
    expect(lakeside.user[0]!.idleTimeout).toBe(30);
  });

  it.each([['abc'], [''], ['-5'], ['0'], ['12abc']])(
    'refuses idleTimeout %j with 400 naming value',
    async (value) => {
      const res = await server().request('PUT', '/api/admin/constants/idleTimeout', {
        token: admin,
        body: { value },
      });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ statusCode: 400, code: 'VALIDATION' });
      expect(res.body.errors.map((e: { field: string }) => e.field)).toEqual(['value']);
      const [row] = await server().sql<{ value: string }>(
        "select value from app_constants where name = 'idleTimeout'",
      );
      expect(row!.value).toBe('20');
    },
  );

  it.each([['1.5'], ['1e12'], ['1441']])(
    'refuses idleTimeout %j, which sessions cannot hold, and sign-in keeps working',
    async (value) => {
      const res = await server().request('PUT', '/api/admin/constants/idleTimeout', {
        token: admin,
        body: { value },
      });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([
        { field: 'value', message: 'must be a whole number of minutes from 1 to 1440 for idleTimeout' },
      ]);
      await server().login('director@carelane.local');
    },
  );

  it('accepts the longest idleTimeout, and sign-in keeps working', async () => {
    const res = await server().request('PUT', '/api/admin/constants/idleTimeout', {
      token: admin,
      body: { value: '1440' },
    });
    expect(res.status).toBe(200);
    expect((await loginUser(server(), 'director@carelane.local')).user[0]!.idleTimeout).toBe(1440);
    await server().request('PUT', '/api/admin/constants/idleTimeout', {
      token: admin,
      body: { value: '20' },
    });
  });

  it('refuses a duplicate percentage above 1, which would be ignored', async () => {
    const res = await server().request('PUT', '/api/admin/constants/twoStringDuplicatePercentage', {
      token: admin,
      body: { value: '90' },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].field).toBe('value');
    const ok = await server().request('PUT', '/api/admin/constants/twoStringDuplicatePercentage', {
      token: admin,
      body: { value: '0.85' },
    });
    expect(ok.status).toBe(200);
    expect((await constants(server(), admin)).twoStringDuplicatePercentage).toBe('0.85');
  });

  it('refuses malformed JSON for a JSON list', async () => {
    const res = await server().request('PUT', '/api/admin/constants/missedVisitReasonTypes', {
      token: admin,
      body: { value: '[{"id":1,' },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].field).toBe('value');
  });

  it.each([
    'coordinator@carelane.local',
    'director@carelane.local',
    'executive@carelane.local',
    'orgadmin@carelane.local',
  ])('refuses a change by a non-administrator (%s) with 403, changing nothing', async (email) => {
    const token = await server().login(email);
    const res = await server().request('PUT', '/api/admin/constants/idleTimeout', {
      token,
      body: { value: '5' },
    });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      statusCode: 403,
      code: 'FORBIDDEN',
      error: "Sorry, you don't have access to this.",
    });
    expect((await constants(server(), admin)).idleTimeout).toBe('20');
  });

  it('answers 404 for an unknown constant, creating nothing', async () => {
    const res = await server().request('PUT', '/api/admin/constants/noSuchConstant', {
      token: admin,
      body: { value: '1' },
    });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({
      statusCode: 404,
      code: 'NOT_FOUND',
      error: 'The constant noSuchConstant was not found.',
    });
    expect(await server().sql("select name from app_constants where name = 'noSuchConstant'")).toEqual([]);
  });
});
