import type { MetricDrill, TimeToStaff } from '@carelane/shared-domain';
import { jsonResponse } from '@carelane/shared-session/testing';
import {
  captureDownloads,
  cardValues,
  choose,
  paging,
  phoneScreen,
  renderPage,
  type ApiCall,
  type RenderedPage,
} from '@carelane/shared-ui/testing';
import { callsTo, lastParams, lookupAnswer, pageSearch } from '../report-kit/report-test-lookups';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import TimeToStaffPage from './TimeToStaffPage';

jest.setTimeout(90_000);

const REPORT = '/api/admin/reports/timeToStaff';
const RECORDS = '/api/admin/reports/dashboard/records';

const figures = (
  staffedVisits: number,
  median: number | null,
  p90: number | null,
  average: number | null,
  priorAverage: number | null,
) => ({
  staffedVisits,
  medianHours: median,
  p90Hours: p90,
  averageHours: average,
  priorStaffedVisits: priorAverage === null ? 0 : 1,
  priorAverageHours: priorAverage,
});

const BUCKETS = [
  ['under4h', '< 4 h', 1, 0],
  ['h4to12', '4–12 h', 2, 0],
  ['h12to24', '12–24 h', 0, 1],
  ['d1to2', '1–2 days', 1, 0],
  ['d2to4', '2–4 days', 1, 0],
  ['d4to7', '4–7 days', 0, 0],
  ['d7plus', '≥ 7 days', 1, 0],
] as const;

/** The API's worked example: RN after 2, 6, 10, 30 and 200 hours; PT after 50 (and 20 in the prior period). */
function reportAnswer(call: ApiCall, empty = false): TimeToStaff {
  const params = call.url.searchParams;
  const groupBy = params.get('groupBy') === 'organization' ? 'organization' : 'providerType';
  return {
    period: { from: params.get('from')!, to: params.get('to')! },
    prior: { from: '2026-11-19', to: '2026-11-25' },
    groupBy,
    buckets: BUCKETS.map(([key, label, count, priorCount]) => ({
      key,
      label,
      count: empty ? 0 : count,
      priorCount: empty ? 0 : priorCount,
    })),
    rows: empty
      ? []
      : groupBy === 'organization'
        ? [{ groupId: 3, groupName: 'Sunrise Home Health', ...figures(6, 20, 125, 49.67, 20) }]
        : [
            { groupId: 2, groupName: 'PT', ...figures(1, 50, 50, 50, 20) },
            { groupId: 1, groupName: 'RN', ...figures(5, 10, 132, 49.6, null) },
          ],
    totals: empty ? figures(0, null, null, null, null) : figures(6, 20, 125, 49.67, 20),
  };
}

function recordsAnswer(call: ApiCall): MetricDrill {
  const total = 5;
  return {
    subject: 'visits',
    rows: Array.from({ length: total }, (_, i) => ({
      id: i + 1,
      dateOfService: '2026-11-30',
      startAt: '2026-11-30T15:00:00.000Z',
      timeZone: 'America/Chicago',
      status: 'Staffed',
      patientName: `Doe, Jane ${i + 1}`,
      organizationName: 'Sunrise Home Health',
      providerTypeName: 'RN',
      visitTypeName: 'Skilled nursing visit',
      clinicianName: 'Rivera, Casey',
      requestedAt: '2026-11-28T15:00:00.000Z',
      assignedAt: '2026-11-29T01:00:00.000Z',
      timeIn: null,
      timeOut: null,
      notesSubmittedAt: null,
      evvVerified: false,
    })),
    paging: paging(total, Number(call.url.searchParams.get('pageNumber') ?? 1)),
  };
}

function open(url: string, options: { empty?: boolean } = {}): RenderedPage {
  return renderPage(<TimeToStaffPage />, {
    url,
    route: (call) => {
      const path = call.url.pathname;
      if (path === REPORT) return jsonResponse(reportAnswer(call, options.empty));
      if (path === RECORDS) return jsonResponse(recordsAnswer(call));
      return lookupAnswer(call);
    },
  });
}

const day = (offset: number) => dayjs().add(offset, 'day').format('YYYY-MM-DD');

/** The cells of the groups table's row naming `name`. */
async function rowCells(name: string) {
  const table = await screen.findByRole('table', { name: 'Time to staff by provider type' });
  const row = within(table).getByText(name).closest('tr')!;
  return within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);
}

