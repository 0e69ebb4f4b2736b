import { describeEachDatabase } from '../../../test/harness';
import { freshPoint, makeEpisode, makeVisit, organizationId, visitRow } from '../matching/test-fixtures';
import { runVisitStatusJob, vacuumOnPglite } from './status-job';

describeEachDatabase('visits list, bulk actions and the status job', (server) => {
  let admin = '';
  let coordinator = '';
  let orgUser = '';
  let lakesideUser = '';
  let clinician = '';
  let sunrise = 0;
  let episode = { episodeId: 0, patientId: 0 };
  const ids = { a: 0, b: 0, draft: 0, approvalDue: 0, staffed: 0 };
  const point = freshPoint();

  const version = async (id: number) => (await visitRow(server(), id)).version;
  const ref = async (id: number) => ({ id, version: await version(id) });

  beforeAll(async () => {
    const s = server();
    [admin, coordinator, orgUser, lakesideUser, clinician] = await Promise.all([
      s.login('admin@carelane.local'),
      s.login('coordinator@carelane.local'),
      s.login('orguser@carelane.local'),
      s.login('lakeside.user@carelane.local'),
      s.login('clinician@carelane.local'),
    ]);
    sunrise = await organizationId(s);
    episode = await makeEpisode(s, sunrise);
    const base = { rsId: sunrise, ...episode, point };
    ids.a = await makeVisit(s, { ...base, date: '2031-02-03' });
    ids.b = await makeVisit(s, { ...base, date: '2031-02-01', visitTypeId: 309 });
    ids.draft = await makeVisit(s, { ...base, date: '2031-02-02', status: 'Draft' });
    ids.approvalDue = await makeVisit(s, { ...base, date: '2031-02-04', status: 'ApprovalDue' });
    ids.staffed = await makeVisit(s, { ...base, date: '2031-02-05', status: 'Staffed' });
  });

  it('lists Published (Active) visits by default, by date of service, 10 a page, with names', async () => {
    const res = await server().request('GET', `/api/operation/visits?episodeId=${episode.episodeId}`, {
      token: admin,
    });
    expect(res.status).toBe(200);
    expect(res.body.rows.map((r: { id: number }) => r.id)).toEqual([ids.b, ids.a]);
    expect(res.body.paging).toEqual({ pageNumber: 1, pageSize: 10, pageCount: 1, totalCount: 2 });
    expect(res.body.rows[0]).toMatchObject({
      status: 'Active',
      visitType: 'PRN',
      providerType: 'RN',
      patientName: 'Zzmatch, Pat',
      organizationName: 'Sunrise Home Health',
      episodeTitle: 'Zz match episode',
      dateOfService: '2031-02-01',
    });
  });

  it('filters by status, date range, visit type and sorts newest first', async () => {
    const q = `episodeId=${episode.episodeId}`;
    const all = await server().request('GET', `/api/operation/visits?${q}&status=ALL&sort=-dateOfService`, {
      token: admin,
    });
    expect(all.body.rows.map((r: { id: number }) => r.id)).toEqual([
      ids.staffed,
      ids.approvalDue,
      ids.a,
      ids.draft,
      ids.b,
    ]);
    const ranged = await server().request(
      'GET',
      `/api/operation/visits?${q}&status=ALL&from=2031-02-02&to=2031-02-04&visitTypeId=304`,
      { token: admin },
    );
    expect(ranged.body.rows.map((r: { id: number }) => r.id)).toEqual([ids.draft, ids.a, ids.approvalDue]);
    const drafts = await server().request('GET', `/api/operation/visits?${q}&status=Draft`, {
      token: coordinator,
    });
    expect(drafts.body.rows.map((r: { id: number }) => r.id)).toEqual([ids.draft]);
    const paged = await server().request(
      'GET',
      `/api/operation/visits?${q}&status=ALL&pageSize=2&pageNumber=2`,
      {
        token: admin,
      },
    );
    expect(paged.body.rows.map((r: { id: number }) => r.id)).toEqual([ids.a, ids.approvalDue]);
    expect(paged.body.paging).toMatchObject({ pageCount: 3, totalCount: 5 });
  });

  it('refuses bad filters with a 400 naming the field', async () => {
    for (const [query, field] of [
      ['status=Nope', 'status'],
      ['from=2031-13', 'from'],
      ['pageSize=0', 'pageSize'],
      ['sort=name', 'sort'],
    ]) {
      const res = await server().request('GET', `/api/operation/visits?${query}`, { token: admin });
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body.errors)).toContain(field);
    }
    const backwards = await server().request('GET', '/api/operation/visits?from=2031-02-05&to=2031-02-01', {
      token: admin,
    });
    expect(backwards.status).toBe(400);
    expect(backwards.body.errors[0].field).toBe('to');
  });

  it('organization users see their own organization only and never the clinician pay; clinicians none', async () => {
    const own = await server().request('GET', `/api/operation/visits?episodeId=${episode.episodeId}`, {
      token: orgUser,
    });
    expect(own.status).toBe(200);
    expect(own.body.rows).toHaveLength(2);
    expect(own.body.rows.every((r: { providerAmount: unknown }) => r.providerAmount === null)).toBe(true);
    const other = await server().request('GET', `/api/operation/visits?episodeId=${episode.episodeId}`, {
      token: lakesideUser,
    });
    expect(other.body.rows).toEqual([]);
    const refused = await server().request('GET', '/api/operation/visits', { token: clinician });
    expect(refused.status).toBe(403);
  });

  it('every role holding unstaffedVisits reads the list and the match list; bad bulk bodies are refused', async () => {
    for (const email of [
      'backoffice@carelane.local',
      'customercare@carelane.local',
      'director@carelane.local',
      'clinicianmanager@carelane.local',
      'executive@carelane.local',
    ]) {
      const token = await server().login(email);
      expect((await server().request('GET', '/api/operation/visits', { token })).status).toBe(200);
      expect((await server().request('GET', '/api/operation/fitScore/visits', { token })).status).toBe(200);
    }
    const matchList = await server().request('GET', '/api/operation/fitScore/visits', { token: clinician });
    expect(matchList.status).toBe(403);
    for (const body of [
      {},
      { visits: [{ id: ids.a }] },
      { visits: [{ id: ids.a, version: -1 }] },
      { visits: [{ id: 'x', version: 0 }] },
    ]) {
      const res = await server().request('POST', '/api/admin/deleteVisit', { token: admin, body });
      expect(res.status).toBe(400);
      expect(res.body.errors?.length).toBeGreaterThan(0);
    }
    const orgPause = await server().request('POST', '/api/admin/pauseVisits', {
      token: orgUser,
      body: { visits: [await ref(ids.a)], paused: true },
    });
    expect(orgPause.status).toBe(403);
    const clinicianDelete = await server().request('POST', '/api/admin/deleteVisit', {
      token: clinician,
      body: { visits: [await ref(ids.a)] },
    });
    expect(clinicianDelete.status).toBe(403);
  });

  it('approves Approval Due visits; none approvable and mixed selections are refused by the state machine', async () => {
    const none = await server().request('POST', '/api/admin/approveVisits', {
      token: admin,
      body: { visits: [await ref(ids.a)] },
    });
    expect(none.status).toBe(400);
    expect(none.body.error).toBe('There is no visits for approval. ');
    const mixed = await server().request('POST', '/api/admin/approveVisits', {
      token: admin,
      body: { visits: [await ref(ids.a), await ref(ids.approvalDue)] },
    });
    expect(mixed.status).toBe(400);
    expect(mixed.body.error).toBe('A visit cannot move from Active to FinalReview.');
    expect((await visitRow(server(), ids.approvalDue)).status).toBe('ApprovalDue');
    const stale = await server().request('POST', '/api/admin/approveVisits', {
      token: admin,
      body: { visits: [{ id: ids.approvalDue, version: 99 }] },
    });
    expect(stale.status).toBe(409);
    // Approving is staff work: organization users are refused, their own organization's visits included
    // (org-user-refusals.int.test.ts), and another organization's user learns nothing more.
    for (const token of [lakesideUser, orgUser]) {
      const refused = await server().request('POST', '/api/admin/approveVisits', {
        token,
        body: { visits: [await ref(ids.approvalDue)] },
      });
      expect(refused.status).toBe(403);
    }
    const ok = await server().request('POST', '/api/admin/approveVisits', {
      token: coordinator,
      body: { visits: [await ref(ids.approvalDue)] },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.count).toBe(1);
    expect((await visitRow(server(), ids.approvalDue)).status).toBe('FinalReview');
    const [audit] = await server().sql(
      `select user_email, diff from audit_log where entity = 'visit' and entity_id = $1 order by id desc limit 1`,
      [String(ids.approvalDue)],
    );
    expect(audit.user_email).toBe('coordinator@carelane.local');
    expect(audit.diff.status).toEqual({ before: 'ApprovalDue', after: 'FinalReview' });
  });

  it('expires with a reason of expireVisitReasonTypes; a staffed visit cannot expire', async () => {
    const base = { rsId: sunrise, ...episode, point, date: '2031-03-01' };
    const v = await makeVisit(server(), base);
    const badReason = await server().request('POST', '/api/admin/expireVisit', {
      token: coordinator,
      body: { visits: [await ref(v)], reason: 'Because' },
    });
    expect(badReason.status).toBe(400);
    expect(badReason.body.errors[0].field).toBe('reason');
    const staffed = await server().request('POST', '/api/admin/expireVisit', {
      token: coordinator,
      body: { visits: [await ref(ids.staffed)], reason: 'No clinician available' },
    });
    expect(staffed.status).toBe(400);
    expect(staffed.body.error).toBe('A visit cannot move from Staffed to Expired.');
    const ok = await server().request('POST', '/api/admin/expireVisit', {
      token: coordinator,
      body: { visits: [await ref(v)], reason: 'No clinician available' },
    });
    expect(ok.status).toBe(200);
    expect(await visitRow(server(), v)).toMatchObject({
      status: 'Expired',
      expire_reason: 'No clinician available',
    });
    const orgRefused = await server().request('POST', '/api/admin/expireVisit', {
      token: orgUser,
      body: { visits: [await ref(v)], reason: 'No clinician available' },
    });
    expect(orgRefused.status).toBe(403);
  });

  it('deletes in one transaction: one refused visit keeps every other one', async () => {
    const v = await makeVisit(server(), { rsId: sunrise, ...episode, point, date: '2031-03-02' });
    const done = await makeVisit(server(), {
      rsId: sunrise,
      ...episode,
      point,
      date: '2031-03-02',
      status: 'FinalConfirmed',
    });
    const refused = await server().request('POST', '/api/admin/deleteVisit', {
      token: admin,
      body: { visits: [await ref(v), await ref(done)] },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('A visit cannot move from FinalConfirmed to Deleted.');
    expect((await visitRow(server(), v)).status).toBe('Active');
    const ok = await server().request('POST', '/api/admin/deleteVisit', {
      token: admin,
      body: { visits: [await ref(v)] },
    });
    expect(ok.status).toBe(200);
    expect((await visitRow(server(), v)).status).toBe('Deleted');
    const empty = await server().request('POST', '/api/admin/deleteVisit', {
      token: admin,
      body: { visits: [] },
    });
    expect(empty.status).toBe(400);
    const missing = await server().request('POST', '/api/admin/deleteVisit', {
      token: admin,
      body: { visits: [{ id: 2_000_000_000, version: 0 }] },
    });
    expect(missing.status).toBe(404);
  });

  it('pauses and resumes; only Draft, Published or Expired visits pause', async () => {
    const v = await makeVisit(server(), { rsId: sunrise, ...episode, point, date: '2031-03-03' });
    const paused = await server().request('POST', '/api/admin/pauseVisits', {
      token: coordinator,
      body: { visits: [await ref(v)], paused: true },
    });
    expect(paused.status).toBe(200);
    expect((await visitRow(server(), v)).paused).toBe(true);
    const staffed = await server().request('POST', '/api/admin/pauseVisits', {
      token: coordinator,
      body: { visits: [await ref(ids.staffed)], paused: true },
    });
    expect(staffed.status).toBe(400);
    const resumed = await server().request('POST', '/api/admin/pauseVisits', {
      token: coordinator,
      body: { visits: [await ref(v)], paused: false },
    });
    expect(resumed.status).toBe(200);
    expect((await visitRow(server(), v)).paused).toBe(false);
    const noFlag = await server().request('POST', '/api/admin/pauseVisits', {
      token: coordinator,
      body: { visits: [await ref(v)] },
    });
    expect(noFlag.status).toBe(400);
  });

  it('the job expires past Published visits and flags past Staffed ones as overdue, as the system, in batches', async () => {
    const base = { rsId: sunrise, ...episode, point };
    const pastActive = await makeVisit(server(), {
      ...base,
      date: '2020-01-06',
      start: '09:00',
      end: '10:00',
    });
    const pastStaffed = await makeVisit(server(), { ...base, date: '2020-01-06', status: 'Staffed' });
    const later = await makeVisit(server(), { ...base, date: '2020-01-06', start: '22:00', end: '23:00' });
    const futureDay = await makeVisit(server(), { ...base, date: '2020-01-07' });
    const now = new Date('2020-01-06T12:00:00');
    const first = await runVisitStatusJob(server().services.db, now, 2);
    expect(first.expired).toBeGreaterThanOrEqual(1);
    expect(first.overdue).toBeGreaterThanOrEqual(1);
    expect((await visitRow(server(), pastActive)).status).toBe('Expired');
    expect((await visitRow(server(), pastStaffed)).status).toBe('VisitOverdue');
    expect((await visitRow(server(), later)).status).toBe('Active');
    expect((await visitRow(server(), futureDay)).status).toBe('Active');
    const [audit] = await server().sql(
      `select user_id, user_email, diff from audit_log where entity = 'visit' and entity_id = $1 order by id desc limit 1`,
      [String(pastActive)],
    );
    expect(audit).toMatchObject({ user_id: null, user_email: 'system (scheduled job)' });
    expect(audit.diff.status).toEqual({ before: 'Active', after: 'Expired' });
    await runVisitStatusJob(server().services.db, new Date('2020-01-07T08:00:00'));
    expect((await visitRow(server(), later)).status).toBe('Expired');
    expect((await visitRow(server(), futureDay)).status).toBe('Active');
    expect((await visitRow(server(), pastActive)).status).toBe('Expired');
  });

  it('two job runs at once move each visit once', async () => {
    const base = { rsId: sunrise, ...episode, point };
    const visitIds = await Promise.all(
      Array.from({ length: 6 }, () => makeVisit(server(), { ...base, date: '2019-05-06' })),
    );
    const now = new Date('2019-05-08T00:00:00');
    await Promise.all([
      runVisitStatusJob(server().services.db, now, 2),
      runVisitStatusJob(server().services.db, now, 2),
    ]);
    const audits = await server().sql<{ n: number }>(
      `select count(*)::int as n from audit_log where entity = 'visit' and entity_id in (${visitIds.map((id) => `'${id}'`).join(', ')})`,
    );
    expect(audits[0]!.n).toBe(6);
    for (const id of visitIds) expect((await visitRow(server(), id)).status).toBe('Expired');
  });

  it("the total follows the caller's own write and the status job's moves at once", async () => {
    const s = server();
    const own = await makeEpisode(s, sunrise);
    const base = { rsId: sunrise, ...own, point };
    const future = await makeVisit(s, { ...base, date: '2031-04-01' });
    await makeVisit(s, { ...base, date: '2018-04-02', start: '09:00', end: '10:00' });
    const total = async () =>
      (await s.request('GET', `/api/operation/visits?episodeId=${own.episodeId}`, { token: coordinator }))
        .body.paging.totalCount;
    expect(await total()).toBe(2);
    const deleted = await s.request('POST', '/api/admin/deleteVisit', {
      token: admin,
      body: { visits: [await ref(future)] },
    });
    expect(deleted.status).toBe(200);
    expect(await total()).toBe(1);
    await runVisitStatusJob(s.services.db, new Date('2018-04-03T00:00:00'));
    expect(await total()).toBe(0);
  });

  it('lists the visits of one day in time order (then by id), both ways', async () => {
    const s = server();
    const own = await makeEpisode(s, sunrise);
    const base = { rsId: sunrise, ...own, point, date: '2031-05-06' };
    // Made latest first, so id order is not time order.
    const late = await makeVisit(s, { ...base, start: '21:00', end: '22:00' });
    const lateToo = await makeVisit(s, { ...base, start: '21:00', end: '22:30' });
    const afternoon = await makeVisit(s, { ...base, start: '15:00', end: '16:00' });
    const morning = await makeVisit(s, { ...base, start: '10:00', end: '11:00' });
    const dayBefore = await makeVisit(s, { ...base, date: '2031-05-05', start: '23:00', end: '23:30' });
    const list = async (sort: string) =>
      (
        await s.request('GET', `/api/operation/visits?episodeId=${own.episodeId}&sort=${sort}`, {
          token: coordinator,
        })
      ).body.rows.map((r: { id: number }) => r.id);
    expect(await list('dateOfService')).toEqual([dayBefore, morning, afternoon, late, lateToo]);
    expect(await list('-dateOfService')).toEqual([lateToo, late, afternoon, morning, dayBefore]);
    // The service request's visit calendar and the match list read the same order.
    const ids = (rows: { id: number }[]) => rows.map((r) => r.id);
    const calendar = await s.request('GET', `/api/admin/episodes/${own.episodeId}/visits`, {
      token: coordinator,
    });
    expect(ids(calendar.body.rows)).toEqual([dayBefore, morning, afternoon, late, lateToo]);
    const toMatch = await s.request('GET', '/api/operation/fitScore/visits?from=2031-05-05&to=2031-05-06', {
      token: coordinator,
    });
    expect(ids(toMatch.body.visitList)).toEqual([dayBefore, morning, afternoon, late, lateToo]);
  });

  it('vacuums visits and episodes on PGlite (PostgreSQL has its autovacuum)', async () => {
    const vacuumed = await vacuumOnPglite(server().services.db);
    expect(vacuumed).toBe(server().kind === 'pglite');
    if (!vacuumed) return;
    const tables = await server().sql<{ relname: string; last_vacuum: Date | null }>(
      `select relname, last_vacuum from pg_stat_user_tables where relname in ('visits', 'episodes') order by relname`,
    );
    expect(tables.map((t) => [t.relname, t.last_vacuum !== null])).toEqual([
      ['episodes', true],
      ['visits', true],
    ]);
  });
});
