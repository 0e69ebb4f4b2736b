import type { Invoice } from '@carelane/shared-domain';
import { apiError, cardValues, choose, phoneScreen } from '@carelane/shared-ui/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { invoice, overdueInvoice } from '../test-fixtures';
import { emailFailureText } from './invoice-actions';
import { invoiceCsv } from './invoice-csv';
import { invoiceDates } from './InvoicesPage';
import { callsTo, expectAccessible, listAnswer, openInvoices, readText, search } from './test-kit';

// antd tables, selects and modals render slowly in jsdom on a busy machine.
jest.setTimeout(90_000);

const LIST = '/api/operation/invoices';
const lastListParams = (page: ReturnType<typeof openInvoices>) =>
  callsTo(page, LIST)
    .filter((call) => call.url.searchParams.get('pageSize') !== '500')
    .at(-1)!.url.searchParams;
const iso = (days: number) => dayjs().add(days, 'day').format('YYYY-MM-DD');

describe('invoiceDates', () => {
  const now = new Date(2030, 6, 31, 15, 0);
  it('defaults to issue dates from 180 days ago to today (SPEC §9)', () => {
    expect(invoiceDates(undefined, undefined, undefined, now)).toEqual({
      startDate: '2030-02-01',
      endDate: '2030-07-31',
    });
  });

  it('keeps at most 365 days unless opened from a report, and an end before the start gives one day (SPEC §5)', () => {
    expect(invoiceDates('2029-01-01', '2030-12-31', undefined, now)).toEqual({
      startDate: '2029-01-01',
      endDate: '2029-12-31',
    });
    expect(invoiceDates('2029-01-01', '2030-12-31', true, now)).toEqual({
      startDate: '2029-01-01',
      endDate: '2030-12-31',
    });
    expect(invoiceDates('2030-05-10', '2030-05-01', undefined, now)).toEqual({
      startDate: '2030-05-10',
      endDate: '2030-05-10',
    });
  });
});

describe('invoice CSV and email failures', () => {
  it('writes one line per invoice with the money as formatCents shows it and the dates as M/D/YYYY', () => {
    const lines = invoiceCsv([invoice]).split('\r\n');
    expect(lines[0]).toBe(
      'Number,Organization,Issued,Due,Period start,Period end,Lines,Subtotal,Service tax,Total,Paid,Credited,Balance,Status,Payment status',
    );
    expect(lines[1]).toBe(
      'INV-000041,Sunrise Home Health,7/1/2030,7/31/2030,6/1/2030,6/30/2030,2,$580.00,$28.50,$608.50,$100.00,$0.00,$508.50,Sent,Partially paid',
    );
  });

  it('names each refused invoice by its number, once', async () => {
    const { ApiCallError } = await import('@carelane/shared-session');
    const error = new ApiCallError({
      kind: 'http',
      status: 400,
      code: 'VALIDATION',
      text: 'x',
      message: 'x',
      body: {
        errors: [
          {
            field: 'invoiceIds.1',
            message: 'INV-000042: Lakeside Care has no email address; add one to the organization first',
          },
          { field: 'invoiceIds.0', message: 'is not a known invoice' },
        ],
      },
    });
    expect(emailFailureText(error, [invoice, overdueInvoice])).toBe(
      'Sorry, the invoices could not be emailed. INV-000042: Lakeside Care has no email address; add one to the organization first, INV-000041: is not a known invoice',
    );
  });
});

