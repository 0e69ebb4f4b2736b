import { visitInstant } from '@carelane/shared-domain';
import { describeEachDatabase, type TestServer } from '../../../test/harness';
import { orgDay } from '../../../test/org-days';

const STALE = 'Someone else changed this service request since you opened it. Reload to see their changes.';
const TITLE = 'Zzepisodetest';
const day = orgDay;

async function orgId(s: TestServer, name: string) {
  const [row] = await s.sql<{ id: number }>('select id from referral_sources where name = $1', [name]);
  return row!.id;
}

type Episode = { id: number; version: number; status: string };

describeEachDatabase('service requests (episodes)', (server) => {
  let admin = '';
  let orgUser = '';
  let lakeside = '';
  let coordinator = '';
  let sunriseId = 0;
  let lakesideId = 0;
  let patientId = 0;
  let facilityId = 0;

  const create = async (token: string, body: Record<string, unknown>): Promise<Episode> => {
    const res = await server().request('POST', '/api/admin/episodes', { token, body });
    if (res.status !== 201) throw new Error(`create answered ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const addVisits = (token: string, id: number, body: Record<string, unknown>) =>
    server().request('POST', `/api/admin/episodes/${id}/visits`, { token, body });
  const visitBody = (extra: Record<string, unknown> = {}) => ({
    visitTypeId: 304,
    providerTypeId: 1,
    dateOfService: day(3),
    startTime: '08:00',
    ...extra,
  });
  // The demo organizations are in Texas: their visits' times are Central (decision 039).
  const central = (date: string, time: string) => visitInstant(date, time, 'America/Chicago').toISOString();

  beforeAll(async () => {
    admin = await server().login('admin@carelane.local');
    orgUser = await server().login('orguser@carelane.local');
    lakeside = await server().login('lakeside.user@carelane.local');
    coordinator = await server().login('coordinator@carelane.local');
    sunriseId = await orgId(server(), 'Sunrise Home Health');
    lakesideId = await orgId(server(), 'Lakeside Medical Center');
    const patient = await server().request('POST', '/api/admin/patients', {
      token: orgUser,
      body: { firstName: 'Pat', lastName: TITLE, zipcode: '78701', latitude: 30.27, longitude: -97.74 },
    });
    patientId = patient.body.id;
    const [facility] = await server().sql<{ id: number }>(
      `insert into facilities (referral_source_id, name, zipcode, latitude, longitude)
       values ($1, 'Zzfacility', '73301', 30.1, -97.6) returning id`,
      [sunriseId],
    );
    facilityId = facility!.id;
    // Sunrise's rate card for RN routine visits ($100 flat, $20 margin) and RN shifts ($60/h, $10/h margin, 30 min break).
    for (const [visitTypeId, unit, amount, margin, breakMins] of [
      [304, '$/Visit', 100, 20, null],
      [400, '$/Hour', 60, 10, 30],
    ] as const) {
      await server().sql(
        `insert into referral_source_rates (referral_source_id, provider_type_id, visit_type_id, payment_type, amount, profit_margin, unit, shift_break_time_in_mins)
         values ($1, 1, $2, 'FlatRate', $3, $4, $5, $6)
         on conflict (referral_source_id, provider_type_id, visit_type_id) do update set payment_type = 'FlatRate',
           amount = excluded.amount, profit_margin = excluded.profit_margin, unit = excluded.unit,
           shift_break_time_in_mins = excluded.shift_break_time_in_mins, service_fee = null,
           special_rate = null, incremental_rate = null, special_profit_margin = null, incremental_profit_margin = null,
           duration_limit = null, billing_increment = null, service_tax_percentage = null`,
        [sunriseId, visitTypeId, amount, margin, unit, breakMins],
      );
    }
    await server().sql(
      'delete from referral_source_rates where referral_source_id = $1 and provider_type_id = 1 and visit_type_id = 309',
      [sunriseId],
    );
  });

  describe('service request', () => {
    it('creates a Draft service request for the organization user’s organization, and reads it back', async () => {
      const e = await create(orgUser, {
        episodeType: 'Visit',
        title: `${TITLE} one`,
        startDate: day(1),
        endDate: day(60),
        patientId,
        frequencies: [{ visitTypeId: 304, perWeek: 2, weeks: 4 }],
        preferences: { gender: 'F', languages: ['Spanish'], skills: ['Wound care'] },
        visitRate: { bonus: 5 },
        enableNotesWorkflow: true,
      });
      const res = await server().request('GET', `/api/admin/episodes/${e.id}`, { token: admin });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        status: 'Draft',
        referralSourceId: sunriseId,
        referralSource: { id: sunriseId, name: 'Sunrise Home Health' },
        patientName: `${TITLE}, Pat`,
        frequencies: [{ visitTypeId: 304, perWeek: 2, weeks: 4 }],
        preferences: { gender: 'F', languages: ['Spanish'], skills: ['Wound care'] },
        enableNotesWorkflow: true,
        version: 0,
      });
    });

    it('answers field errors for bad references, nothing saved', async () => {
      const [lakePatient] = await server().sql<{ id: number }>(
        "insert into patients (referral_source_id, first_name, last_name) values ($1, 'L', 'Zzother') returning id",
        [lakesideId],
      );
      const before = await server().sql('select count(*)::int as n from episodes where title like $1', [
        `${TITLE}%`,
      ]);
      const base = { episodeType: 'Visit', title: `${TITLE} bad`, startDate: day(1) };
      for (const [body, field] of [
        [{ ...base, title: '' }, 'title'],
        [{ ...base, patientId: lakePatient!.id }, 'patientId'],
        [{ ...base, endDate: day(0) }, 'endDate'],
        [{ ...base, physicianId: 999999 }, 'physicianId'],
        [{ ...base, visitTypeIds: [1] }, 'visitTypeIds'],
        [{ ...base, episodeType: 'Other' }, 'episodeType'],
      ] as const) {
        const res = await server().request('POST', '/api/admin/episodes', { token: orgUser, body });
        expect(res.status).toBe(400);
        expect(JSON.stringify(res.body.errors)).toContain(field);
      }
      const staff = await server().request('POST', '/api/admin/episodes', { token: admin, body: base });
      expect(staff.status).toBe(400);
      expect(staff.body.errors[0].field).toBe('referralSourceId');
      const after = await server().sql('select count(*)::int as n from episodes where title like $1', [
        `${TITLE}%`,
      ]);
      expect(after).toEqual(before);
    });

    it('hides other organizations’ service requests (404) and refuses the clinician (403)', async () => {
      const e = await create(orgUser, { episodeType: 'Visit', title: `${TITLE} hidden`, startDate: day(1) });
      expect((await server().request('GET', `/api/admin/episodes/${e.id}`, { token: lakeside })).status).toBe(
        404,
      );
      const put = await server().request('PUT', `/api/admin/episodes/${e.id}`, {
        token: lakeside,
        body: { title: 'x', version: 0 },
      });
      expect(put.status).toBe(404);
      expect((await addVisits(lakeside, e.id, visitBody())).status).toBe(404);
      const clinician = await server().login('clinician@carelane.local');
      expect((await server().request('GET', '/api/admin/episodes', { token: clinician })).status).toBe(403);
      expect(
        (await server().request('GET', `/api/admin/episodes/${e.id}`, { token: clinician })).status,
      ).toBe(403);
    });

    it('saves with the version and refuses a stale save with 409', async () => {
      const e = await create(orgUser, { episodeType: 'Visit', title: `${TITLE} stale`, startDate: day(1) });
      const ok = await server().request('PUT', `/api/admin/episodes/${e.id}`, {
        token: orgUser,
        body: { title: `${TITLE} stale 2`, payor: 'Medicare', authorizedVisits: 8, version: 0 },
      });
      expect(ok.status).toBe(200);
      expect(ok.body).toMatchObject({
        title: `${TITLE} stale 2`,
        payor: 'Medicare',
        authorizedVisits: 8,
        version: 1,
      });
      const stale = await server().request('PUT', `/api/admin/episodes/${e.id}`, {
        token: admin,
        body: { title: 'overwrite', version: 0 },
      });
      expect(stale.status).toBe(409);
      expect(stale.body.error).toBe(STALE);
      const [cc] = await server().sql<{ id: number }>(
        "select id from users where email_id = 'coordinator@carelane.local'",
      );
      const coordinatorByOrg = await server().request('PUT', `/api/admin/episodes/${e.id}`, {
        token: orgUser,
        body: { careCoordinatorId: cc!.id, version: 1 },
      });
      expect(coordinatorByOrg.status).toBe(403);
      const coordinatorByStaff = await server().request('PUT', `/api/admin/episodes/${e.id}`, {
        token: admin,
        body: { careCoordinatorId: cc!.id, version: 1 },
      });
      expect(coordinatorByStaff.body).toMatchObject({ careCoordinatorId: cc!.id, version: 2 });
      const bad = await server().request('PUT', `/api/admin/episodes/${e.id}`, {
        token: orgUser,
        body: { endDate: '2000-01-01', version: 2 },
      });
      expect(bad.status).toBe(400);
      expect(bad.body.errors[0].field).toBe('endDate');
    });
  });

  describe('list', () => {
    let mineId = 0;
    let othersId = 0;
    beforeAll(async () => {
      const mine = await create(admin, {
        referralSourceId: lakesideId,
        episodeType: 'Shift',
        title: `${TITLE} list admin`,
        startDate: day(1),
      });
      mineId = mine.id;
      const others = await create(orgUser, {
        episodeType: 'Visit',
        title: `${TITLE} list org`,
        startDate: day(1),
      });
      othersId = others.id;
      await server().request('POST', `/api/admin/episodes/${others.id}/publish`, {
        token: orgUser,
        body: { version: 0 },
      });
    });
    const ids = (body: { rows: { id: number }[] }) => body.rows.map((r) => r.id);

    it("defaults to Active and, for the administrator, to everyone's; organization users see all of theirs", async () => {
      const adminDefault = await server().request('GET', `/api/admin/episodes?search=${TITLE}%20list`, {
        token: admin,
      });
      expect(adminDefault.status).toBe(200);
      expect(ids(adminDefault.body)).toEqual([othersId]); // the Active one, not the administrator's own
      const adminMine = await server().request(
        'GET',
        `/api/admin/episodes?search=${TITLE}%20list&status=ALL&mine=true`,
        {
          token: admin,
        },
      );
      expect(ids(adminMine.body)).toEqual([mineId]);
      const notMine = await server().request(
        'GET',
        `/api/admin/episodes?search=${TITLE}%20list&status=ALL&mine=false`,
        {
          token: admin,
        },
      );
      expect(ids(notMine.body)).toEqual([othersId, mineId]);
      expect(notMine.body.rows[0]).toMatchObject({
        referralSourceName: 'Sunrise Home Health',
        status: 'Active',
      });
      const org = await server().request('GET', `/api/admin/episodes?search=${TITLE}%20list`, {
        token: orgUser,
      });
      expect(ids(org.body)).toEqual([othersId]);
    });

    it('shows All statuses by default to roles 5 and 6 and when a patient is chosen', async () => {
      await server().sql(
        'update episodes set care_coordinator_id = (select id from users where email_id = $1) where id = $2',
        ['coordinator@carelane.local', mineId],
      );
      const cc = await server().request('GET', `/api/admin/episodes?search=${TITLE}%20list`, {
        token: coordinator,
      });
      expect(ids(cc.body)).toEqual([mineId]); // Draft, shown because the default is All; mine = coordinated by me
      const byPatient = await server().request('GET', `/api/admin/episodes?patientId=${patientId}`, {
        token: orgUser,
      });
      expect(byPatient.body.rows.length).toBeGreaterThan(0);
      expect(byPatient.body.rows.some((r: { status: string }) => r.status === 'Draft')).toBe(true);
    });

    it('filters by type, organization and creation range, with paging', async () => {
      const shifts = await server().request(
        'GET',
        `/api/admin/episodes?search=${TITLE}%20list&status=ALL&mine=false&episodeType=Shift`,
        { token: admin },
      );
      expect(ids(shifts.body)).toEqual([mineId]);
      const byOrg = await server().request(
        'GET',
        `/api/admin/episodes?search=${TITLE}%20list&status=ALL&mine=false&referralSourceId=${sunriseId}`,
        { token: admin },
      );
      expect(ids(byOrg.body)).toEqual([othersId]);
      await server().sql("update episodes set created_at = now() - interval '400 days' where id = $1", [
        othersId,
      ]);
      const recent = await server().request(
        'GET',
        `/api/admin/episodes?search=${TITLE}%20list&status=ALL&mine=false`,
        {
          token: admin,
        },
      );
      expect(ids(recent.body)).toEqual([mineId]);
      const old = await server().request(
        'GET',
        `/api/admin/episodes?search=${TITLE}%20list&status=ALL&mine=false&createdFrom=${day(-500)}&pageSize=1`,
        { token: admin },
      );
      expect(old.body.paging).toMatchObject({ totalCount: 2, pageCount: 2, pageSize: 1 });
      expect(ids(old.body)).toEqual([mineId]);
      const bad = await server().request('GET', '/api/admin/episodes?status=Nope', { token: admin });
      expect(bad.status).toBe(400);
    });

    it("the total follows the caller's own write at once", async () => {
      const path = `/api/admin/episodes?search=${TITLE}%20total&status=ALL&mine=false`;
      const total = async () =>
        (await server().request('GET', path, { token: admin })).body.paging.totalCount;
      expect(await total()).toBe(0);
      await create(admin, {
        referralSourceId: lakesideId,
        episodeType: 'Visit',
        title: `${TITLE} total`,
        startDate: day(1),
      });
      expect(await total()).toBe(1);
    });
  });

  describe('visits', () => {
    let e: Episode;
    beforeAll(async () => {
      e = await create(orgUser, {
        episodeType: 'Visit',
        title: `${TITLE} visits`,
        startDate: day(1),
        patientId,
      });
    });

    it('adds one Draft visit at 8:00 AM Central + duration, with the patient’s location and the rate terms', async () => {
      const res = await addVisits(orgUser, e.id, visitBody({ duration: 90 }));
      expect(res.status).toBe(201);
      const [v] = res.body.rows;
      expect(v).toMatchObject({
        status: 'Draft',
        dateOfService: day(3),
        startAt: central(day(3), '08:00'),
        endAt: central(day(3), '09:30'),
        duration: 90,
        fixedRate: 80,
        providerAmount: 80,
        episodeType: 'Visit',
      });
      const [row] = await server().sql(
        'select referral_source_id, patient_id, zipcode, latitude from visits where id = $1',
        [v.id],
      );
      expect(row).toEqual({
        referral_source_id: sunriseId,
        patient_id: patientId,
        zipcode: '78701',
        latitude: 30.27,
      });
      const [vpt] = await server().sql(
        'select provider_type_id, fixed_rate, unit, profit_margin from visit_provider_types where visit_id = $1',
        [v.id],
      );
      expect(vpt).toEqual({
        provider_type_id: 1,
        fixed_rate: '80.00',
        unit: '$/Visit',
        profit_margin: '20.00',
      });
    });

    it('adds several dates at once, and N copies, the times on the organization clock whatever the caller offset', async () => {
      const several = await addVisits(
        orgUser,
        e.id,
        visitBody({ multiple: true, multipleDates: [day(4), day(5)], startTime: '09:00', utcOffset: -300 }),
      );
      expect(several.status).toBe(201);
      expect(several.body.rows.map((v: { startAt: string }) => v.startAt)).toEqual([
        central(day(4), '09:00'),
        central(day(5), '09:00'),
      ]);
      const copies = await addVisits(
        orgUser,
        e.id,
        visitBody({ noOfVisits: 3, startTime: '10:00', endTime: '11:15' }),
      );
      expect(copies.body.rows).toHaveLength(3);
      expect(copies.body.rows[0].duration).toBe(75);
      const list = await server().request('GET', `/api/admin/episodes/${e.id}/visits`, { token: orgUser });
      expect(list.body.paging).toMatchObject({ pageSize: 1000, totalCount: 6 });
      expect(list.body.rows[0].dateOfService).toBe(day(3));
    });

    it('refuses bad visits with field messages, nothing saved', async () => {
      const before = await server().sql('select count(*)::int as n from visits where episode_id = $1', [
        e.id,
      ]);
      for (const [body, field, message] of [
        [visitBody({ dateOfService: day(-2) }), 'dateOfService', 'cannot be in the past'],
        [
          visitBody({ startTime: null }),
          'startTime',
          'is required: type the time the visit starts, such as 10:00 AM',
        ],
        [visitBody({ startTime: '10:00', endTime: '09:00' }), 'endTime', 'must be after the start time'],
        [visitBody({ duration: 1441 }), 'duration', 'cannot be more than 24 hours'],
        [visitBody({ duration: 0 }), 'duration', 'must be more than 0 minutes'],
        [visitBody({ visitTypeId: 999 }), 'visitTypeId', 'is not a known visit type'],
        [visitBody({ providerTypeId: 3 }), 'providerTypeId', 'PT cannot do a RN Routine visit'],
        [visitBody({ fixedRate: 90 }), 'rates', 'Fixed rate cannot be more than $80.00'],
        [visitBody({ fixedRate: 0 }), 'rates', 'Fixed rate must be greater than zero'],
        [
          visitBody({ visitTypeId: 309 }),
          'rates',
          'The organization has no rate for this provider type and visit type. Add one to its rate card first.',
        ],
        [
          visitBody({ multiple: true, multipleDates: [day(4), day(-1)] }),
          'multipleDates',
          'cannot be in the past',
        ],
      ] as const) {
        const res = await addVisits(orgUser, e.id, body);
        expect([res.status, res.body.errors]).toEqual([400, [{ field, message }]]);
      }
      const after = await server().sql('select count(*)::int as n from visits where episode_id = $1', [e.id]);
      expect(after).toEqual(before);
    });

    it('books a shift for 8 hours at the facility, break deducted by the rate engine', async () => {
      const shift = await create(orgUser, {
        episodeType: 'Shift',
        title: `${TITLE} shift`,
        startDate: day(1),
        patientId,
        facilityId,
      });
      const res = await addVisits(orgUser, shift.id, visitBody({ visitTypeId: 400 }));
      expect(res.status).toBe(201);
      const [v] = res.body.rows;
      // $50/h suggested (60 − 10) × 7.5 billable hours (30 min break over 5 h).
      expect(v).toMatchObject({
        duration: 480,
        isHourly: true,
        fixedRate: 50,
        providerAmount: 375,
        episodeType: 'Shift',
      });
      const [row] = await server().sql('select zipcode, facility_id from visits where id = $1', [v.id]);
      expect(row).toEqual({ zipcode: '73301', facility_id: facilityId });
    });

    it('edits and deletes Draft/Active visits with the version', async () => {
      const list = await server().request('GET', `/api/admin/episodes/${e.id}/visits`, { token: orgUser });
      const v = list.body.rows[0];
      const edit = await server().request('PUT', `/api/admin/episodes/${e.id}/visits/${v.id}`, {
        token: orgUser,
        body: {
          dateOfService: day(7),
          startTime: '13:00',
          duration: 45,
          bonus: 10,
          fixedRate: 70,
          version: v.version,
        },
      });
      expect(edit.status).toBe(200);
      expect(edit.body).toMatchObject({
        dateOfService: day(7),
        startAt: central(day(7), '13:00'),
        duration: 45,
        bonus: 10,
        fixedRate: 70,
        providerAmount: 80,
        version: v.version + 1,
      });
      const stale = await server().request('PUT', `/api/admin/episodes/${e.id}/visits/${v.id}`, {
        token: orgUser,
        body: { duration: 30, version: v.version },
      });
      expect([stale.status, stale.body.error]).toEqual([409, STALE]);
      const tooHigh = await server().request('PUT', `/api/admin/episodes/${e.id}/visits/${v.id}`, {
        token: orgUser,
        body: { fixedRate: 95, version: v.version + 1 },
      });
      expect(tooHigh.body.errors).toEqual([
        { field: 'rates', message: 'Fixed rate cannot be more than $80.00' },
      ]);
      const del = await server().request(
        'DELETE',
        `/api/admin/episodes/${e.id}/visits/${v.id}?version=${v.version + 1}`,
        {
          token: orgUser,
        },
      );
      expect(del.status).toBe(200);
      expect(del.body.status).toBe('Deleted');
      const again = await server().request(
        'DELETE',
        `/api/admin/episodes/${e.id}/visits/${v.id}?version=${v.version + 2}`,
        {
          token: orgUser,
        },
      );
      expect([again.status, again.body.error]).toEqual([409, 'A Deleted visit cannot be deleted here.']);
    });
  });

  describe('publish, hold, complete, archive, delete', () => {
    it('publishes Draft visits, adds new ones Active, holds them back to Draft', async () => {
      const e = await create(orgUser, {
        episodeType: 'Visit',
        title: `${TITLE} publish`,
        startDate: day(1),
        patientId,
      });
      const [draft] = (await addVisits(orgUser, e.id, visitBody())).body.rows;
      const stale = await server().request('POST', `/api/admin/episodes/${e.id}/publish`, {
        token: orgUser,
        body: { version: 5 },
      });
      expect([stale.status, stale.body.error]).toEqual([409, STALE]);
      const published = await server().request('POST', `/api/admin/episodes/${e.id}/publish`, {
        token: orgUser,
        body: { version: 0 },
      });
      expect(published.status).toBe(200);
      expect(published.body).toMatchObject({ status: 'Active', version: 1 });
      expect(published.body.publishedAt).toBeTruthy();
      const [after] = await server().sql('select status from visits where id = $1', [draft.id]);
      expect(after).toEqual({ status: 'Active' });
      const [added] = (await addVisits(orgUser, e.id, visitBody())).body.rows;
      expect(added.status).toBe('Active');
      const retype = await server().request('PUT', `/api/admin/episodes/${e.id}`, {
        token: orgUser,
        body: { episodeType: 'Shift', version: 1 },
      });
      expect(retype.body.errors).toEqual([
        { field: 'episodeType', message: 'cannot change once the service request has visits' },
      ]);
      const held = await server().request('POST', `/api/admin/episodes/${e.id}/hold`, {
        token: orgUser,
        body: { version: 1 },
      });
      expect(held.body.status).toBe('Hold');
      const statuses = await server().sql('select distinct status from visits where episode_id = $1', [e.id]);
      expect(statuses).toEqual([{ status: 'Draft' }]);
      const holdAgain = await server().request('POST', `/api/admin/episodes/${e.id}/hold`, {
        token: orgUser,
        body: { version: 2 },
      });
      expect([holdAgain.status, holdAgain.body.error]).toEqual([
        409,
        'A Hold service request cannot be put on hold.',
      ]);
    });

    it('refuses to delete once a visit is staffed, else deletes it and its visits', async () => {
      const e = await create(orgUser, {
        episodeType: 'Visit',
        title: `${TITLE} delete`,
        startDate: day(1),
        patientId,
      });
      const [v] = (await addVisits(orgUser, e.id, visitBody())).body.rows;
      await server().sql("update visits set status = 'Staffed' where id = $1", [v.id]);
      const refused = await server().request('POST', `/api/admin/episodes/${e.id}/delete`, {
        token: orgUser,
        body: { version: 0 },
      });
      expect([refused.status, refused.body.error]).toEqual([
        409,
        'This service request has visits that are already staffed or later; unassign or finish them before deleting it.',
      ]);
      await server().sql("update visits set status = 'Active' where id = $1", [v.id]);
      const ok = await server().request('POST', `/api/admin/episodes/${e.id}/delete`, {
        token: orgUser,
        body: { version: 0 },
      });
      expect(ok.body.status).toBe('Deleted');
      const [row] = await server().sql('select status from visits where id = $1', [v.id]);
      expect(row).toEqual({ status: 'Deleted' });
      const save = await server().request('PUT', `/api/admin/episodes/${e.id}`, {
        token: orgUser,
        body: { title: 'x', version: 1 },
      });
      expect([save.status, save.body.error]).toEqual([409, 'A Deleted service request cannot be changed.']);
      const [audit] = await server().sql(
        "select action from audit_log where entity = 'episode' and entity_id = $1 and action = 'DELETE'",
        [String(e.id)],
      );
      expect(audit).toEqual({ action: 'DELETE' });
    });

    it('completes an Active service request: its Active visits expire, a Staffed one stays; then read-only', async () => {
      const e = await create(orgUser, {
        episodeType: 'Visit',
        title: `${TITLE} complete`,
        startDate: day(1),
        patientId,
      });
      const [open, taken] = (await addVisits(orgUser, e.id, visitBody({ noOfVisits: 2 }))).body.rows;
      const draftComplete = await server().request('POST', `/api/admin/episodes/${e.id}/complete`, {
        token: orgUser,
        body: { version: 0 },
      });
      expect([draftComplete.status, draftComplete.body.error]).toEqual([
        409,
        'A Draft service request cannot be completed.',
      ]);
      await server().request('POST', `/api/admin/episodes/${e.id}/publish`, {
        token: orgUser,
        body: { version: 0 },
      });
      await server().sql("update visits set status = 'Staffed' where id = $1", [taken.id]);
      const done = await server().request('POST', `/api/admin/episodes/${e.id}/complete`, {
        token: orgUser,
        body: { version: 1 },
      });
      expect(done.status).toBe(200);
      expect(done.body).toMatchObject({ status: 'Completed', version: 2 });
      const rows = await server().sql(
        'select id, status, expire_reason from visits where episode_id = $1 order by id',
        [e.id],
      );
      expect(rows).toEqual([
        { id: open.id, status: 'Expired', expire_reason: 'Service request completed' },
        { id: taken.id, status: 'Staffed', expire_reason: null },
      ]);
      const save = await server().request('PUT', `/api/admin/episodes/${e.id}`, {
        token: orgUser,
        body: { title: 'x', version: 2 },
      });
      expect([save.status, save.body.error]).toEqual([409, 'A Completed service request cannot be changed.']);
    });

    it('archives with a reason of episodeArchiveReasons (unknown reason refused, nothing changed)', async () => {
      const e = await create(orgUser, {
        episodeType: 'Visit',
        title: `${TITLE} archive`,
        startDate: day(1),
        patientId,
      });
      const bad = await server().request('POST', `/api/admin/episodes/${e.id}/archive`, {
        token: orgUser,
        body: { version: 0, reason: 'Because' },
      });
      expect(bad.status).toBe(400);
      expect(bad.body.errors[0]).toMatchObject({ field: 'reason' });
      const [still] = await server().sql('select status, archive_reason from episodes where id = $1', [e.id]);
      expect(still).toEqual({ status: 'Draft', archive_reason: null });
      const other = await server().request('POST', `/api/admin/episodes/${e.id}/archive`, {
        token: lakeside,
        body: { version: 0, reason: 'Patient discharged' },
      });
      expect(other.status).toBe(404);
      const ok = await server().request('POST', `/api/admin/episodes/${e.id}/archive`, {
        token: orgUser,
        body: { version: 0, reason: 'Patient discharged' },
      });
      expect(ok.status).toBe(200);
      expect(ok.body).toMatchObject({ status: 'Archived', archiveReason: 'Patient discharged' });
      const again = await server().request('POST', `/api/admin/episodes/${e.id}/archive`, {
        token: orgUser,
        body: { version: 1, reason: 'Patient discharged' },
      });
      expect([again.status, again.body.error]).toEqual([
        409,
        'An Archived service request cannot be archived.',
      ]);
    });
  });

  describe('references of another organization (issue 10)', () => {
    const ids = { contact: 0, caseManager: 0, patient: 0, facility: 0, ownContact: 0, orgUserId: 0 };
    let lakesideAdmin = '';
    beforeAll(async () => {
      lakesideAdmin = await server().login('lakeside.admin@carelane.local');
      const one = async (text: string, params: unknown[]) =>
        (await server().sql<{ id: number }>(text, params))[0]!.id;
      ids.contact = await one(
        "insert into contacts (referral_source_id, first_name, last_name) values ($1, 'Sun', 'Zzcontact') returning id",
        [sunriseId],
      );
      ids.caseManager = await one(
        "insert into contacts (referral_source_id, first_name, last_name, is_case_manager) values ($1, 'Sun', 'Zzcase', true) returning id",
        [sunriseId],
      );
      ids.ownContact = await one(
        "insert into contacts (referral_source_id, first_name, last_name) values ($1, 'Lake', 'Zzcontact') returning id",
        [lakesideId],
      );
      ids.patient = patientId;
      ids.facility = facilityId;
      ids.orgUserId = await one("select id from users where email_id = 'lakeside.user@carelane.local'", []);
    });
    const base = () => ({ episodeType: 'Visit', title: `${TITLE} refs`, startDate: day(1) });
    const UNKNOWN = 999_999;
    /** Each field with another organization's id and with an id that does not exist. */
    const cases = (): [string, unknown, unknown][] => [
      ['contactIds', [ids.contact], [UNKNOWN]],
      ['patientContactIds', [ids.ownContact, ids.contact], [UNKNOWN]],
      ['caseManagerId', ids.caseManager, UNKNOWN],
      ['patientId', ids.patient, UNKNOWN],
      ['facilityId', ids.facility, UNKNOWN],
    ];
    const count = async () =>
      (
        await server().sql<{ n: number }>('select count(*)::int as n from episodes where title = $1', [
          `${TITLE} refs`,
        ])
      )[0]!.n;

    it("refuses another organization's contacts, patient and facility on create and save, the same 400 as an id that does not exist", async () => {
      const created = await server().request('POST', '/api/admin/episodes', {
        token: lakesideAdmin,
        body: { ...base(), contactIds: [ids.ownContact], caseManagerId: ids.ownContact },
      });
      expect(created.status).toBe(201);
      const before = await count();
      for (const [field, foreign, unknown] of cases()) {
        const other = await server().request('POST', '/api/admin/episodes', {
          token: lakesideAdmin,
          body: { ...base(), [field]: foreign },
        });
        const missing = await server().request('POST', '/api/admin/episodes', {
          token: lakesideAdmin,
          body: { ...base(), [field]: unknown },
        });
        expect([field, other.status, other.body.errors?.[0]?.field]).toEqual([field, 400, field]);
        expect(other.body).toEqual(missing.body);
        const put = await server().request('PUT', `/api/admin/episodes/${created.body.id}`, {
          token: lakesideAdmin,
          body: { [field]: foreign, version: 0 },
        });
        const putMissing = await server().request('PUT', `/api/admin/episodes/${created.body.id}`, {
          token: lakesideAdmin,
          body: { [field]: unknown, version: 0 },
        });
        expect([field, put.status, put.body]).toEqual([field, 400, putMissing.body]);
      }
      expect(await count()).toBe(before);
      const [saved] = await server().sql('select version, contact_ids from episodes where id = $1', [
        created.body.id,
      ]);
      expect(saved).toEqual({ version: 0, contact_ids: [ids.ownContact] });
    });

    it("refuses them from staff too: a Lakeside request takes neither Sunrise's contacts nor an organization user as coordinator", async () => {
      for (const [field, foreign, unknown] of [
        ...cases(),
        ['careCoordinatorId', ids.orgUserId, UNKNOWN],
        ['vendorManagerId', ids.orgUserId, UNKNOWN],
      ] as [string, unknown, unknown][]) {
        const other = await server().request('POST', '/api/admin/episodes', {
          token: admin,
          body: { ...base(), referralSourceId: lakesideId, [field]: foreign },
        });
        const missing = await server().request('POST', '/api/admin/episodes', {
          token: admin,
          body: { ...base(), referralSourceId: lakesideId, [field]: unknown },
        });
        expect([field, other.status, other.body.errors?.[0]?.field]).toEqual([field, 400, field]);
        expect(other.body).toEqual(missing.body);
      }
    });
  });
});
