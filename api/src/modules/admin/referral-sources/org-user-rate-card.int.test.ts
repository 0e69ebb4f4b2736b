import { describeEachDatabase, type TestServer } from '../../../test/harness';

// Organization users read their own rate card (onboarding's Rates step) but never Carelane's margin on it,
// and cannot read another organization or make a new one.
const MARGIN_FIELDS = ['profitMargin', 'specialProfitMargin', 'incrementalProfitMargin'];
const ORGANIZATION_USERS = ['orgadmin@carelane.local', 'orguser@carelane.local', 'orgmanager@carelane.local'];

async function orgId(s: TestServer, name: string) {
  const [row] = await s.sql<{ id: number }>('select id from referral_sources where name = $1', [name]);
  return row!.id;
}

describeEachDatabase('organization users and the rate card', (server) => {
  let admin = '';
  let sunrise = 0;
  let lakeside = 0;

  beforeAll(async () => {
    admin = await server().login('admin@carelane.local');
    sunrise = await orgId(server(), 'Sunrise Home Health');
    lakeside = await orgId(server(), 'Lakeside Medical Center');
    await server().sql(
      'delete from referral_source_rates where referral_source_id = $1 and visit_type_id = 309',
      [sunrise],
    );
    const added = await server().request('POST', `/api/admin/referralSources/${sunrise}/rates`, {
      token: admin,
      body: {
        providerTypeId: 1,
        visitTypeId: 309,
        paymentType: 'FlatRate',
        amount: 143,
        profitMargin: 17.16,
        specialRate: 150,
        specialProfitMargin: 18,
        incrementalRate: 160,
        incrementalProfitMargin: 19,
        unit: '$/Visit',
      },
    });
    expect(added.status).toBe(201);
  });

  it('staff read the margins on the card', async () => {
    const card = await server().request('GET', `/api/admin/referralSources/${sunrise}/rates`, {
      token: admin,
    });
    expect(card.status).toBe(200);
    const row = card.body.rows.find((r: { visitTypeId: number }) => r.visitTypeId === 309);
    expect(row).toMatchObject({ profitMargin: 17.16, specialProfitMargin: 18, incrementalProfitMargin: 19 });
  });

  it.each(ORGANIZATION_USERS)('%s reads its own card without any margin', async (email) => {
    const token = await server().login(email);
    const card = await server().request('GET', `/api/admin/referralSources/${sunrise}/rates`, { token });
    expect(card.status).toBe(200);
    expect(card.body.rows.length).toBeGreaterThan(0);
    for (const row of card.body.rows) {
      for (const field of MARGIN_FIELDS) expect(row).not.toHaveProperty(field);
    }
    const row = card.body.rows.find((r: { visitTypeId: number }) => r.visitTypeId === 309);
    expect(row).toMatchObject({ amount: 143, specialRate: 150, incrementalRate: 160, unit: '$/Visit' });
    expect(JSON.stringify(card.body)).not.toContain('17.16');
  });

  it.each(ORGANIZATION_USERS)(
    '%s cannot read another organization, its card or onboarding, nor create a new organization',
    async (email) => {
      const token = await server().login(email);
      for (const path of [
        `/api/admin/referralSources/${lakeside}`,
        `/api/admin/referralSources/${lakeside}/rates`,
        `/api/admin/referralSources/${lakeside}/onboarding`,
      ]) {
        const res = await server().request('GET', path, { token });
        expect(res.status).toBe(404);
        expect(JSON.stringify(res.body)).not.toContain('Lakeside');
      }
      const name = `New organization by ${email}`;
      const created = await server().request('POST', '/api/admin/referralSources', { token, body: { name } });
      expect(created.status).toBe(403);
      const blank = await server().request('POST', '/api/admin/referralSources', { token, body: {} });
      expect(blank.status).toBe(403);
      expect(await server().sql('select id from referral_sources where name = $1', [name])).toEqual([]);
    },
  );
});
