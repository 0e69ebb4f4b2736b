// The health report pages (issue 26, decision 050), one test per shape for each of the four reports: the default
// period and worst-first order asked for, the chart named with its figures beside its table, a figure opening the
// records behind it (the dashboard's drill-down for a rate, the health visits otherwise), the sort and filters in
// the URL, the CSV of every row, the empty state, and the cards on a phone.
import type { MetricDrill } from '@carelane/shared-domain';
import { jsonResponse } from '@carelane/shared-session/testing';
import {
  captureDownloads,
  paging,
  phoneScreen,
  renderPage,
  type ApiCall,
  type RenderedPage,
} from '@carelane/shared-ui/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import type { ReactElement } from 'react';
import { callsTo, lastParams, lookupAnswer, pageSearch } from '../report-kit/report-test-lookups';
import {
  ClinicianHealthPage,
  OperationsHealthPage,
  OrganizationHealthPage,
  StateHealthPage,
} from './health-reports';

jest.setTimeout(90_000);

const RECORDS = '/api/admin/reports/dashboard/records';
const VISITS = '/api/admin/reports/health/visits';

const area = (staffed: number, requested: number, checkedIn: number, completed: number, missed: number) => ({
  staffingRate: { numerator: staffed, denominator: requested },
  fillRate: { numerator: checkedIn, denominator: requested },
  completionRate: { numerator: completed, denominator: staffed },
  missedVisits: missed,
});

const ORGANIZATION_ROWS = [
  { referralSourceId: 4, name: 'Lakeside Care', current: area(1, 3, 0, 0, 0), prior: area(2, 2, 2, 1, 0) },
  {
    referralSourceId: 3,
    name: 'Sunrise Home Health',
    current: area(3, 5, 2, 1, 1),
    prior: area(1, 1, 1, 1, 0),
  },
];

type Case = {
  name: string;
  page: () => ReactElement;
  path: string;
  api: string;
  title: string;
  rows: object[];
  tableName: string;
  /** The first row's name and its cells' text. */
  firstRow: [string, string[]];
  chartName: RegExp;
  chartHas: string;
  /** A figure's button, the drill-down it calls and what that call names. */
  drill: { button: string; path: string; params: Record<string, string>; status: string };
  csvHeader: string;
  emptyText: string;
};

