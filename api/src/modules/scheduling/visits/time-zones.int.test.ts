// Issue 24 (decision 039): a visit's date and times are its organization's wall clock, whatever the server's zone.
// The server runs in UTC here, as in production; the demo organizations are in Texas (America/Chicago).
process.env.TZ = 'UTC';

import { todayIn, visitInstant, type NoteList } from '@carelane/shared-domain';
import { describeEachDatabase } from '../../../test/harness';
import { freshPoint, makeEpisode, makeVisit, organizationId, visitRow } from '../matching/test-fixtures';
import { runVisitStatusJob } from './status-job';

const CENTRAL = 'America/Chicago';
const central = (date: string, time: string) => visitInstant(date, time, CENTRAL);

describeEachDatabase('visit times in the organization zone (server in UTC)', (server) => {
  let admin = '';
  let orgUser = '';
  let coordinator = '';
  let sunrise = 0;
  let episodeId = 0;

  beforeAll(async () => {
    const s = server();
    [admin, orgUser, coordinator] = await Promise.all([
      s.login('admin@carelane.local'),
      s.login('orguser@carelane.local'),
      s.login('coordinator@carelane.local'),
    ]);
    sunrise = await organizationId(s);
    ({ episodeId } = await makeEpisode(s, sunrise));
  });

  const book = (body: Record<string, unknown>) =>
    server().request('POST', `/api/admin/episodes/${episodeId}/visits`, {
      token: orgUser,
      body: { visitTypeId: 304, providerTypeId: 1, ...body },
    });

  it('runs with the server clock in UTC', () => {
    expect(new Date('2027-01-15T12:00:00Z').getTimezoneOffset()).toBe(0);
  });

  it('a Texas organization is in America/Chicago; its zone is one of Intl, set by staff', async () => {
    const org = await server().request('GET', `/api/admin/referralSources/${sunrise}`, { token: admin });
    expect(org.body.timeZone).toBe(CENTRAL);
    const bad = await server().request('PUT', `/api/admin/referralSources/${sunrise}`, {
      token: admin,
      body: { timeZone: 'America/Springfield', version: org.body.version },
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('timeZone');
    expect(JSON.stringify(bad.body)).toContain('must be a time zone such as America/Chicago');
    const set = await server().request('PUT', `/api/admin/referralSources/${sunrise}`, {
      token: admin,
      body: { timeZone: CENTRAL, version: org.body.version },
    });
    expect(set.status).toBe(200);
    expect(set.body.timeZone).toBe(CENTRAL);
  });

  it('"10:00 AM" books 10:00 AM Central: 16:00Z in winter (CST), 15:00Z in summer (CDT), stored with the zone', async () => {
    const winter = await book({ dateOfService: '2027-01-15', startTime: '10:00' });
    expect(winter.status).toBe(201);
    expect(winter.body.rows[0].startAt).toBe('2027-01-15T16:00:00.000Z');
    const summer = await book({ dateOfService: '2027-07-15', startTime: '10:00' });
    expect(summer.body.rows[0].startAt).toBe('2027-07-15T15:00:00.000Z');
    const [row] = await server().sql('select time_zone from visits where id = $1', [winter.body.rows[0].id]);
    expect(row).toEqual({ time_zone: CENTRAL });
    const list = await server().request('GET', `/api/operation/visits?episodeId=${episodeId}&status=ALL`, {
      token: coordinator,
    });
    const listed = list.body.rows.find((r: { id: number }) => r.id === winter.body.rows[0].id);
    expect(listed).toMatchObject({ startAt: '2027-01-15T16:00:00.000Z', timeZone: CENTRAL });
  });

  it('a visit without a start time is refused, naming startTime: there is no default time', async () => {
    const res = await book({ dateOfService: '2027-01-15' });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('startTime');
    expect(JSON.stringify(res.body)).toContain(
      'is required: type the time the visit starts, such as 10:00 AM',
    );
  });

  it('a 6:00 PM Central visit is not overdue at 9 PM Central the day before nor at 6:05 PM (the grace); it is at 6:16 PM', async () => {
    const booked = await book({ dateOfService: '2027-01-15', startTime: '18:00', duration: 60 });
    const id = booked.body.rows[0].id as number;
    expect(booked.body.rows[0].startAt).toBe('2027-01-16T00:00:00.000Z');
    // Staffed by a clinician (the assignment itself is another feature's test).
    await server().sql(`update visits set status = 'Staffed' where id = $1`, [id]);
    const db = server().services.db;
    await runVisitStatusJob(db, central('2027-01-14', '21:00'));
    expect((await visitRow(server(), id)).status).toBe('Staffed');
    await runVisitStatusJob(db, central('2027-01-15', '18:05'));
    expect((await visitRow(server(), id)).status).toBe('Staffed');
    await runVisitStatusJob(db, central('2027-01-15', '18:16'));
    expect((await visitRow(server(), id)).status).toBe('VisitOverdue');
  });

  it('an unstaffed 6:00-7:00 PM Central visit expires after 7:00 PM Central, not at 9 PM Central the day before', async () => {
    const booked = await book({ dateOfService: '2027-01-22', startTime: '18:00', endTime: '19:00' });
    const id = booked.body.rows[0].id as number;
    await server().sql(`update visits set status = 'Active' where id = $1`, [id]);
    const db = server().services.db;
    await runVisitStatusJob(db, central('2027-01-21', '21:00'));
    expect((await visitRow(server(), id)).status).toBe('Active');
    await runVisitStatusJob(db, central('2027-01-22', '19:00'));
    expect((await visitRow(server(), id)).status).toBe('Active');
    await runVisitStatusJob(db, central('2027-01-22', '19:01'));
    expect((await visitRow(server(), id)).status).toBe('Expired');
  });

  it("the reviewer's queue shows today's notes of organizations in every zone by default", async () => {
    const point = freshPoint();
    const base = { rsId: sunrise, episodeId, patientId: 0, point, status: 'NotesInReview' };
    const [episode] = await server().sql<{ patient_id: number }>(
      'select patient_id from episodes where id = $1',
      [episodeId],
    );
    base.patientId = episode!.patient_id;
    const now = new Date();
    const dates = ['America/Los_Angeles', CENTRAL, 'Asia/Tokyo', 'Pacific/Auckland'].map((z) =>
      todayIn(z, now),
    );
    const ids = await Promise.all(dates.map((date) => makeVisit(server(), { ...base, date })));
    const queue = await server().request<NoteList>(
      'GET',
      `/api/notes/notes?status=NotesInReview&episodeId=${episodeId}&pageSize=100`,
      { token: coordinator },
    );
    expect(queue.status).toBe(200);
    const shown = queue.body.rows.map((r) => r.visitId);
    for (const id of ids) expect(shown).toContain(id);
  });
});