describe('InvoicesPage', () => {
  it('asks for every status, Unpaid, issued −180 days to today, and shows the server’s money', async () => {
    const page = openInvoices('/invoices');
    expect(await screen.findByRole('heading', { level: 1, name: 'Invoices' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Invoices' });
    const row = (await within(table).findByText('INV-000041')).closest('tr')!;
    expect(within(row).getByText('Sunrise Home Health')).toBeTruthy();
    expect(within(row).getByText('7/1/2030')).toBeTruthy();
    expect(within(row).getByText('7/31/2030')).toBeTruthy();
    expect(within(row).getByText('6/1/2030 – 6/30/2030')).toBeTruthy();
    expect(within(row).getByText('$608.50')).toBeTruthy();
    expect(within(row).getByText('$100.00')).toBeTruthy();
    expect(within(row).getByText('$508.50')).toBeTruthy();
    expect(within(row).getByText('Sent')).toBeTruthy();
    expect(within(row).getByText('Partially paid')).toBeTruthy();
    expect(within(row).queryByText('Overdue')).toBeNull();
    const overdue = within(table).getByText('INV-000042').closest('tr')!;
    expect(within(overdue).getByText('Overdue')).toBeTruthy();
    expect(within(overdue).getByText('Unpaid')).toBeTruthy();
    expect(within(overdue).getByText('$0.00')).toBeTruthy();

    const params = lastListParams(page);
    expect(params.get('status')).toBe('ALL');
    expect(params.get('paymentStatus')).toBe('Unpaid');
    expect(params.get('startDate')).toBe(iso(-180));
    expect(params.get('endDate')).toBe(iso(0));
    expect(params.get('pageNumber')).toBe('1');
    expect(params.get('pageSize')).toBe('10');
    expect(params.has('fromReport')).toBe(false);
    expect(params.has('referralSourceId')).toBe(false);
    expect(screen.getByText('Showing 1–2 of 2')).toBeTruthy();
    page.done();
  });

  it('writes the filters chosen to the URL and back to page 1', async () => {
    const page = openInvoices('/invoices?pageNumber=2', { list: (call) => listAnswer([invoice], 12, call) });
    await screen.findByText('INV-000041');
    await choose('Status', 'In collection');
    await waitFor(() => expect(search().get('status')).toBe('Collection'));
    expect(search().get('pageNumber')).toBeNull();
    await waitFor(() => expect(lastListParams(page).get('status')).toBe('Collection'));

    await choose('Payment status', 'All payment statuses');
    await waitFor(() => expect(search().get('paymentStatus')).toBe('ALL'));
    await waitFor(() => expect(lastListParams(page).get('paymentStatus')).toBe('ALL'));
    await choose('Payment status', 'Unpaid');
    await waitFor(() => expect(search().has('paymentStatus')).toBe(false));

    await choose('Organization', 'Lakeside Care');
    await waitFor(() => expect(search().get('referralSourceId')).toBe('4'));
    await waitFor(() => expect(lastListParams(page).get('referralSourceId')).toBe('4'));
    page.done();
  });

  it('reads its filters from the URL: 365 days at most, unless opened from a report', async () => {
    const page = openInvoices('/invoices?from=2029-01-01&to=2030-12-31&status=Sent&paymentStatus=Paid');
    await screen.findByText('INV-000041');
    let params = lastListParams(page);
    expect([params.get('startDate'), params.get('endDate')]).toEqual(['2029-01-01', '2029-12-31']);
    expect(params.get('status')).toBe('Sent');
    expect(params.get('paymentStatus')).toBe('Paid');
    page.done();

    const report = openInvoices('/invoices?from=2029-01-01&to=2030-12-31&fromReport=true');
    await screen.findByText('INV-000041');
    params = lastListParams(report);
    expect([params.get('startDate'), params.get('endDate')]).toEqual(['2029-01-01', '2030-12-31']);
    expect(params.get('fromReport')).toBe('true');
    report.done();
  });

  it('says which range the server used when it is not the one asked for', async () => {
    const page = openInvoices('/invoices?from=2030-01-01&to=2030-03-31', {
      list: () => listAnswer([invoice], 1, undefined),
    });
    expect(
      await screen.findByText(
        'Showing the invoices issued 1/1/2030 to 6/30/2030: the range the server used.',
      ),
    ).toBeTruthy();
    page.done();
  });

  it('says so when no invoice matches, and shows a load failure with a retry', async () => {
    const page = openInvoices('/invoices', { list: (call) => listAnswer([], 0, call) });
    expect(await screen.findByText('No invoices match these filters.')).toBeTruthy();
    page.done();

    const failing = openInvoices('/invoices', { list: () => apiError(500, 'Something went wrong.') });
    expect(await screen.findByText(/Sorry, the invoices could not be loaded/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
    failing.done();
  });

  it('emails the invoices chosen after confirming, with the server’s message as the toast', async () => {
    const page = openInvoices('/invoices');
    await screen.findByText('INV-000041');
    const email = screen.getByRole('button', { name: 'Email invoices' });
    expect(email.hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select INV-000041' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select INV-000042' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Email 2 invoices' }));
    // antd writes a confirmation's title twice (one for screen readers).
    expect((await screen.findAllByText('Email 2 invoices?')).length).toBeGreaterThan(0);
    expect(callsTo(page, '/api/admin/emailInvoices', 'POST')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Email' }));
    await waitFor(() => expect(page.toasts).toEqual(['2 invoices sent by email.']));
    expect(callsTo(page, '/api/admin/emailInvoices', 'POST')[0]!.body).toEqual({ invoiceIds: [41, 42] });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Email invoices' })).toBeTruthy());
    page.done();
  });

  it('exports every invoice of the filters as CSV, 500 at a time, saying how far it got', async () => {
    const many = (count: number, from: number): Invoice[] =>
      Array.from({ length: count }, (_v, index) => ({
        ...invoice,
        id: from + index,
        number: `INV-${String(from + index).padStart(6, '0')}`,
      }));
    const page = openInvoices('/invoices?status=Sent&referralSourceId=3', {
      list: (call) => {
        if (call.url.searchParams.get('pageSize') !== '500') return listAnswer([invoice], 1, call);
        const pageNumber = Number(call.url.searchParams.get('pageNumber'));
        return listAnswer(pageNumber === 1 ? many(500, 1000) : many(1, 1500), 501, call, 500);
      },
    });
    await screen.findByText('INV-000041');
    const saved: { name: string; blob: Blob }[] = [];
    let blob: Blob | undefined;
    URL.createObjectURL = jest.fn((made: Blob) => {
      blob = made;
      return 'blob:invoices';
    });
    URL.revokeObjectURL = jest.fn();
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push({ name: this.download, blob: blob! });
    });
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toBe(`invoices-${iso(-180)}-to-${iso(0)}.csv`);
    expect(screen.getByText('Exported 501 invoices.')).toBeTruthy();
    const pages = callsTo(page, LIST).filter((call) => call.url.searchParams.get('pageSize') === '500');
    expect(pages.map((call) => call.url.searchParams.get('pageNumber'))).toEqual(['1', '2']);
    for (const call of pages) {
      expect(call.url.searchParams.get('status')).toBe('Sent');
      expect(call.url.searchParams.get('referralSourceId')).toBe('3');
      expect(call.url.searchParams.get('paymentStatus')).toBe('Unpaid');
    }
    const text = await readText(saved[0]!.blob);
    const lines = text.split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(502);
    expect(lines[1]).toContain('INV-001000,Sunrise Home Health');
    expect(lines.at(-1)).toContain('INV-001500');
    click.mockRestore();
    page.done();
  });

  it('opens an invoice in the drawer from its row, the invoice in the URL', async () => {
    const page = openInvoices('/invoices?status=Sent');
    const link = await screen.findByRole('link', {
      name: /INV-000041 — open the invoice of Sunrise Home Health/,
    });
    expect(link.getAttribute('href')).toBe('/invoices?status=Sent&invoiceId=41');
    fireEvent.click(link);
    await waitFor(() => expect(search().get('invoiceId')).toBe('41'));
    expect(await screen.findByText('Invoice INV-000041')).toBeTruthy();
    expect(search().get('status')).toBe('Sent');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(search().has('invoiceId')).toBe(false));
    page.done();
  });

  it('gives an organization user their invoices with no billing actions and no organization filter', async () => {
    const page = openInvoices('/invoices', {}, 9);
    await screen.findByText('INV-000041');
    expect(screen.getByText("Your organization's invoices")).toBeTruthy();
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Email/ })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Organization' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeTruthy();
    expect(lastListParams(page).has('referralSourceId')).toBe(false);
    expect(callsTo(page, '/api/admin/referralSources')).toEqual([]);
    page.done();
  });

  it('has no serious or critical axe violations (billing staff, organization user, empty)', async () => {
    const staff = openInvoices('/invoices', {
      list: (call) => listAnswer([invoice, overdueInvoice], 25, call),
    });
    await screen.findByText('Showing 1–10 of 25');
    await expectAccessible(staff.container);
    staff.done();

    const organization = openInvoices('/invoices', {}, 9);
    await screen.findByText('Showing 1–2 of 2');
    await expectAccessible(organization.container);
    organization.done();

    const empty = openInvoices('/invoices', { list: (call) => listAnswer([], 0, call) });
    await screen.findByText('No results');
    await expectAccessible(empty.container);
    empty.done();
  });
});

describe('InvoicesPage on a phone', () => {
  it('gives an organization user each invoice as a card: its number opens it, the money and dates as label and value', async () => {
    const restore = phoneScreen();
    try {
      const page = openInvoices('/invoices', {}, 9);
      const cards = await screen.findByRole('list', { name: 'Invoices' });
      expect(screen.queryByRole('table')).toBeNull();
      const card = within(cards).getAllByRole('listitem')[0]!;
      expect(cardValues(card)).toMatchObject({
        Organization: 'Sunrise Home Health',
        Issued: '7/1/2030',
        Period: '6/1/2030 – 6/30/2030',
        Total: '$608.50',
        Paid: '$100.00',
        Balance: '$508.50',
        Status: 'Sent',
        'Payment status': 'Partially paid',
      });
      fireEvent.click(within(card).getByRole('link', { name: /INV-000041/ }));
      await waitFor(() => expect(search().get('invoiceId')).toBe('41'));
      await expectAccessible(page.container);
      page.done();
    } finally {
      restore();
    }
  });
});
