// The header's global search (issue 27) on both databases: staff find patients by last name, phone and birthday,
// clinicians, organizations and invoices; an organization user only their organization's patients and no
// clinicians; a clinician only their own visits' patients; a short q is named; the patients found are recorded as
// a read in the access log.
import type { ApiError, GlobalSearchResponse, SearchHit } from '@carelane/shared-domain';
import { describeEachDatabase, type TestServer } from '../../../test/harness';

type Answer = GlobalSearchResponse & Partial<ApiError>;
type PatientRow = {
  id: number;
  last_name: string;
  phone: string;
  birthday: string;
  referral_source_id: number;
};

const ids = (hits: SearchHit[]) => hits.map((h) => h.id);

describeEachDatabase('admin: global search', (server) => {
  const s = (): TestServer => server();
  let admin = '';
  let orgUser = '';
  let clinician = '';
  let orgA = 0;

  const search = async (q: string, token = admin, limit = 10) => {
    const answer = await s().request<Answer>(
      'GET',
      `/api/admin/search?q=${encodeURIComponent(q)}&limit=${limit}`,
      { token },
    );
    if (answer.status !== 200) throw new Error(`${q}: ${JSON.stringify(answer.body)}`);
    return answer.body.groups;
  };
  /** A demo patient whose last name, phone and birthday are the rarest, of the organization asked for (or any). */
  const patientOf = async (where: string, params: unknown[] = []) => {
    const [row] = await s().sql<PatientRow>(
      `select p.id, p.last_name, p.phone_number1 as phone, to_char(p.birthday, 'YYYY-MM-DD') as birthday,
              p.referral_source_id
         from patients p
        where p.phone_number1 is not null and p.birthday is not null and ${where}
        order by (select count(*) from patients o where lower(o.last_name) = lower(p.last_name))
               + (select count(*) from patients o where o.birthday = p.birthday), p.id
        limit 1`,
      params,
    );
    return row!;
  };

  beforeAll(async () => {
    [admin, orgUser, clinician] = await s().loginAs('admin', 'orgUser', 'clinician');
    const [me] = await s().sql<{ referral_source_id: number }>(
      `select referral_source_id from users where email_id = 'orguser@carelane.local'`,
    );
    orgA = me!.referral_source_id;
  });

  it('finds a patient by last name, phone and birthday for staff, with the page that opens it', async () => {
    const patient = await patientOf('true');
    const byName = await search(patient.last_name);
    expect(ids(byName.patients)).toContain(patient.id);
    expect(byName.patients.find((h) => h.id === patient.id)?.path).toBe(`/patient?id=${patient.id}`);
    expect(ids((await search(patient.phone)).patients)).toContain(patient.id);
    const [year, month, day] = patient.birthday.split('-');
    const us = `${Number(month)}/${Number(day)}/${year}`;
    expect(ids((await search(us)).patients)).toContain(patient.id);
    expect(ids((await search(patient.birthday)).patients)).toContain(patient.id);
  });

  it('finds clinicians, organizations, service requests and invoices for staff, best match first', async () => {
    const [provider] = await s().sql<{ id: number; given_name: string; family_name: string }>(
      'select id, given_name, family_name from providers order by id limit 1',
    );
    const clinicians = (await search(`${provider!.given_name} ${provider!.family_name}`)).clinicians;
    expect(clinicians[0]).toMatchObject({ id: provider!.id, path: `/provider?providerId=${provider!.id}` });

    const [org] = await s().sql<{ id: number; name: string }>(
      'select id, name from referral_sources where id = $1',
      [orgA],
    );
    const organizations = (await search(org!.name.slice(0, 8))).organizations;
    expect(ids(organizations)).toContain(org!.id);
    expect((await search(org!.name)).organizations[0]).toMatchObject({
      id: org!.id,
      title: org!.name,
      path: `/referralSource?id=${org!.id}`,
    });

    const [episode] = await s().sql<{ id: number; title: string }>(
      `select id, title from episodes where status <> 'Deleted' order by id limit 1`,
    );
    expect(ids((await search(episode!.title)).serviceRequests)).toContain(episode!.id);

    const [invoice] = await s().sql<{ id: number; number: number }>(
      'select id, number from invoices order by number desc limit 1',
    );
    const invoices = (await search(`#${invoice!.number}`)).invoices; // the demo numbers are short
    expect(invoices[0]).toMatchObject({
      id: invoice!.id,
      title: `Invoice ${invoice!.number}`,
      path: `/invoices?invoiceId=${invoice!.id}`,
    });
  });

  it('keeps an organization user to their organization, without clinicians', async () => {
    const own = await patientOf('p.referral_source_id = $1', [orgA]);
    const other = await patientOf(
      `p.referral_source_id = (select id from referral_sources where name ilike 'Lakeside%' order by id limit 1)`,
    );
    expect(other.referral_source_id).not.toBe(orgA);
    expect(ids((await search(own.last_name, orgUser)).patients)).toContain(own.id);
    const groups = await search(other.last_name, orgUser);
    expect(ids(groups.patients)).not.toContain(other.id);
    expect(ids((await search(other.phone, orgUser)).patients)).not.toContain(other.id);
    expect(ids((await search(other.last_name)).patients)).toContain(other.id); // staff do find them

    const [provider] = await s().sql<{ given_name: string; family_name: string }>(
      'select given_name, family_name from providers order by id limit 1',
    );
    expect((await search(provider!.family_name, orgUser)).clinicians).toEqual([]);
    expect((await search('Lakeside', orgUser)).organizations.filter((o) => o.id !== orgA)).toEqual([]);
    expect((await search('Lakeside')).organizations.length).toBeGreaterThan(0);
  });

  it("keeps a clinician to their own visits' patients", async () => {
    const mine = await s().sql<{ id: number; last_name: string }>(
      `select distinct p.id, p.last_name from visits v
         join providers pr on pr.id = v.provider_id
         join users u on u.id = pr.user_id
         join patients p on p.id = v.patient_id
        where u.email_id = 'clinician@carelane.local' and v.status <> 'Deleted'
        order by p.id`,
    );
    expect(mine.length).toBeGreaterThan(0);
    const own = mine[0]!;
    const found = (await search(own.last_name, clinician)).patients.find((hit) => hit.id === own.id);
    // A clinician has no patient detail page: the hit opens the patient's notes.
    expect(found?.path).toBe(`/notes?patientId=${own.id}`);
    const other = await patientOf(`p.id not in (${mine.map((m) => m.id).join(',')})`);
    const groups = await search(other.last_name, clinician);
    expect(ids(groups.patients)).not.toContain(other.id);
    expect(groups.patients.every((h) => mine.some((m) => m.id === h.id))).toBe(true);
    expect(groups.clinicians).toEqual([]);
    expect(groups.organizations).toEqual([]);
    expect(groups.invoices).toEqual([]);
  });

  it('names q when it is under 2 characters', async () => {
    const answer = await s().request<ApiError>('GET', '/api/admin/search?q=a', { token: admin });
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).toContain('q');
    expect(
      (await s().request<ApiError>('GET', '/api/admin/search?q=jo&limit=11', { token: admin })).status,
    ).toBe(400);
  });

  it('records the patients found as a read in the access log', async () => {
    const patient = await patientOf('true');
    const groups = await search(patient.last_name);
    expect(groups.patients.length).toBeGreaterThan(0);
    await s().services.accessLog.flush();
    const [entry] = await s().sql<{ entity: string; patient_ids: number[]; outcome: string }>(
      `select entity, patient_ids, outcome from audit_log where action = 'READ' and user_email = $1
        order by id desc limit 1`,
      ['admin@carelane.local'],
    );
    expect(entry).toMatchObject({ entity: 'search', outcome: 'ALLOWED' });
    expect(entry!.patient_ids).toEqual(expect.arrayContaining(ids(groups.patients)));
  });
});
