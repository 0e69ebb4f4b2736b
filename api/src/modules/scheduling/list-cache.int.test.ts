import { describeEachDatabase, eventually, type TestServer } from '../../test/harness';

/**
 * The scheduling lists are served from the read cache (lib/paging.ts cachedPage) until a table they read
 * announces a write (migration 0005). A write made with the table's notice switched off shows the cache at work
 * (the list still answers what it read); any statement on the table, even one that changes nothing, announces
 * it and the next read shows the write: at once on PGlite, within a moment on PostgreSQL (decision 006).
 */
type Row = Record<string, unknown>;
interface Case {
  name: string;
  path: string;
  /** The table written silently, the column changed and the value read back from the first row. */
  table: string;
  column: string;
  read: (row: Row) => unknown;
  /** Where the first row's table id comes from. */
  id: (row: Row) => unknown;
}

const CASES: Case[] = [
  {
    name: 'patients',
    path: '/api/admin/patients',
    table: 'patients',
    column: 'first_name',
    read: (r) => r.firstName,
    id: (r) => r.id,
  },
  {
    name: 'physicians',
    path: '/api/admin/physicians',
    table: 'physicians',
    column: 'first_name',
    read: (r) => r.firstName,
    id: (r) => r.id,
  },
  {
    name: 'contacts',
    path: '/api/admin/contacts',
    table: 'contacts',
    column: 'title',
    read: (r) => r.title,
    id: (r) => r.id,
  },
  {
    name: 'groups',
    path: '/api/admin/groups',
    table: 'groups',
    column: 'description',
    read: (r) => r.description,
    id: (r) => r.id,
  },
  {
    name: 'organizations',
    path: '/api/admin/referralSources',
    table: 'referral_sources',
    column: 'email',
    read: (r) => r.email,
    id: (r) => r.id,
  },
  {
    name: 'supply requests',
    path: '/api/admin/supplyRequests',
    table: 'supply_requests',
    column: 'notes',
    read: (r) => r.notes,
    id: (r) => r.id,
  },
  {
    name: 'service requests',
    path: '/api/admin/episodes?mine=false&status=ALL',
    table: 'episodes',
    column: 'title',
    read: (r) => r.title,
    id: (r) => r.id,
  },
  {
    name: 'visits',
    path: '/api/operation/visits?status=ALL',
    table: 'visits',
    column: 'expire_reason',
    read: (r) => r.expireReason,
    id: (r) => r.id,
  },
  // Names a list reads from another table.
  {
    name: 'service requests, the patient name',
    path: '/api/admin/episodes?mine=false&status=ALL',
    table: 'patients',
    column: 'last_name',
    read: (r) => String(r.patientName).split(', ')[0],
    id: (r) => r.patientId,
  },
  {
    name: 'visits, the organization name',
    path: '/api/operation/visits?status=ALL',
    table: 'referral_sources',
    column: 'name',
    read: (r) => r.organizationName,
    id: (r) => r.referralSourceId,
  },
  {
    name: 'visits, the service request title',
    path: '/api/operation/visits?status=ALL',
    table: 'episodes',
    column: 'title',
    read: (r) => r.episodeTitle,
    id: (r) => r.episodeId,
  },
];

async function silently(server: TestServer, table: string, write: () => Promise<unknown>) {
  await server.ownerSql(`alter table ${table} disable trigger ${table}_changed`);
  try {
    await write();
  } finally {
    await server.ownerSql(`alter table ${table} enable trigger ${table}_changed`);
  }
}

describeEachDatabase('scheduling lists from the read cache', (server) => {
  let token: string;
  beforeAll(async () => {
    token = await server().login('admin@carelane.local');
    // The demo data has no supply request.
    await server().sql(
      `insert into supply_requests (referral_source_id, provider_type_id, zipcode, city, state, requested_count, notes, status)
       select r.id, t.id, '78701', 'Austin', 'TX', 2, 'cache test', 'Open'
       from referral_sources r, provider_types t order by r.id, t.id limit 1`,
    );
  });

  const firstRow = async (path: string) => {
    const res = await server().request('GET', path, { token });
    expect(res.status).toBe(200);
    expect(res.body.rows.length).toBeGreaterThan(0);
    return res.body.rows[0];
  };

  it.each(CASES)('$name: kept until the table announces a write', async (c) => {
    const row = await firstRow(c.path);
    const before = c.read(row);
    const value = `Cached ${Date.now() % 100000}`;
    await silently(server(), c.table, () =>
      server().sql(`update ${c.table} set ${c.column} = $1 where id = $2`, [value, c.id(row)]),
    );
    expect(c.read(await firstRow(c.path))).toBe(before);

    await server().sql(`update ${c.table} set id = id where false`); // announces, changes nothing
    const shows = async () => c.read(await firstRow(c.path)) === value;
    if (server().kind === 'pglite') expect(await shows()).toBe(true);
    else await eventually(shows, 2000);
  });

  it('a write through the API shows at once to the one who made it', async () => {
    const row = await firstRow('/api/admin/patients');
    const res = await server().request('PUT', `/api/admin/patients/${row.id}`, {
      token,
      body: { firstName: 'Renamed', version: row.version },
    });
    expect(res.status).toBe(200);
    expect((await firstRow('/api/admin/patients')).firstName).toBe('Renamed');
  });
});