const CASES: Case[] = [
  {
    name: 'organization health',
    page: () => <OrganizationHealthPage />,
    path: '/referralSourceHealth',
    api: '/api/admin/reports/health/organizations',
    title: 'Organization health',
    rows: ORGANIZATION_ROWS,
    tableName: 'Organization health by organization',
    firstRow: [
      'Lakeside Care',
      [
        'Lakeside Care',
        '3prior 2, +1',
        '1prior 2, −1',
        '33.3 %prior 100.0 %, −66.7 pts',
        '0.0 %prior 100.0 %, −100.0 pts',
        '0.0 %prior 50.0 %, −50.0 pts',
        '0prior 0, ±0',
      ],
    ],
    chartName: /^Staffing rate by organization/,
    chartHas: 'Lakeside Care 33.3 % (prior 100.0 %)',
    drill: {
      button: '60.0 % staffing rate, Sunrise Home Health',
      path: RECORDS,
      params: { metric: 'staffingRate', part: 'numerator', referralSourceId: '3' },
      status: '3 visits',
    },
    csvHeader: 'Organization,Requested visits,Requested visits (prior period),Requested visits (change)',
    emptyText: 'No requested or missed visits dated in this period',
  },
  {
    name: 'state health',
    page: () => <StateHealthPage />,
    path: '/stateHealth',
    api: '/api/admin/reports/health/states',
    title: 'State health',
    rows: [
      { state: 'OK', name: 'OK', organizations: 1, current: area(1, 3, 0, 0, 0), prior: area(0, 0, 0, 0, 0) },
      { state: 'TX', name: 'TX', organizations: 2, current: area(3, 5, 2, 1, 1), prior: area(1, 1, 1, 1, 0) },
    ],
    tableName: 'State health by state',
    firstRow: [
      'OK',
      [
        'OK',
        '1',
        '3prior 0, +3',
        '1prior 0, +1',
        '33.3 %prior —',
        '0.0 %prior —',
        '0.0 %prior —',
        '0prior 0, ±0',
      ],
    ],
    chartName: /^Staffing rate by state/,
    chartHas: 'TX 60.0 % (prior 100.0 %)',
    drill: {
      button: '5 requested visits, TX',
      path: RECORDS,
      params: { metric: 'staffingRate', part: 'denominator', state: 'TX' },
      status: '5 visits',
    },
    csvHeader: 'State,Organizations,Requested visits',
    emptyText: 'No requested or missed visits dated in this period',
  },
  {
    name: 'clinician health',
    page: () => <ClinicianHealthPage />,
    path: '/providerHealth',
    api: '/api/admin/reports/health/clinicians',
    title: 'Clinician health',
    rows: [
      {
        providerId: 7,
        name: 'Ann Rivera',
        providerTypeName: 'RN',
        state: 'TX',
        rating: 4.2,
        lastLogin: dayjs().subtract(10, 'day').toISOString(),
        current: { assignedVisits: 3, completedVisits: 1, missedVisits: 1, notesOverdue: 1 },
        prior: { assignedVisits: 1, completedVisits: 1, missedVisits: 0, notesOverdue: 0 },
      },
      {
        providerId: 8,
        name: 'Ben Cole',
        providerTypeName: 'PT',
        state: null,
        rating: null,
        lastLogin: null,
        current: { assignedVisits: 1, completedVisits: 0, missedVisits: 0, notesOverdue: 0 },
        prior: { assignedVisits: 0, completedVisits: 0, missedVisits: 0, notesOverdue: 0 },
      },
    ],
    tableName: 'Clinician health by clinician',
    firstRow: [
      'Ann Rivera',
      [
        'Ann Rivera',
        'RN',
        'TX',
        '4.2',
        ` ${dayjs().subtract(10, 'day').format('M/D/YYYY')}`,
        '3prior 1, +2',
        '1prior 1, ±0',
        '1prior 0, +1',
        '1prior 0, +1',
      ],
    ],
    chartName: /^Visits missed by clinician/,
    chartHas: 'Ann Rivera 1 (prior 0)',
    drill: {
      button: '1 visits missed, Ann Rivera',
      path: VISITS,
      params: { figure: 'missedVisits', providerId: '7', period: 'current' },
      status: '1 visit',
    },
    csvHeader: 'Clinician,Provider type,State,Rating,Engagement,Last sign-in,Visits assigned',
    emptyText: 'No active clinicians for these filters',
  },
  {
    name: 'operations health',
    page: () => <OperationsHealthPage />,
    path: '/operationsHealth',
    api: '/api/admin/reports/health/operations',
    title: 'Operations health',
    rows: [
      {
        referralSourceId: 4,
        name: 'Lakeside Care',
        current: { openVisits: 2, coverageMismatch: 2 },
        prior: { openVisits: 1, coverageMismatch: 0 },
      },
    ],
    tableName: 'Operations health by organization',
    firstRow: ['Lakeside Care', ['Lakeside Care', '2prior 1, +1', '2prior 0, +2']],
    chartName: /^No clinician within 10 miles by organization/,
    chartHas: 'Lakeside Care 2 (prior 0)',
    drill: {
      button: '2 no clinician within 10 miles, Lakeside Care',
      path: VISITS,
      params: { figure: 'coverageMismatch', referralSourceId: '4' },
      status: '2 visits',
    },
    csvHeader:
      'Organization,Open visits,Open visits (prior period),Open visits (change),No clinician within 10 miles',
    emptyText: 'No open visits dated in this period',
  },
];

function drillAnswer(call: ApiCall): MetricDrill {
  const params = call.url.searchParams;
  const key = `${params.get('metric') ?? params.get('figure')}-${params.get('part') ?? ''}`;
  const total = { 'staffingRate-numerator': 3, 'staffingRate-denominator': 5, 'missedVisits-': 1 }[key] ?? 2;
  return {
    subject: 'visits',
    rows: Array.from({ length: total }, (_, i) => ({
      id: i + 1,
      dateOfService: '2026-11-30',
      startAt: '2026-11-30T15:00:00.000Z',
      timeZone: 'America/Chicago',
      status: 'Active',
      patientName: `Doe, Jane ${i + 1}`,
      organizationName: 'Sunrise Home Health',
      providerTypeName: 'RN',
      visitTypeName: 'Skilled nursing visit',
      clinicianName: null,
      requestedAt: '2026-11-28T15:00:00.000Z',
      assignedAt: null,
      timeIn: null,
      timeOut: null,
      notesSubmittedAt: null,
      evvVerified: false,
    })),
    paging: paging(total),
  };
}

