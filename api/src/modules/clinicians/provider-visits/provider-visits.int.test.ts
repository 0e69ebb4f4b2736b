// The clinician's visits through the API: their own list (PendingVisits, SPEC §9 range, addresses, recorded as
// a patient read), staff's list of a chosen clinician, check-in and check-out with the EVV record (another
// clinician's visit 403, a visit in the wrong state 409, check-out -> NotesDue and a feedback email), the EVV
// checks of decision 038 (0,0, a check-in off the visit's day, a check-out before the check-in refused naming the
// field; a tap far from the patient's address flagged), and the public feedback link: once, before it expires,
// feeding avgPatientRating.
import {
  addIsoDays,
  defaultDateRange,
  EVV_MESSAGES,
  FEEDBACK_MESSAGES,
  localDateIn,
  PENDING_VISIT_STATUSES,
  timeZoneOfPlace,
  type ProviderVisitList,
} from '@carelane/shared-domain';
import { sha256 } from '../../../lib/crypto';
import { databaseFailure } from '../../../lib/errors';
import { localIsoDate } from '../../../lib/local-date';
import { DEMO_USERS, describeEachDatabase } from '../../../test/harness';
import { providerIdOf } from '../../../test/identity-helpers';

describeEachDatabase('clinician visits and feedback', (server) => {
  let clinician = '';
  let coordinator = '';
  let orgUser = '';
  let ownId = 0;
  let otherId = 0;
  /** Visits set up for the tests: the clinician's own (Staffed, today), another clinician's (Staffed). */
  let ownVisit = 0;
  let otherVisit = 0;
  /**
   * The visits' day in their time zone (the patient's address), half an hour ago: a check-in then is on the day
   * whatever the hour (the server's UTC date is not the patient's near midnight).
   */
  let today = '';
  const checkInAt = () => new Date(Date.now() - 30 * 60_000).toISOString();
  /** Where the own visit's patient lives: the taps are made there unless a test says otherwise. */
  let home = { latitude: 0, longitude: 0 };
  const contactEmail = 'daughter.feedback@example.com';

  beforeAll(async () => {
    const s = server();
    [clinician, coordinator, orgUser] = await s.loginAs('clinician', 'coordinator', 'orgUser');
    ownId = await providerIdOf(s, DEMO_USERS.clinician);
    const [other] = await s.sql<{ id: number }>(
      `select id from providers where id <> $1 order by id limit 1`,
      [ownId],
    );
    otherId = other!.id;
    const picks = await s.sql<{
      id: number;
      episode_id: number;
      state: string;
      latitude: number;
      longitude: number;
    }>(
      `select v.id, v.episode_id, p.state, p.latitude, p.longitude from visits v
         join episodes e on e.id = v.episode_id join patients p on p.id = v.patient_id
        where p.latitude is not null and v.status in ('Active', 'Draft') order by v.id limit 2`,
    );
    ownVisit = picks[0]!.id;
    otherVisit = picks[1]!.id;
    home = { latitude: Number(picks[0]!.latitude), longitude: Number(picks[0]!.longitude) };
    today = localDateIn(Date.now() - 30 * 60_000, timeZoneOfPlace(picks[0]!));
    await s.sql(
      `update visits set provider_id = $1, status = 'Staffed', date_of_service = $2 where id = $3`,
      [ownId, today, ownVisit],
    );
    await s.sql(
      `update visits set provider_id = $1, status = 'Staffed', date_of_service = $2 where id = $3`,
      [otherId, today, otherVisit],
    );
    const [contact] = await s.sql<{ id: number }>(
      `insert into contacts (first_name, last_name, email, relationship) values ('Dana', 'Lee', $1, 'Daughter')
       returning id`,
      [contactEmail],
    );
    await s.sql(`update episodes set patient_contact_ids = array[$1::int] where id = $2`, [
      contact!.id,
      picks[0]!.episode_id,
    ]);
  });

  const visitOf = async (id: number) =>
    (
      await server().sql<{ status: string; version: number; time_in: Date | null; time_out: Date | null }>(
        `select status, version, time_in, time_out from visits where id = $1`,
        [id],
      )
    )[0]!;
  const evv = async (id: number, kind: 'checkIn' | 'checkOut', token = clinician, extra: object = {}) =>
    server().request('POST', `/api/admin/myVisits/${id}/${kind}`, {
      token,
      body: {
        latitude: home.latitude + 0.0004,
        longitude: home.longitude - 0.0003,
        at: new Date().toISOString(),
        version: (await visitOf(id)).version,
        ...extra,
      },
    });

  it("gives each visit the zone its times are shown in: its own, else its organization's", async () => {
    const s = server();
    const [visit] = await s.sql<{ time_zone: string | null; referral_source_id: number }>(
      `select time_zone, referral_source_id from visits where id = $1`,
      [ownVisit],
    );
    const [organization] = await s.sql<{ time_zone: string | null }>(
      `select time_zone from referral_sources where id = $1`,
      [visit!.referral_source_id],
    );
    const zoneOfOwnVisit = async () =>
      (
        await s.request<ProviderVisitList>(
          'GET',
          `/api/admin/myVisits?status=ALL&startDate=${today}&endDate=${today}`,
          { token: clinician },
        )
      ).body.rows.find((r) => r.id === ownVisit)!.timeZone;
    try {
      await s.sql(`update visits set time_zone = null where id = $1`, [ownVisit]);
      await s.sql(`update referral_sources set time_zone = 'America/Denver' where id = $1`, [
        visit!.referral_source_id,
      ]);
      expect(await zoneOfOwnVisit()).toBe('America/Denver');
      await s.sql(`update visits set time_zone = 'America/New_York' where id = $1`, [ownVisit]);
      expect(await zoneOfOwnVisit()).toBe('America/New_York');
    } finally {
      await s.sql(`update visits set time_zone = $1 where id = $2`, [visit!.time_zone, ownVisit]);
      await s.sql(`update referral_sources set time_zone = $1 where id = $2`, [
        organization!.time_zone,
        visit!.referral_source_id,
      ]);
    }
  });

  it("lists the clinician's own pending visits from 120 days ago to 45 days ahead, with the patient's address, and records the read", async () => {
    const s = server();
    const res = await s.request<ProviderVisitList>('GET', '/api/admin/myVisits', { token: clinician });
    expect(res.status).toBe(200);
    const range = defaultDateRange('myVisits');
    expect(res.body).toMatchObject({
      providerId: ownId,
      status: 'PendingVisits',
      startDate: localIsoDate(range.start),
      endDate: localIsoDate(range.end),
    });
    expect(res.body.rows.length).toBeGreaterThan(0);
    for (const row of res.body.rows) {
      expect(PENDING_VISIT_STATUSES).toContain(row.status);
      expect(row.dateOfService >= res.body.startDate && row.dateOfService <= res.body.endDate).toBe(true);
    }
    const mine = await s.sql<{ n: number }>(
      `select count(*)::int as n from visits where provider_id = $1 and status = any(string_to_array($2, ','))
        and date_of_service between $3 and $4`,
      [ownId, PENDING_VISIT_STATUSES.join(','), res.body.startDate, res.body.endDate],
    );
    expect(res.body.paging.totalCount).toBe(mine[0]!.n);
    const row = res.body.rows.find((r) => r.id === ownVisit)!;
    expect(row.status).toBe('Staffed');
    expect(row.address.addressLine1).toBeTruthy();
    expect(row.address.zipcode).toMatch(/^\d{5}$/);
    expect(row.patientName).toMatch(/, /);

    const all = await s.request<ProviderVisitList>(
      'GET',
      `/api/admin/myVisits?status=ALL&startDate=${today}&endDate=${today}`,
      { token: clinician },
    );
    expect(all.status).toBe(200);
    expect(all.body.rows.every((r) => r.dateOfService === today)).toBe(true);
    expect(all.body.rows.map((r) => r.id)).toContain(ownVisit);
    expect(all.body.rows.map((r) => r.id)).not.toContain(otherVisit);

    await s.services.accessLog.flush();
    const [entry] = await s.sql<{ patient_ids: number[] }>(
      `select patient_ids from audit_log a join users u on u.id = a.user_id
        where u.email_id = 'clinician@carelane.local' and a.entity = 'visitList' and a.action = 'READ'
        order by a.id desc limit 1`,
    );
    expect(entry!.patient_ids.length).toBeGreaterThan(0);
  });

  it('refuses a reversed range naming endDate, and a status that is none', async () => {
    const reversed = await server().request(
      'GET',
      '/api/admin/myVisits?startDate=2030-02-01&endDate=2030-01-01',
      {
        token: clinician,
      },
    );
    expect(reversed.status).toBe(400);
    expect(reversed.body.errors[0].field).toBe('endDate');
    const bad = await server().request('GET', '/api/admin/myVisits?status=Nope', { token: clinician });
    expect(bad.status).toBe(400);
  });

  it("shows staff a chosen clinician's visits from 29 days ago to 30 days ahead; refuses clinicians and organization users", async () => {
    const s = server();
    const res = await s.request<ProviderVisitList>('GET', `/api/admin/providers/${otherId}/visits`, {
      token: coordinator,
    });
    expect(res.status).toBe(200);
    const range = defaultDateRange('providerVisits');
    expect(res.body).toMatchObject({
      providerId: otherId,
      status: 'ALL',
      startDate: localIsoDate(range.start),
      endDate: localIsoDate(range.end),
    });
    expect(res.body.rows.map((r) => r.id)).toContain(otherVisit);
    expect(
      (await s.request('GET', `/api/admin/providers/${otherId}/visits`, { token: clinician })).status,
    ).toBe(403);
    expect(
      (await s.request('GET', `/api/admin/providers/${otherId}/visits`, { token: orgUser })).status,
    ).toBe(403);
    expect((await s.request('GET', `/api/admin/myVisits`, { token: coordinator })).status).toBe(403);
    expect(
      (await s.request('GET', `/api/admin/providers/999999/visits`, { token: coordinator })).status,
    ).toBe(404);
  });

  it("refuses to check in to another clinician's visit (403), writing nothing", async () => {
    const before = await visitOf(otherVisit);
    const res = await evv(otherVisit, 'checkIn');
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('This visit is not assigned to you.');
    expect(await visitOf(otherVisit)).toEqual(before);
    const [n] = await server().sql<{ n: number }>(
      `select count(*)::int as n from evv_records where visit_id = $1`,
      [otherVisit],
    );
    expect(n!.n).toBe(0);
  });

  it('refuses a check-out before check-in (409) and a device time far ahead (400 naming at)', async () => {
    const early = await evv(ownVisit, 'checkOut');
    expect(early.status).toBe(409);
    expect(early.body.error).toBe('This visit is Staffed: only a checked-in visit can be checked out.');
    const ahead = await evv(ownVisit, 'checkIn', clinician, {
      at: new Date(Date.now() + 60 * 60_000).toISOString(),
    });
    expect(ahead.status).toBe(400);
    expect(ahead.body.errors[0].field).toBe('at');
    const badLat = await evv(ownVisit, 'checkIn', clinician, { latitude: 91 });
    expect(badLat.status).toBe(400);
    expect((await visitOf(ownVisit)).status).toBe('Staffed');
  });

  /** The EVV records and flags of a visit, to show a refusal wrote nothing. */
  const evvWritten = async (id: number) =>
    (
      await server().sql<{ records: number; flags: number }>(
        `select (select count(*)::int from evv_records where visit_id = $1) as records,
                (select count(*)::int from evv_flags where visit_id = $2) as flags`,
        [id, id],
      )
    )[0]!;

  it('refuses a check-in at 0, 0 (a device without a location fix), naming latitude, writing nothing', async () => {
    const before = await visitOf(ownVisit);
    const res = await evv(ownVisit, 'checkIn', clinician, { latitude: 0, longitude: 0, at: checkInAt() });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: 'latitude', message: EVV_MESSAGES.noPosition }]);
    expect(await visitOf(ownVisit)).toEqual(before);
    expect(await evvWritten(ownVisit)).toEqual({ records: 0, flags: 0 });
  });

  it("refuses a check-in six days before the visit's day, naming at, writing nothing", async () => {
    const s = server();
    const [early] = await s.sql<{ id: number }>(
      `insert into visits (episode_id, referral_source_id, patient_id, episode_type, visit_type_id, provider_type_id,
         date_of_service, start_at, end_at, duration, status, provider_id)
       select episode_id, referral_source_id, patient_id, episode_type, visit_type_id, provider_type_id,
         $1::date, start_at + interval '6 days', end_at + interval '6 days', duration, 'Staffed', $2
       from visits where id = $3 returning id`,
      [addIsoDays(today, 6), ownId, ownVisit],
    );
    const before = await visitOf(early!.id);
    const res = await evv(early!.id, 'checkIn', clinician, { at: checkInAt() });
    expect(res.status).toBe(400);
    expect(res.body.errors).toHaveLength(1);
    expect(res.body.errors[0].field).toBe('at');
    expect(res.body.errors[0].message).toMatch(
      /^must be on the day of the visit, \d+\/\d+\/\d{4} \(America\//,
    );
    expect(await visitOf(early!.id)).toEqual(before);
    expect(await evvWritten(early!.id)).toEqual({ records: 0, flags: 0 });
  });

  it('checks in (After Staffed) and out (Notes Due) with an EVV record each, and emails the patient contact a feedback link', async () => {
    const s = server();
    const inAt = checkInAt();
    const checkedIn = await evv(ownVisit, 'checkIn', clinician, { at: inAt });
    expect(checkedIn.status).toBe(200);
    expect(checkedIn.body.message).toBe('Checked in.');
    expect(checkedIn.body.visit).toMatchObject({ id: ownVisit, status: 'AfterStaffed', timeIn: inAt });
    const again = await evv(ownVisit, 'checkIn');
    expect(again.status).toBe(409);
    expect(again.body.error).toBe(
      'This visit is After Staffed: only a Staffed or Visit Overdue visit can be checked in.',
    );

    const stale = await evv(ownVisit, 'checkOut', clinician, { version: 0 });
    expect(stale.status).toBe(409);
    // 47 hours before the check-in: within what an offline phone may send late, but before the check-in.
    const backwards = await evv(ownVisit, 'checkOut', clinician, {
      at: new Date(Date.parse(inAt) - 47 * 3_600_000 + 35 * 60_000).toISOString(),
    });
    expect(backwards.status).toBe(400);
    expect(backwards.body.errors).toEqual([
      { field: 'at', message: expect.stringMatching(/^must be after the check-in at \d+\/\d+\/\d{4} /) },
    ]);
    expect((await visitOf(ownVisit)).status).toBe('AfterStaffed');
    expect(await evvWritten(ownVisit)).toEqual({ records: 1, flags: 0 });
    const checkedOut = await evv(ownVisit, 'checkOut');
    expect(checkedOut.status).toBe(200);
    expect(checkedOut.body.message).toBe('Checked out. Your notes are due.');
    expect(checkedOut.body.visit.status).toBe('NotesDue');
    expect(checkedOut.body.visit.timeOut).toBeTruthy();
    expect((await visitOf(ownVisit)).status).toBe('NotesDue');

    const records = await s.sql<{ kind: string; latitude: number; provider_id: number; device_at: Date }>(
      `select kind, latitude, provider_id, device_at from evv_records where visit_id = $1 order by id`,
      [ownVisit],
    );
    expect(records.map((r) => r.kind)).toEqual(['checkIn', 'checkOut']);
    expect(records[0]).toMatchObject({ latitude: home.latitude + 0.0004, provider_id: ownId });
    expect(await evvWritten(ownVisit)).toEqual({ records: 2, flags: 0 });
    expect(new Date(records[0]!.device_at).toISOString()).toBe(inAt);

    const mails = await s.sql<{ to: string; body: string }>(
      `select "to", body from outbox where dedupe_key like 'clinicianFeedback:%' and "to" = $1`,
      [contactEmail],
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body).toContain('/clinicianFeedBack?token=•••');
    const [token] = await s.sql<{ n: number }>(
      `select count(*)::int as n from clinician_feedback_tokens where visit_id = $1 and used_at is null`,
      [ownVisit],
    );
    expect(token!.n).toBe(1);
    const audits = await s.sql<{ n: number }>(
      `select count(*)::int as n from audit_log where entity = 'visit' and entity_id = $1 and action = 'UPDATE'`,
      [String(ownVisit)],
    );
    expect(audits[0]!.n).toBe(2);
  });

  it("flags a check-in thousands of miles from the patient's address for review, tells the clinician, audits the flag", async () => {
    const s = server();
    const [far] = await s.sql<{ id: number }>(
      `insert into visits (episode_id, referral_source_id, patient_id, episode_type, visit_type_id, provider_type_id,
         date_of_service, start_at, end_at, duration, status, provider_id)
       select episode_id, referral_source_id, patient_id, episode_type, visit_type_id, provider_type_id,
         $1::date, start_at, end_at, duration, 'Staffed', $2
       from visits where id = $3 returning id`,
      [today, ownId, ownVisit],
    );
    const anchorage = { latitude: 61.2181, longitude: -149.9003 };
    const res = await evv(far!.id, 'checkIn', clinician, { ...anchorage, at: checkInAt() });
    expect(res.status).toBe(200);
    expect(res.body.visit.status).toBe('AfterStaffed');
    const [flag] = await s.sql<{
      id: number;
      kind: string;
      distance_miles: number;
      limit_miles: number;
      element: string;
    }>(
      `select f.id, f.kind, f.distance_miles, f.limit_miles, r.kind as element
         from evv_flags f join evv_records r on r.id = f.evv_record_id where f.visit_id = $1`,
      [far!.id],
    );
    expect(flag).toMatchObject({ kind: 'distance', limit_miles: 5, element: 'checkIn' });
    expect(flag!.distance_miles).toBeGreaterThan(2000);
    expect(res.body.message).toBe(`Checked in.${EVV_MESSAGES.flagged(flag!.distance_miles)}`);
    const [audit] = await s.sql<{ action: string }>(
      `select action from audit_log where entity = 'evvFlag' and entity_id = $1`,
      [String(flag!.id)],
    );
    expect(audit!.action).toBe('CREATE');
  });

  describe('the public feedback link', () => {
    const link = async (visitId = ownVisit, providerId = ownId) =>
      server().request('POST', `/api/admin/providers/${providerId}/visits/${visitId}/feedbackLink`, {
        token: coordinator,
      });
    const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;

    it('is made by staff for a checked-out visit only (409 otherwise); clinicians are refused', async () => {
      const notYet = await link(otherVisit, otherId);
      expect(notYet.status).toBe(409);
      expect(notYet.body.error).toBe(FEEDBACK_MESSAGES.notCheckedOut);
      expect((await link(ownVisit, otherId)).status).toBe(404);
      const own = await server().request(
        'POST',
        `/api/admin/providers/${ownId}/visits/${ownVisit}/feedbackLink`,
        {
          token: clinician,
        },
      );
      expect(own.status).toBe(403);
    });

    it('refuses an expired link (400 with the text) and an unknown one, writing nothing', async () => {
      const s = server();
      const token = tokenOf((await link()).body.url);
      await s.sql(
        `update clinician_feedback_tokens set expires_at = now() - interval '1 minute' where visit_id = $1 and used_at is null`,
        [ownVisit],
      );
      const [before] = await s.sql<{ n: number }>(`select count(*)::int as n from clinician_feedback`);
      const expired = await s.request('POST', '/api/public/clinicianFeedback', {
        body: { token, rating: 2 },
      });
      expect(expired.status).toBe(400);
      expect(expired.body.error).toBe(`token: ${FEEDBACK_MESSAGES.expiredToken}`);
      const shown = await s.request(
        'GET',
        `/api/public/clinicianFeedback?token=${encodeURIComponent(token)}`,
      );
      expect(shown.status).toBe(400);
      const unknown = await s.request('POST', '/api/public/clinicianFeedback', {
        body: { token: 'not-a-token', rating: 2 },
      });
      expect(unknown.status).toBe(400);
      expect(unknown.body.error).toBe(`token: ${FEEDBACK_MESSAGES.unknownToken}`);
      const [after] = await s.sql<{ n: number }>(`select count(*)::int as n from clinician_feedback`);
      expect(after!.n).toBe(before!.n);
    });

    it('a new link closes the open one', async () => {
      const first = tokenOf((await link()).body.url);
      await link();
      const res = await server().request(
        'GET',
        `/api/public/clinicianFeedback?token=${encodeURIComponent(first)}`,
      );
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(`token: ${FEEDBACK_MESSAGES.expiredToken}`);
    });

    // Rates the visit: no link is made for it afterwards, so it runs last.
    it("shows only the visit's date and the clinician's first name, takes one rating, and refuses the link again (409)", async () => {
      const s = server();
      const made = await link();
      expect(made.status).toBe(201);
      const token = tokenOf(made.body.url);
      const [stored] = await s.sql<{ n: number }>(
        `select count(*)::int as n from clinician_feedback_tokens where token_hash = $1 or token_hash like $2`,
        [token, `%${token}%`],
      );
      expect(stored!.n).toBe(0);

      const details = await s.request(
        'GET',
        `/api/public/clinicianFeedback?token=${encodeURIComponent(token)}`,
      );
      expect(details.status).toBe(200);
      expect(Object.keys(details.body).sort()).toEqual(['clinicianFirstName', 'dateOfService', 'expiresAt']);
      expect(details.body).toMatchObject({ dateOfService: today, clinicianFirstName: 'Casey' });

      const outOfRange = await s.request('POST', '/api/public/clinicianFeedback', {
        body: { token, rating: 6 },
      });
      expect(outOfRange.status).toBe(400);
      expect(outOfRange.body.errors[0].field).toBe('rating');

      await s.sql(`delete from clinician_feedback where provider_id = $1`, [ownId]);
      // Known counters (decision 026): assignments 5 × (1 − 4 / 40) = 4.5, notes 5 × (1 − 1 / 10) = 4.5.
      await s.sql(`update providers set rating = null, rating_details = $1::jsonb where id = $2`, [
        JSON.stringify({
          totalVisitCount: 40,
          totalUnstaffedCount: 4,
          totalNotesCount: 10,
          totalNotesRejectedCount: 1,
          avgPatientRating: 1.5,
        }),
        ownId,
      ]);
      const rated = await s.request('POST', '/api/public/clinicianFeedback', {
        body: { token, rating: 4, comment: 'Kind and on time.' },
      });
      expect(rated.status).toBe(200);
      expect(rated.body.message).toBe(FEEDBACK_MESSAGES.thanks);
      const [provider] = await s.sql<{ rating_details: Record<string, number>; rating: number | null }>(
        `select rating_details, rating from providers where id = $1`,
        [ownId],
      );
      expect(provider!.rating_details.avgPatientRating).toBe(4);
      // The badge's number from the one rule: (4.5 + 4.5 + 4) / 3 = 4.33.
      expect(provider!.rating).toBe(4.33);
      const [audit] = await s.sql<{ diff: Record<string, { before: unknown; after: unknown }> }>(
        `select diff from audit_log where entity = 'provider' and entity_id = $1 order by id desc limit 1`,
        [String(ownId)],
      );
      expect(audit!.diff.rating).toEqual({ before: null, after: 4.33 });

      const again = await s.request('POST', '/api/public/clinicianFeedback', { body: { token, rating: 1 } });
      expect(again.status).toBe(409);
      expect(again.body.error).toBe(FEEDBACK_MESSAGES.usedToken);
      const reread = await s.request(
        'GET',
        `/api/public/clinicianFeedback?token=${encodeURIComponent(token)}`,
      );
      expect(reread.status).toBe(409);
      const [count] = await s.sql<{ n: number }>(
        `select count(*)::int as n from clinician_feedback where visit_id = $1`,
        [ownVisit],
      );
      expect(count!.n).toBe(1);

      // One rating per visit: no second link (decision 037), and the database refuses a second row.
      const second = await link();
      expect([second.status, second.body.code, second.body.error]).toEqual([
        409,
        'ALREADY_RATED',
        FEEDBACK_MESSAGES.alreadyRated,
      ]);
      // A link still open for the rated visit (one made before decision 037) is refused, shown and sent.
      const leftOpen = 'a-link-made-before-the-rule';
      await s.sql(
        `insert into clinician_feedback_tokens (token_hash, visit_id, provider_id, expires_at)
         values ($1, $2, $3, now() + interval '1 day')`,
        [sha256(leftOpen), ownVisit, ownId],
      );
      const refused = [
        await s.request('GET', `/api/public/clinicianFeedback?token=${leftOpen}`),
        await s.request('POST', '/api/public/clinicianFeedback', { body: { token: leftOpen, rating: 1 } }),
      ];
      expect(refused.map((r) => [r.status, r.body.error])).toEqual([
        [409, FEEDBACK_MESSAGES.alreadyRated],
        [409, FEEDBACK_MESSAGES.alreadyRated],
      ]);
      const secondRow = await s
        .sql(
          `insert into clinician_feedback (token_id, visit_id, provider_id, rating)
           select t.id, t.visit_id, t.provider_id, 5 from clinician_feedback_tokens t
            where t.visit_id = $1 and not exists (select 1 from clinician_feedback f where f.token_id = t.id)
            limit 1`,
          [ownVisit],
        )
        .then(
          () => null,
          (error: unknown) => databaseFailure(error),
        );
      expect(secondRow).toMatchObject({ code: '23505', constraint: 'clinician_feedback_visit_key' });
      const [after] = await s.sql<{ rating_details: Record<string, number>; rating: number | null }>(
        `select rating_details, rating from providers where id = $1`,
        [ownId],
      );
      expect(after!.rating_details.avgPatientRating).toBe(4);
      expect(after!.rating).toBe(4.33);
    });
  });
});
