import type { Churn, ChurnMembers } from '@carelane/shared-domain';
import { jsonResponse } from '@carelane/shared-session/testing';
import {
  captureDownloads,
  choose,
  paging,
  renderPage,
  type ApiCall,
  type RenderedPage,
} from '@carelane/shared-ui/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { callsTo, lastParams, lookupAnswer, pageSearch } from '../report-kit/report-test-lookups';
import HistoricalChurnPage from './HistoricalChurnPage';

jest.setTimeout(90_000);

const REPORT = '/api/admin/reports/historicalChurn';
const RECORDS = '/api/admin/reports/historicalChurn/records';
const MONTHS = ['2026-07', '2026-08', '2026-09', '2026-10'];

/** The API's worked example (churn.int.test.ts): four clinicians over July to October 2026. */
function reportAnswer(call: ApiCall, empty: boolean): Churn {
  const figures = empty
    ? MONTHS.map(() => [0, 0, 0, 0, 0, null] as const)
    : ([
        [1, 0, 0, 0, 1, 0.5],
        [2, 1, 1, 0, 0, 0],
        [1, 1, 0, 1, 2, 1],
        [1, 1, 0, 1, 1, 1],
      ] as const);
  return {
    subject: call.url.searchParams.get('subject') ?? 'clinicians',
    months: MONTHS,
    rows: MONTHS.map((month, i) => {
      const [active, won, fresh, returning, lost, churnRate] = figures[i]!;
      return { month, active, won, new: fresh, returning, lost, churnRate };
    }),
    cohorts: MONTHS.map((month, i) => ({
      month,
      size: !empty && i === 1 ? 1 : 0,
      retained: MONTHS.slice(i).map((_, offset) => (!empty && i === 1 && offset !== 1 ? 1 : 0)),
    })),
  };
}

function recordsAnswer(call: ApiCall): ChurnMembers {
  const rows = [
    { id: 11, name: 'Ann Churn', detail: 'RN', firstMonth: '2026-04' },
    { id: 12, name: 'Ben Churn', detail: 'RN', firstMonth: '2026-08' },
  ];
  return { rows, paging: paging(rows.length, Number(call.url.searchParams.get('pageNumber') ?? 1)) };
}

function open(url: string, options: { empty?: boolean } = {}): RenderedPage {
  return renderPage(<HistoricalChurnPage />, {
    url,
    route: (call) => {
      const path = call.url.pathname;
      if (path === REPORT) return jsonResponse(reportAnswer(call, options.empty ?? false));
      if (path === RECORDS) return jsonResponse(recordsAnswer(call));
      return lookupAnswer(call);
    },
  });
}

async function monthCells(name: string) {
  const table = await screen.findByRole('table', { name: /^Active, won and lost clinicians per month/ });
  const row = within(table).getByText(name).closest('tr')!;
  return within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);
}

