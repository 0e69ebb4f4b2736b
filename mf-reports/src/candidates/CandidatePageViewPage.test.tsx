import type { CandidatePageView, CandidatePageViewRecords } from '@carelane/shared-domain';
import { jsonResponse } from '@carelane/shared-session/testing';
import {
  captureDownloads,
  paging,
  renderPage,
  type ApiCall,
  type RenderedPage,
} from '@carelane/shared-ui/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import CandidatePageViewPage from './CandidatePageViewPage';

jest.setTimeout(90_000);

const REPORT = '/api/admin/reports/candidatePageView';
const RECORDS = '/api/admin/reports/candidatePageView/records';

/** Decision 058's worked example of views, as the API answers it. */
function reportAnswer(call: ApiCall, empty: boolean): CandidatePageView {
  const period = { from: call.url.searchParams.get('from')!, to: call.url.searchParams.get('to')! };
  const prior = { from: '2025-02-23', to: '2025-03-01' };
  const none = { views: 0, visitors: 0, registrations: 0, registrationRate: null };
  if (empty) return { period, prior, totals: none, priorTotals: none, days: [], pages: [], channels: [] };
  return {
    period,
    prior,
    totals: { views: 5, visitors: 4, registrations: 1, registrationRate: 25 },
    priorTotals: { views: 1, visitors: 1, registrations: 0, registrationRate: 0 },
    days: [
      { day: '2025-03-03', views: 3, visitors: 2 },
      { day: '2025-03-04', views: 2, visitors: 2 },
    ],
    pages: [{ page: '/register', views: 5, visitors: 4, withInvitation: 1 }],
    channels: [
      { channel: 'utm:indeed', label: 'indeed (utm_source)', views: 2, visitors: 1, withInvitation: 0 },
      { channel: 'direct', label: 'Direct (no referrer)', views: 1, visitors: 1, withInvitation: 0 },
      { channel: 'utm:email', label: 'email (utm_source)', views: 1, visitors: 1, withInvitation: 1 },
    ],
  };
}

function recordsAnswer(call: ApiCall): CandidatePageViewRecords {
  const pageNumber = Number(call.url.searchParams.get('pageNumber') ?? 1);
  if (call.url.searchParams.get('figure') === 'registrations')
    return {
      subject: 'registrations',
      rows: [
        {
          id: 9,
          name: 'Ivy Candidate',
          providerTypeName: 'RN',
          onboardStep: 'Rates',
          registeredAt: '2025-03-05T18:00:00.000Z',
          invited: false,
        },
      ],
      paging: paging(1, pageNumber),
    };
  return {
    subject: 'views',
    rows: [
      {
        id: 2,
        page: '/register',
        day: '2025-03-03',
        at: '2025-03-03T16:00:00.000Z',
        channel: 'indeed (utm_source)',
        withInvitation: false,
      },
      {
        id: 1,
        page: '/register',
        day: '2025-03-03',
        at: '2025-03-03T15:00:00.000Z',
        channel: 'indeed (utm_source)',
        withInvitation: false,
      },
    ],
    paging: paging(2, pageNumber),
  };
}

function open(url: string, options: { empty?: boolean } = {}): RenderedPage {
  return renderPage(<CandidatePageViewPage />, {
    url,
    route: (call) => {
      const path = call.url.pathname;
      if (path === REPORT) return jsonResponse(reportAnswer(call, options.empty ?? false));
      if (path === RECORDS) return jsonResponse(recordsAnswer(call));
      return undefined;
    },
  });
}

const callsTo = (page: RenderedPage, path: string) => page.calls.filter((call) => call.url.pathname === path);
const lastParams = (page: RenderedPage, path = REPORT) => callsTo(page, path).at(-1)!.url.searchParams;
const search = () => new URLSearchParams(location.search);
const csvLines = (text: string) =>
  text
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean);

async function rowCells(tableName: string, name: string) {
  const table = await screen.findByRole('table', { name: tableName });
  const row = within(table).getByText(name).closest('tr')!;
  return within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);
}

