import { describeEachDatabase, eventually, type TestServer } from '../../../test/harness';
import {
  freshPoint,
  makeEpisode,
  makeOrganization,
  makeProvider,
  makeRateCard,
  makeVisit,
} from './test-fixtures';

/**
 * A visit's ranked candidates are kept in the read cache until a table they are read from announces a write
 * (migrations 0005 and 0006). A write with the table's notice switched off shows the cache at work; the next
 * statement on the table announces it, and the fit score shows the write: at once on PGlite, within a moment on
 * PostgreSQL (decision 006).
 */
async function silently(server: TestServer, table: string, write: () => Promise<unknown>) {
  await server.ownerSql(`alter table ${table} disable trigger ${table}_changed`);
  try {
    await write();
  } finally {
    await server.ownerSql(`alter table ${table} enable trigger ${table}_changed`);
  }
}

describeEachDatabase('fit score candidates from the read cache', (server) => {
  let token = '';
  let visitId = 0;
  let providerId = 0;

  beforeAll(async () => {
    const s = server();
    token = await s.login('admin@carelane.local');
    const rsId = await makeOrganization(s);
    await makeRateCard(s, rsId);
    const point = freshPoint();
    visitId = await makeVisit(s, { rsId, ...(await makeEpisode(s, rsId)), point });
    providerId = await makeProvider(s, { point, milesNorth: 0.5, givenName: 'Kept', rate: 60 });
  });

  const candidate = async () => {
    const res = await server().request('GET', `/api/operation/fitScore?visitId=${visitId}`, { token });
    expect(res.status).toBe(200);
    return res.body.providerList.find((c: { providerUserId: number }) => c.providerUserId === providerId);
  };
  const shows = async (check: () => Promise<boolean>) => {
    if (server().kind === 'pglite') expect(await check()).toBe(true);
    else await eventually(check, 2000);
  };

  it.each([
    {
      table: 'providers',
      key: 'id',
      write: "update providers set given_name = 'Renamed' where id = $1",
      read: (c: { givenName: string }) => c.givenName,
    },
    {
      table: 'provider_rates',
      key: 'provider_id',
      write: 'update provider_rates set amount = 61 where provider_id = $1',
      read: (c: { rates: { amount: number }[] }) => c.rates[0]!.amount,
    },
  ])('$table: the candidates are kept until the table announces a write', async (c) => {
    const before = c.read(await candidate());
    await silently(server(), c.table, () => server().sql(c.write, [providerId]));
    expect(c.read(await candidate())).toBe(before);

    // Announces the table, changes nothing.
    await server().sql(`update ${c.table} set ${c.key} = ${c.key} where false`);
    await shows(async () => c.read(await candidate()) !== before);
  });

  it('a vacation added on the date of service drops the clinician at the next fit score', async () => {
    expect(await candidate()).toBeDefined();
    const [visit] = await server().sql<{ date_of_service: string }>(
      `select date_of_service::text from visits where id = $1`,
      [visitId],
    );
    await server().sql(
      `insert into provider_vacations (provider_id, start_date, end_date) values ($1, $2::date, $3::date)`,
      [providerId, visit!.date_of_service, visit!.date_of_service],
    );
    await shows(async () => (await candidate()) === undefined);
  });
});
