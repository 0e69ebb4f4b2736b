import { describeEachDatabase, type TestServer } from '../../../test/harness';

const STALE_RATE =
  'This rate was changed by someone else since you opened it. Reload it and make your change again.';

async function orgId(s: TestServer, name: string) {
  const [row] = await s.sql<{ id: number }>('select id from referral_sources where name = $1', [name]);
  return row!.id;
}

const flatRate = {
  providerTypeId: 1,
  visitTypeId: 304,
  paymentType: 'FlatRate',
  amount: 120,
  profitMargin: 20,
  unit: '$/Visit',
};

describeEachDatabase('organization rate card', (server) => {
  let admin = '';
  let sunrise = 0;
  let lakeside = 0;

  beforeAll(async () => {
    admin = await server().login('admin@carelane.local');
    sunrise = await orgId(server(), 'Sunrise Home Health');
    lakeside = await orgId(server(), 'Lakeside Medical Center');
    await server().sql('delete from referral_source_rates where referral_source_id = $1', [sunrise]);
  });

  it('staff add rows; the card lists them by provider and visit type with the after-limit default', async () => {
    const hourly = await server().request('POST', `/api/admin/referralSources/${sunrise}/rates`, {
      token: admin,
      body: {
        providerTypeId: 1,
        visitTypeId: 400,
        paymentType: 'ServiceFee',
        serviceFee: 15,
        profitMargin: 10,
        unit: '$/Hour',
        shiftBreakTimeInMins: 30,
        durationLimit: 12,
        billingIncrement: 15,
        serviceTaxPercentage: 5,
      },
    });
    expect(hourly.status).toBe(201);
    expect(hourly.body).toMatchObject({
      referralSourceId: sunrise,
      hourlyRateAfterLimit: 60,
      unit: '$/Hour',
      version: 0,
    });
    const visit = await server().request('POST', `/api/admin/referralSources/${sunrise}/rates`, {
      token: admin,
      body: flatRate,
    });
    expect(visit.status).toBe(201);
    const card = await server().request('GET', `/api/admin/referralSources/${sunrise}/rates`, {
      token: admin,
    });
    expect(card.status).toBe(200);
    expect(card.body.rows.map((r: { visitTypeId: number }) => r.visitTypeId)).toEqual([304, 400]);
    expect(card.body.rows[0]).toMatchObject({
      paymentType: 'FlatRate',
      amount: 120,
      profitMargin: 20,
      serviceFee: null,
    });
  });

  it('refuses rows that break the rules, naming the field', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...flatRate, visitTypeId: 309, amount: 0 }, 'amount', 'must be greater than zero for FlatRate'],
      [
        { ...flatRate, visitTypeId: 309, paymentType: 'ServiceFee', amount: null },
        'serviceFee',
        'is required for ServiceFee',
      ],
      [
        { ...flatRate, visitTypeId: 309, paymentType: 'ServiceFee', serviceFee: 5, profitMargin: 10 },
        'serviceFee',
        'Service fee $5.00 is less than profit margin $10.00',
      ],
      [{ ...flatRate, visitTypeId: 309, profitMargin: -1 }, 'profitMargin', 'must not be negative'],
      // Refused, not saved as 44.34 (numeric(12,2) rounds without a word).
      [
        { ...flatRate, visitTypeId: 309, amount: 44.3449999 },
        'amount',
        'must have at most 2 decimal places (whole cents)',
      ],
      [
        { ...flatRate, visitTypeId: 309, profitMargin: 130 },
        'profitMargin',
        'must not be more than the amount',
      ],
      [{ ...flatRate, visitTypeId: 309, unit: '$/Day' }, 'unit', 'must be $/Hour or $/Visit'],
      [
        { ...flatRate, providerTypeId: 9, visitTypeId: 100 },
        'visitTypeId',
        'is not done by this provider type',
      ],
      [{ ...flatRate, visitTypeId: 999 }, 'visitTypeId', 'is not a visit type'],
      [flatRate, 'visitTypeId', 'already has a rate for this provider type on this rate card'],
    ];
    for (const [body, field, message] of cases) {
      const res = await server().request('POST', `/api/admin/referralSources/${sunrise}/rates`, {
        token: admin,
        body,
      });
      expect({ status: res.status, errors: res.body.errors }).toEqual({
        status: 400,
        errors: [{ field, message }],
      });
    }
    const [count] = await server().sql<{ n: number }>(
      'select count(*)::int as n from referral_source_rates where referral_source_id = $1',
      [sunrise],
    );
    expect(count!.n).toBe(2);
  });

  it('replaces and removes a row with its version, refusing stale ones', async () => {
    const [row] = await server().sql<{ id: number }>(
      'select id from referral_source_rates where referral_source_id = $1 and visit_type_id = 304',
      [sunrise],
    );
    const path = `/api/admin/referralSources/${sunrise}/rates/${row!.id}`;
    const ok = await server().request('PUT', path, {
      token: admin,
      body: { ...flatRate, amount: 130, version: 0 },
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ amount: 130, version: 1 });
    const stale = await server().request('PUT', path, {
      token: admin,
      body: { ...flatRate, amount: 140, version: 0 },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toBe(STALE_RATE);
    const wrongOrg = await server().request(
      'PUT',
      `/api/admin/referralSources/${lakeside}/rates/${row!.id}`,
      {
        token: admin,
        body: { ...flatRate, version: 1 },
      },
    );
    expect(wrongOrg.status).toBe(404);
    expect((await server().request('DELETE', `${path}?version=0`, { token: admin })).status).toBe(409);
    const removed = await server().request('DELETE', `${path}?version=1`, { token: admin });
    expect(removed.status).toBe(200);
    expect(await server().sql('select id from referral_source_rates where id = $1', [row!.id])).toEqual([]);
    const audit = await server().sql(
      "select action from audit_log where entity = 'referralSourceRate' and entity_id = $1 order by id",
      [String(row!.id)],
    );
    expect(audit).toEqual([{ action: 'CREATE' }, { action: 'UPDATE' }, { action: 'DELETE' }]);
  });

  it('shows the organization its own card read-only, nobody else', async () => {
    const orgAdmin = await server().login('orgadmin@carelane.local');
    const mine = await server().request('GET', `/api/admin/referralSources/${sunrise}/rates`, {
      token: orgAdmin,
    });
    expect(mine.status).toBe(200);
    expect(mine.body.rows.length).toBeGreaterThan(0);
    const add = await server().request('POST', `/api/admin/referralSources/${sunrise}/rates`, {
      token: orgAdmin,
      body: { ...flatRate, visitTypeId: 309 },
    });
    expect(add.status).toBe(403);
    const theirs = await server().request('GET', `/api/admin/referralSources/${lakeside}/rates`, {
      token: orgAdmin,
    });
    expect(theirs.status).toBe(404);
    const clinician = await server().login('clinician@carelane.local');
    expect(
      (await server().request('GET', `/api/admin/referralSources/${sunrise}/rates`, { token: clinician }))
        .status,
    ).toBe(403);
  });
});

