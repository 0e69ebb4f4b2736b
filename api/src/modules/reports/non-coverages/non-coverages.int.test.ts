// Non-coverages through the API on both databases (issue 26, decision 047): staff report a service request or one
// visit of it, the list (Active by default) names its patient in the access log, a report is resolved once at the
// version read, the weekly trend counts reported, resolved and still Active; each refusal (role, bad input, a
// second Active report, a stale or resolved one) writing nothing.
import {
  NON_COVERAGE_MESSAGES,
  type ApiError,
  type NonCoverage,
  type NonCoverageList,
  type NonCoverageTrend,
} from '@carelane/shared-domain';
import { describeEachDatabase, type TestServer } from '../../../test/harness';
import { orgDay } from '../../../test/org-days';

type Answer = { message: string; nonCoverage: NonCoverage } & Partial<ApiError>;
const ZONE = 'America/Chicago';
const LIST = '/api/admin/nonCoverages';

describeEachDatabase('reports: non-coverages', (server) => {
  const s = (): TestServer => server();
  let admin = '';
  let coordinator = '';
  let clinicianManager = '';
  let orgUser = '';
  let clinician = '';
  let org = 0;
  /** An organization of its own for the trend, its reports written with their dates. */
  let trendOrg = 0;
  let patient = 0;
  let providerType = 0;
  let episode = 0;
  let closedEpisode = 0;
  let otherEpisode = 0;
  let visit1 = 0;
  let visit2 = 0;
  let otherVisit = 0;

  const report = (body: unknown, token: string = coordinator) =>
    s().request<Answer>('POST', LIST, { token, body });
  const resolve = (id: number, body: unknown, token: string = coordinator) =>
    s().request<Answer>('POST', `${LIST}/${id}/resolve`, { token, body });
  const list = (query = '', token: string = admin) =>
    s().request<NonCoverageList & Partial<ApiError>>('GET', `${LIST}?referralSourceId=${org}${query}`, {
      token,
    });
  const counts = async () =>
    (
      await s().sql<{ rows: number; audits: number }>(
        `select (select count(*)::int from non_coverages) as rows,
                (select count(*)::int from audit_log where entity = 'NonCoverage') as audits`,
      )
    )[0]!;

  /** A moment of an organization day at noon, Central. */
  const noon = (offset: number) => `${orgDay(offset, ZONE)}T12:00:00`;

  async function addEpisode(rs: number, status: string, title: string): Promise<number> {
    const [row] = await s().sql<{ id: number }>(
      `insert into episodes (referral_source_id, patient_id, title, status, start_date, provider_type_ids)
       values ($1, $2, $3, $4, $5, array[$6::int]) returning id`,
      [rs, patient, title, status, orgDay(-30, ZONE), providerType],
    );
    return row!.id;
  }
  async function addVisit(episodeId: number, rs: number, offset: number): Promise<number> {
    const day = orgDay(offset, ZONE);
    const [row] = await s().sql<{ id: number }>(
      `insert into visits (episode_id, referral_source_id, patient_id, visit_type_id, provider_type_id,
         date_of_service, start_at, end_at, time_zone, status)
       values ($1, $2, $3, (select min(id) from visit_types), $4, $5, $6::timestamp at time zone '${ZONE}',
         $7::timestamp at time zone '${ZONE}', '${ZONE}', 'Active') returning id`,
      [episodeId, rs, patient, providerType, day, `${day}T09:00:00`, `${day}T10:00:00`],
    );
    return row!.id;
  }

  beforeAll(async () => {
    [admin, coordinator, clinicianManager, orgUser, clinician] = await s().loginAs(
      'admin',
      'coordinator',
      'clinicianManager',
      'orgUser',
      'clinician',
    );
    const [rs] = await s().sql<{ id: number }>(
      `insert into referral_sources (name, zipcode, time_zone) values ('Non-coverage Home Care', '78701', $1)
       returning id`,
      [ZONE],
    );
    org = rs!.id;
    const [rs2] = await s().sql<{ id: number }>(
      `insert into referral_sources (name, zipcode, time_zone) values ('Non-coverage Trend Care', '78701', $1)
       returning id`,
      [ZONE],
    );
    trendOrg = rs2!.id;
    const [type] = await s().sql<{ id: number }>('select min(id) as id from provider_types');
    providerType = type!.id;
    const [p] = await s().sql<{ id: number }>(
      `insert into patients (referral_source_id, first_name, last_name) values ($1, 'Nora', 'Uncovered') returning id`,
      [org],
    );
    patient = p!.id;
    episode = await addEpisode(org, 'Active', 'Wound care twice a week');
    closedEpisode = await addEpisode(org, 'Completed', 'Finished care');
    otherEpisode = await addEpisode(org, 'Active', 'Another request');
    visit1 = await addVisit(episode, org, 2);
    visit2 = await addVisit(episode, org, 3);
    otherVisit = await addVisit(otherEpisode, org, 2);

    // The trend's reports (trendOrg): B reported 25 days ago, still Active; A reported 20 days ago, resolved 10
    // days ago; C reported 3 days ago, resolved yesterday.
    const trendEpisode = await addEpisode(trendOrg, 'Active', 'Trend request');
    const a = await addVisit(trendEpisode, trendOrg, -20);
    const c = await addVisit(trendEpisode, trendOrg, -3);
    const [me] = await s().sql<{ id: number }>(
      `select id from users where email_id = 'admin@carelane.local'`,
    );
    const row = (visitId: number | null, reported: number, resolved: number | null) => [
      trendEpisode,
      visitId,
      trendOrg,
      resolved === null ? 'Active' : 'Resolved',
      me!.id,
      noon(reported),
      resolved === null ? null : me!.id,
      resolved === null ? null : noon(resolved),
      resolved === null ? null : 'Covered',
    ];
    for (const values of [row(null, -25, null), row(a, -20, -10), row(c, -3, -1)])
      await s().sql(
        `insert into non_coverages (episode_id, visit_id, referral_source_id, reason, status, reported_by,
           reported_at, resolved_by, resolved_at, resolution)
         values ($1, $2, $3, 'No clinician available', $4, $5, $6::timestamp at time zone '${ZONE}', $7,
           $8::timestamp at time zone '${ZONE}', $9)`,
        values,
      );
  });

  it('reports a visit that cannot be covered (201, the SPEC §8 message), auditing it', async () => {
    const before = await counts();
    const res = await report({ episodeId: episode, visitId: visit1, reason: 'No clinician available' });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Non Coverage Reported successfully.');
    const row = res.body.nonCoverage;
    expect(row).toMatchObject({
      episodeId: episode,
      visitId: visit1,
      referralSourceId: org,
      organizationName: 'Non-coverage Home Care',
      providerTypeId: providerType,
      patientName: 'Uncovered, Nora',
      episodeTitle: 'Wound care twice a week',
      visitDate: orgDay(2, ZONE),
      visitTimeZone: ZONE,
      reason: 'No clinician available',
      note: null,
      status: 'Active',
      reporterName: expect.any(String),
      resolvedAt: null,
      version: 0,
    });
    expect(await counts()).toEqual({ rows: before.rows + 1, audits: before.audits + 1 });

    const whole = await report({ episodeId: episode, reason: 'Other', note: '  Family asked to wait  ' });
    expect(whole.status).toBe(201);
    expect(whole.body.nonCoverage).toMatchObject({ visitId: null, note: 'Family asked to wait' });
  });

  it('lists Active ones by default, newest first, and names the patients in the access log', async () => {
    const after = (await s().sql<{ id: number }>('select coalesce(max(id), 0)::int as id from audit_log'))[0]!
      .id;
    const res = await list();
    expect(res.status).toBe(200);
    expect(res.body.rows.map((r) => [r.visitId, r.status])).toEqual([
      [null, 'Active'],
      [visit1, 'Active'],
    ]);
    expect(res.body.paging).toMatchObject({ pageNumber: 1, totalCount: 2 });
    const paged = await list('&pageSize=1&pageNumber=2');
    expect(paged.body.rows.map((r) => r.visitId)).toEqual([visit1]);
    const oldest = await list('&order=oldest');
    expect(oldest.body.rows.map((r) => r.visitId)).toEqual([visit1, null]);

    await s().services.accessLog.flush();
    const [read] = await s().sql<{ patient_ids: number[]; outcome: string }>(
      `select patient_ids, outcome from audit_log
        where action = 'READ' and entity = 'nonCoverageList' and user_email = 'admin@carelane.local' and id > $1
        order by id limit 1`,
      [after],
    );
    expect(read?.outcome).toBe('ALLOWED');
    expect(read!.patient_ids.map(Number)).toEqual([patient]);
  });

  it('refuses a second Active report of the same visit or request (409), writing nothing', async () => {
    const before = await counts();
    const again = await report({ episodeId: episode, visitId: visit1, reason: 'Rate too low' });
    expect([again.status, again.body.error]).toEqual([409, NON_COVERAGE_MESSAGES.duplicateVisit]);
    const whole = await report({ episodeId: episode, reason: 'Rate too low' });
    expect([whole.status, whole.body.error]).toEqual([409, NON_COVERAGE_MESSAGES.duplicateEpisode]);
    expect(await counts()).toEqual(before);
  });

  it('answers 400 naming the field for bad input, writing nothing', async () => {
    const before = await counts();
    const cases: [unknown, string, string?][] = [
      [{ episodeId: 2_000_000_000, reason: 'Rate too low' }, 'episodeId', 'is not a known service request'],
      [
        { episodeId: episode, visitId: otherVisit, reason: 'Rate too low' },
        'visitId',
        NON_COVERAGE_MESSAGES.notOfEpisode,
      ],
      [
        { episodeId: closedEpisode, reason: 'Rate too low' },
        'episodeId',
        NON_COVERAGE_MESSAGES.episodeClosed('Completed'),
      ],
      [{ episodeId: episode, visitId: visit2, reason: 'Other' }, 'note', NON_COVERAGE_MESSAGES.noteRequired],
      [{ episodeId: episode, visitId: visit2, reason: 'Other', note: '   ' }, 'note'],
      [{ episodeId: episode, visitId: visit2, reason: 'Rate too low', note: 'x'.repeat(2001) }, 'note'],
      [{ episodeId: episode, visitId: visit2, reason: 'Bad luck' }, 'reason'],
      [{ visitId: visit2, reason: 'Rate too low' }, 'episodeId'],
      [{ episodeId: 'abc', reason: 'Rate too low' }, 'episodeId'],
    ];
    for (const [body, field, message] of cases) {
      const res = await report(body);
      expect([JSON.stringify(body).slice(0, 80), res.status, res.body.errors?.[0]?.field]).toEqual([
        JSON.stringify(body).slice(0, 80),
        400,
        field,
      ]);
      if (message) expect(res.body.errors?.[0]?.message).toBe(message);
    }
    const badStatus = await list('&status=Open');
    expect([badStatus.status, badStatus.body.errors?.[0]?.field]).toEqual([400, 'status']);
    const [active] = (await list()).body.rows;
    const noResolution = await resolve(active!.id, { resolution: '  ', version: active!.version });
    expect([noResolution.status, noResolution.body.errors?.[0]?.field]).toEqual([400, 'resolution']);
    expect(await counts()).toEqual(before);
  });

  it('resolves one at the version read: it leaves the Active list and shows in Resolved and All', async () => {
    const [one] = (await list()).body.rows.filter((r) => r.visitId === visit1);
    const before = await counts();
    const stale = await resolve(one!.id, { resolution: 'Covered by agency', version: one!.version + 3 });
    expect([stale.status, stale.body.code]).toEqual([409, 'STALE_VERSION']);
    expect(await counts()).toEqual(before);

    const done = await resolve(
      one!.id,
      { resolution: '  Covered by a PRN clinician  ', version: one!.version },
      clinicianManager,
    );
    expect(done.status).toBe(200);
    expect(done.body.message).toBe(NON_COVERAGE_MESSAGES.resolved);
    expect(done.body.nonCoverage).toMatchObject({
      status: 'Resolved',
      resolution: 'Covered by a PRN clinician',
      version: one!.version + 1,
    });
    expect(done.body.nonCoverage.resolvedAt).not.toBeNull();
    expect(done.body.nonCoverage.resolverName).toEqual(expect.any(String));
    expect(await counts()).toEqual({ rows: before.rows, audits: before.audits + 1 });

    expect((await list()).body.rows.map((r) => r.visitId)).toEqual([null]);
    expect((await list('&status=Resolved')).body.rows.map((r) => r.id)).toEqual([one!.id]);
    expect((await list('&status=All')).body.rows).toHaveLength(2);

    const twice = await resolve(one!.id, { resolution: 'Again', version: one!.version + 1 });
    expect([twice.status, twice.body.error]).toEqual([409, NON_COVERAGE_MESSAGES.resolvedAlready]);
    expect((await resolve(2_000_000_000, { resolution: 'x', version: 0 })).status).toBe(404);

    // Resolved, the visit may be reported again.
    const anew = await report({ episodeId: episode, visitId: visit1, reason: 'Schedule conflict' });
    expect(anew.status).toBe(201);
  });

  it('filters by the reported day (organization calendar) and the provider type', async () => {
    const today = await list(`&status=All&from=${orgDay(0, ZONE)}&to=${orgDay(0, ZONE)}`);
    expect(today.body.paging.totalCount).toBe(3);
    const yesterday = await list(`&status=All&from=${orgDay(-1, ZONE)}&to=${orgDay(-1, ZONE)}`);
    expect(yesterday.body.paging.totalCount).toBe(0);
    const [otherType] = await s().sql<{ id: number }>('select max(id) as id from provider_types');
    if (otherType!.id !== providerType) {
      const none = await list(`&status=All&providerTypeId=${otherType!.id}`);
      expect(none.body.paging.totalCount).toBe(0);
    }
  });

  it('counts per week: reported, resolved and still Active at the week end', async () => {
    const res = await s().request<NonCoverageTrend>(
      'GET',
      `${LIST}/trend?referralSourceId=${trendOrg}&from=${orgDay(-27, ZONE)}&to=${orgDay(0, ZONE)}`,
      { token: clinicianManager },
    );
    expect(res.status).toBe(200);
    expect(res.body.period).toEqual({ from: orgDay(-27, ZONE), to: orgDay(0, ZONE) });
    expect(res.body.weeks.map((w) => [w.from, w.to, w.reported, w.resolved, w.activeAtEnd])).toEqual([
      [orgDay(-27, ZONE), orgDay(-21, ZONE), 1, 0, 1],
      [orgDay(-20, ZONE), orgDay(-14, ZONE), 1, 0, 2],
      [orgDay(-13, ZONE), orgDay(-7, ZONE), 0, 1, 1],
      [orgDay(-6, ZONE), orgDay(0, ZONE), 1, 1, 1],
    ]);
    const byDefault = await s().request<NonCoverageTrend>(
      'GET',
      `${LIST}/trend?referralSourceId=${trendOrg}`,
      {
        token: admin,
      },
    );
    expect(byDefault.body.weeks).toHaveLength(12);
    expect(byDefault.body.period.to).toBe(orgDay(0, ZONE));
    const tooLong = await s().request<ApiError>(
      'GET',
      `${LIST}/trend?from=${orgDay(-400, ZONE)}&to=${orgDay(0, ZONE)}`,
      { token: admin },
    );
    expect([tooLong.status, tooLong.body.errors?.[0]?.field]).toEqual([400, 'to']);
  });

  it('refuses organization users and clinicians (403) and the signed out (401), writing nothing', async () => {
    const before = await counts();
    const [one] = (await list('&status=All')).body.rows;
    for (const token of [orgUser, clinician]) {
      expect((await list('', token)).status).toBe(403);
      expect((await s().request('GET', `${LIST}/trend`, { token })).status).toBe(403);
      expect(
        (await report({ episodeId: episode, visitId: visit2, reason: 'Rate too low' }, token)).status,
      ).toBe(403);
      expect((await resolve(one!.id, { resolution: 'x', version: one!.version }, token)).status).toBe(403);
    }
    expect((await s().request('GET', LIST)).status).toBe(401);
    expect(await counts()).toEqual(before);
  });
});
