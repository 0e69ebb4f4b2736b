// Rows the scheduling int tests create for themselves (the demo seed may hold anything else): each test
// places its clinicians and visits around its own point far from any seeded data.
import type { TestServer } from '../../../test/harness';

let nextPoint = 0;
/** A fresh spot in the Pacific, 2 degrees from the last one, so tests never see each other's clinicians. */
export function freshPoint(): { lat: number; lng: number } {
  nextPoint++;
  return { lat: 10 + (nextPoint % 20) * 2, lng: -170 + Math.floor(nextPoint / 20) * 2 };
}

export async function organizationId(s: TestServer, name = 'Sunrise Home Health'): Promise<number> {
  const [row] = await s.sql<{ id: number }>('select id from referral_sources where name = $1', [name]);
  if (!row) throw new Error(`no organization ${name}`);
  return row.id;
}

let organizations = 0;
/** An organization of the test's own, with an email and the RN / 304 rate card. */
export async function makeOrganization(s: TestServer): Promise<number> {
  organizations++;
  const [row] = await s.sql<{ id: number }>(
    `insert into referral_sources (name, email) values ($1, 'zz.org@example.com') returning id`,
    [`Zz Match Org ${organizations} ${Date.now()}`],
  );
  await makeRateCard(s, row!.id);
  return row!.id;
}

export async function makeEpisode(
  s: TestServer,
  rsId: number,
  options: { episodeType?: string; facilityEmail?: string | null } = {},
): Promise<{ episodeId: number; patientId: number }> {
  const [patient] = await s.sql<{ id: number }>(
    `insert into patients (referral_source_id, first_name, last_name, zipcode) values ($1, 'Pat', 'Zzmatch', '99999') returning id`,
    [rsId],
  );
  let facilityId: number | null = null;
  if (options.facilityEmail !== undefined) {
    const [facility] = await s.sql<{ id: number }>(
      `insert into facilities (referral_source_id, name, email) values ($1, 'Zz Facility', $2) returning id`,
      [rsId, options.facilityEmail],
    );
    facilityId = facility!.id;
  }
  const [episode] = await s.sql<{ id: number }>(
    `insert into episodes (referral_source_id, patient_id, facility_id, episode_type, title, status, start_date)
     values ($1, $2, $3, $4, 'Zz match episode', 'Active', '2030-01-01') returning id`,
    [rsId, patient!.id, facilityId, options.episodeType ?? 'Visit'],
  );
  return { episodeId: episode!.id, patientId: patient!.id };
}

export type VisitFixture = {
  rsId: number;
  episodeId: number;
  patientId: number;
  point: { lat: number; lng: number };
  status?: string;
  date?: string;
  start?: string;
  end?: string;
  providerTypeId?: number;
  visitTypeId?: number;
  providerId?: number | null;
  episodeType?: string;
  zipcode?: string;
};

/** A visit; times are UTC 'HH:mm' on `date` (end before start runs into the next day). */
export async function makeVisit(s: TestServer, v: VisitFixture): Promise<number> {
  const date = v.date ?? '2030-06-04';
  const start = `${date}T${v.start ?? '09:00'}:00Z`;
  const endDay = (v.end ?? '10:00') <= (v.start ?? '09:00') ? nextDay(date) : date;
  const end = `${endDay}T${v.end ?? '10:00'}:00Z`;
  const [row] = await s.sql<{ id: number }>(
    `insert into visits (episode_id, referral_source_id, patient_id, episode_type, visit_type_id, provider_type_id,
       date_of_service, start_at, end_at, duration, status, provider_id, latitude, longitude, zipcode)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, 60, $10, $11, $12, $13, $14) returning id`,
    [
      v.episodeId,
      v.rsId,
      v.patientId,
      v.episodeType ?? 'Visit',
      v.visitTypeId ?? 304,
      v.providerTypeId ?? 1,
      date,
      start,
      end,
      v.status ?? 'Active',
      v.providerId ?? null,
      v.point.lat,
      v.point.lng,
      v.zipcode ?? '99999',
    ],
  );
  return row!.id;
}

