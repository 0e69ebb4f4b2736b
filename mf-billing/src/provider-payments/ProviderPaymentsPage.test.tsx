import { jsonResponse } from '@carelane/shared-session/testing';
import { apiError, cardValues, choose, phoneScreen } from '@carelane/shared-ui/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { expectAccessible } from '../invoices/test-kit';
import { payDates } from './ProviderPaymentsPage';
import {
  activeFine,
  callsTo,
  contestedFine,
  deductedFine,
  openProviderPayments,
  payAnswer,
  modalTitled,
  readyPay,
  search,
} from './test-kit';

// antd tables, tabs and modals render slowly in jsdom on a busy machine.
jest.setTimeout(90_000);

const PAY = '/api/operation/providerPayments';
const lastPayParams = (page: ReturnType<typeof openProviderPayments>) =>
  callsTo(page, PAY).at(-1)!.url.searchParams;
const iso = (days: number) => dayjs().add(days, 'day').format('YYYY-MM-DD');
const CLINICIAN = 4;

describe('payDates', () => {
  const now = new Date(2030, 6, 31, 15, 0);
  it('defaults to dates of service from 30 days ago to 30 days ahead (SPEC §9)', () => {
    expect(payDates(undefined, undefined, now)).toEqual({ startDate: '2030-07-01', endDate: '2030-08-30' });
  });
  it('keeps at most 180 days, and an end before the start gives one day (SPEC §5)', () => {
    expect(payDates('2030-01-01', '2030-12-31', now)).toEqual({
      startDate: '2030-01-01',
      endDate: '2030-06-29',
    });
    expect(payDates('2030-05-10', '2030-05-01', now)).toEqual({
      startDate: '2030-05-10',
      endDate: '2030-05-10',
    });
  });
});

