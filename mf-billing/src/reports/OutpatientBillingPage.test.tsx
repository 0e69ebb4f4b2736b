import type { OutpatientVisit } from '@carelane/shared-domain';
import { jsonResponse } from '@carelane/shared-session/testing';
import { apiError, choose, paging, renderPage, type RenderedPage } from '@carelane/shared-ui/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import dayjs from 'dayjs';
import { organizationsAnswer } from '../test-fixtures';
import OutpatientBillingPage, { outpatientBillingCsv, outpatientDates } from './OutpatientBillingPage';

jest.setTimeout(90_000);

const invoiced: OutpatientVisit = {
  visitId: 5,
  dateOfService: '2030-06-04',
  referralSourceId: 3,
  organizationName: 'Sunrise Home Health',
  patientName: 'Doe, Jane',
  clinicianName: 'Rivera, Casey',
  providerType: 'PTA',
  discipline: 'PT',
  code: '97110',
  minutes: 38,
  units: 3,
  invoiceId: 41,
  invoiceNumber: 'INV-000041',
  lineAmountCents: 12_345,
};
const tooShort: OutpatientVisit = {
  ...invoiced,
  visitId: 6,
  patientName: 'Roe, Richard',
  providerType: 'ST/SLP',
  discipline: 'ST',
  code: '92507',
  minutes: 7,
  units: 0,
  invoiceId: null,
  invoiceNumber: null,
  lineAmountCents: null,
};

const answer = (rows: OutpatientVisit[], total = rows.length, pageNumber = 1, pageSize = 10) =>
  jsonResponse({
    rows,
    paging: paging(total, pageNumber, pageSize),
    startDate: '2030-06-01',
    endDate: '2030-06-30',
  });

function open(url: string, list: (call: URL) => Response = () => answer([invoiced, tooShort])) {
  return renderPage(<OutpatientBillingPage />, {
    url,
    roleId: 2,
    route: (call) => {
      if (call.url.pathname === '/api/operation/reports/outpatientBilling') return list(call.url);
      if (call.url.pathname === '/api/admin/referralSources') return organizationsAnswer();
      return undefined;
    },
  });
}
const reportCalls = (page: RenderedPage) =>
  page.calls.filter((c) => c.url.pathname === '/api/operation/reports/outpatientBilling');
const lastParams = (page: RenderedPage) => reportCalls(page).at(-1)!.url.searchParams;
const search = () => new URLSearchParams(location.search);
const readText = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });

describe('outpatientDates', () => {
  it('defaults to the last 30 days to today, and an end before the start gives one day', () => {
    const now = new Date(2030, 6, 31, 15, 0);
    expect(outpatientDates(undefined, undefined, now)).toEqual({
      startDate: '2030-07-01',
      endDate: '2030-07-31',
    });
    expect(outpatientDates('2030-03-10', '2030-03-01', now)).toEqual({
      startDate: '2030-03-10',
      endDate: '2030-03-10',
    });
  });
});

describe('outpatientBillingCsv', () => {
  it('writes one line per visit, units and billable plainly, money as formatCents writes it', () => {
    const lines = outpatientBillingCsv([invoiced, tooShort]).split('\r\n').filter(Boolean);
    expect(lines[0]).toBe(
      'Date of service,Patient,Clinician,Organization,Provider type,Discipline,Billing code,Minutes,Units,Billable,Invoice,Line amount',
    );
    expect(lines[1]).toBe(
      '6/4/2030,"Doe, Jane","Rivera, Casey",Sunrise Home Health,PTA,PT,97110,38,3,Yes,INV-000041,$123.45',
    );
    expect(lines[2]).toBe(
      '6/4/2030,"Roe, Richard","Rivera, Casey",Sunrise Home Health,ST/SLP,ST,92507,7,0,No,Not invoiced,',
    );
  });
});

