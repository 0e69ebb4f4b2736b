// Paying clinicians through the API on both databases: bank accounts (check digit, digits only, sealed, masked,
// whose), pay Ready For Export by the rate engine, fines contested and removed, adjustments, and the NACHA export:
// validated, one credit per clinician (pay + adjustments − fines), never twice (also when two race), and nothing
// written when the transaction fails between the file and the payments.
import { validateNachaFile, type NachaFile, type ProviderPaymentList } from '@carelane/shared-domain';
import { describeEachDatabase, type TestServer } from '../../../test/harness';

const BACK_OFFICE = 'backoffice@carelane.local';

describeEachDatabase('billing: paying clinicians', (server) => {
  let billing = '';
  let coordinator = '';
  let clinician = '';
  let ownId = 0;
  let otherId = 0;
  /** Approved visits of the demo clinician, not yet paid. */
  let ownVisits: number[] = [];
  const s = (): TestServer => server();

  beforeAll(async () => {
    billing = await s().login(BACK_OFFICE);
    [coordinator, clinician] = await s().loginAs('coordinator', 'clinician');
    const [own] = await s().sql<{ id: number }>(
      `select p.id from providers p join users u on u.id = p.user_id where u.email_id = 'clinician@carelane.local'`,
    );
    ownId = own!.id;
    const [other] = await s().sql<{ id: number }>(
      `select id from providers where id <> $1 order by id limit 1`,
      [ownId],
    );
    otherId = other!.id;
    // Two approved visits of the demo clinician, priced by a known card and rate.
    const visits = await s().sql<{ id: number; rs: number; pt: number; vt: number }>(
      `select id, referral_source_id as rs, provider_type_id as pt, visit_type_id as vt from visits
        where provider_id = $1 and status in ('NotesApproved', 'ApprovalDue', 'FinalReview', 'FinalConfirmed')
          and not exists (select 1 from invoice_lines l where l.visit_id = visits.id)
          and not exists (select 1 from provider_pay p where p.visit_id = visits.id)
        order by id limit 2`,
      [ownId],
    );
    if (visits.length < 2) {
      const more = await s().sql<{ id: number; rs: number; pt: number; vt: number }>(
        `update visits set provider_id = $1, status = 'NotesApproved'
          where id in (select id from visits v where status in ('NotesApproved', 'FinalConfirmed') and provider_id <> $1
                         and not exists (select 1 from invoice_lines l where l.visit_id = v.id)
                         and not exists (select 1 from provider_pay p where p.visit_id = v.id)
                       order by id limit $2)
          returning id, referral_source_id as rs, provider_type_id as pt, visit_type_id as vt`,
        [ownId, 2 - visits.length],
      );
      visits.push(...more);
    }
    ownVisits = visits.map((v) => v.id);
    for (const v of visits) {
      await s().sql(
        `update visits set time_in = null, time_out = null, duration = 60, is_hourly = false, rate_override = false,
           bonus = null, late_cancellation = false, date_of_service = current_date - 3 where id = $1`,
        [v.id],
      );
      await s().sql(
        `insert into referral_source_rates (referral_source_id, provider_type_id, visit_type_id, payment_type, amount, unit)
         values ($1, $2, $3, 'FlatRate', 150, '$/Visit')
         on conflict (referral_source_id, provider_type_id, visit_type_id)
         do update set payment_type = 'FlatRate', amount = 150, unit = '$/Visit', special_rate = null,
           incremental_rate = null, service_tax_percentage = null, duration_limit = null`,
        [v.rs, v.pt, v.vt],
      );
      await s().sql(
        `insert into provider_rates (provider_id, visit_type_id, amount) values ($1, $2, 80)
         on conflict (provider_id, visit_type_id) do update set amount = 80, special_rate = null, incremental_rate = null`,
        [ownId, v.vt],
      );
    }
  });

  const bank = (providerId: number, body: unknown, token = billing) =>
    s().request('PUT', `/api/operation/providers/${providerId}/bankAccount`, { token, body });
  const pay = (query: string, token = billing) =>
    s().request<ProviderPaymentList>('GET', `/api/operation/providerPayments${query}`, { token });
  const exportFile = (body: unknown, token = billing) =>
    s().request('POST', '/api/operation/nachaFiles', { token, body });

  it('checks a bank account (routing check digit, digits only), seals it and answers it masked, to whom it may', async () => {
    const badRouting = await bank(ownId, {
      routingNumber: '021000022',
      accountNumber: '123456789',
      accountType: 'checking',
    });
    expect(badRouting.status).toBe(400);
    expect(badRouting.body.errors[0]).toMatchObject({ field: 'routingNumber' });
    expect(badRouting.body.errors[0].message).toContain('check digit');
    const letters = await bank(ownId, {
      routingNumber: '021000021',
      accountNumber: '12AB5678',
      accountType: 'checking',
    });
    expect(letters.status).toBe(400);
    expect(letters.body.errors[0]).toMatchObject({ field: 'accountNumber' });

    const saved = await bank(
      ownId,
      { routingNumber: '021000021', accountNumber: '000123456789', accountType: 'checking' },
      clinician,
    );
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      message: 'Bank account saved.',
      bankAccount: { providerId: ownId, routingNumber: '021000021', accountMasked: '****6789' },
    });
    const [stored] = await s().sql<{ account_sealed: string }>(
      `select account_sealed from provider_bank_accounts where provider_id = $1`,
      [ownId],
    );
    expect(stored!.account_sealed).not.toContain('123456789');
    expect(
      JSON.stringify(await s().sql(`select diff from audit_log where entity = 'providerBankAccount'`)),
    ).not.toContain('123456789');
    // A clinician reads only their own; other staff roles not at all.
    expect(
      (await s().request('GET', `/api/operation/providers/${otherId}/bankAccount`, { token: clinician }))
        .status,
    ).toBe(403);
    expect(
      (await s().request('GET', `/api/operation/providers/${ownId}/bankAccount`, { token: coordinator }))
        .status,
    ).toBe(403);
    const read = await s().request('GET', `/api/operation/providers/${ownId}/bankAccount`, {
      token: billing,
    });
    expect(read.body.bankAccount).toMatchObject({ accountMasked: '****6789', accountType: 'checking' });
  });

  it('lists the pay of approved visits Ready For Export by the rate engine, a clinician only their own', async () => {
    const res = await pay(`?providerId=${ownId}&pageSize=100`);
    expect(res.status).toBe(200);
    const mine = res.body.rows.filter((r) => ownVisits.includes(r.visitId));
    expect(mine).toHaveLength(2);
    for (const row of mine)
      expect(row).toMatchObject({
        status: 'ReadyForExport',
        amountCents: 8_000,
        problem: null,
        hasBankAccount: true,
      });
    expect(mine[0]!.breakdown.join(' ')).toContain('$80.00');
    const own = await pay('?pageSize=100', clinician);
    expect(own.status).toBe(200);
    expect(own.body.rows.every((r) => r.providerId === ownId)).toBe(true);
    expect((await pay('', coordinator)).status).toBe(403);
  });

  it("records the patients of the clinician's pay list in the audit log", async () => {
    await s().services.accessLog.flush();
    const [{ id: after }] = (await s().sql<{ id: number }>(
      'select coalesce(max(id), 0)::int as id from audit_log',
    )) as [{ id: number }];
    const patients = (
      await s().sql<{ patient_id: number }>(
        'select distinct patient_id from visits where id in ($1, $2) and patient_id is not null',
        ownVisits,
      )
    ).map((row) => row.patient_id);
    expect((await pay('?pageSize=100', clinician)).status).toBe(200);
    await s().services.accessLog.flush();
    const [read] = await s().sql<{ patient_ids: number[]; outcome: string }>(
      `select patient_ids, outcome from audit_log
        where action = 'READ' and entity = 'payList' and user_email = 'clinician@carelane.local' and id > $1`,
      [after],
    );
    expect(read?.outcome).toBe('ALLOWED');
    expect(read!.patient_ids.map(Number)).toEqual(expect.arrayContaining(patients));
  });

  it("lists the clinician's visits a fine may be for, newest first, and fines one; another's visit is refused naming visitId", async () => {
    const listed = await s().request('GET', `/api/operation/fines/visits?providerId=${ownId}`, {
      token: billing,
    });
    expect(listed.status).toBe(200);
    const rows = listed.body.rows as { visitId: number; dateOfService: string; status: string }[];
    expect(rows.map((r) => r.visitId)).toEqual(expect.arrayContaining(ownVisits));
    const dates = rows.map((r) => r.dateOfService);
    expect(dates).toEqual([...dates].sort().reverse());
    const [held] = await s().sql<{ n: number }>(
      `select count(*)::int as n from visits where provider_id = $1 and status not in ('Draft', 'Active', 'Expired', 'Staffed', 'Deleted')`,
      [ownId],
    );
    expect(rows).toHaveLength(Math.min(held!.n, 200));
    expect(rows.every((r) => !['Draft', 'Active', 'Expired', 'Staffed', 'Deleted'].includes(r.status))).toBe(
      true,
    );
    expect(
      (await s().request('GET', `/api/operation/fines/visits?providerId=${ownId}`, { token: clinician }))
        .status,
    ).toBe(403);
    expect((await s().request('GET', '/api/operation/fines/visits', { token: billing })).status).toBe(400);

    const [foreign] = await s().sql<{ id: number }>(
      `select id from visits where provider_id is distinct from $1 order by id limit 1`,
      [ownId],
    );
    const fine = (visitId: number) =>
      s().request('POST', '/api/operation/fines', {
        token: billing,
        body: { providerId: ownId, visitId, kind: 'MissedVisit', amountCents: 1_000, reason: 'Missed' },
      });
    const refused = await fine(foreign!.id);
    expect([refused.status, refused.body.errors?.[0]]).toEqual([
      400,
      { field: 'visitId', message: 'is not a visit of this clinician that can be fined' },
    ]);
    const fined = await fine(ownVisits[0]!);
    expect(fined.body.fine).toMatchObject({ visitId: ownVisits[0], status: 'Active' });
    const removed = await s().request('POST', `/api/operation/fines/${fined.body.fine.id}/remove`, {
      token: billing,
      body: { note: 'Test fine' },
    });
    expect(removed.status).toBe(200);
  });

  it('lets the clinician contest a fine and staff remove it; a removed or contested fine is not deducted', async () => {
    const add = (amountCents: number, reason: string) =>
      s().request('POST', '/api/operation/fines', {
        token: billing,
        body: { providerId: ownId, kind: 'LateNotes', amountCents, reason },
      });
    const contested = await add(2_500, 'Notes 3 days late');
    expect(contested.status).toBe(200);
    const fineId = contested.body.fine.id;
    expect((await add(0, 'zero')).status).toBe(400);
    expect((await s().request('POST', '/api/operation/fines', { token: clinician, body: {} })).status).toBe(
      403,
    );

    const contest = await s().request('POST', `/api/operation/fines/${fineId}/contest`, {
      token: clinician,
      body: { note: 'The patient cancelled; I wrote the notes the same day.' },
    });
    expect(contest.status).toBe(200);
    expect(contest.body).toMatchObject({ message: 'Fine contested.', fine: { status: 'Contested' } });
    expect(
      (
        await s().request('POST', `/api/operation/fines/${fineId}/remove`, {
          token: clinician,
          body: { note: 'x' },
        })
      ).status,
    ).toBe(403);
    const removed = await s().request('POST', `/api/operation/fines/${fineId}/remove`, {
      token: billing,
      body: { note: 'Confirmed with the patient' },
    });
    expect(removed.body).toMatchObject({
      message: 'Fine removed.',
      fine: { status: 'Removed', removedNote: 'Confirmed with the patient' },
    });
    // An Active one, deducted by the export below.
    expect((await add(1_000, 'Missed documentation')).status).toBe(200);
  });

  it('refuses an empty selection, an unapproved visit, a clinician without a bank account, writing nothing', async () => {
    const files = async () =>
      (await s().sql<{ n: number }>(`select count(*)::int as n from nacha_files`))[0]!.n;
    const before = await files();
    const empty = await exportFile({ visitIds: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.errors[0]).toMatchObject({
      field: 'visitIds',
      message: 'choose at least one payment to export',
    });
    const [due] = await s().sql<{ id: number }>(
      `select id from visits where status = 'NotesDue' and provider_id is not null limit 1`,
    );
    const unapproved = await exportFile({ visitIds: [due!.id] });
    expect(unapproved.status).toBe(400);
    expect(unapproved.body.errors[0]).toMatchObject({ field: 'visitIds.0' });
    const [noAccount] = await s().sql<{ id: number }>(
      `select v.id from visits v where v.status in ('NotesApproved', 'FinalConfirmed') and v.provider_id is not null
         and v.provider_id <> $1 and not exists (select 1 from provider_bank_accounts b where b.provider_id = v.provider_id)
       limit 1`,
      [ownId],
    );
    if (noAccount) {
      const res = await exportFile({ visitIds: [noAccount.id] });
      expect(res.status).toBe(400);
      expect(res.body.errors[0].message).toContain('has no bank account');
    }
    expect((await exportFile({ visitIds: ownVisits }, coordinator)).status).toBe(403);
    expect(await files()).toBe(before);
  });

  it('writes neither the file nor the payments when the transaction fails between them', async () => {
    const counts = () =>
      s().sql<{ files: number; pay: number; fines: number }>(
        `select (select count(*)::int from nacha_files) as files, (select count(*)::int from provider_pay) as pay,
                (select count(*)::int from fines where nacha_file_id is not null) as fines`,
      );
    const before = await counts();
    await s().ownerSql(`create or replace function carelane_test_fail() returns trigger language plpgsql as $$
      begin raise exception 'disk full (test)'; end $$`);
    await s().ownerSql(
      `create trigger carelane_test_fail before insert on provider_pay for each statement execute function carelane_test_fail()`,
    );
    try {
      const res = await exportFile({ visitIds: ownVisits });
      expect(res.status).toBe(500);
    } finally {
      await s().ownerSql(`drop trigger carelane_test_fail on provider_pay`);
    }
    expect(await counts()).toEqual(before);
    expect(await s().sql(`select id from provider_pay where visit_id in ($1, $2)`, ownVisits)).toEqual([]);
  });

  it('releases a valid NACHA file paying each clinician once (pay − fines + adjustments), and never again', async () => {
    const adjustment = await s().request('POST', '/api/operation/adjustments', {
      token: billing,
      body: { kind: 'payable', providerId: ownId, amountCents: 1_500, reason: 'Mileage' },
    });
    expect(adjustment.status).toBe(200);
    const applied = await s().request(
      'POST',
      `/api/operation/adjustments/${adjustment.body.adjustment.id}/apply`,
      {
        token: billing,
      },
    );
    expect(applied.body.message).toBe('Adjustment applied.');

    const [a, b] = await Promise.all([
      exportFile({ visitIds: ownVisits, effectiveDate: '2030-01-02' }),
      exportFile({ visitIds: ownVisits, effectiveDate: '2030-01-02' }),
    ]);
    expect([[a.status, b.status].sort(), a.body, b.body]).toEqual([
      [200, 409],
      expect.anything(),
      expect.anything(),
    ]);
    const released = (a.status === 200 ? a : b).body as { message: string; file: NachaFile };
    // 2 × $80.00 + $15.00 adjustment − $10.00 active fine (the removed $25.00 one is not taken).
    expect(released.file).toMatchObject({
      entryCount: 1,
      totalCreditCents: 16_500,
      effectiveDate: '2030-01-02',
    });
    expect(released.message).toBe('NACHA file released: 2 payments exported.');

    const text = await fetch(`${s().url}/api/operation/nachaFiles/${released.file.id}`, {
      headers: { authorization: `Bearer ${billing}` },
    });
    expect(text.status).toBe(200);
    const body = await text.text();
    const check = validateNachaFile(body);
    expect(check).toMatchObject({ ok: true, summary: { entryCount: 1, totalCreditCents: 16_500 } });
    expect(body.split('\n')[2]).toContain('000123456789');

    const list = await s().request('GET', '/api/operation/nachaFiles', { token: billing });
    expect(list.body.rows[0]).toMatchObject({ id: released.file.id });
    const exported = await pay(`?providerId=${ownId}&status=Exported&pageSize=100`);
    expect(exported.body.rows.filter((r) => ownVisits.includes(r.visitId))).toEqual([
      expect.objectContaining({ status: 'Exported', nachaFileId: released.file.id, amountCents: 8_000 }),
      expect.objectContaining({ status: 'Exported', nachaFileId: released.file.id, amountCents: 8_000 }),
    ]);
    const again = await exportFile({ visitIds: [ownVisits[0]] });
    expect(again.status).toBe(409);
    expect((await s().request('GET', '/api/operation/nachaFiles', { token: clinician })).status).toBe(403);
  });

  it('keeps a released file sealed, serves it to pay staff only and records every download and refused attempt', async () => {
    const [file] = await s().sql<{ id: number; content: string | null; content_sealed: string }>(
      `select id, content, content_sealed from nacha_files order by id desc limit 1`,
    );
    // Sealed at rest: the account numbers the file pays are not in the database in clear.
    expect(file!.content).toBeNull();
    expect(file!.content_sealed).not.toContain('000123456789');
    expect(file!.content_sealed).not.toMatch(/^101 /);

    const [orgUser] = await s().loginAs('orgUser');
    const [{ id: after }] = (await s().sql<{ id: number }>(
      'select coalesce(max(id), 0)::int as id from audit_log',
    )) as [{ id: number }];
    const download = (id: number, token: string) =>
      fetch(`${s().url}/api/operation/nachaFiles/${id}`, { headers: { authorization: `Bearer ${token}` } });
    const allowed = await download(file!.id, billing);
    expect(allowed.status).toBe(200);
    expect((await allowed.text()).split('\n')[2]).toContain('000123456789');
    for (const token of [clinician, coordinator, orgUser])
      expect((await download(file!.id, token)).status).toBe(403);
    expect((await download(999_999, billing)).status).toBe(404);

    // Written with the answer (not batched like reads of patient data): no flush needed.
    const entries = await s().sql<{
      entity_id: string;
      user_email: string;
      outcome: string;
      patient_ids: null;
    }>(
      `select entity_id, user_email, outcome, patient_ids from audit_log
        where entity = 'NACHA file' and action = 'READ' and id > $1 order by id`,
      [after],
    );
    expect(entries.map((e) => [e.entity_id, e.user_email, e.outcome, e.patient_ids])).toEqual([
      [String(file!.id), BACK_OFFICE, 'ALLOWED', null],
      [String(file!.id), 'clinician@carelane.local', 'REFUSED', null],
      [String(file!.id), 'coordinator@carelane.local', 'REFUSED', null],
      [String(file!.id), 'orguser@carelane.local', 'REFUSED', null],
      ['999999', BACK_OFFICE, 'REFUSED', null],
    ]);
  });
});