describe('CandidatePageViewPage', () => {
  it('shows views, visitors and registrations against the prior period, per day with the chart, per page and channel', async () => {
    const page = open('/candidatePageView?from=2025-03-02&to=2025-03-08');
    expect(await screen.findByRole('heading', { level: 1, name: 'Candidate page views' })).toBeTruthy();
    await waitFor(() => expect(callsTo(page, REPORT)).toHaveLength(1));
    expect([lastParams(page).get('from'), lastParams(page).get('to'), lastParams(page).has('page')]).toEqual([
      '2025-03-02',
      '2025-03-08',
      false,
    ]);
    expect(await rowCells('Candidate page totals', 'Unique visitors')).toEqual([
      'Unique visitors',
      '4',
      '1',
      '+3',
    ]);
    expect(screen.getByText(/Registrations per unique visitor: 25.0 % \(prior 0.0 %\)/)).toBeTruthy();
    expect(await rowCells('Candidate page views by day', '2025-03-03')).toEqual(['2025-03-03', '3', '2']);
    expect(await rowCells('Candidate page views by page', '/register')).toEqual(['/register', '5', '4', '1']);
    expect(await rowCells('Candidate page views by channel', 'indeed (utm_source)')).toEqual([
      'indeed (utm_source)',
      '2',
      '1',
      '0',
    ]);
    const chart = await screen.findByRole('img', {
      name: /^Views and unique visitors of the candidate pages per day/,
    });
    expect(chart.getAttribute('aria-label')).toContain('2025-03-03 3 views, 2 visitors');
    page.done();
  });

  it("opens a day's views and a channel's visitors, with the figure in the URL, and exports them", async () => {
    const page = open('/candidatePageView?from=2025-03-02&to=2025-03-08');
    fireEvent.click(await screen.findByRole('button', { name: '3 views, 2025-03-03' }));
    await waitFor(() => expect(search().get('day')).toBe('2025-03-03'));
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('2 views')).toBeTruthy();
    expect([lastParams(page, RECORDS).get('figure'), lastParams(page, RECORDS).get('day')]).toEqual([
      'views',
      '2025-03-03',
    ]);
    const { saved, restore } = captureDownloads();
    fireEvent.click(within(drawer).getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(csvLines(await saved[0]!.text())).toEqual([
      'Viewed at,Day,Page,Channel,With an invitation',
      '2025-03-03T16:00:00.000Z,2025-03-03,/register,indeed (utm_source),No',
      '2025-03-03T15:00:00.000Z,2025-03-03,/register,indeed (utm_source),No',
    ]);
    restore();
    fireEvent.click(within(drawer).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(search().has('figure')).toBe(false));
    fireEvent.click(await screen.findByRole('button', { name: '1 unique visitors, indeed (utm_source)' }));
    await waitFor(() => expect(lastParams(page, RECORDS).get('channel')).toBe('utm:indeed'));
    expect(lastParams(page, RECORDS).get('figure')).toBe('visitors');
    page.done();
  });

  it('opens the registrations: the clinicians who registered', async () => {
    const page = open('/candidatePageView?from=2025-03-02&to=2025-03-08');
    fireEvent.click(await screen.findByRole('button', { name: '1 registrations, this period' }));
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('Ivy Candidate')).toBeTruthy();
    expect(within(drawer).getByText('1 registration')).toBeTruthy();
    expect(lastParams(page, RECORDS).get('figure')).toBe('registrations');
    page.done();
  });

  it('exports the days as CSV', async () => {
    const page = open('/candidatePageView?from=2025-03-02&to=2025-03-08');
    await screen.findByRole('table', { name: 'Candidate page views by day' });
    const { saved, restore } = captureDownloads();
    fireEvent.click(screen.getAllByRole('button', { name: 'Export CSV' })[0]!);
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toBe('candidate-page-views-2025-03-02-to-2025-03-08.csv');
    expect(csvLines(await saved[0]!.text())).toEqual([
      'Day,Views,Unique visitors',
      '2025-03-03,3,2',
      '2025-03-04,2,2',
    ]);
    restore();
    page.done();
  });

  it('says why there is nothing to show when no candidate page was opened', async () => {
    const page = open('/candidatePageView', { empty: true });
    expect(await screen.findByText('No candidate page views in this period')).toBeTruthy();
    page.done();
  });
});
