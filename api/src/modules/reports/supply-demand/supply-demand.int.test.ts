// /supplyDemandGap through the API on both databases (issue 26, decision 057): visits of a provider type of the
// test's own in Travis, Dallas and Oklahoma counties (and one with no ZIP code), and clinicians of that type living
// there, give each county's figures and the largest gap first; every figure's records total the figure; visit
// lists are access-logged; who may read it; bad input names its field.
import {
  SUPPLY_DEMAND_FIGURES,
  supplyDemandValue,
  type MetricDrill,
  type SupplyDemand,
} from '@carelane/shared-domain';
import { describeEachDatabase, type TestServer } from '../../../test/harness';
import { orgDay } from '../../../test/org-days';

const TYPE = 932;
const HOUR = 3_600_000;
type Problem = { errors: { field: string }[] };

describeEachDatabase('supply and demand gap', (server) => {
  const s = (): TestServer => server();
  let admin = '';
  let coordinator = '';
  let orgUser = '';
  let clinician = '';
  let texas = 0;
  let oklahoma = 0;
  let texasPatient = 0;
  let maxAudit = 0;
  const get = <T>(path: string, token = admin) => s().request<T>('GET', path, { token });
  const only = `providerTypeId=${TYPE}`;
  const base = '/api/admin/reports/supplyDemandGap';

  async function clinicianOf(name: string, statusId: number, zipcode: string | null) {
    await s().sql(
      `insert into providers (given_name, family_name, provider_type_id, provider_status_id, state, zipcode)
       values ($1, 'Gap', $2, $3, 'TX', $4)`,
      [name, TYPE, statusId, zipcode],
    );
  }

  type Refs = { org: number; episode: number; patient: number; visitType: number };
  async function addVisit(refs: Refs, status: string, zipcode: string | null, day = orgDay(-2)) {
    const startAt = new Date(`${day}T15:00:00Z`);
    await s().sql(
      `insert into visits (episode_id, referral_source_id, patient_id, visit_type_id, provider_type_id,
         date_of_service, start_at, end_at, time_zone, status, zipcode)
       values ($1, $2, $3, $4, $5, $6, $7, $8, 'America/Chicago', $9, $10)`,
      [
        refs.episode,
        refs.org,
        refs.patient,
        refs.visitType,
        TYPE,
        day,
        startAt.toISOString(),
        new Date(startAt.getTime() + HOUR).toISOString(),
        status,
        zipcode,
      ],
    );
  }

  async function organization(name: string, zipcode: string): Promise<Refs> {
    const [rs] = await s().sql<{ id: number }>(
      `insert into referral_sources (name, zipcode, time_zone) values ($1, $2, 'America/Chicago') returning id`,
      [name, zipcode],
    );
    const [patient] = await s().sql<{ id: number }>(
      `insert into patients (referral_source_id, first_name, last_name, zipcode) values ($1, 'Gus', 'Gap', $2)
       returning id`,
      [rs!.id, zipcode],
    );
    const [refs] = await s().sql<{ episode: number; visit_type: number }>(
      `select (select min(id) from episodes) as episode, (select min(id) from visit_types) as visit_type`,
    );
    return { org: rs!.id, episode: refs!.episode, patient: patient!.id, visitType: refs!.visit_type };
  }

  beforeAll(async () => {
    admin = await s().login('admin@carelane.local');
    [coordinator, orgUser, clinician] = await s().loginAs('coordinator', 'orgUser', 'clinician');
    await s().ownerSql(`insert into provider_types (id, type) values ($1, 'GAP')`, [TYPE]);
    const [audit] = await s().sql<{ m: number | null }>(`select max(id) as m from audit_log`);
    maxAudit = Number(audit?.m ?? 0);
    // Clinicians of the type: two active in Travis (and one inactive), one in Dallas, one in Oklahoma County,
    // one in New York (no visits there: no row).
    await clinicianOf('Ann', 3, '78701');
    await clinicianOf('Ben', 3, '78702');
    await clinicianOf('Cy', 5, '78701');
    await clinicianOf('Di', 3, '75201');
    await clinicianOf('Ed', 3, '73102');
    await clinicianOf('Fay', 3, '10001');
    const tx = await organization('Gap Texas Home Care', '78701');
    const ok = await organization('Gap Oklahoma Care', '73102');
    texas = tx.org;
    oklahoma = ok.org;
    texasPatient = tx.patient;
    // Travis, this week: 4 requested (Active, Expired, Staffed, NotesApproved), 2 staffed; Missed and Draft are
    // not asked for. The week before: 1 staffed.
    for (const status of ['Active', 'Expired', 'Staffed', 'NotesApproved', 'Missed', 'Draft'])
      await addVisit(tx, status, '78701');
    await addVisit(tx, 'Staffed', '78702', orgDay(-9));
    // Dallas, this week: 3 open, 1 staffed.
    for (const status of ['Active', 'Active', 'Active', 'Staffed']) await addVisit(tx, status, '75201');
    // No ZIP code: its county cannot be told.
    await addVisit(tx, 'Active', null);
    // Oklahoma County: 1 staffed.
    await addVisit(ok, 'Staffed', '73102');
  });

  it('gives each county its requested, staffed and unstaffed visits in both periods and its active clinicians, largest gap first', async () => {
    const res = await get<SupplyDemand>(`${base}?${only}`);
    expect(res.status).toBe(200);
    expect(res.body.period).toEqual({ from: orgDay(-6), to: orgDay(0) });
    expect(res.body.prior).toEqual({ from: orgDay(-13), to: orgDay(-7) });
    expect(res.body.rows.map((r) => [r.county, r.name, r.activeClinicians, r.current, r.prior])).toEqual([
      ['48113', 'Dallas County, TX', 1, { requested: 4, staffed: 1 }, { requested: 0, staffed: 0 }],
      ['48453', 'Travis County, TX', 2, { requested: 4, staffed: 2 }, { requested: 1, staffed: 1 }],
      ['unknown', 'County unknown', 0, { requested: 1, staffed: 0 }, { requested: 0, staffed: 0 }],
      ['40109', 'Oklahoma County, OK', 1, { requested: 1, staffed: 1 }, { requested: 0, staffed: 0 }],
    ]);
    expect(res.body.paging.totalCount).toBe(4);
    const firstPage = await get<SupplyDemand>(`${base}?${only}&pageSize=1&sort=name`);
    expect(firstPage.body.rows.map((r) => r.name)).toEqual(['County unknown']);
    expect(firstPage.body.all).toEqual(res.body.rows);
  });

  it("lists the records behind every figure, their total the figure's, in both periods", async () => {
    const res = await get<SupplyDemand>(`${base}?${only}`);
    let checked = 0;
    for (const row of res.body.rows)
      for (const figure of SUPPLY_DEMAND_FIGURES)
        for (const period of ['current', 'prior'] as const) {
          if (!figure.drill) continue;
          const drill = await get<MetricDrill>(
            `${base}/records?${only}&county=${row.county}&figure=${figure.drill}&period=${period}`,
          );
          expect(drill.status).toBe(200);
          expect([row.name, figure.key, period, drill.body.paging.totalCount]).toEqual([
            row.name,
            figure.key,
            period,
            supplyDemandValue(figure, row, period),
          ]);
          expect(drill.body.subject).toBe(figure.drill === 'activeClinicians' ? 'clinicians' : 'visits');
          checked += 1;
        }
    expect(checked).toBe(4 * 4 * 2);
    const open = await get<MetricDrill>(`${base}/records?${only}&county=48113&figure=unstaffed`);
    expect(open.body.subject === 'visits' && open.body.rows.map((r) => r.status)).toEqual([
      'Active',
      'Active',
      'Active',
    ]);
    const people = await get<MetricDrill>(`${base}/records?${only}&county=48453&figure=activeClinicians`);
    expect(people.body.subject === 'clinicians' && people.body.rows.map((r) => r.name)).toEqual([
      'Ann Gap',
      'Ben Gap',
    ]);

    await s().services.accessLog.flush();
    const reads = await s().sql<{ patient_ids: number[]; outcome: string }>(
      `select patient_ids, outcome from audit_log
        where action = 'READ' and entity = 'metricVisitList' and user_email = 'admin@carelane.local' and id > $1`,
      [maxAudit],
    );
    expect(reads.length).toBeGreaterThan(0);
    expect(reads.every((r) => r.outcome === 'ALLOWED')).toBe(true);
    expect(reads.flatMap((r) => r.patient_ids.map(Number))).toContain(texasPatient);
  });

  it("filters by organization and by the county's state, and pages and sorts the counties", async () => {
    const ok = await get<SupplyDemand>(`${base}?${only}&referralSourceId=${oklahoma}`);
    expect(ok.body.rows.map((r) => r.name)).toEqual(['Oklahoma County, OK']);
    const inOk = await get<SupplyDemand>(`${base}?${only}&state=ok`);
    expect(inOk.body.rows.map((r) => r.name)).toEqual(['Oklahoma County, OK']);
    const tx = await get<SupplyDemand>(`${base}?${only}&referralSourceId=${texas}&sort=name&order=descend`);
    expect(tx.body.rows.map((r) => r.name)).toEqual([
      'Travis County, TX',
      'Dallas County, TX',
      'County unknown',
    ]);
    const page = await get<SupplyDemand>(`${base}?${only}&sort=visitsPerClinician&order=descend&pageSize=2`);
    expect(page.body.rows.map((r) => r.name)).toEqual(['Dallas County, TX', 'Travis County, TX']);
    expect(page.body.paging.totalCount).toBe(4);
    const empty = await get<SupplyDemand>(`${base}?${only}&from=${orgDay(-60)}&to=${orgDay(-50)}`);
    expect(empty.body.rows).toEqual([]);
    expect(empty.body.paging.totalCount).toBe(0);
  });

  it('opens for staffing roles and refuses organization users and clinicians with 403', async () => {
    expect((await get(`${base}?${only}`, coordinator)).status).toBe(200);
    for (const path of [base, `${base}/records?county=48453&figure=requested`]) {
      expect((await get(path, clinician)).status).toBe(403);
      expect((await get(path, orgUser)).status).toBe(403);
    }
  });

  it('refuses bad input naming the field: a period over 366 days, an unknown organization, county, figure or sort', async () => {
    const field = async (path: string) => {
      const res = await get<Problem>(path);
      return [res.status, res.body.errors?.map((e) => e.field)];
    };
    expect(await field(`${base}?from=${orgDay(-366)}&to=${orgDay(0)}`)).toEqual([400, ['to']]);
    expect(await field(`${base}?referralSourceId=999999`)).toEqual([400, ['referralSourceId']]);
    expect(await field(`${base}?sort=password`)).toEqual([400, ['sort']]);
    expect(await field(`${base}?state=Texas`)).toEqual([400, ['state']]);
    expect(await field(`${base}/records?county=Travis&figure=requested`)).toEqual([400, ['county']]);
    expect(await field(`${base}/records?county=48453&figure=everything`)).toEqual([400, ['figure']]);
    expect(await field(`${base}/records?figure=requested`)).toEqual([400, ['county']]);
    expect(await field(`${base}/records?county=48453&figure=requested&referralSourceId=999999`)).toEqual([
      400,
      ['referralSourceId'],
    ]);
  });
});
