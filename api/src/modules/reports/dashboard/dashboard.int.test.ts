// The dashboard through the API on both databases (issue 26, decision 046): the worked example's eight visits in
// an organization of their own, with clinicians of a provider type of their own, give the decision's figures; every
// figure's drill-down lists exactly as many records; the prior period; who may read it.
import {
  DASHBOARD_METRICS,
  metricValue,
  type Dashboard,
  type MetricDefinition,
  type MetricDrill,
} from '@carelane/shared-domain';
import { describeEachDatabase, type TestServer } from '../../../test/harness';
import { orgDay } from '../../../test/org-days';
import { runReportRollupJob } from '../rollups/job';

const PROVIDER_TYPE = 907;
const HOUR = 3_600_000;
type Problem = { errors: { field: string }[] };

describeEachDatabase('dashboard', (server) => {
  const s = (): TestServer => server();
  let admin = '';
  let orgUser = '';
  let clinician = '';
  let org = 0;
  let orgUserOrg = 0;
  const visit: Record<number, number> = {};
  const filter = () => `referralSourceId=${org}&providerTypeId=${PROVIDER_TYPE}`;
  const get = <T>(path: string, token = admin) => s().request<T>('GET', path, { token });

  async function clinicianOf(name: string, statusId: number): Promise<number> {
    const [row] = await s().sql<{ id: number }>(
      `insert into providers (given_name, family_name, provider_type_id, provider_status_id, state)
       values ($1, 'Metric', $2, $3, 'TX') returning id`,
      [name, PROVIDER_TYPE, statusId],
    );
    return row!.id;
  }

  /** One visit of the worked example, dated the day before yesterday, requested 10 days ago at noon UTC. */
  async function addVisit(
    n: number,
    v: {
      status: string;
      nonVisit?: boolean;
      providerId?: number;
      assignedAfterHours?: number;
      checkedOut?: boolean;
      day?: string;
    },
    refs: { episode: number; patient: number; visitType: number },
  ) {
    const day = v.day ?? orgDay(-2);
    const requested = new Date(`${orgDay(-10)}T12:00:00Z`);
    const startAt = new Date(`${day}T15:00:00Z`);
    const at = (base: Date, hours: number) => new Date(base.getTime() + hours * HOUR).toISOString();
    const [row] = await s().sql<{ id: number }>(
      `insert into visits (episode_id, referral_source_id, patient_id, visit_type_id, provider_type_id,
         date_of_service, start_at, end_at, time_zone, status, non_visit, provider_id, assigned_at, time_in, time_out,
         created_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, 'America/Chicago', $9, $10, $11, $12, $13, $14, $15) returning id`,
      [
        refs.episode,
        org,
        refs.patient,
        refs.visitType,
        PROVIDER_TYPE,
        day,
        startAt.toISOString(),
        at(startAt, 1),
        v.status,
        v.nonVisit ?? false,
        v.providerId ?? null,
        v.assignedAfterHours === undefined ? null : at(requested, v.assignedAfterHours),
        v.checkedOut ? startAt.toISOString() : null,
        v.checkedOut ? at(startAt, 1) : null,
        requested.toISOString(),
      ],
    );
    visit[n] = row!.id;
  }

  /** EVV taps of a checked-out visit, and its note submitted `hours` after check-out. */
  async function evidence(n: number, providerId: number, hours: number, unacknowledgedFlag: boolean) {
    const [tap] = await s().sql<{ id: number }>(
      `insert into evv_records (visit_id, provider_id, user_id, kind, device_at, latitude, longitude)
       select $1, $2, u.id, k.kind, now(), 30.27, -97.74
         from (select id from users where email_id = 'admin@carelane.local') u,
              (values ('checkIn'), ('checkOut')) as k(kind)
       returning id`,
      [visit[n], providerId],
    );
    if (unacknowledgedFlag)
      await s().sql(
        `insert into evv_flags (visit_id, evv_record_id, kind, distance_miles, limit_miles)
         values ($1, $2, 'distance', 3.5, 0.5)`,
        [visit[n], tap!.id],
      );
    await s().sql(
      `insert into notes (visit_id, note_type, definition_version, values, version, saved_by, submitted_at)
       select v.id, d.note_type, d.version, '{}'::jsonb, 1, u.id, v.time_out + make_interval(hours => $1)
         from visits v,
              (select note_type, version from note_definitions order by id limit 1) d,
              (select id from users where email_id = 'admin@carelane.local') u
        where v.id = $2`,
      [hours, visit[n]],
    );
  }

  beforeAll(async () => {
    admin = await s().login('admin@carelane.local');
    [orgUser, clinician] = await s().loginAs('orgUser', 'clinician');
    await s().ownerSql(`insert into provider_types (id, type) values ($1, 'DASH')`, [PROVIDER_TYPE]);
    const [rs] = await s().sql<{ id: number }>(
      `insert into referral_sources (name, zipcode, time_zone) values ('Dashboard Metrics Home Care', '78701',
         'America/Chicago') returning id`,
    );
    org = rs!.id;
    const [own] = await s().sql<{ referral_source_id: number }>(
      `select referral_source_id from users where email_id = 'orguser@carelane.local'`,
    );
    orgUserOrg = own!.referral_source_id;
    const [patient] = await s().sql<{ id: number }>(
      `insert into patients (referral_source_id, first_name, last_name) values ($1, 'Dana', 'Metric') returning id`,
      [org],
    );
    const [refs] = await s().sql<{ episode: number; visit_type: number }>(
      `select (select min(id) from episodes) as episode, (select min(id) from visit_types) as visit_type`,
    );
    const r = { episode: refs!.episode, patient: patient!.id, visitType: refs!.visit_type };
    // Clinicians: four active (two with visits; one with only a non-visit), one inactive with a visit.
    const a = await clinicianOf('Ann', 3);
    const b = await clinicianOf('Ben', 3);
    const c = await clinicianOf('Cat', 3);
    await clinicianOf('Dan', 3);
    const e = await clinicianOf('Eve', 5);
    await addVisit(
      1,
      { status: 'NotesApproved', providerId: a, assignedAfterHours: 10, checkedOut: true },
      r,
    );
    await addVisit(
      2,
      { status: 'NotesInReview', providerId: b, assignedAfterHours: 30, checkedOut: true },
      r,
    );
    await addVisit(3, { status: 'Staffed', providerId: e, assignedAfterHours: 20 }, r);
    await addVisit(4, { status: 'Active' }, r);
    await addVisit(5, { status: 'Expired' }, r);
    await addVisit(6, { status: 'Draft' }, r);
    await addVisit(7, { status: 'Deleted' }, r);
    await addVisit(8, { status: 'Staffed', nonVisit: true, providerId: c, assignedAfterHours: 5 }, r);
    await evidence(1, a, 2, false);
    await evidence(2, b, 4, true);
    await runReportRollupJob(s().services.db);
  });

  const figures = (d: Dashboard, which: 'current' | 'prior' = 'current') =>
    Object.fromEntries(d.metrics.map((m) => [m.key, [m[which].numerator, m[which].denominator]]));

  it("gives the worked example's counts for the seven metrics, in their order", async () => {
    const res = await get<Dashboard>(`/api/admin/reports/dashboard?${filter()}`);
    expect(res.status).toBe(200);
    expect(res.body.period).toEqual({ from: orgDay(-6), to: orgDay(0) });
    expect(res.body.prior).toEqual({ from: orgDay(-13), to: orgDay(-7) });
    expect(Number.isNaN(Date.parse(res.body.asOf))).toBe(false);
    expect(res.body.metrics.map((m) => m.key)).toEqual(DASHBOARD_METRICS.map((m) => m.key));
    const got = figures(res.body);
    expect(got.staffingRate).toEqual([3, 5]);
    expect(got.utilizationRate).toEqual([2, 4]);
    expect(got.verificationRate).toEqual([1, 2]);
    expect(got.completionRate).toEqual([1, 3]);
    expect(got.fillRate).toEqual([2, 5]);
    expect(got.staffingDelay![0]).toBeCloseTo(60, 6);
    expect(got.staffingDelay![1]).toBe(3);
    expect(got.averageCompletionTime![0]).toBeCloseTo(6, 6);
    expect(got.averageCompletionTime![1]).toBe(2);
    const value = (key: string) => {
      const m = res.body.metrics.find((x) => x.key === key)!;
      return metricValue(DASHBOARD_METRICS.find((d) => d.key === key) as MetricDefinition, m.current);
    };
    expect(value('staffingRate')).toBeCloseTo(60, 6);
    expect(value('staffingDelay')).toBeCloseTo(20, 6);
    expect(value('averageCompletionTime')).toBeCloseTo(3, 6);
    // Nothing in the prior week.
    for (const m of res.body.metrics) expect([m.key, m.prior.numerator]).toEqual([m.key, 0]);
  });

  it('gives one trend entry per day of the period, oldest first, the visits on their day and zeros elsewhere', async () => {
    const res = await get<Dashboard>(`/api/admin/reports/dashboard?${filter()}`);
    for (const m of res.body.metrics) {
      expect(m.trend.map((t) => t.day)).toEqual([-6, -5, -4, -3, -2, -1, 0].map((d) => orgDay(d)));
      const onDay = m.trend.find((t) => t.day === orgDay(-2))!;
      expect([m.key, onDay.numerator]).toEqual([m.key, m.current.numerator]);
      if (m.key !== 'utilizationRate')
        for (const t of m.trend.filter((x) => x.day !== orgDay(-2)))
          expect(t).toMatchObject({ numerator: 0, denominator: 0 });
    }
    const month = await get<Dashboard>(
      `/api/admin/reports/dashboard?${filter()}&from=${orgDay(-29)}&to=${orgDay(0)}`,
    );
    expect(month.status).toBe(200);
    for (const m of month.body.metrics) expect(m.trend).toHaveLength(30);
    expect(month.body.prior).toEqual({ from: orgDay(-59), to: orgDay(-30) });
  });

  /** Every figure's drill-down total equals the figure, for every metric, part and period. */
  async function expectDrillTotalsMatch(query: string) {
    const res = await get<Dashboard>(`/api/admin/reports/dashboard?${query}`);
    expect(res.status).toBe(200);
    for (const m of res.body.metrics)
      for (const period of ['current', 'prior'] as const)
        for (const part of ['numerator', 'denominator'] as const) {
          const drill = await get<MetricDrill>(
            `/api/admin/reports/dashboard/records?${query}&metric=${m.key}&part=${part}&period=${period}&pageSize=1000`,
          );
          expect(drill.status).toBe(200);
          const def = DASHBOARD_METRICS.find((d) => d.key === m.key)!;
          const expected = def.kind === 'visitAverageHours' ? m[period].denominator : m[period][part];
          expect([m.key, part, period, drill.body.paging.totalCount]).toEqual([
            m.key,
            part,
            period,
            expected,
          ]);
          expect(drill.body.rows).toHaveLength(Math.min(expected, 1000));
          expect(drill.body.subject).toBe(def.kind === 'clinicianRatio' ? 'clinicians' : 'visits');
        }
  }

  it("lists the records behind every figure, as many as the figure counts (the example's organization)", async () => {
    await expectDrillTotalsMatch(filter());
  });

  it('lists as many records as the figure counts over the demo data too (every organization, a month)', async () => {
    const query = `from=${orgDay(-29)}&to=${orgDay(0)}`;
    const all = await get<Dashboard>(`/api/admin/reports/dashboard?${query}`);
    // The demo's own visits are in it: the check is not over empty sets only.
    expect(all.body.metrics.find((m) => m.key === 'staffingRate')!.current.denominator).toBeGreaterThan(5);
    await expectDrillTotalsMatch(query);
  });

  it('lists the visits with their names, zone and evidence, by date, start and id, and logs the read', async () => {
    await s().services.accessLog.flush();
    const [{ id: after }] = (await s().sql<{ id: number }>(
      'select coalesce(max(id), 0)::int as id from audit_log',
    )) as [{ id: number }];
    const res = await get<MetricDrill>(
      `/api/admin/reports/dashboard/records?${filter()}&metric=staffingRate&part=numerator`,
    );
    expect(res.status).toBe(200);
    if (res.body.subject !== 'visits') throw new Error('expected visits');
    expect(res.body.rows.map((r) => r.id)).toEqual([visit[1], visit[2], visit[3]]);
    expect(res.body.rows[0]).toMatchObject({
      dateOfService: orgDay(-2),
      timeZone: 'America/Chicago',
      status: 'NotesApproved',
      patientName: 'Dana Metric',
      organizationName: 'Dashboard Metrics Home Care',
      providerTypeName: 'DASH',
      clinicianName: 'Ann Metric',
      evvVerified: true,
    });
    expect(res.body.rows[1]).toMatchObject({ clinicianName: 'Ben Metric', evvVerified: false });
    expect(res.body.rows[2]).toMatchObject({ timeIn: null, notesSubmittedAt: null, evvVerified: false });
    const r0 = res.body.rows[0]!;
    expect(Date.parse(r0.notesSubmittedAt!) - Date.parse(r0.timeOut!)).toBe(2 * HOUR);
    expect(Date.parse(r0.assignedAt!) - Date.parse(r0.requestedAt)).toBe(10 * HOUR);

    const people = await get<MetricDrill>(
      `/api/admin/reports/dashboard/records?${filter()}&metric=utilizationRate&part=denominator`,
    );
    if (people.body.subject !== 'clinicians') throw new Error('expected clinicians');
    expect(people.body.rows.map((r) => [r.name, r.staffedVisits])).toEqual([
      ['Ann Metric', 1],
      ['Ben Metric', 1],
      ['Cat Metric', 0],
      ['Dan Metric', 0],
    ]);

    await s().services.accessLog.flush();
    const [read] = await s().sql<{ patient_ids: number[]; outcome: string }>(
      `select patient_ids, outcome from audit_log
        where action = 'READ' and entity = 'metricVisitList' and user_email = 'admin@carelane.local' and id > $1`,
      [after],
    );
    expect(read?.outcome).toBe('ALLOWED');
    const [patient] = await s().sql<{ patient_id: number }>('select patient_id from visits where id = $1', [
      visit[1],
    ]);
    expect(read!.patient_ids.map(Number)).toEqual([patient!.patient_id]);
  });

  it('filters by the organization state (its ZIP code) and the clinician state', async () => {
    const tx = await get<Dashboard>(`/api/admin/reports/dashboard?${filter()}&state=TX`);
    expect(figures(tx.body).staffingRate).toEqual([3, 5]);
    expect(figures(tx.body).utilizationRate).toEqual([2, 4]);
    const ca = await get<Dashboard>(`/api/admin/reports/dashboard?${filter()}&state=CA`);
    expect(figures(ca.body).staffingRate).toEqual([0, 0]);
    expect(figures(ca.body).utilizationRate).toEqual([0, 0]);
    await expectDrillTotalsMatch(`${filter()}&state=TX`);
  });

  it('refuses a period over 366 days naming `to`, an unknown metric or organization, and the clinician', async () => {
    const long = await get<Problem>(`/api/admin/reports/dashboard?from=${orgDay(-366)}&to=${orgDay(0)}`);
    expect(long.status).toBe(400);
    expect(long.body.errors.map((e) => e.field)).toEqual(['to']);
    const year = await get(`/api/admin/reports/dashboard?${filter()}&from=${orgDay(-365)}&to=${orgDay(0)}`);
    expect(year.status).toBe(200);
    const longDrill = await get(
      `/api/admin/reports/dashboard/records?metric=staffingRate&from=${orgDay(-366)}&to=${orgDay(0)}`,
    );
    expect(longDrill.status).toBe(400);
    const unknown = await get<Problem>('/api/admin/reports/dashboard/records?metric=happiness');
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors[0]!.field).toContain('metric');
    for (const path of [
      'dashboard',
      'dashboard/records?metric=staffingRate&',
      'timeToStaff',
      'health/organizations',
    ]) {
      const noSuchOrganization = await get<Problem>(
        `/api/admin/reports/${path}${path.endsWith('&') ? '' : '?'}referralSourceId=987654`,
      );
      expect(noSuchOrganization.status).toBe(400);
      expect(noSuchOrganization.body.errors.map((e) => e.field)).toEqual(['referralSourceId']);
    }
    expect((await get('/api/admin/reports/dashboard', clinician)).status).toBe(403);
    expect((await get('/api/admin/reports/dashboard/records?metric=staffingRate', clinician)).status).toBe(
      403,
    );
  });

  it("gives an organization's user only their own organization's figures; another organization is refused", async () => {
    const own = await get<Dashboard>('/api/admin/reports/dashboard', orgUser);
    expect(own.status).toBe(200);
    const staffView = await get<Dashboard>(`/api/admin/reports/dashboard?referralSourceId=${orgUserOrg}`);
    expect(figures(own.body)).toEqual(figures(staffView.body));
    const named = await get<Dashboard>(
      `/api/admin/reports/dashboard?referralSourceId=${orgUserOrg}`,
      orgUser,
    );
    expect(named.status).toBe(200);
    expect((await get(`/api/admin/reports/dashboard?referralSourceId=${org}`, orgUser)).status).toBe(403);
    const drill = await get(
      `/api/admin/reports/dashboard/records?metric=staffingRate&referralSourceId=${org}`,
      orgUser,
    );
    expect(drill.status).toBe(403);
    const ownDrill = await get<MetricDrill>(
      '/api/admin/reports/dashboard/records?metric=staffingRate&part=denominator',
      orgUser,
    );
    expect(ownDrill.status).toBe(200);
    const staffFigure = staffView.body.metrics.find((m) => m.key === 'staffingRate')!;
    expect(ownDrill.body.paging.totalCount).toBe(staffFigure.current.denominator);
    const clinicians = await get<{ error: string }>(
      '/api/admin/reports/dashboard/records?metric=utilizationRate&part=denominator',
      orgUser,
    );
    expect([clinicians.status, clinicians.body.error]).toEqual([
      403,
      'The clinicians behind this figure are shown to staff only.',
    ]);
  });

  it('counts a visit moved into the prior week in the prior period once the rollup has run, and lists it there', async () => {
    await s().sql(`update visits set date_of_service = $1 where id = $2`, [orgDay(-8), visit[4]]);
    const before = await get<Dashboard>(`/api/admin/reports/dashboard?${filter()}`);
    expect(figures(before.body).staffingRate).toEqual([3, 5]);
    await runReportRollupJob(s().services.db);
    const res = await get<Dashboard>(`/api/admin/reports/dashboard?${filter()}`);
    // Until the rollup runs, the figures are as of the change still queued; then as of the moment they are read.
    expect(Date.parse(res.body.asOf)).toBeGreaterThan(Date.parse(before.body.asOf));
    expect(figures(res.body).staffingRate).toEqual([3, 4]);
    expect(figures(res.body, 'prior').staffingRate).toEqual([0, 1]);
    expect(figures(res.body, 'prior').fillRate).toEqual([0, 1]);
    const drill = await get<MetricDrill>(
      `/api/admin/reports/dashboard/records?${filter()}&metric=staffingRate&part=denominator&period=prior`,
    );
    expect(drill.body.rows.map((r) => r.id)).toEqual([visit[4]]);
    await expectDrillTotalsMatch(filter());
  });
});
