// /userActivity (decision 052): the default period and least-active-first order asked for, each user's engagement
// and figures with links to the audit log's entries behind them, the filters and sort in the URL, the chart
// named with its figures, the CSV of every user, the empty state, and cards on a phone.
import { activityEntriesPath, USER_ACTIVITY_FIGURES, type UserActivityRow } from '@carelane/shared-domain';
import { jsonResponse } from '@carelane/shared-session/testing';
import {
  captureDownloads,
  paging,
  phoneScreen,
  renderPage,
  type RenderedPage,
} from '@carelane/shared-ui/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { lastParams, lookupAnswer } from '../report-kit/report-test-lookups';
import UserActivityPage from './UserActivityPage';

jest.setTimeout(90_000);

const API = '/api/admin/reports/userActivity';
const figures = (signIns: number, reads: number, entries: number, prior = 0) => ({
  signIns: { current: signIns, prior },
  patientReads: { current: reads, prior: 0 },
  entries: { current: entries, prior },
});
const ROWS: UserActivityRow[] = [
  {
    userId: 31,
    name: 'Quinn Quiet',
    emailId: 'quinn@carelane.test',
    role: 'CARE COORDINATOR',
    organizationName: null,
    lastLogin: null,
    ...figures(0, 0, 0),
  },
  {
    userId: 32,
    name: 'Bea Busy',
    emailId: 'bea@carelane.test',
    role: 'ORGANIZATION USER',
    organizationName: 'Sunrise Home Health',
    lastLogin: new Date().toISOString(),
    ...figures(4, 2, 9, 1),
  },
];

function open(url: string, rows: UserActivityRow[] = ROWS): RenderedPage {
  return renderPage(<UserActivityPage />, {
    url,
    route: (call) => {
      const params = call.url.searchParams;
      if (call.url.pathname === API)
        return jsonResponse({
          period: { from: params.get('from'), to: params.get('to') },
          prior: { from: '2026-11-19', to: '2026-11-25' },
          rows,
          paging: paging(
            rows.length,
            Number(params.get('pageNumber') ?? 1),
            Number(params.get('pageSize') ?? 10),
          ),
        });
      return lookupAnswer(call);
    },
  });
}

const day = (offset: number) => dayjs().add(offset, 'day').format('YYYY-MM-DD');

describe('/userActivity', () => {
  it('asks for the last 7 days least active first, and shows each user with their engagement and figures', async () => {
    const page = open('/userActivity');
    expect(await screen.findByRole('heading', { level: 1, name: 'User activity' })).toBeTruthy();
    await waitFor(() => expect(page.calls.some((c) => c.url.pathname === API)).toBe(true));
    const params = lastParams(page, API);
    expect([params.get('from'), params.get('to'), params.get('sort'), params.get('order')]).toEqual([
      day(-6),
      day(0),
      'entries',
      'asc',
    ]);
    const table = await screen.findByRole('table', { name: 'User activity' });
    const quiet = within(table).getByText('Quinn Quiet').closest('tr')!;
    expect(within(quiet).getByRole('img', { name: 'Engagement: never logged in' })).toBeTruthy();
    const busy = within(table).getByText('Bea Busy').closest('tr')!;
    expect(within(busy).getByRole('img', { name: /^Engagement: active in the last 7 days/ })).toBeTruthy();
    const cells = within(busy)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells.slice(1, 3)).toEqual(['ORGANIZATION USER', 'Sunrise Home Health']);
    expect(cells.slice(4)).toEqual(['4 (prior 1)', '2 (prior 0)', '9 (prior 1)']);
    const chart = await screen.findByRole('img', { name: /^Sign-ins, / });
    expect(chart.getAttribute('aria-label')).toContain('Bea Busy 4 (prior 1)');
    page.done();
  });

  it("links every figure to the audit log's entries of the user, its action and the period", async () => {
    const page = open('/userActivity?from=2026-11-23&to=2026-11-29');
    await screen.findByRole('table', { name: 'User activity' });
    const period = { from: '2026-11-23', to: '2026-11-29' };
    for (const figure of USER_ACTIVITY_FIGURES) {
      const link = screen.getByRole('link', { name: new RegExp(`${figure.label.toLowerCase()}, Bea Busy$`) });
      expect(link.getAttribute('href')).toBe(activityEntriesPath(32, figure, period));
    }
    fireEvent.click(screen.getByRole('link', { name: '4 sign-ins, Bea Busy' }));
    expect(page.navigations.at(-1)).toBe(activityEntriesPath(32, USER_ACTIVITY_FIGURES[0], period));
    page.done();
  });

  it('sends the role, organization, search, sort and page from the URL, and writes a new sort there', async () => {
    const page = open(
      '/userActivity?roleId=5&referralSourceId=3&q=bea&sort=signIns&order=descend&pageNumber=2',
    );
    await waitFor(() => expect(page.calls.some((c) => c.url.pathname === API)).toBe(true));
    const params = lastParams(page, API);
    expect(
      ['roleId', 'referralSourceId', 'q', 'sort', 'order', 'pageNumber'].map((k) => params.get(k)),
    ).toEqual(['5', '3', 'bea', 'signIns', 'desc', '2']);
    const table = await screen.findByRole('table', { name: 'User activity' });
    fireEvent.click(within(table).getByText('Last sign-in'));
    await waitFor(() => expect(new URLSearchParams(location.search).get('sort')).toBe('lastLogin'));
    expect(new URLSearchParams(location.search).get('pageNumber')).toBeNull();
    page.done();
  });

  it('exports every user of the filters as CSV', async () => {
    const page = open('/userActivity?from=2026-11-23&to=2026-11-29');
    await screen.findByRole('table', { name: 'User activity' });
    const { saved, restore } = captureDownloads();
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toBe('user-activity-2026-11-23-to-2026-11-29.csv');
    const lines = (await saved[0]!.text())
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean);
    expect(lines[0]).toBe(
      'User,Email,Role,Organization,Last sign-in,Engagement,Sign-ins,"Sign-ins, prior period",Patient reads,"Patient reads, prior period",Everything done,"Everything done, prior period"',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toBe('Quinn Quiet,quinn@carelane.test,CARE COORDINATOR,,,red,0,0,0,0,0,0');
    restore();
    page.done();
  });

  it('says why there is nothing to show', async () => {
    const page = open('/userActivity?q=nobody', []);
    expect(await screen.findByText('No users match these filters')).toBeTruthy();
    expect(screen.queryByRole('img', { name: /^Sign-ins, / })).toBeNull();
    page.done();
  });

  it('shows each user as a card on a phone', async () => {
    const restore = phoneScreen();
    try {
      const page = open('/userActivity');
      const list = await screen.findByRole('list', { name: 'User activity' });
      expect(within(list).getAllByRole('listitem')).toHaveLength(2);
      page.done();
    } finally {
      restore();
    }
  });
});
