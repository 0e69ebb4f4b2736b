import { jsonResponse } from '@carelane/shared-session/testing';
import { apiError, choose, paging } from '@carelane/shared-ui/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { credit, invoice, invoiceDetail, overdueInvoice } from '../test-fixtures';
import { defaultApplicationCents } from './apply-amount';
import { callsTo, expectAccessible, openInvoices, recordedPayment } from './test-kit';

// antd drawers, tables and modals render slowly in jsdom on a busy machine.
jest.setTimeout(90_000);

const PAYMENTS = '/api/operation/payments';
const today = () => dayjs().format('YYYY-MM-DD');

/** The drawer once it shows the invoice. */
async function drawerOf(number: string): Promise<HTMLElement> {
  const title = await screen.findByText(`Invoice ${number}`);
  return title.closest('[role="dialog"]') as HTMLElement;
}

/** The modal showing this title (antd writes a modal's title once). */
async function modalTitled(title: string): Promise<HTMLElement> {
  const heading = await screen.findByText(title, { selector: '.ant-modal-title' });
  return heading.closest('.ant-modal') as HTMLElement;
}

const type = (dialog: HTMLElement, label: string, value: string) =>
  fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });

/** The form item around the field labelled `label`: what shows next to it. */
const fieldOf = (dialog: HTMLElement, label: string) =>
  within(dialog).getByLabelText(label).closest('.ant-form-item') as HTMLElement;

describe('defaultApplicationCents', () => {
  it('applies as much as the payment has left and the invoice owes (allocatePayment)', () => {
    expect(defaultApplicationCents(1234, { id: 41, balanceCents: 50850 })).toBe(1234);
    expect(defaultApplicationCents(80000, { id: 41, balanceCents: 50850 })).toBe(50850);
    expect(defaultApplicationCents(80000, { id: 41, balanceCents: 0 })).toBe(0);
  });
});

