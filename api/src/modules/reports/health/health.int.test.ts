// The health reports through the API on both databases (issue 26, decision 050): two organizations of their own
// (Texas and Oklahoma) with visits of a provider type of their own give each report's figures and its worst-first
// order; every figure's drill-down (the dashboard's, or the health visits) totals the figure; the SQL distance is
// shared-domain's; who may read them; bad periods and sorts.
import { sql } from 'drizzle-orm';
import {
  AREA_HEALTH_FIGURES,
  CLINICIAN_HEALTH_FIGURES,
  OPERATIONS_HEALTH_FIGURES,
  distanceMiles,
  healthFigureRecords,
  type ClinicianHealth,
  type Dashboard,
  type HealthFigure,
  type MetricDrill,
  type OperationsHealth,
  type OrganizationHealth,
  type StateHealth,
} from '@carelane/shared-domain';
import { queryRows } from '../../../db/client';
import { describeEachDatabase, type TestServer } from '../../../test/harness';
import { orgDay } from '../../../test/org-days';
import { runReportRollupJob } from '../rollups/job';
import { milesBetween } from '../../../db/sql-distance';

const TYPE = 931;
const HOUR = 3_600_000;
const AUSTIN = { lat: 30.27, lon: -97.74 };
const DALLAS = { lat: 32.78, lon: -96.8 };
const OKLAHOMA_CITY = { lat: 35.47, lon: -97.52 };
type Problem = { errors: { field: string }[] };
type Place = { lat: number; lon: number };

