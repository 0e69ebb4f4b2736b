import { describeEachDatabase } from '../../../test/harness';

describeEachDatabase('scheduling lookups', (server) => {
  it('lists visit types with their allowed provider types, and provider types', async () => {
    const token = await server().login('orguser@carelane.local');
    const visitTypes = await server().request('GET', '/api/admin/visitTypes', { token });
    expect(visitTypes.status).toBe(200);
    expect(visitTypes.body.rows).toContainEqual({
      id: 400,
      type: 'RN Shift',
      description: 'Registered nurse shift',
      unit: '$/Hour',
      evaluation: false,
      discharge: false,
      serviceType: 'Shift',
      telehealth: false,
      providerTypeIds: [1],
    });
    expect(visitTypes.body.rows).toContainEqual(
      expect.objectContaining({ id: 340, type: 'Telehealth', serviceType: 'Visit', telehealth: true }),
    );
    const providerTypes = await server().request('GET', '/api/admin/providerTypes', { token });
    expect(providerTypes.body.rows).toContainEqual({ id: 1, type: 'RN' });
  });

  it('lists insurances and facilities, an organization user only its own facilities', async () => {
    const [sunrise] = await server().sql<{ id: number }>(
      "select id from referral_sources where name = 'Sunrise Home Health'",
    );
    const [lakeside] = await server().sql<{ id: number }>(
      "select id from referral_sources where name = 'Lakeside Medical Center'",
    );
    await server().sql("insert into insurances (name, payer_id) values ('Zzins Medicare', 'P1')");
    await server().sql(
      "insert into facilities (referral_source_id, name, email) values ($1, 'Zzfac Sunrise', 'a@b.test'), ($2, 'Zzfac Lakeside', null)",
      [sunrise!.id, lakeside!.id],
    );
    const admin = await server().login('admin@carelane.local');
    const insurances = await server().request('GET', '/api/admin/insurances', { token: admin });
    expect(insurances.body.rows).toContainEqual(
      expect.objectContaining({ name: 'Zzins Medicare', payerId: 'P1' }),
    );
    const staff = await server().request('GET', `/api/admin/facilities?referralSourceId=${lakeside!.id}`, {
      token: admin,
    });
    expect(staff.body.rows.map((r: { name: string }) => r.name)).toContain('Zzfac Lakeside');
    expect(
      staff.body.rows.every((r: { referralSourceId: number }) => r.referralSourceId === lakeside!.id),
    ).toBe(true);
    const orgUser = await server().login('orguser@carelane.local');
    const own = await server().request('GET', `/api/admin/facilities?referralSourceId=${lakeside!.id}`, {
      token: orgUser,
    });
    expect(own.body.rows.map((r: { name: string }) => r.name)).toContain('Zzfac Sunrise');
    expect(own.body.rows.every((r: { referralSourceId: number }) => r.referralSourceId === sunrise!.id)).toBe(
      true,
    );
  });

  it('refuses the clinician (403) and anonymous callers (401)', async () => {
    const clinician = await server().login('clinician@carelane.local');
    for (const path of [
      '/api/admin/visitTypes',
      '/api/admin/providerTypes',
      '/api/admin/insurances',
      '/api/admin/facilities',
    ]) {
      expect((await server().request('GET', path, { token: clinician })).status).toBe(403);
      expect((await server().request('GET', path)).status).toBe(401);
    }
  });

  it('offers a care coordinator the staff of a staffing role for the coordinator pickers, organization users none', async () => {
    const coordinator = await server().login('coordinator@carelane.local');
    const answer = await server().request('GET', '/api/admin/staffUsers?roleId=5', { token: coordinator });
    expect(answer.status).toBe(200);
    expect(answer.body.rows).toContainEqual({
      id: expect.any(Number),
      firstName: 'Cora',
      lastName: 'Whitfield',
      roleId: 5,
    });
    expect(answer.body.rows.every((row: { roleId: number }) => row.roleId === 5)).toBe(true);
    const administrators = await server().request('GET', '/api/admin/staffUsers?roleId=1', {
      token: coordinator,
    });
    expect(administrators.body.rows).toEqual([]);
    const orgAdmin = await server().login('orgadmin@carelane.local');
    const refused = await server().request('GET', '/api/admin/staffUsers?roleId=5', { token: orgAdmin });
    expect(refused.body.rows ?? []).toEqual([]);
    const bad = await server().request('GET', '/api/admin/staffUsers?roleId=x', { token: coordinator });
    expect(bad.status).toBe(400);
    const clinician = await server().login('clinician@carelane.local');
    expect(
      (await server().request('GET', '/api/admin/staffUsers?roleId=5', { token: clinician })).status,
    ).toBe(403);
  });
});
