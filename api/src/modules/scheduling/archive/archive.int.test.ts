import { describeEachDatabase, eventually, type TestServer } from '../../../test/harness';

const OLDER_THAN = '2001-01-01';
const REASON = 'Patient discharged';
const BULK = 150;

async function orgId(s: TestServer, name: string) {
  const [row] = await s.sql<{ id: number }>('select id from referral_sources where name = $1', [name]);
  return row!.id;
}

async function patient(s: TestServer, referralSourceId: number, lastName: string) {
  const [row] = await s.sql<{ id: number }>(
    "insert into patients (referral_source_id, first_name, last_name, created_at) values ($1, 'Zz', $2, '1999-06-01') returning id",
    [referralSourceId, lastName],
  );
  return row!.id;
}

async function episode(
  s: TestServer,
  referralSourceId: number,
  patientId: number | null,
  title: string,
  status: string,
) {
  const [row] = await s.sql<{ id: number }>(
    "insert into episodes (referral_source_id, patient_id, title, status, start_date) values ($1, $2, $3, $4, '2000-01-01') returning id",
    [referralSourceId, patientId, title, status],
  );
  return row!.id;
}

async function visit(s: TestServer, episodeId: number, referralSourceId: number, day: string) {
  await s.sql(
    `insert into visits (episode_id, referral_source_id, visit_type_id, provider_type_id, date_of_service, start_at, end_at, status)
     values ($1, $2, 304, 1, $3, $4, $5, 'NotesApproved')`,
    [episodeId, referralSourceId, day, `${day}T09:00:00Z`, `${day}T10:00:00Z`],
  );
}

