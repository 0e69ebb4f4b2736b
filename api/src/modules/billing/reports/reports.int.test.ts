// The billing reports through the API on both databases (decision 030): AR health as of a day (buckets from the
// one bounds table, agreeing with agingBucketOf), unpaid visits, outpatient therapy units and codes, rebates;
// and only billing staff may read them. The report's invoices are dated 2001, before any demo invoice, so the
// demo's own invoices (issued recently) are outside every as-of day and range used here.
import {
  AGING_BOUNDARY_DAYS,
  agingBucketOf,
  type ArHealth,
  type OutpatientBilling,
  type RebateReport,
  type UnpaidVisitList,
} from '@carelane/shared-domain';
import dayjs from 'dayjs';
import { describeEachDatabase, type TestServer } from '../../../test/harness';
import { agingCaseText } from './repository';

const BACK_OFFICE = 'backoffice@carelane.local';

describeEachDatabase('billing reports', (server) => {
  let billing = '';
  let coordinator = '';
  let clinician = '';
  let org = 0;
  const inv: Record<string, number> = {};
  const s = (): TestServer => server();

  async function invoice(key: string, number: number, issuedOn: string, dueOn: string, totalCents: number) {
    const [row] = await s().sql<{ id: number }>(
      `insert into invoices (number, referral_source_id, period_start, period_end, issued_on, due_on,
         subtotal_cents, service_tax_cents, total_cents, created_by)
       values ($1, $2, $3, $4, $5, $6, $7, 0, $8, (select id from users where email_id = 'admin@carelane.local'))
       returning id`,
      [number, org, issuedOn, issuedOn, issuedOn, dueOn, totalCents, totalCents],
    );
    inv[key] = row!.id;
  }

  async function payAndApply(receivedOn: string, invoiceKey: string, amountCents: number, appliedAt: string) {
    // Payments received in 2001: older than the API records now (decision 035), so written as history.
    const [paid] = await s().sql<{ id: number }>(
      `insert into payments (referral_source_id, method, reference, amount_cents, received_on, created_by)
       values ($1, 'Check', $2, $3, $4, (select id from users where email_id = $5)) returning id`,
      [org, `R-${receivedOn}`, amountCents, receivedOn, BACK_OFFICE],
    );
    const id = paid!.id;
    const applied = await s().request('POST', `/api/operation/payments/${id}/apply`, {
      token: billing,
      body: { applications: [{ invoiceId: inv[invoiceKey], amountCents }] },
    });
    expect(applied.status).toBe(200);
    await s().sql(`update payment_allocations set created_at = $1::timestamptz where payment_id = $2`, [
      new Date(`${appliedAt}T12:00:00`).toISOString(),
      id,
    ]);
  }

  beforeAll(async () => {
    billing = await s().login(BACK_OFFICE);
    [coordinator, clinician] = await s().loginAs('coordinator', 'clinician');
    const [rs] = await s().sql<{ id: number }>(`select id from referral_sources order by id limit 1`);
    org = rs!.id;
    // As of 2001-06-30:
    await invoice('old', 990_001, '2001-03-01', '2001-03-31', 10_000); // 91 days past due: 90+
    await invoice('recent', 990_002, '2001-06-20', '2001-07-20', 5_000); // not yet due: current
    await invoice('later', 990_003, '2001-07-01', '2001-07-31', 8_000); // issued after the day: left out
    await invoice('paid', 990_004, '2001-04-01', '2001-05-01', 2_500); // paid in full by then: left out
    await invoice('month', 990_005, '2001-04-30', '2001-05-31', 1_234); // 30 days past due: 1-30
    await payAndApply('2001-03-08', 'old', 3_025, '2001-06-15'); // counts; early (7 days): rebate
    await payAndApply('2001-07-05', 'old', 2_000, '2001-07-05'); // applied after the day: does not count
    await payAndApply('2001-04-11', 'paid', 2_500, '2001-04-11'); // early (10 days): rebate
    await s().sql(
      `insert into adjustments (kind, invoice_id, amount_cents, reason, status, applied_by, applied_at, created_by)
       select 'receivable', $1, 1000, 'Credit note', 'Applied', id, $2::timestamptz, id
         from users where email_id = 'admin@carelane.local'`,
      [inv.recent, new Date('2001-06-25T12:00:00').toISOString()],
    );
    // Lines: two on the old invoice, one on the recent one, one on the paid one (never unpaid).
    const free = await s().sql<{ id: number }>(
      `select id from visits v where not exists (select 1 from invoice_lines l where l.visit_id = v.id)
        order by id limit 4`,
    );
    const lines: [string, number, number][] = [
      ['old', 6_000, 500],
      ['old', 3_000, 500],
      ['recent', 5_000, 0],
      ['paid', 2_500, 0],
    ];
    for (const [i, [key, amount, tax]] of lines.entries())
      await s().sql(
        `insert into invoice_lines (invoice_id, visit_id, date_of_service, patient_name, clinician_name, visit_type,
           units_text, billed_minutes, late_cancellation, amount_cents, service_tax_cents, breakdown)
         values ($1, $2, $3, 'Doe, Jane', 'Sam Lee', 'Routine', '1 visit', 60, false, $4, $5, '{}')`,
        [inv[key], free[i]!.id, `2001-02-0${i + 1}`, amount, tax],
      );
  });

  const get = <T>(path: string, token = billing) => s().request<T>('GET', path, { token });

  it('refuses every report to a role without the page (the coordinator, the clinician)', async () => {
    for (const token of [coordinator, clinician])
      for (const path of ['arHealth', 'unpaidVisits', 'outpatientBilling', 'rebates'])
        expect([path, (await get(`/api/operation/reports/${path}`, token)).status]).toEqual([path, 403]);
  });

  it('buckets days past due in SQL exactly as agingBucketOf does, on every boundary day', async () => {
    const asOf = '2030-06-30';
    const got = await s().sql<{ d: number; bucket: string }>(
      `select d, ${agingCaseText('d')} as bucket from unnest(string_to_array($1, ',')::int[]) as t(d) order by d`,
      [AGING_BOUNDARY_DAYS.join(',')],
    );
    expect(got.map((r) => [Number(r.d), r.bucket])).toEqual(
      [...AGING_BOUNDARY_DAYS].map((d) => [
        d,
        agingBucketOf(dayjs(asOf).subtract(d, 'day').format('YYYY-MM-DD'), asOf),
      ]),
    );
  });

  it('ages the balances as of a day: later payments and later invoices do not count, paid ones are left out', async () => {
    const res = await get<ArHealth>(
      `/api/operation/reports/arHealth?asOf=2001-06-30&referralSourceId=${org}`,
    );
    expect(res.status).toBe(200);
    expect(res.body.asOf).toBe('2001-06-30');
    expect(res.body.rows).toHaveLength(1);
    const [row] = res.body.rows;
    expect(row!.buckets.map((b) => [b.bucket, b.balanceCents, b.invoiceCount])).toEqual([
      ['current', 4_000, 1],
      ['1-30', 1_234, 1],
      ['31-60', 0, 0],
      ['61-90', 0, 0],
      ['90+', 6_975, 1],
    ]);
    expect(row).toMatchObject({ totalCents: 12_209, invoiceCount: 3, firstIssuedOn: '2001-03-01' });
    expect(row!.buckets[4]).toMatchObject({ firstIssuedOn: '2001-03-01', lastIssuedOn: '2001-03-01' });
    expect(res.body.totals).toMatchObject({ totalCents: 12_209, invoiceCount: 3 });

    // Every organization, as of the same day: only ours had invoices by then.
    const all = await get<ArHealth>('/api/operation/reports/arHealth?asOf=2001-06-30');
    expect(all.body.totals.totalCents).toBe(12_209);
    // A week later the July payment counts and the July invoice is in.
    const later = await get<ArHealth>(
      `/api/operation/reports/arHealth?asOf=2001-07-07&referralSourceId=${org}`,
    );
    expect(later.body.rows[0]!.totalCents).toBe(12_209 - 2_000 + 8_000);
    // Today by default.
    const today = await get<ArHealth>('/api/operation/reports/arHealth');
    expect(today.body.asOf).toBe(dayjs().format('YYYY-MM-DD'));
    expect((await get('/api/operation/reports/arHealth?asOf=2001-13-01')).status).toBe(400);
  });

  it('lists the billed visits whose invoice has a balance, by due date, paged, with the invoice balance', async () => {
    const res = await get<UnpaidVisitList>(
      `/api/operation/reports/unpaidVisits?referralSourceId=${org}&dueBy=2001-12-31&pageSize=2`,
    );
    expect(res.status).toBe(200);
    expect(res.body.paging).toMatchObject({ totalCount: 3, pageCount: 2 });
    expect(
      res.body.rows.map((r) => [r.invoiceNumber, r.amountCents, r.serviceTaxCents, r.invoiceBalanceCents]),
    ).toEqual([
      ['INV-990001', 6_000, 500, 4_975],
      ['INV-990001', 3_000, 500, 4_975],
    ]);
    expect(res.body.rows[0]).toMatchObject({
      dueOn: '2001-03-31',
      daysPastDue: dayjs().startOf('day').diff(dayjs('2001-03-31'), 'day'),
      patientName: 'Doe, Jane',
      referralSourceId: org,
    });
    const second = await get<UnpaidVisitList>(
      `/api/operation/reports/unpaidVisits?referralSourceId=${org}&dueBy=2001-12-31&pageSize=2&pageNumber=2`,
    );
    expect(second.body.rows.map((r) => [r.invoiceNumber, r.invoiceBalanceCents])).toEqual([
      ['INV-990002', 4_000],
    ]);
    const early = await get<UnpaidVisitList>(
      `/api/operation/reports/unpaidVisits?referralSourceId=${org}&dueBy=2001-04-30`,
    );
    expect(early.body.paging.totalCount).toBe(2);
  });

  it('lists therapy visits with their code and 15-minute units by the 8-minute rule', async () => {
    const [visit] = await s().sql<{ id: number; date: string; rs: number }>(
      `select id, date_of_service::text as date, referral_source_id as rs from visits
        where status in ('NotesApproved', 'ApprovalDue', 'FinalReview', 'FinalConfirmed')
        order by id desc limit 1`,
    );
    await s().sql(
      `update visits set provider_type_id = 3, time_in = date_of_service + time '09:00',
         time_out = date_of_service + time '09:38' where id = $1`,
      [visit!.id],
    );
    const res = await get<OutpatientBilling>(
      `/api/operation/reports/outpatientBilling?startDate=${visit!.date}&endDate=${visit!.date}&referralSourceId=${visit!.rs}&pageSize=100`,
    );
    expect(res.status).toBe(200);
    const row = res.body.rows.find((r) => r.visitId === visit!.id);
    expect(row).toMatchObject({ providerType: 'PT', discipline: 'PT', code: '97110', minutes: 38, units: 3 });
    for (const r of res.body.rows) expect(['PT', 'PTA', 'OT', 'OTA', 'ST/SLP']).toContain(r.providerType);
    const ot = await get<OutpatientBilling>(
      `/api/operation/reports/outpatientBilling?startDate=${visit!.date}&endDate=${visit!.date}&providerType=OT`,
    );
    expect(ot.body.rows.some((r) => r.visitId === visit!.id)).toBe(false);
    const reversed = await get(
      '/api/operation/reports/outpatientBilling?startDate=2030-02-02&endDate=2030-02-01',
    );
    expect(reversed.status).toBe(400);
  });

  it('gives 2 % of early payments per organization and month, rounded once (decision 030)', async () => {
    const res = await get<RebateReport>(
      `/api/operation/reports/rebates?referralSourceId=${org}&startDate=2001-01-01&endDate=2001-12-31`,
    );
    expect(res.status).toBe(200);
    expect(
      res.body.rows.map((r) => [r.month, r.qualifyingPaymentCount, r.qualifyingCents, r.rebateCents]),
    ).toEqual([
      // $30.25 × 2 % = 60.5 cents -> 61; $25.00 × 2 % = 50 cents. The July payment was late: no rebate.
      ['2001-03', 1, 3_025, 61],
      ['2001-04', 1, 2_500, 50],
    ]);
    expect(res.body.totals).toEqual({ qualifyingCents: 5_525, rebateCents: 111 });
  });
});
