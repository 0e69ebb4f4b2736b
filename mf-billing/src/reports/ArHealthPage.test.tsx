import type { ArHealth, ArHealthCell } from '@carelane/shared-domain';
import { jsonResponse } from '@carelane/shared-session/testing';
import { apiError, choose, renderPage, type RenderedPage } from '@carelane/shared-ui/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import dayjs from 'dayjs';
import { organizationsAnswer } from '../test-fixtures';
import ArHealthPage from './ArHealthPage';
import { arHealthCsv, invoicesLink } from './ar-health';

jest.setTimeout(90_000);

const cell = (
  bucket: ArHealthCell['bucket'],
  balanceCents = 0,
  first: string | null = null,
  last: string | null = first,
): ArHealthCell => ({
  bucket,
  balanceCents,
  invoiceCount: balanceCents ? 1 : 0,
  firstIssuedOn: balanceCents ? first : null,
  lastIssuedOn: balanceCents ? last : null,
});

const report: ArHealth = {
  asOf: '2030-06-30',
  rows: [
    {
      referralSourceId: 3,
      organizationName: 'Sunrise Home Health',
      buckets: [
        cell('current', 400_000, '2030-06-20'),
        cell('1-30', 123_400, '2030-04-30'),
        cell('31-60'),
        cell('61-90'),
        cell('90+', 697_500, '2030-03-01'),
      ],
      totalCents: 1_220_900,
      invoiceCount: 3,
      firstIssuedOn: '2030-03-01',
      lastIssuedOn: '2030-06-20',
    },
  ],
  totals: {
    buckets: [
      cell('current', 400_000, '2030-06-20'),
      cell('1-30', 123_400, '2030-04-30'),
      cell('31-60'),
      cell('61-90'),
      cell('90+', 697_500, '2030-03-01'),
    ],
    totalCents: 1_220_900,
    invoiceCount: 3,
  },
};
const empty: ArHealth = {
  asOf: '2030-06-30',
  rows: [],
  totals: {
    ...report.totals,
    buckets: report.totals.buckets.map((b) => cell(b.bucket)),
    totalCents: 0,
    invoiceCount: 0,
  },
};

function open(url: string, answer: () => Response = () => jsonResponse(report)): RenderedPage {
  return renderPage(<ArHealthPage />, {
    url,
    roleId: 2,
    route: (call) => {
      if (call.url.pathname === '/api/operation/reports/arHealth') return answer();
      if (call.url.pathname === '/api/admin/referralSources') return organizationsAnswer();
      return undefined;
    },
  });
}
const lastParams = (page: RenderedPage) =>
  page.calls.filter((c) => c.url.pathname === '/api/operation/reports/arHealth').at(-1)!.url.searchParams;

describe('AR health drill-down and CSV', () => {
  it('opens the invoice list with the params that page reads', () => {
    expect(invoicesLink(3, '2030-03-01', '2030-06-20')).toBe(
      '/invoices?referralSourceId=3&paymentStatus=ALL&fromReport=true&from=2030-03-01&to=2030-06-20',
    );
  });

  it('writes a row per organization and the totals, money as formatCents writes it', () => {
    const lines = arHealthCsv(report).split('\r\n').filter(Boolean);
    expect(lines[0]).toBe('Organization,Current,1–30 days,31–60 days,61–90 days,Over 90 days,Total,Invoices');
    expect(lines[1]).toBe(
      'Sunrise Home Health,"$4,000.00","$1,234.00",$0.00,$0.00,"$6,975.00","$12,209.00",3',
    );
    expect(lines[2]).toContain('All organizations');
  });
});

describe('ArHealthPage', () => {
  it('shows the buckets per organization with the totals and a labelled chart, as of today by default', async () => {
    const page = open('/ARHealth');
    expect(await screen.findByRole('heading', { level: 1, name: 'AR health' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Receivables aging by organization' });
    const row = (await within(table).findByText('Sunrise Home Health')).closest('tr')!;
    expect(within(row).getByText('$4,000.00')).toBeTruthy();
    expect(within(row).getByText('$6,975.00')).toBeTruthy();
    expect(within(row).getByText('$12,209.00')).toBeTruthy();
    expect(within(table).getByText('All organizations')).toBeTruthy();
    const chart = screen.getByRole('img', { name: /^Receivables aging as of/ });
    expect(chart.getAttribute('aria-label')).toContain('total $12,209.00');
    expect(chart.getAttribute('aria-label')).toContain('Over 90 days $6,975.00');
    expect(chart.getAttribute('aria-label')).toContain('across 1 organization');
    // echarts (its own chunk) draws the bars into the same named image: the organization and the bucket legend.
    await waitFor(() => {
      const image = screen.getByRole('img', { name: /^Receivables aging as of/ });
      const svgText = [...image.querySelectorAll('svg text')].map((t) => t.textContent);
      expect(svgText).toEqual(expect.arrayContaining(['Sunrise Home Health', 'Current', 'Over 90 days']));
    });
    expect(lastParams(page).get('asOf')).toBe(dayjs().format('YYYY-MM-DD'));
    page.done();
  });

  it('drills down from an organization and from a bucket to the invoices', async () => {
    const page = open('/ARHealth?asOf=2030-06-30');
    const table = await screen.findByRole('table', { name: 'Receivables aging by organization' });
    await within(table).findByText('Sunrise Home Health');
    expect(lastParams(page).get('asOf')).toBe('2030-06-30');
    fireEvent.click(within(table).getByRole('link', { name: 'Sunrise Home Health' }));
    fireEvent.click(within(table).getByRole('link', { name: '$6,975.00' }));
    expect(page.navigations).toEqual([
      '/invoices?referralSourceId=3&paymentStatus=ALL&fromReport=true&from=2030-03-01&to=2030-06-20',
      '/invoices?referralSourceId=3&paymentStatus=ALL&fromReport=true&from=2030-03-01&to=2030-03-01',
    ]);
    page.done();
  });

  it('keeps the organization chosen in the URL and asks for it', async () => {
    const page = open('/ARHealth?asOf=2030-06-30');
    await screen.findByRole('link', { name: 'Sunrise Home Health' });
    await choose('Organization', 'Lakeside Care');
    await waitFor(() => expect(new URLSearchParams(location.search).get('referralSourceId')).toBe('4'));
    await waitFor(() => expect(lastParams(page).get('referralSourceId')).toBe('4'));
    page.done();
  });

  it('says so when nothing is owed, and shows a load failure with a retry', async () => {
    const page = open('/ARHealth', () => jsonResponse(empty));
    expect(await screen.findByText('Nothing is owed as of this day.')).toBeTruthy();
    expect(screen.queryByRole('img', { name: /^Receivables aging as of/ })).toBeNull();
    page.done();
    const failing = open('/ARHealth', () => apiError(500, 'Something went wrong.'));
    expect(await screen.findByText(/Sorry, the AR health report could not be loaded/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
    failing.done();
  });

  it('has no serious or critical axe violations', async () => {
    const page = open('/ARHealth');
    await screen.findByRole('link', { name: 'Sunrise Home Health' });
    await waitFor(() =>
      expect(
        screen.getByRole('img', { name: /^Receivables aging as of/ }).querySelector('svg text'),
      ).toBeTruthy(),
    );
    const results = await axe.run(page.container, { rules: { 'color-contrast': { enabled: false } } });
    const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
    page.done();
  });
});
