// The intake assistant's Create and reply through the API on both databases (issue 28, decision 069): the
// patient, the Draft service request and its visits made in one transaction with the email on the patient's
// timeline; Create pressed twice makes one request; a draft edited into invalid values or an unknown rate card
// leaves nothing half-made; the drafted reply lists the visits and leaves an Expired one out; sent via the outbox.
import { describeEachDatabase, type TestServer } from '../../../test/harness';

const CREATE = '/api/admin/assistant/create';
const reply = (id: number) => `/api/admin/assistant/requests/${id}/reply`;

describeEachDatabase('the intake assistant’s Create and reply', (server) => {
  const s = (): TestServer => server();
  let coordinator = '';
  let orgUser = '';
  let card: {
    referral_source_id: number;
    provider_type_id: number;
    visit_type_id: number;
    other_provider_type_id: number;
  };
  beforeAll(async () => {
    [coordinator, orgUser] = await s().loginAs('coordinator', 'orgUser');
    card = (
      await s().sql<typeof card>(
        `select c.referral_source_id, c.provider_type_id, c.visit_type_id,
          (select p.id from provider_types p where p.id <> all(v.provider_type_ids) order by p.id limit 1)
            as other_provider_type_id
        from referral_source_rates c join visit_types v on v.id = c.visit_type_id and v.active
        where c.provider_type_id = any(v.provider_type_ids) and cardinality(v.provider_type_ids) < 5
        order by c.referral_source_id, c.provider_type_id, c.visit_type_id limit 1`,
      )
    )[0]!;
  });
  const stamp = Date.now().toString(36);
  const email = (tag: string) =>
    `From: Dana Reyes <dana.reyes@hillcountry.example>\nSubject: New SOC ${tag}\n\n` +
    `New SOC for Mary Jones${tag}, DOB 3/4/1941, 12 Elm St, Austin TX 78701, 512-555-0199, RN eval 12/2.`;
  const body = (tag: string, extra: Record<string, unknown> = {}) => ({
    text: email(tag),
    referralSourceId: card.referral_source_id,
    patient: {
      firstName: 'Mary',
      lastName: `Jones${tag}`,
      birthday: '1941-03-04',
      phoneNumber1: '5125550199',
    },
    serviceRequest: { title: `SOC Mary Jones${tag}`, startDate: '2030-12-02' },
    visits: [
      {
        providerTypeId: card.provider_type_id,
        visitTypeId: card.visit_type_id,
        startTime: '09:00',
        dates: ['2030-12-02', '2030-12-04', '2030-12-06'],
      },
    ],
    ...extra,
  });
  const create = (input: unknown, token = coordinator) => s().request('POST', CREATE, { token, body: input });
  const count = async (table: string, where: string, params: unknown[]) =>
    (await s().sql<{ n: number }>(`select count(*)::int as n from ${table} where ${where}`, params))[0]!.n;

  it('makes the patient, the request and its visits, links the email, and creates once when pressed twice', async () => {
    const input = body(`a${stamp}`);
    const [first, second] = await Promise.all([create(input), create(input)]);
    expect([first.status, second.status]).toEqual([200, 200]);
    const made = [first.body, second.body].find((answer) => answer.created);
    const again = [first.body, second.body].find((answer) => !answer.created);
    expect(made).toBeDefined();
    expect(again).toEqual({ ...made, created: false });
    expect(made.visitIds).toHaveLength(3);
    // The second press left nothing of its own: one patient, one request.
    expect(await count('patients', 'last_name = $1', [`Jonesa${stamp}`])).toBe(1);
    const [patient] = await s().sql(
      `select first_name, last_name, to_char(birthday, 'YYYY-MM-DD') as birthday, phone_number1, referral_source_id
        from patients where id = $1`,
      [made.patientId],
    );
    expect(patient).toEqual({
      first_name: 'Mary',
      last_name: `Jonesa${stamp}`,
      birthday: '1941-03-04',
      phone_number1: '5125550199',
      referral_source_id: card.referral_source_id,
    });
    expect(await count('episodes', 'patient_id = $1', [made.patientId])).toBe(1);
    const visits = await s().sql<{ date_of_service: string; status: string }>(
      `select to_char(date_of_service, 'YYYY-MM-DD') as date_of_service, status from visits where episode_id = $1
        order by date_of_service`,
      [made.serviceRequestId],
    );
    expect(visits).toEqual(
      ['2030-12-02', '2030-12-04', '2030-12-06'].map((date) => ({ date_of_service: date, status: 'Draft' })),
    );
    const timeline = await s().request(
      'GET',
      `/api/messaging/timeline?subject=patient&id=${made.patientId}&kinds=email`,
      { token: coordinator },
    );
    expect(timeline.status).toBe(200);
    expect(timeline.body.rows.map((row: { title: string }) => row.title)).toEqual([
      `Email from dana.reyes@hillcountry.example: New SOC a${stamp}`,
    ]);
  });

  it('uses an existing patient, and names the field of a draft edited into invalid values', async () => {
    const first = await create(body(`b${stamp}`));
    expect(first.status).toBe(200);
    const reuse = await create(body(`c${stamp}`, { patient: undefined, patientId: first.body.patientId }));
    expect(reuse.status).toBe(200);
    expect(reuse.body.patientId).toBe(first.body.patientId);

    const invalid = await create(
      body(`d${stamp}`, { patient: { firstName: 'Mary', lastName: 'Jones', birthday: '2999-01-01' } }),
    );
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors[0].field).toBe('patient.birthday');
    const none = await create(body(`e${stamp}`, { patient: undefined }));
    expect(none.status).toBe(400);
    expect(none.body.errors).toEqual([{ field: 'patient', message: expect.stringContaining('is required') }]);
  });

  it('leaves nothing half-made when a later visit cannot be created', async () => {
    const input = body(`f${stamp}`);
    input.visits.push({ ...input.visits[0]!, providerTypeId: card.other_provider_type_id });
    const refused = await create(input);
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([
      { field: 'visits.1.providerTypeId', message: expect.stringMatching(/cannot do a .* visit$/) },
    ]);
    expect(await count('patients', 'last_name = $1', [`Jonesf${stamp}`])).toBe(0);
    expect(await count('episodes', 'title = $1', [`SOC Mary Jonesf${stamp}`])).toBe(0);
    expect(await count('inbound_messages', 'subject = $1', [`New SOC f${stamp}`])).toBe(0);
    // The same email, corrected, creates.
    expect((await create(body(`f${stamp}`))).status).toBe(200);
  });

  it('drafts the reply with the visits, leaving an Expired one out, and sends it through the outbox', async () => {
    const made = (await create(body(`g${stamp}`))).body;
    await s().sql(`update visits set status = 'Expired' where id = $1`, [made.visitIds[0]]);
    const draft = await s().request('GET', reply(made.serviceRequestId), { token: coordinator });
    expect(draft.status).toBe(200);
    expect(draft.body.recipient).toBe('dana.reyes@hillcountry.example');
    expect(draft.body.subject).toBe(`Re: New SOC g${stamp}`);
    expect(draft.body.body).toContain('with 2 visits:');
    expect(draft.body.body).not.toContain('12/2/2030');
    expect(draft.body.body).toMatch(/- 12\/4\/2030 9:00 AM–.*clinician to be assigned/);
    expect(draft.body.body).toContain('- 12/6/2030 9:00 AM');

    const bad = await s().request('POST', reply(made.serviceRequestId), {
      token: coordinator,
      body: { recipient: 'not an address', subject: 'Re', body: 'Hi' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].field).toBe('recipient');
    const edited = `${draft.body.body}\n\nP.S. edited g${stamp}`;
    const sent = await s().request('POST', reply(made.serviceRequestId), {
      token: coordinator,
      body: { ...draft.body, body: edited },
    });
    expect(sent.body).toEqual({ ok: true, message: 'Reply queued to send.' });
    const [queued] = await s().sql(`select "to", subject, body from outbox where body like $1`, [
      `%edited g${stamp}`,
    ]);
    expect(queued).toEqual({
      to: 'dana.reyes@hillcountry.example',
      subject: `Re: New SOC g${stamp}`,
      body: edited,
    });
  });

  it('queues an uploaded .eml once, reads it, and takes it out of the queue when it makes a request', async () => {
    const eml = [
      'From: Dana Reyes <Dana.Reyes@hillcountry.example>',
      'To: intake@carelane.example',
      `Subject: Referral q${stamp}`,
      'Date: Mon, 7 Dec 2026 09:12:00 -0600',
      `Message-ID: <q${stamp}@hillcountry.example>`,
      'Content-Type: text/html; charset=utf-8',
      '',
      `<p>New SOC for Mary Jonesq${stamp}, DOB 3/4/1941</p><p>RN eval 12/2 &amp; 2w4</p>`,
    ].join('\r\n');
    const upload = (body: unknown) =>
      s().request('POST', '/api/admin/assistant/queue/eml', { token: coordinator, body });
    const first = await upload({ eml });
    expect(first.status).toBe(200);
    expect((await upload({ eml })).body).toEqual(first.body);
    const queue = await s().request('GET', '/api/admin/assistant/queue?pageSize=100', { token: coordinator });
    const item = queue.body.rows.find((row: { id: number }) => row.id === first.body.id);
    expect(item).toMatchObject({
      fromAddress: 'dana.reyes@hillcountry.example',
      subject: `Referral q${stamp}`,
      preview: `New SOC for Mary Jonesq${stamp}, DOB 3/4/1941\nRN eval 12/2 & 2w4`,
    });
    const read = await s().request('GET', `/api/admin/assistant/queue/${first.body.id}`, {
      token: coordinator,
    });
    expect(read.body).toEqual({
      id: first.body.id,
      text: `From: dana.reyes@hillcountry.example\nSubject: Referral q${stamp}\n\nNew SOC for Mary Jonesq${stamp}, DOB 3/4/1941\nRN eval 12/2 & 2w4`,
      receivedAt: '2026-12-07',
    });
    const input = { ...body(`q${stamp}`), text: read.body.text, emailId: first.body.id };
    const [made, again] = await Promise.all([
      create(input),
      create({ ...input, text: `${read.body.text} ` }),
    ]);
    expect([made.status, again.status]).toEqual([200, 200]);
    expect([made.body.created, again.body.created].sort()).toEqual([false, true]);
    expect(await count('episodes', 'patient_id = $1', [made.body.patientId])).toBe(1);
    expect(await count('patients', 'last_name = $1', [`Jonesq${stamp}`])).toBe(1);
    const after = await s().request('GET', '/api/admin/assistant/queue?pageSize=100', { token: coordinator });
    expect(after.body.rows.map((row: { id: number }) => row.id)).not.toContain(first.body.id);
    const [email] = await s().sql(`select status, episode_id from inbound_messages where id = $1`, [
      first.body.id,
    ]);
    expect(email).toEqual({ status: 'Handled', episode_id: made.body.serviceRequestId });

    expect((await upload({ eml: 'not an email at all' })).body.errors).toEqual([
      {
        field: 'eml',
        message: 'This file names no sender (From:). Pick the .eml file of the request email.',
      },
    ]);
    expect((await upload({ eml: '' })).body.errors[0]).toEqual({
      field: 'eml',
      message: 'Pick an .eml file.',
    });
    expect((await create({ ...input, emailId: 999_999_999 })).body.errors).toEqual([
      { field: 'emailId', message: 'is not a received email' },
    ]);
  });

  it('is refused to organization users', async () => {
    expect((await create(body(`h${stamp}`), orgUser)).status).toBe(403);
    expect((await s().request('GET', reply(1), { token: orgUser })).status).toBe(403);
    expect((await s().request('GET', '/api/admin/assistant/queue', { token: orgUser })).status).toBe(403);
  });
});