describe('HistoricalChurnPage', () => {
  it("asks for the clinicians' last 12 months by default and shows each month's figures, the chart and the cohorts", async () => {
    const page = open('/historicalChurn');
    expect(await screen.findByRole('heading', { level: 1, name: 'Historical churn' })).toBeTruthy();
    await waitFor(() => expect(callsTo(page, REPORT)).toHaveLength(1));
    const params = lastParams(page, REPORT);
    expect(params.get('subject')).toBe('clinicians');
    expect(params.get('months')).toBe('12');
    expect(params.has('toMonth')).toBe(false);
    expect(await monthCells('Jul 2026')).toEqual(['Jul 2026', '1', '0', '0', '0', '1', '50%']);
    expect(await monthCells('Sep 2026')).toEqual(['Sep 2026', '1', '1', '0', '1', '2', '100%']);
    const chart = await screen.findByRole('img', { name: /^Active, won and lost clinicians per month/ });
    expect(chart.getAttribute('aria-label')).toContain('Aug 2026: 2 active, 1 won, 0 lost');
    const cohorts = screen.getByRole('table', { name: /by first active month/ });
    const august = within(cohorts).getByText('Aug 2026').closest('tr')!;
    expect(
      within(august)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['1', '0', '1', '']);
    page.done();
  });

  it('writes the subject, the window and the filters to the URL and asks for them', async () => {
    const page = open('/historicalChurn');
    await screen.findByRole('table', { name: /^Active, won and lost clinicians per month/ });
    await choose('Subject', 'Organizations');
    await waitFor(() => expect(pageSearch().get('subject')).toBe('organizations'));
    await waitFor(() => expect(lastParams(page, REPORT).get('subject')).toBe('organizations'));
    expect(
      await screen.findByRole('table', { name: /^Active, won and lost organizations per month/ }),
    ).toBeTruthy();
    await choose('Months', '24 months');
    await waitFor(() => expect(lastParams(page, REPORT).get('months')).toBe('24'));
    expect(pageSearch().get('months')).toBe('24');
    await choose('Provider type', 'PT');
    await waitFor(() => expect(lastParams(page, REPORT).get('providerTypeId')).toBe('2'));
    page.done();
  });

  it("opens a month's figure and a cohort's month with the clinicians behind them, the figure in the URL", async () => {
    const page = open('/historicalChurn?toMonth=2026-10&months=4');
    fireEvent.click(await screen.findByRole('button', { name: '2 lost clinicians, Sep 2026' }));
    await waitFor(() => expect(pageSearch().get('figure')).toBe('lost'));
    expect(pageSearch().get('month')).toBe('2026-09');
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText('Lost clinicians, Sep 2026')).toBeTruthy();
    expect(await within(drawer).findByText('2 clinicians')).toBeTruthy();
    expect(within(drawer).getByText('Ann Churn')).toBeTruthy();
    let params = lastParams(page, RECORDS);
    expect([params.get('month'), params.get('figure'), params.get('toMonth'), params.get('months')]).toEqual([
      '2026-09',
      'lost',
      '2026-10',
      '4',
    ]);
    fireEvent.click(within(drawer).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(pageSearch().has('figure')).toBe(false));
    fireEvent.click(
      await screen.findByRole('button', { name: '1 clinicians first active Aug 2026, active Oct 2026' }),
    );
    await waitFor(() => expect(callsTo(page, RECORDS).length).toBeGreaterThan(1));
    params = lastParams(page, RECORDS);
    expect([params.get('cohort'), params.get('offset'), params.has('figure')]).toEqual([
      '2026-08',
      '2',
      false,
    ]);
    page.done();
  });

  it('exports the months as CSV', async () => {
    const page = open('/historicalChurn?toMonth=2026-10&months=4');
    await screen.findByRole('table', { name: /^Active, won and lost clinicians per month/ });
    const { saved, restore } = captureDownloads();
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toBe('historical-churn-clinicians-2026-07-to-2026-10.csv');
    const lines = (await saved[0]!.text())
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean);
    expect(lines).toEqual([
      'Month,Active,Won,New,Returning,Lost,Churn rate',
      '2026-07,1,0,0,0,1,0.5000',
      '2026-08,2,1,1,0,0,0.0000',
      '2026-09,1,1,0,1,2,1.0000',
      '2026-10,1,1,0,1,1,1.0000',
    ]);
    restore();
    page.done();
  });

  it('exports every clinician behind a figure from its drawer as CSV', async () => {
    const page = open('/historicalChurn?toMonth=2026-10&months=4&month=2026-09&figure=lost');
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('2 clinicians')).toBeTruthy();
    const { saved, restore } = captureDownloads();
    fireEvent.click(within(drawer).getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toBe('lost-clinicians-sep-2026.csv');
    const lines = (await saved[0]!.text())
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean);
    expect(lines).toEqual([
      'Name,Provider type,First active month',
      'Ann Churn,RN,2026-04',
      'Ben Churn,RN,2026-08',
    ]);
    restore();
    page.done();
  });

  it('says why there is nothing to show when none was active in the months', async () => {
    const page = open('/historicalChurn', { empty: true });
    expect(await screen.findByText('No active clinicians in these months')).toBeTruthy();
    expect(
      screen.getByText(/at least one staffed visit dated in it, and none was from Jul 2026 to Oct 2026/),
    ).toBeTruthy();
    expect(screen.queryByRole('img', { name: /per month/ })).toBeNull();
    page.done();
  });
});
