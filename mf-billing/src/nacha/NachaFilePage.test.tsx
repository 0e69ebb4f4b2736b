import { buildNachaFile, type NachaFile, type ProviderPay } from '@carelane/shared-domain';
import { jsonResponse } from '@carelane/shared-session/testing';
import { apiError, paging, renderPage, type ApiCall } from '@carelane/shared-ui/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { expectAccessible } from '../invoices/test-kit';
import { callsTo, modalTitled, payAnswer, readyPay, unpricedPay } from '../provider-payments/test-kit';
import NachaFilePage from './NachaFilePage';
import { validationText } from './NachaFiles';

jest.setTimeout(90_000);

const PAY = '/api/operation/providerPayments';
const FILES = '/api/operation/nachaFiles';
const iso = (days: number) => dayjs().add(days, 'day').format('YYYY-MM-DD');

const secondPay: ProviderPay = { ...readyPay, visitId: 503, patientName: 'Poe, Ann', amountCents: 10055 };
const noAccountPay: ProviderPay = {
  ...readyPay,
  visitId: 504,
  providerId: 23,
  clinicianName: 'Kim, Lee',
  patientName: 'Low, Max',
  hasBankAccount: false,
};

const released: NachaFile = {
  id: 3,
  fileName: 'carelane-20300621-A.ach',
  effectiveDate: '2030-06-21',
  entryCount: 1,
  totalCreditCents: 22400,
  createdAt: '2030-06-20T15:00:00.000Z',
  createdBy: 'Test Role 2',
};

const FILE_TEXT = buildNachaFile({
  originator: {
    odfiRoutingNumber: '121000248',
    odfiName: 'CARELANE DEMO BANK',
    immediateOrigin: '1870000001',
    immediateOriginName: 'CARELANE STAFFING LLC',
    companyName: 'CARELANE LLC',
    companyIdentification: '1870000001',
    companyEntryDescription: 'PAYROLL',
  },
  createdAt: new Date('2030-06-20T15:00:00.000Z'),
  effectiveEntryDate: '2030-06-21',
  fileIdModifier: 'A',
  entries: [
    {
      routingNumber: '011000015',
      accountNumber: '123456789',
      accountType: 'checking',
      amountCents: 22400,
      individualId: '21',
      individualName: 'Casey Rivera',
    },
  ],
});

type Answers = { pay?: (call: ApiCall) => Response; release?: (call: ApiCall) => Response };

function openNacha(url = '/nachaFile', answers: Answers = {}) {
  return renderPage(<NachaFilePage />, {
    url,
    roleId: 2,
    route: (call) => {
      const path = call.url.pathname;
      if (path === PAY)
        return answers.pay?.(call) ?? payAnswer([readyPay, secondPay, unpricedPay, noAccountPay], 4, call);
      if (path === FILES && call.method === 'GET') return jsonResponse({ rows: [released] });
      if (path === FILES && call.method === 'POST')
        return (
          answers.release?.(call) ??
          jsonResponse({ message: 'NACHA file released: 1 payment exported.', file: released })
        );
      if (path === `${FILES}/3`)
        return new Response(FILE_TEXT, {
          headers: {
            'content-type': 'text/plain; charset=us-ascii',
            'content-disposition': `inline; filename="${released.fileName}"`,
          },
        });
      if (path === '/api/admin/providers')
        return jsonResponse({ providers: [], pageCount: 0, pageTotalCount: 0, paging: paging(0) });
      return undefined;
    },
  });
}

const select = (name: RegExp) => fireEvent.click(screen.getByRole('checkbox', { name }));

describe('validationText', () => {
  it('says a valid file is valid, with its entries and total, and lists the problems of another', () => {
    expect(validationText(FILE_TEXT)).toEqual({
      ok: true,
      lines: ['Valid NACHA file: 1 entry, total $224.00'],
    });
    const broken = validationText(FILE_TEXT.replace('PAYROLL', 'PAYROLX').slice(0, 200));
    expect(broken.ok).toBe(false);
    expect(broken.lines.length).toBeGreaterThan(0);
  });
});