function open(c: Case, url: string, options: { empty?: boolean } = {}): RenderedPage {
  return renderPage(c.page(), {
    url,
    route: (call) => {
      const path = call.url.pathname;
      const params = call.url.searchParams;
      if (path === c.api) {
        const rows = options.empty ? [] : c.rows;
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
      }
      if (path === RECORDS || path === VISITS) return jsonResponse(drillAnswer(call));
      return lookupAnswer(call);
    },
  });
}

const day = (offset: number) => dayjs().add(offset, 'day').format('YYYY-MM-DD');

describe.each(CASES)('$name', (c) => {
  it('asks for the last 7 days worst first, and shows the chart, its figures and the rows', async () => {
    const page = open(c, c.path);
    expect(await screen.findByRole('heading', { level: 1, name: c.title })).toBeTruthy();
    await waitFor(() => expect(callsTo(page, c.api)).toHaveLength(1));
    const params = lastParams(page, c.api);
    expect([params.get('from'), params.get('to'), params.has('sort'), params.get('pageSize')]).toEqual([
      day(-6),
      day(0),
      false,
      '10',
    ]);
    const table = await screen.findByRole('table', { name: c.tableName });
    const row = within(table).getAllByText(c.firstRow[0])[0]!.closest('tr')!;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(c.firstRow[1]);
    expect(screen.getByText(/^Worst first:/)).toBeTruthy();
    const chart = await screen.findByRole('img', { name: c.chartName });
    expect(chart.getAttribute('aria-label')).toContain(c.chartHas);
    expect(screen.getByRole('table', { name: c.chartName })).toBeTruthy();
    page.done();
  });

  it('opens the records behind a figure with the same filters, the figure in the URL', async () => {
    const page = open(c, `${c.path}?providerTypeId=1`);
    fireEvent.click(await screen.findByRole('button', { name: c.drill.button }));
    await waitFor(() => expect(pageSearch().get('figure')).toBeTruthy());
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText(c.drill.status)).toBeTruthy();
    const params = lastParams(page, c.drill.path);
    for (const [key, value] of Object.entries(c.drill.params))
      expect([key, params.get(key)]).toEqual([key, value]);
    expect(params.get('providerTypeId')).toBe('1');
    expect(params.get('from')).toBe(day(-6));
    page.done();
  });

  it('sends the sort, the state and the page from the URL', async () => {
    const page = open(c, `${c.path}?sort=name&order=descend&state=tx&pageNumber=2`);
    await waitFor(() => expect(callsTo(page, c.api).length).toBeGreaterThan(0));
    const params = lastParams(page, c.api);
    expect([params.get('sort'), params.get('order'), params.get('state'), params.get('pageNumber')]).toEqual([
      'name',
      'descend',
      'TX',
      '2',
    ]);
    page.done();
  });

  it('exports every row as CSV', async () => {
    const page = open(c, `${c.path}?from=2026-11-26&to=2026-12-02`);
    await screen.findByRole('table', { name: c.tableName });
    const { saved, restore } = captureDownloads();
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toMatch(/-health-2026-11-26-to-2026-12-02\.csv$/);
    const lines = (await saved[0]!.text())
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean);
    expect(lines[0]!.startsWith(c.csvHeader)).toBe(true);
    expect(lines).toHaveLength(c.rows.length + 1);
    expect(lastParams(page, c.api).get('pageSize')).toBe('500');
    restore();
    page.done();
  });

  it('says why there is nothing to show', async () => {
    const page = open(c, c.path, { empty: true });
    expect(await screen.findByText(c.emptyText)).toBeTruthy();
    expect(screen.queryByRole('img', { name: c.chartName })).toBeNull();
    page.done();
  });

  it('shows each row as a card on a phone', async () => {
    const restore = phoneScreen();
    try {
      const page = open(c, c.path);
      const list = await screen.findByRole('list', { name: c.tableName });
      expect(screen.queryByRole('table', { name: c.tableName })).toBeNull();
      expect(within(list).getAllByRole('listitem').length).toBe(c.rows.length);
      page.done();
    } finally {
      restore();
    }
  });
});
