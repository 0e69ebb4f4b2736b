// The funnels of other subjects than visits through the API on both databases (issue 26, decision 053): service
// requests, patients, organizations, clinicians and outbox messages, each with the decision note's worked example
// created here; every stage's records total its count in both periods; who may read them; bad input.
import { FUNNELS, type FunnelAnswer, type FunnelKey, type FunnelRecords } from '@carelane/shared-domain';
import { describeEachDatabase, type TestServer } from '../../../test/harness';
import { orgDay } from '../../../test/org-days';

const TYPE = 954;
const HOUR = 3_600_000;
type Problem = { errors: { field: string }[] };
type Counts = [string, number][];

describeEachDatabase('funnel reports of other subjects', (server) => {
  const s = (): TestServer => server();
  let admin = '';
  let orgUser = '';
  let clinicianUser = '';
  let visitType = 0;
  let staffer = 0;
  let episodeOrg = 0;
  let patientOrg = 0;
  let pia = 0;
  const base = Date.now() - 24 * HOUR;
  const at = (hours: number) => new Date(base + hours * HOUR).toISOString();
  const get = <T>(path: string, token = admin) => s().request<T>('GET', path, { token });
  const week = `from=${orgDay(-6)}&to=${orgDay(0)}`;
  const answer = (key: FunnelKey, query: string) =>
    get<FunnelAnswer>(`/api/admin/reports/funnels/${key}?${query}`);
  const counts = (res: { body: FunnelAnswer }): Counts =>
    res.body.stages.map((st) => [st.id, st.current.count]);

  async function newOrg(name: string, status = 'ACTIVE', step = 'Done'): Promise<number> {
    const [row] = await s().sql<{ id: number }>(
      `insert into referral_sources (name, zipcode, time_zone, status, onboard_step_rs)
       values ($1, '78701', 'America/Chicago', $2, $3) returning id`,
      [name, status, step],
    );
    return row!.id;
  }
  async function newPatient(org: number, name: string): Promise<number> {
    const [row] = await s().sql<{ id: number }>(
      `insert into patients (referral_source_id, first_name, last_name) values ($1, $2, 'Subject') returning id`,
      [org, name],
    );
    return row!.id;
  }
  async function newEpisode(
    org: number,
    patient: number,
    e: { status?: string; publishedAt?: string; createdAt?: string } = {},
  ): Promise<number> {
    const [row] = await s().sql<{ id: number }>(
      `insert into episodes (referral_source_id, patient_id, title, status, start_date, published_at, created_at,
         provider_type_ids)
       values ($1, $2, 'Funnel request', $3, $4, $5, coalesce($6::timestamptz, now()), array[$7::int]) returning id`,
      [org, patient, e.status ?? 'Active', orgDay(0), e.publishedAt ?? null, e.createdAt ?? null, TYPE],
    );
    return row!.id;
  }
  async function addVisit(
    refs: { org: number; patient: number; episode: number },
    v: { status: string; assignedAt?: string; providerId?: number; day?: string },
  ) {
    const day = v.day ?? orgDay(-2);
    const startAt = new Date(`${day}T15:00:00Z`);
    await s().sql(
      `insert into visits (episode_id, referral_source_id, patient_id, visit_type_id, provider_type_id,
         date_of_service, start_at, end_at, time_zone, status, provider_id, assigned_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, 'America/Chicago', $9, $10, $11)`,
      [
        refs.episode,
        refs.org,
        refs.patient,
        visitType,
        TYPE,
        day,
        startAt.toISOString(),
        new Date(startAt.getTime() + HOUR).toISOString(),
        v.status,
        v.assignedAt ? (v.providerId ?? staffer) : null,
        v.assignedAt ?? null,
      ],
    );
  }

  beforeAll(async () => {
    admin = await s().login('admin@carelane.local');
    [orgUser, clinicianUser] = await s().loginAs('orgUser', 'clinician');
    await s().ownerSql(`insert into provider_types (id, type) values ($1, 'FUNNEL SUBJECTS')`, [TYPE]);
    const [refs] = await s().sql<{ visit_type: number; provider: number }>(
      `select (select min(id) from visit_types) as visit_type, (select min(id) from providers) as provider`,
    );
    visitType = refs!.visit_type;
    staffer = refs!.provider;

    // Service requests: Active published (after 1 h) with 2 staffed visits (the first assigned 2 h after
    // publishing); Active published (after 5 h), none staffed; Draft; Deleted (never counts): 3 → 2 → 1 → 0.
    episodeOrg = await newOrg('Funnel Requests Care');
    const ePatient = await newPatient(episodeOrg, 'Erin');
    const staffedEpisode = await newEpisode(episodeOrg, ePatient, { publishedAt: at(1), createdAt: at(0) });
    const e = { org: episodeOrg, patient: ePatient, episode: staffedEpisode };
    await addVisit(e, { status: 'Staffed', assignedAt: at(3) });
    await addVisit(e, { status: 'Staffed', assignedAt: at(4) });
    const unstaffed = await newEpisode(episodeOrg, ePatient, { publishedAt: at(5), createdAt: at(0) });
    await addVisit({ ...e, episode: unstaffed }, { status: 'Active' });
    await newEpisode(episodeOrg, ePatient, { status: 'Draft', createdAt: at(0) });
    await newEpisode(episodeOrg, ePatient, { status: 'Deleted', createdAt: at(0) });

    // Patients: one with a request, a staffed and a completed visit; one with two requests and nothing staffed;
    // one with none: 3 → 2 → 1 → 1.
    patientOrg = await newOrg('Funnel Patients Care');
    const pat1 = await newPatient(patientOrg, 'Pia');
    pia = pat1;
    const ep1 = await newEpisode(patientOrg, pat1);
    await addVisit(
      { org: patientOrg, patient: pat1, episode: ep1 },
      { status: 'Staffed', assignedAt: at(2) },
    );
    await addVisit(
      { org: patientOrg, patient: pat1, episode: ep1 },
      { status: 'NotesApproved', assignedAt: at(3) },
    );
    const pat2 = await newPatient(patientOrg, 'Pat');
    await newEpisode(patientOrg, pat2);
    await newEpisode(patientOrg, pat2);
    await newPatient(patientOrg, 'Poe');

    // Clinicians of their own provider type: steps Contract, Profile, Background, Done with 2 staffed visits
    // (the first assigned 6 h after sign-up): 4 → 3 → 2 → 1 → 1.
    let done = 0;
    for (const step of ['Contract', 'Profile', 'Background', 'Done']) {
      const [row] = await s().sql<{ id: number }>(
        `insert into providers (given_name, family_name, provider_type_id, provider_status_id, state, onboard_step,
           created_at)
         values ($1, 'Funnel', $2, 3, 'TX', $3, $4) returning id`,
        [step, TYPE, step, at(0)],
      );
      done = row!.id;
    }
    const clinicianOrg = await newOrg('Funnel Clinicians Care');
    const cPatient = await newPatient(clinicianOrg, 'Cal');
    const cRefs = { org: clinicianOrg, patient: cPatient, episode: await newEpisode(clinicianOrg, cPatient) };
    await addVisit(cRefs, { status: 'Staffed', assignedAt: at(6), providerId: done });
    await addVisit(cRefs, { status: 'NotesApproved', assignedAt: at(8), providerId: done });
  });

  async function expectDrillsTotal(key: FunnelKey, query: string, answerOf: FunnelAnswer) {
    expect(answerOf.stages).toHaveLength(FUNNELS.find((f) => f.key === key)!.stages.length);
    for (const stage of answerOf.stages)
      for (const period of ['current', 'prior'] as const) {
        const res = await get<FunnelRecords>(
          `/api/admin/reports/funnels/${key}/stages/${stage.id}/records?${query}&period=${period}&pageSize=2`,
        );
        expect(res.status).toBe(200);
        expect(res.body.paging.totalCount).toBe(stage[period].count);
        expect(res.body.rows.length).toBe(Math.min(2, stage[period].count));
      }
  }

  it('service requests: created 3 → published 2 → a visit staffed 1 → completed 0, with time in stage', async () => {
    const query = `${week}&referralSourceId=${episodeOrg}`;
    const res = await answer('episodeFunnel', query);
    expect(res.status).toBe(200);
    expect(counts(res)).toEqual([
      ['created', 3],
      ['published', 2],
      ['staffed', 1],
      ['completed', 0],
    ]);
    expect(res.body.stages[1]!.current.medianHours).toBeCloseTo(3, 6);
    expect(res.body.stages[2]!.current.medianHours).toBeCloseTo(2, 6);
    expect(res.body.stages[3]!.current.medianHours).toBeNull();
    await expectDrillsTotal('episodeFunnel', query, res.body);
    const drill = await get<FunnelRecords>(
      `/api/admin/reports/funnels/episodeFunnel/stages/staffed/records?${query}`,
    );
    expect(drill.body.subject).toBe('episodes');
    expect(drill.body.rows[0]).toMatchObject({
      organizationName: 'Funnel Requests Care',
      detail: 'Erin Subject',
    });
    await s().services.accessLog.flush();
    const [entry] = await s().sql<{ patient_ids: number[] }>(
      `select patient_ids from audit_log
        where action = 'READ' and entity = 'serviceRequestList' and user_email = 'admin@carelane.local'
        order by id desc limit 1`,
    );
    expect(entry?.patient_ids).toHaveLength(1);
  });

  it('patients: 3 → 2 → 1 → 1, and a page of patients is noted in the patient access log', async () => {
    const query = `${week}&referralSourceId=${patientOrg}`;
    const res = await answer('patientFunnel', query);
    expect(counts(res)).toEqual([
      ['created', 3],
      ['requested', 2],
      ['staffed', 1],
      ['completed', 1],
    ]);
    await expectDrillsTotal('patientFunnel', query, res.body);
    const drill = await get<FunnelRecords>(
      `/api/admin/reports/funnels/patientFunnel/stages/staffed/records?${query}`,
    );
    expect(drill.body.subject).toBe('patients');
    expect(drill.body.rows.map((r) => ('name' in r ? r.name : ''))).toEqual(['Pia Subject']);
    await s().services.accessLog.flush();
    const [entry] = await s().sql<{ patient_ids: number[]; outcome: string }>(
      `select patient_ids, outcome from audit_log
        where action = 'READ' and entity = 'patientList' and user_email = 'admin@carelane.local'
        order by id desc limit 1`,
    );
    expect(entry?.outcome).toBe('ALLOWED');
    expect(entry?.patient_ids.map(Number)).toEqual([pia]);
  });

  it('organizations: three active (one on Rates) and one inactive add 3 → 2 → 2 → 1 → 0', async () => {
    const before = counts(await answer('referralSourceFunnel', week));
    const onboarded = await newOrg('Funnel Org Staffed');
    const asking = await newOrg('Funnel Org Asking');
    const onRates = await newOrg('Funnel Org Rates', 'ACTIVE', 'Rates');
    const inactive = await newOrg('Funnel Org Gone', 'INACTIVE');
    for (const org of [onboarded, asking, onRates, inactive]) {
      const patient = await newPatient(org, 'Oda');
      const episode = await newEpisode(org, patient);
      const refs = { org, patient, episode };
      await addVisit(refs, { status: 'Active' });
      if (org !== asking) await addVisit(refs, { status: 'Staffed', assignedAt: at(1) });
    }
    const res = await answer('referralSourceFunnel', week);
    const after = counts(res);
    expect(after.map(([id, n], i) => [id, n - before[i]![1]])).toEqual([
      ['active', 3],
      ['onboarded', 2],
      ['requested', 2],
      ['staffed', 1],
      ['completed', 0],
    ]);
    await expectDrillsTotal('referralSourceFunnel', week, res.body);
    const one = await answer('referralSourceFunnel', `${week}&referralSourceId=${onRates}`);
    expect(counts(one)).toEqual([
      ['active', 1],
      ['onboarded', 0],
      ['requested', 0],
      ['staffed', 0],
      ['completed', 0],
    ]);
  });

  it('clinicians: 4 → 3 → 2 → 1 → 1, first visit 6 h after sign-up', async () => {
    const query = `${week}&providerTypeId=${TYPE}&state=tx`;
    const res = await answer('providerFunnel', query);
    expect(counts(res)).toEqual([
      ['signedUp', 4],
      ['agreement', 3],
      ['credentials', 2],
      ['onboarded', 1],
      ['staffed', 1],
    ]);
    expect(res.body.stages[4]!.current.medianHours).toBeCloseTo(6, 6);
    await expectDrillsTotal('providerFunnel', query, res.body);
    const other = await answer('providerFunnel', `${week}&providerTypeId=${TYPE}&state=CA`);
    expect(other.body.stages[0]!.current.count).toBe(0);
  });

  it('messages: queued 4 → attempted 3 → sent 2, time to send median 2 h', async () => {
    const day = orgDay(-200);
    const query = `from=${day}&to=${day}`;
    const before = counts(await answer('communicationFunnel', query));
    const queued = new Date(`${day}T15:00:00Z`).getTime();
    const rows: [string, number, number | null][] = [
      ['SENT', 1, 1],
      ['SENT', 2, 3],
      ['FAILED', 5, null],
      ['PENDING', 0, null],
    ];
    // next_attempt_at a day ahead: the server's outbox sender must not attempt the pending one while the
    // figures and their drill-downs are read.
    for (const [status, attempts, sentAfter] of rows)
      await s().sql(
        `insert into outbox (channel, "to", body, status, attempts, created_at, sent_at, next_attempt_at)
         values ('email', 'funnel@example.test', 'Hello', $1, $2, $3, $4, now() + interval '1 day')`,
        [
          status,
          attempts,
          new Date(queued).toISOString(),
          sentAfter === null ? null : new Date(queued + sentAfter * HOUR).toISOString(),
        ],
      );
    const res = await answer('communicationFunnel', query);
    expect(counts(res).map(([id, n], i) => [id, n - before[i]![1]])).toEqual([
      ['queued', 4],
      ['attempted', 3],
      ['sent', 2],
    ]);
    if (before[0]![1] === 0) expect(res.body.stages[2]!.current.medianHours).toBeCloseTo(2, 6);
    await expectDrillsTotal('communicationFunnel', query, res.body);
  });

  it('refuses clinicians and the organization roles, and answers bad input with the field', async () => {
    for (const key of [
      'episodeFunnel',
      'patientFunnel',
      'referralSourceFunnel',
      'providerFunnel',
      'communicationFunnel',
    ] as const) {
      for (const token of [orgUser, clinicianUser]) {
        expect((await get(`/api/admin/reports/funnels/${key}?${week}`, token)).status).toBe(403);
        expect(
          (
            await get(
              `/api/admin/reports/funnels/${key}/stages/${FUNNELS.find((f) => f.key === key)!.stages[0]!.id}/records?${week}`,
              token,
            )
          ).status,
        ).toBe(403);
      }
      const unknown = await get<Problem>(`/api/admin/reports/funnels/${key}?referralSourceId=99999999`);
      expect(unknown.status).toBe(400);
      expect(unknown.body.errors[0]!.field).toBe('referralSourceId');
      const long = await get<Problem>(
        `/api/admin/reports/funnels/${key}?from=${orgDay(-400)}&to=${orgDay(0)}`,
      );
      expect(long.status).toBe(400);
      expect(long.body.errors[0]!.field).toBe('to');
      const stage = await get<Problem>(`/api/admin/reports/funnels/${key}/stages/nope/records?${week}`);
      expect(stage.status).toBe(400);
      expect(stage.body.errors[0]!.field).toBe('stage');
    }
  });
});
