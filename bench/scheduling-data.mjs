// The scheduling data set of the benchmarks, inserted straight into a migrated and seeded database with
// set-based SQL (no API calls): at scale 1, 20,000 patients, 50,000 clinicians with their rates, 30,000
// episodes and 1,000,000 visits over Texas and Oklahoma. The reference data (provider and visit types) and
// the demo organizations and users must already be there (the server seeds them at its first start).
//
//   node bench/scheduling-data.mjs --scale 0.02 --data-dir .data          (PGlite folder, no server running)
//   node bench/scheduling-data.mjs --database-url postgres://…/carelane   (PostgreSQL)
import { createRequire } from 'node:module';
import { parseArgs } from 'node:util';
import { isMain, ms, openDirect } from './lib.mjs';

export const FULL_SIZE = { patients: 20_000, clinicians: 50_000, episodes: 30_000, visits: 1_000_000 };
/** Visits go in by chunks: a progress line each, and bounded memory in PGlite's WebAssembly heap. */
const VISIT_CHUNK = 100_000;
/** Care coordinators (role 5) besides the demo one, so that "only mine" is a realistic share of the episodes. */
const EXTRA_COORDINATORS = 19;
/** Weighted places (ZIP codes) patients and clinicians are spread over. */
const SLOTS = 2000;
/** Share of the places taken by ZIP codes anywhere in the two states (the rest are around the cities). */
const RURAL_SHARE = 0.1;

/** City centres with a weight about their population (thousands). */
const CITIES = [
  ['Houston', 'TX', 2300],
  ['San Antonio', 'TX', 1450],
  ['Dallas', 'TX', 1300],
  ['Austin', 'TX', 960],
  ['Fort Worth', 'TX', 920],
  ['El Paso', 'TX', 680],
  ['Arlington', 'TX', 400],
  ['Corpus Christi', 'TX', 320],
  ['Plano', 'TX', 290],
  ['Lubbock', 'TX', 260],
  ['Laredo', 'TX', 255],
  ['Irving', 'TX', 255],
  ['Garland', 'TX', 240],
  ['Amarillo', 'TX', 200],
  ['Frisco', 'TX', 200],
  ['McKinney', 'TX', 195],
  ['Grand Prairie', 'TX', 195],
  ['Brownsville', 'TX', 185],
  ['Killeen', 'TX', 155],
  ['Pasadena', 'TX', 150],
  ['Mesquite', 'TX', 150],
  ['McAllen', 'TX', 145],
  ['Denton', 'TX', 140],
  ['Waco', 'TX', 140],
  ['Midland', 'TX', 135],
  ['Abilene', 'TX', 125],
  ['Round Rock', 'TX', 120],
  ['College Station', 'TX', 120],
  ['Odessa', 'TX', 115],
  ['Beaumont', 'TX', 115],
  ['Tyler', 'TX', 105],
  ['Wichita Falls', 'TX', 100],
  ['San Angelo', 'TX', 100],
  ['Conroe', 'TX', 90],
  ['Bryan', 'TX', 85],
  ['Longview', 'TX', 82],
  ['Temple', 'TX', 80],
  ['Harlingen', 'TX', 71],
  ['Victoria', 'TX', 65],
  ['Galveston', 'TX', 53],
  ['Sherman', 'TX', 44],
  ['Texarkana', 'TX', 36],
  ['Nacogdoches', 'TX', 32],
  ['Oklahoma City', 'OK', 680],
  ['Tulsa', 'OK', 410],
  ['Norman', 'OK', 128],
  ['Broken Arrow', 'OK', 113],
  ['Edmond', 'OK', 95],
  ['Lawton', 'OK', 90],
  ['Moore', 'OK', 62],
  ['Stillwater', 'OK', 50],
  ['Enid', 'OK', 50],
  ['Muskogee', 'OK', 37],
  ['Ardmore', 'OK', 25],
];

