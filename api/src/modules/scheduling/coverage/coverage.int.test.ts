import { gunzipSync } from 'node:zlib';
import { describeEachDatabase, type TestServer } from '../../../test/harness';
import { decryptBlob } from '../../../lib/blob-cipher';

const REPORT = '/api/operation/coverageReport';
const tag = `Cov${Date.now().toString(36)}`;

async function one<T = { id: number }>(s: TestServer, text: string, params: unknown[]): Promise<T> {
  const [row] = await s.sql<T>(text, params);
  return row!;
}

describeEachDatabase('coverage report', (server) => {
  let token = '';
  let orgId = 0;
  const ids = {
    placed: 0,
    unplaced: 0,
    inactive: 0,
    preferring: 0,
    patientEpisode: 0,
    facilityEpisode: 0,
    unplacedEpisode: 0,
    patient: 0,
    facility: 0,
  };

  beforeAll(async () => {
    const s = server();
    token = await s.login('coordinator@carelane.local');
    orgId = (await one(s, `select id from referral_sources where name = 'Sunrise Home Health'`, [])).id;
    const clinician = (
      given: string,
      type: number,
      status: number,
      lat: number | null,
      zip: string,
      prefs: string,
    ) =>
      one(
        s,
        `insert into providers (given_name, family_name, provider_type_id, provider_status_id,
           preferred_latitude, preferred_longitude, zipcode, preferred_zipcodes)
         values ($1, $2, $3, $4, $5, $6, $7, $8::text[]) returning id`,
        [given, tag, type, status, lat, lat === null ? null : -97.74, zip, prefs],
      );
    ids.placed = (await clinician('Placed', 7, 3, 30.27, '00501', '{}')).id;
    ids.unplaced = (await clinician('Unplaced', 7, 3, null, '00501', '{}')).id;
    ids.inactive = (await clinician('Inactive', 7, 5, 30.28, '00501', '{}')).id;
    ids.preferring = (await clinician('Preferring', 8, 3, 30.29, '78701', '{00501,00544}')).id;

    ids.patient = (
      await one(
        s,
        `insert into patients (referral_source_id, first_name, last_name, zipcode, latitude, longitude)
         values ($1, 'Marisol', $2, '00544', 30.31, -97.71) returning id`,
        [orgId, `${tag}Patient`],
      )
    ).id;
    const noPointPatient = (
      await one(
        s,
        `insert into patients (referral_source_id, first_name, last_name, zipcode)
         values ($1, 'Nowhere', $2, '00544') returning id`,
        [orgId, tag],
      )
    ).id;
    ids.facility = (
      await one(
        s,
        `insert into facilities (referral_source_id, name, zipcode, latitude, longitude)
         values ($1, $2, '00501', 30.4, -97.8) returning id`,
        [orgId, `${tag} Care Center`],
      )
    ).id;
    const episode = (
      type: string,
      patientId: number | null,
      facilityId: number | null,
      providerTypes: string,
    ) =>
      one(
        s,
        `insert into episodes (referral_source_id, patient_id, facility_id, episode_type, title, status,
           start_date, provider_type_ids)
         values ($1, $2, $3, $4, $5, 'Active', current_date, $6::int[]) returning id`,
        [orgId, patientId, facilityId, type, `${tag} ${type}`, providerTypes],
      );
    ids.patientEpisode = (await episode('Visit', ids.patient, null, '{7}')).id;
    ids.facilityEpisode = (await episode('Shift', ids.patient, ids.facility, '{1}')).id;
    ids.unplacedEpisode = (await episode('Visit', noPointPatient, null, '{7}')).id;
    for (const [status, day] of [
      ['Staffed', 2],
      ['Active', 1],
    ] as const) {
      await s.sql(
        `insert into visits (episode_id, referral_source_id, patient_id, visit_type_id, provider_type_id,
           date_of_service, start_at, end_at, status)
         values ($1, $2, $3, 316, 7, current_date + $4::int, now() + make_interval(days => $5::int),
           now() + make_interval(days => $6::int, hours => 1), $7)`,
        [ids.patientEpisode, orgId, ids.patient, day, day, day, status],
      );
    }
  });

  const report = async (query = '', as = token) => {
    const res = await server().request('GET', `${REPORT}${query}`, { token: as });
    expect(res.status).toBe(200);
    return res.body;
  };
  const indexOf = (columns: { id: number[] }, id: number) => columns.id.indexOf(id);

  it('lists placed clinicians as columns and drops those without a latitude and longitude (SPEC §5)', async () => {
    const body = await report();
    const c = body.clinicians;
    for (const column of Object.values(c)) expect((column as unknown[]).length).toBe(c.id.length);
    const at = indexOf(c, ids.placed);
    expect(at).toBeGreaterThanOrEqual(0);
    expect(c.name[at]).toBe(`Placed ${tag}`);
    expect([
      c.providerTypeId[at],
      c.providerStatusId[at],
      c.latitude[at],
      c.longitude[at],
      c.zipcode[at],
    ]).toEqual([7, 3, 30.27, -97.74, '00501']);
    expect(c.id).not.toContain(ids.unplaced);
    expect(body.dropped.clinicians).toBeGreaterThanOrEqual(1);
    // Active clinicians (status 3) by default; 0 means every status.
    expect(c.id).not.toContain(ids.inactive);
    expect((await report('?providerStatusId=0')).clinicians.id).toContain(ids.inactive);
  });

  it('filters by provider type, clinicians and episodes alike', async () => {
    const body = await report('?providerTypeIds=8');
    expect(body.clinicians.id).toContain(ids.preferring);
    expect(body.clinicians.id).not.toContain(ids.placed);
    expect(new Set(body.clinicians.providerTypeId)).toEqual(new Set([8]));
    expect(body.episodes.id).not.toContain(ids.patientEpisode);
    const st = await report('?providerTypeIds=7,1');
    expect(st.episodes.id).toEqual(expect.arrayContaining([ids.patientEpisode, ids.facilityEpisode]));
  });

  it('places episodes at the patient, or at the facility for a shift, with their visit statuses', async () => {
    const e = (await report()).episodes;
    const home = indexOf(e, ids.patientEpisode);
    expect([e.episodeType[home], e.status[home], e.patientOrFacilityId[home], e.zipcode[home]]).toEqual([
      'Visit',
      'Active',
      ids.patient,
      '00544',
    ]);
    expect([e.latitude[home], e.longitude[home]]).toEqual([30.31, -97.71]);
    expect(e.allVisits[home]).toEqual(['Active', 'Staffed']);
    const shift = indexOf(e, ids.facilityEpisode);
    expect([e.patientOrFacilityId[shift], e.latitude[shift], e.longitude[shift]]).toEqual([
      ids.facility,
      30.4,
      -97.8,
    ]);
    expect(e.allVisits[shift]).toEqual([]);
    expect(e.id).not.toContain(ids.unplacedEpisode);
  });

  it('sends patient names only encrypted with the blob key (AES-GCM round trip)', async () => {
    const res = await server().request('GET', REPORT, { token });
    expect(JSON.stringify(res.body)).not.toContain(`${tag}Patient`);
    const [{ value: key } = { value: '' }] = await server().sql<{ value: string }>(
      `select value from app_constants where name = 'blobEncryptionKey'`,
    );
    const names: [string, string][] = JSON.parse(decryptBlob(key, res.body.episodes.names));
    expect(names).toHaveLength(res.body.episodes.id.length);
    expect(names[indexOf(res.body.episodes, ids.patientEpisode)]).toEqual(['Marisol', `${tag}Patient`]);
    expect(names[indexOf(res.body.episodes, ids.facilityEpisode)]).toEqual([`${tag} Care Center`, '']);
    expect(() => decryptBlob(`${key}x`, res.body.episodes.names)).toThrow();
    // The patients whose names were sent are named in one READ entry; a facility's name names nobody.
    await server().services.accessLog.flush();
    const [audit] = await server().sql<{ patient_ids: number[] }>(
      `select patient_ids from audit_log where entity = 'coverageReport' and action = 'READ' and user_email = $1
       order by id desc limit 1`,
      ['coordinator@carelane.local'],
    );
    expect(audit!.patient_ids).toContain(ids.patient);
    expect(audit!.patient_ids).toHaveLength(names.filter(([, last]) => last !== '').length);
  });

  it('aggregates coverage by ZIP code over home and preferred ZIP codes, with the episodes there', async () => {
    const { coverage } = await report();
    const row = (zipcode: string) => coverage.find((r: { zipcode: string }) => r.zipcode === zipcode);
    expect(row('00501')).toMatchObject({
      providerIdSet: expect.arrayContaining([ids.placed, ids.unplaced, ids.preferring]),
    });
    expect(row('00501').providerIdSet).not.toContain(ids.inactive);
    expect(row('00501').count).toBe(row('00501').providerIdSet.length);
    expect(row('00501').episodeCount).toBeGreaterThanOrEqual(1);
    expect(row('00544')).toMatchObject({ providerIdSet: expect.arrayContaining([ids.preferring]) });
    expect(row('00544').episodeCount).toBeGreaterThanOrEqual(2);
  });

  it('leaves out the layers not asked for', async () => {
    const body = await report('?include=coverage');
    expect(body.clinicians.id).toEqual([]);
    expect(body.episodes).toMatchObject({ id: [], names: null });
    expect(body.coverage.length).toBeGreaterThan(0);
  });

  it('answers gzip to a client that takes it', async () => {
    const s = server();
    // Enough points that compression is worth it.
    await s.sql(
      `insert into providers (given_name, family_name, provider_type_id, preferred_latitude, preferred_longitude)
       select 'Bulk' || n, $1, 9, 31 + n / 1000.0, -97 from generate_series(1, 40) n`,
      [tag],
    );
    const http = await import('node:http');
    const get = (acceptEncoding: string) =>
      new Promise<{ encoding: string | undefined; body: Buffer }>((resolve, reject) => {
        http
          .get(
            `${s.url}${REPORT}`,
            { headers: { authorization: `Bearer ${token}`, 'accept-encoding': acceptEncoding } },
            (r) => {
              const chunks: Buffer[] = [];
              r.on('data', (c: Buffer) => chunks.push(c));
              r.on('end', () =>
                resolve({ encoding: r.headers['content-encoding'], body: Buffer.concat(chunks) }),
              );
            },
          )
          .on('error', reject);
      });
    const zipped = await get('gzip, deflate');
    expect(zipped.encoding).toBe('gzip');
    const report = JSON.parse(gunzipSync(zipped.body).toString('utf8'));
    expect(report.clinicians.id).toContain(ids.placed);
    const plain = await get('identity');
    expect(plain.encoding).toBeUndefined();
    expect(JSON.parse(plain.body.toString('utf8')).clinicians.id).toEqual(report.clinicians.id);
    expect(zipped.body.length).toBeLessThan(plain.body.length);
  });

  it.each([
    ['?episodeStatus=Bogus', 'episodeStatus'],
    ['?providerTypeIds=RN', 'providerTypeIds'],
    ['?providerStatusId=-1', 'providerStatusId'],
    ['?include=clinicians,planets', 'include'],
  ])('%s -> 400 naming %s', async (query, field) => {
    const res = await server().request('GET', `${REPORT}${query}`, { token });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].field).toMatch(new RegExp(`^${field}`));
  });

  it('is for staff with the locator page: organization users and clinicians are refused', async () => {
    expect((await server().request('GET', REPORT)).status).toBe(401);
    for (const email of ['orguser@carelane.local', 'orgadmin@carelane.local', 'clinician@carelane.local']) {
      const other = await server().login(email);
      expect((await server().request('GET', REPORT, { token: other })).status).toBe(403);
    }
    const director = await server().login('director@carelane.local');
    expect((await server().request('GET', REPORT, { token: director })).status).toBe(200);
  });
});
