// Time to staff through the API on both databases (issue 26): an organization of its own with visits of two
// provider types of their own, assigned a known number of hours after their request, give the buckets and each
// group's median, p90 and average; the staffed visits are the dashboard's staffing-delay denominator for the same
// filters; who may read it; the longest period.
import type { Dashboard, MetricDrill, TimeToStaff } from '@carelane/shared-domain';
import { describeEachDatabase, type TestServer } from '../../../test/harness';
import { orgDay } from '../../../test/org-days';
import { runReportRollupJob } from '../rollups/job';

const TYPE_A = 911;
const TYPE_B = 912;
const HOUR = 3_600_000;
type Problem = { errors: { field: string }[] };

describeEachDatabase('time to staff', (server) => {
  const s = (): TestServer => server();
  let admin = '';
  let orgUser = '';
  let clinician = '';
  let org = 0;
  const get = <T>(path: string, token = admin) => s().request<T>('GET', path, { token });

  /** A visit dated `day`, requested 10 days ago at noon UTC and assigned `hours` later (null: not assigned). */
  async function addVisit(
    providerTypeId: number,
    status: string,
    hours: number | null,
    refs: { episode: number; patient: number; visitType: number },
    opts: { day?: string; nonVisit?: boolean } = {},
  ) {
    const day = opts.day ?? orgDay(-2);
    const requested = new Date(`${orgDay(-10)}T12:00:00Z`);
    const startAt = new Date(`${day}T15:00:00Z`);
    await s().sql(
      `insert into visits (episode_id, referral_source_id, patient_id, visit_type_id, provider_type_id,
         date_of_service, start_at, end_at, time_zone, status, non_visit, assigned_at, created_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, 'America/Chicago', $9, $10, $11, $12)`,
      [
        refs.episode,
        org,
        refs.patient,
        refs.visitType,
        providerTypeId,
        day,
        startAt.toISOString(),
        new Date(startAt.getTime() + HOUR).toISOString(),
        status,
        opts.nonVisit ?? false,
        hours === null ? null : new Date(requested.getTime() + hours * HOUR).toISOString(),
        requested.toISOString(),
      ],
    );
  }

  beforeAll(async () => {
    admin = await s().login('admin@carelane.local');
    [orgUser, clinician] = await s().loginAs('orgUser', 'clinician');
    await s().ownerSql(`insert into provider_types (id, type) values ($1, 'TTS Alpha'), ($2, 'TTS Beta')`, [
      TYPE_A,
      TYPE_B,
    ]);
    const [rs] = await s().sql<{ id: number }>(
      `insert into referral_sources (name, zipcode, time_zone) values ('Time To Staff Home Care', '78701',
         'America/Chicago') returning id`,
    );
    org = rs!.id;
    const [patient] = await s().sql<{ id: number }>(
      `insert into patients (referral_source_id, first_name, last_name) values ($1, 'Tia', 'Staff') returning id`,
      [org],
    );
    const [refs] = await s().sql<{ episode: number; visit_type: number }>(
      `select (select min(id) from episodes) as episode, (select min(id) from visit_types) as visit_type`,
    );
    const r = { episode: refs!.episode, patient: patient!.id, visitType: refs!.visit_type };
    // Alpha: five staffed visits assigned after 2, 6, 10, 30 and 200 hours (shared-domain's worked example).
    await addVisit(TYPE_A, 'Staffed', 2, r);
    await addVisit(TYPE_A, 'NotesApproved', 6, r);
    await addVisit(TYPE_A, 'NotesInReview', 10, r);
    await addVisit(TYPE_A, 'LateCanceled', 30, r);
    await addVisit(TYPE_A, 'FinalConfirmed', 200, r);
    // Not counted: unstaffed, expired, staffed without an assignment time, a non-visit, missed.
    await addVisit(TYPE_A, 'Active', null, r);
    await addVisit(TYPE_A, 'Expired', null, r);
    await addVisit(TYPE_A, 'Staffed', null, r);
    await addVisit(TYPE_A, 'Staffed', 5, r, { nonVisit: true });
    await addVisit(TYPE_A, 'Missed', 5, r);
    // Beta: one this week after 50 hours, one in the prior week after 20 hours.
    await addVisit(TYPE_B, 'Staffed', 50, r);
    await addVisit(TYPE_B, 'Staffed', 20, r, { day: orgDay(-9) });
  });

  const report = (query: string, token = admin) =>
    get<TimeToStaff>(`/api/admin/reports/timeToStaff?${query}`, token);

  it('gives the buckets of this and the prior period, and per provider type the median, p90 and average', async () => {
    const res = await report(`referralSourceId=${org}`);
    expect(res.status).toBe(200);
    expect(res.body.period).toEqual({ from: orgDay(-6), to: orgDay(0) });
    expect(res.body.prior).toEqual({ from: orgDay(-13), to: orgDay(-7) });
    expect(res.body.groupBy).toBe('providerType');
    expect(res.body.buckets.map((b) => [b.key, b.count, b.priorCount])).toEqual([
      ['under4h', 1, 0],
      ['h4to12', 2, 0],
      ['h12to24', 0, 1],
      ['d1to2', 1, 0],
      ['d2to4', 1, 0],
      ['d4to7', 0, 0],
      ['d7plus', 1, 0],
    ]);
    expect(res.body.rows.map((row) => [row.groupId, row.groupName])).toEqual([
      [TYPE_A, 'TTS Alpha'],
      [TYPE_B, 'TTS Beta'],
    ]);
    const [alpha, beta] = res.body.rows;
    expect(alpha).toMatchObject({
      staffedVisits: 5,
      medianHours: 10,
      priorStaffedVisits: 0,
      priorAverageHours: null,
    });
    expect(alpha!.p90Hours).toBeCloseTo(132, 6);
    expect(alpha!.averageHours).toBeCloseTo(49.6, 6);
    expect(beta).toMatchObject({ staffedVisits: 1, medianHours: 50, p90Hours: 50, priorStaffedVisits: 1 });
    expect(beta!.averageHours).toBeCloseTo(50, 6);
    expect(beta!.priorAverageHours).toBeCloseTo(20, 6);
    // Every group together: 2, 6, 10, 30, 50, 200.
    const t = res.body.totals;
    expect([t.staffedVisits, t.priorStaffedVisits]).toEqual([6, 1]);
    expect(t.medianHours).toBeCloseTo(20, 6);
    expect(t.p90Hours).toBeCloseTo(125, 6);
    expect(t.averageHours).toBeCloseTo(298 / 6, 6);
    expect(t.priorAverageHours).toBeCloseTo(20, 6);
  });

  it('groups by organization, with the provider type filter', async () => {
    const res = await report(`referralSourceId=${org}&providerTypeId=${TYPE_A}&groupBy=organization`);
    expect(res.status).toBe(200);
    expect(res.body.groupBy).toBe('organization');
    expect(res.body.rows.map((row) => [row.groupId, row.groupName, row.staffedVisits])).toEqual([
      [org, 'Time To Staff Home Care', 5],
    ]);
    expect(res.body.rows[0]!.medianHours).toBeCloseTo(10, 6);
  });

  /** The report's staffed visits, in total and per group, against the dashboard's and its drill-down's. */
  async function expectDashboardAgrees(query: string) {
    // The dashboard's figures are the rollup's (decision 051): caught up first.
    await runReportRollupJob(s().services.db);
    const [tts, byOrg, dash] = await Promise.all([
      report(query),
      report(`${query}&groupBy=organization`),
      get<Dashboard>(`/api/admin/reports/dashboard?${query}`),
    ]);
    const delay = dash.body.metrics.find((m) => m.key === 'staffingDelay')!;
    expect(tts.body.totals.staffedVisits).toBe(delay.current.denominator);
    expect(tts.body.totals.priorStaffedVisits).toBe(delay.prior.denominator);
    if (delay.current.denominator > 0)
      expect(tts.body.totals.averageHours).toBeCloseTo(
        delay.current.numerator / delay.current.denominator,
        6,
      );
    for (const r of [tts.body, byOrg.body]) {
      expect(r.rows.reduce((n, row) => n + row.staffedVisits, 0)).toBe(delay.current.denominator);
      expect(r.buckets.reduce((n, b) => n + b.count, 0)).toBe(delay.current.denominator);
      expect(r.buckets.reduce((n, b) => n + b.priorCount, 0)).toBe(delay.prior.denominator);
    }
    // A group's visits are the dashboard's drill-down with the group's id as the filter.
    const group = tts.body.rows[0];
    if (group) {
      const params = new URLSearchParams(query);
      params.set('providerTypeId', String(group.groupId));
      const drill = await get<MetricDrill>(
        `/api/admin/reports/dashboard/records?${params.toString()}&metric=staffingDelay&part=denominator`,
      );
      expect(drill.status).toBe(200);
      expect(drill.body.paging.totalCount).toBe(group.staffedVisits);
    }
    return delay.current.denominator;
  }

  it("counts exactly the dashboard's staffing-delay visits for the same filters", async () => {
    expect(await expectDashboardAgrees(`referralSourceId=${org}`)).toBe(6);
    expect(await expectDashboardAgrees(`referralSourceId=${org}&providerTypeId=${TYPE_A}`)).toBe(5);
    // Over the demo data too (every organization, a month).
    expect(await expectDashboardAgrees(`from=${orgDay(-29)}&to=${orgDay(0)}`)).toBeGreaterThan(6);
  });

  it('answers every bucket at zero and no rows for a period without staffed visits', async () => {
    const res = await report(`referralSourceId=${org}&from=${orgDay(-40)}&to=${orgDay(-35)}`);
    expect(res.status).toBe(200);
    expect(res.body.rows).toEqual([]);
    expect(res.body.buckets.every((b) => b.count === 0 && b.priorCount === 0)).toBe(true);
    expect(res.body.totals).toEqual({
      staffedVisits: 0,
      medianHours: null,
      p90Hours: null,
      averageHours: null,
      priorStaffedVisits: 0,
      priorAverageHours: null,
    });
  });

  it('refuses a period over 366 days naming `to`, an unknown grouping, organization users and clinicians', async () => {
    const long = await get<Problem>(`/api/admin/reports/timeToStaff?from=${orgDay(-366)}&to=${orgDay(0)}`);
    expect(long.status).toBe(400);
    expect(long.body.errors.map((e) => e.field)).toEqual(['to']);
    expect((await report(`from=${orgDay(-365)}&to=${orgDay(0)}`)).status).toBe(200);
    const grouping = await get<Problem>('/api/admin/reports/timeToStaff?groupBy=clinician');
    expect(grouping.status).toBe(400);
    expect(grouping.body.errors[0]!.field).toContain('groupBy');
    expect((await report('', orgUser)).status).toBe(403);
    expect((await report(`referralSourceId=${org}`, orgUser)).status).toBe(403);
    expect((await report('', clinician)).status).toBe(403);
  });
});