const FIRST_NAMES = [
  'James',
  'Maria',
  'Robert',
  'Linda',
  'Michael',
  'Patricia',
  'David',
  'Jennifer',
  'Jose',
  'Elizabeth',
  'William',
  'Barbara',
  'Juan',
  'Susan',
  'Richard',
  'Jessica',
  'Joseph',
  'Sarah',
  'Thomas',
  'Karen',
  'Carlos',
  'Nancy',
  'Daniel',
  'Lisa',
  'Matthew',
  'Betty',
  'Luis',
  'Sandra',
  'Anthony',
  'Ashley',
  'Mark',
  'Dorothy',
  'Steven',
  'Kimberly',
  'Andrew',
  'Emily',
  'Miguel',
  'Donna',
  'Joshua',
  'Michelle',
];
const LAST_NAMES = [
  'Smith',
  'Garcia',
  'Johnson',
  'Martinez',
  'Williams',
  'Hernandez',
  'Brown',
  'Lopez',
  'Jones',
  'Gonzalez',
  'Davis',
  'Rodriguez',
  'Miller',
  'Perez',
  'Wilson',
  'Sanchez',
  'Anderson',
  'Ramirez',
  'Taylor',
  'Torres',
  'Thomas',
  'Flores',
  'Moore',
  'Rivera',
  'Jackson',
  'Gomez',
  'Martin',
  'Diaz',
  'Lee',
  'Reyes',
  'Nguyen',
  'Cruz',
  'White',
  'Morales',
  'Harris',
  'Ortiz',
  'Clark',
  'Gutierrez',
  'Lewis',
  'Chavez',
];
const STREETS = [
  'Main St',
  'Oak Ave',
  'Elm St',
  'Pecan Dr',
  'Live Oak Ln',
  'Mesquite Rd',
  'Bluebonnet Way',
  'Ranch Rd',
  'Cedar St',
  'Mockingbird Ln',
  'Travis St',
  'Houston Ave',
  'Lamar Blvd',
  'Sunset Dr',
];
const SKILLS = [
  'Wound care',
  'IV therapy',
  'Pediatrics',
  'Geriatrics',
  'Diabetes management',
  'Tracheostomy',
  'Ventilator',
  'Hospice',
  'Spanish',
  'Vietnamese',
  'Dementia care',
  'Ostomy care',
];

/** Provider types 1..10 (RN … CNA) with their share of the clinicians and a typical rate per visit. */
const PROVIDER_TYPE_MIX = [
  [1, 0.22, 75],
  [2, 0.15, 55],
  [3, 0.1, 85],
  [4, 0.06, 60],
  [5, 0.06, 85],
  [6, 0.03, 60],
  [7, 0.03, 90],
  [8, 0.02, 80],
  [9, 0.18, 30],
  [10, 0.15, 25],
];

const EPISODE_STATUS_MIX = [
  ['Active', 0.55],
  ['Completed', 0.2],
  ['Archived', 0.1],
  ['Draft', 0.08],
  ['Hold', 0.04],
  ['Deleted', 0.03],
];
/** Visit statuses by the date of service: from tomorrow on, today and the last 30 days, and older (nothing is left for the visit status job to move). */
const FUTURE_VISIT_MIX = [
  ['Active', 0.55],
  ['Staffed', 0.3],
  ['Draft', 0.15],
];
const RECENT_VISIT_MIX = [
  ['Expired', 0.12],
  ['Missed', 0.04],
  ['Deleted', 0.02],
  ['LateCanceled', 0.01],
  ['VisitOverdue', 0.02],
  ['AfterStaffed', 0.02],
  ['NotesDue', 0.12],
  ['NotesOverdue', 0.06],
  ['NotesInReview', 0.1],
  ['NotesRejected', 0.03],
  ['NotesApproved', 0.2],
  ['ApprovalDue', 0.1],
  ['FinalReview', 0.06],
  ['FinalConfirmed', 0.1],
];
const OLD_VISIT_MIX = [
  ['Expired', 0.12],
  ['Missed', 0.04],
  ['Deleted', 0.02],
  ['LateCanceled', 0.01],
  ['NotesApproved', 0.06],
  ['ApprovalDue', 0.02],
  ['FinalReview', 0.02],
  ['FinalConfirmed', 0.71],
];
/** Statuses of a visit nobody is assigned to. */
const UNASSIGNED = ['Draft', 'Active', 'Expired', 'Deleted'];

const quote = (text) => `'${String(text).replace(/'/g, "''")}'`;
const textArray = (list) => `array[${list.map(quote).join(', ')}]`;
/** `array[…][1 + floor(r * n)]`: one element of a list, picked by the uniform random number `r`. */
const pick = (list, r) => `(${textArray(list)})[1 + floor(${r} * ${list.length})::int]`;
/** A CASE over cumulative shares: `mix` is [[value, share], …], `r` a uniform random number. */
function weighted(mix, r, asSql = quote) {
  let cumulative = 0;
  const whens = mix.slice(0, -1).map(([value, share]) => {
    cumulative += share;
    return `when ${r} < ${cumulative.toFixed(4)} then ${asSql(value)}`;
  });
  return `case ${whens.join(' ')} else ${asSql(mix.at(-1)[0])} end`;
}

