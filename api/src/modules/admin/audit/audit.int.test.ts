import { describeEachDatabase, startTestServer, type TestServer } from '../../../test/harness';

interface Entry {
  id: number;
  at: string;
  userId: number | null;
  userEmail: string | null;
  entity: string;
  entityId: string | null;
  action: string;
  diff: Record<string, { before: unknown; after: unknown }> | null;
}

const DAY_MS = 86_400_000;

async function audit(s: TestServer, token: string, query: Record<string, string | number>) {
  const qs = new URLSearchParams(
    Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
  ).toString();
  const res = await s.request<{ auditList: Entry[]; auditCount: number; paging: Record<string, number> }>(
    'GET',
    `/api/admin/audit?${qs}`,
    { token },
  );
  if (res.status !== 200) throw new Error(`audit answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body;
}

describeEachDatabase('audit log', (server) => {
  let admin = '';
  let adminId = 0;
  let userId = 0;

  beforeAll(async () => {
    admin = await server().login('admin@carelane.local');
    const [me] = await server().sql<{ id: number }>(
      "select id from users where email_id = 'admin@carelane.local'",
    );
    adminId = me!.id;
    const created = await server().request('POST', '/api/admin/users', {
      token: admin,
      body: {
        emailId: 'audited@audit.test',
        firstName: 'Audie',
        lastName: 'Old',
        roleId: 5,
        password: 'Audited-pass-1',
      },
    });
    expect(created.status).toBe(201);
    userId = created.body.id;
    const edited = await server().request('PUT', `/api/admin/users/${userId}`, {
      token: admin,
      body: { lastName: 'New', version: created.body.version },
    });
    expect(edited.status).toBe(200);
    const deactivated = await server().request('POST', `/api/admin/users/${userId}/deactivate`, {
      token: admin,
    });
    expect(deactivated.status).toBe(200);
  });

  it('lists a user’s creation, edit and deactivation with their differences, newest first', async () => {
    const body = await audit(server(), admin, { entity: 'user', entityId: userId });
    expect(body.auditList.map((e) => e.action)).toEqual(['UPDATE', 'UPDATE', 'CREATE']);
    expect(body.auditCount).toBe(3);
    const [deactivation, edit, creation] = body.auditList;
    expect(edit!.diff).toEqual({ lastName: { before: 'Old', after: 'New' } });
    expect(deactivation!.diff).toEqual({ status: { before: 'ACTIVE', after: 'INACTIVE' } });
    expect(creation!.diff).toMatchObject({
      emailId: { before: null, after: 'audited@audit.test' },
      lastName: { before: null, after: 'Old' },
      roleId: { before: null, after: 5 },
      changePassword: { before: null, after: true },
    });
    for (const entry of body.auditList) {
      expect(entry).toMatchObject({
        userId: adminId,
        userEmail: 'admin@carelane.local',
        entity: 'user',
        entityId: String(userId),
      });
    }
  });

  it('never shows a password hash: the field reads [redacted]', async () => {
    const body = await audit(server(), admin, { entity: 'user', entityId: userId, action: 'CREATE' });
    expect(body.auditList[0]!.diff!.passwordHash).toEqual({ before: null, after: '[redacted]' });
    const [leaks] = await server().sql<{ n: number }>(
      "select count(*)::int as n from audit_log where diff::text like '%$argon2%'",
    );
    expect(leaks!.n).toBe(0);
  });

  it('records a changed constant', async () => {
    const res = await server().request('PUT', '/api/admin/constants/autoSaveInterval', {
      token: admin,
      body: { value: '45' },
    });
    expect(res.status).toBe(200);
    const body = await audit(server(), admin, { entity: 'constant', entityId: 'autoSaveInterval' });
    expect(body.auditList).toHaveLength(1);
    expect(body.auditList[0]).toMatchObject({
      action: 'UPDATE',
      userId: adminId,
      diff: { value: { before: '30', after: '45' } },
    });
  });

  it('never shows the blob encryption key', async () => {
    const [key] = await server().sql<{ value: string }>(
      "select value from app_constants where name = 'blobEncryptionKey'",
    );
    const res = await server().request('PUT', '/api/admin/constants/blobEncryptionKey', {
      token: admin,
      body: { value: 'a-brand-new-secret-key-value' },
    });
    expect(res.status).toBe(200);
    const body = await audit(server(), admin, { entity: 'constant', entityId: 'blobEncryptionKey' });
    const text = JSON.stringify(body);
    expect(text).not.toContain(key!.value);
    expect(text).not.toContain('a-brand-new-secret-key-value');
  });

  it('records changed role privileges', async () => {
    const roles = await server().request('GET', '/api/admin/roles', { token: admin });
    const role = (
      roles.body.rows as Array<{ roleId: number; privileges: Record<string, string>; version: number }>
    ).find((r) => r.roleId === 13)!;
    const privileges = { ...role.privileges, reports: '{"export":1}' };
    const res = await server().request('PUT', '/api/admin/roles/13/privileges', {
      token: admin,
      body: { privileges, version: role.version },
    });
    expect(res.status).toBe(200);
    const body = await audit(server(), admin, { entity: 'role', entityId: 13 });
    expect(body.auditList).toHaveLength(1);
    expect(body.auditList[0]!.action).toBe('UPDATE');
    expect(body.auditList[0]!.diff).toEqual({ privileges: { before: role.privileges, after: privileges } });
  });

  it('records a created referral source', async () => {
    const res = await server().request('POST', '/api/admin/referralSources', {
      token: admin,
      body: { name: 'Audit Valley Care', zipcode: '78704' },
    });
    expect(res.status).toBe(201);
    const body = await audit(server(), admin, { entity: 'referralSource', entityId: res.body.id });
    expect(body.auditList).toHaveLength(1);
    expect(body.auditList[0]).toMatchObject({
      action: 'CREATE',
      diff: { name: { before: null, after: 'Audit Valley Care' }, zipcode: { before: null, after: '78704' } },
    });
  });

  it('filters by action and by acting user', async () => {
    const creates = await audit(server(), admin, { action: 'CREATE', pageSize: 1000 });
    expect(creates.auditList.length).toBeGreaterThanOrEqual(2);
    expect(creates.auditList.every((e) => e.action === 'CREATE')).toBe(true);
    const director = await server().login('director@carelane.local');
    const [d] = await server().sql<{ id: number }>(
      "select id from users where email_id = 'director@carelane.local'",
    );
    const byDirector = await audit(server(), admin, { userId: d!.id, pageSize: 1000 });
    expect(byDirector.auditList.length).toBeGreaterThan(0);
    expect(byDirector.auditList.every((e) => e.userId === d!.id)).toBe(true);
    expect(byDirector.auditList.map((e) => e.action)).toContain('LOGIN');
    const byAdmin = await audit(server(), director, { userId: adminId, entity: 'user', entityId: userId });
    expect(byAdmin.auditCount).toBe(3);
  });

  it('filters by startDate and endDate', async () => {
    const all = await audit(server(), admin, { entity: 'user', entityId: userId });
    const creation = all.auditList.find((e) => e.action === 'CREATE')!;
    const edit = all.auditList.find((e) => e.diff?.lastName)!;
    const upToCreation = await audit(server(), admin, {
      entity: 'user',
      entityId: userId,
      endDate: creation.at,
    });
    expect(upToCreation.auditList.map((e) => e.id)).toEqual([creation.id]);
    const fromEdit = await audit(server(), admin, { entity: 'user', entityId: userId, startDate: edit.at });
    expect(fromEdit.auditList.map((e) => e.id)).not.toContain(creation.id);
    expect(fromEdit.auditList.map((e) => e.id)).toContain(edit.id);
    const future = await audit(server(), admin, {
      startDate: new Date(Date.now() + DAY_MS).toISOString(),
      endDate: new Date(Date.now() + 2 * DAY_MS).toISOString(),
    });
    expect(future.auditList).toEqual([]);
    const bad = await server().request('GET', '/api/admin/audit?startDate=yesterday', { token: admin });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].field).toBe('startDate');
  });

  it('shows the last 30 days by default; an older entry only with startDate', async () => {
    const [inserted] = await server().sql<{ id: string | number }>(
      `insert into audit_log (at, user_id, user_email, entity, entity_id, action, diff)
       values (now() - interval '40 days', $1, 'admin@carelane.local', 'user', $2, 'UPDATE', '{"firstName":{"before":"Ancient","after":"Audie"}}')
       returning id`,
      [adminId, String(userId)],
    );
    const old = { id: Number(inserted!.id) };
    const byDefault = await audit(server(), admin, { entity: 'user', entityId: userId });
    expect(byDefault.auditList.map((e) => e.id)).not.toContain(old.id);
    expect(byDefault.auditCount).toBe(3);
    const widened = await audit(server(), admin, {
      entity: 'user',
      entityId: userId,
      startDate: new Date(Date.now() - 50 * DAY_MS).toISOString(),
    });
    expect(widened.auditList.map((e) => e.id)).toContain(old.id);
    expect(widened.auditCount).toBe(4);
    // An end date alone reaches back 30 days from that end date.
    const ending = await audit(server(), admin, {
      entity: 'user',
      entityId: userId,
      endDate: new Date(Date.now() - 35 * DAY_MS).toISOString(),
    });
    expect(ending.auditList.map((e) => e.id)).toEqual([old.id]);
  });

  it('pages 100 entries by default and counts the whole range', async () => {
    // Enough entries to fill more than one page.
    await server().sql(
      `insert into audit_log (user_id, user_email, entity, action)
       select $1, 'admin@carelane.local', 'bulk', 'READ' from generate_series(1, 105)`,
      [adminId],
    );
    const body = await audit(server(), admin, {});
    const [{ n } = { n: 0 }] = await server().sql<{ n: number }>(
      "select count(*)::int as n from audit_log where at >= now() - interval '30 days'",
    );
    expect(body.auditList).toHaveLength(100);
    expect(body.paging).toEqual({
      pageNumber: 1,
      pageSize: 100,
      pageCount: Math.ceil(n / 100),
      totalCount: n,
    });
    expect(body.auditCount).toBe(n);
    const bulk = await audit(server(), admin, { entity: 'bulk', pageSize: 50, pageNumber: 3 });
    expect(bulk.auditList).toHaveLength(5);
    expect(bulk.paging).toEqual({ pageNumber: 3, pageSize: 50, pageCount: 3, totalCount: 105 });
  });

  it('counts a total up to 10,000 and then says there are more', async () => {
    await server().sql(
      `insert into audit_log (user_id, user_email, entity, action)
       select $1, 'admin@carelane.local', 'manyreads', 'READ' from generate_series(1, 10050)`,
      [adminId],
    );
    const body = await audit(server(), admin, { entity: 'manyreads', pageNumber: 2 });
    expect(body.auditList).toHaveLength(100);
    expect(body.auditCount).toBe(10_000);
    expect(body.paging).toEqual({
      pageNumber: 2,
      pageSize: 100,
      pageCount: 100,
      totalCount: 10_000,
      totalCountIsCapped: true,
    });
  });

  describe.each([
    { roleId: 1, email: 'admin@carelane.local', status: 200 },
    { roleId: 7, email: 'director@carelane.local', status: 200 },
    { roleId: 14, email: 'executive@carelane.local', status: 200 },
    { roleId: 2, email: 'backoffice@carelane.local', status: 403 },
    { roleId: 4, email: 'clinician@carelane.local', status: 403 },
    { roleId: 5, email: 'coordinator@carelane.local', status: 403 },
    { roleId: 6, email: 'customercare@carelane.local', status: 403 },
    { roleId: 8, email: 'orgadmin@carelane.local', status: 403 },
    { roleId: 9, email: 'orguser@carelane.local', status: 403 },
    { roleId: 12, email: 'orgmanager@carelane.local', status: 403 },
    { roleId: 13, email: 'clinicianmanager@carelane.local', status: 403 },
  ])('role $roleId', ({ email, status }) => {
    it(`reads the audit log: ${status}`, async () => {
      const token = await server().login(email);
      const res = await server().request('GET', '/api/admin/audit', { token });
      expect(res.status).toBe(status);
      if (status === 403)
        expect(res.body).toEqual({
          statusCode: 403,
          code: 'FORBIDDEN',
          error: "Sorry, you don't have access to this.",
        });
      else expect(res.body.auditList.length).toBeGreaterThan(0);
    });
  });

  it('refuses without a session', async () => {
    const res = await server().request('GET', '/api/admin/audit');
    expect(res.status).toBe(401);
  });

  describe('nothing can stop or erase it (decision 033)', () => {
    /** The SQLSTATE and message a statement is refused with, or 'carried out'. */
    async function refusal(run: () => Promise<unknown>): Promise<string> {
      try {
        await run();
        return 'carried out';
      } catch (error) {
        const cause = (error as { cause?: { code?: string; message?: string } }).cause ?? {};
        return `${cause.code}: ${cause.message}`;
      }
    }
    let month = '';
    let entryId = 0;
    /** What erasing would change: the entries, the partitions attached, the guards enabled. */
    const state = async () =>
      server().ownerSql(
        `select (select count(*)::int from audit_log) as entries,
                (select string_agg(inhrelid::regclass::text, ',' order by 1) from pg_inherits
                 where inhparent = 'audit_log'::regclass) as partitions,
                (select count(*)::int from pg_trigger where tgname like 'audit_log_%' and tgenabled = 'O') as guards`,
      );

    beforeAll(async () => {
      const [row] = await server().sql<{ month: string; entryId: number }>(
        `insert into audit_log (entity, action) values ('guarded', 'READ')
         returning 'audit_log_' || to_char(at at time zone 'UTC', 'YYYY_MM') as month, id::int as "entryId"`,
      );
      ({ month, entryId } = row!);
    });

    it('on PostgreSQL the app runs as carelane_app: not a superuser, owning no audit table', async () => {
      const [role] = await server().sql<{ user: string; superuser: boolean; owns: number }>(
        `select current_user as user, rolsuper as superuser,
                (select count(*)::int from pg_class where relname like 'audit_log%' and relowner = r.oid) as owns
         from pg_roles r where rolname = current_user`,
      );
      if (server().kind === 'postgres')
        expect(role).toEqual({ user: 'carelane_app', superuser: false, owns: 0 });
      else expect(role).toMatchObject({ user: 'postgres', superuser: true }); // PGlite has one role
    });

    const ERASING = [
      'truncate {month}',
      'truncate audit_log_default',
      'truncate audit_log',
      'alter table audit_log detach partition {month}',
      'alter table audit_log detach partition audit_log_default',
      'drop table {month}',
      'drop table audit_log_default',
      'alter table {month} rename to audit_kept_elsewhere',
      'alter table audit_log disable trigger audit_log_immutable',
      'alter table {month} disable trigger audit_log_no_truncate',
      'drop trigger audit_log_no_truncate on {month}',
      "update audit_log set entity = 'changed' where id = {id}",
      'delete from audit_log where id = {id}',
    ];
    const statement = (text: string) => text.replace('{month}', month).replace('{id}', String(entryId));

    it.each(ERASING)('the app’s connection is refused: %s', async (text) => {
      const before = await state();
      expect(await refusal(() => server().sql(statement(text)))).toMatch(/^42501: /);
      expect(await state()).toEqual(before);
    });

    it.each(ERASING)('the owner is refused too (the guards, not only privileges): %s', async (text) => {
      const before = await state();
      expect(await refusal(() => server().ownerSql(statement(text)))).toMatch(
        /^42501: (audit entries cannot be changed or deleted|the audit log cannot be dropped, detached or unguarded)/,
      );
      expect(await state()).toEqual(before);
    });

    it('a new month’s partition is guarded as the others are', async () => {
      await server().sql(`select carelane_audit_partition('2099-03-10')`);
      await server().sql(
        `insert into audit_log (at, entity, action) values ('2099-03-10', 'future', 'READ')`,
      );
      for (const text of [
        'truncate audit_log_2099_03',
        'alter table audit_log detach partition audit_log_2099_03',
      ])
        expect(await refusal(() => server().ownerSql(text))).toMatch(/^42501: /);
      expect(await refusal(() => server().sql('truncate audit_log_2099_03'))).toMatch(/^42501: /);
      const [row] = await server().sql(`select count(*)::int as n from audit_log where entity = 'future'`);
      expect(row).toEqual({ n: 1 });
    });

    it('retention drops nothing inside six years, whatever date the caller gives', async () => {
      const before = await state();
      const [dropped] = await server().sql(`select carelane_drop_audit_partitions('2200-01-01') as n`);
      expect(dropped).toEqual({ n: 0 });
      expect(await state()).toEqual(before);
    });
  });
});

// PGlite has one role, a superuser: there the guards tested above are what stand.
(process.env.DATABASE_URL ? describe : describe.skip)(
  'the server refuses an app role that could erase the log',
  () => {
    const role = `carelane_test_owner_${process.pid}`;
    let owner: TestServer | undefined;
    const other = () => owner!;
    beforeAll(async () => {
      owner = await startTestServer('postgres');
    });
    afterAll(async () => {
      await other().ownerSql('alter table audit_log_default owner to current_user');
      await other().ownerSql(`drop owned by ${role}`);
      await other().ownerSql(`drop role if exists ${role}`);
      await owner?.close();
    });

    it.each([
      ['a superuser', 'postgres', "The app's PostgreSQL role postgres is a superuser"],
      ['a role owning an audit table', role, `The app's PostgreSQL role ${role} owns the audit log`],
    ])('%s', async (_what, user, message) => {
      if (user === role) {
        await other().ownerSql(`create role ${role} login nosuperuser`);
        await other().ownerSql(`alter table audit_log_default owner to ${role}`);
      }
      await expect(
        startTestServer('postgres', {
          databaseUrl: other().services.config.databaseUrl,
          seedDemoData: false,
          databaseAppRole: { user },
        }),
      ).rejects.toThrow(message);
    });
  },
);
