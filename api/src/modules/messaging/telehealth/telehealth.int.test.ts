// /tc telehealth through the API on both databases (issue 28, decision 068): the clinician hosts the visit's room,
// a join link (signed, for one room, until the end of the visit's day) lets the patient wait and be admitted, the
// offers, answers and ICE candidates reach only their addressee's stream, and the call's start and end are the
// visit's time in and time out with location 'telehealth'. Forged, expired and other rooms' links, signals from
// outside the call and a second end are refused by name, writing nothing.
import { TELEHEALTH_MESSAGES, todayIn, type TelehealthRoom } from '@carelane/shared-domain';
import { signJoinToken } from './link';
import { eventArrives, openStream, type EventStream } from '../../../test/event-stream';
import { describeEachDatabase, type TestServer } from '../../../test/harness';

const CENTRAL = 'America/Chicago';
const TELEHEALTH_VISIT_TYPE = 340;
const ROUTINE_VISIT_TYPE = 304;

describeEachDatabase('telehealth', (server) => {
  const s = (): TestServer => server();
  let coordinator = '';
  let clinician = '';
  let orgUser = '';
  let clinicianId = 0;
  let patientId = 0;

  /** A visit of today for the demo clinician, booked and assigned as staff do: a few minutes each, after 10 PM. */
  let slot = 0;
  async function staffedVisit(visitTypeId: number): Promise<number> {
    const minutes = 22 * 60 + 6 * slot++;
    const time = (m: number) =>
      `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
    const episode = await s().request('POST', '/api/admin/episodes', {
      token: orgUser,
      body: { episodeType: 'Visit', title: `Video ${Date.now()}`, startDate: todayIn(CENTRAL), patientId },
    });
    expect(episode.status).toBe(201);
    const added = await s().request('POST', `/api/admin/episodes/${episode.body.id}/visits`, {
      token: orgUser,
      body: {
        visitTypeId,
        providerTypeId: 1,
        dateOfService: todayIn(CENTRAL),
        startTime: time(minutes),
        endTime: time(minutes + 5),
      },
    });
    expect(added.status).toBe(201);
    const { version } = (
      await s().request('GET', `/api/admin/episodes/${episode.body.id}`, { token: orgUser })
    ).body;
    const published = await s().request('POST', `/api/admin/episodes/${episode.body.id}/publish`, {
      token: orgUser,
      body: { version },
    });
    expect(published.status).toBe(200);
    const visit = (
      await s().request('GET', `/api/admin/episodes/${episode.body.id}/visits`, { token: orgUser })
    ).body.rows[0] as { id: number; version: number };
    const assigned = await s().request('POST', '/api/admin/assignVisit', {
      token: coordinator,
      body: { visitId: visit.id, providerId: clinicianId, version: visit.version },
    });
    expect(`${assigned.status} ${JSON.stringify(assigned.body)}`).toMatch(/^200/);
    return visit.id;
  }

  const open = (visitId: number, token = clinician) =>
    s().request<TelehealthRoom & { errors?: { field: string; message: string }[] }>(
      'POST',
      '/api/telehealth/rooms',
      {
        token,
        body: { visitId },
      },
    );
  const stream = (room: number, key: string) =>
    openStream(s(), `/api/public/telehealth/rooms/${room}/stream?key=${encodeURIComponent(key)}`);
  const signal = (room: number, body: Record<string, unknown>) =>
    s().request('POST', `/api/public/telehealth/rooms/${room}/signals`, { body });
  const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;
  const roomEvents = (events: EventStream) => events.events.filter((e) => e.event === 'room');
  const streams: EventStream[] = [];
  afterAll(() => streams.forEach((open) => open.close()));

  beforeAll(async () => {
    [coordinator, clinician, orgUser] = await s().loginAs('coordinator', 'clinician', 'orgUser');
    const [own] = await s().sql<{ id: number }>(
      `select p.id from providers p join users u on u.id = p.user_id where u.email_id = 'clinician@carelane.local'`,
    );
    clinicianId = own!.id;
    const [patient] = await s().sql<{ id: number }>(
      `select p.id from patients p join referral_sources r on r.id = p.referral_source_id
        join users u on u.referral_source_id = r.id where u.email_id = 'orguser@carelane.local' limit 1`,
    );
    patientId = patient!.id;
  });

  it('hosts a call from the link to the end: waiting, admitted, signals to their addressee, time in and out', async () => {
    const visitId = await staffedVisit(TELEHEALTH_VISIT_TYPE);
    const opened = await open(visitId);
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({
      visitId,
      status: 'open',
      visitType: 'Telehealth',
      me: { role: 'host' },
    });
    const room = opened.body.roomId;
    const host = opened.body.me;
    const hostStream = await stream(room, host.key);
    streams.push(hostStream);

    // The link goes by SMS through the outbox, its token masked in the stored copy.
    const sent = await s().request('POST', `/api/telehealth/rooms/${room}/links`, {
      token: clinician,
      body: { phoneNumber: '(512) 555-0199' },
    });
    expect(sent.status).toBe(201);
    expect(sent.body.message).toBe(TELEHEALTH_MESSAGES.linkSent('5125550199'));
    const [queued] = await s().sql<{ body: string }>(
      `select body from outbox where channel = 'sms' and "to" = '5125550199' order by id desc limit 1`,
    );
    expect(queued!.body).toContain(`/tc/join?room=${room}&token=•••`);
    const token = tokenOf(sent.body.link);

    // The link shows the time and the clinician's first name, nothing of the patient.
    const info = await s().request(
      'GET',
      `/api/public/telehealth/rooms/${room}?token=${encodeURIComponent(token)}`,
    );
    expect(info.status).toBe(200);
    expect(Object.keys(info.body).sort()).toEqual(
      ['clinicianFirstName', 'endAt', 'iceServers', 'roomId', 'startAt', 'status', 'timeZone'].sort(),
    );
    const guest = await s().request('POST', `/api/public/telehealth/rooms/${room}/guests`, {
      body: { token, name: 'Mary' },
    });
    expect(guest.status).toBe(200);
    await eventArrives(() =>
      roomEvents(hostStream).some((e) =>
        JSON.stringify(e.data).includes('"name":"Mary","role":"guest","state":"waiting"'),
      ),
    );
    // Waiting is not in the call: no signal yet.
    const early = await signal(room, {
      key: guest.body.key,
      to: host.participantId,
      kind: 'offer',
      payload: 'v=0',
    });
    expect(early.status).toBe(403);
    expect(early.body.error).toBe(TELEHEALTH_MESSAGES.notAdmitted);

    const admitted = await s().request('POST', `/api/telehealth/rooms/${room}/admit`, {
      token: clinician,
      body: { participantId: guest.body.participantId },
    });
    expect(admitted.status).toBe(200);
    expect(admitted.body.status).toBe('live');
    const [timedIn] = await s().sql<{ status: string; time_in: Date | null }>(
      `select status, time_in from visits where id = $1`,
      [visitId],
    );
    expect(timedIn).toMatchObject({ status: 'AfterStaffed' });
    expect(timedIn!.time_in).not.toBeNull();

    const guestStream = await stream(room, guest.body.key);
    streams.push(guestStream);
    expect(
      (
        await signal(room, {
          key: host.key,
          to: guest.body.participantId,
          kind: 'offer',
          payload: 'v=0 offer',
        })
      ).status,
    ).toBe(204);
    await eventArrives(() => guestStream.events.some((e) => e.event === 'signal'));
    expect(guestStream.events.find((e) => e.event === 'signal')!.data).toMatchObject({
      from: host.participantId,
      kind: 'offer',
      payload: 'v=0 offer',
    });
    expect(hostStream.events.some((e) => e.event === 'signal')).toBe(false);
    await signal(room, {
      key: guest.body.key,
      to: host.participantId,
      kind: 'answer',
      payload: 'v=0 answer',
    });
    await eventArrives(() => hostStream.events.some((e) => e.event === 'signal'));

    // Only the host ends the call; then the visit has its time out and its EVV says telehealth.
    const byStaff = await s().request('POST', `/api/telehealth/rooms/${room}/end`, { token: coordinator });
    expect(byStaff.status).toBe(403);
    const ended = await s().request('POST', `/api/telehealth/rooms/${room}/end`, { token: clinician });
    expect(ended.status).toBe(200);
    expect(ended.body).toEqual({ visitId, message: TELEHEALTH_MESSAGES.callEnded });
    const [after] = await s().sql<{ status: string; time_out: Date | null }>(
      `select status, time_out from visits where id = $1`,
      [visitId],
    );
    expect(after!.status).toBe('NotesDue');
    expect(after!.time_out).not.toBeNull();
    const evv = await s().sql<{ kind: string; location: string; latitude: number | null }>(
      `select kind, location, latitude from evv_records where visit_id = $1 order by id`,
      [visitId],
    );
    expect(evv).toEqual([
      { kind: 'checkIn', location: 'telehealth', latitude: null },
      { kind: 'checkOut', location: 'telehealth', latitude: null },
    ]);
    expect(await s().sql(`select id from telehealth_signals where room_id = $1`, [room])).toEqual([]);
    // An ended call takes nobody in, and ends once.
    const late = await s().request('POST', `/api/public/telehealth/rooms/${room}/guests`, {
      body: { token, name: 'Late' },
    });
    expect(late.status).toBe(409);
    expect(late.body.error).toBe(TELEHEALTH_MESSAGES.ended);
    expect(
      (await s().request('POST', `/api/telehealth/rooms/${room}/end`, { token: clinician })).status,
    ).toBe(409);
  });

  it('refuses forged, expired and other rooms’ links, and signals from outside the call, writing nothing', async () => {
    const first = (await open(await staffedVisit(TELEHEALTH_VISIT_TYPE))).body;
    const second = (await open(await staffedVisit(TELEHEALTH_VISIT_TYPE))).body;
    const link = await s().request('POST', `/api/telehealth/rooms/${first.roomId}/links`, {
      token: coordinator,
      body: { email: 'family@example.com' },
    });
    expect(link.status).toBe(201);
    const token = tokenOf(link.body.link);
    const join = (room: number, joinToken: string) =>
      s().request('POST', `/api/public/telehealth/rooms/${room}/guests`, {
        body: { token: joinToken, name: 'X' },
      });
    const participantsBefore = await s().sql(`select id from telehealth_participants`);

    const otherRoom = await join(second.roomId, token);
    expect(otherRoom.status).toBe(403);
    expect(otherRoom.body.error).toBe(TELEHEALTH_MESSAGES.otherRoom);
    const forged = await join(first.roomId, `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`);
    expect(forged.status).toBe(400);
    expect(forged.body.errors).toEqual([{ field: 'token', message: TELEHEALTH_MESSAGES.linkInvalid }]);
    const stretched = await join(
      first.roomId,
      token.replace(/^(\d+)\.(\d+)\./, (_, r, e) => `${r}.${Number(e) + 86400}.`),
    );
    expect(stretched.status).toBe(400);
    const [{ link_secret: secret } = { link_secret: '' }] = await s().sql<{ link_secret: string }>(
      `select link_secret from telehealth_rooms where id = $1`,
      [first.roomId],
    );
    const expired = await join(
      first.roomId,
      signJoinToken(secret, { roomId: first.roomId, expiresAt: new Date(Date.now() - 60_000) }),
    );
    expect(expired.status).toBe(400);
    expect(expired.body.errors).toEqual([{ field: 'token', message: TELEHEALTH_MESSAGES.linkExpired }]);
    expect(await s().sql(`select id from telehealth_participants`)).toEqual(participantsBefore);

    // A key of one room signals nothing into another, nor to someone not in the call.
    const intruder = await signal(second.roomId, {
      key: first.me.key,
      to: second.me.participantId,
      kind: 'offer',
      payload: 'x',
    });
    expect(intruder.status).toBe(403);
    expect(intruder.body.error).toBe(TELEHEALTH_MESSAGES.notInRoom);
    const nobody = await signal(first.roomId, {
      key: first.me.key,
      to: second.me.participantId,
      kind: 'offer',
      payload: 'x',
    });
    expect(nobody.status).toBe(400);
    expect(nobody.body.errors[0].field).toBe('to');
    const huge = await signal(first.roomId, {
      key: first.me.key,
      to: first.me.participantId,
      kind: 'offer',
      payload: 'x'.repeat(20_001),
    });
    expect(huge.status).toBe(400);
    expect(huge.body.errors[0].field).toBe('payload');
    const noStream = await s().request(
      'GET',
      `/api/public/telehealth/rooms/${first.roomId}/stream?key=not-a-key`,
    );
    expect(noStream.status).toBe(403);
    expect(await s().sql(`select id from telehealth_signals`)).toEqual([]);
  });

  it('lets only the visit’s clinician host, staff wait, and nobody open a room for a visit at an address', async () => {
    const visitId = await staffedVisit(TELEHEALTH_VISIT_TYPE);
    const staff = await open(visitId, coordinator);
    expect(staff.status).toBe(200);
    expect(staff.body.me.role).toBe('staff');
    expect(staff.body.participants).toEqual([
      expect.objectContaining({ id: staff.body.me.participantId, role: 'staff', state: 'waiting' }),
    ]);
    expect((await open(visitId, orgUser)).status).toBe(403);
    const atHome = await open(await staffedVisit(ROUTINE_VISIT_TYPE));
    expect(atHome.status).toBe(400);
    expect(atHome.body.errors).toEqual([{ field: 'visitId', message: TELEHEALTH_MESSAGES.notTelehealth }]);
    // A second tab of the host takes the host's place; the first leaves.
    const firstTab = (await open(visitId)).body.me;
    const secondTab = (await open(visitId)).body;
    expect(secondTab.participants.filter((p) => p.role === 'host')).toEqual([
      expect.objectContaining({ id: secondTab.me.participantId }),
    ]);
    expect(secondTab.me.participantId).not.toBe(firstTab.participantId);
    const noLink = await s().request('POST', `/api/telehealth/rooms/${secondTab.roomId}/links`, {
      token: clinician,
      body: {},
    });
    expect(noLink.status).toBe(400);
    expect(noLink.body.errors[0].field).toBe('phoneNumber');
  });
});