/** The places: SLOTS ZIP codes of Texas and Oklahoma, each city getting slots by its weight. */
function places() {
  const require = createRequire(import.meta.url);
  const zipcodes = require('zipcodes');
  const all = Object.values(zipcodes.codes).filter(
    (z) => (z.state === 'TX' || z.state === 'OK') && z.latitude && z.longitude,
  );
  const byCity = new Map();
  for (const z of all) {
    const key = `${z.city.toLowerCase()}|${z.state}`;
    if (!byCity.has(key)) byCity.set(key, []);
    byCity.get(key).push(z);
  }
  const cities = CITIES.map(([name, state, weight]) => ({
    weight,
    zips: byCity.get(`${name.toLowerCase()}|${state}`) ?? [],
  })).filter((c) => c.zips.length);
  const totalWeight = cities.reduce((sum, c) => sum + c.weight, 0);
  const slots = [];
  for (const city of cities) {
    const count = Math.max(1, Math.round((SLOTS * (1 - RURAL_SHARE) * city.weight) / totalWeight));
    for (let i = 0; i < count; i++) slots.push(city.zips[i % city.zips.length]);
  }
  const step = all.length / (SLOTS - slots.length);
  for (let i = 0; slots.length < SLOTS; i++) slots.push(all[Math.floor(i * step) % all.length]);
  return { slots, cities: cities.length };
}

/** The counts at a scale factor (scale 1 = FULL_SIZE). */
export function sizesAt(scale) {
  return Object.fromEntries(
    Object.entries(FULL_SIZE).map(([name, n]) => [name, Math.max(10, Math.round(n * scale))]),
  );
}

/**
 * Inserts the data set through `direct` (lib.mjs openDirect: one session, PGlite or a pg client). No server may
 * write meanwhile. Ends with vacuum analyze (`vacuum: false`: analyze only). Answers
 * { sizes, steps: [{ step, ms, rows }], totalMs }.
 */
