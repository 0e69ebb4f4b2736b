// Adjustments through the API on both databases: billing staff add them Pending (receivable: a credit on an
// invoice; payable: added to or taken from a clinician's next export), in integer cents, and apply them once (a
// receivable credit at most the invoice's balance, written to the invoice's history); the list by status, kind and
// date; each write audited; anyone but billing staff refused, and bad input refused by name, writing nothing.
import {
  BILLING_MESSAGES,
  PAY_MESSAGES,
  formatCents,
  invoiceNumberText,
  type Adjustment,
  type ApiError,
  type InvoiceDetail,
} from '@carelane/shared-domain';
import { BACK_OFFICE, signInBillingRoles } from '../billing-test-roles';
import { describeEachDatabase, type TestServer } from '../../../test/harness';

/** The suite's own invoice: a number no demo invoice has, for $100.00. */
const INVOICE_NUMBER = 980_001;
const INVOICE_TOTAL = 10_000;
type AdjustmentAnswer = { message: string; adjustment: Adjustment } & Partial<ApiError>;
type ListAnswer = { rows: Adjustment[]; paging: { totalCount: number } } & Partial<ApiError>;

describeEachDatabase('billing: adjustments', (server) => {
  let billing = '';
  let director = '';
  let executive = '';
  let admin = '';
  let coordinator = '';
  let clinician = '';
  let clinicianManager = '';
  let orgUser = '';
  let invoiceId = 0;
  let organizationName = '';
  let providerId = 0;
  let clinicianName = '';
  let backOfficeId = 0;
  const s = (): TestServer => server();

  const add = (body: unknown, token = billing) =>
    s().request<AdjustmentAnswer>('POST', '/api/operation/adjustments', { token, body });
  const apply = (id: number | string, token = billing) =>
    s().request<AdjustmentAnswer>('POST', `/api/operation/adjustments/${id}/apply`, { token });
  const list = (query: string, token = billing) =>
    s().request<ListAnswer>('GET', `/api/operation/adjustments${query}`, { token });
  const counts = async () =>
    (
      await s().sql<{ adjustments: number; applied: number; audits: number; events: number }>(
        `select (select count(*)::int from adjustments) as adjustments,
                (select count(*)::int from adjustments where status = 'Applied') as applied,
                (select count(*)::int from audit_log where entity = 'Adjustment') as audits,
                (select count(*)::int from invoice_events) as events`,
      )
    )[0]!;
  const stored = async (id: number) =>
    (
      await s().sql<{
        kind: string;
        invoice_id: number | null;
        provider_id: number | null;
        amount_cents: number;
        status: string;
        applied_by: number | null;
        created_by: number;
      }>(
        `select kind, invoice_id, provider_id, amount_cents::int as amount_cents, status, applied_by, created_by
           from adjustments where id = $1`,
        [id],
      )
    )[0]!;
  const invoice = async () =>
    (await s().request<InvoiceDetail>('GET', `/api/operation/invoices/${invoiceId}`, { token: billing }))
      .body;

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
    const [org] = await s().sql<{ id: number; name: string }>(
      `select id, name from referral_sources order by id limit 1`,
    );
    organizationName = org!.name;
    const [row] = await s().sql<{ id: number }>(
      `insert into invoices (number, referral_source_id, period_start, period_end, issued_on, due_on,
         subtotal_cents, service_tax_cents, total_cents, created_by)
       values ($1, $2, current_date - 30, current_date - 1, current_date, current_date + 30, $3, 0, $4, $5)
       returning id`,
      [INVOICE_NUMBER, org!.id, INVOICE_TOTAL, INVOICE_TOTAL, backOfficeId],
    );
    invoiceId = row!.id;
    const [provider] = await s().sql<{ id: number; name: string }>(
      `select id, given_name || ' ' || family_name as name from providers order by id limit 1`,
    );
    providerId = provider!.id;
    clinicianName = provider!.name;
  });

  let receivableId = 0;
  let payableId = 0;

  it('adds a receivable credit Pending in integer cents, leaving the balance until applied, and audits it', async () => {
    const before = await counts();
    const res = await add({ kind: 'receivable', invoiceId, amountCents: 2_550, reason: ' Credit note ' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      message: PAY_MESSAGES.adjustmentSaved,
      adjustment: {
        id: expect.any(Number),
        kind: 'receivable',
        invoiceId,
        invoiceNumber: invoiceNumberText(INVOICE_NUMBER),
        organizationName,
        providerId: null,
        clinicianName: null,
        amountCents: 2_550,
        reason: 'Credit note',
        status: 'Pending',
        appliedAt: null,
        nachaFileId: null,
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
    });
    receivableId = res.body.adjustment.id;
    expect(await stored(receivableId)).toEqual({
      kind: 'receivable',
      invoice_id: invoiceId,
      provider_id: null,
      amount_cents: 2_550,
      status: 'Pending',
      applied_by: null,
      created_by: backOfficeId,
    });
    expect(await counts()).toEqual({
      ...before,
      adjustments: before.adjustments + 1,
      audits: before.audits + 1,
    });
    const [audit] = await s().sql<{ action: string; user_email: string; diff: Record<string, unknown> }>(
      `select action, user_email, diff from audit_log where entity = 'Adjustment' and entity_id = $1`,
      [String(receivableId)],
    );
    expect(audit).toMatchObject({
      action: 'CREATE',
      user_email: BACK_OFFICE,
      diff: { amountCents: { before: null, after: 2_550 }, invoiceId: { before: null, after: invoiceId } },
    });
    expect(await invoice()).toMatchObject({ creditedCents: 0, balanceCents: INVOICE_TOTAL });
  });

  it('adds a payable adjustment for a clinician, taking from their pay (negative), never tied to an invoice', async () => {
    const res = await add({
      kind: 'payable',
      providerId,
      invoiceId,
      amountCents: -1_299,
      reason: 'Overpaid mileage',
    });
    expect(res.status).toBe(200);
    expect(res.body.adjustment).toMatchObject({
      kind: 'payable',
      providerId,
      clinicianName,
      invoiceId: null,
      invoiceNumber: null,
      organizationName: null,
      amountCents: -1_299,
      status: 'Pending',
    });
    payableId = res.body.adjustment.id;
    expect(await stored(payableId)).toMatchObject({
      invoice_id: null,
      provider_id: providerId,
      amount_cents: -1_299,
    });
  });

  it('refuses a missing or invalid field with 400 naming it, writing nothing', async () => {
    const before = await counts();
    const receivable = { kind: 'receivable', invoiceId, amountCents: 100, reason: 'Credit' };
    const payable = { kind: 'payable', providerId, amountCents: 100, reason: 'Bonus' };
    const cases: [unknown, string][] = [
      [{ ...receivable, kind: undefined }, 'kind'],
      [{ ...receivable, kind: 'refund' }, 'kind'],
      [{ ...receivable, amountCents: undefined }, 'amountCents'],
      [{ ...receivable, amountCents: 0 }, 'amountCents'],
      [{ ...receivable, amountCents: 12.5 }, 'amountCents'],
      [{ ...receivable, amountCents: '100' }, 'amountCents'],
      [{ ...receivable, amountCents: -100 }, 'amountCents'],
      [{ ...payable, amountCents: 100_000_000_00 }, 'amountCents'],
      [{ ...receivable, invoiceId: undefined }, 'invoiceId'],
      [{ ...payable, providerId: undefined }, 'providerId'],
      [{ ...payable, reason: '  ' }, 'reason'],
      [{ ...payable, reason: undefined }, 'reason'],
    ];
    for (const [body, field] of cases) {
      const res = await add(body);
      expect([JSON.stringify(body), res.status, res.body.errors?.map((e) => e.field)]).toEqual([
        JSON.stringify(body),
        400,
        [field],
      ]);
    }
    const unknownInvoice = await add({ ...receivable, invoiceId: 999_999 });
    expect([unknownInvoice.status, unknownInvoice.body.errors]).toEqual([
      400,
      [{ field: 'invoiceId', message: 'is not a known invoice' }],
    ]);
    const unknownClinician = await add({ ...payable, providerId: 999_999 });
    expect([unknownClinician.status, unknownClinician.body.errors]).toEqual([
      400,
      [{ field: 'providerId', message: 'is not a known clinician' }],
    ]);
    expect(await counts()).toEqual(before);
  });

  it('lets every billing role in; a clinician, coordinator, clinician manager or organization user is refused, signed out 401', async () => {
    for (const token of [admin, director, executive])
      expect((await list('?status=Pending', token)).status).toBe(200);
    const before = await counts();
    const body = { kind: 'payable', providerId, amountCents: 100, reason: 'Bonus' };
    for (const token of [clinician, coordinator, clinicianManager, orgUser]) {
      for (const res of [await list('', token), await add(body, token), await apply(receivableId, token)])
        expect([res.status, res.body.code]).toEqual([403, 'FORBIDDEN']);
    }
    for (const res of [await list('', ''), await add(body, ''), await apply(receivableId, '')])
      expect([res.status, res.body.code]).toEqual([401, 'UNAUTHORIZED']);
    expect(await counts()).toEqual(before);
    expect((await stored(receivableId)).status).toBe('Pending');
  });

  it("refuses to apply a receivable credit over the invoice's balance, naming amountCents, writing nothing", async () => {
    const big = await add({
      kind: 'receivable',
      invoiceId,
      amountCents: INVOICE_TOTAL + 1,
      reason: 'Too much',
    });
    expect(big.status).toBe(200);
    const before = await counts();
    const res = await apply(big.body.adjustment.id);
    expect([res.status, res.body.errors]).toEqual([
      400,
      [{ field: 'amountCents', message: BILLING_MESSAGES.overBalance(formatCents(INVOICE_TOTAL)) }],
    ]);
    expect((await stored(big.body.adjustment.id)).status).toBe('Pending');
    expect(await counts()).toEqual(before);
  });

  it("applies a receivable credit once: the invoice's balance drops, its history says so, and it is audited", async () => {
    const before = await counts();
    const res = await apply(receivableId, director);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      message: PAY_MESSAGES.adjustmentApplied,
      adjustment: { id: receivableId, status: 'Applied', amountCents: 2_550, appliedAt: expect.any(String) },
    });
    const [directorUser] = await s().sql<{ id: number }>(
      `select id from users where email_id = 'director@carelane.local'`,
    );
    expect(await stored(receivableId)).toMatchObject({ status: 'Applied', applied_by: directorUser!.id });
    expect(await invoice()).toMatchObject({
      totalCents: INVOICE_TOTAL,
      creditedCents: 2_550,
      balanceCents: INVOICE_TOTAL - 2_550,
    });
    const events = await s().sql<{ kind: string; detail: string; user_id: number }>(
      `select kind, detail, user_id from invoice_events where invoice_id = $1 order by id`,
      [invoiceId],
    );
    expect(events).toEqual([
      {
        kind: 'adjustment',
        detail: `${formatCents(2_550)} credited: Credit note`,
        user_id: directorUser!.id,
      },
    ]);
    expect(await counts()).toEqual({
      adjustments: before.adjustments,
      applied: before.applied + 1,
      audits: before.audits + 1,
      events: before.events + 1,
    });
    const [audit] = await s().sql<{ action: string; user_email: string; diff: unknown }>(
      `select action, user_email, diff from audit_log where entity = 'Adjustment' and entity_id = $1 order by id desc limit 1`,
      [String(receivableId)],
    );
    expect(audit).toEqual({
      action: 'UPDATE',
      user_email: 'director@carelane.local',
      diff: { status: { before: 'Pending', after: 'Applied' } },
    });

    // Never twice; an unknown one is not found; a malformed id is refused by name.
    const afterApply = await counts();
    const again = await apply(receivableId);
    expect([again.status, again.body.errors]).toEqual([
      400,
      [{ field: 'id', message: PAY_MESSAGES.adjustmentAlreadyApplied }],
    ]);
    expect((await apply(999_999)).status).toBe(404);
    const badId = await apply('x1');
    expect(badId.status).toBe(400);
    expect(await counts()).toEqual(afterApply);
    expect((await invoice()).balanceCents).toBe(INVOICE_TOTAL - 2_550);
  });

  it('applies a payable adjustment without touching any invoice', async () => {
    const before = await counts();
    const res = await apply(payableId);
    expect(res.status).toBe(200);
    expect(res.body.adjustment).toMatchObject({ id: payableId, status: 'Applied', amountCents: -1_299 });
    expect(await counts()).toEqual({ ...before, applied: before.applied + 1, audits: before.audits + 1 });
  });

  it('lists adjustments newest first: Applied by default, Pending on request, by kind and by date made', async () => {
    const ids = async (query: string) => {
      const res = await list(query);
      expect(res.status).toBe(200);
      return res.body.rows.map((r) => r.id);
    };
    const fromDb = async (where: string) =>
      (
        await s().sql<{ id: number }>(
          `select id from adjustments where ${where} order by created_at desc, id desc limit 100`,
        )
      ).map((r) => r.id);
    const applied = await ids('?pageSize=100');
    expect(applied).toEqual(await fromDb(`status = 'Applied'`));
    expect(applied).toEqual(expect.arrayContaining([receivableId, payableId]));
    const pending = await ids('?status=Pending&pageSize=100');
    expect(pending).toEqual(await fromDb(`status = 'Pending'`));
    expect(pending).not.toContain(receivableId);
    const payable = await ids('?kind=payable&pageSize=100');
    expect(payable).toEqual(await fromDb(`status = 'Applied' and kind = 'payable'`));
    expect(payable).toContain(payableId);
    expect(payable).not.toContain(receivableId);
    // Made today: in a range ending today, not in one that ended long ago.
    const [{ today }] = (await s().sql<{ today: string }>(`select current_date::text as today`)) as [
      { today: string },
    ];
    expect(await ids(`?startDate=${today}&endDate=${today}&pageSize=100`)).toEqual(
      expect.arrayContaining([receivableId, payableId]),
    );
    expect(await ids('?startDate=2001-01-01&endDate=2001-12-31')).not.toContain(receivableId);
    const paged = await list('?pageSize=1');
    expect(paged.body.rows).toHaveLength(1);
    const [{ n }] = (await s().sql<{ n: number }>(
      `select count(*)::int as n from adjustments where status = 'Applied'`,
    )) as [{ n: number }];
    expect(paged.body.paging.totalCount).toBe(n);
    const bad = await list('?kind=refund');
    expect([bad.status, bad.body.errors?.[0]?.field]).toEqual([400, 'kind']);
  });
});
