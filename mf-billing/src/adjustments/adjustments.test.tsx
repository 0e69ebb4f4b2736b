import type { Adjustment } from '@carelane/shared-domain';
import { jsonResponse } from '@carelane/shared-session/testing';
import { apiError, choose, paging, renderPage, type ApiCall } from '@carelane/shared-ui/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { expectAccessible, readText } from '../invoices/test-kit';
import { invoice } from '../test-fixtures';
import { callsTo, modalTitled, search } from '../provider-payments/test-kit';
import { adjustmentCsv } from './adjustment-csv';
import AdjustmentReportPage from './AdjustmentReportPage';
import { adjustmentCents } from './NewAdjustmentModal';
import PendingAdjustmentsPage from './PendingAdjustmentsPage';

jest.setTimeout(90_000);

const LIST = '/api/operation/adjustments';
const iso = (days: number) => dayjs().add(days, 'day').format('YYYY-MM-DD');

const credit: Adjustment = {
  id: 11,
  kind: 'receivable',
  invoiceId: 41,
  invoiceNumber: 'INV-000041',
  organizationName: 'Sunrise Home Health',
  providerId: null,
  clinicianName: null,
  amountCents: 5025,
  reason: 'Duplicate visit billed',
  status: 'Applied',
  appliedAt: '2030-06-12T15:00:00.000Z',
  nachaFileId: null,
  createdAt: '2030-06-10T15:00:00.000Z',
};
const deduction: Adjustment = {
  ...credit,
  id: 12,
  kind: 'payable',
  invoiceId: null,
  invoiceNumber: null,
  organizationName: null,
  providerId: 21,
  clinicianName: 'Rivera, Casey',
  amountCents: -2000,
  reason: 'Overpaid mileage',
  nachaFileId: 3,
};

type Answers = {
  list?: (call: ApiCall) => Response;
  create?: (call: ApiCall) => Response;
  apply?: (call: ApiCall) => Response;
};

function open(page: 'report' | 'pending', url: string, answers: Answers = {}) {
  return renderPage(page === 'report' ? <AdjustmentReportPage /> : <PendingAdjustmentsPage />, {
    url,
    roleId: 2,
    route: (call) => {
      const path = call.url.pathname;
      if (path === LIST && call.method === 'GET')
        return answers.list?.(call) ?? jsonResponse({ rows: [credit, deduction], paging: paging(2) });
      if (path === LIST && call.method === 'POST')
        return (
          answers.create?.(call) ??
          jsonResponse({ message: 'Adjustment saved.', adjustment: { ...credit, status: 'Pending' } })
        );
      if (/^\/api\/operation\/adjustments\/\d+\/apply$/.test(path))
        return answers.apply?.(call) ?? jsonResponse({ message: 'Adjustment applied.', adjustment: credit });
      if (path === '/api/operation/invoices')
        return jsonResponse({ rows: [invoice], paging: paging(1), startDate: iso(-365), endDate: iso(0) });
      if (path === '/api/admin/providers')
        return jsonResponse({
          providers: [
            {
              id: 21,
              givenName: 'Casey',
              familyName: 'Rivera',
              providerTypeId: 1,
              providerType: 'RN',
              providerStatusId: 3,
              credentialState: 3,
              city: null,
              state: null,
              zipcode: null,
              phoneNumber: null,
              email: null,
              skills: [],
              rating: null,
              ratingDetails: {},
              lastLogin: null,
            },
          ],
          pageCount: 1,
          pageTotalCount: 1,
          paging: paging(1),
        });
      return undefined;
    },
  });
}

