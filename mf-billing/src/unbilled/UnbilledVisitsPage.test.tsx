import type { UnbilledVisit } from '@carelane/shared-domain';
import { jsonResponse } from '@carelane/shared-session/testing';
import { apiError, choose, paging, renderPage, type RenderedPage } from '@carelane/shared-ui/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import dayjs from 'dayjs';
import { invoice, organizationsAnswer, pricedVisit } from '../test-fixtures';
import UnbilledVisitsPage, { unbilledDates } from './UnbilledVisitsPage';

// antd tables, selects and modals render slowly in jsdom on a busy machine.
jest.setTimeout(90_000);

const priced = pricedVisit;
const unpriced: UnbilledVisit = {
  ...priced,
  visitId: 6,
  patientName: 'Roe, Richard',
  problem: 'No organization rate for RN Skilled nursing visit',
  unitsText: '',
  amountCents: 0,
  serviceTaxCents: 0,
  breakdown: [],
};
const lateCancelled: UnbilledVisit = {
  ...priced,
  visitId: 7,
  patientName: 'Poe, Edgar',
  lateCancellation: true,
  unitsText: 'Late cancellation',
  amountCents: 7500,
  serviceTaxCents: 0,
  breakdown: ['Late cancellation $75.00'],
};
const created = { ...invoice, paidCents: 0, balanceCents: 60850, status: 'Created', paymentStatus: 'Unpaid' };

const listAnswer = (rows: UnbilledVisit[], total = rows.length, pageNumber = 1) =>
  jsonResponse({ rows, paging: paging(total, pageNumber) });

function open(url: string, answers: { list?: () => Response; create?: () => Response } = {}): RenderedPage {
  return renderPage(<UnbilledVisitsPage />, {
    url,
    roleId: 2,
    route: (call) => {
      const path = call.url.pathname;
      if (path === '/api/operation/unbilledVisits')
        return answers.list?.() ?? listAnswer([priced, unpriced, lateCancelled]);
      if (path === '/api/admin/referralSources') return organizationsAnswer();
      if (path === '/api/admin/createInvoice' && call.method === 'POST')
        return answers.create?.() ?? jsonResponse({ message: '1 invoice created.', invoices: [created] });
      return undefined;
    },
  });
}

const listCalls = (page: RenderedPage) =>
  page.calls.filter((c) => c.url.pathname === '/api/operation/unbilledVisits');
const lastListParams = (page: RenderedPage) => listCalls(page).at(-1)!.url.searchParams;
const search = () => new URLSearchParams(location.search);

describe('unbilledDates', () => {
  it('defaults to the last 30 days to today, and an end before the start gives one day', () => {
    const now = new Date(2030, 6, 31, 15, 0);
    expect(unbilledDates(undefined, undefined, now)).toEqual({
      startDate: '2030-07-01',
      endDate: '2030-07-31',
    });
    expect(unbilledDates('2030-01-01', '2030-01-31', now)).toEqual({
      startDate: '2030-01-01',
      endDate: '2030-01-31',
    });
    expect(unbilledDates('2030-03-10', '2030-03-01', now)).toEqual({
      startDate: '2030-03-10',
      endDate: '2030-03-10',
    });
  });
});

