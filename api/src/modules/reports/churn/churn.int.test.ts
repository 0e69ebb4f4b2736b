// /historicalChurn through the API on both databases (issue 26, decision 055): clinicians of a provider type of
// their own, staffed for an organization of its own in known months, give each month's active, won, new,
// returning and lost, the churn rate and the cohorts; the list behind every figure has the figure's total; the
// organizations' view over the same visits; bad input and who may read it.
import type { Churn, ChurnMembers } from '@carelane/shared-domain';
import { describeEachDatabase, type TestServer } from '../../../test/harness';
import { orgDay } from '../../../test/org-days';
import { runReportRollupJob } from '../rollups/job';

const TYPE = 955;
type Problem = { errors: { field: string }[] };

/** `month` (YYYY-MM) moved by `n` months. */
function monthPlus(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) + n;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

describeEachDatabase('historical churn', (server) => {
  const s = (): TestServer => server();
  let admin = '';
  let orgUser = '';
  let clinician = '';
  let org = 0;
  let org2 = 0;
  // The window: the four months ending last month; B the month before it, E two months before that.
  const thisMonth = orgDay(0).slice(0, 7);
  const [W1, W2, W3, W4] = [-4, -3, -2, -1].map((n) => monthPlus(thisMonth, n)) as [
    string,
    string,
    string,
    string,
  ];
  const B = monthPlus(W1, -1);
  const E = monthPlus(W1, -3);
  const who: Record<string, number> = {};
  const get = <T>(path: string, token = admin) => s().request<T>('GET', path, { token });

  beforeAll(async () => {
    admin = await s().login('admin@carelane.local');
    [orgUser, clinician] = await s().loginAs('orgUser', 'clinician');
    await s().ownerSql(`insert into provider_types (id, type) values ($1, 'CHURN')`, [TYPE]);
    const orgs = await s().sql<{ id: number }>(
      `insert into referral_sources (name, zipcode, time_zone) values ('Churn Home Care', '78701', 'America/Chicago'),
         ('Churn Hospice', '78702', 'America/Chicago') returning id`,
    );
    [org, org2] = orgs.map((o) => o.id) as [number, number];
    for (const name of ['Ann', 'Ben', 'Cal', 'Dee']) {
      const [p] = await s().sql<{ id: number }>(
        `insert into providers (given_name, family_name, provider_type_id) values ($1, 'Churn', $2) returning id`,
        [name, TYPE],
      );
      who[name] = p!.id;
    }
    const [patient] = await s().sql<{ id: number }>(
      `insert into patients (referral_source_id, first_name, last_name) values ($1, 'Cora', 'Churn') returning id`,
      [org],
    );
    const [refs] = await s().sql<{ episode: number; visit_type: number }>(
      `select (select min(id) from episodes) as episode, (select min(id) from visit_types) as visit_type`,
    );
    const visit = (month: string, referralSourceId: number, status: string, providerId: number | null) =>
      s().sql(
        `insert into visits (episode_id, referral_source_id, patient_id, visit_type_id, provider_type_id, provider_id,
           date_of_service, start_at, end_at, time_zone, status)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'America/Chicago', $10)`,
        [
          refs!.episode,
          referralSourceId,
          patient!.id,
          refs!.visit_type,
          TYPE,
          providerId,
          `${month}-15`,
          `${month}-15T15:00:00Z`,
          `${month}-15T16:00:00Z`,
          status,
        ],
      );
    // Ann: E, B, W1, W2 (lost in W3). Ben: W2 and W4 (new in W2, lost in W3, back in W4).
    // Cal: E, then W3 (returning in W3, lost in W4). Dee: B only (lost in W1).
    const staffed: [string, string[]][] = [
      ['Ann', [E, B, W1, W2]],
      ['Ben', [W2, W4]],
      ['Cal', [E, W3]],
      ['Dee', [B]],
    ];
    for (const [name, months] of staffed)
      for (const month of months) await visit(month, org, 'Staffed', who[name]!);
    // Not a clinician's month: canceled, and published without a clinician. The hospice asks for one visit in W3.
    await visit(W1, org, 'Canceled', who.Cal!);
    await visit(W3, org2, 'Active', null);
    await visit(W4, org2, 'Canceled', null);
    await runReportRollupJob(s().services.db);
  });

  const report = (query: string, token = admin) =>
    get<Churn>(`/api/admin/reports/historicalChurn?toMonth=${W4}&months=4&${query}`, token);
  const records = (query: string) =>
    get<ChurnMembers>(
      `/api/admin/reports/historicalChurn/records?toMonth=${W4}&months=4&pageSize=50&${query}`,
    );

  it("gives each month's clinicians active, won, new, returning and lost, the churn rate and the cohorts", async () => {
    const res = await report(`subject=clinicians&referralSourceId=${org}`);
    expect(res.status).toBe(200);
    expect(res.body.months).toEqual([W1, W2, W3, W4]);
    expect(
      res.body.rows.map((r) => [r.month, r.active, r.won, r.new, r.returning, r.lost, r.churnRate]),
    ).toEqual([
      [W1, 1, 0, 0, 0, 1, 0.5],
      [W2, 2, 1, 1, 0, 0, 0],
      [W3, 1, 1, 0, 1, 2, 1],
      [W4, 1, 1, 0, 1, 1, 1],
    ]);
    expect(res.body.cohorts).toEqual([
      { month: W1, size: 0, retained: [0, 0, 0, 0] },
      { month: W2, size: 1, retained: [1, 0, 1] },
      { month: W3, size: 0, retained: [0, 0] },
      { month: W4, size: 0, retained: [0] },
    ]);
    // The provider type alone reaches the same clinicians.
    const byType = await report(`subject=clinicians&providerTypeId=${TYPE}`);
    expect(byType.body.rows).toEqual(res.body.rows);
  });

  it('lists behind every figure exactly the clinicians it counts, by name', async () => {
    const { body } = await report(`subject=clinicians&referralSourceId=${org}`);
    for (const row of body.rows)
      for (const figure of ['active', 'won', 'new', 'returning', 'lost'] as const) {
        const res = await records(
          `subject=clinicians&referralSourceId=${org}&month=${row.month}&figure=${figure}`,
        );
        expect(res.status).toBe(200);
        expect([row.month, figure, res.body.paging.totalCount]).toEqual([row.month, figure, row[figure]]);
        expect(res.body.rows).toHaveLength(row[figure]);
      }
    const lost = await records(`subject=clinicians&referralSourceId=${org}&month=${W3}&figure=lost`);
    expect(lost.body.rows.map((r) => [r.name, r.detail, r.firstMonth])).toEqual([
      ['Ann Churn', 'CHURN', E],
      ['Ben Churn', 'CHURN', W2],
    ]);
    const cohort = await records(`subject=clinicians&referralSourceId=${org}&cohort=${W2}&offset=2`);
    expect(cohort.body.rows.map((r) => r.id)).toEqual([who.Ben]);
  });

  it("gives the organizations' months over the same filters", async () => {
    const res = await report(`subject=organizations&providerTypeId=${TYPE}`);
    expect(res.status).toBe(200);
    expect(res.body.rows.map((r) => [r.month, r.active, r.won, r.new, r.returning, r.lost])).toEqual([
      [W1, 1, 0, 0, 0, 0],
      [W2, 1, 0, 0, 0, 0],
      [W3, 2, 1, 1, 0, 0],
      [W4, 1, 0, 0, 0, 1],
    ]);
    const lost = await records(`subject=organizations&providerTypeId=${TYPE}&month=${W4}&figure=lost`);
    expect(lost.body.rows.map((r) => [r.id, r.name, r.firstMonth])).toEqual([[org2, 'Churn Hospice', W3]]);
  });

  it('refuses a window it cannot read, naming the field', async () => {
    const field = async (path: string) => {
      const res = await get<Problem>(path);
      return [res.status, res.body.errors?.map((e) => e.field)];
    };
    const base = '/api/admin/reports/historicalChurn';
    expect(await field(`${base}?months=25`)).toEqual([400, ['months']]);
    expect(await field(`${base}?toMonth=2026-13`)).toEqual([400, ['toMonth']]);
    expect(await field(`${base}?subject=patients`)).toEqual([400, ['subject']]);
    expect(await field(`${base}?referralSourceId=99999999`)).toEqual([400, ['referralSourceId']]);
    expect(await field(`${base}/records?toMonth=${W4}&months=4`)).toEqual([400, ['month']]);
    expect(await field(`${base}/records?toMonth=${W4}&months=4&month=${W1}`)).toEqual([400, ['figure']]);
    expect(await field(`${base}/records?toMonth=${W4}&months=4&cohort=${B}&offset=0`)).toEqual([
      400,
      ['cohort'],
    ]);
    expect(await field(`${base}/records?toMonth=${W4}&months=4&cohort=${W3}&offset=2`)).toEqual([
      400,
      ['offset'],
    ]);
  });

  it('is refused to clinicians and organization users', async () => {
    for (const token of [clinician, orgUser]) {
      expect((await report('subject=clinicians', token)).status).toBe(403);
      expect(
        (await get(`/api/admin/reports/historicalChurn/records?month=${W1}&figure=active`, token)).status,
      ).toBe(403);
    }
  });
});
