// Payments from organizations through the API on both databases: billing staff record one (integer cents, a
// received date the organization's calendar allows, the same payment twice refused with 409 unless confirmed, a retry
// by Idempotency-Key answered with the first), list them (by organization, only those with something left), and
// apply one to invoices of its organization (each at most the invoice's balance, all at most what it has left), each
// write audited and in the invoices' history; anyone else and bad input refused, writing nothing.
import {
  BILLING_MESSAGES,
  addIsoDays,
  formatCents,
  localDateIn,
  paymentReceivedOnProblem,
  type ApiError,
  type InvoiceDetail,
  type Payment,
} from '@carelane/shared-domain';
import { BACK_OFFICE, signInBillingRoles } from '../billing-test-roles';
import { describeEachDatabase, type TestServer } from '../../../test/harness';
import { organizationTimeZone } from '../../maps/service';

type PaymentAnswer = { message: string; payment: Payment; duplicateOf?: Payment } & Partial<ApiError>;
type ListAnswer = { rows: Payment[]; paging: { totalCount: number } } & Partial<ApiError>;

describeEachDatabase('billing: payments', (server) => {
  let billing = '';
  let director = '';
  let executive = '';
  let admin = '';
  let coordinator = '';
  let clinician = '';
  let clinicianManager = '';
  let orgUser = '';
  let backOfficeId = 0;
  /** Two organizations: A's invoices of $200.00 and $50.00, B's of $30.00 (the suite's own, numbered apart). */
  let orgA = { id: 0, name: '' };
  let orgB = { id: 0, name: '' };
  let invoiceA1 = 0;
  let invoiceA2 = 0;
  let invoiceB = 0;
  /** Organization A's today, by its own time zone. */
  let today = '';
  let yesterday = '';
  const s = (): TestServer => server();

  const record = (body: unknown, token = billing, headers?: Record<string, string>) =>
    s().request<PaymentAnswer>('POST', '/api/operation/payments', { token, body, headers });
  const apply = (id: number | string, applications: unknown, token = billing) =>
    s().request<PaymentAnswer>('POST', `/api/operation/payments/${id}/apply`, {
      token,
      body: { applications },
    });
  const list = (query: string, token = billing) =>
    s().request<ListAnswer>('GET', `/api/operation/payments${query}`, { token });
  const invoice = async (id: number) =>
    (await s().request<InvoiceDetail>('GET', `/api/operation/invoices/${id}`, { token: billing })).body;
  const counts = async () =>
    (
      await s().sql<{ payments: number; allocations: number; events: number; audits: number }>(
        `select (select count(*)::int from payments) as payments,
                (select count(*)::int from payment_allocations) as allocations,
                (select count(*)::int from invoice_events) as events,
                (select count(*)::int from audit_log where entity = 'Payment') as audits`,
      )
    )[0]!;
  const auditsOf = (id: number) =>
    s().sql<{
      action: string;
      user_email: string;
      diff: Record<string, { before: unknown; after: unknown }>;
    }>(
      `select action, user_email, diff from audit_log where entity = 'Payment' and entity_id = $1 order by id`,
      [String(id)],
    );

  async function addInvoice(number: number, referralSourceId: number, totalCents: number) {
    const [row] = await s().sql<{ id: number }>(
      `insert into invoices (number, referral_source_id, period_start, period_end, issued_on, due_on,
         subtotal_cents, service_tax_cents, total_cents, created_by)
       values ($1, $2, current_date - 30, current_date - 1, current_date, current_date + 30, $3, 0, $4, $5)
       returning id`,
      [number, referralSourceId, totalCents, totalCents, backOfficeId],
    );
    return row!.id;
  }

  beforeAll(async () => {
    ({
      billing,
      director,
      executive,
      admin,
      coordinator,
      clinician,
      clinicianManager,
      orgUser,
      backOfficeId,
    } = await signInBillingRoles(s()));
    const orgs = await s().sql<{ id: number; name: string }>(
      `select id, name from referral_sources order by id limit 2`,
    );
    [orgA, orgB] = orgs as [typeof orgA, typeof orgB];
    invoiceA1 = await addInvoice(981_001, orgA.id, 20_000);
    invoiceA2 = await addInvoice(981_002, orgA.id, 5_000);
    invoiceB = await addInvoice(981_003, orgB.id, 3_000);
    today = localDateIn(new Date(), await organizationTimeZone(s().services.db, orgA.id));
    yesterday = addIsoDays(today, -1);
  });

  let paymentId = 0;

  it('records a payment in integer cents, nothing applied yet, and audits it', async () => {
    const before = await counts();
    const res = await record({
      referralSourceId: orgA.id,
      method: 'Check',
      reference: ' CHK-1001 ',
      amountCents: 15_075,
      receivedOn: yesterday,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      message: BILLING_MESSAGES.paymentAdded,
      payment: {
        id: expect.any(Number),
        referralSourceId: orgA.id,
        organizationName: orgA.name,
        method: 'Check',
        reference: 'CHK-1001',
        amountCents: 15_075,
        appliedCents: 0,
        unappliedCents: 15_075,
        receivedOn: yesterday,
      },
    });
    paymentId = res.body.payment.id;
    const [row] = await s().sql(
      `select referral_source_id, method, reference, amount_cents::int as amount_cents, received_on::text as received_on,
              created_by, idempotency_key from payments where id = $1`,
      [paymentId],
    );
    expect(row).toEqual({
      referral_source_id: orgA.id,
      method: 'Check',
      reference: 'CHK-1001',
      amount_cents: 15_075,
      received_on: yesterday,
      created_by: backOfficeId,
      idempotency_key: null,
    });
    expect(await counts()).toEqual({ ...before, payments: before.payments + 1, audits: before.audits + 1 });
    const [audit] = await auditsOf(paymentId);
    expect(audit).toMatchObject({
      action: 'CREATE',
      user_email: BACK_OFFICE,
      diff: {
        amountCents: { before: null, after: 15_075 },
        referralSourceId: { before: null, after: orgA.id },
        receivedOn: { before: null, after: yesterday },
      },
    });
    expect(audit!.diff).not.toHaveProperty('allowDuplicate');
  });

  it('refuses a missing or invalid field with 400 naming it, writing nothing', async () => {
    const good = {
      referralSourceId: orgA.id,
      method: 'ACH',
      reference: 'ACH-9',
      amountCents: 100,
      receivedOn: today,
    };
    const before = await counts();
    const cases: [unknown, string][] = [
      [{ ...good, referralSourceId: undefined }, 'referralSourceId'],
      [{ ...good, method: undefined }, 'method'],
      [{ ...good, method: 'Cash' }, 'method'],
      [{ ...good, reference: '  ' }, 'reference'],
      [{ ...good, reference: undefined }, 'reference'],
      [{ ...good, amountCents: undefined }, 'amountCents'],
      [{ ...good, amountCents: 0 }, 'amountCents'],
      [{ ...good, amountCents: -100 }, 'amountCents'],
      [{ ...good, amountCents: 99.5 }, 'amountCents'],
      [{ ...good, amountCents: '100' }, 'amountCents'],
      [{ ...good, receivedOn: undefined }, 'receivedOn'],
      [{ ...good, receivedOn: '2026-02-30' }, 'receivedOn'],
    ];
    for (const [body, field] of cases) {
      const res = await record(body);
      expect([JSON.stringify(body), res.status, [...new Set(res.body.errors?.map((e) => e.field))]]).toEqual([
        JSON.stringify(body),
        400,
        [field],
      ]);
    }
    const missing = await record({ ...good, amountCents: undefined });
    expect(missing.body.errors).toEqual([{ field: 'amountCents', message: 'is required' }]);
    const unknown = await record({ ...good, referralSourceId: 999_999 });
    expect([unknown.status, unknown.body.errors]).toEqual([
      400,
      [{ field: 'referralSourceId', message: 'is not a known organization' }],
    ]);
    const late = addIsoDays(today, 3);
    const future = await record({ ...good, receivedOn: late });
    expect([future.status, future.body.errors]).toEqual([
      400,
      [{ field: 'receivedOn', message: paymentReceivedOnProblem(late, today) }],
    ]);
    expect(await counts()).toEqual(before);
  });

  it('refuses the same payment recorded again (409 naming the first) unless confirmed, writing nothing', async () => {
    const before = await counts();
    const again = await record({
      referralSourceId: orgA.id,
      method: 'Check',
      reference: 'chk-1001',
      amountCents: 15_075,
      receivedOn: yesterday,
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      code: 'DUPLICATE_PAYMENT',
      error: BILLING_MESSAGES.duplicatePayment(
        `Check CHK-1001 of ${formatCents(15_075)} received ${yesterday} (payment ${paymentId})`,
        orgA.name,
      ),
      duplicateOf: { id: paymentId, amountCents: 15_075, reference: 'CHK-1001' },
    });
    expect(await counts()).toEqual(before);
    // Another organization's payment of the same reference is not a repeat; a confirmed repeat is recorded.
    const otherOrg = await record({
      referralSourceId: orgB.id,
      method: 'Check',
      reference: 'CHK-1001',
      amountCents: 15_075,
      receivedOn: yesterday,
    });
    expect(otherOrg.status).toBe(200);
    const confirmed = await record({
      referralSourceId: orgA.id,
      method: 'Check',
      reference: 'CHK-1001',
      amountCents: 15_075,
      receivedOn: yesterday,
      allowDuplicate: true,
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.payment.id).not.toBe(paymentId);
    expect((await auditsOf(confirmed.body.payment.id))[0]!.diff).toMatchObject({
      allowDuplicate: { before: null, after: true },
    });
    expect(await counts()).toMatchObject({ payments: before.payments + 2, audits: before.audits + 2 });
  });

  it("answers a retry with the same Idempotency-Key with the first payment; another payment under it is refused (422); keys are each user's", async () => {
    const body = {
      referralSourceId: orgB.id,
      method: 'Card',
      reference: 'CARD-77',
      amountCents: 4_200,
      receivedOn: today,
    };
    const first = await record(body, billing, { 'idempotency-key': 'payments-suite-1' });
    expect(first.status).toBe(200);
    const before = await counts();
    const retry = await record(body, billing, { 'idempotency-key': 'payments-suite-1' });
    expect([retry.status, retry.body]).toEqual([200, first.body]);
    const reused = await record({ ...body, amountCents: 4_201 }, billing, {
      'idempotency-key': 'payments-suite-1',
    });
    expect([reused.status, reused.body.code, reused.body.errors]).toEqual([
      422,
      'IDEMPOTENCY_KEY_REUSED',
      [{ field: 'Idempotency-Key', message: BILLING_MESSAGES.idempotencyKeyReused }],
    ]);
    const badKey = await record(body, billing, { 'idempotency-key': 'two words' });
    expect([badKey.status, badKey.body.errors?.[0]?.field]).toEqual([400, 'idempotency-key']);
    expect(await counts()).toEqual(before);
    // The same key from another user is their own: a new payment (confirmed, as it repeats the first).
    const byDirector = await record({ ...body, allowDuplicate: true }, director, {
      'idempotency-key': 'payments-suite-1',
    });
    expect(byDirector.status).toBe(200);
    expect(byDirector.body.payment.id).not.toBe(first.body.payment.id);
  });

  it("refuses to apply over an invoice's balance, over what the payment has left, to another organization's, unknown or repeated invoices, writing nothing", async () => {
    const before = await counts();
    const cases: [unknown, { field: string; message: string }][] = [
      [
        [{ invoiceId: invoiceA2, amountCents: 5_001 }],
        { field: 'applications.0.amountCents', message: BILLING_MESSAGES.overBalance(formatCents(5_000)) },
      ],
      [
        [
          { invoiceId: invoiceA1, amountCents: 10_076 },
          { invoiceId: invoiceA2, amountCents: 5_000 },
        ],
        { field: 'applications', message: BILLING_MESSAGES.overApplied(formatCents(15_075)) },
      ],
      [
        [
          { invoiceId: invoiceA2, amountCents: 1_000 },
          { invoiceId: invoiceB, amountCents: 1_000 },
        ],
        { field: 'applications.1.invoiceId', message: BILLING_MESSAGES.otherOrganization },
      ],
      [
        [{ invoiceId: 999_999, amountCents: 100 }],
        { field: 'applications.0.invoiceId', message: 'is not a known invoice' },
      ],
      [
        [
          { invoiceId: invoiceA1, amountCents: 100 },
          { invoiceId: invoiceA1, amountCents: 100 },
        ],
        { field: 'applications.1.invoiceId', message: 'is listed twice' },
      ],
    ];
    for (const [applications, error] of cases) {
      const res = await apply(paymentId, applications);
      expect([JSON.stringify(applications), res.status, res.body.errors]).toEqual([
        JSON.stringify(applications),
        400,
        [error],
      ]);
    }
    for (const [applications, field] of [
      [[], 'applications'],
      [undefined, 'applications'],
      [[{ invoiceId: invoiceA1, amountCents: 0 }], 'applications.0.amountCents'],
      [[{ invoiceId: invoiceA1, amountCents: 10.5 }], 'applications.0.amountCents'],
      [[{ amountCents: 100 }], 'applications.0.invoiceId'],
    ] as const) {
      const res = await apply(paymentId, applications);
      expect([res.status, res.body.errors?.map((e) => e.field)]).toEqual([400, [field]]);
    }
    const unknown = await apply(999_999, [{ invoiceId: invoiceA1, amountCents: 100 }]);
    expect([unknown.status, unknown.body.code]).toEqual([404, 'NOT_FOUND']);
    expect(await counts()).toEqual(before);
    expect((await invoice(invoiceA2)).balanceCents).toBe(5_000);
  });

  it("applies a payment across its organization's invoices: balances drop, the rest stays as credit, history and audit written", async () => {
    const before = await counts();
    const applications = [
      { invoiceId: invoiceA1, amountCents: 10_000 },
      { invoiceId: invoiceA2, amountCents: 5_000 },
    ];
    const res = await apply(paymentId, applications, executive);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      message: BILLING_MESSAGES.paymentApplied,
      payment: expect.objectContaining({
        id: paymentId,
        amountCents: 15_075,
        appliedCents: 15_000,
        unappliedCents: 75,
      }),
    });
    expect(await invoice(invoiceA1)).toMatchObject({
      paidCents: 10_000,
      balanceCents: 10_000,
      paymentStatus: 'PartiallyPaid',
    });
    expect(await invoice(invoiceA2)).toMatchObject({
      paidCents: 5_000,
      balanceCents: 0,
      paymentStatus: 'Paid',
    });
    const [executiveUser] = await s().sql<{ id: number }>(
      `select id from users where email_id = 'executive@carelane.local'`,
    );
    expect(
      await s().sql(
        `select invoice_id, amount_cents::int as amount_cents, applied_by from payment_allocations
          where payment_id = $1 order by invoice_id`,
        [paymentId],
      ),
    ).toEqual(
      applications
        .map((a) => ({ invoice_id: a.invoiceId, amount_cents: a.amountCents, applied_by: executiveUser!.id }))
        .sort((a, b) => a.invoice_id - b.invoice_id),
    );
    expect(
      await s().sql(
        `select invoice_id, kind, detail from invoice_events where invoice_id in ($1, $2) order by invoice_id`,
        [invoiceA1, invoiceA2],
      ),
    ).toEqual(
      applications
        .map((a) => ({
          invoice_id: a.invoiceId,
          kind: 'payment',
          detail: `${formatCents(a.amountCents)} applied from Check CHK-1001`,
        }))
        .sort((a, b) => a.invoice_id - b.invoice_id),
    );
    expect(await counts()).toEqual({
      payments: before.payments,
      allocations: before.allocations + 2,
      events: before.events + 2,
      audits: before.audits + 1,
    });
    expect((await auditsOf(paymentId)).at(-1)).toEqual({
      action: 'UPDATE',
      user_email: 'executive@carelane.local',
      diff: { applied: { before: null, after: applications } },
    });

    // What is left ($0.75) may still be applied, but no more than that.
    const over = await apply(paymentId, [{ invoiceId: invoiceA1, amountCents: 76 }]);
    expect(over.body.errors).toEqual([
      { field: 'applications', message: BILLING_MESSAGES.overApplied(formatCents(75)) },
    ]);
    const rest = await apply(paymentId, [{ invoiceId: invoiceA1, amountCents: 75 }]);
    expect(rest.body.payment).toMatchObject({ appliedCents: 15_075, unappliedCents: 0 });
    expect((await invoice(invoiceA1)).balanceCents).toBe(9_925);
  });

  it('lists payments by newest received date, by organization and with something left to apply', async () => {
    const ids = async (query: string) => {
      const res = await list(query);
      expect(res.status).toBe(200);
      return res.body.rows.map((r) => r.id);
    };
    const fromDb = async (where: string, params: unknown[] = []) =>
      (
        await s().sql<{ id: number }>(
          `select id from payments p where ${where} order by received_on desc, id desc limit 100`,
          params,
        )
      ).map((r) => r.id);
    expect(await ids('?pageSize=100')).toEqual(await fromDb('true'));
    const ofA = await ids(`?referralSourceId=${orgA.id}&pageSize=100`);
    expect(ofA).toEqual(await fromDb('referral_source_id = $1', [orgA.id]));
    expect(ofA).toContain(paymentId);
    const open = await ids(`?referralSourceId=${orgA.id}&unappliedOnly=true&pageSize=100`);
    expect(open).toEqual(
      await fromDb(
        `referral_source_id = $1 and amount_cents > coalesce((select sum(a.amount_cents) from payment_allocations a
           where a.payment_id = p.id), 0)`,
        [orgA.id],
      ),
    );
    expect(open).not.toContain(paymentId);
    const listed = (await list(`?referralSourceId=${orgA.id}&pageSize=100`)).body.rows.find(
      (r) => r.id === paymentId,
    );
    expect(listed).toMatchObject({ amountCents: 15_075, appliedCents: 15_075, unappliedCents: 0 });
    const paged = await list(`?referralSourceId=${orgA.id}&pageSize=1`);
    expect([paged.body.rows.length, paged.body.paging.totalCount]).toEqual([1, ofA.length]);
    const bad = await list('?unappliedOnly=maybe');
    expect([bad.status, bad.body.errors?.[0]?.field]).toEqual([400, 'unappliedOnly']);
  });

  it('lets every billing role in; a clinician, coordinator, clinician manager or organization user is refused, signed out 401, writing nothing', async () => {
    for (const token of [admin, director, executive]) expect((await list('', token)).status).toBe(200);
    const before = await counts();
    const body = {
      referralSourceId: orgA.id,
      method: 'ACH',
      reference: 'ACH-X',
      amountCents: 100,
      receivedOn: today,
    };
    const applications = [{ invoiceId: invoiceA1, amountCents: 100 }];
    for (const token of [clinician, coordinator, clinicianManager, orgUser]) {
      for (const res of [
        await list('', token),
        await record(body, token),
        await apply(paymentId, applications, token),
      ])
        expect([res.status, res.body.code]).toEqual([403, 'FORBIDDEN']);
    }
    for (const res of [await list('', ''), await record(body, ''), await apply(paymentId, applications, '')])
      expect([res.status, res.body.code]).toEqual([401, 'UNAUTHORIZED']);
    expect(await counts()).toEqual(before);
  });
});
