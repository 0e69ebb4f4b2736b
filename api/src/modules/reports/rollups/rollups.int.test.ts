// The visit rollup on both databases (decision 051): after the job, report_visit_days holds exactly what the
// visits themselves give; every kind of write that moves a figure queues its visit; a batch that fails leaves
// the rollup and the queue as they were and the next run catches up; two runs at once count each visit once.
import { sql } from 'drizzle-orm';
import { STAFFED_VISIT_STATUSES } from '@carelane/shared-domain';
import { describeEachDatabase, type TestServer } from '../../../test/harness';
import { orgDay } from '../../../test/org-days';
import { runReportRollupJob } from './job';
import * as repo from './repository';

type Row = { day: string; rs: number; pt: number; status: string; visits: number };

describeEachDatabase('report rollups', (server) => {
  const s = (): TestServer => server();

  /** The rollup summed over the evidence mask, and the same counted from the visits, in one order. */
  async function rolledUp(): Promise<Row[]> {
    return s().sql<Row>(
      `select day::text as day, referral_source_id as rs, provider_type_id as pt, status, sum(visits)::int as visits
         from report_visit_days group by 1, 2, 3, 4 order by 1, 2, 3, 4`,
    );
  }
  async function fromVisits(): Promise<Row[]> {
    return s().sql<Row>(
      `select date_of_service::text as day, referral_source_id as rs, provider_type_id as pt, status,
              count(*)::int as visits
         from visits where non_visit = false group by 1, 2, 3, 4 order by 1, 2, 3, 4`,
    );
  }
  /** Staffed visits per day, clinician and organization: the rollup's and the visits' own. */
  type ClinicianDay = { day: string; provider: number; rs: number; visits: number };
  const clinicianDays = () =>
    s().sql<ClinicianDay>(
      `select day::text as day, provider_id as provider, referral_source_id as rs, visits
         from report_clinician_days order by 1, 2, 3`,
    );
  const clinicianDaysFromVisits = () =>
    s().sql<ClinicianDay>(
      `select date_of_service::text as day, provider_id as provider, referral_source_id as rs, count(*)::int as visits
         from visits where non_visit = false and provider_id is not null and status = any($1::text[])
        group by 1, 2, 3 order by 1, 2, 3`,
      [`{${STAFFED_VISIT_STATUSES.join(',')}}`],
    );
  const queued = async () =>
    (await s().sql<{ n: number }>(`select count(*)::int as n from report_dirty_visits`))[0]!.n;
  const evidenceOf = async (visitId: number) =>
    (
      await s().sql<{ evidence: number }>(`select evidence from report_visit_facts where visit_id = $1`, [
        visitId,
      ])
    )[0]?.evidence;

  beforeAll(async () => {
    await runReportRollupJob(s().services.db);
  });

  it('holds, once caught up, what the demo visits give, and nothing is left queued', async () => {
    expect(await queued()).toBe(0);
    const visits = await fromVisits();
    expect(visits.length).toBeGreaterThan(0);
    expect(await rolledUp()).toEqual(visits);
    const staffed = await clinicianDaysFromVisits();
    expect(staffed.length).toBeGreaterThan(0);
    expect(await clinicianDays()).toEqual(staffed);
    const [zero] = await s().sql<{ n: number }>(
      `select count(*)::int as n from report_visit_days where visits <= 0`,
    );
    expect(zero!.n).toBe(0);
  });

  it('queues a visit on each write that moves a figure, and rolls it up on the next run', async () => {
    const [v] = await s().sql<{ id: number; provider_id: number | null }>(
      `select id, provider_id from visits v where status = 'Staffed' and non_visit = false and provider_id is not null
          and not exists (select 1 from evv_records r where r.visit_id = v.id)
          and not exists (select 1 from evv_flags f where f.visit_id = v.id)
        order by id limit 1`,
    );
    const id = v!.id;
    const before = await evidenceOf(id);
    await s().sql(
      `update visits set time_in = now() - interval '2 hours', time_out = now() - interval '1 hour'
                    where id = $1`,
      [id],
    );
    expect(await queued()).toBe(1);
    // Not yet rolled up: the facts are as before.
    expect(await evidenceOf(id)).toBe(before);
    await runReportRollupJob(s().services.db);
    const checkedOut = await evidenceOf(id);
    expect(checkedOut! & (2 | 4)).toBe(2 | 4);

    // EVV taps, then a flag, then its acknowledgement: verified only with both taps and no open flag.
    const [user] = await s().sql<{ id: number }>(
      `select id from users where email_id = 'admin@carelane.local'`,
    );
    for (const kind of ['checkIn', 'checkOut'])
      await s().sql(
        `insert into evv_records (visit_id, provider_id, user_id, kind, device_at, latitude, longitude)
         values ($1, $2, $3, $4, now(), 30.27, -97.74)`,
        [id, v!.provider_id, user!.id, kind],
      );
    expect(await queued()).toBe(1);
    await runReportRollupJob(s().services.db);
    expect((await evidenceOf(id))! & 16).toBe(16);
    const [record] = await s().sql<{ id: number }>(`select id from evv_records where visit_id = $1 limit 1`, [
      id,
    ]);
    await s().sql(
      `insert into evv_flags (visit_id, evv_record_id, kind, distance_miles, limit_miles) values ($1, $2, 'distance', 3, 1)`,
      [id, record!.id],
    );
    await runReportRollupJob(s().services.db);
    expect((await evidenceOf(id))! & 16).toBe(0);
    await s().sql(`update evv_flags set acknowledged_at = now(), acknowledged_by = $1 where visit_id = $2`, [
      user!.id,
      id,
    ]);
    await runReportRollupJob(s().services.db);
    expect((await evidenceOf(id))! & 16).toBe(16);

    // Moved to another day, then made a non-visit: the rollup follows, and the emptied key is gone.
    await s().sql(`update visits set date_of_service = $1 where id = $2`, [orgDay(-40), id]);
    await runReportRollupJob(s().services.db);
    expect(await rolledUp()).toEqual(await fromVisits());
    await s().sql(`update visits set non_visit = true where id = $1`, [id]);
    await runReportRollupJob(s().services.db);
    expect(await evidenceOf(id)).toBeUndefined();
    expect(await rolledUp()).toEqual(await fromVisits());
    const [zero] = await s().sql<{ n: number }>(
      `select count(*)::int as n from report_visit_days where visits <= 0`,
    );
    expect(zero!.n).toBe(0);
  });

  it('leaves the rollup and the queue as they were when a batch fails, and the next run catches up', async () => {
    await s().sql(
      `update visits set status = 'Expired' where id in (select id from visits where status = 'Active' order by id limit 3)`,
    );
    const queuedBefore = await queued();
    expect(queuedBefore).toBeGreaterThan(0);
    const rollupBefore = await rolledUp();
    // The job's own statements in one transaction that fails after them (a crash mid-run).
    await expect(
      s().services.db.transaction(async (tx) => {
        const ids = await repo.takeQueuedVisits(tx, 100);
        await repo.rollUpVisits(tx, ids);
        await tx.execute(sql`select 1 / 0`);
      }),
    ).rejects.toThrow();
    expect(await queued()).toBe(queuedBefore);
    expect(await rolledUp()).toEqual(rollupBefore);
    expect(rollupBefore).not.toEqual(await fromVisits());
    await runReportRollupJob(s().services.db);
    expect(await queued()).toBe(0);
    expect(await rolledUp()).toEqual(await fromVisits());
  });

  it('counts each visit once when two runs overlap (one takes the lock), in batches of any size', async () => {
    await s()
      .sql(`update visits set status = 'Deleted' where id in (select id from visits where status = 'Expired'
                    order by id limit 5)`);
    // A visit added and rolled up, then deleted.
    const [added] = await s().sql<{ id: number }>(
      `insert into visits (episode_id, referral_source_id, patient_id, facility_id, episode_type, visit_type_id,
                           provider_type_id, date_of_service, start_at, end_at, duration, status, created_by)
       select episode_id, referral_source_id, patient_id, facility_id, episode_type, visit_type_id,
              provider_type_id, date_of_service, start_at, end_at, duration, 'Active', created_by
         from visits where id = (select min(id) from visits) returning id`,
    );
    await runReportRollupJob(s().services.db);
    expect(await evidenceOf(added!.id)).toBe(0);
    await s().sql(`delete from visits where id = $1`, [added!.id]);
    const runs = await Promise.all([
      runReportRollupJob(s().services.db, { batchSize: 2 }),
      runReportRollupJob(s().services.db, { batchSize: 2 }),
    ]);
    // Whatever the other run left (it stops when it cannot take the lock), one more run finishes.
    await runReportRollupJob(s().services.db);
    expect(runs.reduce((n, r) => n + r.visits, 0)).toBeGreaterThan(0);
    expect(await queued()).toBe(0);
    expect(await rolledUp()).toEqual(await fromVisits());
  });
});
