import { describeEachDatabase } from '../../../test/harness';
import { deliveredTo } from '../../../test/identity-helpers';
import { notifyMatchingClinicians } from './notify';
import { rankCandidates } from './service';
import {
  freshPoint,
  makeEpisode,
  makeOrganization,
  makeProvider,
  makeVisit,
  organizationId,
  visitRow,
} from './test-fixtures';

describeEachDatabase('fit score, assignment and matching notifications', (server) => {
  let admin = '';
  let coordinator = '';
  let orgUser = '';
  let lakesideUser = '';
  let clinician = '';
  let rsId = 0;

  beforeAll(async () => {
    const s = server();
    [admin, coordinator, orgUser, lakesideUser, clinician] = await Promise.all([
      s.login('admin@carelane.local'),
      s.login('coordinator@carelane.local'),
      s.login('orguser@carelane.local'),
      s.login('lakeside.user@carelane.local'),
      s.login('clinician@carelane.local'),
    ]);
    rsId = await makeOrganization(s);
  });

  async function scene(options: { episodeType?: string; facilityEmail?: string | null } = {}) {
    const point = freshPoint();
    const episode = await makeEpisode(server(), rsId, options);
    const visitId = await makeVisit(server(), { rsId, ...episode, point, episodeType: options.episodeType });
    return { point, episode, visitId };
  }

  it('ranks candidates of the visit type, active, near, credentialed, not busy, with factors and rates', async () => {
    const { point, episode, visitId } = await scene();
    const s = server();
    const best = await makeProvider(s, { point, milesNorth: 0.5, givenName: 'Best', rating: 5 });
    const farther = await makeProvider(s, { point, milesNorth: 3, givenName: 'Farther', rating: 3 });
    const expensive = await makeProvider(s, { point, milesNorth: 1, givenName: 'Dear', rate: 90 });
    await makeProvider(s, { point, milesNorth: 7, givenName: 'TooFar' });
    await makeProvider(s, { point, milesNorth: 1, givenName: 'Therapist', providerTypeId: 3 });
    await makeProvider(s, { point, milesNorth: 1, givenName: 'Inactive', providerStatusId: 5 });
    const uncredentialed = await makeProvider(s, {
      point,
      milesNorth: 1,
      givenName: 'Uncred',
      credentialState: 1,
    });
    const busy = await makeProvider(s, { point, milesNorth: 1, givenName: 'Busy' });
    await makeVisit(s, {
      rsId,
      ...episode,
      point,
      status: 'Staffed',
      providerId: busy,
      start: '09:30',
      end: '11:00',
    });
    const onVacation = await makeProvider(s, { point, milesNorth: 1, givenName: 'Away' });
    await s.sql(
      `insert into provider_vacations (provider_id, start_date, end_date) values ($1, '2030-06-01', '2030-06-10')`,
      [onVacation],
    );

    const res = await s.request('GET', `/api/operation/fitScore?visitId=${visitId}`, { token: coordinator });
    expect(res.status).toBe(200);
    const names = res.body.providerList.map((c: { givenName: string }) => c.givenName);
    expect(names).toEqual(['Best', 'Dear', 'Farther']);
    const top = res.body.providerList[0];
    expect(top).toMatchObject({
      providerUserId: best,
      providerType: 'RN',
      coverage: '2COVERED',
      selectable: true,
      notSelectableReason: null,
      amounts: { organizationAmount: 100, clinicianAmount: 60, netProfit: 40, requiredMargin: 20 },
    });
    expect(top.fitScore).toBeGreaterThan(res.body.providerList[2].fitScore);
    expect(top.factors.map((f: { name: string }) => f.name)).toContain('distance');
    expect(top.factors.reduce((sum: number, f: { points: number }) => sum + f.points, 0)).toBeCloseTo(
      top.fitScore,
      0,
    );
    expect(top.rates[0]).toMatchObject({ visitTypeId: 304, amount: 60, visitType: 'RN Routine' });
    const dear = res.body.providerList.find(
      (c: { providerUserId: number }) => c.providerUserId === expensive,
    );
    expect(dear).toMatchObject({
      selectable: false,
      notSelectableReason: 'Fixed rate cannot be more than $80.00',
    });
    expect(res.body.providerTypeRates[0]).toMatchObject({
      visitTypeId: 304,
      paymentType: 'FlatRate',
      amount: 100,
    });
    expect(res.body.paging).toMatchObject({ totalCount: 3, pageSize: 10 });
    expect(res.body.visit.id).toBe(visitId);

    const wider = await s.request(
      'GET',
      `/api/operation/fitScore?visitId=${visitId}&fullyCredentialed=false&ignoreVacations=1&searchClinicianDistance=10`,
      { token: coordinator },
    );
    const widerIds = wider.body.providerList.map((c: { providerUserId: number }) => c.providerUserId);
    expect(widerIds).toEqual(expect.arrayContaining([uncredentialed, onVacation, farther]));
    expect(widerIds).not.toContain(busy);
    expect(wider.body.providerList).toHaveLength(6);

    const indexed = await rankCandidates(s.services.db, visitId);
    const fullScan = await rankCandidates(s.services.db, visitId, { strategy: 'fullScan' });
    expect(fullScan.map((c) => c.provider.id)).toEqual(indexed.map((c) => c.provider.id));
  });

  it("scores engagement by the clinician's own sign-in: full points once they sign in, none for a login never used", async () => {
    const { point, visitId } = await scene();
    const s = server();
    const emailId = `zz.signs.in.${point.lat}.${Date.now()}@example.com`;
    const [user] = await s.sql<{ id: number }>(
      `insert into users (email_id, password_hash, first_name, last_name, role_id)
       select $1, password_hash, 'Eve', 'Zzmatch', 4 from users where email_id = 'clinician@carelane.local'
       returning id`,
      [emailId],
    );
    const signsIn = await makeProvider(s, { point, milesNorth: 0.5, userId: user!.id });
    const never = await makeProvider(s, { point, milesNorth: 1, lastLoginDaysAgo: null });
    const engagement = async () => {
      const res = await s.request('GET', `/api/operation/fitScore?visitId=${visitId}`, {
        token: coordinator,
      });
      expect(res.status).toBe(200);
      type Candidate = { providerUserId: number; lastLogin: string | null; factors: { name: string }[] };
      return Object.fromEntries(
        (res.body.providerList as Candidate[]).map((c) => [
          c.providerUserId,
          { lastLogin: c.lastLogin, ...c.factors.find((f) => f.name === 'engagement') },
        ]),
      );
    };
    const red = { lastLogin: null, points: 0, reason: 'Not signed in for over 14 days' };
    expect(await engagement()).toMatchObject({ [signsIn]: red, [never]: red });

    await s.login(emailId);
    const after = await engagement();
    expect(after[signsIn]).toMatchObject({ points: 5, reason: 'Signed in within the last 7 days' });
    expect(Date.now() - Date.parse(after[signsIn]!.lastLogin!)).toBeLessThan(60_000);
    expect(after[never]).toMatchObject(red);
  });

  it("counts each candidate's week (visits, shifts, patients), previous visits to the patient and vacations near the date", async () => {
    const { point, episode, visitId } = await scene(); // a Tuesday, 2030-06-04
    const s = server();
    const regular = await makeProvider(s, { point, milesNorth: 0.5, givenName: 'Regular' });
    const shift = await makeEpisode(s, rsId, { episodeType: 'Shift' });
    const base = { rsId, point, status: 'Staffed', providerId: regular };
    await makeVisit(s, { ...base, ...episode, date: '2030-06-03' }); // this week, this patient
    await makeVisit(s, { ...base, ...shift, episodeType: 'Shift', date: '2030-06-08' }); // Saturday: this week
    await makeVisit(s, { ...base, ...episode, date: '2030-06-12', status: 'FinalConfirmed' }); // next week
    await makeVisit(s, { ...base, ...episode, date: '2030-05-20', status: 'Deleted' });
    await s.sql(
      `insert into provider_vacations (provider_id, start_date, end_date)
       values ($1, '2030-05-01', '2030-05-10'), ($2, '2029-05-01', '2029-05-10')`,
      [regular, regular],
    );
    const res = await s.request('GET', `/api/operation/fitScore?visitId=${visitId}&fewerThanOneShift=false`, {
      token: coordinator,
    });
    expect(res.status).toBe(200);
    const candidate = res.body.providerList.find(
      (c: { providerUserId: number }) => c.providerUserId === regular,
    );
    expect(candidate).toMatchObject({
      visitsCount: 1,
      shiftsCount: 1,
      patientsCount: 2,
      vacations: [{ startDate: '2030-05-01', endDate: '2030-05-10' }],
    });
    expect(candidate.factors.find((f: { name: string }) => f.name === 'previousAssignments')).toMatchObject({
      reason: 'Assigned to this patient 2 time(s) before',
    });
  });

  it('shows a change of the rate card in the next fit score at once', async () => {
    const s = server();
    const own = await makeOrganization(s);
    const point = freshPoint();
    const visitId = await makeVisit(s, { rsId: own, ...(await makeEpisode(s, own)), point });
    const card = async () =>
      (await s.request('GET', `/api/operation/fitScore?visitId=${visitId}`, { token: admin })).body
        .providerTypeRates as { visitTypeId: number; amount: number }[];
    expect((await card()).map((r) => [r.visitTypeId, r.amount])).toEqual([[304, 100]]);
    const added = await s.request('POST', `/api/admin/referralSources/${own}/rates`, {
      token: admin,
      body: {
        providerTypeId: 1,
        visitTypeId: 309,
        paymentType: 'FlatRate',
        amount: 120,
        profitMargin: 20,
        unit: '$/Visit',
      },
    });
    expect(added.status).toBe(201);
    expect((await card()).map((r) => [r.visitTypeId, r.amount])).toEqual([
      [304, 100],
      [309, 120],
    ]);
  });

  it('shows organization users their rates only with showRates, never the pay or profit; others get 404', async () => {
    const sunrise = await organizationId(server());
    const point = freshPoint();
    const episode = await makeEpisode(server(), sunrise);
    const visitId = await makeVisit(server(), { rsId: sunrise, ...episode, point });
    await makeProvider(server(), { point, milesNorth: 1 });
    const own = await server().request('GET', `/api/operation/fitScore?visitId=${visitId}`, {
      token: orgUser,
    });
    expect(own.status).toBe(200);
    expect(own.body.rateVisibility).toBe('organization');
    expect(own.body.providerList.length).toBeGreaterThan(0);
    for (const candidate of own.body.providerList) {
      // The organization's rate card comes once per answer (providerTypeRates), not with every candidate.
      expect(candidate.referralSourceRates).toBeUndefined();
      expect(candidate.rates).toBeUndefined();
      if (candidate.amounts) expect(Object.keys(candidate.amounts)).toEqual(['organizationAmount']);
    }
    await server().sql(
      `update users set privileges = jsonb_build_object('serviceRequestDetail', '{"showRates":0}') where email_id = 'orguser@carelane.local'`,
    );
    try {
      const token = await server().login('orguser@carelane.local');
      const hidden = await server().request('GET', `/api/operation/fitScore?visitId=${visitId}`, { token });
      expect(hidden.body.rateVisibility).toBe('none');
      expect(hidden.body.providerTypeRates).toEqual([]);
      for (const candidate of hidden.body.providerList) {
        expect(candidate.amounts).toBeNull();
        expect(candidate.referralSourceRates).toBeUndefined();
      }
    } finally {
      await server().sql(
        `update users set privileges = '{}'::jsonb where email_id = 'orguser@carelane.local'`,
      );
    }
    const foreign = await server().request('GET', `/api/operation/fitScore?visitId=${visitId}`, {
      token: lakesideUser,
    });
    expect(foreign.status).toBe(404);
    const refused = await server().request('GET', `/api/operation/fitScore?visitId=${visitId}`, {
      token: clinician,
    });
    expect(refused.status).toBe(403);
    const bad = await server().request('GET', '/api/operation/fitScore?visitId=abc', { token: admin });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].field).toContain('visitId');
    const badFlag = await server().request(
      'GET',
      `/api/operation/fitScore?visitId=${visitId}&fullyCredentialed=maybe`,
      {
        token: admin,
      },
    );
    expect(badFlag.status).toBe(400);
    const missing = await server().request('GET', '/api/operation/fitScore?visitId=2000000000', {
      token: admin,
    });
    expect(missing.status).toBe(404);
  });

  it('lists Published visits to match, 25 a page, in a date range', async () => {
    const { visitId } = await scene();
    const res = await server().request(
      'GET',
      '/api/operation/fitScore/visits?from=2030-06-04&to=2030-06-04&pageSize=100',
      {
        token: coordinator,
      },
    );
    expect(res.status).toBe(200);
    expect(res.body.visitList.map((v: { id: number }) => v.id)).toContain(visitId);
    expect(res.body.visitList.every((v: { status: string }) => v.status === 'Active')).toBe(true);
    const defaults = await server().request('GET', '/api/operation/fitScore/visits', { token: coordinator });
    expect(defaults.body.paging.pageSize).toBe(25);
    expect(defaults.body.visitList.map((v: { id: number }) => v.id)).not.toContain(visitId);
  });

  it('assigns: Staffed with the engine amounts, clinician and facility told through the outbox with a hashed token', async () => {
    const { point, visitId } = await scene({ facilityEmail: 'zz.facility@example.com' });
    const provider = await makeProvider(server(), { point, milesNorth: 1, email: 'zz.assigned@example.com' });
    const version = (await visitRow(server(), visitId)).version;
    const res = await server().request('POST', '/api/admin/assignVisit', {
      token: coordinator,
      body: { visitId, providerId: provider, version },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'Staffed',
      providerId: provider,
      providerAmount: 60,
      rsAmount: 100,
    });
    const [recorded] = await server().sql<{ body: string }>(
      `select body from outbox where "to" = 'zz.facility@example.com' order by id desc limit 1`,
    );
    expect(recorded!.body).toContain('/confirmation?token=•••');
    const facilityMail = (await deliveredTo(server(), 'zz.facility@example.com', 'email'))[0]!.body;
    const token = /confirmation\?token=([^\s]+)/.exec(facilityMail)![1]!;
    const [stored] = await server().sql(
      `select token_hash, visit_ids, expires_at > now() + interval '6 days' as week from facility_response_tokens order by id desc limit 1`,
    );
    expect(stored.token_hash).not.toContain(decodeURIComponent(token));
    expect(stored.visit_ids).toEqual([visitId]);
    expect(stored.week).toBe(true);
    const clinicianMail = await server().sql<{ body: string }>(
      `select body from outbox where "to" = 'zz.assigned@example.com'`,
    );
    // 09:00–10:00 UTC read on the organization's wall clock (Central, its default zone), the zone named.
    expect(clinicianMail[0]!.body).toContain('on 6/4/2030 4:00 AM–5:00 AM CDT.');
    expect(facilityMail).toContain('on 6/4/2030 4:00 AM–5:00 AM CDT');

    const again = await server().request('POST', '/api/admin/assignVisit', {
      token: coordinator,
      body: { visitId, providerId: provider, version: version + 1 },
    });
    expect(again.status).toBe(400);
    expect(again.body.error).toBe('A visit cannot move from Staffed to Staffed.');

    const unassign = await server().request('POST', '/api/admin/unassignVisit', {
      token: coordinator,
      body: { visitId, version: version + 1 },
    });
    expect(unassign.status).toBe(200);
    expect(unassign.body).toMatchObject({ status: 'Active', providerId: null, providerAmount: null });
    const unassignAgain = await server().request('POST', '/api/admin/unassignVisit', {
      token: coordinator,
      body: { visitId, version: version + 2 },
    });
    expect(unassignAgain.status).toBe(400);
    expect(unassignAgain.body.error).toBe('A visit cannot move from Active to Active.');
  });

  it('refuses bad assignments: wrong type, unknown clinician, no rate, stale version, other roles', async () => {
    const { point, visitId } = await scene();
    const therapist = await makeProvider(server(), { point, providerTypeId: 3 });
    const noRate = await makeProvider(server(), { point, rate: null });
    const version = (await visitRow(server(), visitId)).version;
    const post = (token: string, body: unknown) =>
      server().request('POST', '/api/admin/assignVisit', { token, body });
    const wrongType = await post(admin, { visitId, providerId: therapist, version });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.errors[0].field).toBe('providerId');
    expect((await post(admin, { visitId, providerId: 2_000_000_000, version })).status).toBe(400);
    const missingRate = await post(admin, { visitId, providerId: noRate, version });
    expect([missingRate.status, missingRate.body.code, missingRate.body.error]).toEqual([
      409,
      'NOT_SELECTABLE',
      'The clinician has no rate for this visit type.',
    ]);
    expect((await post(admin, { visitId, providerId: noRate, version: version + 5 })).status).toBe(409);
    expect((await post(admin, { visitId: 'x', providerId: noRate, version })).status).toBe(400);
    expect((await post(orgUser, { visitId, providerId: noRate, version })).status).toBe(403);
    expect((await post(clinician, { visitId, providerId: noRate, version })).status).toBe(403);
  });

  it('never double books: two overlapping visits for one clinician at the same moment, exactly one wins', async () => {
    const { point, episode, visitId } = await scene();
    const other = await makeVisit(server(), { rsId, ...episode, point, start: '09:30', end: '10:30' });
    const provider = await makeProvider(server(), { point });
    const [first, second] = await Promise.all([
      server().request('POST', '/api/admin/assignVisit', {
        token: admin,
        body: { visitId, providerId: provider, version: 0 },
      }),
      server().request('POST', '/api/admin/assignVisit', {
        token: coordinator,
        body: { visitId: other, providerId: provider, version: 0 },
      }),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const loser = first.status === 409 ? first : second;
    expect(loser.body.error).toBe(
      'This clinician already holds a visit or shift overlapping this time. Pick another clinician or move the visit.',
    );
    const held = await server().sql(
      `select count(*)::int as n from visits where provider_id = $1 and status = 'Staffed'`,
      [provider],
    );
    expect(held[0].n).toBe(1);
    const adjacent = await makeVisit(server(), { rsId, ...episode, point, start: '10:30', end: '11:30' });
    const ok = await server().request('POST', '/api/admin/assignVisit', {
      token: admin,
      body: { visitId: adjacent, providerId: provider, version: 0 },
    });
    expect(ok.status).toBe(200);
  });

  it('two coordinators assigning the same visit at once: one assignment, a clear 409 for the other', async () => {
    const { point, visitId } = await scene();
    const a = await makeProvider(server(), { point, givenName: 'A' });
    const b = await makeProvider(server(), { point, givenName: 'B' });
    const results = await Promise.all(
      [
        [admin, a],
        [coordinator, b],
      ].map(([token, providerId]) =>
        server().request('POST', '/api/admin/assignVisit', {
          token: token as string,
          body: { visitId, providerId, version: 0 },
        }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const loser = results.find((r) => r.status === 409)!;
    expect(loser.body.error).toBe(
      'This visit was just assigned or changed by someone else. Reload it to see who is assigned.',
    );
    const row = await visitRow(server(), visitId);
    expect(row.status).toBe('Staffed');
    expect(row.version).toBe(1);
    const audits = await server().sql(
      `select count(*)::int as n from audit_log where entity = 'visit' and entity_id = $1`,
      [String(visitId)],
    );
    expect(audits[0].n).toBe(1);
  });

  it('offers a published visit only to the clinicians the match list shows as selectable', async () => {
    const { point, episode, visitId } = await scene();
    const s = server();
    await makeProvider(s, {
      point,
      givenName: 'Fair',
      email: `zz.fair.${point.lat}@example.com`,
      phone: null,
    });
    const dear = await makeProvider(s, {
      point,
      givenName: 'Dear',
      rate: 90,
      email: `zz.dear.${point.lat}@example.com`,
      phone: null,
    });
    const list = await s.request('GET', `/api/operation/fitScore?visitId=${visitId}`, { token: coordinator });
    expect(
      list.body.providerList.find((c: { providerUserId: number }) => c.providerUserId === dear),
    ).toMatchObject({ selectable: false, notSelectableReason: 'Fixed rate cannot be more than $80.00' });
    await s.services.db.transaction((tx) =>
      notifyMatchingClinicians(tx, { episodeId: episode.episodeId, visitIds: [visitId] }),
    );
    const offered = await s.sql<{ to: string }>(`select "to" from outbox where "to" like $1`, [
      `%.${point.lat}@example.com`,
    ]);
    expect(offered.map((m) => m.to)).toEqual([`zz.fair.${point.lat}@example.com`]);
  });

  it('notifies each matching clinician once per channel allowed, not again on a republish, never for paused visits', async () => {
    const { point, episode, visitId } = await scene();
    const second = await makeVisit(server(), { rsId, ...episode, point, date: '2030-06-05' });
    const paused = await makeVisit(server(), { rsId, ...episode, point, date: '2030-06-06' });
    await server().sql('update visits set paused = true where id = $1', [paused]);
    await makeProvider(server(), { point, email: 'zz.both@example.com', phone: '2145550111' });
    const emailOnly = await makeProvider(server(), {
      point,
      email: 'zz.emailonly@example.com',
      phone: '2145550112',
    });
    await server().sql('update providers set enable_sms = false where id = $1', [emailOnly]);
    await makeProvider(server(), { point, milesNorth: 20, email: 'zz.far@example.com' });
    const db = server().services.db;
    const count = await db.transaction((tx) =>
      notifyMatchingClinicians(tx, { episodeId: episode.episodeId, visitIds: [visitId, second, paused] }),
    );
    expect(count).toBe(2);
    const sent = await server().sql<{ to: string; channel: string; body: string }>(
      `select "to", channel, body from outbox where "to" in ('zz.both@example.com', '2145550111', 'zz.emailonly@example.com', '2145550112', 'zz.far@example.com') order by "to"`,
    );
    expect(sent.map((m) => `${m.channel}:${m.to}`)).toEqual([
      'sms:2145550111',
      'email:zz.both@example.com',
      'email:zz.emailonly@example.com',
    ]);
    expect(sent[1]!.body).toContain('6/4/2030, 6/5/2030');
    expect(sent[1]!.body).not.toContain('6/6/2030');
    await db.transaction((tx) =>
      notifyMatchingClinicians(tx, { episodeId: episode.episodeId, visitIds: [visitId, second] }),
    );
    const after = await server().sql(
      `select count(*)::int as n from outbox where "to" in ('zz.both@example.com', '2145550111', 'zz.emailonly@example.com')`,
    );
    expect(after[0].n).toBe(3);
  });
});