describe('UnbilledVisitsPage', () => {
  it('names a visit awaiting approval by its own status, and a shift without a patient as a shift', async () => {
    const shift: UnbilledVisit = {
      ...priced,
      visitId: 8,
      patientName: '',
      status: 'ApprovalDue',
      dateOfService: '2030-06-05',
    };
    const page = open('/unbilledvisits', { list: () => listAnswer([shift]) });
    expect(
      await screen.findByText(
        'Billable visits not on an invoice yet (Notes Approved, Approval Due, Final Review, Final Confirmed), priced as their invoice lines will be',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/Approved visits/)).toBeNull();
    const table = await screen.findByRole('table', { name: 'Unbilled visits' });
    const row = (await within(table).findByText('Approval Due')).closest('tr')!;
    expect(within(row).getByText(/How it is priced/).textContent).toBe(
      'How it is priced — shift on 6/5/2030',
    );
    page.done();
  });

  it('lists the priced visits with their money, asked for the last 30 days', async () => {
    const page = open('/unbilledvisits');
    expect(await screen.findByRole('heading', { level: 1, name: 'Unbilled visits' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Unbilled visits' });
    const row = (await within(table).findByText('Doe, Jane')).closest('tr')!;
    expect(within(row).getByText('6/4/2030')).toBeTruthy();
    expect(within(row).getByText('$505.00')).toBeTruthy();
    expect(within(row).getByText('$28.50')).toBeTruthy();
    expect(within(row).getByText('9.5 h')).toBeTruthy();
    expect(within(row).getByText('Notes Approved')).toBeTruthy();
    // The rate engine's explanation, behind a disclosure named for its visit.
    expect(within(row).getByText(/How it is priced/).textContent).toContain('visit of Doe, Jane on 6/4/2030');
    expect(within(row).getByText('After the limit 1.5 h × $70.00 = $105.00')).toBeTruthy();

    const problemRow = within(table).getByText('Roe, Richard').closest('tr')!;
    expect(
      within(problemRow).getByText('Cannot be billed: No organization rate for RN Skilled nursing visit'),
    ).toBeTruthy();
    expect(within(problemRow).queryByText('$0.00')).toBeNull();

    const lateRow = within(table).getByText('Poe, Edgar').closest('tr')!;
    expect(within(lateRow).getByText('Late Cancelled')).toBeTruthy();
    expect(within(lateRow).getByText('$75.00')).toBeTruthy();

    const params = lastListParams(page);
    expect(params.get('startDate')).toBe(dayjs().subtract(30, 'day').format('YYYY-MM-DD'));
    expect(params.get('endDate')).toBe(dayjs().format('YYYY-MM-DD'));
    expect(params.get('pageNumber')).toBe('1');
    expect(params.get('pageSize')).toBe('10');
    expect(params.has('referralSourceId')).toBe(false);
    expect(screen.getByText('Showing 1–3 of 3')).toBeTruthy();
    page.done();
  });

  it('reads its filters from the URL and writes the organization chosen back to it', async () => {
    const page = open('/unbilledvisits?from=2030-06-01&to=2030-06-30&pageNumber=2', {
      list: () => listAnswer([priced], 21, 2),
    });
    await screen.findByText('Doe, Jane');
    expect(lastListParams(page).get('startDate')).toBe('2030-06-01');
    expect(lastListParams(page).get('endDate')).toBe('2030-06-30');
    expect(lastListParams(page).get('pageNumber')).toBe('2');
    await choose('Organization', 'Lakeside Care');
    await waitFor(() => expect(search().get('referralSourceId')).toBe('4'));
    expect(search().get('pageNumber')).toBeNull();
    await waitFor(() => expect(lastListParams(page).get('referralSourceId')).toBe('4'));
    expect(search().get('from')).toBe('2030-06-01');
    page.done();
  });

  it('says so when nothing is waiting to be billed, and shows a load failure with a retry', async () => {
    const page = open('/unbilledvisits', { list: () => listAnswer([]) });
    expect(
      await screen.findByText('No approved visits are waiting to be billed in these dates.'),
    ).toBeTruthy();
    page.done();

    const failing = open('/unbilledvisits', { list: () => apiError(500, 'Something went wrong.') });
    expect(await screen.findByText(/Sorry, the unbilled visits could not be loaded/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
    failing.done();
  });

  it('creates the invoices of the filtered organization for the list dates, toasts the server message and links each invoice', async () => {
    const page = open('/unbilledvisits?referralSourceId=3&from=2030-06-01&to=2030-06-30');
    await screen.findByText('Doe, Jane');
    fireEvent.click(screen.getByRole('button', { name: 'Create invoices' }));
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByLabelText('Period start') as HTMLInputElement).value).toBe('6/1/2030');
    expect((within(dialog).getByLabelText('Period end') as HTMLInputElement).value).toBe('6/30/2030');
    expect(
      (await within(dialog).findByRole('radio', { name: 'Sunrise Home Health only' })) as HTMLInputElement,
    ).toHaveProperty('checked', true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create invoices' }));
    await waitFor(() => expect(page.toasts).toEqual(['1 invoice created.']));
    const create = page.calls.find((c) => c.url.pathname === '/api/admin/createInvoice')!;
    expect(create.body).toEqual({
      periodStart: '2030-06-01',
      periodEnd: '2030-06-30',
      referralSourceIds: [3],
    });
    const link = await within(dialog).findByRole('link', { name: 'INV-000041' });
    expect(link.getAttribute('href')).toBe('/invoices?invoiceId=41');
    expect(link.closest('li')!.textContent).toContain('total $608.50');
    fireEvent.click(link);
    expect(page.navigations).toEqual(['/invoices?invoiceId=41']);
    page.done();
  });

  it('bills every organization when chosen, and shows a 400 answer on the field it names', async () => {
    const page = open('/unbilledvisits?referralSourceId=3', {
      create: () =>
        apiError(400, 'periodEnd: No approved, unbilled visits match: nothing was invoiced.', [
          { field: 'periodEnd', message: 'No approved, unbilled visits match: nothing was invoiced.' },
        ]),
    });
    await screen.findByText('Doe, Jane');
    fireEvent.click(screen.getByRole('button', { name: 'Create invoices' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(
      await within(dialog).findByRole('radio', { name: 'Every organization with visits to bill' }),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create invoices' }));
    const field = within(dialog).getByLabelText('Period end').closest('.ant-form-item')!;
    await waitFor(() =>
      expect(field.textContent).toContain('No approved, unbilled visits match: nothing was invoiced.'),
    );
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'Sorry, the invoices could not be created. No approved, unbilled visits match: nothing was invoiced.',
    );
    const create = page.calls.find((c) => c.url.pathname === '/api/admin/createInvoice')!;
    expect(create.body).toEqual({
      periodStart: dayjs().subtract(30, 'day').format('YYYY-MM-DD'),
      periodEnd: dayjs().format('YYYY-MM-DD'),
    });
    expect(page.toasts).toEqual([]);
    expect(page.errorToasts).toHaveLength(1);
    page.done();
  });

  it('has no serious or critical axe violations (list, empty, create dialog)', async () => {
    const check = async (element: HTMLElement) => {
      const results = await axe.run(element, { rules: { 'color-contrast': { enabled: false } } });
      const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
    };
    const page = open('/unbilledvisits', { list: () => listAnswer([priced, unpriced, lateCancelled], 25) });
    await screen.findByText('Showing 1–10 of 25');
    await check(page.container);
    fireEvent.click(screen.getByRole('button', { name: 'Create invoices' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByLabelText('Period start');
    await check(dialog);
    page.done();

    const empty = open('/unbilledvisits', { list: () => listAnswer([]) });
    await screen.findByText('No results');
    await check(empty.container);
    empty.done();
  });
});
