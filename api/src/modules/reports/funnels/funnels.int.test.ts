// The visit funnels through the API on both databases (issue 26, decision 053): an organization of its own with
// visits of a provider type of its own gives each stage's count (the 5-mile coverage by the one SQL distance
// rule), the median time in stage and the prior period; every stage's records total its count; who may read it;
// bad input.
import {
  FUNNELS,
  type FunnelAnswer,
  type FunnelOrganizations,
  type MetricDrill,
} from '@carelane/shared-domain';
import { describeEachDatabase, type TestServer } from '../../../test/harness';
import { orgDay } from '../../../test/org-days';

const TYPE = 953;
const HOUR = 3_600_000;
const AUSTIN = { lat: 30.27, lon: -97.74 };
const DALLAS = { lat: 32.78, lon: -96.8 };
type Problem = { errors: { field: string }[] };

describeEachDatabase('funnel reports', (server) => {
  const s = (): TestServer => server();
  let admin = '';
  let orgUser = '';
  let clinicianUser = '';
  let org = 0;
  let ann = 0;
  const get = <T>(path: string, token = admin) => s().request<T>('GET', path, { token });
  const filters = () => `from=${orgDay(-6)}&to=${orgDay(0)}&referralSourceId=${org}&providerTypeId=${TYPE}`;

  async function addVisit(
    refs: { episode: number; patient: number; visitType: number },
    v: {
      status: string;
      staffedAfterHours?: number;
      checkedIn?: boolean;
      day?: string;
      place?: typeof AUSTIN;
    },
  ) {
    const day = v.day ?? orgDay(-2);
    const startAt = new Date(`${day}T15:00:00Z`);
    const requested = new Date(`${orgDay(-10)}T12:00:00Z`);
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
        v.staffedAfterHours !== undefined ? ann : null,
        v.staffedAfterHours !== undefined
          ? new Date(requested.getTime() + v.staffedAfterHours * HOUR).toISOString()
          : null,
        v.checkedIn ? startAt.toISOString() : null,
        requested.toISOString(),
        place.lat,
        place.lon,
      ],
    );
  }

  beforeAll(async () => {
    admin = await s().login('admin@carelane.local');
    [orgUser, clinicianUser] = await s().loginAs('orgUser', 'clinician');
    await s().ownerSql(`insert into provider_types (id, type) values ($1, 'FUNNEL')`, [TYPE]);
    const [rs] = await s().sql<{ id: number }>(
      `insert into referral_sources (name, zipcode, time_zone) values ('Funnel Home Care', '78701', 'America/Chicago')
       returning id`,
    );
    org = rs!.id;
    const [patient] = await s().sql<{ id: number }>(
      `insert into patients (referral_source_id, first_name, last_name) values ($1, 'Fay', 'Funnel') returning id`,
      [org],
    );
    const [refs] = await s().sql<{ episode: number; visit_type: number }>(
      `select (select min(id) from episodes) as episode, (select min(id) from visit_types) as visit_type`,
    );
    const [clinician] = await s().sql<{ id: number }>(
      `insert into providers (given_name, family_name, provider_type_id, provider_status_id, state,
         preferred_latitude, preferred_longitude)
       values ('Ann', 'Funnel', $1, 3, 'TX', 30.30, -97.74) returning id`,
      [TYPE],
    );
    ann = clinician!.id;
    const r = { episode: refs!.episode, patient: patient!.id, visitType: refs!.visit_type };
    // This week: requested 5 (Missed, Deleted, Draft never count); covered 4 (the Dallas one is 180 miles from
    // Ann); staffed 3 (after 2, 4 and 10 hours: median 4); checked in 2; completed 1.
    await addVisit(r, { status: 'NotesApproved', staffedAfterHours: 2, checkedIn: true });
    await addVisit(r, { status: 'NotesOverdue', staffedAfterHours: 4, checkedIn: true });
    await addVisit(r, { status: 'Staffed', staffedAfterHours: 10, place: DALLAS });
    await addVisit(r, { status: 'Active' });
    await addVisit(r, { status: 'Expired', place: DALLAS });
    await addVisit(r, { status: 'Missed', staffedAfterHours: 1 });
    await addVisit(r, { status: 'Deleted' });
    await addVisit(r, { status: 'Draft' });
    // The prior week: one requested and covered visit.
    await addVisit(r, { status: 'Active', day: orgDay(-9) });
  });

  it('counts each stage, the 5-mile coverage and the median time in stage, with the prior period', async () => {
    const res = await get<FunnelAnswer>(`/api/admin/reports/funnels/visitFunnel?${filters()}`);
    expect(res.status).toBe(200);
    expect(res.body.period).toEqual({ from: orgDay(-6), to: orgDay(0) });
    expect(res.body.stages.map((st) => [st.id, st.current.count, st.prior.count])).toEqual([
      ['requested', 5, 1],
      ['covered', 4, 1],
      ['staffed', 3, 0],
      ['checkedIn', 2, 0],
      ['completed', 1, 0],
    ]);
    expect(res.body.stages[2]!.current.medianHours).toBeCloseTo(4, 6);
    expect(res.body.stages[1]!.current.medianHours).toBeNull();
  });

  it("lists each stage's records, their total the stage's count, in both periods", async () => {
    for (const key of ['visitFunnel', 'referralSourceConversion'] as const) {
      const answer = await get<FunnelAnswer>(`/api/admin/reports/funnels/${key}?${filters()}`);
      expect(answer.body.stages).toHaveLength(FUNNELS.find((f) => f.key === key)!.stages.length);
      for (const stage of answer.body.stages)
        for (const period of ['current', 'prior'] as const) {
          const res = await get<MetricDrill>(
            `/api/admin/reports/funnels/${key}/stages/${stage.id}/records?${filters()}&period=${period}&pageSize=2`,
          );
          expect(res.status).toBe(200);
          expect(res.body.paging.totalCount).toBe(stage[period].count);
          expect(res.body.rows.length).toBe(Math.min(2, stage[period].count));
        }
    }
  });

  it("gives the organization conversion's row per organization, its drill-down its counts", async () => {
    const res = await get<FunnelOrganizations>(
      `/api/admin/reports/funnels/referralSourceConversion/organizations?${filters()}`,
    );
    expect(res.status).toBe(200);
    expect(res.body.period).toEqual({ from: orgDay(-6), to: orgDay(0) });
    // Requested 5, staffed 3, completed 1 (the visit funnel's example without coverage).
    expect(res.body.rows).toEqual([
      { referralSourceId: org, organizationName: 'Funnel Home Care', counts: [5, 3, 1] },
    ]);
    const stages = FUNNELS.find((f) => f.key === 'referralSourceConversion')!.stages;
    for (const [i, stage] of stages.entries()) {
      const drill = await get<MetricDrill>(
        `/api/admin/reports/funnels/referralSourceConversion/stages/${stage.id}/records?${filters()}`,
      );
      expect(drill.body.paging.totalCount).toBe(res.body.rows[0]!.counts[i]);
    }
    // Without the organization filter, every organization with a requested visit, worst first.
    const all = await get<FunnelOrganizations>(
      `/api/admin/reports/funnels/referralSourceConversion/organizations?from=${orgDay(-6)}&to=${orgDay(0)}&providerTypeId=${TYPE}`,
    );
    expect(all.body.rows.map((r) => r.referralSourceId)).toEqual([org]);
    expect(
      (await get(`/api/admin/reports/funnels/referralSourceConversion/organizations?${filters()}`, orgUser))
        .status,
    ).toBe(403);
    const unknown = await get<Problem>(
      `/api/admin/reports/funnels/referralSourceConversion/organizations?referralSourceId=99999999`,
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors[0]!.field).toBe('referralSourceId');
  });

  it('refuses the organization roles (no funnelReports) and answers bad input with the field', async () => {
    for (const token of [orgUser, clinicianUser])
      for (const path of [
        `visitFunnel?${filters()}`,
        `referralSourceConversion?${filters()}`,
        `referralSourceConversion/organizations?${filters()}`,
        `referralSourceConversion/stages/requested/records?${filters()}`,
      ])
        expect((await get(`/api/admin/reports/funnels/${path}`, token)).status).toBe(403);
    const long = await get<Problem>(
      `/api/admin/reports/funnels/visitFunnel?from=${orgDay(-400)}&to=${orgDay(0)}`,
    );
    expect(long.status).toBe(400);
    expect(long.body.errors[0]!.field).toBe('to');
    const unknown = await get<Problem>(`/api/admin/reports/funnels/visitFunnel?referralSourceId=99999999`);
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors[0]!.field).toBe('referralSourceId');
    const stage = await get<Problem>(
      `/api/admin/reports/funnels/visitFunnel/stages/nope/records?${filters()}`,
    );
    expect(stage.status).toBe(400);
    expect(stage.body.errors[0]!.field).toBe('stage');
    expect((await get(`/api/admin/reports/funnels/noSuchFunnel?${filters()}`)).status).toBe(400);
    // An end before the start is one day, the start (SPEC §5).
    const backwards = await get<FunnelAnswer>(
      `/api/admin/reports/funnels/visitFunnel?from=${orgDay(-2)}&to=${orgDay(-5)}&referralSourceId=${org}&providerTypeId=${TYPE}`,
    );
    expect(backwards.status).toBe(200);
    expect(backwards.body.period).toEqual({ from: orgDay(-2), to: orgDay(-2) });
    expect(backwards.body.stages[0]!.current.count).toBe(5);
  });
});