describe('adjustmentCents', () => {
  it('reads dollars as exact cents, a minus only for a payable adjustment, never zero', () => {
    expect(adjustmentCents('12.34', 'receivable')).toEqual({ ok: true, cents: 1234 });
    expect(adjustmentCents('-0.29', 'payable')).toEqual({ ok: true, cents: -29 });
    expect(adjustmentCents('$1,000.10', 'payable')).toEqual({ ok: true, cents: 100010 });
    expect(adjustmentCents('-5', 'receivable').ok).toBe(false);
    expect(adjustmentCents('0', 'payable').ok).toBe(false);
    expect(adjustmentCents('1.234', 'payable').ok).toBe(false);
  });

  it('writes the CSV with the money as formatCents shows it', () => {
    const lines = adjustmentCsv([credit, deduction]).split('\r\n');
    expect(lines[0]).toBe(
      'Created,Kind,Invoice,Organization,Clinician,Amount,Reason,Status,Applied,NACHA file',
    );
    expect(lines[1]).toBe(
      '6/10/2030,Receivable (invoice credit),INV-000041,Sunrise Home Health,,$50.25,Duplicate visit billed,Applied,6/12/2030,',
    );
    // toCsv keeps a cell starting with '-' from being read as a formula.
    expect(lines[2]).toBe(
      `6/10/2030,Payable (clinician pay),,,"Rivera, Casey",'-$20.00,Overpaid mileage,Applied,6/12/2030,3`,
    );
  });
});

describe('AdjustmentReportPage', () => {
  it('asks for applied adjustments of the last 180 days, links invoices, shows money, and keeps the kind in the URL', async () => {
    const page = open('report', '/adjustmentReport');
    const table = await screen.findByRole('table', { name: 'Applied adjustments' });
    const link = await within(table).findByRole('link', { name: 'INV-000041' });
    expect(link.getAttribute('href')).toBe('/invoices?invoiceId=41');
    const row = link.closest('tr')!;
    expect(within(row).getByText('$50.25')).toBeTruthy();
    const payable = within(table).getByText('Overpaid mileage').closest('tr')!;
    expect(within(payable).getByText('-$20.00')).toBeTruthy();
    expect(within(payable).getByText('Paid by NACHA file 3')).toBeTruthy();
    let params = callsTo(page, LIST).at(-1)!.url.searchParams;
    expect(params.get('status')).toBe('Applied');
    expect(params.get('kind')).toBe('ALL');
    expect(params.get('startDate')).toBe(iso(-180));
    expect(params.get('endDate')).toBe(iso(0));
    await choose('Kind', 'Payable (clinician pay)');
    await waitFor(() => expect(search().get('kind')).toBe('payable'));
    await waitFor(() => expect(callsTo(page, LIST).at(-1)!.url.searchParams.get('kind')).toBe('payable'));
    await expectAccessible(document.body);
    page.done();

    const fromUrl = open('report', '/adjustmentReport?kind=receivable&from=2030-01-01&to=2030-02-01');
    await screen.findByText('INV-000041');
    params = callsTo(fromUrl, LIST).at(-1)!.url.searchParams;
    expect([params.get('kind'), params.get('startDate'), params.get('endDate')]).toEqual([
      'receivable',
      '2030-01-01',
      '2030-02-01',
    ]);
    fromUrl.done();
  });

  it('exports every adjustment of the filters as CSV', async () => {
    const page = open('report', '/adjustmentReport?from=2030-01-01&to=2030-02-01');
    await screen.findByText('INV-000041');
    const saved: { name: string; blob: Blob }[] = [];
    let blob: Blob | undefined;
    URL.createObjectURL = jest.fn((made: Blob) => {
      blob = made;
      return 'blob:adjustments';
    });
    URL.revokeObjectURL = jest.fn();
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push({ name: this.download, blob: blob! });
    });
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toBe('adjustments-2030-01-01-to-2030-02-01.csv');
    expect(screen.getByText('Exported 2 adjustments.')).toBeTruthy();
    expect((await readText(saved[0]!.blob)).split('\r\n').filter(Boolean)).toHaveLength(3);
    click.mockRestore();
    page.done();
  });

  it('says so when none match', async () => {
    const page = open('report', '/adjustmentReport', {
      list: () => jsonResponse({ rows: [], paging: paging(0) }),
    });
    expect(await screen.findByText('No applied adjustments match these filters.')).toBeTruthy();
    page.done();
  });
});