describe('InvoiceDrawer', () => {
  it('shows the lines, the totals, the payments and the history as the server answered them', async () => {
    const page = openInvoices('/invoices?invoiceId=41');
    const drawer = await drawerOf('INV-000041');
    expect(await within(drawer).findByText('Sunrise Home Health')).toBeTruthy();
    expect(within(drawer).getByText('ZIP 78701')).toBeTruthy();
    const lines = within(drawer).getByRole('table', { name: 'Lines of INV-000041' });
    const first = within(lines).getByText('Doe, Jane').closest('tr')!;
    expect(within(first).getByText('$50.00')).toBeTruthy();
    expect(within(first).getByText('$505.00')).toBeTruthy();
    expect(within(first).getByText('$28.50')).toBeTruthy();
    expect(within(first).getByText('Organization 8 h × $50.00 = $400.00')).toBeTruthy();
    const late = within(lines).getByText('Poe, Edgar').closest('tr')!;
    expect(within(late).getAllByText('Late cancellation').length).toBe(2);
    expect(within(late).getByText('$75.00')).toBeTruthy();

    const totals = within(drawer).getByRole('region', { name: 'Totals' });
    const amountOf = (label: string) =>
      within(totals).getByText(label).closest('tr')!.querySelector('.ant-descriptions-item-content')!
        .textContent;
    expect(amountOf('Subtotal')).toBe('$580.00');
    expect(amountOf('Service tax')).toBe('$28.50');
    expect(amountOf('Total')).toBe('$608.50');
    expect(amountOf('Paid')).toBe('$100.00');
    expect(amountOf('Balance')).toBe('$508.50');
    expect(within(totals).queryByText('Credits')).toBeNull();

    const applied = within(drawer).getByRole('table', { name: 'Payments applied to INV-000041' });
    expect(within(applied).getByText('1001')).toBeTruthy();
    expect(within(applied).getByText('$100.00')).toBeTruthy();
    const history = within(drawer).getByRole('region', { name: 'History' });
    expect(within(history).getByText('Emailed')).toBeTruthy();
    expect(history.textContent).toContain(': Emailed to billing@example.com');
    expect(history.textContent).toContain('by Billy Back');
    page.done();
  });

  it('shows the credits of applied adjustments when there are', async () => {
    const page = openInvoices('/invoices?invoiceId=41', {
      detail: () => jsonResponse({ ...invoiceDetail(), creditedCents: 5000, balanceCents: 45850 }),
    });
    const drawer = await drawerOf('INV-000041');
    const totals = within(drawer).getByRole('region', { name: 'Totals' });
    expect(within(totals).getByText('Credits').closest('tr')!.textContent).toContain('$50.00');
    expect(within(totals).getByText('Balance').closest('tr')!.textContent).toContain('$458.50');
    page.done();
  });

  it('records a payment typed in dollars as exact cents, then applies it: both server messages as toasts', async () => {
    const page = openInvoices('/invoices?invoiceId=41');
    const drawer = await drawerOf('INV-000041');
    fireEvent.click(await within(drawer).findByRole('button', { name: 'Record payment' }));
    const dialog = await modalTitled('Record a payment for INV-000041');
    await choose('Method', 'ACH');
    type(dialog, 'Reference', 'ACH-7781');
    type(dialog, 'Amount', '12.34');
    // The amount to apply follows the payment: min(payment, balance).
    await waitFor(() =>
      expect((within(dialog).getByLabelText('Amount to apply') as HTMLInputElement).value).toBe('12.34'),
    );
    expect((within(dialog).getByLabelText('Received on') as HTMLInputElement).value).toBe(
      dayjs().format('M/D/YYYY'),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(page.toasts).toEqual(['Payment added successfully.', 'Payment applied.']));
    expect(callsTo(page, PAYMENTS, 'POST')[0]!.body).toEqual({
      referralSourceId: 3,
      method: 'ACH',
      reference: 'ACH-7781',
      amountCents: 1234,
      receivedOn: today(),
    });
    expect(callsTo(page, '/api/operation/payments/90/apply', 'POST')[0]!.body).toEqual({
      applications: [{ invoiceId: 41, amountCents: 1234 }],
    });
    await waitFor(() => expect(screen.queryByText('Record a payment for INV-000041')).toBeNull());
    page.done();
  });

  it('applies the lower amount the user typed, never more than the invoice owes', async () => {
    const page = openInvoices('/invoices?invoiceId=41');
    const drawer = await drawerOf('INV-000041');
    fireEvent.click(await within(drawer).findByRole('button', { name: 'Record payment' }));
    const dialog = await modalTitled('Record a payment for INV-000041');
    type(dialog, 'Reference', '1002');
    type(dialog, 'Amount', '1,000.10');
    await waitFor(() =>
      expect((within(dialog).getByLabelText('Amount to apply') as HTMLInputElement).value).toBe('508.50'),
    );
    type(dialog, 'Amount to apply', '600');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(
      await within(fieldOf(dialog, 'Amount to apply')).findByText(
        "Apply at most the invoice's balance, $508.50.",
      ),
    ).toBeTruthy();
    type(dialog, 'Amount to apply', '250.5');
    type(dialog, 'Amount', '1,000.105');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(
      await within(fieldOf(dialog, 'Amount')).findByText('Enter at most 2 decimal places (whole cents).'),
    ).toBeTruthy();
    expect(callsTo(page, PAYMENTS, 'POST')).toEqual([]);
    type(dialog, 'Amount', '1,000.10');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(page.toasts).toEqual(['Payment added successfully.', 'Payment applied.']));
    expect((callsTo(page, PAYMENTS, 'POST')[0]!.body as { amountCents: number }).amountCents).toBe(100010);
    expect(callsTo(page, '/api/operation/payments/90/apply', 'POST')[0]!.body).toEqual({
      applications: [{ invoiceId: 41, amountCents: 25050 }],
    });
    page.done();
  });

  it('shows a 400 answer’s error next to the field it names, and records nothing', async () => {
    const page = openInvoices('/invoices?invoiceId=41', {
      record: () =>
        apiError(400, 'amountCents: must be less than $100,000,000', [
          { field: 'amountCents', message: 'must be less than $100,000,000' },
        ]),
    });
    const drawer = await drawerOf('INV-000041');
    fireEvent.click(await within(drawer).findByRole('button', { name: 'Record payment' }));
    const dialog = await modalTitled('Record a payment for INV-000041');
    type(dialog, 'Reference', '1002');
    type(dialog, 'Amount', '99999999.99');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(
      await within(fieldOf(dialog, 'Amount')).findByText('Amount: must be less than $100,000,000'),
    ).toBeTruthy();
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'Sorry, the payment could not be added. Amount: must be less than $100,000,000',
    );
    expect((callsTo(page, PAYMENTS, 'POST')[0]!.body as { amountCents: number }).amountCents).toBe(
      9999999999,
    );
    expect(page.toasts).toEqual([]);
    expect(callsTo(page, '/api/operation/payments/90/apply', 'POST')).toEqual([]);
    page.done();
  });

  it('warns of a payment the server finds recorded already and records it again only when the user confirms', async () => {
    const recorded =
      'ACH ACH-7781 of $12.34 received 2030-07-20 (payment 12) is recorded already for Sunrise Home Health. Record it again only if it was paid twice.';
    let answers = 0;
    const page = openInvoices('/invoices?invoiceId=41', {
      record: (call) =>
        ++answers === 1
          ? jsonResponse({ statusCode: 409, code: 'DUPLICATE_PAYMENT', error: recorded }, 409)
          : jsonResponse({
              message: 'Payment added successfully.',
              payment: recordedPayment(
                call.body as { amountCents: number; method: string; reference: string },
              ),
            }),
    });
    const drawer = await drawerOf('INV-000041');
    fireEvent.click(await within(drawer).findByRole('button', { name: 'Record payment' }));
    const dialog = await modalTitled('Record a payment for INV-000041');
    await choose('Method', 'ACH');
    type(dialog, 'Reference', 'ACH-7781');
    type(dialog, 'Amount', '12.34');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    const warning = await within(dialog).findByText('This payment may be recorded already');
    expect(warning.closest('[role="alert"]')!.textContent).toContain(recorded);
    expect(page.toasts).toEqual([]);
    expect(page.errorToasts).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record it again' }));
    await waitFor(() => expect(page.toasts).toEqual(['Payment added successfully.', 'Payment applied.']));
    const posts = callsTo(page, PAYMENTS, 'POST');
    expect(posts.map((call) => (call.body as { allowDuplicate?: boolean }).allowDuplicate)).toEqual([
      undefined,
      true,
    ]);
    // The same payment both times: one Idempotency-Key.
    const keys = posts.map((call) => call.headers.get('idempotency-key'));
    expect(keys[0]).toMatch(/^\S{8,}$/);
    expect(keys[1]).toBe(keys[0]);
    page.done();
  });

  it('sends a new Idempotency-Key for another payment, and the same one when the same payment is retried', async () => {
    let answers = 0;
    const page = openInvoices('/invoices?invoiceId=41', {
      record: (call) =>
        ++answers <= 2
          ? jsonResponse({ statusCode: 500, code: 'INTERNAL', error: 'Something went wrong.' }, 500)
          : jsonResponse({
              message: 'Payment added successfully.',
              payment: recordedPayment(
                call.body as { amountCents: number; method: string; reference: string },
              ),
            }),
    });
    const drawer = await drawerOf('INV-000041');
    fireEvent.click(await within(drawer).findByRole('button', { name: 'Record payment' }));
    const dialog = await modalTitled('Record a payment for INV-000041');
    type(dialog, 'Reference', '1002');
    type(dialog, 'Amount', '20');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(page.errorToasts).toHaveLength(1));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(page.errorToasts).toHaveLength(2));
    type(dialog, 'Amount', '25');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(page.toasts).toContain('Payment added successfully.'));
    const keys = callsTo(page, PAYMENTS, 'POST').map((call) => call.headers.get('idempotency-key'));
    expect(keys).toHaveLength(3);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
    page.done();
  });

  it('refuses a received day past tomorrow before sending it', async () => {
    const page = openInvoices('/invoices?invoiceId=41');
    const drawer = await drawerOf('INV-000041');
    fireEvent.click(await within(drawer).findByRole('button', { name: 'Record payment' }));
    const dialog = await modalTitled('Record a payment for INV-000041');
    type(dialog, 'Reference', '1002');
    type(dialog, 'Amount', '20');
    const received = within(dialog).getByLabelText('Received on');
    fireEvent.change(received, { target: { value: dayjs().add(3, 'day').format('M/D/YYYY') } });
    fireEvent.blur(received);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    const tomorrow = dayjs().add(1, 'day').format('YYYY-MM-DD');
    expect(
      await within(fieldOf(dialog, 'Received on')).findByText(
        `Received on must not be after ${tomorrow}: record a payment once it is received.`,
      ),
    ).toBeTruthy();
    expect(callsTo(page, PAYMENTS, 'POST')).toEqual([]);
    page.done();
  });

  it('does not record a payment twice when applying it failed: the next try only applies it', async () => {
    let applyAnswers = 0;
    const page = openInvoices('/invoices?invoiceId=41', {
      apply: () =>
        ++applyAnswers === 1
          ? apiError(400, 'applications.0.amountCents: is more than the invoice’s balance ($508.50)', [
              {
                field: 'applications.0.amountCents',
                message: "is more than the invoice's balance ($508.50)",
              },
            ])
          : jsonResponse({ message: 'Payment applied.', payment: { ...credit, id: 90 } }),
    });
    const drawer = await drawerOf('INV-000041');
    fireEvent.click(await within(drawer).findByRole('button', { name: 'Record payment' }));
    const dialog = await modalTitled('Record a payment for INV-000041');
    type(dialog, 'Reference', '1002');
    type(dialog, 'Amount', '20');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(
      await within(fieldOf(dialog, 'Amount to apply')).findByText(
        "Amount to apply: is more than the invoice's balance ($508.50)",
      ),
    ).toBeTruthy();
    expect(page.toasts).toEqual(['Payment added successfully.']);
    expect(
      within(dialog).getByText(/Check 1002 of \$20\.00 is recorded\. Until it is applied it stays on/),
    ).toBeTruthy();
    expect(within(dialog).getByLabelText('Amount')).toHaveProperty('disabled', true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply payment' }));
    await waitFor(() => expect(page.toasts).toEqual(['Payment added successfully.', 'Payment applied.']));
    expect(applyAnswers).toBe(2);
    expect(callsTo(page, PAYMENTS, 'POST')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByText('Record a payment for INV-000041')).toBeNull());
    page.done();
  });

  it("applies an earlier payment's credit: by default what both allow", async () => {
    const page = openInvoices('/invoices?invoiceId=41');
    const drawer = await drawerOf('INV-000041');
    const credits = await within(drawer).findByRole('table', {
      name: 'Payments of Sunrise Home Health with money left to apply',
    });
    expect(within(credits).getByText('$800.00')).toBeTruthy();
    const asked = callsTo(page, PAYMENTS)[0]!.url.searchParams;
    expect([asked.get('referralSourceId'), asked.get('unappliedOnly')]).toEqual(['3', 'true']);
    fireEvent.click(within(credits).getByRole('button', { name: 'Apply ACH ACH-5521 to INV-000041' }));
    const dialog = await modalTitled('Apply a payment to INV-000041');
    expect((within(dialog).getByLabelText('Amount to apply') as HTMLInputElement).value).toBe('508.50');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply payment' }));
    await waitFor(() => expect(page.toasts).toEqual(['Payment applied.']));
    expect(callsTo(page, '/api/operation/payments/80/apply', 'POST')[0]!.body).toEqual({
      applications: [{ invoiceId: 41, amountCents: 50850 }],
    });
    page.done();
  });

  it('sends an overdue invoice to collection only after confirming', async () => {
    const page = openInvoices('/invoices?invoiceId=42', {
      credits: () => jsonResponse({ rows: [], paging: paging(0) }),
    });
    const drawer = await drawerOf('INV-000042');
    expect(
      await within(drawer).findByText('Lakeside Care has no payment with money left to apply.'),
    ).toBeTruthy();
    fireEvent.click(within(drawer).getByRole('button', { name: 'Send to collection' }));
    expect((await screen.findAllByText('Send INV-000042 to collection?')).length).toBeGreaterThan(0);
    expect(screen.getByText(/Lakeside Care owes \$608\.50, due 2\/1\/2020\./)).toBeTruthy();
    expect(callsTo(page, '/api/operation/invoices/42/collection', 'POST')).toEqual([]);
    const confirm = screen.getByText(/Lakeside Care owes/).closest('.ant-modal') as HTMLElement;
    fireEvent.click(within(confirm).getByRole('button', { name: 'Send to collection' }));
    await waitFor(() => expect(page.toasts).toEqual(['Assignment sent to collection successfully.']));
    expect(callsTo(page, '/api/operation/invoices/42/collection', 'POST')).toHaveLength(1);
    page.done();
  });

  it('offers no collection for an invoice not yet due, or already in collection', async () => {
    const page = openInvoices('/invoices?invoiceId=41');
    const drawer = await drawerOf('INV-000041');
    await within(drawer).findByRole('button', { name: 'Record payment' });
    expect(within(drawer).queryByRole('button', { name: 'Send to collection' })).toBeNull();
    page.done();

    const inCollection = openInvoices('/invoices?invoiceId=42', {
      detail: () =>
        jsonResponse({
          ...invoiceDetail(overdueInvoice),
          status: 'Collection',
          collectionAt: '2030-03-01T12:00:00.000Z',
        }),
    });
    const other = await drawerOf('INV-000042');
    expect(await within(other).findByText('In collection since')).toBeTruthy();
    expect(within(other).queryByRole('button', { name: 'Send to collection' })).toBeNull();
    inCollection.done();
  });

  it('opens the PDF with the session’s token in a new tab, and emails the invoice', async () => {
    const opened: string[] = [];
    const open = jest.spyOn(globalThis, 'open').mockImplementation((url) => {
      opened.push(String(url));
      return null;
    });
    URL.createObjectURL = jest.fn(() => 'blob:invoice-pdf');
    URL.revokeObjectURL = jest.fn();
    const page = openInvoices('/invoices?invoiceId=41', {
      email: () => jsonResponse({ message: '1 invoice sent by email.', invoices: [invoice] }),
    });
    const drawer = await drawerOf('INV-000041');
    fireEvent.click(await within(drawer).findByRole('button', { name: 'Open PDF' }));
    await waitFor(() => expect(opened).toEqual(['blob:invoice-pdf']));
    const pdf = callsTo(page, '/api/fileserver/invoices/41')[0]!;
    expect(pdf.headers.get('authorization')).toBe('Bearer token-2');
    fireEvent.click(within(drawer).getByRole('button', { name: 'Email' }));
    await waitFor(() => expect(page.toasts).toEqual(['1 invoice sent by email.']));
    expect(callsTo(page, '/api/admin/emailInvoices', 'POST')[0]!.body).toEqual({ invoiceIds: [41] });
    open.mockRestore();
    page.done();
  });

  it('shows an email refusal as the catalogue text', async () => {
    const page = openInvoices('/invoices?invoiceId=41', {
      email: () =>
        apiError(400, 'invoiceIds.0: INV-000041: Sunrise Home Health has no email address', [
          {
            field: 'invoiceIds.0',
            message:
              'INV-000041: Sunrise Home Health has no email address; add one to the organization first',
          },
        ]),
    });
    const drawer = await drawerOf('INV-000041');
    fireEvent.click(await within(drawer).findByRole('button', { name: 'Email' }));
    await waitFor(() =>
      expect(page.errorToasts).toEqual([
        'Sorry, the invoices could not be emailed. INV-000041: Sunrise Home Health has no email address; add one to the organization first',
      ]),
    );
    page.done();
  });

  it('gives an organization user the invoice and its PDF, and none of the billing actions', async () => {
    const page = openInvoices('/invoices?invoiceId=41', {}, 9);
    const drawer = await drawerOf('INV-000041');
    expect(await within(drawer).findByRole('button', { name: 'Open PDF' })).toBeTruthy();
    expect(within(drawer).getByRole('button', { name: 'Download PDF' })).toBeTruthy();
    for (const name of ['Email', 'Record payment', 'Send to collection'])
      expect(within(drawer).queryByRole('button', { name })).toBeNull();
    expect(within(drawer).queryByRole('region', { name: 'Credit to apply' })).toBeNull();
    expect(callsTo(page, PAYMENTS)).toEqual([]);
    page.done();
  });

  it('says so when the invoice cannot be loaded', async () => {
    const page = openInvoices('/invoices?invoiceId=99', {
      detail: () => apiError(404, 'Invoice was not found.'),
    });
    expect(
      await screen.findByText('Sorry, the invoice could not be loaded. Invoice was not found.'),
    ).toBeTruthy();
    page.done();
  });

  it('has no serious or critical axe violations (drawer, payment form, credit form)', async () => {
    const page = openInvoices('/invoices?invoiceId=41');
    const drawer = await drawerOf('INV-000041');
    await within(drawer).findByRole('table', {
      name: 'Payments of Sunrise Home Health with money left to apply',
    });
    const root = drawer.closest('.ant-drawer');
    expect(root).not.toBeNull();
    await expectAccessible(root!);
    fireEvent.click(within(drawer).getByRole('button', { name: 'Record payment' }));
    const dialog = await modalTitled('Record a payment for INV-000041');
    expect(dialog.closest('.ant-modal-wrap')).not.toBeNull();
    await expectAccessible(dialog.closest('.ant-modal-wrap')!);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByText('Record a payment for INV-000041')).toBeNull());
    fireEvent.click(within(drawer).getByRole('button', { name: 'Apply ACH ACH-5521 to INV-000041' }));
    const creditDialog = await modalTitled('Apply a payment to INV-000041');
    await expectAccessible(creditDialog.closest('.ant-modal-wrap')!);
    page.done();
  });
});