describe('TimeToStaffPage', () => {
  it('asks for the last 7 days by provider type by default, and shows the chart, buckets and groups', async () => {
    const page = open('/timetostaff');
    expect(await screen.findByRole('heading', { level: 1, name: 'Time to staff' })).toBeTruthy();
    await waitFor(() => expect(callsTo(page, REPORT)).toHaveLength(1));
    const params = lastParams(page, REPORT);
    expect(params.get('from')).toBe(day(-6));
    expect(params.get('to')).toBe(day(0));
    expect(params.get('groupBy')).toBe('providerType');
    expect(params.has('referralSourceId')).toBe(false);
    expect(await rowCells('RN')).toEqual(['RN', '5', '10.0 h', '132.0 h', '49.6 h', '—']);
    expect(await rowCells('PT')).toEqual(['PT', '1', '50.0 h', '50.0 h', '50.0 h', '20.0 h']);
    expect(screen.getByText(/6 staffed visits: median 20\.0 h, p90 125\.0 h, average 49\.7 h/)).toBeTruthy();
    // The chart is one named image reading every bucket; the table beside it carries the same figures.
    const chart = await screen.findByRole('img', { name: /^Staffed visits by time to staff/ });
    expect(chart.getAttribute('aria-label')).toContain('< 4 h: 1 (prior 0)');
    expect(chart.getAttribute('aria-label')).toContain('12–24 h: 0 (prior 1)');
    const buckets = screen.getByRole('table', { name: 'Staffed visits by time to staff' });
    const rows = within(buckets).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toContain('4–12 h20');
    page.done();
  });

  it('sorts the groups as the URL says', async () => {
    const page = open('/timetostaff?sort=staffedVisits&order=descend');
    const table = await screen.findByRole('table', { name: 'Time to staff by provider type' });
    await waitFor(() => expect(within(table).getAllByRole('row').length).toBeGreaterThan(2));
    const names = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.querySelector('td')?.textContent);
    expect(names).toEqual(['RN', 'PT']);
    page.done();
  });

  it('writes the grouping and the filters to the URL and asks for them', async () => {
    const page = open(`/timetostaff?from=${day(-29)}&to=${day(0)}`);
    await screen.findByRole('table', { name: 'Time to staff by provider type' });
    await choose('Group by', 'By organization');
    await waitFor(() => expect(pageSearch().get('groupBy')).toBe('organization'));
    await waitFor(() => expect(lastParams(page, REPORT).get('groupBy')).toBe('organization'));
    expect(lastParams(page, REPORT).get('from')).toBe(day(-29));
    expect(await screen.findByRole('table', { name: 'Time to staff by organization' })).toBeTruthy();
    await choose('Provider type', 'PT');
    await waitFor(() => expect(pageSearch().get('providerTypeId')).toBe('2'));
    await waitFor(() => expect(lastParams(page, REPORT).get('providerTypeId')).toBe('2'));
    page.done();
  });

  it("opens a group's visits in the dashboard's drill-down, the group in the URL", async () => {
    const page = open('/timetostaff?referralSourceId=3');
    fireEvent.click(await screen.findByRole('button', { name: '5 staffed visits, RN' }));
    await waitFor(() => expect(pageSearch().get('group')).toBe('1'));
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('5 visits')).toBeTruthy();
    const params = lastParams(page, RECORDS);
    expect(params.get('metric')).toBe('staffingDelay');
    expect(params.get('part')).toBe('denominator');
    expect(params.get('providerTypeId')).toBe('1');
    expect(params.get('referralSourceId')).toBe('3');
    expect(params.get('from')).toBe(day(-6));
    page.done();
  });

  it('exports the groups as CSV', async () => {
    const page = open(`/timetostaff?from=2026-11-26&to=2026-12-02`);
    await screen.findByRole('table', { name: 'Time to staff by provider type' });
    const { saved, restore } = captureDownloads();
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toBe('time-to-staff-providerType-2026-11-26-to-2026-12-02.csv');
    const lines = (await saved[0]!.text())
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean);
    expect(lines).toEqual([
      'Provider type,Staffed visits,Median hours,P90 hours,Average hours,Prior average hours',
      'PT,1,50.0,50.0,50.0,20.0',
      'RN,5,10.0,132.0,49.6,',
      'All,6,20.0,125.0,49.7,20.0',
    ]);
    restore();
    page.done();
  });

  it('says why there is nothing to show when no staffed visit is dated in the period', async () => {
    const page = open('/timetostaff', { empty: true });
    expect(await screen.findByText('No staffed visits dated in this period')).toBeTruthy();
    expect(
      screen.getByText(/counts staffed visits with an assignment time by their date of service/),
    ).toBeTruthy();
    expect(screen.queryByRole('img', { name: /^Staffed visits by time to staff/ })).toBeNull();
    page.done();
  });

  it('shows each group as a card on a phone', async () => {
    const restore = phoneScreen();
    try {
      const page = open('/timetostaff');
      const list = await screen.findByRole('list', { name: 'Time to staff by provider type' });
      expect(screen.queryByRole('table', { name: 'Time to staff by provider type' })).toBeNull();
      const card = within(list)
        .getAllByRole('listitem')
        .find((item) => item.textContent?.includes('RN'))!;
      expect(cardValues(card)).toMatchObject({ Median: '10.0 h', P90: '132.0 h' });
      expect(within(card).getByRole('button', { name: '5 staffed visits, RN' })).toBeTruthy();
      page.done();
    } finally {
      restore();
    }
  });
});
