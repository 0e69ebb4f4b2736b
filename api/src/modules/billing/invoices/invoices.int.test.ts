// Billing through the API on both databases: unbilled visits priced by the rate engine (a worked example with
// the after-limit rate and the service tax), invoices per organization numbered without gaps and never billing
// a visit twice (also when two runs race), the PDF, the invoice list's defaults and scope, and payments
// recorded and applied (partial, over the balance, over what the payment holds, another organization's).
import type {
  CreateInvoicesResult,
  InvoiceDetail,
  InvoiceList,
  UnbilledVisitList,
} from '@carelane/shared-domain';
import { addIsoDays, localDateIn } from '@carelane/shared-domain';
import { describeEachDatabase, type TestServer } from '../../../test/harness';
import { organizationTimeZone } from '../../maps/service';

const BACK_OFFICE = 'backoffice@carelane.local';

describeEachDatabase('billing: unbilled visits, invoices and payments', (server) => {
  let billing = '';
  let coordinator = '';
  let clinician = '';
  let orgUser = '';
  let orgUserOrg = 0;
  /** The worked example's visit: 10 h checked in, hourly card with an 8 h limit, 10 % service tax. */
  let example: { visitId: number; referralSourceId: number; dateOfService: string };

  const s = (): TestServer => server();

  beforeAll(async () => {
    billing = await s().login(BACK_OFFICE);
    [coordinator, clinician, orgUser] = await s().loginAs('coordinator', 'clinician', 'orgUser');
    const [org] = await s().sql<{ referral_source_id: number }>(
      `select referral_source_id from users where email_id = 'orguser@carelane.local'`,
    );
    orgUserOrg = org!.referral_source_id;
    const [visit] = await s().sql<{
      id: number;
      referral_source_id: number;
      provider_type_id: number;
      visit_type_id: number;
      provider_id: number;
      date_of_service: string;
    }>(
      `select id, referral_source_id, provider_type_id, visit_type_id, provider_id, date_of_service::text
         from visits where status = 'NotesApproved' and provider_id is not null and referral_source_id = $1
         order by date_of_service, id limit 1`,
      [orgUserOrg],
    );
    example = {
      visitId: visit!.id,
      referralSourceId: visit!.referral_source_id,
      dateOfService: visit!.date_of_service,
    };
    await s().sql(
      `update visits set time_in = date_of_service + time '08:00', time_out = date_of_service + time '18:00',
         is_hourly = true, rate_override = false, bonus = null, referral_source_bonus = null, late_cancellation = false
       where id = $1`,
      [visit!.id],
    );
    await s().sql(
      `update referral_source_rates set payment_type = 'FlatRate', unit = '$/Hour', amount = 50, special_rate = null,
         incremental_rate = null, shift_break_time_in_mins = 30, duration_limit = 8, billing_increment = null,
         hourly_rate_after_limit = 70, service_tax_percentage = 10
       where referral_source_id = $1 and provider_type_id = $2 and visit_type_id = $3`,
      [visit!.referral_source_id, visit!.provider_type_id, visit!.visit_type_id],
    );
    await s().sql(
      `update provider_rates set amount = 30, special_rate = null, incremental_rate = null
       where provider_id = $1 and visit_type_id = $2`,
      [visit!.provider_id, visit!.visit_type_id],
    );
  });

  const unbilled = (query: string, token = billing) =>
    s().request<UnbilledVisitList>('GET', `/api/operation/unbilledVisits${query}`, { token });
  const createInvoices = (body: unknown, token = billing) =>
    s().request('POST', '/api/admin/createInvoice', { token, body });
  const period = () => ({ periodStart: example.dateOfService, periodEnd: example.dateOfService });

  it('lists approved, unbilled visits priced by the rate engine (after-limit rate, service tax on the clinician amount)', async () => {
    const res = await unbilled(
      `?referralSourceId=${example.referralSourceId}&startDate=${example.dateOfService}&endDate=${example.dateOfService}&pageSize=100`,
    );
    expect(res.status).toBe(200);
    const row = res.body.rows.find((r) => r.visitId === example.visitId);
    // 10 h less the 30 min break (over 5 h) = 9.5 h billed: 8 h × $50 + 1.5 h × $70 after the limit = $505.00;
    // the clinician earns 9.5 h × $30 = $285.00, and 10 % of that ($28.50) is billed as service tax.
    expect(row).toMatchObject({
      problem: null,
      unitsText: '9.5 h',
      amountCents: 50_500,
      serviceTaxCents: 2_850,
      lateCancellation: false,
    });
    for (const r of res.body.rows)
      expect(['NotesApproved', 'ApprovalDue', 'FinalReview', 'FinalConfirmed']).toContain(r.status);
  });

  it("follows a change of the organization's rate card made behind the server's back (the page is kept until then)", async () => {
    const query = `?referralSourceId=${example.referralSourceId}&startDate=${example.dateOfService}&endDate=${example.dateOfService}&pageSize=100`;
    const amountNow = async () =>
      (await unbilled(query)).body.rows.find((r) => r.visitId === example.visitId)?.amountCents;
    expect(await amountNow()).toBe(50_500);
    const setCard = (dollars: number) =>
      s().sql(
        `update referral_source_rates r set amount = $1 from visits v
          where v.id = $2 and r.referral_source_id = v.referral_source_id
            and r.provider_type_id = v.provider_type_id and r.visit_type_id = v.visit_type_id`,
        [dollars, example.visitId],
      );
    // PostgreSQL's notice reaches the server a moment after the commit; PGlite's at once.
    const eventually = async (cents: number) => {
      for (let i = 0; i < 50 && (await amountNow()) !== cents; i++)
        await new Promise((r) => setTimeout(r, 100));
      expect(await amountNow()).toBe(cents);
    };
    await setCard(60);
    // 8 h × $60 + 1.5 h × $70 after the limit.
    await eventually(58_500);
    await setCard(50);
    await eventually(50_500);
  });

  it('records the patients an unbilled page names in the audit log, and a refused attempt', async () => {
    await s().services.accessLog.flush();
    const [{ id: after }] = (await s().sql<{ id: number }>(
      'select coalesce(max(id), 0)::int as id from audit_log',
    )) as [{ id: number }];
    const [visit] = await s().sql<{ patient_id: number }>('select patient_id from visits where id = $1', [
      example.visitId,
    ]);
    expect(
      (
        await unbilled(
          `?referralSourceId=${example.referralSourceId}&startDate=${example.dateOfService}&endDate=${example.dateOfService}`,
        )
      ).status,
    ).toBe(200);
    expect((await unbilled('', coordinator)).status).toBe(403);
    await s().services.accessLog.flush();
    const reads = await s().sql<{ user_email: string; patient_ids: number[]; outcome: string }>(
      `select user_email, patient_ids, outcome from audit_log
        where action = 'READ' and entity = 'billingVisitList' and id > $1 order by id`,
      [after],
    );
    expect(reads).toEqual([
      expect.objectContaining({ user_email: BACK_OFFICE, outcome: 'ALLOWED' }),
      expect.objectContaining({ user_email: 'coordinator@carelane.local', outcome: 'REFUSED' }),
    ]);
    expect(reads[0]!.patient_ids.map(Number)).toContain(visit!.patient_id);
  });

  it('never lists or bills a visit whose notes are not approved', async () => {
    const [due] = await s().sql<{ id: number }>(`select id from visits where status = 'NotesDue' limit 1`);
    const res = await unbilled('?startDate=2000-01-01&pageSize=100');
    expect(res.body.rows.some((r) => r.visitId === due!.id)).toBe(false);
  });

  it('refuses unbilled visits and invoicing to anyone but billing staff', async () => {
    for (const token of [coordinator, clinician, orgUser]) {
      expect((await unbilled('', token)).status).toBe(403);
      expect((await createInvoices(period(), token)).status).toBe(403);
    }
  });

  it('refuses a period that ends before it starts, naming periodEnd', async () => {
    const res = await createInvoices({ periodStart: '2026-02-02', periodEnd: '2026-02-01' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: 'periodEnd', message: 'must not be before periodStart' }]);
  });

  it('creates one invoice for the organization, its total the sum of its lines, and bills each visit once', async () => {
    const [{ last }] = (await s().sql<{ last: number }>(
      `select last_value as last from billing_counters where name = 'invoice'`,
    )) as [{ last: number }];
    // Nothing to bill in a period without visits: refused, and the number is not used up.
    const empty = await createInvoices({ periodStart: '1990-01-01', periodEnd: '1990-01-07' });
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual([
      { field: 'periodEnd', message: 'No approved, unbilled visits match: nothing was invoiced.' },
    ]);

    const res = await createInvoices({ referralSourceIds: [example.referralSourceId], ...period() });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('1 invoice created.');
    const [invoice] = (res.body as CreateInvoicesResult).invoices;
    expect(invoice).toMatchObject({
      number: `INV-${String(last + 1).padStart(6, '0')}`,
      referralSourceId: example.referralSourceId,
      status: 'Created',
      paymentStatus: 'Unpaid',
      paidCents: 0,
    });
    const detail = await s().request<InvoiceDetail>('GET', `/api/operation/invoices/${invoice!.id}`, {
      token: billing,
    });
    expect(detail.status).toBe(200);
    const lines = detail.body.lines;
    expect(lines.some((l) => l.visitId === example.visitId && l.amountCents === 50_500)).toBe(true);
    const subtotal = lines.reduce((sum, l) => sum + l.amountCents, 0);
    const tax = lines.reduce((sum, l) => sum + l.serviceTaxCents, 0);
    expect(detail.body).toMatchObject({
      subtotalCents: subtotal,
      serviceTaxCents: tax,
      totalCents: subtotal + tax,
    });
    expect(detail.body.balanceCents).toBe(subtotal + tax);

    // Billed: no longer unbilled, and a second run finds nothing.
    const after = await unbilled(
      `?referralSourceId=${example.referralSourceId}&startDate=${example.dateOfService}&endDate=${example.dateOfService}`,
    );
    expect(after.body.rows.some((r) => r.visitId === example.visitId)).toBe(false);
    const again = await createInvoices({ referralSourceIds: [example.referralSourceId], ...period() });
    expect(again.status).toBe(400);
  });

  it('never bills a visit twice when two invoice runs race', async () => {
    const [visit] = await s().sql<{ date: string; rs: number }>(
      `select v.date_of_service::text as date, v.referral_source_id as rs from visits v
        where v.status in ('NotesApproved', 'ApprovalDue', 'FinalReview', 'FinalConfirmed')
          and not exists (select 1 from invoice_lines l where l.visit_id = v.id)
        order by v.date_of_service limit 1`,
    );
    const body = { referralSourceIds: [visit!.rs], periodStart: visit!.date, periodEnd: visit!.date };
    const [a, b] = await Promise.all([createInvoices(body), createInvoices(body)]);
    expect([a.status, b.status].sort()).toEqual([200, 400]);
    const [twice] = await s().sql<{ n: number }>(
      `select count(*)::int as n from (select visit_id from invoice_lines group by visit_id having count(*) > 1) t`,
    );
    expect(twice!.n).toBe(0);
    const [gaps] = await s().sql<{ n: number; max: number }>(
      `select count(*)::int as n, max(number) as max from invoices`,
    );
    expect(gaps!.n).toBe(gaps!.max);
  });

  it('answers the invoice PDF with its number, to billing staff and the organization only', async () => {
    const [invoice] = await s().sql<{ id: number; number: number; rs: number }>(
      `select id, number, referral_source_id as rs from invoices order by id limit 1`,
    );
    const res = await fetch(`${s().url}/api/fileserver/invoices/${invoice!.id}`, {
      headers: { authorization: `Bearer ${billing}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const text = Buffer.from(await res.arrayBuffer()).toString('latin1');
    expect(text.startsWith('%PDF-')).toBe(true);
    expect(text).toContain(`INV-${String(invoice!.number).padStart(6, '0')}`);
    const other = await fetch(`${s().url}/api/fileserver/invoices/${invoice!.id}`, {
      headers: { authorization: `Bearer ${coordinator}` },
    });
    expect(other.status).toBe(403);
  });

  it('records the patients an invoice and its PDF name in the audit log', async () => {
    const [invoice] = await s().sql<{ id: number }>(
      `select i.id from invoices i where exists (select 1 from invoice_lines l where l.invoice_id = i.id)
        order by i.id limit 1`,
    );
    const patients = (
      await s().sql<{ patient_id: number }>(
        `select distinct v.patient_id from invoice_lines l join visits v on v.id = l.visit_id
          where l.invoice_id = $1 and v.patient_id is not null order by 1`,
        [invoice!.id],
      )
    ).map((row) => row.patient_id);
    expect(patients.length).toBeGreaterThan(0);
    await s().services.accessLog.flush();
    const [{ id: after }] = (await s().sql<{ id: number }>(
      'select coalesce(max(id), 0)::int as id from audit_log',
    )) as [{ id: number }];
    expect(
      (await s().request('GET', `/api/operation/invoices/${invoice!.id}`, { token: billing })).status,
    ).toBe(200);
    const pdf = await fetch(`${s().url}/api/fileserver/invoices/${invoice!.id}`, {
      headers: { authorization: `Bearer ${billing}` },
    });
    expect(pdf.status).toBe(200);
    await s().services.accessLog.flush();
    const reads = await s().sql<{ entity: string; entity_id: string; patient_ids: number[] }>(
      `select entity, entity_id, patient_ids from audit_log where action = 'READ' and id > $1 and user_email = $2
        order by id`,
      [after, BACK_OFFICE],
    );
    expect(
      reads.map((r) => [r.entity, r.entity_id, r.patient_ids.map(Number).sort((a, b) => a - b)]),
    ).toEqual([
      ['invoiceDetail', String(invoice!.id), patients],
      ['invoiceFile', String(invoice!.id), patients],
    ]);
  });

  it("names the invoice's patients in the audit log when its detail or PDF is refused", async () => {
    const [invoice] = await s().sql<{ id: number; rs: number }>(
      `select i.id, i.referral_source_id as rs from invoices i
        where exists (select 1 from invoice_lines l where l.invoice_id = i.id)
          and i.referral_source_id <> $1
        order by i.id limit 1`,
      [orgUserOrg],
    );
    const patients = (
      await s().sql<{ patient_id: number }>(
        `select distinct v.patient_id from invoice_lines l join visits v on v.id = l.visit_id
          where l.invoice_id = $1 and v.patient_id is not null order by 1`,
        [invoice!.id],
      )
    ).map((row) => row.patient_id);
    expect(patients.length).toBeGreaterThan(0);
    await s().services.accessLog.flush();
    const [{ id: after }] = (await s().sql<{ id: number }>(
      'select coalesce(max(id), 0)::int as id from audit_log',
    )) as [{ id: number }];
    const pdf = (token: string) =>
      fetch(`${s().url}/api/fileserver/invoices/${invoice!.id}`, {
        headers: { authorization: `Bearer ${token}` },
      });
    // Another organization's user: as if it did not exist; a coordinator: no invoice page at all.
    expect(
      (await s().request('GET', `/api/operation/invoices/${invoice!.id}`, { token: orgUser })).status,
    ).toBe(404);
    expect((await pdf(orgUser)).status).toBe(404);
    expect(
      (await s().request('GET', `/api/operation/invoices/${invoice!.id}`, { token: coordinator })).status,
    ).toBe(403);
    expect((await pdf(coordinator)).status).toBe(403);
    await s().services.accessLog.flush();
    const reads = await s().sql<{
      user_email: string;
      entity: string;
      outcome: string;
      patient_ids: number[];
    }>(
      `select user_email, entity, outcome, patient_ids from audit_log where action = 'READ' and id > $1
          and entity_id = $2 order by id`,
      [after, String(invoice!.id)],
    );
    expect(
      reads.map((r) => [r.user_email, r.entity, r.outcome, r.patient_ids.map(Number).sort((a, b) => a - b)]),
    ).toEqual([
      ['orguser@carelane.local', 'invoiceDetail', 'REFUSED', patients],
      ['orguser@carelane.local', 'invoiceFile', 'REFUSED', patients],
      ['coordinator@carelane.local', 'invoiceDetail', 'REFUSED', patients],
      ['coordinator@carelane.local', 'invoiceFile', 'REFUSED', patients],
    ]);
  });

  it('lists invoices with the SPEC defaults (Unpaid, issued 180 days ago to today) and scopes organization users', async () => {
    const res = await s().request<InvoiceList>('GET', '/api/operation/invoices', { token: billing });
    expect(res.status).toBe(200);
    expect(res.body.rows.length).toBeGreaterThan(0);
    expect(res.body.rows.every((r) => r.paymentStatus === 'Unpaid')).toBe(true);
    const days = (Date.parse(res.body.endDate) - Date.parse(res.body.startDate)) / 86_400_000;
    expect(days).toBe(180);
    const own = await s().request<InvoiceList>('GET', '/api/operation/invoices?paymentStatus=ALL', {
      token: orgUser,
    });
    expect(own.status).toBe(200);
    expect(own.body.rows.length).toBeGreaterThan(0);
    expect(own.body.rows.every((r) => r.referralSourceId === orgUserOrg)).toBe(true);
    // Another organization's invoice is not found for them.
    const [foreign] = await s().sql<{ id: number }>(
      `select id from invoices where referral_source_id <> $1 limit 1`,
      [orgUserOrg],
    );
    if (foreign)
      expect(
        (await s().request('GET', `/api/operation/invoices/${foreign.id}`, { token: orgUser })).status,
      ).toBe(404);
    expect((await s().request('GET', '/api/operation/invoices', { token: coordinator })).status).toBe(403);
    // More than 365 days is cut to 365; end before start gives one day.
    const long = await s().request<InvoiceList>(
      'GET',
      '/api/operation/invoices?startDate=2024-01-01&endDate=2026-06-30',
      { token: billing },
    );
    expect(long.body).toMatchObject({ startDate: '2024-01-01', endDate: '2024-12-30' });
    const reversed = await s().request<InvoiceList>(
      'GET',
      '/api/operation/invoices?startDate=2026-03-10&endDate=2026-03-01',
      { token: billing },
    );
    expect(reversed.body).toMatchObject({ startDate: '2026-03-10', endDate: '2026-03-10' });
  });

  it('emails an invoice with its PDF through the outbox and marks it Sent; an organization without an address stops it', async () => {
    const [invoice] = await s().sql<{ id: number; number: number; rs: number }>(
      `select id, number, referral_source_id as rs from invoices order by id limit 1`,
    );
    const number = `INV-${String(invoice!.number).padStart(6, '0')}`;
    await s().sql(`update referral_sources set email = null where id = $1`, [invoice!.rs]);
    const refused = await s().request('POST', '/api/admin/emailInvoices', {
      token: billing,
      body: { invoiceIds: [invoice!.id] },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0]).toMatchObject({ field: 'invoiceIds.0' });
    expect(refused.body.errors[0].message).toContain(number);
    const queuedFor = () =>
      s().sql<{ to: string; subject: string; file_name: string; head: string }>(
        `select o."to", o.subject, a.file_name, encode(substring(a.content from 1 for 5), 'escape') as head
           from outbox o join outbox_attachments a on a.outbox_id = o.id where o.subject like $1`,
        [`%${number}%`],
      );
    expect(await queuedFor()).toEqual([]);

    await s().sql(
      `update referral_sources set email = 'ap@example.com', phone = '5125550100' where id = $1`,
      [invoice!.rs],
    );
    const sent = await s().request('POST', '/api/admin/emailInvoices', {
      token: billing,
      body: { invoiceIds: [invoice!.id] },
    });
    expect(sent.status).toBe(200);
    expect(sent.body.message).toBe('1 invoice sent by email.');
    expect(sent.body.invoices[0]).toMatchObject({ id: invoice!.id, status: 'Sent' });
    expect(await queuedFor()).toEqual([
      {
        to: 'ap@example.com',
        subject: `Invoice ${number} from Carelane Staffing LLC`,
        file_name: `${number}.pdf`,
        head: '%PDF-',
      },
    ]);
    const detail = await s().request<InvoiceDetail>('GET', `/api/operation/invoices/${invoice!.id}`, {
      token: billing,
    });
    expect(detail.body.organizationAddressLines).toContain('512-555-0100');
    const [email] = await s().sql<{ body: string }>(`select body from outbox where subject like $1`, [
      `%${number}%`,
    ]);
    expect(email!.body).toMatch(/for visits from \d{1,2}\/\d{1,2}\/\d{4} to \d{1,2}\/\d{1,2}\/\d{4}\./);
    expect(email!.body).toMatch(/due by \d{1,2}\/\d{1,2}\/\d{4}\./);
    expect(email!.body).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    expect(detail.body.history.map((e) => e.kind)).toEqual(['created', 'emailed']);
    expect(detail.body.history[1]).toMatchObject({
      detail: 'Emailed to ap@example.com',
      by: expect.any(String),
    });
    expect(
      (
        await s().request('POST', '/api/admin/emailInvoices', {
          token: orgUser,
          body: { invoiceIds: [invoice!.id] },
        })
      ).status,
    ).toBe(403);
  });

  it('sends an overdue invoice with a balance to collection once, with its history', async () => {
    const [invoice] = await s().sql<{ id: number }>(`select id from invoices order by id desc limit 1`);
    const collect = () =>
      s().request('POST', `/api/operation/invoices/${invoice!.id}/collection`, { token: billing });
    const early = await collect();
    expect(early.status).toBe(400);
    expect(early.body.errors[0].message).toContain('is not overdue');
    await s().sql(
      `update invoices set issued_on = current_date - 45, due_on = current_date - 15 where id = $1`,
      [invoice!.id],
    );
    const sent = await collect();
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({
      message: 'Assignment sent to collection successfully.',
      invoice: { status: 'Collection', collectionAt: expect.any(String) },
    });
    expect((await collect()).status).toBe(409);
    const detail = await s().request<InvoiceDetail>('GET', `/api/operation/invoices/${invoice!.id}`, {
      token: billing,
    });
    expect(detail.body.history.at(-1)).toMatchObject({ kind: 'collection' });
    expect(detail.body.history.at(-1)!.detail).toMatch(/^Sent to collection with \$[\d,]+\.\d\d owed$/);
    expect(
      (await s().request('POST', `/api/operation/invoices/${invoice!.id}/collection`, { token: coordinator }))
        .status,
    ).toBe(403);
  });

  describe('payments', () => {
    let invoiceId = 0;
    let totalCents = 0;
    const pay = (body: unknown, token = billing) =>
      s().request('POST', '/api/operation/payments', { token, body });
    const apply = (paymentId: number, applications: unknown) =>
      s().request('POST', `/api/operation/payments/${paymentId}/apply`, {
        token: billing,
        body: { applications },
      });

    beforeAll(async () => {
      const [invoice] = await s().sql<{ id: number; total: number }>(
        `select id, total_cents::int as total from invoices where referral_source_id = $1 order by id limit 1`,
        [example.referralSourceId],
      );
      invoiceId = invoice!.id;
      totalCents = Number(invoice!.total);
    });

    it('refuses a zero or negative amount and an unknown organization, naming the field, writing nothing', async () => {
      const [before] = await s().sql<{ n: number }>(`select count(*)::int as n from payments`);
      for (const amountCents of [0, -500, 12.5]) {
        const res = await pay({
          referralSourceId: example.referralSourceId,
          method: 'Check',
          reference: '1001',
          amountCents,
          receivedOn: '2026-11-20',
        });
        expect(res.status).toBe(400);
        expect(JSON.stringify(res.body)).toContain('amountCents');
      }
      const unknown = await pay({
        referralSourceId: 999_999,
        method: 'ACH',
        reference: 'x',
        amountCents: 100,
        receivedOn: '2026-11-20',
      });
      expect(unknown.status).toBe(400);
      expect(JSON.stringify(unknown.body)).toContain('referralSourceId');
      const [after] = await s().sql<{ n: number }>(`select count(*)::int as n from payments`);
      expect(after!.n).toBe(before!.n);
      expect((await pay({}, coordinator)).status).toBe(403);
    });

    it('records a payment, applies part of it, shows the balance and keeps the rest as credit', async () => {
      const half = Math.floor(totalCents / 2);
      const created = await pay({
        referralSourceId: example.referralSourceId,
        method: 'Check',
        reference: 'CHK 2041',
        amountCents: half + 1_000,
        receivedOn: '2026-11-20',
      });
      expect(created.status).toBe(200);
      expect(created.body.message).toBe('Payment added successfully.');
      const paymentId = created.body.payment.id;

      // More than the payment holds, more than the balance: refused, naming the field; nothing applied.
      const tooMuch = await apply(paymentId, [{ invoiceId, amountCents: half + 1_001 }]);
      expect(tooMuch.status).toBe(400);
      expect(JSON.stringify(tooMuch.body)).toContain('applications');
      const applied = await apply(paymentId, [{ invoiceId, amountCents: half }]);
      expect(applied.status).toBe(200);
      expect(applied.body).toMatchObject({
        message: 'Payment applied.',
        payment: { appliedCents: half, unappliedCents: 1_000 },
      });
      const invoice = await s().request<InvoiceDetail>('GET', `/api/operation/invoices/${invoiceId}`, {
        token: billing,
      });
      expect(invoice.body).toMatchObject({
        paidCents: half,
        balanceCents: totalCents - half,
        paymentStatus: 'PartiallyPaid',
      });
      expect(invoice.body.history.at(-1)).toMatchObject({
        kind: 'payment',
        detail: expect.stringMatching(/applied from Check CHK 2041$/),
      });
      expect(invoice.body.applications).toEqual([
        expect.objectContaining({ paymentId, amountCents: half, reference: 'CHK 2041', method: 'Check' }),
      ]);

      // The second payment cannot pay more than what is left on the invoice.
      const second = await pay({
        referralSourceId: example.referralSourceId,
        method: 'ACH',
        reference: 'ACH 77',
        amountCents: totalCents,
        receivedOn: '2026-11-21',
      });
      const over = await apply(second.body.payment.id, [{ invoiceId, amountCents: totalCents - half + 1 }]);
      expect(over.status).toBe(400);
      expect(JSON.stringify(over.body)).toContain('applications.0.amountCents');
    });

    it("refuses a received date past the organization's tomorrow or years back, naming receivedOn", async () => {
      const today = localDateIn(
        new Date(),
        await organizationTimeZone(s().services.db, example.referralSourceId),
      );
      const received = (receivedOn: string) =>
        pay({
          referralSourceId: example.referralSourceId,
          method: 'Check',
          reference: `dated ${receivedOn}`,
          amountCents: 100,
          receivedOn,
        });
      const count = async () =>
        (await s().sql<{ n: number }>(`select count(*)::int as n from payments`))[0]!.n;
      const before = await count();
      for (const day of [addIsoDays(today, 2), '2099-12-31', addIsoDays(today, -7 * 366), '0001-01-01']) {
        const res = await received(day);
        expect([day, res.status, res.body.errors?.[0]?.field]).toEqual([day, 400, 'receivedOn']);
      }
      expect(await count()).toBe(before);
      expect((await received(addIsoDays(today, 1))).status).toBe(200);
    });

    it('refuses the same payment recorded twice, naming the first, unless the caller confirms it', async () => {
      const body = {
        referralSourceId: example.referralSourceId,
        method: 'ACH',
        reference: 'ACH 5150',
        amountCents: 12_345,
        receivedOn: '2026-11-22',
      };
      const first = await pay(body);
      expect(first.status).toBe(200);
      const count = async () =>
        (await s().sql<{ n: number }>(`select count(*)::int as n from payments`))[0]!.n;
      const before = await count();
      const again = await pay({ ...body, reference: 'ach 5150' });
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({
        code: 'DUPLICATE_PAYMENT',
        error: expect.stringContaining(
          `ACH ACH 5150 of $123.45 received 2026-11-22 (payment ${first.body.payment.id})`,
        ),
        duplicateOf: { id: first.body.payment.id, amountCents: 12_345, reference: 'ACH 5150' },
      });
      expect(await count()).toBe(before);
      const confirmed = await pay({ ...body, allowDuplicate: true });
      expect(confirmed.status).toBe(200);
      expect(confirmed.body.payment.id).not.toBe(first.body.payment.id);
      expect(await count()).toBe(before + 1);
    });

    it('answers a POST retried with the same Idempotency-Key with the payment it recorded, once', async () => {
      const body = {
        referralSourceId: example.referralSourceId,
        method: 'Card',
        reference: 'card-7781',
        amountCents: 4_200,
        receivedOn: '2026-11-23',
      };
      const withKey = (key: string, b: unknown = body) =>
        s().request('POST', '/api/operation/payments', {
          token: billing,
          body: b,
          headers: { 'idempotency-key': key },
        });
      const count = async () =>
        (await s().sql<{ n: number }>(`select count(*)::int as n from payments`))[0]!.n;
      const before = await count();
      // Sent twice at once (a retry after a timeout): one payment, the same answer to both.
      const [a, b] = await Promise.all([withKey('retry-1'), withKey('retry-1')]);
      expect([a.status, b.status]).toEqual([200, 200]);
      expect(b.body.payment.id).toBe(a.body.payment.id);
      const c = await withKey('retry-1');
      expect(c.body).toEqual(a.body);
      expect(await count()).toBe(before + 1);
      const reused = await withKey('retry-1', { ...body, amountCents: 4_300 });
      expect(reused.status).toBe(422);
      expect(reused.body.errors).toEqual([
        { field: 'Idempotency-Key', message: expect.stringContaining('another payment') },
      ]);
      const badKey = await withKey('two words');
      expect(badKey.status).toBe(400);
      expect(badKey.body.errors[0].field).toBe('idempotency-key');
      expect(await count()).toBe(before + 1);
    });

    it("refuses to apply a payment to another organization's invoice", async () => {
      const [other] = await s().sql<{ id: number }>(
        `select id from referral_sources where id <> $1 limit 1`,
        [example.referralSourceId],
      );
      const created = await pay({
        referralSourceId: other!.id,
        method: 'Card',
        reference: 'card-1',
        amountCents: 500,
        receivedOn: '2026-11-20',
      });
      const res = await apply(created.body.payment.id, [{ invoiceId, amountCents: 500 }]);
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain('another organization');
    });
  });
});
