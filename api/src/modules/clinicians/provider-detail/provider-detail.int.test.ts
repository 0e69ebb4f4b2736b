/* eslint-disable @typescript-eslint/no-explicit-any -- test answers are read loosely; each test asserts their shape */
// The clinician detail through the API: the profile (geocoded by ZIP, stale edits refused), status changes with an
// inactivation reason, transfer to a clinician manager or care coordinator only, rates with the rate engine's
// checks, vacations and activity; organization users and clinicians are refused.
import { DEMO_USERS, describeEachDatabase } from '../../../test/harness';
import { providerIdOf, userIdOf } from '../../../test/identity-helpers';

describeEachDatabase('clinician detail', (server) => {
  let manager = '';
  let clinician = '';
  let orgUser = '';
  let providerId = 0;
  let ownId = 0;
  let coordinatorId = 0;
  let managerId = 0;
  let orgUserId = 0;
  let clinicianUserId = 0;

  beforeAll(async () => {
    const s = server();
    [manager, clinician, orgUser] = await s.loginAs('clinicianManager', 'clinician', 'orgUser');
    ownId = await providerIdOf(s, DEMO_USERS.clinician);
    clinicianUserId = await userIdOf(s, DEMO_USERS.clinician);
    // An RN (provider type 1) other than the demo clinician.
    const [other] = await s.sql<{ id: number }>(
      `select id from providers where id <> $1 and provider_type_id = 1 order by id limit 1`,
      [ownId],
    );
    providerId = other!.id;
    managerId = await userIdOf(s, DEMO_USERS.clinicianManager);
    coordinatorId = await userIdOf(s, DEMO_USERS.coordinator);
    orgUserId = await userIdOf(s, DEMO_USERS.orgUser);
  });

  const get = (token: string, id = providerId) =>
    server().request('GET', `/api/admin/providers/${id}`, { token });
  const profileBody = (detail: any, changes: object = {}) => ({
    givenName: detail.givenName,
    familyName: detail.familyName,
    email: detail.email,
    phoneNumber: detail.phoneNumber,
    providerTypeId: detail.providerTypeId,
    addressLine1: detail.addressLine1,
    addressLine2: detail.addressLine2,
    city: detail.city,
    state: detail.state,
    zipcode: detail.zipcode ?? '78701',
    latitude: detail.latitude,
    longitude: detail.longitude,
    coverageRadiusMiles: detail.coverageRadiusMiles,
    preferredZipcodes: detail.preferredZipcodes,
    skills: detail.skills,
    languages: detail.languages,
    weekdayPreferences: detail.weekdayPreferences,
    shiftPreferences: detail.shiftPreferences,
    assignmentPreference: detail.assignmentPreference,
    enableEmail: detail.enableEmail,
    enableSms: detail.enableSms,
    version: detail.version,
    ...changes,
  });
  const auditCount = async () =>
    (
      await server().sql<{ n: number }>(
        `select count(*)::int as n from audit_log where entity_id = $1 and entity in ('provider', 'providerRate', 'providerVacation')`,
        [String(providerId)],
      )
    )[0]!.n;

  it("gives staff a clinician's profile with their licence numbers, rating details and care coordinator", async () => {
    await server().sql(
      `insert into provider_credentials (provider_id, credential_type_id, number, status)
        select $1, id, 'RN-778899', 'Approved' from credential_types where category = 'Licence' limit 1`,
      [providerId],
    );
    const res = await get(manager);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: providerId,
      providerTypeId: 1,
      providerType: 'RN',
      licenceNumbers: expect.arrayContaining(['RN-778899']),
      version: expect.any(Number),
    });
    expect(res.body.ratingDetails).toEqual(expect.any(Object));
    expect((await get(manager, 99_999_999)).status).toBe(404);
  });

  it('refuses an organization user and a clinician (even for their own record)', async () => {
    expect((await get(orgUser)).status).toBe(403);
    expect((await get(clinician, ownId)).status).toBe(403);
    expect((await get(clinician)).status).toBe(403);
    const detail = (await get(manager)).body;
    const put = await server().request('PUT', `/api/admin/providers/${providerId}`, {
      token: orgUser,
      body: profileBody(detail),
    });
    expect(put.status).toBe(403);
    const transfer = await server().request('POST', `/api/admin/providers/${providerId}/transfer`, {
      token: clinician,
      body: { userId: coordinatorId, version: detail.version },
    });
    expect(transfer.status).toBe(403);
  });

  it('saves the profile, geocoding the ZIP code when no point is given; a stale version gets 409', async () => {
    const detail = (await get(manager)).body;
    const before = await auditCount();
    const saved = await server().request('PUT', `/api/admin/providers/${providerId}`, {
      token: manager,
      body: profileBody(detail, {
        zipcode: '78701',
        city: null,
        state: null,
        latitude: null,
        longitude: null,
        phoneNumber: '(512) 555-0101',
        skills: ['Wound care', 'IV therapy'],
        languages: ['Spanish'],
        weekdayPreferences: [5, 1, 3],
        preferredZipcodes: ['78702'],
      }),
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      zipcode: '78701',
      city: expect.any(String),
      state: 'TX',
      phoneNumber: '5125550101',
      skills: ['Wound care', 'IV therapy'],
      languages: ['Spanish'],
      weekdayPreferences: [1, 3, 5],
      preferredZipcodes: ['78702'],
      version: detail.version + 1,
    });
    expect(saved.body.latitude).toBeCloseTo(30.27, 0);
    expect(saved.body.preferredLatitude).toBe(saved.body.latitude);
    expect(await auditCount()).toBe(before + 1);

    const stale = await server().request('PUT', `/api/admin/providers/${providerId}`, {
      token: manager,
      body: profileBody(detail, { givenName: 'Stale' }),
    });
    expect(stale.status).toBe(409);
    expect((await get(manager)).body.givenName).toBe(detail.givenName);
  });

  it('refuses bad input naming the field, and writes nothing', async () => {
    const detail = (await get(manager)).body;
    const before = await auditCount();
    const put = (changes: object) =>
      server().request('PUT', `/api/admin/providers/${providerId}`, {
        token: manager,
        body: profileBody(detail, changes),
      });
    const badZip = await put({ zipcode: '00000', latitude: null, longitude: null });
    expect([badZip.status, badZip.body.errors?.[0]?.field]).toEqual([400, 'zipcode']);
    const badPhone = await put({ phoneNumber: '12345' });
    expect([badPhone.status, badPhone.body.errors?.[0]?.field]).toEqual([400, 'phoneNumber']);
    const noName = await put({ familyName: ' ' });
    expect([noName.status, noName.body.errors?.[0]?.field]).toEqual([400, 'familyName']);
    expect(await auditCount()).toBe(before);
    expect((await get(manager)).body.version).toBe(detail.version);
  });

  it('makes a clinician inactive only with one of the inactivation reasons, audited, and reactivates them', async () => {
    const reasons = await server().request('GET', '/api/admin/providerStatusReasons', { token: manager });
    expect(reasons.body.reasons).toContain('Resigned');
    const detail = (await get(manager)).body;
    const status = (body: object) =>
      server().request('POST', `/api/admin/providers/${providerId}/status`, { token: manager, body });
    const noReason = await status({ providerStatusId: 5, version: detail.version });
    expect([noReason.status, noReason.body.errors?.[0]?.field]).toEqual([400, 'reason']);
    const unknown = await status({ providerStatusId: 5, reason: 'Bored', version: detail.version });
    expect([unknown.status, unknown.body.errors?.[0]?.field]).toEqual([400, 'reason']);
    expect((await get(manager)).body.providerStatusId).toBe(detail.providerStatusId);

    const inactive = await status({ providerStatusId: 5, reason: 'Resigned', version: detail.version });
    expect(inactive.status).toBe(200);
    expect(inactive.body).toMatchObject({ providerStatusId: 5, credentialState: 5 });
    const [entry] = await server().sql<{ diff: any }>(
      `select diff from audit_log where entity = 'provider' and entity_id = $1 and diff ? 'statusReason'
        order by id desc limit 1`,
      [String(providerId)],
    );
    expect(entry!.diff.statusReason.after).toBe('Resigned');
    expect(entry!.diff.providerStatusId).toEqual({ before: detail.providerStatusId, after: 5 });

    const stale = await status({ providerStatusId: 3, version: detail.version });
    expect(stale.status).toBe(409);
    const active = await status({ providerStatusId: 3, version: inactive.body.version });
    expect(active.status).toBe(200);
    expect(active.body.providerStatusId).toBe(3);
    expect(active.body.credentialState).not.toBe(5);
  });

  it('transfers a clinician to a care coordinator, and refuses a user who cannot manage clinicians', async () => {
    const targets = await server().request('GET', '/api/admin/providerTransferTargets', { token: manager });
    expect(targets.body.users.map((u: { roleId: number }) => u.roleId)).toEqual(
      expect.arrayContaining([5, 13]),
    );
    expect(targets.body.users.every((u: { roleId: number }) => [5, 13].includes(u.roleId))).toBe(true);
    const detail = (await get(manager)).body;
    const before = await auditCount();
    const transfer = (userId: number, version = detail.version) =>
      server().request('POST', `/api/admin/providers/${providerId}/transfer`, {
        token: manager,
        body: { userId, version },
      });
    for (const userId of [orgUserId, clinicianUserId, 99_999_999]) {
      const refused = await transfer(userId);
      expect([refused.status, refused.body.errors?.[0]?.field]).toEqual([400, 'userId']);
    }
    expect(await auditCount()).toBe(before);
    // To whichever of the care coordinator and the clinician manager does not manage them yet.
    const to = detail.careCoordinator?.id === coordinatorId ? managerId : coordinatorId;
    const moved = await transfer(to);
    expect(moved.status).toBe(200);
    expect(moved.body.careCoordinator).toMatchObject({ id: to, name: expect.any(String) });
    expect(await auditCount()).toBe(before + 1);
    const again = await transfer(to, moved.body.version);
    expect([again.status, again.body.errors?.[0]?.field]).toEqual([400, 'userId']);
    expect((await transfer(coordinatorId === to ? managerId : coordinatorId)).status).toBe(409);
  });

  it("replaces the clinician's rates with the rate engine's checks, at the clinician's version", async () => {
    const list = await server().request('GET', `/api/admin/providers/${providerId}/rates`, {
      token: manager,
    });
    expect(list.status).toBe(200);
    expect(list.body.visitTypes.map((t: { id: number }) => t.id)).toContain(304);
    const put = (body: object) =>
      server().request('PUT', `/api/admin/providers/${providerId}/rates`, { token: manager, body });
    const zero = await put({ rates: [{ visitTypeId: 304, amount: 0 }], version: list.body.version });
    expect(zero.status).toBe(400);
    expect(zero.body.errors[0]).toEqual({
      field: 'rates.0.amount',
      message: 'Fixed rate must be greater than zero',
    });
    const special = await put({
      rates: [{ visitTypeId: 304, amount: 60, specialRate: -1 }],
      version: list.body.version,
    });
    expect(special.body.errors?.[0]?.field).toBe('rates.0.specialRate');
    const notTheirs = await put({ rates: [{ visitTypeId: 312, amount: 80 }], version: list.body.version });
    expect([notTheirs.status, notTheirs.body.errors?.[0]?.field]).toEqual([400, 'rates.0.visitTypeId']);

    const saved = await put({
      rates: [
        { visitTypeId: 304, amount: 62.5, specialRate: 70 },
        { visitTypeId: 309, amount: 55 },
      ],
      version: list.body.version,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.rows).toEqual([
      expect.objectContaining({ visitTypeId: 304, visitType: 'RN Routine', amount: 62.5, specialRate: 70 }),
      expect.objectContaining({ visitTypeId: 309, amount: 55, specialRate: null }),
    ]);
    expect(saved.body.version).toBe(list.body.version + 1);
    const stale = await put({ rates: [], version: list.body.version });
    expect(stale.status).toBe(409);
    expect(
      (await server().sql(`select * from provider_rates where provider_id = $1`, [providerId])).length,
    ).toBe(2);
  });

  it('adds and deletes vacations; an end before the start is refused naming endDate', async () => {
    const path = `/api/admin/providers/${providerId}/vacations`;
    const backwards = await server().request('POST', path, {
      token: manager,
      body: { startDate: '2027-03-10', endDate: '2027-03-09' },
    });
    expect([backwards.status, backwards.body.errors?.[0]?.field]).toEqual([400, 'endDate']);
    const added = await server().request('POST', path, {
      token: manager,
      body: { startDate: '2027-03-10', endDate: '2027-03-10' },
    });
    expect(added.status).toBe(201);
    const list = await server().request('GET', path, { token: manager });
    expect(list.body.rows).toContainEqual({
      id: added.body.id,
      startDate: '2027-03-10',
      endDate: '2027-03-10',
    });
    expect((await server().request('DELETE', `${path}/${added.body.id}`, { token: manager })).status).toBe(
      200,
    );
    expect((await server().request('DELETE', `${path}/${added.body.id}`, { token: manager })).status).toBe(
      404,
    );
  });

  it("lists the clinician's activity from the audit log, newest first, 10 a page", async () => {
    const res = await server().request('GET', `/api/admin/providers/${providerId}/activity`, {
      token: manager,
    });
    expect(res.status).toBe(200);
    expect(res.body.paging).toMatchObject({ pageNumber: 1, pageSize: 10 });
    expect(res.body.paging.totalCount).toBeGreaterThanOrEqual(6);
    const at = res.body.rows.map((r: { at: string }) => r.at);
    expect([...at].sort().reverse()).toEqual(at);
    expect(res.body.rows[0]).toMatchObject({ entity: 'providerVacation', action: 'DELETE' });
    expect(
      res.body.rows.some((r: { changes: Array<{ field: string }> }) =>
        r.changes.some((c) => c.field === 'careCoordinatorId'),
      ),
    ).toBe(true);
    expect(
      (await server().request('GET', `/api/admin/providers/${providerId}/activity`, { token: orgUser }))
        .status,
    ).toBe(403);
  });
});
