// The timeline through the API on both databases (issue 27, decision 066): notes added with the SPEC texts and
// listed newest first with what else happened to the patient (a task, an inbound SMS in the care-team topic, the
// record's changes, the access log's reads), filtered by kind and day, paged; the read is in the access log; a
// clinician reads their own timeline and their patients', nothing else, and writes nothing; bad input names its
// field and writes nothing.
import { MESSAGES, type Timeline } from '@carelane/shared-domain';
import { describeEachDatabase, type TestServer } from '../../../test/harness';

const TIMELINE = '/api/messaging/timeline';
const NOTES = '/api/messaging/timeline/notes';

describeEachDatabase('the timeline', (server) => {
  const s = (): TestServer => server();
  let coordinator = '';
  let clinician = '';
  let orgUser = '';
  let patientId = 0;
  let otherPatientId = 0;
  let clinicianId = 0;

  beforeAll(async () => {
    [coordinator, clinician, orgUser] = await s().loginAs('coordinator', 'clinician', 'orgUser');
    const [own] = await s().sql<{ id: number }>(
      `select p.id from providers p join users u on u.id = p.user_id where u.email_id = 'clinician@carelane.local'`,
    );
    clinicianId = own!.id;
    const [seen] = await s().sql<{ id: number }>(
      `select patient_id as id from visits where provider_id = $1 and patient_id is not null limit 1`,
      [clinicianId],
    );
    patientId = seen!.id;
    const [unseen] = await s().sql<{ id: number }>(
      `select id from patients where id not in
         (select patient_id from visits where provider_id = $1 and patient_id is not null) limit 1`,
      [clinicianId],
    );
    otherPatientId = unseen!.id;
  });

  const read = async (query: string, token = coordinator) =>
    s().request('GET', `${TIMELINE}?${query}`, { token });
  const add = (body: Record<string, unknown>, token = coordinator) =>
    s().request('POST', NOTES, { token, body });

  it('adds call logs, communication notes and comments with the SPEC texts, newest first among what else happened', async () => {
    const stamp = Date.now();
    const call = await add({
      subject: 'patient',
      id: patientId,
      kind: 'callLog',
      direction: 'Outgoing',
      contactName: 'Daughter',
      body: `Confirmed Tuesday (${stamp})`,
    });
    expect(call.status).toBe(201);
    expect(call.body.message).toBe(MESSAGES.callLogAdded);
    expect(call.body.entry).toMatchObject({ kind: 'callLog', title: 'Outgoing call with Daughter' });
    const note = await add({
      subject: 'patient',
      id: patientId,
      kind: 'communicationNote',
      body: `Gate code 12 (${stamp})`,
    });
    expect(note.body.message).toBe(MESSAGES.communicationNoteAdded);
    const comment = await add({
      subject: 'patient',
      id: patientId,
      kind: 'comment',
      body: `Prefers mornings (${stamp})`,
    });
    expect(comment.body.message).toBe(MESSAGES.commentAdded);

    // A task about the patient and the patient's record changed by the API: both are on the timeline.
    const [task] = await s().ownerSql<{ id: number }>(
      `insert into tasks (title, assignee_id, due_date, patient_id, created_by)
       select 'Call the family ${stamp}', u.id, current_date, $1, u.id from users u
       where u.email_id = 'coordinator@carelane.local' returning id`,
      [patientId],
    );

    // The notes' writes read the patient: once the access log's buffer is written, they are on the timeline.
    await s().services.accessLog.flush();
    const answer = await read(`subject=patient&id=${patientId}&pageSize=100`);
    expect(answer.status).toBe(200);
    const timeline = answer.body as Timeline;
    expect(timeline.name).toMatch(/\S+ \S+/);
    const mine = timeline.rows.filter((row) => row.body?.includes(String(stamp)));
    expect(mine.map((row) => row.kind)).toEqual(['comment', 'communicationNote', 'callLog']);
    expect(mine[0]!.actorName).toMatch(/\S+ \S+/);
    expect(timeline.rows.find((row) => row.key === `task:${task!.id}`)?.title).toBe(
      `Task: Call the family ${stamp} (Pending)`,
    );
    const times = timeline.rows.map((row) => Date.parse(row.at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    // The reads of the patient are on their timeline (the access log).
    expect(timeline.rows.some((row) => row.kind === 'access')).toBe(true);

    const onlyCalls = (await read(`subject=patient&id=${patientId}&kinds=callLog&pageSize=100`))
      .body as Timeline;
    expect(new Set(onlyCalls.rows.map((row) => row.kind))).toEqual(new Set(['callLog']));
    const paged = (
      await read(`subject=patient&id=${patientId}&kinds=callLog,comment,communicationNote&pageSize=2`)
    ).body as Timeline;
    expect(paged.rows).toHaveLength(2);
    expect(paged.paging.totalCount).toBeGreaterThanOrEqual(3);
    const second = (
      await read(
        `subject=patient&id=${patientId}&kinds=callLog,comment,communicationNote&pageSize=2&pageNumber=2`,
      )
    ).body as Timeline;
    expect(second.rows.map((row) => row.key)).not.toContain(paged.rows[0]!.key);
    const longAgo = (await read(`subject=patient&id=${patientId}&from=2001-01-01&to=2001-01-31`))
      .body as Timeline;
    expect(longAgo.rows).toEqual([]);
    expect(longAgo.paging.totalCount).toBe(0);
  });

  it('records a read of a patient’s timeline in the access log', async () => {
    await s().services.accessLog.flush();
    const [before] = await s().sql<{ id: number }>('select coalesce(max(id), 0)::int as id from audit_log');
    expect((await read(`subject=patient&id=${patientId}`)).status).toBe(200);
    await s().services.accessLog.flush();
    const entries = await s().sql<{ entity: string; patient_ids: number[]; outcome: string }>(
      `select entity, patient_ids, outcome from audit_log where action = 'READ' and id > $1
         and user_email = 'coordinator@carelane.local'`,
      [before!.id],
    );
    expect(entries).toContainEqual({ entity: 'timeline', patient_ids: [patientId], outcome: 'ALLOWED' });
  });

  it('lets a clinician read their own timeline and their patients’, nothing else, and write nothing', async () => {
    expect((await read(`subject=clinician&id=${clinicianId}`, clinician)).status).toBe(200);
    expect((await read(`subject=patient&id=${patientId}`, clinician)).status).toBe(200);
    expect((await read(`subject=patient&id=${otherPatientId}`, clinician)).status).toBe(403);
    expect((await read(`subject=organization&id=1`, clinician)).status).toBe(403);
    const [other] = await s().sql<{ id: number }>('select id from providers where id <> $1 limit 1', [
      clinicianId,
    ]);
    expect((await read(`subject=clinician&id=${other!.id}`, clinician)).status).toBe(403);
    const written = await add(
      { subject: 'patient', id: patientId, kind: 'comment', body: 'mine' },
      clinician,
    );
    expect(written.status).toBe(403);
    expect((await read(`subject=patient&id=${patientId}`, orgUser)).status).toBe(403);
  });

  it('names the field of bad input and writes nothing', async () => {
    const [{ n: before }] = (await s().sql<{ n: number }>(
      'select count(*)::int as n from timeline_notes',
    )) as [{ n: number }];
    const field = async (res: { status: number; body: { errors?: { field: string }[] } }) => [
      res.status,
      res.body.errors?.[0]?.field,
    ];
    expect(await field(await read('subject=visit&id=1'))).toEqual([400, 'subject']);
    expect(await field(await read(`subject=patient&id=${patientId}&kinds=sms,gossip`))).toEqual([
      400,
      'kinds',
    ]);
    expect(await field(await read(`subject=patient&id=${patientId}&from=2026-12-07&to=2026-12-01`))).toEqual([
      400,
      'to',
    ]);
    expect(await field(await add({ subject: 'patient', id: patientId, kind: 'callLog', body: 'x' }))).toEqual(
      [400, 'direction'],
    );
    expect(
      await field(await add({ subject: 'patient', id: patientId, kind: 'comment', body: '   ' })),
    ).toEqual([400, 'body']);
    expect(
      await field(await add({ subject: 'patient', id: patientId, kind: 'comment', body: 'x'.repeat(4001) })),
    ).toEqual([400, 'body']);
    const missing = await add({ subject: 'patient', id: 2_000_000_000, kind: 'comment', body: 'Hello' });
    expect([missing.status, missing.body.error]).toEqual([404, 'This patient was not found.']);
    expect((await read('subject=organization&id=2000000000')).status).toBe(404);
    const [{ n: after }] = (await s().sql<{ n: number }>(
      'select count(*)::int as n from timeline_notes',
    )) as [{ n: number }];
    expect(after).toBe(before);
  });
});
