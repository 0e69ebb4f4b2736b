import type { UnpaidVisit } from '@carelane/shared-domain';
import { jsonResponse } from '@carelane/shared-session/testing';
import { apiError, choose, paging, renderPage, type RenderedPage } from '@carelane/shared-ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { organizationsAnswer } from '../test-fixtures';
import UnpaidVisitsPage, { unpaidVisitsCsv } from './UnpaidVisitsPage';

jest.setTimeout(90_000);

const line: UnpaidVisit = {
  lineId: 11,
  visitId: 5,
  dateOfService: '2030-06-04',
  patientName: 'Doe, Jane',
  clinicianName: 'Rivera, Casey',
  referralSourceId: 3,
  organizationName: 'Sunrise Home Health',
  invoiceId: 41,
  invoiceNumber: 'INV-000041',
  dueOn: '2030-07-04',
  daysPastDue: 12,
  amountCents: 50_500,
  serviceTaxCents: 2_850,
  invoiceBalanceCents: 30_850,
};
const notDue: UnpaidVisit = { ...line, lineId: 12, patientName: 'Roe, Richard', daysPastDue: -3 };

function open(
  url: string,
  answer: () => Response = () => jsonResponse({ rows: [line, notDue], paging: paging(2) }),
) {
  return renderPage(<UnpaidVisitsPage />, {
    url,
    roleId: 2,
    route: (call) => {
      if (call.url.pathname === '/api/operation/reports/unpaidVisits') return answer();
      if (call.url.pathname === '/api/admin/referralSources') return organizationsAnswer();
      return undefined;
    },
  });
}
const lastParams = (page: RenderedPage) =>
  page.calls.filter((c) => c.url.pathname === '/api/operation/reports/unpaidVisits').at(-1)!.url.searchParams;

describe('UnpaidVisitsPage', () => {
  it('lists each billed line with its invoice balance and days past due', async () => {
    const page = open('/unpaidvisits');
    expect(await screen.findByRole('heading', { level: 1, name: 'Unpaid visits' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Unpaid visits' });
    const row = (await within(table).findByText('Doe, Jane')).closest('tr')!;
    expect(within(row).getByText('$505.00')).toBeTruthy();
    expect(within(row).getByText('$28.50')).toBeTruthy();
    expect(within(row).getByText('$308.50')).toBeTruthy();
    expect(within(row).getByText('12')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'INV-000041' }).getAttribute('href')).toBe(
      '/invoices?invoiceId=41',
    );
    const other = within(table).getByText('Roe, Richard').closest('tr')!;
    expect(within(other).getByText('Not due')).toBeTruthy();
    expect(lastParams(page).get('pageSize')).toBe('10');
    expect(lastParams(page).has('dueBy')).toBe(false);
    page.done();
  });

  it('reads its filters from the URL and writes the organization chosen back', async () => {
    const page = open('/unpaidvisits?dueBy=2030-07-31&pageNumber=2', () =>
      jsonResponse({ rows: [line], paging: paging(11, 2) }),
    );
    await screen.findByText('Doe, Jane');
    expect(lastParams(page).get('dueBy')).toBe('2030-07-31');
    expect(lastParams(page).get('pageNumber')).toBe('2');
    expect((screen.getByLabelText('Due by') as HTMLInputElement).value).toBe('7/31/2030');
    await choose('Organization', 'Lakeside Care');
    await waitFor(() => expect(lastParams(page).get('referralSourceId')).toBe('4'));
    expect(new URLSearchParams(location.search).get('pageNumber')).toBeNull();
    page.done();
  });

  it('says so when nothing is unpaid, and shows a load failure', async () => {
    const page = open('/unpaidvisits', () => jsonResponse({ rows: [], paging: paging(0) }));
    expect(await screen.findByText('No billed visit is waiting to be paid.')).toBeTruthy();
    page.done();
    const failing = open('/unpaidvisits', () => apiError(500, 'Something went wrong.'));
    expect(await screen.findByText(/Sorry, the unpaid visits could not be loaded/)).toBeTruthy();
    failing.done();
  });

  it('writes the CSV with money as formatCents writes it and dates as M/D/YYYY', () => {
    const lines = unpaidVisitsCsv([line]).split('\r\n').filter(Boolean);
    expect(lines[1]).toBe(
      '6/4/2030,"Doe, Jane",Rivera, Casey,Sunrise Home Health,INV-000041,7/4/2030,12,$505.00,$28.50,$308.50'.replace(
        'Rivera, Casey',
        '"Rivera, Casey"',
      ),
    );
  });

  it('has no serious or critical axe violations', async () => {
    const page = open('/unpaidvisits');
    await screen.findByText('Doe, Jane');
    const results = await axe.run(page.container, { rules: { 'color-contrast': { enabled: false } } });
    const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
    page.done();
  });
});
