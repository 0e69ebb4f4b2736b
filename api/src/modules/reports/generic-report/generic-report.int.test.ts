// /genericReport through the API on both databases (issue 26, decision 054): a grouped definition's counts and
// each group's drill-down total; bad definitions answered 400 naming the field, nothing written; SQL-looking text
// is only a bound value; saved definitions are each user's own; organization users and clinicians refused.
import {
  GENERIC_SUBJECT_DEFS,
  GENERIC_SUBJECTS,
  type GenericGroups,
  type GenericRows,
  type SavedReport,
} from '@carelane/shared-domain';
import { describeEachDatabase, type TestServer } from '../../../test/harness';
import { orgDay } from '../../../test/org-days';
import { SQL_COLUMN_KEYS } from './repository';

const TYPE = 954;
const RUN = '/api/admin/reports/genericReport/run';
type Problem = { errors: { field: string; message: string }[] };

describeEachDatabase('generic report', (server) => {
  const s = (): TestServer => server();
  let admin = '';
  let coordinator = '';
  let orgUser = '';
  let clinician = '';
  const post = <T>(path: string, body: unknown, token = admin) =>
    s().request<T>('POST', path, { token, body });
  const own = { column: 'providerType', op: 'eq', value: 'GENERIC' };
  const period = { from: orgDay(-6), to: orgDay(0) };

  beforeAll(async () => {
    admin = await s().login('admin@carelane.local');
    [coordinator, orgUser, clinician] = await s().loginAs('coordinator', 'orgUser', 'clinician');
    await s().ownerSql(`insert into provider_types (id, type) values ($1, 'GENERIC')`, [TYPE]);
    const [refs] = await s().sql<{ episode: number; rs: number; patient: number; visit_type: number }>(
      `select e.id as episode, e.referral_source_id as rs, e.patient_id as patient,
              (select min(id) from visit_types) as visit_type
         from episodes e where e.patient_id is not null order by e.id limit 1`,
    );
    const statuses = ['Staffed', 'Staffed', 'Active', 'NotesApproved', 'Deleted'];
    for (const [i, status] of statuses.entries()) {
      const day = orgDay(-1 - i);
      await s().sql(
        `insert into visits (episode_id, referral_source_id, patient_id, visit_type_id, provider_type_id,
           date_of_service, start_at, end_at, time_zone, status)
         values ($1, $2, $3, $4, $5, $6, $7, $8, 'America/Chicago', $9)`,
        [
          refs!.episode,
          refs!.rs,
          refs!.patient,
          refs!.visit_type,
          TYPE,
          day,
          `${day}T15:00:00Z`,
          `${day}T16:00:00Z`,
          status,
        ],
      );
    }
    // Outside the period: not counted.
    const old = orgDay(-20);
    await s().sql(
      `insert into visits (episode_id, referral_source_id, patient_id, visit_type_id, provider_type_id,
         date_of_service, start_at, end_at, time_zone, status)
       values ($1, $2, $3, $4, $5, $6, $7, $8, 'America/Chicago', 'Staffed')`,
      [
        refs!.episode,
        refs!.rs,
        refs!.patient,
        refs!.visit_type,
        TYPE,
        old,
        `${old}T15:00:00Z`,
        `${old}T16:00:00Z`,
      ],
    );
  });

  it('writes SQL for exactly the columns of the allow-list', () => {
    for (const subject of GENERIC_SUBJECTS)
      expect([...SQL_COLUMN_KEYS[subject]].sort()).toEqual(
        GENERIC_SUBJECT_DEFS[subject].columns.map((c) => c.key).sort(),
      );
  });

  it("counts per group, and each group's drill-down lists as many records as its count", async () => {
    const definition = {
      subject: 'visits',
      columns: ['dateOfService', 'status', 'patientName'],
      filters: [own],
      groupBy: 'status',
    };
    const res = await post<GenericGroups>(RUN, { definition, ...period });
    expect(res.status).toBe(200);
    expect(res.body.groups).toEqual([
      { value: 'Staffed', count: 2 },
      { value: 'Active', count: 1 },
      { value: 'NotesApproved', count: 1 },
    ]);
    expect(res.body.total).toBe(4);
    for (const group of res.body.groups) {
      const drill = await post<GenericRows>('/api/admin/reports/genericReport/drill', {
        definition,
        group: group.value,
        ...period,
        pageSize: 1,
      });
      expect(drill.status).toBe(200);
      expect(drill.body.paging.totalCount).toBe(group.count);
      expect(drill.body.rows[0]!.cells.status).toBe(group.value);
    }
  });

  it('lists rows with the total, and logs the read of patient names', async () => {
    await s().services.accessLog.flush();
    const [{ id: after }] = (await s().sql<{ id: number }>(
      'select coalesce(max(id), 0)::int as id from audit_log',
    )) as [{ id: number }];
    const res = await post<GenericRows>(RUN, {
      definition: {
        subject: 'visits',
        columns: ['status', 'patientName'],
        filters: [own],
        sort: { column: 'dateOfService', order: 'asc' },
      },
      ...period,
    });
    expect(res.status).toBe(200);
    expect(res.body.paging.totalCount).toBe(4);
    expect(res.body.rows.map((r) => r.cells.status)).toEqual([
      'NotesApproved',
      'Active',
      'Staffed',
      'Staffed',
    ]);
    await s().services.accessLog.flush();
    const reads = await s().sql(
      `select 1 from audit_log where action = 'READ' and entity = 'visitList' and user_email = 'admin@carelane.local' and id > $1`,
      [after],
    );
    expect(reads).toHaveLength(1);
  });

  it('exports every row as CSV', async () => {
    const res = await s().request<string>('POST', '/api/admin/reports/genericReport/csv', {
      token: admin,
      body: { definition: { subject: 'visits', columns: ['status'], filters: [own] }, ...period },
    });
    expect(res.status).toBe(200);
    expect(String(res.body).trim().split('\r\n')).toHaveLength(5);
  });

  it('answers 400 naming the field of an unknown column or operator, and saves nothing', async () => {
    const bad = await post<Problem>('/api/admin/reports/genericReport/saved', {
      name: 'Bad',
      definition: {
        subject: 'visits',
        columns: ['status'],
        filters: [own, { column: 'x', op: 'eq', value: 1 }],
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toEqual({
      field: 'definition.filters.1.column',
      message: "unknown column 'x' for visits",
    });
    const op = await post<Problem>(RUN, {
      definition: {
        subject: 'visits',
        columns: ['status'],
        filters: [{ column: 'status', op: 'like', value: '%' }],
      },
    });
    expect(op.status).toBe(400);
    expect(op.body.errors[0]!.field).toBe('definition.filters.0.op');
    expect(await s().sql(`select 1 from saved_reports where name = 'Bad'`)).toHaveLength(0);
  });

  it('takes SQL-looking text only as a bound value: no error, no rows, the tables intact', async () => {
    const attack = '1; drop table visits; --';
    const text = await post<GenericRows>(RUN, {
      definition: {
        subject: 'visits',
        columns: ['status'],
        filters: [{ column: 'organization', op: 'eq', value: attack }],
      },
      ...period,
    });
    expect(text.status).toBe(200);
    expect(text.body.paging.totalCount).toBe(0);
    const number = await post<Problem>(RUN, {
      definition: {
        subject: 'visits',
        columns: ['status'],
        filters: [{ column: 'durationMinutes', op: 'eq', value: attack }],
      },
    });
    expect(number.status).toBe(400);
    expect(number.body.errors[0]!.field).toBe('definition.filters.0.value');
    expect((await s().sql('select count(*)::int as n from visits'))[0].n).toBeGreaterThan(0);
  });

  it("keeps saved definitions each user's own", async () => {
    const definition = { subject: 'invoices', columns: ['number', 'totalCents'], filters: [] };
    const saved = await post<SavedReport>('/api/admin/reports/genericReport/saved', {
      name: 'Mine',
      definition,
    });
    expect(saved.status).toBe(201);
    const again = await post('/api/admin/reports/genericReport/saved', { name: 'Mine', definition });
    expect(again.status).toBe(409);
    const path = `/api/admin/reports/genericReport/saved/${saved.body.id}`;
    expect((await s().request('GET', path, { token: admin })).status).toBe(200);
    expect((await s().request('GET', path, { token: coordinator })).status).toBe(404);
    expect((await s().request('DELETE', path, { token: coordinator })).status).toBe(404);
    const list = await s().request<{ rows: SavedReport[] }>('GET', '/api/admin/reports/genericReport/saved', {
      token: coordinator,
    });
    expect(list.body.rows.map((r) => r.name)).not.toContain('Mine');
    expect((await s().request('DELETE', path, { token: admin })).status).toBe(200);
    expect((await s().request('GET', path, { token: admin })).status).toBe(404);
  });

  it('refuses organization users and clinicians', async () => {
    const body = { definition: { subject: 'visits', columns: ['status'] } };
    expect((await post(RUN, body, orgUser)).status).toBe(403);
    expect((await post(RUN, body, clinician)).status).toBe(403);
    expect(
      (await s().request('GET', '/api/admin/reports/genericReport/saved', { token: orgUser })).status,
    ).toBe(403);
    expect((await post(RUN, body, coordinator)).status).toBe(200);
  });
});