describeEachDatabase('health reports', (server) => {
  const s = (): TestServer => server();
  let admin = '';
  let coordinator = '';
  let orgUser = '';
  let clinician = '';
  let texas = 0;
  let oklahoma = 0;
  let orgUserOrg = 0;
  let ann = 0;
  let ben = 0;
  const get = <T>(path: string, token = admin) => s().request<T>('GET', path, { token });
  const only = `providerTypeId=${TYPE}`;

  async function clinicianOf(
    name: string,
    statusId: number,
    state: string,
    place: Place,
    rating: number | null,
  ) {
    const [row] = await s().sql<{ id: number }>(
      `insert into providers (given_name, family_name, provider_type_id, provider_status_id, state,
         preferred_latitude, preferred_longitude, rating)
       values ($1, 'Health', $2, $3, $4, $5, $6, $7) returning id`,
      [name, TYPE, statusId, state, place.lat, place.lon, rating],
    );
    return row!.id;
  }

  async function addVisit(
    org: number,
    refs: { episode: number; patient: number; visitType: number },
    v: { status: string; providerId?: number; checkedIn?: boolean; day?: string; place?: Place },
  ) {
    const day = v.day ?? orgDay(-2);
    const startAt = new Date(`${day}T15:00:00Z`);
    const place = v.place ?? AUSTIN;
    await s().sql(
      `insert into visits (episode_id, referral_source_id, patient_id, visit_type_id, provider_type_id,
         date_of_service, start_at, end_at, time_zone, status, provider_id, assigned_at, time_in, created_at,
         latitude, longitude)
       values ($1, $2, $3, $4, $5, $6, $7, $8, 'America/Chicago', $9, $10, $11, $12, $13, $14, $15)`,
      [
        refs.episode,
        org,
        refs.patient,
        refs.visitType,
        TYPE,
        day,
        startAt.toISOString(),
        new Date(startAt.getTime() + HOUR).toISOString(),
        v.status,
        v.providerId ?? null,
        v.providerId ? new Date(`${orgDay(-10)}T18:00:00Z`).toISOString() : null,
        v.checkedIn ? startAt.toISOString() : null,
        new Date(`${orgDay(-10)}T12:00:00Z`).toISOString(),
        place.lat,
        place.lon,
      ],
    );
  }

  async function organization(name: string, zipcode: string) {
    const [rs] = await s().sql<{ id: number }>(
      `insert into referral_sources (name, zipcode, time_zone) values ($1, $2, 'America/Chicago') returning id`,
      [name, zipcode],
    );
    const [patient] = await s().sql<{ id: number }>(
      `insert into patients (referral_source_id, first_name, last_name) values ($1, 'Hal', 'Health') returning id`,
      [rs!.id],
    );
    const [refs] = await s().sql<{ episode: number; visit_type: number }>(
      `select (select min(id) from episodes) as episode, (select min(id) from visit_types) as visit_type`,
    );
    return {
      id: rs!.id,
      refs: { episode: refs!.episode, patient: patient!.id, visitType: refs!.visit_type },
    };
  }

  beforeAll(async () => {
    admin = await s().login('admin@carelane.local');
    [coordinator, orgUser, clinician] = await s().loginAs('coordinator', 'orgUser', 'clinician');
    await s().ownerSql(`insert into provider_types (id, type) values ($1, 'HEALTH')`, [TYPE]);
    const [own] = await s().sql<{ referral_source_id: number }>(
      `select referral_source_id from users where email_id = 'orguser@carelane.local'`,
    );
    orgUserOrg = own!.referral_source_id;
    ann = await clinicianOf('Ann', 3, 'TX', { lat: 30.28, lon: -97.75 }, 4.2);
    ben = await clinicianOf('Ben', 3, 'OK', { lat: 36.15, lon: -95.99 }, null); // Tulsa: 100 miles from OKC
    await clinicianOf('Cy', 5, 'TX', DALLAS, 3); // inactive: covers nothing, listed nowhere
    const tx = await organization('Health Texas Home Care', '78701');
    const ok = await organization('Health Oklahoma Care', '73102');
    texas = tx.id;
    oklahoma = ok.id;
    // Texas, this week: 5 requested (3 staffed, 2 checked in, 1 approved), 1 missed; 2 open, 1 near Ann.
    await addVisit(texas, tx.refs, { status: 'NotesApproved', providerId: ann, checkedIn: true });
    await addVisit(texas, tx.refs, { status: 'Staffed', providerId: ann });
    await addVisit(texas, tx.refs, { status: 'NotesOverdue', providerId: ann, checkedIn: true });
    await addVisit(texas, tx.refs, { status: 'Active' });
    await addVisit(texas, tx.refs, { status: 'Active', place: DALLAS });
    await addVisit(texas, tx.refs, { status: 'Missed', providerId: ann });
    await addVisit(texas, tx.refs, { status: 'Draft' });
    // Texas, the prior week: 1 requested, staffed, approved.
    await addVisit(texas, tx.refs, {
      status: 'NotesApproved',
      providerId: ann,
      checkedIn: true,
      day: orgDay(-9),
    });
    // Oklahoma, this week: 3 requested, 1 staffed; 2 open, nobody within 10 miles.
    await addVisit(oklahoma, ok.refs, { status: 'Staffed', providerId: ben, place: OKLAHOMA_CITY });
    await addVisit(oklahoma, ok.refs, { status: 'Active', place: OKLAHOMA_CITY });
    await addVisit(oklahoma, ok.refs, { status: 'Active', place: OKLAHOMA_CITY });
    // Organization and state health read the rollup, as the dashboard does: caught up here.
    await runReportRollupJob(s().services.db);
  });

  /** Every figure of every row: its drill-down's total is the figure's records. */
  async function expectDrillsTotal<C, R extends { current: C; prior: C }>(
    rows: readonly R[],
    figures: readonly HealthFigure<C>[],
    scope: (row: R) => Record<string, string | number>,
  ) {
    let checked = 0;
    for (const row of rows)
      for (const figure of figures)
        for (const period of ['current', 'prior'] as const) {
          const params = new URLSearchParams({ ...scope(row), period } as Record<string, string>);
          params.set('providerTypeId', String(TYPE));
          const path =
            figure.drill.kind === 'metric'
              ? `/api/admin/reports/dashboard/records?${params.toString()}&metric=${figure.drill.metric}&part=${figure.drill.part}`
              : `/api/admin/reports/health/visits?${params.toString()}&figure=${figure.drill.figure}`;
          const drill = await get<MetricDrill>(path);
          expect(drill.status).toBe(200);
          expect([row, figure.key, period, drill.body.paging.totalCount]).toEqual([
            row,
            figure.key,
            period,
            healthFigureRecords(figure, row[period]),
          ]);
          checked += 1;
        }
    return checked;
  }

  it('gives each organization its requested, staffed, missed visits and rates in both periods, worst first', async () => {
    const res = await get<OrganizationHealth>(`/api/admin/reports/health/organizations?${only}`);
    expect(res.status).toBe(200);
    expect(res.body.period).toEqual({ from: orgDay(-6), to: orgDay(0) });
    expect(res.body.prior).toEqual({ from: orgDay(-13), to: orgDay(-7) });
    expect(res.body.rows.map((r) => r.name)).toEqual(['Health Oklahoma Care', 'Health Texas Home Care']);
    const [okRow, txRow] = res.body.rows;
    expect(txRow!.current).toEqual({
      staffingRate: { numerator: 3, denominator: 5 },
      fillRate: { numerator: 2, denominator: 5 },
      completionRate: { numerator: 1, denominator: 3 },
      missedVisits: 1,
    });
    expect(txRow!.prior).toEqual({
      staffingRate: { numerator: 1, denominator: 1 },
      fillRate: { numerator: 1, denominator: 1 },
      completionRate: { numerator: 1, denominator: 1 },
      missedVisits: 0,
    });
    expect(okRow!.current.staffingRate).toEqual({ numerator: 1, denominator: 3 });
    // The dashboard's figures for the organization are the row's.
    const dashboard = await get<Dashboard>(`/api/admin/reports/dashboard?${only}&referralSourceId=${texas}`);
    for (const key of ['staffingRate', 'fillRate', 'completionRate'] as const) {
      const metric = dashboard.body.metrics.find((m) => m.key === key)!;
      expect([key, metric.current, metric.prior]).toEqual([key, txRow!.current[key], txRow!.prior[key]]);
    }
    expect(res.body.paging).toEqual({ pageNumber: 1, pageSize: 10, pageCount: 1, totalCount: 2 });
    expect(
      await expectDrillsTotal(res.body.rows, AREA_HEALTH_FIGURES, (r) => ({
        referralSourceId: r.referralSourceId,
      })),
    ).toBe(24);
  });

  it('sorts and pages as asked', async () => {
    const byName = await get<OrganizationHealth>(
      `/api/admin/reports/health/organizations?${only}&sort=name&pageSize=1&pageNumber=2`,
    );
    expect(byName.body.rows.map((r) => r.name)).toEqual(['Health Texas Home Care']);
    expect(byName.body.paging).toEqual({ pageNumber: 2, pageSize: 1, pageCount: 2, totalCount: 2 });
    const byMissed = await get<OrganizationHealth>(
      `/api/admin/reports/health/organizations?${only}&sort=missedVisits&order=descend`,
    );
    expect(byMissed.body.rows.map((r) => r.current.missedVisits)).toEqual([1, 0]);
  });

  it("adds the organizations' figures up per state, and each state's drill-downs total them", async () => {
    const res = await get<StateHealth>(`/api/admin/reports/health/states?${only}`);
    expect(res.status).toBe(200);
    expect(res.body.rows.map((r) => [r.state, r.organizations, r.current.staffingRate])).toEqual([
      ['OK', 1, { numerator: 1, denominator: 3 }],
      ['TX', 1, { numerator: 3, denominator: 5 }],
    ]);
    expect(await expectDrillsTotal(res.body.rows, AREA_HEALTH_FIGURES, (r) => ({ state: r.state }))).toBe(24);
  });

  it('lists every active clinician with their visits, rating and last sign-in, most missed first', async () => {
    const res = await get<ClinicianHealth>(`/api/admin/reports/health/clinicians?${only}`);
    expect(res.status).toBe(200);
    expect(res.body.rows.map((r) => [r.name, r.providerTypeName, r.state, r.rating, r.lastLogin])).toEqual([
      ['Ann Health', 'HEALTH', 'TX', 4.2, null],
      ['Ben Health', 'HEALTH', 'OK', null, null],
    ]);
    expect(res.body.rows[0]!.current).toEqual({
      assignedVisits: 3,
      completedVisits: 1,
      missedVisits: 1,
      notesOverdue: 1,
    });
    expect(res.body.rows[0]!.prior).toEqual({
      assignedVisits: 1,
      completedVisits: 1,
      missedVisits: 0,
      notesOverdue: 0,
    });
    expect(res.body.rows[1]!.current.assignedVisits).toBe(1);
    expect(
      await expectDrillsTotal(res.body.rows, CLINICIAN_HEALTH_FIGURES, (r) => ({ providerId: r.providerId })),
    ).toBe(16);
    // The organization filter counts only that organization's visits.
    const inOklahoma = await get<ClinicianHealth>(
      `/api/admin/reports/health/clinicians?${only}&referralSourceId=${oklahoma}&sort=name`,
    );
    expect(inOklahoma.body.rows.map((r) => [r.name, r.current.assignedVisits])).toEqual([
      ['Ann Health', 0],
      ['Ben Health', 1],
    ]);
  });

  it('counts open visits and those with no active clinician of their type within 10 miles, worst first', async () => {
    const res = await get<OperationsHealth>(`/api/admin/reports/health/operations?${only}`);
    expect(res.status).toBe(200);
    expect(res.body.rows.map((r) => [r.name, r.current.openVisits, r.current.coverageMismatch])).toEqual([
      ['Health Oklahoma Care', 2, 2],
      ['Health Texas Home Care', 2, 1],
    ]);
    expect(
      await expectDrillsTotal(res.body.rows, OPERATIONS_HEALTH_FIGURES, (r) => ({
        referralSourceId: r.referralSourceId,
      })),
    ).toBe(8);
    const uncovered = await get<MetricDrill>(
      `/api/admin/reports/health/visits?${only}&referralSourceId=${texas}&figure=coverageMismatch`,
    );
    const rows = uncovered.body.subject === 'visits' ? uncovered.body.rows : [];
    expect(rows.map((r) => [r.status, r.organizationName])).toEqual([['Active', 'Health Texas Home Care']]);
  });

  it("measures distance in SQL as shared-domain's distanceMiles does", async () => {
    for (const [a, b] of [
      [AUSTIN, DALLAS],
      [OKLAHOMA_CITY, { lat: 36.15, lon: -95.99 }],
      [AUSTIN, { lat: 30.28, lon: -97.75 }],
    ] as const) {
      const [row] = await queryRows<{ m: number }>(
        s().services.db,
        sql`select ${milesBetween(sql`${a.lat}::float8`, sql`${a.lon}::float8`, sql`${b.lat}::float8`, sql`${b.lon}::float8`)} as m`,
      );
      expect(Number(row!.m)).toBeCloseTo(distanceMiles(a.lat, a.lon, b.lat, b.lon), 6);
    }
  });

  it('answers no rows for a period without visits', async () => {
    const res = await get<OrganizationHealth>(
      `/api/admin/reports/health/organizations?${only}&from=${orgDay(-60)}&to=${orgDay(-50)}`,
    );
    expect(res.status).toBe(200);
    expect(res.body.rows).toEqual([]);
    expect(res.body.paging.totalCount).toBe(0);
  });

  it('opens for staffing roles and refuses organization users and clinicians with 403', async () => {
    expect((await get(`/api/admin/reports/health/states?${only}`, coordinator)).status).toBe(200);
    for (const path of ['organizations', 'states', 'clinicians', 'operations']) {
      expect((await get(`/api/admin/reports/health/${path}`, clinician)).status).toBe(403);
      expect((await get(`/api/admin/reports/health/${path}`, orgUser)).status).toBe(403);
      expect((await get(`/api/admin/reports/health/${path}?referralSourceId=${texas}`, orgUser)).status).toBe(
        403,
      );
    }
    expect((await get(`/api/admin/reports/health/visits?figure=missedVisits`, clinician)).status).toBe(403);
    expect(
      (
        await get(
          `/api/admin/reports/health/visits?figure=missedVisits&referralSourceId=${orgUserOrg}`,
          orgUser,
        )
      ).status,
    ).toBe(403);
  });

  it('refuses a period over 366 days naming `to`, an unknown sort or figure; an end before the start is one day', async () => {
    const long = await get<Problem>(
      `/api/admin/reports/health/organizations?from=${orgDay(-366)}&to=${orgDay(0)}`,
    );
    expect(long.status).toBe(400);
    expect(long.body.errors.map((e) => e.field)).toEqual(['to']);
    const sort = await get<Problem>(`/api/admin/reports/health/clinicians?sort=password`);
    expect(sort.status).toBe(400);
    expect(sort.body.errors.map((e) => e.field)).toEqual(['sort']);
    const figure = await get<Problem>(`/api/admin/reports/health/visits?figure=everything`);
    expect(figure.status).toBe(400);
    expect(figure.body.errors.map((e) => e.field)).toEqual(['figure']);
    const backwards = await get<OrganizationHealth>(
      `/api/admin/reports/health/organizations?${only}&from=${orgDay(-2)}&to=${orgDay(-5)}`,
    );
    expect(backwards.status).toBe(200);
    expect(backwards.body.period).toEqual({ from: orgDay(-2), to: orgDay(-2) });
    expect(backwards.body.rows.map((r) => r.current.staffingRate)).toEqual([
      { numerator: 1, denominator: 3 },
      { numerator: 3, denominator: 5 },
    ]);
  });
});