describe('NachaFilePage', () => {
  it('lists Ready For Export pay, with the rows that cannot be exported not selectable and why', async () => {
    const page = openNacha();
    const table = await screen.findByRole('table', { name: 'Ready For Export pay' });
    await within(table).findByText('Doe, Jane');
    const params = callsTo(page, PAY).at(-1)!.url.searchParams;
    expect(params.get('status')).toBe('ReadyForExport');
    expect(params.get('startDate')).toBe(iso(-30));
    expect(params.get('endDate')).toBe(iso(30));
    const unpriced = within(table).getByText('Roe, Sam').closest('tr')!;
    expect(within(unpriced).queryByRole('checkbox')).toBeNull();
    expect(within(unpriced).getByText('Cannot be paid yet: no rate for Skilled nursing visit')).toBeTruthy();
    const noAccount = within(table).getByText('Low, Max').closest('tr')!;
    expect(within(noAccount).queryByRole('checkbox')).toBeNull();
    expect(within(noAccount).getByText('Kim, Lee has no bank account')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Export' }).hasAttribute('disabled')).toBe(true);
    expect(await screen.findByText('carelane-20300621-A.ach', { selector: 'td' })).toBeTruthy();
    await expectAccessible(document.body);
    page.done();
  });

  it('exports the chosen payments after confirming their count and sum, with the effective date', async () => {
    const page = openNacha();
    await screen.findByText('Doe, Jane');
    select(/Select every payment of this page/);
    expect(await screen.findByText('2 payments selected, $224.00 in pay.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Effective date'), { target: { value: '7/1/2030' } });
    fireEvent.blur(screen.getByLabelText('Effective date'));
    fireEvent.click(screen.getByRole('button', { name: 'Export 2 payments' }));
    expect((await screen.findAllByText('Export 2 payments?')).length).toBeGreaterThan(0);
    expect(
      screen.getByText(
        "The pay chosen adds up to $224.00, credited to the clinicians' bank accounts on 7/1/2030.",
      ),
    ).toBeTruthy();
    expect(callsTo(page, FILES, 'POST')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(page.toasts).toEqual(['NACHA file released: 1 payment exported.']));
    expect(callsTo(page, FILES, 'POST')[0]!.body).toEqual({
      visitIds: [501, 503],
      effectiveDate: '2030-07-01',
    });
    expect(await screen.findByText('No payment selected.')).toBeTruthy();
    page.done();
  });

  it('defaults the effective date to tomorrow', async () => {
    const page = openNacha();
    await screen.findByText('Doe, Jane');
    select(/Select the pay of Rivera, Casey for Doe, Jane/);
    fireEvent.click(screen.getByRole('button', { name: 'Export 1 payment' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Export' }));
    await waitFor(() => expect(callsTo(page, FILES, 'POST')).toHaveLength(1));
    expect(callsTo(page, FILES, 'POST')[0]!.body).toEqual({ visitIds: [501], effectiveDate: iso(1) });
    page.done();
  });

  it('shows the server’s message and reads the list again when some were exported meanwhile (409)', async () => {
    const page = openNacha('/nachaFile', {
      release: () => apiError(409, 'Visit 501 is exported already: a payment is never exported twice.'),
    });
    await screen.findByText('Doe, Jane');
    const before = callsTo(page, PAY).length;
    select(/Select the pay of Rivera, Casey for Doe, Jane/);
    fireEvent.click(screen.getByRole('button', { name: 'Export 1 payment' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Export' }));
    expect(
      await screen.findByText(
        'Sorry, the NACHA file could not be released. Visit 501 is exported already: a payment is never exported twice.',
        { selector: '.ant-alert-title' },
      ),
    ).toBeTruthy();
    await waitFor(() => expect(callsTo(page, PAY).length).toBeGreaterThan(before));
    expect(screen.getByText('No payment selected.')).toBeTruthy();
    page.done();
  });

  it('lists the payments the server refused (400), named by visit and clinician', async () => {
    const page = openNacha('/nachaFile', {
      release: () =>
        apiError(400, 'Invalid input', [
          {
            field: 'visitIds.1',
            message: 'Rivera, Casey has no bank account: add one before exporting their pay',
          },
        ]),
    });
    await screen.findByText('Doe, Jane');
    select(/Select every payment of this page/);
    fireEvent.click(screen.getByRole('button', { name: 'Export 2 payments' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Export' }));
    expect(
      await screen.findByText(
        'Visit 503 (Rivera, Casey, 6/4/2030): Rivera, Casey has no bank account: add one before exporting their pay',
      ),
    ).toBeTruthy();
    expect(screen.getByText('2 payments selected, $224.00 in pay.')).toBeTruthy();
    page.done();
  });

  it('selects every exportable payment that matches, page after page', async () => {
    const page = openNacha('/nachaFile', {
      pay: (call) =>
        call.url.searchParams.get('pageSize') === '500'
          ? payAnswer([readyPay, secondPay, unpricedPay, noAccountPay], 4, call)
          : payAnswer([readyPay], 4, call),
    });
    await screen.findByText('Doe, Jane');
    fireEvent.click(screen.getByRole('button', { name: 'Select all matching' }));
    expect(
      await screen.findByText(
        '2 payments selected, $224.00 in pay. 2 payments selected. 2 payments cannot be exported and were left out.',
      ),
    ).toBeTruthy();
    page.done();
  });

  it('shows a released file as text, checked, and downloads it', async () => {
    const page = openNacha();
    await screen.findByText('carelane-20300621-A.ach', { selector: 'td' });
    fireEvent.click(screen.getByRole('button', { name: 'View carelane-20300621-A.ach' }));
    const dialog = await modalTitled('carelane-20300621-A.ach');
    expect(await within(dialog).findByText('Valid NACHA file: 1 entry, total $224.00')).toBeTruthy();
    const text = within(dialog).getByLabelText('The text of carelane-20300621-A.ach');
    expect(text.textContent).toBe(FILE_TEXT);
    expect(callsTo(page, `${FILES}/3`)[0]!.headers.get('authorization')).toBeTruthy();

    const saved: string[] = [];
    URL.createObjectURL = jest.fn(() => 'blob:nacha');
    URL.revokeObjectURL = jest.fn();
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(saved).toEqual(['carelane-20300621-A.ach']));
    click.mockRestore();
    page.done();
  });
});
