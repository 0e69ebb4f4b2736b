import { describeEachDatabase } from '../../../test/harness';
import { deliveredTo } from '../../../test/identity-helpers';
import {
  freshPoint,
  makeEpisode,
  makeOrganization,
  makeProvider,
  makeVisit,
  visitRow,
} from '../matching/test-fixtures';

describeEachDatabase('facility response links', (server) => {
  let coordinator = '';
  let rsId = 0;

  beforeAll(async () => {
    coordinator = await server().login('coordinator@carelane.local');
    rsId = await makeOrganization(server());
  });

  /** A staffed visit (assigned through the API) and the raw token of the facility's email. */
  async function assigned(
    episodeType = 'Visit',
    facilityEmail = `zz.fac.${Date.now()}.${Math.random()}@example.com`,
  ) {
    const point = freshPoint();
    const episode = await makeEpisode(server(), rsId, { episodeType, facilityEmail });
    const visitId = await makeVisit(server(), { rsId, ...episode, point, episodeType });
    const providerId = await makeProvider(server(), { point });
    const res = await server().request('POST', '/api/admin/assignVisit', {
      token: coordinator,
      body: { visitId, providerId, version: 0 },
    });
    expect(res.status).toBe(200);
    // As the facility received it: the stored outbox copy masks the token.
    const [mail] = await deliveredTo(server(), facilityEmail, 'email');
    const token = decodeURIComponent(/confirmation\?token=(\S+)/.exec(mail!.body)![1]!);
    return { visitId, providerId, token };
  }

  it('lists the assignments of the link without signing in', async () => {
    const { visitId, token } = await assigned();
    const res = await server().request(
      'GET',
      `/api/public/facilityResponse?token=${encodeURIComponent(token)}`,
    );
    expect(res.status).toBe(200);
    expect(res.body.assignments).toEqual([
      expect.objectContaining({
        visitId,
        status: 'Staffed',
        visitType: 'RN Routine',
        clinicianName: 'Cli Zzmatch',
      }),
    ]);
  });

  it('accepts a shift: facility accepted and the shift confirmed; the link is single-use', async () => {
    const { visitId, token } = await assigned('Shift');
    const res = await server().request('POST', '/api/public/facilityResponse/accept', {
      body: { token, visitIds: [visitId] },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Selected assignment(s) marked as accepted by facility.');
    expect(await visitRow(server(), visitId)).toMatchObject({
      facility_response: 'accepted',
      shift_confirmed_by_facility: true,
      status: 'Staffed',
    });
    const again = await server().request('POST', '/api/public/facilityResponse/accept', {
      body: { token, visitIds: [visitId] },
    });
    expect(again.status).toBe(410);
    expect(again.body.error).toBe('This link has already been used. Please contact your care coordinator.');
    const read = await server().request(
      'GET',
      `/api/public/facilityResponse?token=${encodeURIComponent(token)}`,
    );
    expect(read.status).toBe(410);
  });

  it('accepting a visit leaves shift confirmation alone', async () => {
    const { visitId, token } = await assigned('Visit');
    await server().request('POST', '/api/public/facilityResponse/accept', {
      body: { token, visitIds: [visitId] },
    });
    expect(await visitRow(server(), visitId)).toMatchObject({
      facility_response: 'accepted',
      shift_confirmed_by_facility: false,
    });
  });

  it('rejects with a reason: the visit is published again and the coordinator is told', async () => {
    const { visitId, token } = await assigned();
    const noReason = await server().request('POST', '/api/public/facilityResponse/reject', {
      body: { token, visitIds: [visitId], reason: ' ' },
    });
    expect(noReason.status).toBe(400);
    expect(noReason.body.errors[0].field).toContain('reason');
    const res = await server().request('POST', '/api/public/facilityResponse/reject', {
      body: { token, visitIds: [visitId], reason: 'Clinician not oriented to our unit' },
    });
    expect(res.status).toBe(200);
    expect(await visitRow(server(), visitId)).toMatchObject({
      status: 'Active',
      provider_id: null,
      facility_response: 'rejected',
      facility_reject_reason: 'Clinician not oriented to our unit',
    });
    const told = await server().sql<{ subject: string }>(
      `select subject from outbox where "to" = 'coordinator@carelane.local' and subject like $1`,
      [`Assignment rejected for visit ${visitId} %`],
    );
    expect(told).toHaveLength(1);
    // The date as people read it (SPEC §5 M/D/YYYY), not as stored.
    expect(told[0]!.subject).toMatch(
      new RegExp(`^Assignment rejected for visit ${visitId} on \\d{1,2}/\\d{1,2}/\\d{4}$`),
    );
  });

  it('asks for a change: recorded, the coordinator told; an empty request is refused', async () => {
    const { visitId, token } = await assigned();
    const empty = await server().request('POST', '/api/public/facilityResponse/change', {
      body: { token, visitIds: [visitId] },
    });
    expect(empty.status).toBe(400);
    const badTime = await server().request('POST', '/api/public/facilityResponse/change', {
      body: { token, visitIds: [visitId], startTime: '25:00' },
    });
    expect(badTime.status).toBe(400);
    expect(badTime.body.errors[0].field).toContain('startTime');
    const res = await server().request('POST', '/api/public/facilityResponse/change', {
      body: {
        token,
        visitIds: [visitId],
        dateOfService: '2030-06-05',
        startTime: '13:00',
        note: 'Afternoon please',
      },
    });
    expect(res.status).toBe(200);
    expect((await visitRow(server(), visitId)).facility_response).toBe('changed');
    const [audit] = await server().sql(
      `select diff from audit_log where entity = 'visit' and entity_id = $1 and diff ? 'facilityChangeRequest'`,
      [String(visitId)],
    );
    expect(audit.diff.facilityChangeRequest.after).toBe(
      'new date 6/5/2030; new start time 1:00 PM; note: Afternoon please',
    );
  });

  it('answers unknown, expired and foreign links clearly, never with a stack', async () => {
    const unknown = await server().request('GET', '/api/public/facilityResponse?token=' + 'x'.repeat(43));
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('This link is not valid. Please use the link from your latest email.');
    const tooShort = await server().request('GET', '/api/public/facilityResponse?token=abc');
    expect(tooShort.status).toBe(400);
    const { visitId, token } = await assigned();
    const other = await assigned();
    const stray = await server().request('POST', '/api/public/facilityResponse/accept', {
      body: { token, visitIds: [other.visitId] },
    });
    expect(stray.status).toBe(400);
    expect(stray.body.errors[0].field).toBe('visitIds');
    await server().sql(
      `update facility_response_tokens set expires_at = now() - interval '1 minute' where visit_ids = $1`,
      [`{${visitId}}`],
    );
    const expired = await server().request('POST', '/api/public/facilityResponse/accept', {
      body: { token, visitIds: [visitId] },
    });
    expect(expired.status).toBe(410);
    expect(expired.body.error).toBe('This link has expired. Please contact your care coordinator.');
    expect(JSON.stringify(expired.body)).not.toMatch(/at .*\.ts/);
  });

  it('an assignment taken back meanwhile cannot be accepted, and the link stays usable for the others', async () => {
    const { visitId, token } = await assigned();
    await server().request('POST', '/api/admin/unassignVisit', {
      token: coordinator,
      body: { visitId, version: 1 },
    });
    const res = await server().request('POST', '/api/public/facilityResponse/accept', {
      body: { token, visitIds: [visitId] },
    });
    expect(res.status).toBe(400);
    const read = await server().request(
      'GET',
      `/api/public/facilityResponse?token=${encodeURIComponent(token)}`,
    );
    expect(read.status).toBe(200);
  });
});