describe('OutpatientBillingPage', () => {
  it('lists the therapy visits with code, minutes, units and invoice, asked for the last 30 days', async () => {
    const page = open('/outpatientBilling');
    expect(await screen.findByRole('heading', { level: 1, name: 'Outpatient billing' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Outpatient billing' });
    const row = (await within(table).findByText('Doe, Jane')).closest('tr')!;
    expect(within(row).getByText('6/4/2030')).toBeTruthy();
    expect(within(row).getByText('Rivera, Casey')).toBeTruthy();
    expect(within(row).getByText('PT')).toBeTruthy();
    expect(within(row).getByText('PTA')).toBeTruthy();
    expect(within(row).getByText('97110')).toBeTruthy();
    expect(within(row).getByText('38')).toBeTruthy();
    expect(within(row).getByText('3')).toBeTruthy();
    expect(within(row).getByText('$123.45')).toBeTruthy();
    expect(within(row).queryByText('Not billable')).toBeNull();
    const link = within(row).getByRole('link', { name: 'INV-000041' });
    expect(link.getAttribute('href')).toBe('/invoices?invoiceId=41');
    fireEvent.click(link);
    expect(page.navigations).toEqual(['/invoices?invoiceId=41']);

    const short = within(table).getByText('Roe, Richard').closest('tr')!;
    expect(within(short).getByText('0')).toBeTruthy();
    expect(within(short).getByText('Not billable')).toBeTruthy();
    expect(within(short).getByText('Not invoiced')).toBeTruthy();
    expect(within(short).getByText('92507')).toBeTruthy();

    const params = lastParams(page);
    expect(params.get('startDate')).toBe(dayjs().subtract(30, 'day').format('YYYY-MM-DD'));
    expect(params.get('endDate')).toBe(dayjs().format('YYYY-MM-DD'));
    expect(params.get('pageNumber')).toBe('1');
    expect(params.get('pageSize')).toBe('10');
    expect(params.has('referralSourceId')).toBe(false);
    expect(params.has('providerType')).toBe(false);
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeTruthy();
    page.done();
  });

  it('reads its filters from the URL and writes the organization and discipline chosen back', async () => {
    const page = open('/outpatientBilling?from=2030-06-01&to=2030-06-30&providerType=OT&pageNumber=2', () =>
      answer([invoiced], 11, 2),
    );
    await screen.findByText('Doe, Jane');
    expect(lastParams(page).get('startDate')).toBe('2030-06-01');
    expect(lastParams(page).get('endDate')).toBe('2030-06-30');
    expect(lastParams(page).get('providerType')).toBe('OT');
    expect(lastParams(page).get('pageNumber')).toBe('2');
    expect((screen.getByPlaceholderText('Start date') as HTMLInputElement).value).toBe('6/1/2030');
    await choose('Organization', 'Lakeside Care');
    await waitFor(() => expect(lastParams(page).get('referralSourceId')).toBe('4'));
    expect(search().get('referralSourceId')).toBe('4');
    expect(search().get('pageNumber')).toBeNull();
    await choose('Discipline', 'ST/SLP (92507)');
    await waitFor(() => expect(lastParams(page).get('providerType')).toBe('ST/SLP'));
    expect(search().get('providerType')).toBe('ST/SLP');
    expect(search().get('from')).toBe('2030-06-01');
    page.done();
  });

  it('exports every page of the filters to CSV', async () => {
    const many = Array.from({ length: 500 }, (_, i) => ({ ...invoiced, visitId: 1000 + i }));
    const page = open('/outpatientBilling?providerType=PT', (url) => {
      if (url.searchParams.get('pageSize') !== '500') return answer([invoiced, tooShort]);
      return url.searchParams.get('pageNumber') === '1'
        ? answer(many, 502, 1, 500)
        : answer([invoiced, tooShort], 502, 2, 500);
    });
    await screen.findByText('Doe, Jane');
    const saved: { name: string; blob: Blob }[] = [];
    let blob: Blob | undefined;
    URL.createObjectURL = jest.fn((made: Blob) => {
      blob = made;
      return 'blob:outpatient';
    });
    URL.revokeObjectURL = jest.fn();
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push({ name: this.download, blob: blob! });
    });
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    const dates = outpatientDates(undefined, undefined);
    expect(saved[0]!.name).toBe(`outpatient-billing-${dates.startDate}-to-${dates.endDate}.csv`);
    const exports = reportCalls(page).filter((c) => c.url.searchParams.get('pageSize') === '500');
    expect(exports.map((c) => c.url.searchParams.get('pageNumber'))).toEqual(['1', '2']);
    for (const call of exports) expect(call.url.searchParams.get('providerType')).toBe('PT');
    const lines = (await readText(saved[0]!.blob)).split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(1 + 502);
    expect(lines.at(-1)).toContain('No,Not invoiced');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Export CSV' }).className).not.toContain('loading'),
    );
    click.mockRestore();
    page.done();
  });

  it('says so when there is no visit, and shows a load failure with a retry', async () => {
    const page = open('/outpatientBilling', () => answer([]));
    expect(await screen.findByText('No approved therapy visits in these dates.')).toBeTruthy();
    page.done();
    const failing = open('/outpatientBilling', () => apiError(500, 'Something went wrong.'));
    expect(await screen.findByText(/Sorry, the outpatient billing report could not be loaded/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
    failing.done();
  });

  it('has no serious or critical axe violations', async () => {
    const page = open('/outpatientBilling');
    await screen.findByText('Doe, Jane');
    const results = await axe.run(page.container, { rules: { 'color-contrast': { enabled: false } } });
    const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
    page.done();
  });
});