describe('PendingAdjustmentsPage', () => {
  const pending = [
    { ...credit, status: 'Pending' as const, appliedAt: null },
    { ...deduction, status: 'Pending' as const, appliedAt: null, nachaFileId: null },
  ];

  it('asks for pending adjustments and applies one after confirming', async () => {
    const page = open('pending', '/pendingAdjustmentReport', {
      list: () => jsonResponse({ rows: pending, paging: paging(2) }),
    });
    const table = await screen.findByRole('table', { name: 'Unapplied adjustments' });
    await within(table).findByText('Duplicate visit billed');
    const params = callsTo(page, LIST).at(-1)!.url.searchParams;
    expect(params.get('status')).toBe('Pending');
    expect(params.has('startDate')).toBe(false);
    fireEvent.click(
      within(table).getByRole('button', { name: /^Apply the adjustment of \$50\.25 for INV-000041/ }),
    );
    expect((await screen.findAllByText('Apply this adjustment?')).length).toBeGreaterThan(0);
    expect(callsTo(page, `${LIST}/11/apply`, 'POST')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(page.toasts).toEqual(['Adjustment applied.']));
    await expectAccessible(document.body);
    page.done();
  });

  it('shows why the server refused to apply one', async () => {
    const page = open('pending', '/pendingAdjustmentReport', {
      list: () => jsonResponse({ rows: pending, paging: paging(2) }),
      apply: () =>
        apiError(400, 'Invalid input', [
          { field: 'amountCents', message: "is more than the invoice's balance ($10.00)" },
        ]),
    });
    const table = await screen.findByRole('table', { name: 'Unapplied adjustments' });
    fireEvent.click(
      (await within(table).findAllByRole('button', { name: /^Apply the adjustment of \$50\.25/ }))[0]!,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(page.errorToasts).toEqual([
        "Sorry, the adjustment could not be applied. Amount: is more than the invoice's balance ($10.00)",
      ]),
    );
    page.done();
  });

  it('saves a payable adjustment taking from a clinician’s pay, in exact cents', async () => {
    const page = open('pending', '/pendingAdjustmentReport', {
      list: () => jsonResponse({ rows: [], paging: paging(0) }),
    });
    expect(await screen.findByText('No adjustment is waiting to be applied.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'New adjustment' }));
    const dialog = await modalTitled('New adjustment');
    fireEvent.click(within(dialog).getByLabelText('Payable (clinician pay)'));
    await choose('Clinician', 'Rivera, Casey');
    fireEvent.change(within(dialog).getByLabelText('Amount'), { target: { value: '-20.10' } });
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Overpaid mileage' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save adjustment' }));
    await waitFor(() => expect(page.toasts).toEqual(['Adjustment saved.']));
    expect(callsTo(page, LIST, 'POST')[0]!.body).toEqual({
      kind: 'payable',
      providerId: 21,
      amountCents: -2010,
      reason: 'Overpaid mileage',
    });
    page.done();
  });

  it('refuses a negative credit on an invoice before sending', async () => {
    const page = open('pending', '/pendingAdjustmentReport', {
      list: () => jsonResponse({ rows: [], paging: paging(0) }),
    });
    await screen.findByText('No adjustment is waiting to be applied.');
    fireEvent.click(screen.getByRole('button', { name: 'New adjustment' }));
    const dialog = await modalTitled('New adjustment');
    await choose('Invoice', 'INV-000041 — Sunrise Home Health (balance $508.50)');
    fireEvent.change(within(dialog).getByLabelText('Amount'), { target: { value: '-5' } });
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Goodwill' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save adjustment' }));
    expect(
      await within(dialog).findByText(
        'A receivable adjustment is a credit: enter an amount more than $0.00.',
      ),
    ).toBeTruthy();
    expect(callsTo(page, LIST, 'POST')).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText('Amount'), { target: { value: '5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save adjustment' }));
    await waitFor(() => expect(page.toasts).toEqual(['Adjustment saved.']));
    expect(callsTo(page, LIST, 'POST')[0]!.body).toEqual({
      kind: 'receivable',
      invoiceId: 41,
      amountCents: 500,
      reason: 'Goodwill',
    });
    page.done();
  });
});
