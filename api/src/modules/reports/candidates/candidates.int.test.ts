// /candidateReport and /candidatePageView through the API on both databases (issue 26, decision 058): decision
// 058's worked example — eight invitations of two provider types in Wyoming (the demo's clinicians are in Texas),
// six this period and two in the prior one — gives each stage, the expired, the median hours to register and the
// provider types' rows; five page views of a past week give views and visitors per day and channel and the
// registration rate; behind every figure lie exactly the records it counts; the beacon keeps a view without a
// cookie or anything that names the visitor; bad input names its field and writes nothing; organization users and
// clinicians are refused.
import type {
  CandidatePageView,
  CandidatePageViewRecords,
  CandidateRecords,
  CandidateReport,
} from '@carelane/shared-domain';
import { describeEachDatabase, type TestServer } from '../../../test/harness';
import { orgDay } from '../../../test/org-days';

const RN = 9581;
const PT = 9582;
type Problem = { errors: { field: string }[] };
const REPORT = '/api/admin/reports/candidateReport';
const VIEWS = '/api/admin/reports/candidatePageView';

/** Noon Central of the day `offset` days from today (18:00 UTC), plus `hours`. */
const at = (offset: number, hours = 0) =>
  new Date(Date.parse(`${orgDay(offset)}T18:00:00Z`) + hours * 3_600_000).toISOString();

