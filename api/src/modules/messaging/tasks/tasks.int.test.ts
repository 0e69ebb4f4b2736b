// Tasks and incident reports through the API on both databases (issue 27, decision 060): the default list (1Pending,
// due -30..+30 days), create, update, follow-up and delete with their messages and what they write, the assignee of
// another organization refused with nothing written, an organization user kept to its organization's tasks and a
// clinician to their own, the caller's pending count, bad input named by field; incident reports created, listed
// (default last 30 days), closed once, and scoped the same way.
import {
  INCIDENT_MESSAGES,
  TASK_MESSAGES,
  type ApiError,
  type Incident,
  type IncidentList,
  type Task,
  type TaskList,
} from '@carelane/shared-domain';
import { describeEachDatabase, type TestServer } from '../../../test/harness';
import { type StreamEvent, eventArrives, openEventStream } from '../../../test/event-stream';
import { orgDay } from '../../../test/org-days';

type TaskAnswer = { message: string; task: Task } & Partial<ApiError>;
type IncidentAnswer = { message: string; incidentReport: Incident } & Partial<ApiError>;
const TASKS = '/api/admin/tasks';
const INCIDENTS = '/api/admin/incidentReports';

describeEachDatabase('messaging: tasks and incident reports', (server) => {
  const s = (): TestServer => server();
  let admin = '';
  let coordinator = '';
  let orgUser = '';
  let clinician = '';
  let orgA = 0;
  let orgB = 0;
  let coordinatorId = 0;
  let clinicianId = 0;
  let orgUserId = 0;
  let userB = 0;

  const create = (body: unknown, token = admin) => s().request<TaskAnswer>('POST', TASKS, { token, body });
  const list = (query = '', token = admin) =>
    s().request<TaskList & Partial<ApiError>>('GET', `${TASKS}?pageSize=100${query}`, { token });
  const ids = (l: TaskList) => l.rows.map((r) => r.id);
  const pending = async (token: string) =>
    (await s().request<{ pendingTasksCount: number }>('GET', `${TASKS}/pendingCount`, { token })).body
      .pendingTasksCount;
  const counts = async () =>
    (
      await s().sql<{ tasks: number; audits: number }>(
        `select (select count(*)::int from tasks) as tasks,
                (select count(*)::int from audit_log where entity = 'Task') as audits`,
      )
    )[0]!;
  const task = (over: Record<string, unknown> = {}) => ({
    title: 'Call the family',
    assigneeId: coordinatorId,
    dueDate: orgDay(0),
    referralSourceId: orgA,
    ...over,
  });

  beforeAll(async () => {
    [admin, coordinator, orgUser, clinician] = await s().loginAs(
      'admin',
      'coordinator',
      'orgUser',
      'clinician',
    );
    const who = await s().sql<{ email_id: string; id: number; referral_source_id: number | null }>(
      `select email_id, id, referral_source_id from users
        where email_id in ('coordinator@carelane.local', 'clinician@carelane.local', 'orguser@carelane.local')`,
    );
    const by = (email: string) => who.find((w) => w.email_id === email)!;
    coordinatorId = by('coordinator@carelane.local').id;
    clinicianId = by('clinician@carelane.local').id;
    orgUserId = by('orguser@carelane.local').id;
    orgA = by('orguser@carelane.local').referral_source_id!;
    const [rs] = await s().sql<{ id: number }>(
      `insert into referral_sources (name, zipcode, time_zone) values ('Tasks Other Care', '78701', 'America/Chicago')
       returning id`,
    );
    orgB = rs!.id;
    const [u] = await s().sql<{ id: number }>(
      `insert into users (email_id, first_name, last_name, role_id, referral_source_id)
       values ('other-org-tasks@example.com', 'Olga', 'Other', 9, $1) returning id`,
      [orgB],
    );
    userB = u!.id;
  });

  it('lists pending tasks due -30..+30 days by default, soonest first', async () => {
    const today = (await create(task({ title: 'Due today' }))).body.task;
    const soon = (await create(task({ title: 'Due in 29 days', dueDate: orgDay(29), priority: 'High' }))).body
      .task;
    const late = (await create(task({ title: 'Due in 40 days', dueDate: orgDay(40) }))).body.task;
    const old = (await create(task({ title: 'Due 31 days ago', dueDate: orgDay(-31) }))).body.task;
    const done = (await create(task({ title: 'Done already', status: '3Done', dueDate: orgDay(-1) }))).body
      .task;
    const res = await list(`&referralSourceId=${orgA}`);
    expect(res.status).toBe(200);
    expect(res.body.period).toEqual({ from: orgDay(-30), to: orgDay(30) });
    const seen = ids(res.body);
    expect(seen).toEqual(expect.arrayContaining([today.id, soon.id]));
    expect(seen).not.toEqual(expect.arrayContaining([late.id]));
    expect(seen).not.toContain(old.id);
    expect(seen).not.toContain(done.id);
    expect(seen.indexOf(today.id)).toBeLessThan(seen.indexOf(soon.id));
    expect(res.body.rows.every((r) => r.status === '1Pending')).toBe(true);
    const all = ids((await list(`&status=All&from=${orgDay(-60)}&to=${orgDay(60)}`)).body);
    expect(all).toEqual(expect.arrayContaining([late.id, old.id, done.id]));
  });

  it('creates, updates, adds a follow-up and deletes, each answered and written with its audit entry', async () => {
    const before = await counts();
    const created = await create(task({ title: 'Check the wound photos', description: 'Before Friday' }));
    expect(created.status).toBe(201);
    expect(created.body.message).toBe(TASK_MESSAGES.saved);
    const t = created.body.task;
    expect(t).toMatchObject({ status: '1Pending', priority: 'Normal', referralSourceId: orgA, version: 0 });
    expect(await counts()).toEqual({ tasks: before.tasks + 1, audits: before.audits + 1 });

    const saved = await s().request<TaskAnswer>('PUT', `${TASKS}/${t.id}`, {
      token: admin,
      body: {
        ...task({ title: 'Check the wound photos', priority: 'High', status: '2InProgress' }),
        version: 0,
      },
    });
    expect([saved.status, saved.body.message]).toEqual([200, TASK_MESSAGES.saved]);
    expect(saved.body.task).toMatchObject({ priority: 'High', status: '2InProgress', version: 1 });
    const stale = await s().request('PUT', `${TASKS}/${t.id}`, {
      token: admin,
      body: { ...task(), version: 0 },
    });
    expect(stale.status).toBe(409);

    const follow = await s().request<TaskAnswer>('POST', `${TASKS}/${t.id}/followUps`, {
      token: admin,
      body: { title: 'Call back', assigneeId: coordinatorId, dueDate: orgDay(3) },
    });
    expect([follow.status, follow.body.message]).toEqual([201, TASK_MESSAGES.followUpAdded]);
    expect(follow.body.task).toMatchObject({
      parentTaskId: t.id,
      referralSourceId: orgA,
      status: '1Pending',
    });
    const followUps = await list(`&parentTaskId=${t.id}`);
    expect(ids(followUps.body)).toEqual([follow.body.task.id]);
    expect((await s().request<Task>('GET', `${TASKS}/${t.id}`, { token: admin })).body.followUpCount).toBe(1);

    const deleted = await s().request('DELETE', `${TASKS}/${t.id}?version=1`, { token: admin });
    expect([deleted.status, deleted.body.message]).toEqual([200, TASK_MESSAGES.deleted]);
    expect((await s().request('GET', `${TASKS}/${t.id}`, { token: admin })).status).toBe(404);
    const [row] = await s().sql<{ deleted: boolean }>(
      'select deleted_at is not null as deleted from tasks where id = $1',
      [t.id],
    );
    expect(row!.deleted).toBe(true);
    const audits = await s().sql<{ action: string }>(
      `select action from audit_log where entity = 'Task' and entity_id = $1 order by id`,
      [String(t.id)],
    );
    expect(audits.map((a) => a.action)).toEqual(['CREATE', 'UPDATE', 'DELETE']);
  });

  it('refuses an assignee of another organization than the task’s, writing nothing', async () => {
    const before = await counts();
    const byAdmin = await create(task({ assigneeId: userB }));
    expect([byAdmin.status, byAdmin.body.errors?.[0]?.field]).toEqual([400, 'assigneeId']);
    expect(byAdmin.body.errors?.[0]?.message).toBe(TASK_MESSAGES.assigneeOtherOrganization);
    const byOrgUser = await create({ title: 'x', assigneeId: userB, dueDate: orgDay(1) }, orgUser);
    expect([byOrgUser.status, byOrgUser.body.errors?.[0]?.field]).toEqual([400, 'assigneeId']);
    const otherOrg = await create(
      { title: 'x', assigneeId: orgUserId, dueDate: orgDay(1), referralSourceId: orgB },
      orgUser,
    );
    expect([otherOrg.status, otherOrg.body.errors?.[0]?.field]).toEqual([400, 'referralSourceId']);
    expect(await counts()).toEqual(before);
  });

  it('keeps an organization user to its organization’s tasks and a clinician to their own', async () => {
    const theirs = (
      await create(task({ title: 'Other org task', referralSourceId: orgB, assigneeId: userB }))
    ).body.task;
    expect(theirs.referralSourceId).toBe(orgB);
    const ours = (await create({ title: 'Our task', assigneeId: orgUserId, dueDate: orgDay(2) }, orgUser))
      .body.task;
    expect(ours.referralSourceId).toBe(orgA);
    expect((await s().request('GET', `${TASKS}/${theirs.id}`, { token: orgUser })).status).toBe(404);
    expect((await s().request('GET', `${TASKS}/${ours.id}`, { token: orgUser })).status).toBe(200);
    const orgList = (await list('', orgUser)).body;
    expect(ids(orgList)).toContain(ours.id);
    expect(orgList.rows.every((r) => r.referralSourceId === orgA)).toBe(true);
    const del = await s().request('DELETE', `${TASKS}/${theirs.id}?version=0`, { token: orgUser });
    expect(del.status).toBe(404);

    const mine = (await create(task({ title: 'For the clinician', assigneeId: clinicianId }))).body.task;
    const clinicianList = await list('', clinician);
    expect(clinicianList.status).toBe(200);
    expect(ids(clinicianList.body)).toEqual([mine.id]);
    expect((await s().request('GET', `${TASKS}/${ours.id}`, { token: clinician })).status).toBe(404);
    expect((await create(task({ assigneeId: clinicianId }), clinician)).status).toBe(403);
    expect((await s().request('GET', TASKS)).status).toBe(401);
  });

  it('offers staff and the organization’s own users as assignees', async () => {
    type Rows = { rows: { id: number }[] };
    const forOrg = (await s().request<Rows>('GET', `${TASKS}/assignees`, { token: orgUser })).body.rows.map(
      (r) => r.id,
    );
    expect(forOrg).toEqual(expect.arrayContaining([orgUserId, coordinatorId]));
    expect(forOrg).not.toContain(userB);
    expect(forOrg).not.toContain(clinicianId);
    const forStaff = (
      await s().request<Rows>('GET', `${TASKS}/assignees?referralSourceId=${orgB}`, { token: admin })
    ).body.rows.map((r) => r.id);
    expect(forStaff).toEqual(expect.arrayContaining([userB, coordinatorId, clinicianId]));
    expect(forStaff).not.toContain(orgUserId);
  });

  it('counts the caller’s own pending tasks', async () => {
    const start = await pending(coordinator);
    const t = (await create(task({ title: 'Count me', dueDate: orgDay(90) }))).body.task;
    expect(await pending(coordinator)).toBe(start + 1);
    await s().request('PUT', `${TASKS}/${t.id}`, {
      token: admin,
      body: { ...task({ title: 'Count me', dueDate: orgDay(90), status: '3Done' }), version: 0 },
    });
    expect(await pending(coordinator)).toBe(start);
    expect(await pending(clinician)).toBe(1);
  });

  it('announces a change of a task to its assignee (entityChanged, entity task)', async () => {
    const stream = await openEventStream(s(), clinician);
    const other = await openEventStream(s(), orgUser);
    try {
      const t = (await create(task({ title: 'Announced', assigneeId: clinicianId }))).body.task;
      const isTask = (e: StreamEvent) => e.event === 'entityChanged' && e.data.entity === 'task';
      await eventArrives(() => stream.events.some((e) => isTask(e) && e.data.id === t.id));
      expect(stream.events.find((e) => isTask(e) && e.data.id === t.id)!.data.action).toBe('created');
      expect(other.events.filter(isTask)).toEqual([]);
      expect(await pending(clinician)).toBe(2);
    } finally {
      stream.close();
      other.close();
    }
  });

  it('names the field of bad input', async () => {
    const before = await counts();
    const cases: [unknown, string][] = [
      [task({ title: '  ' }), 'title'],
      [task({ dueDate: 'tomorrow' }), 'dueDate'],
      [task({ priority: 'Urgent' }), 'priority'],
      [task({ status: '9Lost' }), 'status'],
      [task({ assigneeId: undefined }), 'assigneeId'],
      [task({ assigneeId: 2_000_000_000 }), 'assigneeId'],
      [task({ patientId: 2_000_000_000 }), 'patientId'],
    ];
    for (const [body, field] of cases) {
      const res = await create(body);
      expect([JSON.stringify(body).slice(0, 60), res.status, res.body.errors?.[0]?.field]).toEqual([
        JSON.stringify(body).slice(0, 60),
        400,
        field,
      ]);
    }
    expect((await list('&status=Open')).body.errors?.[0]?.field).toBe('status');
    expect((await list(`&from=${orgDay(5)}&to=${orgDay(1)}`)).body.errors?.[0]?.field).toBe('to');
    expect(await counts()).toEqual(before);
  });

  it('creates, lists and closes incident reports, scoped to the organization', async () => {
    const report = (body: unknown, token = coordinator) =>
      s().request<IncidentAnswer>('POST', INCIDENTS, { token, body });
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000).toISOString();
    const ours = await report({
      description: 'Patient fell during the visit',
      occurredAt: twoDaysAgo,
      severity: 'High',
      referralSourceId: orgA,
      involved: 'Daughter present',
    });
    expect([ours.status, ours.body.message]).toEqual([201, INCIDENT_MESSAGES.saved]);
    const theirs = (
      await report({
        description: 'Missed medication',
        occurredAt: twoDaysAgo,
        severity: 'Low',
        referralSourceId: orgB,
      })
    ).body.incidentReport;
    const old = (
      await report({
        description: 'Long ago',
        occurredAt: new Date(Date.now() - 40 * 86_400_000).toISOString(),
        severity: 'Medium',
        referralSourceId: orgA,
      })
    ).body.incidentReport;

    const staffList = await s().request<IncidentList>('GET', INCIDENTS, { token: coordinator });
    const staffIds = staffList.body.rows.map((r) => r.id);
    expect(staffIds).toEqual(expect.arrayContaining([ours.body.incidentReport.id, theirs.id]));
    expect(staffIds).not.toContain(old.id);
    expect(staffList.body.period).toEqual({ from: orgDay(-30), to: orgDay(0) });

    const orgList = await s().request<IncidentList>('GET', INCIDENTS, { token: orgUser });
    expect(orgList.body.rows.map((r) => r.id)).toContain(ours.body.incidentReport.id);
    expect(orgList.body.rows.every((r) => r.referralSourceId === orgA)).toBe(true);
    expect((await s().request('GET', `${INCIDENTS}/${theirs.id}`, { token: orgUser })).status).toBe(404);
    expect(
      (await report({ description: 'x', occurredAt: twoDaysAgo, severity: 'Low' }, orgUser)).status,
    ).toBe(403);
    expect((await s().request('GET', INCIDENTS, { token: clinician })).status).toBe(403);

    const future = await report({
      description: 'x',
      occurredAt: new Date(Date.now() + 86_400_000).toISOString(),
      severity: 'Low',
    });
    expect([future.status, future.body.errors?.[0]?.field]).toEqual([400, 'occurredAt']);
    const badSeverity = await report({ description: 'x', occurredAt: twoDaysAgo, severity: 'Huge' });
    expect([badSeverity.status, badSeverity.body.errors?.[0]?.field]).toEqual([400, 'severity']);

    const id = ours.body.incidentReport.id;
    const closed = await s().request<IncidentAnswer>('POST', `${INCIDENTS}/${id}/close`, {
      token: coordinator,
      body: { followUp: 'Family informed; PT referral made', version: 0 },
    });
    expect([closed.status, closed.body.message]).toEqual([200, INCIDENT_MESSAGES.closed]);
    expect(closed.body.incidentReport).toMatchObject({
      followUp: 'Family informed; PT referral made',
      version: 1,
    });
    expect(closed.body.incidentReport.closedAt).not.toBeNull();
    const again = await s().request('POST', `${INCIDENTS}/${id}/close`, {
      token: coordinator,
      body: { version: 1 },
    });
    expect(again.status).toBe(409);
    const open = await s().request<IncidentList>('GET', `${INCIDENTS}?status=Open`, { token: coordinator });
    expect(open.body.rows.map((r) => r.id)).not.toContain(id);
    const audits = await s().sql<{ n: number }>(
      `select count(*)::int as n from audit_log where entity = 'IncidentReport' and entity_id = $1`,
      [String(id)],
    );
    expect(audits[0]!.n).toBe(2);
  });
});