function nextDay(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

export type ProviderFixture = {
  point: { lat: number; lng: number };
  /** Miles north of the point. */
  milesNorth?: number;
  givenName?: string;
  providerTypeId?: number;
  /** 3 (the default): every credential the provider type requires is held, approved, issued in 2020. */
  credentialState?: number;
  /** When the held credentials expire (default: never). */
  credentialsExpireOn?: string;
  providerStatusId?: number;
  rate?: number | null;
  email?: string | null;
  phone?: string | null;
  rating?: number | null;
  /** Their login's last sign-in (default 1 day ago); null: a login that never signed in. */
  lastLoginDaysAgo?: number | null;
  /** Link this login instead of making one. */
  userId?: number;
};

let logins = 0;
/** A clinician's login (role 4) that signed in `lastLoginDaysAgo` days ago (null: never). */
export async function makeClinicianLogin(s: TestServer, lastLoginDaysAgo: number | null): Promise<number> {
  logins++;
  const [row] = await s.sql<{ id: number }>(
    `insert into users (email_id, first_name, last_name, role_id, last_login)
     values ($1, 'Cli', 'Zzmatch', 4, now() - make_interval(days => $2::int)) returning id`,
    [`zz.login.${logins}.${Date.now()}@example.com`, lastLoginDaysAgo],
  );
  return row!.id;
}

/** A clinician with a login and an own rate for visit type 304 (unless rate is null). */
export async function makeProvider(s: TestServer, p: ProviderFixture): Promise<number> {
  const lat = p.point.lat + (p.milesNorth ?? 0) / 69.05;
  const userId =
    p.userId ?? (await makeClinicianLogin(s, p.lastLoginDaysAgo === undefined ? 1 : p.lastLoginDaysAgo));
  const [row] = await s.sql<{ id: number }>(
    `insert into providers (given_name, family_name, provider_type_id, provider_status_id, credential_state,
       preferred_latitude, preferred_longitude, email, phone_number, rating, user_id, preferred_zipcodes)
     values ($1, 'Zzmatch', $2, $3, $4, $5, $6, $7, $8, $9, $10, '{99999}') returning id`,
    [
      p.givenName ?? 'Cli',
      p.providerTypeId ?? 1,
      p.providerStatusId ?? 3,
      p.credentialState ?? 3,
      lat,
      p.point.lng,
      p.email === undefined ? 'zz.clinician@example.com' : p.email,
      p.phone === undefined ? '2145550100' : p.phone,
      p.rating ?? 4,
      userId,
    ],
  );
  if ((p.credentialState ?? 3) === 3)
    await s.sql(
      `insert into provider_credentials (provider_id, credential_type_id, status, issued_on, expires_on)
       select $1, credential_type_id, 'Approved', '2020-01-01', $2::date
       from credential_requirements where provider_type_id = $3`,
      [row!.id, p.credentialsExpireOn ?? null, p.providerTypeId ?? 1],
    );
  if (p.rate !== null)
    await s.sql('insert into provider_rates (provider_id, visit_type_id, amount) values ($1, 304, $2)', [
      row!.id,
      p.rate ?? 60,
    ]);
  return row!.id;
}

/** The organization's FlatRate card for RN / visit type 304 (100 a visit, margin 20), once per organization. */
export async function makeRateCard(s: TestServer, rsId: number): Promise<void> {
  await s.sql(
    `insert into referral_source_rates (referral_source_id, provider_type_id, visit_type_id, payment_type, amount,
       profit_margin, unit)
     values ($1, 1, 304, 'FlatRate', 100, 20, '$/Visit')
     on conflict (referral_source_id, provider_type_id, visit_type_id) do nothing`,
    [rsId],
  );
}

export async function visitRow(s: TestServer, id: number) {
  const [row] = await s.sql<{
    status: string;
    version: number;
    provider_id: number | null;
    provider_amount: string | number | null;
    rs_amount: string | number | null;
    paused: boolean;
    expire_reason: string | null;
    facility_response: string | null;
    shift_confirmed_by_facility: boolean;
    facility_reject_reason: string | null;
  }>('select * from visits where id = $1', [id]);
  return row!;
}