describeEachDatabase('candidate reports', (server) => {
  const s = (): TestServer => server();
  let admin = '';
  let orgUser = '';
  let clinician = '';
  const get = <T>(path: string, token = admin) => s().request<T>('GET', path, { token });
  const period = `from=${orgDay(-6)}&to=${orgDay(0)}`;

  beforeAll(async () => {
    admin = await s().login('admin@carelane.local');
    [orgUser, clinician] = await s().loginAs('orgUser', 'clinician');
    await s().ownerSql(`insert into provider_types (id, type) values ($1, 'CAND-RN'), ($2, 'CAND-PT')`, [
      RN,
      PT,
    ]);
    const [me] = await s().sql<{ id: number }>(
      `select id from users where email_id = 'admin@carelane.local'`,
    );
    const invite = async (
      name: string,
      type: number,
      day: number,
      facts: { registeredAfter?: number; step?: string; expiresAfter?: number } = {},
    ) => {
      const [p] = await s().sql<{ id: number }>(
        `insert into providers (given_name, family_name, provider_type_id, onboard_step, state)
         values ($1, 'Candidate', $2, $3, 'WY') returning id`,
        [name, type, facts.step ?? 'Contract'],
      );
      await s().sql(
        `insert into clinician_invitations (provider_id, email, token_hash, invited_by, created_at, expires_at, accepted_at)
         values ($1, $2, $3, $4, $5, $6, $7)`,
        [
          p!.id,
          `${name.toLowerCase()}@candidates.example`,
          `hash-${name}`,
          me!.id,
          at(day),
          at(day, facts.expiresAfter ?? 24 * 30),
          facts.registeredAfter === undefined ? null : at(day, facts.registeredAfter),
        ],
      );
      return p!.id;
    };
    const ann = await invite('Ann', RN, -6, { registeredAfter: 2, step: 'Done' });
    await invite('Ben', RN, -5, { registeredAfter: 10, step: 'Profile' });
    await invite('Cat', RN, -4);
    await invite('Dan', PT, -3, { registeredAfter: 4, step: 'Background' });
    await invite('Eve', PT, -2, { expiresAfter: 1 });
    await invite('Fay', PT, -1, { registeredAfter: 6 });
    await invite('Gus', RN, -10, { expiresAfter: 1 });
    await invite('Hal', RN, -9, { registeredAfter: 30, step: 'Done' });
    // Ann's staffed visit: a first visit.
    const [v] = await s().sql<{ id: number }>(
      `select id from visits where status = 'Staffed' and non_visit = false order by id limit 1`,
    );
    await s().sql(`update visits set provider_id = $1 where id = $2`, [ann, v!.id]);

    // Page views of a past week (2025-03-02..08) and its prior one, and one registration in it.
    const view = (
      day: string,
      visitor: string,
      hour: number,
      referrer: string | null,
      source: string | null,
      inv = false,
    ) =>
      s().sql(
        `insert into candidate_page_views (page, day, visitor_hash, referrer_host, source, with_invitation, created_at)
         values ('/register', $1, $2, $3, $4, $5, $6)`,
        [day, visitor, referrer, source, inv, `${day}T${hour}:00:00Z`],
      );
    await view('2025-03-03', 'a1', 15, null, 'indeed');
    await view('2025-03-03', 'a1', 16, null, 'indeed');
    await view('2025-03-03', 'b1', 17, null, null);
    await view('2025-03-04', 'a2', 15, 'www.google.com', null);
    await view('2025-03-04', 'c2', 16, null, 'email', true);
    await view('2025-02-25', 'z1', 15, null, null);
    const [u] = await s().sql<{ id: number }>(
      `insert into users (email_id, first_name, last_name, role_id, created_at)
       values ('ivy.candidate@candidates.example', 'Ivy', 'Candidate', 4, '2025-03-05T18:00:00Z') returning id`,
    );
    await s().sql(
      `insert into providers (user_id, given_name, family_name, provider_type_id, onboard_step, state)
       values ($1, 'Ivy', 'Candidate', $2, 'Rates', 'WY')`,
      [u!.id, RN],
    );
  });

  const report = (query = '') => get<CandidateReport>(`${REPORT}?${period}&state=WY${query}`);

  it("counts the period's invitations through each stage, the expired, and per provider type worst first", async () => {
    const { status, body } = await report();
    expect(status).toBe(200);
    expect(body.period).toEqual({ from: orgDay(-6), to: orgDay(0) });
    expect(body.stages.map((f) => [f.id, f.count, f.priorCount])).toEqual([
      ['invited', 6, 2],
      ['registered', 4, 1],
      ['rates', 3, 1],
      ['profile', 3, 1],
      ['credentials', 2, 1],
      ['background', 2, 1],
      ['moreCredentials', 1, 1],
      ['onboarded', 1, 1],
      ['firstVisit', 1, 0],
      ['expired', 1, 1],
    ]);
    expect([body.medianHoursToRegister, body.priorMedianHoursToRegister]).toEqual([5, 30]);
    expect(
      body.groups.map((g) => [
        g.providerTypeName,
        g.invited,
        g.registered,
        g.onboarded,
        g.firstVisit,
        g.expired,
        g.onboardedRate,
        g.priorInvited,
      ]),
    ).toEqual([
      ['CAND-PT', 3, 2, 0, 0, 1, 0, 0],
      ['CAND-RN', 3, 2, 1, 1, 0, 1 / 3, 2],
    ]);
    // The provider type filter leaves one row.
    const rn = await get<CandidateReport>(`${REPORT}?${period}&providerTypeId=${RN}`);
    expect(rn.body.groups.map((g) => [g.providerTypeName, g.invited])).toEqual([['CAND-RN', 3]]);
    // An end before the start is one day: Ann's.
    const one = await get<CandidateReport>(`${REPORT}?from=${orgDay(-6)}&to=${orgDay(-9)}&state=WY`);
    expect(one.body.period).toEqual({ from: orgDay(-6), to: orgDay(-6) });
    expect(one.body.stages[0]!.count).toBe(1);
  });

  it('lists behind every figure exactly the candidates it counts', async () => {
    const { body } = await report();
    const records = (query: string) =>
      get<CandidateRecords>(`${REPORT}/records?${period}&state=WY&pageSize=50&${query}`);
    for (const f of body.stages)
      for (const which of ['current', 'prior'] as const) {
        const res = await records(`figure=${f.id}&period=${which}`);
        expect([f.id, which, res.body.paging.totalCount]).toEqual([
          f.id,
          which,
          which === 'current' ? f.count : f.priorCount,
        ]);
        expect(res.body.rows).toHaveLength(which === 'current' ? f.count : f.priorCount);
      }
    for (const g of body.groups)
      for (const figure of ['invited', 'registered', 'onboarded', 'firstVisit', 'expired'] as const) {
        const res = await records(`figure=${figure}&providerTypeId=${g.providerTypeId}`);
        expect([g.providerTypeName, figure, res.body.paging.totalCount]).toEqual([
          g.providerTypeName,
          figure,
          g[figure],
        ]);
      }
    const [me] = await s().sql<{ name: string }>(
      `select first_name || ' ' || last_name as name from users where email_id = 'admin@carelane.local'`,
    );
    const rates = await records('figure=rates');
    expect(rates.body.rows.map((r) => [r.name, r.providerTypeName, r.onboardStep, r.invitedByName])).toEqual([
      ['Ann Candidate', 'CAND-RN', 'Done', me!.name],
      ['Ben Candidate', 'CAND-RN', 'Profile', me!.name],
      ['Dan Candidate', 'CAND-PT', 'Background', me!.name],
    ]);
    expect([rates.body.rows[0]!.invitedAt, rates.body.rows[0]!.registeredAt]).toEqual([at(-6), at(-6, 2)]);
    const paged = await get<CandidateRecords>(
      `${REPORT}/records?${period}&state=WY&figure=invited&pageSize=4&pageNumber=2`,
    );
    expect([paged.body.paging.totalCount, paged.body.rows.map((r) => r.name)]).toEqual([
      6,
      ['Eve Candidate', 'Fay Candidate'],
    ]);
  });

  const pastWeek = 'from=2025-03-02&to=2025-03-08';

  it('counts views and unique visitors per day and channel, and registrations per visitor', async () => {
    const { status, body } = await get<CandidatePageView>(`${VIEWS}?${pastWeek}`);
    expect(status).toBe(200);
    expect(body.totals).toEqual({ views: 5, visitors: 4, registrations: 1, registrationRate: 25 });
    expect(body.priorTotals).toEqual({ views: 1, visitors: 1, registrations: 0, registrationRate: 0 });
    expect(body.days.filter((d) => d.views > 0)).toEqual([
      { day: '2025-03-03', views: 3, visitors: 2 },
      { day: '2025-03-04', views: 2, visitors: 2 },
    ]);
    expect(body.days).toHaveLength(7);
    expect(body.pages).toEqual([{ page: '/register', views: 5, visitors: 4, withInvitation: 1 }]);
    expect(body.channels.map((c) => [c.channel, c.views, c.visitors, c.withInvitation])).toEqual([
      ['utm:indeed', 2, 1, 0],
      ['direct', 1, 1, 0],
      ['ref:www.google.com', 1, 1, 0],
      ['utm:email', 1, 1, 1],
    ]);
  });

  it('lists behind every view figure exactly its views, visitor-days or registrations', async () => {
    const { body } = await get<CandidatePageView>(`${VIEWS}?${pastWeek}`);
    const records = (query: string) =>
      get<CandidatePageViewRecords>(`${VIEWS}/records?${pastWeek}&pageSize=50&${query}`);
    const total = async (query: string) => (await records(query)).body.paging.totalCount;
    for (const figure of ['views', 'visitors'] as const) {
      expect(await total(`figure=${figure}`)).toBe(body.totals[figure]);
      expect(await total(`figure=${figure}&period=prior`)).toBe(body.priorTotals[figure]);
      for (const d of body.days)
        expect([d.day, await total(`figure=${figure}&day=${d.day}`)]).toEqual([d.day, d[figure]]);
      for (const c of body.channels)
        expect([c.channel, await total(`figure=${figure}&channel=${encodeURIComponent(c.channel)}`)]).toEqual(
          [c.channel, c[figure]],
        );
    }
    const regs = await records('figure=registrations');
    expect(regs.body.paging.totalCount).toBe(body.totals.registrations);
    expect(regs.body.subject).toBe('registrations');
    if (regs.body.subject === 'registrations')
      expect(regs.body.rows.map((r) => [r.name, r.providerTypeName, r.onboardStep, r.invited])).toEqual([
        ['Ivy Candidate', 'CAND-RN', 'Rates', false],
      ]);
    expect(await total('figure=registrations&period=prior')).toBe(0);
    const day = await records('figure=views&day=2025-03-03');
    if (day.body.subject === 'views')
      expect(day.body.rows.map((r) => [r.day, r.channel, r.withInvitation])).toEqual([
        ['2025-03-03', 'Direct (no referrer)', false],
        ['2025-03-03', 'indeed (utm_source)', false],
        ['2025-03-03', 'indeed (utm_source)', false],
      ]);
  });

  it('keeps a view from the beacon without a cookie: the host of the referrer, the source, a daily visitor hash', async () => {
    const todayViews = async () =>
      (await get<CandidatePageView>(`${VIEWS}?from=${orgDay(0)}&to=${orgDay(0)}`)).body.totals;
    const before = await todayViews();
    const beacon = (body: unknown, agent = 'Mozilla/5.0 Test') =>
      s().request('POST', '/api/public/page-views', { body, headers: { 'user-agent': agent } });
    const first = await beacon({
      page: '/register',
      referrer: 'https://www.indeed.com/jobs?q=nurse&token=secret',
      source: 'Indeed',
      invitation: true,
    });
    expect(first.status).toBe(204);
    expect(first.headers.get('set-cookie')).toBeNull();
    expect((await beacon({ page: '/register' })).status).toBe(204);
    expect((await beacon({ page: '/register' }, 'Another Browser/1.0')).status).toBe(204);
    const rows = await s().sql<{
      day: string;
      visitor_hash: string;
      referrer_host: string | null;
      source: string | null;
      with_invitation: boolean;
    }>(
      `select * from (select id, day::text as day, visitor_hash, referrer_host, source, with_invitation
         from candidate_page_views where day = $1 order by id desc limit 3) t order by id`,
      [orgDay(0)],
    );
    expect(rows.map((r) => [r.day, r.referrer_host, r.source, r.with_invitation])).toEqual([
      [orgDay(0), 'www.indeed.com', 'indeed', true],
      [orgDay(0), null, null, false],
      [orgDay(0), null, null, false],
    ]);
    expect(rows[0]!.visitor_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[1]!.visitor_hash).toBe(rows[0]!.visitor_hash);
    expect(rows[2]!.visitor_hash).not.toBe(rows[0]!.visitor_hash);
    const after = await todayViews();
    expect([after.views - before.views, after.visitors - before.visitors]).toEqual([3, 2]);
  });

  it('refuses input it cannot read, naming the field, and writes nothing', async () => {
    const field = async (res: Promise<{ status: number; body: unknown }>) => {
      const { status, body } = await res;
      return [status, (body as Problem).errors?.map((e) => e.field)];
    };
    expect(await field(get(`${REPORT}?from=2024-01-01&to=2025-06-01`))).toEqual([400, ['to']]);
    expect(await field(get(`${VIEWS}?from=2024-01-01&to=2025-06-01`))).toEqual([400, ['to']]);
    expect(await field(get(`${REPORT}/records?figure=hired`))).toEqual([400, ['figure']]);
    expect(await field(get(`${REPORT}?state=Wyoming`))).toEqual([400, ['state']]);
    expect(await field(get(`${VIEWS}?page=/login`))).toEqual([400, ['page']]);
    expect(await field(get(`${VIEWS}/records?figure=views&day=2025-02-30`))).toEqual([400, ['day']]);
    const [{ n }] = (await s().sql<{ n: number }>('select count(*)::int as n from candidate_page_views')) as [
      { n: number },
    ];
    const post = (body: unknown) => s().request('POST', '/api/public/page-views', { body });
    expect(await field(post({ page: '/login' }))).toEqual([400, ['page']]);
    expect(await field(post({ page: '/admin/users' }))).toEqual([400, ['page']]);
    expect((await post({ page: '/register', token: 'an-invitation-token' })).status).toBe(400);
    expect(await field(post({ page: '/register', source: 'x'.repeat(101) }))).toEqual([400, ['source']]);
    const [{ n: after }] = (await s().sql<{ n: number }>(
      'select count(*)::int as n from candidate_page_views',
    )) as [{ n: number }];
    expect(after).toBe(n);
  });

  it('has demo candidates and views to show by default', async () => {
    const candidates = await get<CandidateReport>(REPORT);
    expect(candidates.body.stages.find((f) => f.id === 'invited')!.count).toBeGreaterThanOrEqual(5);
    expect(candidates.body.stages.find((f) => f.id === 'registered')!.count).toBeGreaterThan(0);
    const views = await get<CandidatePageView>(VIEWS);
    expect(views.body.totals.views).toBeGreaterThanOrEqual(9);
  });

  it('is refused to organization users and clinicians', async () => {
    for (const token of [orgUser, clinician])
      for (const path of [REPORT, `${REPORT}/records?figure=invited`, VIEWS, `${VIEWS}/records?figure=views`])
        expect([path, (await get(path, token)).status]).toEqual([path, 403]);
  });
});
