import { distanceMiles, formatDateTime, type Paging } from '@carelane/shared-domain';
import { describeEachDatabase, type TestServer } from '../../../test/harness';
import { loadGazetteer } from '../../maps/gazetteer';

type Item = {
  id: number;
  givenName: string;
  familyName: string;
  providerTypeId: number;
  providerType: string;
  providerStatusId: number;
  credentialState: number;
  zipcode: string | null;
  skills: string[];
  rating: number | null;
  lastLogin: string | null;
  distanceMiles?: number;
};
type Row = {
  id: number;
  provider_status_id: number;
  provider_type_id: number;
  credential_state: number;
  zipcode: string | null;
  preferred_zipcodes: string[];
  skills: string[];
  preferred_latitude: number | null;
  preferred_longitude: number | null;
};

/** Austin's downtown ZIP code, where the demo's first city is. */
const ZIPCODE = '78701';

const ids = (items: Item[]) => items.map((item) => item.id).sort((a, b) => a - b);

async function csvOf(s: TestServer, path: string, token: string) {
  const res = await fetch(`${s.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
  const text = await res.text();
  return {
    res,
    lines: text
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean),
  };
}

describeEachDatabase('clinician list', (server) => {
  let admin = '';
  let all: Row[] = [];
  /** Every clinician through the API, any status, by id. */
  let everyone: Item[] = [];

  const list = async (query: string, token = admin) => {
    const res = await server().request('GET', `/api/admin/providers${query}`, { token });
    expect(res.status).toBe(200);
    return res.body as { providers: Item[]; pageCount: number; pageTotalCount: number; paging: Paging };
  };

  beforeAll(async () => {
    admin = await server().login('admin@carelane.local');
    all = await server().sql<Row>(
      `select id, provider_status_id, provider_type_id, credential_state, zipcode, preferred_zipcodes, skills,
        preferred_latitude, preferred_longitude from providers order by id`,
    );
    expect(all.length).toBeGreaterThan(20);
    everyone = (await list(`?providerStatusId=0&pageSize=1000`)).providers;
  });

  it('lists active clinicians (provider status 3) by default, by name, 10 a page, with the SPEC §7 counts', async () => {
    const active = all.filter((r) => r.provider_status_id === 3);
    expect(active.length).toBeLessThan(all.length);
    const body = await list('');
    expect(body.providers).toHaveLength(10);
    expect(body.pageTotalCount).toBe(active.length);
    expect(body.pageCount).toBe(Math.ceil(active.length / 10));
    expect(body.paging).toEqual({
      pageNumber: 1,
      pageSize: 10,
      pageCount: Math.ceil(active.length / 10),
      totalCount: active.length,
    });
    expect(body.providers.every((p) => p.providerStatusId === 3)).toBe(true);
    // By last name, then first name, then id, in the database's own collation.
    const byName = await server().sql<{ id: number }>(
      'select id from providers where provider_status_id = 3 order by family_name, given_name, id limit 10',
    );
    expect(body.providers.map((p) => p.id)).toEqual(byName.map((r) => r.id));
    expect(body.providers[0]).toEqual(
      expect.objectContaining({
        providerType: expect.any(String),
        skills: expect.any(Array),
        ratingDetails: expect.any(Object),
      }),
    );
    expect(body.providers[0]).not.toHaveProperty('distanceMiles');
  });

  it('filters by status (0: every status), type, credential state and skills (any or all)', async () => {
    expect(everyone).toHaveLength(all.length);
    const inactive = await list('?providerStatusId=5&pageSize=100');
    expect(ids(inactive.providers)).toEqual(all.filter((r) => r.provider_status_id === 5).map((r) => r.id));
    expect(inactive.providers.length).toBeGreaterThan(0);

    const rns = await list('?providerTypeId=1&pageSize=100');
    expect(ids(rns.providers)).toEqual(
      all.filter((r) => r.provider_status_id === 3 && r.provider_type_id === 1).map((r) => r.id),
    );

    const uncredentialed = await list('?providerStatusId=0&credentialState=1&pageSize=100');
    expect(ids(uncredentialed.providers)).toEqual(
      all.filter((r) => r.credential_state === 1).map((r) => r.id),
    );

    const any = await list('?providerStatusId=0&skills=Wound%20care&skills=IV%20therapy&pageSize=100');
    expect(ids(any.providers)).toEqual(
      all.filter((r) => r.skills.includes('Wound care') || r.skills.includes('IV therapy')).map((r) => r.id),
    );
    const both = await list(
      '?providerStatusId=0&skills=Wound%20care&skills=IV%20therapy&skillsMatch=all&pageSize=100',
    );
    expect(ids(both.providers)).toEqual(
      all.filter((r) => r.skills.includes('Wound care') && r.skills.includes('IV therapy')).map((r) => r.id),
    );
    expect(any.providers.length).toBeGreaterThan(both.providers.length);
    const one = await list('?providerStatusId=0&skills=Wound%20care&pageSize=100');
    expect(one.providers.every((p) => p.skills.includes('Wound care'))).toBe(true);
  });

  it('finds clinicians within a distance of a ZIP code, nearest first, each with its distance', async () => {
    const AUSTIN = (await loadGazetteer()).byZip(ZIPCODE)!;
    const within = (miles: number) =>
      all
        .filter(
          (r) =>
            r.provider_status_id === 3 &&
            r.preferred_latitude !== null &&
            distanceMiles(AUSTIN.latitude, AUSTIN.longitude, r.preferred_latitude, r.preferred_longitude!) <=
              miles,
        )
        .map((r) => r.id);
    const body = await list(`?zipcode=${ZIPCODE}&distance=10&pageSize=100`);
    expect(body.providers.length).toBeGreaterThan(0);
    expect(ids(body.providers)).toEqual(within(10));
    expect(within(10).length).toBeLessThan(all.filter((r) => r.provider_status_id === 3).length);
    const miles = body.providers.map((p) => p.distanceMiles!);
    expect(miles.every((m) => m <= 10)).toBe(true);
    expect(miles).toEqual([...miles].sort((a, b) => a - b));
    const farthest = await list(`?zipcode=${ZIPCODE}&distance=10&sort=-distance&pageSize=100`);
    expect(farthest.providers.map((p) => p.distanceMiles)).toEqual([...miles].reverse());
    const byName = await list(`?zipcode=${ZIPCODE}&distance=10&sort=name&pageSize=100`);
    expect(ids(byName.providers)).toEqual(ids(body.providers));
  });

  it('without a distance, a ZIP code finds clinicians living in it or preferring it', async () => {
    const zipcode = all.find((r) => r.provider_status_id === 3 && r.zipcode)!.zipcode!;
    const body = await list(`?zipcode=${zipcode}&pageSize=100`);
    expect(ids(body.providers)).toEqual(
      all
        .filter(
          (r) =>
            r.provider_status_id === 3 && (r.zipcode === zipcode || r.preferred_zipcodes.includes(zipcode)),
        )
        .map((r) => r.id),
    );
    expect(body.providers.length).toBeGreaterThan(0);
  });

  it('searches by name, email and phone', async () => {
    const someone = everyone.find((p) => p.providerStatusId === 3)!;
    const byName = await list(`?search=${encodeURIComponent(`${someone.givenName} ${someone.familyName}`)}`);
    expect(byName.providers.map((p) => p.id)).toContain(someone.id);
    expect(byName.pageTotalCount).toBeLessThan(5);
    const byEmail = await list('?search=clinician@carelane.local');
    expect(byEmail.providers.map((p) => p.givenName)).toEqual(['Casey']);
    const byPhone = await list('?search=512-555-0104');
    expect(byPhone.providers.map((p) => p.givenName)).toEqual(['Casey']);
    const nobody = await list('?search=Zz%25nobody');
    expect(nobody.providers).toEqual([]);
    expect(nobody.pageTotalCount).toBe(0);
  });

  it('sorts by type, rating (not rated last either way) and last login, and pages without gaps', async () => {
    const byRating = (await list('?providerStatusId=0&sort=-rating&pageSize=1000')).providers;
    const rated = byRating.filter((p) => p.rating !== null).map((p) => p.rating!);
    expect(rated).toEqual([...rated].sort((a, b) => b - a));
    expect(byRating.slice(rated.length).every((p) => p.rating === null)).toBe(true);
    const ascending = (await list('?providerStatusId=0&sort=rating&pageSize=1000')).providers;
    expect(ascending.at(-1)!.rating).toBeNull();
    expect(ascending[0]!.rating).toBe(Math.min(...rated));

    const byType = (await list('?providerStatusId=0&sort=type&pageSize=1000')).providers.map((p) => p.id);
    const typeOrder = await server().sql<{ id: number }>(
      `select p.id from providers p join provider_types t on t.id = p.provider_type_id
        order by t.type, p.family_name, p.given_name, p.id`,
    );
    expect(byType).toEqual(typeOrder.map((r) => r.id));

    const byLogin = (await list('?providerStatusId=0&sort=-lastLogin&pageSize=1000')).providers
      .filter((p) => p.lastLogin)
      .map((p) => Date.parse(p.lastLogin!));
    expect(byLogin).toEqual([...byLogin].sort((a, b) => b - a));

    const first = await list('?pageSize=10');
    const halves = [await list('?pageSize=5&pageNumber=1'), await list('?pageSize=5&pageNumber=2')];
    expect(halves.flatMap((h) => h.providers.map((p) => p.id))).toEqual(first.providers.map((p) => p.id));
    expect(halves[1]!.paging).toMatchObject({ pageNumber: 2, pageSize: 5 });
    const past = await list('?pageNumber=999');
    expect(past.providers).toEqual([]);
    expect(past.pageTotalCount).toBe(first.pageTotalCount);
  });

  it("shows a clinician's last sign-in (their login's) in the list, the sort, the export and the detail", async () => {
    const s = server();
    const [demo] = await s.sql<{ id: number }>(
      `select p.id from providers p join users u on u.id = p.user_id where u.email_id = 'clinician@carelane.local'`,
    );
    const before = Date.now();
    await s.login('clinician@carelane.local');
    const [user] = await s.sql<{ last_login: Date }>(
      `select last_login from users where email_id = 'clinician@carelane.local'`,
    );
    const signedIn = new Date(user!.last_login).toISOString();
    expect(Date.parse(signedIn)).toBeGreaterThanOrEqual(before - 1000);

    const row = (await list('?providerStatusId=0&search=clinician@carelane.local')).providers;
    expect(row.map((p) => [p.id, p.lastLogin])).toEqual([[demo!.id, signedIn]]);
    const latest = (await list('?providerStatusId=0&sort=-lastLogin&pageSize=1')).providers;
    expect(latest.map((p) => p.id)).toEqual([demo!.id]);
    const detail = await s.request('GET', `/api/admin/providers/${demo!.id}`, { token: admin });
    expect(detail.body.lastLogin).toBe(signedIn);
    const { lines } = await csvOf(s, '/api/admin/providers/export?providerStatusId=0', admin);
    expect(lines.find((line) => line.startsWith(`${demo!.id},`))).toMatch(
      new RegExp(`,${formatDateTime(signedIn)},green$`),
    );
    // A clinician without a login never signed in, whatever the demo drew for them before.
    const [noLogin] = await s.sql<{ id: number }>(
      'select id from providers where user_id is null order by id limit 1',
    );
    expect(everyone.find((p) => p.id === noLogin!.id)!.lastLogin).toBeNull();
  });

  it('exports the whole filtered list as CSV, in the list order', async () => {
    const filtered = await list('?providerTypeId=1&pageSize=100');
    const { res, lines } = await csvOf(server(), '/api/admin/providers/export?providerTypeId=1', admin);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(
      /attachment; filename="clinicians-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    expect(lines[0]).toBe(
      'Id,Last name,First name,Type,Status,Credential state,City,State,ZIP code,Phone,Email,Skills,Rating,Last login,Engagement',
    );
    expect(lines).toHaveLength(filtered.pageTotalCount + 1);
    expect(filtered.pageTotalCount).toBeGreaterThan(10);
    expect(lines.slice(1).map((line) => Number(line.split(',')[0]))).toEqual(
      filtered.providers.map((p) => p.id),
    );
    expect(lines.slice(1).every((line) => line.includes(',RN,Active,'))).toBe(true);
    expect(lines.slice(1).every((line) => /,(green|orange|red)$/.test(line))).toBe(true);
    // Phones as NNN-NNN-NNNN and moments as M/D/YYYY and the time (SPEC §5), never as stored.
    const first = filtered.providers[0]!;
    await server().sql(`update providers set phone_number = '5125550123' where id = $1`, [first.id]);
    const [withLogin] = await server().sql<{ id: number }>(
      `select p.id from providers p where p.user_id is not null and p.provider_type_id = 1 order by p.id limit 1`,
    );
    await server().sql(
      `update users set last_login = now() - interval '1 day' where id = (select user_id from providers where id = $1)`,
      [withLogin!.id],
    );
    const again = await csvOf(server(), '/api/admin/providers/export?providerTypeId=1', admin);
    const row = (id: number) => again.lines.find((line) => line.startsWith(`${id},`))!;
    expect(row(first.id)).toContain(',512-555-0123,');
    expect(row(withLogin!.id)).toMatch(/,\d{1,2}\/\d{1,2}\/\d{4} \d{1,2}:\d{2}:\d{2}\s[AP]M,green$/);
    expect(again.lines.join('\n')).not.toMatch(/\d{4}-\d{2}-\d{2}T/);

    const near = await csvOf(server(), `/api/admin/providers/export?zipcode=${ZIPCODE}&distance=10`, admin);
    expect(near.lines[0]!.endsWith(',Engagement,Distance (miles)')).toBe(true);
    const nearList = await list(`?zipcode=${ZIPCODE}&distance=10&pageSize=100`);
    expect(near.lines).toHaveLength(nearList.pageTotalCount + 1);
    expect(near.lines.slice(1).map((line) => Number(line.split(',').at(-1)))).toEqual(
      nearList.providers.map((p) => p.distanceMiles),
    );
  });

  it('lists the skills clinicians hold, for the filter', async () => {
    const res = await server().request('GET', '/api/admin/providers/skills', { token: admin });
    expect(res.status).toBe(200);
    const held = new Set(all.flatMap((r) => r.skills));
    expect(res.body.skills).toHaveLength(held.size);
    expect(new Set(res.body.skills)).toEqual(held);
    expect(res.body.skills).toContain('Wound care');
  });

  it.each([
    ['?providerStatusId=9', 'providerStatusId'],
    ['?providerStatusId=abc', 'providerStatusId'],
    ['?credentialState=2', 'credentialState'],
    ['?providerTypeId=x', 'providerTypeId'],
    ['?pageSize=0', 'pageSize'],
    ['?pageNumber=0', 'pageNumber'],
    ['?sort=salary', 'sort'],
    ['?sort=distance', 'sort'],
    ['?skillsMatch=some', 'skillsMatch'],
    ['?zipcode=7870', 'zipcode'],
    ['?distance=10', 'zipcode'],
    ['?zipcode=78701&distance=0', 'distance'],
    ['?zipcode=78701&distance=501', 'distance'],
    ['?zipcode=00000&distance=5', 'zipcode'],
  ])('bad input %s: 400 naming %s', async (query, field) => {
    const res = await server().request('GET', `/api/admin/providers${query}`, { token: admin });
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(field);
    const csv = await server().request('GET', `/api/admin/providers/export${query}`, { token: admin });
    if (!query.startsWith('?page')) expect(csv.status).toBe(400);
  });

  it.each([
    ['administrator', 'admin@carelane.local', 200],
    ['care coordinator', 'coordinator@carelane.local', 200],
    ['clinician manager', 'clinicianmanager@carelane.local', 200],
    ['back office (a staffing role, SPEC §6)', 'backoffice@carelane.local', 200],
    ['organization administrator', 'orgadmin@carelane.local', 403],
    ['organization user', 'orguser@carelane.local', 403],
    ['organization manager', 'orgmanager@carelane.local', 403],
    ['clinician', 'clinician@carelane.local', 403],
  ])('%s (%s): %s on the list, the export and the skills', async (_who, email, status) => {
    const token = await server().login(email);
    for (const path of [
      '/api/admin/providers',
      '/api/admin/providers/export',
      '/api/admin/providers/skills',
    ]) {
      const res = await server().request('GET', path, { token });
      expect([path, res.status]).toEqual([path, status]);
    }
  });

  it('answers 401 without a session', async () => {
    expect((await server().request('GET', '/api/admin/providers')).status).toBe(401);
    expect((await server().request('GET', '/api/admin/providers/export')).status).toBe(401);
  });
});