describeEachDatabase('organization onboarding', (server) => {
  let admin = '';
  let sunrise = 0;

  beforeAll(async () => {
    admin = await server().login('admin@carelane.local');
    sunrise = await orgId(server(), 'Sunrise Home Health');
    await server().sql("update referral_sources set onboard_step_rs = 'Rates' where id = $1", [sunrise]);
  });

  const read = async (token: string) => {
    const res = await server().request('GET', `/api/admin/referralSources/${sunrise}/onboarding`, { token });
    expect(res.status).toBe(200);
    return res.body as { step: string; stored: string; steps: string[]; version: number };
  };
  const accept = (token: string, step: string, version: number) =>
    server().request('POST', `/api/admin/referralSources/${sunrise}/onboarding`, {
      token,
      body: { step, version },
    });

  it('goes Rates, Contract, Done, one accepted step at a time', async () => {
    const orgAdmin = await server().login('orgadmin@carelane.local');
    const start = await read(orgAdmin);
    expect(start).toMatchObject({ step: 'Rates', stored: 'Rates', steps: ['Rates', 'Contract', 'Done'] });
    const skip = await accept(orgAdmin, 'Contract', start.version);
    expect(skip.status).toBe(409);
    expect(skip.body).toMatchObject({
      code: 'ONBOARD_STEP_ORDER',
      error: 'The Contract step cannot be accepted now: the organization is at Rates.',
    });
    const rates = await accept(orgAdmin, 'Rates', start.version);
    expect(rates.status).toBe(200);
    expect(rates.body.step).toBe('Contract');
    const stale = await accept(orgAdmin, 'Contract', start.version);
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('STALE_VERSION');
    const contract = await accept(orgAdmin, 'Contract', rates.body.version);
    expect(contract.body.step).toBe('Done');
    const again = await accept(orgAdmin, 'Done', contract.body.version);
    expect(again.status).toBe(409);
    const audit = await server().sql(
      "select count(*)::int as n from audit_log where entity = 'referralSource' and entity_id = $1 and diff ? 'onboardStepRS'",
      [String(sunrise)],
    );
    expect(audit).toEqual([{ n: 2 }]);
  });

  it('lets only staff set the step directly; staff do not accept for the organization', async () => {
    const orgAdmin = await server().login('orgadmin@carelane.local');
    const current = await read(orgAdmin);
    const jump = await server().request('PUT', `/api/admin/referralSources/${sunrise}`, {
      token: orgAdmin,
      body: { onboardStepRS: 'Rates', version: current.version },
    });
    expect(jump.status).toBe(403);
    const reset = await server().request('PUT', `/api/admin/referralSources/${sunrise}`, {
      token: admin,
      body: { onboardStepRS: 'Rates', version: current.version },
    });
    expect(reset.status).toBe(200);
    expect(reset.body.onboardStepRS).toBe('Rates');
    const byStaff = await accept(admin, 'Rates', reset.body.version);
    expect(byStaff.status).toBe(403);
    const other = await server().login('lakeside.user@carelane.local');
    const foreign = await server().request('GET', `/api/admin/referralSources/${sunrise}/onboarding`, {
      token: other,
    });
    expect(foreign.status).toBe(404);
  });

  it('with hideRatesOnBoardStep shows Rates as Contract and accepting it finishes', async () => {
    const [user] = await server().sql<{ id: number }>(
      "select id from users where email_id = 'orguser@carelane.local'",
    );
    const current = await server().request('GET', `/api/admin/users/${user!.id}`, { token: admin });
    const granted = await server().request('PUT', `/api/admin/users/${user!.id}/privileges`, {
      token: admin,
      body: { privileges: { referralSources: '{"hideRatesOnBoardStep":1}' }, version: current.body.version },
    });
    expect(granted.status).toBe(200);
    const orgUser = await server().login('orguser@carelane.local');
    const shown = await read(orgUser);
    expect(shown).toMatchObject({ stored: 'Rates', step: 'Contract', steps: ['Contract', 'Done'] });
    expect((await accept(orgUser, 'Rates', shown.version)).status).toBe(409);
    const done = await accept(orgUser, 'Contract', shown.version);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ stored: 'Done', step: 'Done' });
  });
});
