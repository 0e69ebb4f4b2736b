// /goalTracker through the API on both databases (issue 26, decision 056): notes of an organization of its own
// with goal builder goals and discharge verdicts over the last days give each patient's and clinician's goals,
// met, in progress and not met; the goals behind every figure have the figure's total and the read is in the
// access log; bad input names its field; clinicians and organization users are refused.
import type { GoalTracker, GoalTrackerRecords } from '@carelane/shared-domain';
import { describeEachDatabase, type TestServer } from '../../../test/harness';
import { orgDay } from '../../../test/org-days';

const TYPE = 956;
type Problem = { errors: { field: string }[] };

const goal = (phrase: string, text = `Patient will have ${phrase}.`) => ({
  category: 'Falls',
  person: 'Patient',
  action: 'will have',
  phrase,
  fillIns: {},
  timeframe: null,
  text,
});

describeEachDatabase('goal tracker', (server) => {
  const s = (): TestServer => server();
  let admin = '';
  let orgUser = '';
  let clinician = '';
  let org = 0;
  const who: Record<string, number> = {};
  const get = <T>(path: string, token = admin) => s().request<T>('GET', path, { token });
  const period = `from=${orgDay(-6)}&to=${orgDay(0)}`;

  beforeAll(async () => {
    admin = await s().login('admin@carelane.local');
    [orgUser, clinician] = await s().loginAs('orgUser', 'clinician');
    await s().ownerSql(`insert into provider_types (id, type) values ($1, 'GOALS')`, [TYPE]);
    const [o] = await s().sql<{ id: number }>(
      `insert into referral_sources (name, zipcode, time_zone) values ('Goal Home Care', '78701', 'America/Chicago')
       returning id`,
    );
    org = o!.id;
    for (const name of ['Ann', 'Ben']) {
      const [p] = await s().sql<{ id: number }>(
        `insert into providers (given_name, family_name, provider_type_id) values ($1, 'Goal', $2) returning id`,
        [name, TYPE],
      );
      who[name] = p!.id;
    }
    const episode: Record<string, number> = {};
    for (const name of ['Pat', 'Quinn', 'Rae']) {
      const [p] = await s().sql<{ id: number }>(
        `insert into patients (referral_source_id, first_name, last_name) values ($1, $2, 'Goal') returning id`,
        [org, name],
      );
      who[name] = p!.id;
      const [e] = await s().sql<{ id: number }>(
        `insert into episodes (referral_source_id, patient_id, title, status, start_date)
         values ($1, $2, 'Goals', 'Active', $3) returning id`,
        [org, p!.id, orgDay(-30)],
      );
      episode[name] = e!.id;
    }
    const [refs] = await s().sql<{ visit_type: number }>(`select min(id) as visit_type from visit_types`);
    const note = async (
      patient: string,
      day: number,
      clinicianName: string,
      values: Record<string, unknown>,
    ) => {
      const date = orgDay(day);
      const [v] = await s().sql<{ id: number }>(
        `insert into visits (episode_id, referral_source_id, patient_id, visit_type_id, provider_type_id, provider_id,
           date_of_service, start_at, end_at, time_zone, status)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'America/Chicago', 'Completed') returning id`,
        [
          episode[patient],
          org,
          who[patient],
          refs!.visit_type,
          TYPE,
          who[clinicianName],
          date,
          `${date}T15:00:00Z`,
          `${date}T16:00:00Z`,
        ],
      );
      await s().sql(
        `insert into notes (visit_id, note_type, definition_version, values, version, saved_by)
         select $1, d.note_type, d.version, $2::jsonb, 1, u.id
           from (select note_type, version from note_definitions order by id limit 1) d,
                (select id from users where email_id = 'admin@carelane.local') u`,
        [v!.id, JSON.stringify(values)],
      );
    };
    // The worked example of decision 056.
    await note('Pat', -6, 'Ann', { goals: [goal('no falls'), goal('pain at or below {level}', 'Pain 3.')] });
    await note('Pat', -4, 'Ben', { goals: [goal('pain at or below {level}', 'Pain 2.')] });
    await note('Pat', -2, 'Ben', { goalsMet: 'All met' });
    await note('Quinn', -5, 'Ann', { goals: [goal('no falls')] });
    await note('Quinn', -3, 'Ann', { goalsMet: 'Not met' });
    await note('Quinn', -1, 'Ann', { goals: [goal('no hospitalizations')] });
    await note('Rae', -4, 'Ben', { goals: [goal('no falls')] });
    await note('Rae', -10, 'Ann', { goals: [goal('a goal before the period')] });
  });

  const report = (query: string, token = admin) =>
    get<GoalTracker>(`/api/admin/reports/goalTracker?${period}&referralSourceId=${org}&${query}`, token);
  const records = (query: string) =>
    get<GoalTrackerRecords>(
      `/api/admin/reports/goalTracker/records?${period}&referralSourceId=${org}&pageSize=50&${query}`,
    );
  const figures = (body: GoalTracker) =>
    body.rows.map((r) => [r.name, r.goals, r.met, r.inProgress, r.notMet, r.metRate]);

  it("gives each patient's and clinician's goals, met, in progress and not met, worst first", async () => {
    const byPatient = await report('groupBy=patient');
    expect(byPatient.status).toBe(200);
    expect(byPatient.body.period).toEqual({ from: orgDay(-6), to: orgDay(0) });
    expect(figures(byPatient.body)).toEqual([
      ['Quinn Goal', 2, 0, 1, 1, 0],
      ['Rae Goal', 1, 0, 1, 0, 0],
      ['Pat Goal', 2, 2, 0, 0, 1],
    ]);
    const byClinician = await report('groupBy=clinician');
    expect(figures(byClinician.body)).toEqual([
      ['Ann Goal', 3, 1, 1, 1, 1 / 3],
      ['Ben Goal', 2, 1, 1, 0, 0.5],
    ]);
    // The provider type alone reaches the same goals; the default period is the last 7 days.
    const byType = await get<GoalTracker>(
      `/api/admin/reports/goalTracker?providerTypeId=${TYPE}&groupBy=clinician`,
    );
    expect(byType.body.period).toEqual({ from: orgDay(-6), to: orgDay(0) });
    expect(figures(byType.body)).toEqual(figures(byClinician.body));
    // A shorter period leaves Quinn's later goal and the verdicts out.
    const early = await get<GoalTracker>(
      `/api/admin/reports/goalTracker?from=${orgDay(-6)}&to=${orgDay(-4)}&referralSourceId=${org}`,
    );
    expect(figures(early.body)).toEqual([
      ['Pat Goal', 2, 0, 2, 0, 0],
      ['Quinn Goal', 1, 0, 1, 0, 0],
      ['Rae Goal', 1, 0, 1, 0, 0],
    ]);
  });

  it('lists behind every figure exactly the goals it counts, and records the patients read', async () => {
    const [{ max }] = (await s().sql<{ max: number }>(
      'select coalesce(max(id), 0) as max from audit_log',
    )) as [{ max: number }];
    for (const groupBy of ['patient', 'clinician'] as const) {
      const { body } = await report(`groupBy=${groupBy}`);
      for (const row of body.rows)
        for (const status of [undefined, 'met', 'inProgress', 'notMet'] as const) {
          const res = await records(
            `groupBy=${groupBy}&groupId=${row.id}${status ? `&status=${status}` : ''}`,
          );
          expect(res.status).toBe(200);
          const figure = status === undefined ? row.goals : row[status];
          expect([row.name, status, res.body.paging.totalCount]).toEqual([row.name, status, figure]);
          expect(res.body.rows).toHaveLength(figure);
        }
    }
    const ann = await records(`groupBy=clinician&groupId=${who.Ann}&status=notMet`);
    expect(
      ann.body.rows.map((r) => [r.patientName, r.clinicianName, r.text, r.dateOfService, r.status]),
    ).toEqual([['Quinn Goal', 'Ann Goal', 'Patient will have no falls.', orgDay(-5), 'notMet']]);
    const pat = await get<GoalTrackerRecords>(
      `/api/admin/reports/goalTracker/records?${period}&referralSourceId=${org}&groupId=${who.Pat}&pageSize=1&pageNumber=2`,
    );
    expect(pat.body.paging.totalCount).toBe(2);
    expect(pat.body.rows).toHaveLength(1);

    await s().services.accessLog.flush();
    const reads = await s().sql<{ patient_ids: number[]; outcome: string }>(
      `select patient_ids, outcome from audit_log
        where action = 'READ' and entity = 'metricVisitList' and user_email = 'admin@carelane.local' and id > $1`,
      [max],
    );
    expect(reads.length).toBeGreaterThan(0);
    expect(reads.every((r) => r.outcome === 'ALLOWED')).toBe(true);
    expect(new Set(reads.flatMap((r) => r.patient_ids.map(Number)))).toEqual(
      new Set([who.Pat, who.Quinn, who.Rae]),
    );
  });

  it('refuses input it cannot read, naming the field', async () => {
    const field = async (path: string) => {
      const res = await get<Problem>(path);
      return [res.status, res.body.errors?.map((e) => e.field)];
    };
    const base = '/api/admin/reports/goalTracker';
    expect(await field(`${base}?groupBy=organization`)).toEqual([400, ['groupBy']]);
    expect(await field(`${base}?from=2026-02-30`)).toEqual([400, ['from']]);
    expect(await field(`${base}?referralSourceId=99999999`)).toEqual([400, ['referralSourceId']]);
    expect(await field(`${base}/records?${period}`)).toEqual([400, ['groupId']]);
    expect(await field(`${base}/records?groupId=${who.Pat}&status=done`)).toEqual([400, ['status']]);
    expect(await field(`${base}/records?groupId=${who.Pat}&referralSourceId=99999999`)).toEqual([
      400,
      ['referralSourceId'],
    ]);
  });

  it('is refused to clinicians and organization users', async () => {
    for (const token of [clinician, orgUser]) {
      expect((await get('/api/admin/reports/goalTracker', token)).status).toBe(403);
      expect((await get(`/api/admin/reports/goalTracker/records?groupId=${who.Pat}`, token)).status).toBe(
        403,
      );
    }
  });
});
