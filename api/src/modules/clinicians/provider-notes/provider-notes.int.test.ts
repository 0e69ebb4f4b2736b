/* eslint-disable @typescript-eslint/no-explicit-any -- test answers are read loosely; each test asserts their shape */
// Notes about a clinician through the API: staff read them newest first, 10 a page, with author and time, and add
// one (trimmed, 1-2000 characters, a 400 naming text), audited in the same transaction; clinicians (even about
// themselves) and organization users are refused.
import { DEMO_USERS, describeEachDatabase } from '../../../test/harness';
import { providerIdOf } from '../../../test/identity-helpers';

describeEachDatabase('clinician notes', (server) => {
  let manager = '';
  let coordinator = '';
  let clinician = '';
  let orgUser = '';
  let providerId = 0;
  let ownId = 0;

  beforeAll(async () => {
    const s = server();
    [manager, coordinator, clinician, orgUser] = await s.loginAs(
      'clinicianManager',
      'coordinator',
      'clinician',
      'orgUser',
    );
    ownId = await providerIdOf(s, DEMO_USERS.clinician);
    const [other] = await s.sql<{ id: number }>(
      `select id from providers where id <> $1 order by id limit 1`,
      [ownId],
    );
    providerId = other!.id;
  });

  const path = (id = providerId) => `/api/admin/providers/${id}/notes`;
  const list = (token: string, query = '', id = providerId) =>
    server().request('GET', `${path(id)}${query}`, { token });
  const add = (token: string, body: unknown, id = providerId) =>
    server().request('POST', path(id), { token, body });
  const counts = async () =>
    (
      await server().sql<{ notes: number; audits: number }>(
        `select (select count(*)::int from provider_notes where provider_id = $1) as notes,
                (select count(*)::int from audit_log where entity = 'providerNote' and entity_id = $2) as audits`,
        [providerId, String(providerId)],
      )
    )[0]!;

  it('starts with no notes, on page 1 of 0', async () => {
    const res = await list(manager);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      rows: [],
      paging: { pageNumber: 1, pageSize: 10, pageCount: 0, totalCount: 0 },
    });
  });

  it('adds a trimmed note with its author and time, audited with it', async () => {
    const before = await counts();
    const res = await add(manager, { text: '  Prefers morning visits.  ' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      id: expect.any(Number),
      providerId,
      text: 'Prefers morning visits.',
      authorUserId: expect.any(Number),
      authorName: expect.stringMatching(/\S+ \S+/),
    });
    expect(Date.now() - Date.parse(res.body.createdAt)).toBeLessThan(60_000);
    expect(await counts()).toEqual({ notes: before.notes + 1, audits: before.audits + 1 });
    const [entry] = await server().sql<{ action: string; user_email: string; diff: any }>(
      `select action, user_email, diff from audit_log where entity = 'providerNote' and entity_id = $1
        order by id desc limit 1`,
      [String(providerId)],
    );
    expect(entry).toMatchObject({ action: 'CREATE', user_email: 'clinicianmanager@carelane.local' });
    expect(entry!.diff.text.after).toBe('Prefers morning visits.');
  });

  it('refuses a blank, missing or too long text naming the field text, and writes nothing', async () => {
    const before = await counts();
    for (const body of [{ text: '   ' }, {}, { text: 'x'.repeat(2001) }, { text: 42 }]) {
      const res = await add(manager, body);
      expect([res.status, res.body.errors?.[0]?.field]).toEqual([400, 'text']);
      expect(res.body.error).toContain('text');
    }
    expect((await add(manager, { text: ' ' + 'y'.repeat(2000) + ' ' })).status).toBe(201);
    expect(await counts()).toEqual({ notes: before.notes + 1, audits: before.audits + 1 });
  });

  it('lists the notes newest first, 10 a page, for any staff who may open the clinician', async () => {
    for (let i = 1; i <= 10; i += 1) {
      const res = await add(i % 2 ? coordinator : manager, { text: `Note ${i}` });
      expect(res.status).toBe(201);
    }
    const first = await list(coordinator);
    expect(first.status).toBe(200);
    expect(first.body.paging).toEqual({ pageNumber: 1, pageSize: 10, pageCount: 2, totalCount: 12 });
    expect(first.body.rows).toHaveLength(10);
    expect(first.body.rows.map((r: { text: string }) => r.text).slice(0, 3)).toEqual([
      'Note 10',
      'Note 9',
      'Note 8',
    ]);
    const at = first.body.rows.map((r: { createdAt: string }) => r.createdAt);
    expect([...at].sort().reverse()).toEqual(at);
    expect(new Set(first.body.rows.map((r: { authorName: string }) => r.authorName)).size).toBe(2);
    const second = await list(manager, '?pageNumber=2');
    expect(second.body.rows.map((r: { text: string }) => r.text)).toEqual([
      'y'.repeat(2000),
      'Prefers morning visits.',
    ]);
    expect(second.body.paging).toMatchObject({ pageNumber: 2, pageCount: 2, totalCount: 12 });
    // Another clinician's notes are their own.
    const [other] = await server().sql<{ id: number }>(
      `select id from providers where id not in ($1, $2) order by id limit 1`,
      [providerId, ownId],
    );
    expect((await list(manager, '', other!.id)).body.paging.totalCount).toBe(0);
  });

  it('refuses clinicians (even about themselves) and organization users; 404 for an unknown clinician', async () => {
    const before = await counts();
    for (const token of [clinician, orgUser]) {
      expect((await list(token)).status).toBe(403);
      expect((await list(token, '', ownId)).status).toBe(403);
      expect((await add(token, { text: 'Hello' })).status).toBe(403);
      expect((await add(token, { text: 'Hello' }, ownId)).status).toBe(403);
    }
    expect(await counts()).toEqual(before);
    expect((await list(manager, '', 99_999_999)).status).toBe(404);
    expect((await add(manager, { text: 'Hello' }, 99_999_999)).status).toBe(404);
    expect((await server().request('GET', path())).status).toBe(401);
  });
});
