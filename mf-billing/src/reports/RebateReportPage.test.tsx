import { REBATE_RULE_TEXT, type RebateReport } from '@carelane/shared-domain';
import { jsonResponse } from '@carelane/shared-session/testing';
import { apiError, choose, renderPage, type RenderedPage } from '@carelane/shared-ui/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import dayjs from 'dayjs';
import { organizationsAnswer } from '../test-fixtures';
import RebateReportPage, { rebateCsv, rebateDates, showMonth } from './RebateReportPage';

jest.setTimeout(90_000);

// Decision 030's examples, as the server answers them (the page computes no amount).
const report: RebateReport = {
  startDate: '2030-01-01',
  endDate: '2030-06-30',
  rule: REBATE_RULE_TEXT,
  rows: [
    {
      referralSourceId: 3,
      organizationName: 'Sunrise Home Health',
      month: '2030-05',
      qualifyingPaymentCount: 2,
      qualifyingCents: 200_000,
      rebateCents: 4_000,
    },
    {
      referralSourceId: 3,
      organizationName: 'Sunrise Home Health',
      month: '2030-06',
      qualifyingPaymentCount: 1,
      qualifyingCents: 1_025,
      rebateCents: 21,
    },
    {
      referralSourceId: 4,
      organizationName: 'Lakeside Care',
      month: '2030-06',
      qualifyingPaymentCount: 3,
      qualifyingCents: 75,
      rebateCents: 2,
    },
  ],
  totals: { qualifyingCents: 201_100, rebateCents: 4_023 },
};
const empty: RebateReport = { ...report, rows: [], totals: { qualifyingCents: 0, rebateCents: 0 } };

function open(url: string, answer: () => Response = () => jsonResponse(report)): RenderedPage {
  return renderPage(<RebateReportPage />, {
    url,
    roleId: 2,
    route: (call) => {
      if (call.url.pathname === '/api/operation/reports/rebates') return answer();
      if (call.url.pathname === '/api/admin/referralSources') return organizationsAnswer();
      return undefined;
    },
  });
}
const lastParams = (page: RenderedPage) =>
  page.calls.filter((c) => c.url.pathname === '/api/operation/reports/rebates').at(-1)!.url.searchParams;
const search = () => new URLSearchParams(location.search);
const readText = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });

describe('rebate dates and CSV', () => {
  it('defaults to the current month and the 11 before it, to today', () => {
    const now = new Date(2030, 6, 15, 15, 0);
    expect(rebateDates(undefined, undefined, now)).toEqual({
      startDate: '2029-08-01',
      endDate: '2030-07-15',
    });
    expect(rebateDates('2030-01-01', '2030-03-31', now)).toEqual({
      startDate: '2030-01-01',
      endDate: '2030-03-31',
    });
    expect(showMonth('2030-06')).toBe('June 2030');
  });

  it('writes a row per organization-month and the server totals, money as formatCents writes it', () => {
    const lines = rebateCsv(report).split('\r\n').filter(Boolean);
    expect(lines[0]).toBe('Organization,Month received,Qualifying payments,Qualifying amount,Rebate');
    expect(lines[1]).toBe('Sunrise Home Health,2030-05,2,"$2,000.00",$40.00');
    expect(lines[3]).toBe('Lakeside Care,2030-06,3,$0.75,$0.02');
    expect(lines[4]).toBe('All organizations,,,"$2,011.00",$40.23');
  });
});

describe('RebateReportPage', () => {
  it('shows each organization-month with its qualifying amount and rebate, the totals and the rule', async () => {
    const page = open('/rebatereport');
    expect(await screen.findByRole('heading', { level: 1, name: 'Rebate report' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Rebates by organization and month' });
    const may = (await within(table).findByText('May 2030')).closest('tr')!;
    expect(within(may).getByText('Sunrise Home Health')).toBeTruthy();
    expect(within(may).getByText('$2,000.00')).toBeTruthy();
    expect(within(may).getByText('$40.00')).toBeTruthy();
    const lakeside = within(table).getByText('Lakeside Care').closest('tr')!;
    expect(within(lakeside).getByText('June 2030')).toBeTruthy();
    expect(within(lakeside).getByText('$0.75')).toBeTruthy();
    expect(within(lakeside).getByText('$0.02')).toBeTruthy();
    const totals = within(table).getByText('All organizations').closest('tr')!;
    expect(within(totals).getByText('$2,011.00')).toBeTruthy();
    expect(within(totals).getByText('$40.23')).toBeTruthy();
    expect(screen.getByText(`Rule: ${REBATE_RULE_TEXT}.`)).toBeTruthy();
    expect(screen.getByText(/payments received 1\/1\/2030 to 6\/30\/2030/)).toBeTruthy();

    const params = lastParams(page);
    expect(params.get('startDate')).toBe(dayjs().startOf('month').subtract(11, 'month').format('YYYY-MM-DD'));
    expect(params.get('endDate')).toBe(dayjs().format('YYYY-MM-DD'));
    expect(params.has('referralSourceId')).toBe(false);
    page.done();
  });

  it('reads its filters from the URL and writes the organization chosen back', async () => {
    const page = open('/rebatereport?from=2030-01-01&to=2030-06-30');
    await screen.findByText('May 2030');
    expect(lastParams(page).get('startDate')).toBe('2030-01-01');
    expect(lastParams(page).get('endDate')).toBe('2030-06-30');
    expect((screen.getByPlaceholderText('Start date') as HTMLInputElement).value).toBe('1/1/2030');
    await choose('Organization', 'Lakeside Care');
    await waitFor(() => expect(lastParams(page).get('referralSourceId')).toBe('4'));
    expect(search().get('referralSourceId')).toBe('4');
    expect(search().get('from')).toBe('2030-01-01');
    page.done();
  });

  it('exports the report as shown to CSV', async () => {
    const page = open('/rebatereport?from=2030-01-01&to=2030-06-30');
    await screen.findByText('May 2030');
    const saved: { name: string; blob: Blob }[] = [];
    let blob: Blob | undefined;
    URL.createObjectURL = jest.fn((made: Blob) => {
      blob = made;
      return 'blob:rebates';
    });
    URL.revokeObjectURL = jest.fn();
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push({ name: this.download, blob: blob! });
    });
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(saved.map((s) => s.name)).toEqual(['rebates-2030-01-01-to-2030-06-30.csv']);
    const lines = (await readText(saved[0]!.blob)).split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(5);
    click.mockRestore();
    page.done();
  });

  it('says so when no payment qualifies, and shows a load failure with a retry', async () => {
    const page = open('/rebatereport', () => jsonResponse(empty));
    expect(await screen.findByText('No payment qualified for a rebate in these dates.')).toBeTruthy();
    expect(screen.queryByText('All organizations')).toBeNull();
    expect((screen.getByRole('button', { name: 'Export CSV' }) as HTMLButtonElement).disabled).toBe(true);
    page.done();
    const failing = open('/rebatereport', () => apiError(500, 'Something went wrong.'));
    expect(await screen.findByText(/Sorry, the rebate report could not be loaded/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
    failing.done();
  });

  it('has no serious or critical axe violations', async () => {
    const page = open('/rebatereport');
    await screen.findByText('May 2030');
    const results = await axe.run(page.container, { rules: { 'color-contrast': { enabled: false } } });
    const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
    page.done();
  });
});
