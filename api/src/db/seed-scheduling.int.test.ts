import zipcodes from 'zipcodes';
import { VISIT_STATUSES } from '@carelane/shared-domain';
import { describeEachDatabase, startTestServer } from '../test/harness';
import { seedDemoData } from './seed';
import { DEMO_ZIPCODES } from './seed-scheduling';

const count = async (rows: Promise<{ n: number }[]>) => Number((await rows)[0]!.n);

describe('demo ZIP codes', () => {
  it('are real Texas ZIP codes with the gazetteer point and city', () => {
    for (const [zipcode, city, latitude, longitude] of DEMO_ZIPCODES.flat()) {
      expect(zipcodes.lookup(zipcode)).toMatchObject({
        zip: zipcode,
        city,
        state: 'TX',
        latitude,
        longitude,
      });
    }
  });
});

describeEachDatabase('scheduling demo data', (server) => {
  const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
    server().sql<T>(text, params);
  const demoOrgs = `(select id from referral_sources where name in
    ('Sunrise Home Health', 'Lakeside Medical Center', 'Hill Country Hospice', 'Old Mill Rehabilitation'))`;

  it('has visits in every visit status', async () => {
    const rows = await sql<{ status: string }>(
      `select distinct status from visits where referral_source_id in ${demoOrgs}`,
    );
    expect(rows.map((r) => r.status).sort()).toEqual([...VISIT_STATUSES].sort());
  });

  it('has sane counts for every organization', async () => {
    const perOrg = await sql<{
      name: string;
      patients: number;
      episodes: number;
      facilities: number;
      cards: number;
    }>(
      `select r.name,
              (select count(*)::int from patients p where p.referral_source_id = r.id) as patients,
              (select count(*)::int from episodes e where e.referral_source_id = r.id) as episodes,
              (select count(*)::int from facilities f where f.referral_source_id = r.id) as facilities,
              (select count(*)::int from referral_source_rates c where c.referral_source_id = r.id) as cards
       from referral_sources r where r.id in ${demoOrgs}`,
    );
    expect(perOrg).toHaveLength(4);
    for (const org of perOrg) {
      expect(org.patients).toBeGreaterThanOrEqual(10);
      expect(org.episodes).toBeGreaterThanOrEqual(5);
      expect(org.facilities).toBeGreaterThanOrEqual(1);
      expect(org.cards).toBeGreaterThanOrEqual(40);
    }
    expect(
      await count(sql(`select count(*)::int as n from providers where email like '%@clinicians.example'`)),
    ).toBeGreaterThanOrEqual(55);
    expect(await count(sql(`select count(distinct provider_type_id)::int as n from providers`))).toBe(10);
    expect(
      await count(sql(`select count(*)::int as n from physicians where email like '%@clinic.example'`)),
    ).toBe(6);
    expect(
      await count(sql(`select count(*)::int as n from contacts where referral_source_id in ${demoOrgs}`)),
    ).toBe(10);
    expect(await count(sql(`select count(*)::int as n from facility_shifts`))).toBeGreaterThanOrEqual(10);
    const payment = await sql<{ payment_type: string; unit: string }>(
      `select distinct payment_type, unit from referral_source_rates where referral_source_id in ${demoOrgs}`,
    );
    expect(new Set(payment.map((p) => p.payment_type))).toEqual(new Set(['FlatRate', 'ServiceFee', 'Both']));
    expect(new Set(payment.map((p) => p.unit))).toEqual(new Set(['$/Visit', '$/Hour']));
  });

  it('places patients and clinicians in Texas, near their ZIP code', async () => {
    const points = await sql<{ zipcode: string; latitude: number; longitude: number }>(
      `select zipcode, latitude, longitude from patients where referral_source_id in ${demoOrgs}
       union all
       select zipcode, preferred_latitude, preferred_longitude from providers where email like '%@clinicians.example'`,
    );
    expect(points.length).toBeGreaterThanOrEqual(95);
    for (const point of points) {
      const zip = zipcodes.lookup(point.zipcode)!;
      expect(zip.state).toBe('TX');
      expect(Math.abs(zip.latitude - point.latitude)).toBeLessThan(0.02);
      expect(Math.abs(zip.longitude - point.longitude)).toBeLessThan(0.02);
    }
  });

  it('never books one clinician twice at once, nor on vacation, and prices assigned visits', async () => {
    const overlaps = await sql(
      `select a.id, b.id from visits a join visits b
         on a.provider_id = b.provider_id and a.id < b.id and a.start_at < b.end_at and b.start_at < a.end_at
       where a.provider_id is not null and a.status <> 'Deleted' and b.status <> 'Deleted'`,
    );
    expect(overlaps).toEqual([]);
    const onVacation = await sql(
      `select v.id from visits v join provider_vacations pv on pv.provider_id = v.provider_id
       where v.date_of_service between pv.start_date and pv.end_date`,
    );
    expect(onVacation).toEqual([]);
    const unpriced = await sql<{ status: string }>(
      `select status from visits where referral_source_id in ${demoOrgs}
         and provider_id is not null and (provider_amount is null or rs_amount is null or rs_amount < provider_amount)`,
    );
    expect(unpriced).toEqual([]);
    const unassigned = await sql<{ status: string }>(
      `select distinct status from visits where referral_source_id in ${demoOrgs} and provider_id is null`,
    );
    expect(unassigned.map((r) => r.status).sort()).toEqual(['Active', 'Deleted', 'Draft', 'Expired']);
  });

  it('dates past work in the past and open work ahead', async () => {
    const wrong = await sql(
      `select id, status, date_of_service from visits where referral_source_id in ${demoOrgs} and (
         (status in ('FinalConfirmed', 'FinalReview', 'ApprovalDue', 'NotesDue', 'NotesOverdue', 'Missed',
                     'VisitOverdue', 'Expired') and date_of_service >= current_date + 1)
         or (status in ('Active', 'Staffed', 'Draft') and date_of_service < current_date - 1))`,
    );
    expect(wrong).toEqual([]);
  });

  it("links the demo clinician's login to a credentialed RN with assignments", async () => {
    const [row] = await sql<{ credential_state: number; provider_type_id: number; visits: number }>(
      `select p.credential_state, p.provider_type_id,
              (select count(*)::int from visits v where v.provider_id = p.id) as visits
       from providers p join users u on u.id = p.user_id where u.email_id = 'clinician@carelane.local'`,
    );
    expect(row).toMatchObject({ credential_state: 3, provider_type_id: 1 });
    expect(row!.visits).toBeGreaterThan(0);
    const states = await sql<{ credential_state: number }>(`select distinct credential_state from providers`);
    expect(states.map((s) => s.credential_state)).toEqual(expect.arrayContaining([1, 3, 5]));
  });

  it('gives the coordinator a request with Active visits soon and credentialed RNs within 5 miles', async () => {
    const [showcase] = await sql<{ id: number; latitude: number; longitude: number }>(
      `select e.id, p.latitude, p.longitude from episodes e
         join patients p on p.id = e.patient_id
         join users u on u.id = e.care_coordinator_id and u.email_id = 'coordinator@carelane.local'
       where e.title = 'Post-surgical wound care after knee replacement'`,
    );
    expect(showcase).toBeDefined();
    const active = await sql(
      `select id from visits where episode_id = $1 and status = 'Active'
         and date_of_service between current_date and current_date + 7`,
      [showcase!.id],
    );
    expect(active.length).toBeGreaterThanOrEqual(3);
    const nearby = await sql<{ n: number }>(
      `select count(*)::int as n from providers where provider_type_id = 1 and credential_state = 3
         and provider_status_id = 3
         and abs(preferred_latitude - $1) < 0.07 and abs(preferred_longitude - $2) < 0.08`,
      [showcase!.latitude, showcase!.longitude],
    );
    expect(nearby[0]!.n).toBeGreaterThanOrEqual(4);
  });
});

describe('seeding the demo', () => {
  it('happens only once', async () => {
    const server = await startTestServer('pglite', { seedDemoData: false });
    try {
      const argon2 = { memoryCost: 1024, timeCost: 1, parallelism: 1 };
      expect(await seedDemoData(server.services.db, argon2)).toBe(true);
      expect(await seedDemoData(server.services.db, argon2)).toBe(false);
      const [{ n }] = (await server.sql<{ n: number }>('select count(*)::int as n from episodes')) as [
        { n: number },
      ];
      expect(n).toBe(26);
    } finally {
      await server.close();
    }
  });
});