export async function generateSchedulingData(direct, { scale = 1, vacuum = true, log = console.log } = {}) {
  const sizes = sizesAt(scale);
  const steps = [];
  const started = performance.now();
  const q = (text, params) => direct.query(text, params);
  async function step(name, fn) {
    const t = performance.now();
    const rows = await fn();
    const took = performance.now() - t;
    steps.push({ step: name, ms: took, rows: rows ?? null });
    log(
      `  ${name}: ${rows === undefined ? '' : `${Number(rows).toLocaleString('en-US')} rows, `}${ms(took, 0)}`,
    );
  }
  const count = async (sql) => (await q(sql))[0].n;

  const [{ n: orgCount }] = await q('select count(*)::int as n from referral_sources');
  const [{ n: typeCount }] = await q('select count(*)::int as n from visit_types');
  if (!orgCount || !typeCount)
    throw new Error('no organizations or visit types: start the server once on this database first');
  await q('select setseed(0.4242)');
  // Foreign keys are checked by triggers, row by row: switched off for the bulk load (superuser only; the
  // data is consistent by construction). Without it the load is several times slower on PGlite.
  let triggersOff = false;
  try {
    await q('set session_replication_role = replica');
    triggersOff = true;
  } catch {
    log('  (not a superuser: foreign keys are checked row by row, the load is slower)');
  }

  await step('places (ZIP codes of Texas and Oklahoma)', async () => {
    const { slots, cities } = places();
    await q('drop table if exists bench_slots');
    await q(
      'create temp table bench_slots (slot int primary key, zip text, city text, state text, lat float8, lng float8)',
    );
    const values = slots.map(
      (z, i) => `(${i}, ${quote(z.zip)}, ${quote(z.city)}, ${quote(z.state)}, ${z.latitude}, ${z.longitude})`,
    );
    await q(`insert into bench_slots values ${values.join(', ')}`);
    log(`    ${slots.length} places over ${cities} cities and the countryside`);
    return slots.length;
  });

  await step('care coordinators', async () => {
    await q(
      `insert into users (email_id, first_name, last_name, role_id, password_hash, email_verified)
       select 'bench.coordinator' || g || '@example.com', ${pick(FIRST_NAMES, 'random()')}, ${pick(LAST_NAMES, 'random()')}, 5, null, true
       from generate_series(1, ${EXTRA_COORDINATORS}) g
       on conflict do nothing`,
    );
    await q('drop table if exists bench_coordinators');
    await q(
      `create temp table bench_coordinators as
       select (row_number() over (order by id) - 1)::int as n, id from users where role_id = 5 and status = 'ACTIVE'`,
    );
    return count('select count(*)::int as n from bench_coordinators');
  });
  const coordinatorCount = await count('select count(*)::int as n from bench_coordinators');
  const [{ id: adminId }] = await q(`select min(id) as id from users where role_id = 1`);

  await step('patients', async () => {
    const before = await count('select coalesce(max(id), 0)::int as n from patients');
    await q(
      `insert into patients (referral_source_id, first_name, middle_initial, last_name, gender, birthday,
         phone_number1, address_line1, city, state, zipcode, latitude, longitude, language, status,
         archive_reason, archived_at, created_by, created_at, updated_at)
       select o.ids[1 + x.g % o.n], ${pick(FIRST_NAMES, 'x.r1')}, chr(65 + (x.g % 26)), ${pick(LAST_NAMES, 'x.r2')},
         case when x.r3 < 0.55 then 'F' else 'M' end,
         date '1928-01-01' + floor(x.r4 * 23000)::int,
         '210' || lpad((x.g % 10000000)::text, 7, '0'),
         (100 + x.g % 9800) || ' ' || ${pick(STREETS, 'x.r5')},
         s.city, s.state, s.zip, s.lat + (x.r6 - 0.5) * 0.04, s.lng + (x.r7 - 0.5) * 0.04,
         case when x.r8 < 0.8 then 'English' when x.r8 < 0.97 then 'Spanish' else 'Vietnamese' end,
         case when x.r9 < 0.95 then 'ACTIVE' else 'ARCHIVED' end,
         case when x.r9 >= 0.95 then 'Patient discharged' end,
         case when x.r9 >= 0.95 then x.created + interval '200 days' end,
         ${adminId ?? 'null'}, x.created, x.created
       from (select g, random() r1, random() r2, random() r3, random() r4, random() r5, random() r6,
               random() r7, random() r8, random() r9, floor(random() * ${SLOTS})::int as slot,
               now() - random() * interval '1095 days' as created
             from generate_series(1, ${sizes.patients}) g) x
       join bench_slots s on s.slot = x.slot
       cross join (select array_agg(id order by id) ids, count(*)::int n from referral_sources) o`,
    );
    await q('drop table if exists bench_patients');
    await q(
      `create temp table bench_patients as
       select (row_number() over (order by id) - 1)::int as n, id, referral_source_id, last_name
       from patients where id > ${before}`,
    );
    await q('create index on bench_patients (n)');
    return count('select count(*)::int as n from bench_patients');
  });

  await step('clinicians', async () => {
    const before = await count('select coalesce(max(id), 0)::int as n from providers');
    const typeCase = weighted(
      PROVIDER_TYPE_MIX.map(([id, share]) => [id, share]),
      'x.r_type',
      String,
    );
    await q(
      `insert into providers (given_name, family_name, email, phone_number, provider_type_id,
         provider_status_id, credential_state, onboard_step, address_line1, city, state, zipcode,
         latitude, longitude, preferred_latitude, preferred_longitude, coverage_radius_miles,
         preferred_zipcodes, skills, weekday_preferences, assignment_preference, shift_preferences, rating,
         enable_email, enable_sms, device_status, notification_status, care_coordinator_id,
         created_at, updated_at)
       select ${pick(FIRST_NAMES, 'x.r1')}, ${pick(LAST_NAMES, 'x.r2')},
         'bench.clinician' || x.g || '.' || ${before} || '@example.com',
         '214' || lpad((x.g % 10000000)::text, 7, '0'),
         ${typeCase},
         case when x.r3 < 0.82 then 3 when x.r3 < 0.9 then 1 when x.r3 < 0.95 then 2 else 4 end,
         case when x.r4 < 0.75 then 3 when x.r4 < 0.95 then 1 else 5 end,
         case when x.r4 < 0.75 then 'Complete' else 'Credentials' end,
         (100 + x.g % 9800) || ' ' || ${pick(STREETS, 'x.r5')},
         s.city, s.state, s.zip, s.lat + x.dlat, s.lng + x.dlng,
         s.lat + x.dlat + (x.r6 - 0.5) * 0.05, s.lng + x.dlng + (x.r7 - 0.5) * 0.05,
         10 + 5 * floor(x.r8 * 9)::int,
         case when x.r9 < 0.7 then array[s.zip] when x.r9 < 0.9 then array[s.zip, s2.zip] else '{}'::text[] end,
         case when x.r10 < 0.6 then array[${pick(SKILLS, 'x.r11')}] else '{}'::text[] end,
         case when x.r12 < 0.3 then '{1,2,3,4,5}'::int[] else '{}'::int[] end,
         case when x.r13 < 0.5 then 'Visit' when x.r13 < 0.65 then 'Shift' else 'Both' end,
         case when x.r13 < 0.5 then '{}'::text[] when x.r14 < 0.6 then '{Day}'::text[] else '{Day,Night}'::text[] end,
         case when x.r15 < 0.85 then round((2.5 + x.r16 * 2.5)::numeric, 1)::float8 end,
         x.r14 < 0.9, x.r14 < 0.8,
         case when x.r16 < 0.7 then 'Installed' else 'NotInstalled' end,
         case when x.r16 < 0.6 then 'Enabled' else 'Disabled' end,
         c.id, x.created, x.created
       from (select g, random() r1, random() r2, random() r3, random() r4, random() r5, random() r6,
               random() r7, random() r8, random() r9, random() r10, random() r11, random() r12, random() r13,
               random() r14, random() r15, random() r16, random() r17, random() as r_type,
               (random() - 0.5) * 0.1 as dlat, (random() - 0.5) * 0.1 as dlng,
               floor(random() * ${SLOTS})::int as slot, floor(random() * ${SLOTS})::int as slot2,
               floor(random() * ${coordinatorCount})::int as cn,
               now() - random() * interval '1460 days' as created
             from generate_series(1, ${sizes.clinicians}) g) x
       join bench_slots s on s.slot = x.slot
       join bench_slots s2 on s2.slot = x.slot2
       join bench_coordinators c on c.n = x.cn`,
    );
    // Active clinicians by type, numbered, to assign visits to: (type, n) -> id.
    await q('drop table if exists bench_providers');
    await q(
      `create temp table bench_providers as
       select provider_type_id, (row_number() over (partition by provider_type_id order by id) - 1)::int as n, id,
         count(*) over (partition by provider_type_id)::int as c
       from providers where id > ${before} and provider_status_id = 3`,
    );
    await q('create index on bench_providers (provider_type_id, n)');
    await q('drop table if exists bench_provider_counts');
    await q(
      `create temp table bench_provider_counts as
       select id as provider_type_id, coalesce((select max(c) from bench_providers b where b.provider_type_id = t.id), 0) as c
       from provider_types t`,
    );
    await q('drop table if exists bench_new_providers');
    await q(`create temp table bench_new_providers as select ${before}::int as after_id`);
    return count(`select count(*)::int as n from providers where id > ${before}`);
  });
  const [{ after_id: providersAfter }] = await q('select after_id from bench_new_providers');
  const baseRate = `case p.provider_type_id ${PROVIDER_TYPE_MIX.map(([id, , rate]) => `when ${id} then ${rate}`).join(' ')} else 50 end`;

  await step('clinician rates (provider_rates)', async () => {
    await q(
      `insert into provider_rates (provider_id, visit_type_id, amount, special_rate, incremental_rate)
       select p.id, vt.id, r.amount, round(r.amount * 1.25, 2), round(r.amount * 0.5, 2)
       from providers p
       join visit_types vt on p.provider_type_id = any(vt.provider_type_ids)
       cross join lateral (
         select round((${baseRate} * (case when vt.unit = '$/Hour' then 0.45 when vt.evaluation then 1.4 else 1 end)
                 * (0.85 + 0.3 * random()))::numeric, 2) as amount
       ) r
       where p.id > ${providersAfter}
       on conflict do nothing`,
    );
    return count(`select count(*)::int as n from provider_rates where provider_id > ${providersAfter}`);
  });

  await step('clinician vacations', async () => {
    await q(
      `insert into provider_vacations (provider_id, start_date, end_date)
       select x.id, x.start, x.start + 2 + floor(x.r2 * 12)::int
       from (select id, current_date - 60 + floor(random() * 120)::int as start, random() r1, random() r2
             from providers where id > ${providersAfter}) x
       where x.r1 < 0.12`,
    );
    return count(`select count(*)::int as n from provider_vacations where provider_id > ${providersAfter}`);
  });

  await step('clinician credentials (provider_credentials)', async () => {
    // Every credential of the catalogue (12; the required ones among them), by their credential state: 3 holds
    // them all approved; 1 lacks some (missing, submitted, in review, rejected); 5 let the licence expire. An
    // approved credential that expires does so uniformly from yesterday to two years on, so each day about
    // 1/730 of them lapse (the daily expiry job's work) and as many reach each of the 30, 14 and 7-day
    // warnings; the warnings of the days before are marked sent (warned_days_before), as the job would have.
    // 15 % of the expiring ones also keep the expired credential they renewed.
    const daysLeft = 'x.expires_on - current_date';
    await q(
      `insert into provider_credentials (provider_id, credential_type_id, number, issuing_state, issued_on,
         expires_on, status, reject_reason, reviewed_by, reviewed_at, warned_days_before, created_at, updated_at)
       select x.provider_id, x.credential_type_id, x.number, x.issuing_state,
         least(x.issued_on, x.expires_on - 365), x.expires_on, x.status,
         case when x.status = 'Rejected' then 'The document is unreadable' end,
         case when x.status in ('Approved', 'Expired', 'Rejected') then ${adminId ?? 'null'} end,
         case when x.status in ('Approved', 'Expired', 'Rejected') then least(x.issued_on, x.expires_on - 365) + 3 end,
         case when x.status = 'Approved' and ${daysLeft} between 0 and 29 then
           case when ${daysLeft} + 1 <= 7 then 7 when ${daysLeft} + 1 <= 14 then 14 else 30 end end,
         now(), now()
       from (
         select y.provider_id, y.credential_type_id,
           case when y.name = 'Licence or certification' then 'TX-' || (100000 + y.provider_id) end as number,
           case when y.name in ('Licence or certification', 'Driver''s licence') then 'TX' end as issuing_state,
           current_date - 30 - floor(y.r_issued * 1400)::int as issued_on,
           case when not y.expires then null
                when y.credential_state = 5 and y.name = 'Licence or certification'
                  then current_date - 20 - floor(y.r_expiry * 380)::int
                else current_date - 1 + floor(y.r_expiry * 731)::int end as expires_on,
           case when y.credential_state = 5 and y.name = 'Licence or certification' then 'Expired'
                when y.credential_state = 1 and y.r_status < 0.25 then 'Submitted'
                when y.credential_state = 1 and y.r_status < 0.4 then 'InReview'
                when y.credential_state = 1 and y.r_status < 0.45 then 'Rejected'
                else 'Approved' end as status,
           y.credential_state = 1 and y.r_status >= 0.85 as missing
         from (select p.id as provider_id, p.credential_state, t.id as credential_type_id, t.name, t.expires,
                 random() as r_issued, random() as r_expiry, random() as r_status
               from providers p
               cross join credential_types t
               where p.id > ${providersAfter} and t.active) y
       ) x
       where not x.missing`,
    );
    await q(
      `insert into provider_credentials (provider_id, credential_type_id, issued_on, expires_on, status,
         reviewed_by, reviewed_at, created_at, updated_at)
       select c.provider_id, c.credential_type_id, c.issued_on - 730, c.issued_on - 1, 'Expired',
         ${adminId ?? 'null'}, c.issued_on - 727, now(), now()
       from provider_credentials c
       where c.provider_id > ${providersAfter} and c.expires_on is not null and c.status = 'Approved'
         and random() < 0.15`,
    );
    return count(`select count(*)::int as n from provider_credentials where provider_id > ${providersAfter}`);
  });

  await step('organization rate cards (referral_source_rates, where missing)', async () => {
    const before = await count('select count(*)::int as n from referral_source_rates');
    await q(
      `insert into referral_source_rates (referral_source_id, provider_type_id, visit_type_id, payment_type,
         amount, special_rate, incremental_rate, profit_margin, special_profit_margin, incremental_profit_margin, unit)
       select rs.id, pt.id, vt.id, 'FlatRate', r.amount, round(r.amount * 1.25, 2), round(r.amount * 0.5, 2),
         round(r.amount * 0.25, 2), round(r.amount * 0.3, 2), round(r.amount * 0.12, 2), vt.unit
       from referral_sources rs
       cross join visit_types vt
       join provider_types pt on pt.id = any(vt.provider_type_ids)
       cross join lateral (
         select round((${baseRate.replaceAll('p.provider_type_id', 'pt.id')} * 1.35
                 * (case when vt.unit = '$/Hour' then 0.45 when vt.evaluation then 1.4 else 1 end))::numeric, 2) as amount
       ) r
       on conflict do nothing`,
    );
    return (await count('select count(*)::int as n from referral_source_rates')) - before;
  });

  await step('episodes', async () => {
    const before = await count('select coalesce(max(id), 0)::int as n from episodes');
    const [{ n: patientCount }] = await q('select count(*)::int as n from bench_patients');
    await q(
      `insert into episodes (referral_source_id, patient_id, episode_type, title, description, status,
         start_date, end_date, language, payor, authorized_visits, visit_type_ids, provider_type_ids,
         care_coordinator_id, created_by, created_at, updated_at, published_at, archive_reason, archived_at)
       select p.referral_source_id, p.id, x.kind,
         case when x.kind = 'Shift' then ${pick(['RN shifts', 'LVN shifts', 'CNA shifts', 'Therapy shifts'], 'x.r1')}
              else ${pick(['Skilled nursing', 'Therapy', 'Home health aide', 'Wound care', 'Post-surgical care', 'Medical social work'], 'x.r1')}
         end || ' – ' || p.last_name,
         '', x.status, x.created::date + 3, x.created::date + 63,
         'English', ${pick(['Medicare', 'Medicaid', 'Private insurance', 'Private pay'], 'x.r2')},
         8 + floor(x.r3 * 20)::int,
         case when x.kind = 'Shift' then '{400,401,402,403}'::int[] else '{100,304,316,330}'::int[] end,
         case when x.kind = 'Shift' then '{1,2,10}'::int[] else '{1,3,9}'::int[] end,
         c.id, case when x.r4 < 0.7 then c.id else ${adminId ?? 'null'} end,
         x.created, x.created,
         case when x.status not in ('Draft') then x.created + interval '1 day' end,
         case when x.status = 'Archived' then 'Episode completed' end,
         case when x.status = 'Archived' then x.created + interval '90 days' end
       from (select w.*, ${weighted(EPISODE_STATUS_MIX, 'w.r_status')} as status
             from (select g, random() r1, random() r2, random() r3, random() r4, random() r_status,
                     case when random() < 0.15 then 'Shift' else 'Visit' end as kind,
                     floor(random() * ${patientCount})::int as pn,
                     floor(random() * ${coordinatorCount})::int as cn,
                     now() - random() * interval '730 days' as created
                   from generate_series(1, ${sizes.episodes}) g) w) x
       join bench_patients p on p.n = x.pn
       join bench_coordinators c on c.n = x.cn`,
    );
    await q('drop table if exists bench_episodes');
    await q(
      `create temp table bench_episodes as
       select (row_number() over (order by e.id) - 1)::int as n, e.id, e.referral_source_id, e.patient_id,
         e.episode_type, e.status, e.care_coordinator_id, pa.zipcode, pa.latitude, pa.longitude
       from episodes e join patients pa on pa.id = e.patient_id
       where e.id > ${before}`,
    );
    await q('create index on bench_episodes (n)');
    return count('select count(*)::int as n from bench_episodes');
  });

  await step('visit types by kind', async () => {
    await q('drop table if exists bench_visit_types');
    await q(
      `create temp table bench_visit_types as
       select service_type, (row_number() over (partition by service_type order by id) - 1)::int as n, id,
         provider_type_ids, unit, count(*) over (partition by service_type)::int as c
       from visit_types where active and cardinality(provider_type_ids) > 0`,
    );
    return count('select count(*)::int as n from bench_visit_types');
  });

  await step('visits', async () => {
    // Indexes are dropped for the load and built again afterwards (one sort each instead of 1,000,000
    // random b-tree insertions); constraint indexes (the primary key) stay.
    const indexes = await q(
      `select indexname, indexdef from pg_indexes
       where schemaname = 'public' and tablename = 'visits'
         and indexname not in (select conname from pg_constraint where conrelid = 'visits'::regclass)`,
    );
    for (const { indexname } of indexes) await q(`drop index ${indexname}`);
    const [{ n: episodeCount }] = await q('select count(*)::int as n from bench_episodes');
    const rows = [];
    const status = `case
           when e.status in ('Draft', 'Hold') and x.day > 0 then 'Draft'
           when x.day > 0 then ${weighted(FUTURE_VISIT_MIX, 'x.r_status')}
           when x.day >= -30 then ${weighted(RECENT_VISIT_MIX, 'x.r_status')}
           else ${weighted(OLD_VISIT_MIX, 'x.r_status')} end`;
    for (let lo = 1; lo <= sizes.visits; lo += VISIT_CHUNK) {
      const hi = Math.min(sizes.visits, lo + VISIT_CHUNK - 1);
      const t = performance.now();
      await q(
        `insert into visits (episode_id, referral_source_id, patient_id, episode_type, visit_type_id,
           provider_type_id, date_of_service, start_at, end_at, duration, status, is_hourly, provider_id,
           assigned_at, assigned_by, provider_amount, rs_amount, expire_reason, zipcode, latitude, longitude,
           created_by, created_at, updated_at)
         select y.episode_id, y.referral_source_id, y.patient_id, y.episode_type, y.visit_type_id,
           y.provider_type_id, y.dos, y.start_at, y.start_at + make_interval(mins => y.duration), y.duration,
           y.status, y.is_hourly, bp.id,
           case when bp.id is not null then y.start_at - (1 + y.r_misc * 10) * interval '1 day' end,
           case when bp.id is not null then y.care_coordinator_id end,
           case when bp.id is not null then y.amount end,
           case when bp.id is not null then round(y.amount * 1.35, 2) end,
           case when y.status = 'Expired' then ${pick(['No clinician available', 'Cancelled by organization', 'Start date passed', 'Other'], 'y.r_misc')} end,
           y.zipcode, y.latitude, y.longitude, y.care_coordinator_id,
           least(now(), y.start_at - (2 + y.r_misc * 20) * interval '1 day'), now()
         from (
           select e.id as episode_id, e.referral_source_id, e.patient_id, e.episode_type, e.care_coordinator_id,
             e.zipcode, e.latitude, e.longitude, vt.id as visit_type_id,
             vt.provider_type_ids[1 + floor(x.r_pt * cardinality(vt.provider_type_ids))::int] as provider_type_id,
             current_date + x.day as dos,
             ((current_date + x.day) + make_time(case when vt.unit = '$/Hour' then (array[7, 15, 19])[1 + floor(x.r_hour * 3)::int]
               else 7 + floor(x.r_hour * 10)::int end, 0, 0))::timestamp at time zone 'America/Chicago' as start_at,
             case when vt.unit = '$/Hour' then (array[480, 720])[1 + floor(x.r_misc * 2)::int]
               else (array[45, 60, 90])[1 + floor(x.r_misc * 3)::int] end as duration,
             vt.unit = '$/Hour' as is_hourly,
             ${status} as status,
             round((40 + x.r_misc * 80)::numeric, 2) as amount,
             floor(x.r_prov * pc.c)::int as provider_n, x.r_misc
           from (select g, floor(random() * ${episodeCount})::int as en, floor(random() * 426)::int - 365 as day,
                   random() r_vt, random() r_pt, random() r_status, random() r_prov, random() r_hour, random() r_misc
                 from generate_series(${lo}, ${hi}) g) x
           join bench_episodes e on e.n = x.en
           join bench_visit_types vt on vt.service_type = e.episode_type and vt.n = floor(x.r_vt * vt.c)::int
           join bench_provider_counts pc
             on pc.provider_type_id = vt.provider_type_ids[1 + floor(x.r_pt * cardinality(vt.provider_type_ids))::int]
         ) y
         left join bench_providers bp
           on bp.provider_type_id = y.provider_type_id and bp.n = y.provider_n
          and y.status not in (${UNASSIGNED.map(quote).join(', ')})`,
      );
      rows.push(hi - lo + 1);
      log(
        `    visits ${lo.toLocaleString('en-US')}–${hi.toLocaleString('en-US')}: ${ms(performance.now() - t, 0)}`,
      );
    }
    const t = performance.now();
    for (const { indexdef } of indexes) await q(indexdef);
    log(`    ${indexes.length} indexes of visits built again: ${ms(performance.now() - t, 0)}`);
    return rows.reduce((a, b) => a + b, 0);
  });

  if (triggersOff) await q('set session_replication_role = origin');
  // PostgreSQL's autovacuum, and on PGlite the server's visit status job (PGlite has no autovacuum), would vacuum
  // the new rows soon, possibly in the middle of a measurement: done here, so index-only scans find the pages
  // all-visible.
  await step(vacuum ? 'vacuum analyze' : 'analyze', async () => {
    await q(vacuum ? 'vacuum analyze' : 'analyze');
  });
  for (const table of [
    'bench_slots',
    'bench_coordinators',
    'bench_patients',
    'bench_providers',
    'bench_provider_counts',
    'bench_new_providers',
    'bench_episodes',
    'bench_visit_types',
  ])
    await q(`drop table if exists ${table}`);
  const totalMs = performance.now() - started;
  log(`  generated in ${(totalMs / 1000).toFixed(1)} s`);
  return { sizes, steps, totalMs };
}

if (isMain(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      scale: { type: 'string', default: '1' },
      'data-dir': { type: 'string' },
      'database-url': { type: 'string' },
    },
  });
  const target = values['data-dir']
    ? { dataDir: values['data-dir'] }
    : { databaseUrl: values['database-url'] ?? process.env.DATABASE_URL };
  if (!target.dataDir && !target.databaseUrl)
    throw new Error('name the database: --data-dir <DATA_DIR of a stopped server> or --database-url <url>');
  const direct = await openDirect(target);
  try {
    await generateSchedulingData(direct, { scale: Number(values.scale) });
  } finally {
    await direct.close();
  }
}