describe('ProviderPaymentsPage: pay', () => {
  it('asks for Ready For Export pay of −30 to +30 days and shows the amounts, why one cannot be paid, and how each was reached', async () => {
    const page = openProviderPayments('/providerpayments');
    expect(await screen.findByRole('heading', { level: 1, name: 'Provider payments' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Provider payments' });
    const row = (await within(table).findByText('Doe, Jane')).closest('tr')!;
    expect(within(row).getByText('6/4/2030')).toBeTruthy();
    expect(within(row).getByText('Rivera, Casey')).toBeTruthy();
    expect(within(row).getByText('$123.45')).toBeTruthy();
    expect(within(row).getByText('Ready For Export')).toBeTruthy();
    expect(within(row).getByText('Clinician 1 visit × $123.45 = $123.45')).toBeTruthy();
    const unpriced = within(table).getByText('Roe, Sam').closest('tr')!;
    expect(within(unpriced).getByText('Cannot be paid yet: no rate for Skilled nursing visit')).toBeTruthy();
    expect(within(unpriced).getByText('No bank account')).toBeTruthy();

    const params = lastPayParams(page);
    expect(params.get('status')).toBe('ReadyForExport');
    expect(params.get('startDate')).toBe(iso(-30));
    expect(params.get('endDate')).toBe(iso(30));
    expect(params.get('pageNumber')).toBe('1');
    expect(params.get('pageSize')).toBe('10');
    expect(params.has('providerId')).toBe(false);
    await expectAccessible(document.body);
    page.done();
  });

  it('reads its filters from the URL, writes the status chosen back, and says which range the server used', async () => {
    const page = openProviderPayments(
      '/providerpayments?status=Exported&providerId=21&from=2030-01-01&to=2030-03-31',
      {
        pay: () =>
          payAnswer([
            { ...readyPay, status: 'Exported', nachaFileId: 3, exportedAt: '2030-06-20T15:00:00.000Z' },
          ]),
      },
    );
    expect(
      await screen.findByText(
        'Showing the pay for visits from 1/1/2030 to 6/29/2030: the range the server used.',
      ),
    ).toBeTruthy();
    let params = lastPayParams(page);
    expect(params.get('status')).toBe('Exported');
    expect(params.get('providerId')).toBe('21');
    expect([params.get('startDate'), params.get('endDate')]).toEqual(['2030-01-01', '2030-03-31']);

    await choose('Status', 'All statuses');
    await waitFor(() => expect(search().get('status')).toBe('ALL'));
    await waitFor(() => expect(lastPayParams(page).get('status')).toBe('ALL'));
    await choose('Status', 'Ready For Export');
    await waitFor(() => expect(search().has('status')).toBe(false));
    params = lastPayParams(page);
    expect(params.get('providerId')).toBe('21');
    page.done();
  });

  it('shows a clinician their own pay, without the clinician filter', async () => {
    const page = openProviderPayments('/providerpayments?providerId=99', {}, CLINICIAN);
    const table = await screen.findByRole('table', { name: 'Your pay' });
    expect(await within(table).findByText('$123.45')).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Clinician' })).toBeNull();
    expect(lastPayParams(page).has('providerId')).toBe(false);
    page.done();
  });

  it('says so when no pay matches, and shows a load failure with a retry', async () => {
    const page = openProviderPayments('/providerpayments', { pay: (call) => payAnswer([], 0, call) });
    expect(await screen.findByText('No pay matches these filters.')).toBeTruthy();
    page.done();
    const failing = openProviderPayments('/providerpayments', {
      pay: () => apiError(500, 'Something went wrong.'),
    });
    expect(await screen.findByText(/Sorry, the provider payments could not be loaded/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
    failing.done();
  });
});

describe('ProviderPaymentsPage: fines', () => {
  it('offers staff Add fine, Remove and Uphold, and nothing on a deducted fine', async () => {
    const page = openProviderPayments('/providerpayments?tab=fines');
    const table = await screen.findByRole('table', { name: 'Fines' });
    const active = (await within(table).findByText('Notes 3 days late')).closest('tr')!;
    expect(within(active).getByText('$25.00')).toBeTruthy();
    expect(within(active).getByText('Late notes')).toBeTruthy();
    expect(within(active).getByRole('button', { name: /^Remove/ })).toBeTruthy();
    expect(within(active).queryByRole('button', { name: /^Uphold/ })).toBeNull();
    expect(within(active).queryByRole('button', { name: /^Contest/ })).toBeNull();
    const contested = within(table).getByText('Missed the visit').closest('tr')!;
    expect(within(contested).getByRole('button', { name: /^Uphold/ })).toBeTruthy();
    expect(within(contested).getByText('Contested: The patient cancelled')).toBeTruthy();
    const deducted = within(table).getByText('Paperwork').closest('tr')!;
    expect(within(deducted).getByText('Deducted by NACHA file 3')).toBeTruthy();
    expect(within(deducted).queryAllByRole('button')).toEqual([]);
    expect(screen.getByRole('button', { name: 'Add fine' })).toBeTruthy();
    expect(callsTo(page, '/api/operation/fines')[0]!.url.searchParams.get('status')).toBe('ALL');
    await expectAccessible(document.body);
    page.done();
  });

  it('removes a fine only with a note, after confirming, and shows the server’s message', async () => {
    const page = openProviderPayments('/providerpayments?tab=fines');
    const table = await screen.findByRole('table', { name: 'Fines' });
    const active = (await within(table).findByText('Notes 3 days late')).closest('tr')!;
    fireEvent.click(within(active).getByRole('button', { name: /^Remove/ }));
    const dialog = await modalTitled('Remove this fine?');
    expect(
      within(dialog).getByText(/Rivera, Casey's late notes fine of \$25\.00 will not be deducted/),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove fine' }));
    expect(await within(dialog).findByText('Enter a note.')).toBeTruthy();
    expect(callsTo(page, `/api/operation/fines/${activeFine.id}/remove`, 'POST')).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText('Why it is removed'), {
      target: { value: ' Wrong visit ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove fine' }));
    await waitFor(() => expect(page.toasts).toEqual(['Fine removed.']));
    expect(callsTo(page, `/api/operation/fines/${activeFine.id}/remove`, 'POST')[0]!.body).toEqual({
      note: 'Wrong visit',
    });
    page.done();
  });

  it('upholds a contested fine after confirming', async () => {
    const page = openProviderPayments('/providerpayments?tab=fines');
    const table = await screen.findByRole('table', { name: 'Fines' });
    const contested = (await within(table).findByText('Missed the visit')).closest('tr')!;
    fireEvent.click(within(contested).getByRole('button', { name: /^Uphold/ }));
    expect((await screen.findAllByText('Uphold this fine?')).length).toBeGreaterThan(0);
    expect(callsTo(page, `/api/operation/fines/${contestedFine.id}/uphold`, 'POST')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Uphold' }));
    await waitFor(() => expect(page.toasts).toEqual(['Fine upheld.']));
    page.done();
  });

  it("adds a fine for one of the clinician's visits, picked from the list, the amount typed in dollars as exact cents", async () => {
    const page = openProviderPayments('/providerpayments?tab=fines&providerId=21');
    await screen.findByRole('table', { name: 'Fines' });
    fireEvent.click(screen.getByRole('button', { name: 'Add fine' }));
    const dialog = await modalTitled('Add a fine');
    fireEvent.change(within(dialog).getByLabelText('Amount'), { target: { value: '12.34' } });
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Late again' } });
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Visit (optional)' }));
    expect(await screen.findByTitle('6/12/2030, shift (Approval Due)')).toBeTruthy();
    fireEvent.click(await screen.findByTitle('6/4/2030, Doe, Jane (Missed)'));
    expect(callsTo(page, '/api/operation/fines/visits')[0]!.url.searchParams.get('providerId')).toBe('21');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add fine' }));
    await waitFor(() => expect(page.toasts).toEqual(['Fine added.']));
    expect(callsTo(page, '/api/operation/fines', 'POST')[0]!.body).toEqual({
      providerId: 21,
      visitId: 501,
      kind: 'MissedVisit',
      amountCents: 1234,
      reason: 'Late again',
    });
    page.done();
  });

  it('offers a clinician only Contest, on their Active fine, and sends the note', async () => {
    const page = openProviderPayments('/providerpayments?tab=fines', {}, CLINICIAN);
    const table = await screen.findByRole('table', { name: 'Your fines' });
    const active = (await within(table).findByText('Notes 3 days late')).closest('tr')!;
    expect(screen.queryByRole('button', { name: 'Add fine' })).toBeNull();
    expect(within(table).queryByRole('button', { name: /^Remove/ })).toBeNull();
    expect(within(table).queryByRole('button', { name: /^Uphold/ })).toBeNull();
    expect(within(table).getAllByRole('button', { name: /^Contest/ })).toHaveLength(1);
    fireEvent.click(within(active).getByRole('button', { name: /^Contest/ }));
    const dialog = await modalTitled('Contest this fine?');
    fireEvent.change(within(dialog).getByLabelText('Why you contest it'), {
      target: { value: 'The notes were on time' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Contest fine' }));
    await waitFor(() => expect(page.toasts).toEqual(['Fine contested.']));
    expect(callsTo(page, `/api/operation/fines/${activeFine.id}/contest`, 'POST')[0]!.body).toEqual({
      note: 'The notes were on time',
    });
    expect(deductedFine.nachaFileId).toBe(3);
    page.done();
  });
});

describe('ProviderPaymentsPage: bank account', () => {
  it('shows a clinician their own account, masked, and refuses a bad check digit before sending', async () => {
    const page = openProviderPayments('/providerpayments?tab=bankAccount', {}, CLINICIAN);
    expect(await screen.findByText('****6789')).toBeTruthy();
    expect(callsTo(page, '/api/operation/providers/21/bankAccount')).toHaveLength(1);
    const form = screen.getByRole('form', { name: 'Change the bank account' });
    fireEvent.change(within(form).getByLabelText('Routing number'), { target: { value: '011000016' } });
    fireEvent.change(within(form).getByLabelText('Account number'), { target: { value: '123456784321' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save bank account' }));
    expect(
      await within(form).findByText(
        'Routing number is not a valid routing number (its check digit does not match).',
      ),
    ).toBeTruthy();
    expect(callsTo(page, '/api/operation/providers/21/bankAccount', 'PUT')).toEqual([]);

    fireEvent.change(within(form).getByLabelText('Routing number'), { target: { value: '011000015' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save bank account' }));
    await waitFor(() => expect(page.toasts).toEqual(['Bank account saved.']));
    expect(callsTo(page, '/api/operation/providers/21/bankAccount', 'PUT')[0]!.body).toEqual({
      routingNumber: '011000015',
      accountNumber: '123456784321',
      accountType: 'checking',
    });
    expect(await screen.findByText('****4321')).toBeTruthy();
    expect(screen.queryByDisplayValue('123456784321')).toBeNull();
    expect(screen.queryByText('123456784321')).toBeNull();
    await expectAccessible(document.body);
    page.done();
  });

  it('shows the server’s field errors on their fields', async () => {
    const page = openProviderPayments('/providerpayments?tab=bankAccount&providerId=22', {
      bankAccount: () => jsonResponse({ bankAccount: null }),
      saveBankAccount: () =>
        apiError(400, 'Invalid input', [{ field: 'accountNumber', message: 'is refused by the bank' }]),
    });
    expect(await screen.findByText(/No bank account on file/)).toBeTruthy();
    const form = screen.getByRole('form', { name: 'Add a bank account' });
    fireEvent.change(within(form).getByLabelText('Routing number'), { target: { value: '011000015' } });
    fireEvent.change(within(form).getByLabelText('Account number'), { target: { value: '55555' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save bank account' }));
    expect(await within(form).findByText('Account number: is refused by the bank')).toBeTruthy();
    expect(page.errorToasts[0]).toMatch(/^Sorry, the bank account could not be saved\./);
    page.done();
  });

  it('asks staff to choose a clinician first', async () => {
    const page = openProviderPayments('/providerpayments?tab=bankAccount');
    expect(
      await screen.findByText('Choose a clinician above to see or change their bank account.'),
    ).toBeTruthy();
    page.done();
  });
});

describe('ProviderPaymentsPage on a phone', () => {
  it('shows a clinician each paid visit as a card titled by its date, with the pay and how it is priced', async () => {
    const restore = phoneScreen();
    try {
      const page = openProviderPayments('/providerpayments', {}, CLINICIAN);
      const cards = await screen.findByRole('list', { name: 'Your pay' });
      expect(screen.queryByRole('table')).toBeNull();
      // The card is the list's item; "How it is priced" is a list of its own inside it.
      const card = within(cards).getAllByRole('listitem')[0]!;
      expect(within(card).getByText('6/4/2030')).toBeTruthy();
      expect(cardValues(card)).toMatchObject({
        Patient: 'Doe, Jane',
        Organization: 'Sunrise Home Health',
        'Visit type': 'Skilled nursing visit',
        Status: 'Ready For Export',
        Pay: '$123.45',
      });
      expect(within(card).getByText('Clinician 1 visit × $123.45 = $123.45')).toBeTruthy();
      await expectAccessible(page.container);
      page.done();
    } finally {
      restore();
    }
  });
});