describeEachDatabase('archive old data', (server) => {
  let admin = '';
  let baseline = { episodes: 0, patients: 0 };
  const ids: Record<string, number> = {};

  const preview = async (olderThan = OLDER_THAN) => {
    const res = await server().request('GET', `/api/admin/archive/preview?olderThan=${olderThan}`, {
      token: admin,
    });
    expect(res.status).toBe(200);
    return res.body as { episodes: number; patients: number };
  };

  beforeAll(async () => {
    admin = await server().login('admin@carelane.local');
    baseline = await preview();
    const org = await orgId(server(), 'Sunrise Home Health');
    ids.done = await patient(server(), org, 'Zzarchive done');
    ids.later = await patient(server(), org, 'Zzarchive later');
    ids.none = await patient(server(), org, 'Zzarchive none');
    ids.active = await patient(server(), org, 'Zzarchive active');
    ids.e1 = await episode(server(), org, ids.done, 'Zz old completed', 'Completed');
    await visit(server(), ids.e1, org, '2000-01-05');
    ids.e2 = await episode(server(), org, ids.later, 'Zz visit after the day', 'Hold');
    await visit(server(), ids.e2, org, '2001-02-01');
    ids.e3 = await episode(server(), org, ids.active, 'Zz still active', 'Active');
    await server().sql(
      `insert into episodes (referral_source_id, title, status, start_date)
       select $1, 'Zz bulk ' || n, 'Completed', '2000-01-01' from generate_series(1, ${BULK}) n`,
      [org],
    );
  });

  it('counts what would be archived: inactive episodes without later visits, patients left without any', async () => {
    expect(await preview()).toEqual({
      olderThan: OLDER_THAN,
      episodes: baseline.episodes + 1 + BULK,
      patients: baseline.patients + 2,
    });
  });

  it('refuses a bad or future day, unknown reasons and a count that changed', async () => {
    const bad = await server().request('GET', '/api/admin/archive/preview?olderThan=1/1/2001', {
      token: admin,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([{ field: 'olderThan', message: 'must be a date YYYY-MM-DD' }]);
    const future = await server().request('GET', '/api/admin/archive/preview?olderThan=2199-01-01', {
      token: admin,
    });
    expect(future.status).toBe(400);
    expect(future.body.errors).toEqual([{ field: 'olderThan', message: 'must not be in the future' }]);
    const counts = await preview();
    const body = {
      olderThan: OLDER_THAN,
      episodeReason: REASON,
      patientReason: REASON,
      expectedEpisodes: counts.episodes,
      expectedPatients: counts.patients,
    };
    const reason = await server().request('POST', '/api/admin/archive/runs', {
      token: admin,
      body: { ...body, patientReason: 'Because' },
    });
    expect(reason.status).toBe(400);
    expect(reason.body.errors).toEqual([
      { field: 'patientReason', message: 'must be one of the episodeArchiveReasons' },
    ]);
    const changed = await server().request('POST', '/api/admin/archive/runs', {
      token: admin,
      body: { ...body, expectedEpisodes: counts.episodes - 1 },
    });
    expect(changed.status).toBe(409);
    expect(changed.body).toMatchObject({
      code: 'ARCHIVE_COUNT_CHANGED',
      error: `What would be archived has changed: now ${counts.episodes} service requests and ${counts.patients} patients. Review the new count and confirm again.`,
    });
    const [blocking] = await server().sql<{ id: number }>(
      "insert into archive_runs (older_than, status) values ('2000-01-01', 'Running') returning id",
    );
    const busy = await server().request('POST', '/api/admin/archive/runs', { token: admin, body });
    expect(busy.status).toBe(409);
    expect(busy.body.code).toBe('ARCHIVE_RUNNING');
    await server().sql("update archive_runs set status = 'Failed' where id = $1", [blocking!.id]);
    expect(await server().sql("select id from archive_runs where status = 'Running'")).toEqual([]);
  });

  it('archives in the background in batches, with progress to poll, and audits each record', async () => {
    const counts = await preview();
    const started = await server().request('POST', '/api/admin/archive/runs', {
      token: admin,
      body: {
        olderThan: OLDER_THAN,
        episodeReason: REASON,
        patientReason: 'Other',
        expectedEpisodes: counts.episodes,
        expectedPatients: counts.patients,
      },
    });
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({
      total: counts.episodes + counts.patients,
      status: 'Running',
      done: 0,
    });
    const runId = started.body.id as number;
    let last: { status: string; done: number; total: number } = started.body;
    await eventually(async () => {
      last = (await server().request('GET', `/api/admin/archive/runs/${runId}`, { token: admin })).body;
      return last.status !== 'Running';
    }, 30_000);
    expect(last).toMatchObject({
      status: 'Done',
      done: counts.episodes + counts.patients,
      total: counts.episodes + counts.patients,
    });
    const episodes = await server().sql<{ id: number; status: string; archive_reason: string | null }>(
      'select id, status, archive_reason from episodes where id in ($1, $2, $3) order by id',
      [ids.e1, ids.e2, ids.e3],
    );
    expect(episodes.map((e) => [e.status, e.archive_reason])).toEqual([
      ['Archived', REASON],
      ['Hold', null],
      ['Active', null],
    ]);
    const patients = await server().sql<{ last_name: string; status: string; archive_reason: string | null }>(
      "select last_name, status, archive_reason from patients where last_name like 'Zzarchive%' order by last_name",
    );
    expect(patients.map((p) => [p.last_name, p.status, p.archive_reason])).toEqual([
      ['Zzarchive active', 'ACTIVE', null],
      ['Zzarchive done', 'ARCHIVED', 'Other'],
      ['Zzarchive later', 'ACTIVE', null],
      ['Zzarchive none', 'ARCHIVED', 'Other'],
    ]);
    const [bulk] = await server().sql<{ n: number }>(
      "select count(*)::int as n from episodes where title like 'Zz bulk %' and status = 'Archived'",
    );
    expect(bulk!.n).toBe(BULK);
    const [audit] = await server().sql<{ diff: Record<string, { after: unknown }> }>(
      "select diff from audit_log where entity = 'episode' and entity_id = $1",
      [String(ids.e1)],
    );
    expect(audit!.diff.status).toEqual({ before: 'Completed', after: 'Archived' });
    expect(audit!.diff.archiveRunId!.after).toBe(runId);
    expect(await preview()).toEqual({ olderThan: OLDER_THAN, episodes: 0, patients: 0 });
    const runs = await server().request('GET', '/api/admin/archive/runs', { token: admin });
    expect(runs.body.rows[0]).toMatchObject({ id: runId, status: 'Done' });
  });

  it('is for administrators only', async () => {
    for (const email of ['director@carelane.local', 'orgadmin@carelane.local', 'clinician@carelane.local']) {
      const token = await server().login(email);
      const res = await server().request('GET', `/api/admin/archive/preview?olderThan=${OLDER_THAN}`, {
        token,
      });
      expect(res.status).toBe(403);
      expect((await server().request('GET', '/api/admin/archive/runs', { token })).status).toBe(403);
    }
    expect((await server().request('GET', '/api/admin/archive/runs/987654', { token: admin })).status).toBe(
      404,
    );
  });
});
