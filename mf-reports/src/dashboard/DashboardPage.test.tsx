import {
  DASHBOARD_METRICS,
  type ActivityItem,
  type ActivityKindCount,
  type Dashboard,
  type MetricCounts,
  type MetricDrill,
  type MetricVisitRow,
  type MyActivity,
} from '@carelane/shared-domain';
import { getBus } from '@carelane/shared-session';
import { jsonResponse } from '@carelane/shared-session/testing';
import {
  captureDownloads,
  apiError,
  choose,
  cardValues,
  paging,
  phoneScreen,
  renderPage,
  type ApiCall,
  type RenderedPage,
} from '@carelane/shared-ui/testing';
import { callsTo, lastParams, lookupAnswer, pageSearch } from '../report-kit/report-test-lookups';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import DashboardPage from './DashboardPage';
import { drillCsv } from './drill-rows';
import { sparklineRuns } from './Sparkline';

jest.setTimeout(90_000);

const DASHBOARD = '/api/admin/reports/dashboard';
const RECORDS = '/api/admin/reports/dashboard/records';
const ACTIVITY = '/api/admin/reports/myActivity';

const counts = (numerator: number, denominator: number): MetricCounts => ({ numerator, denominator });

/** The worked example of decision 046 this period, and a prior period to compare with. */
const FIGURES: Record<string, { current: MetricCounts; prior: MetricCounts }> = {
  staffingRate: { current: counts(3, 5), prior: counts(2, 5) },
  utilizationRate: { current: counts(2, 4), prior: counts(2, 4) },
  verificationRate: { current: counts(1, 2), prior: counts(2, 2) },
  completionRate: { current: counts(1, 3), prior: counts(0, 0) },
  fillRate: { current: counts(2, 5), prior: counts(1, 5) },
  staffingDelay: { current: counts(60, 3), prior: counts(30, 2) },
  averageCompletionTime: { current: counts(6, 2), prior: counts(8, 2) },
};

function dashboardAnswer(
  call: ApiCall,
  change: (key: string) => Partial<(typeof FIGURES)[string]> = () => ({}),
): Dashboard {
  const from = call.url.searchParams.get('from') ?? '2026-11-26';
  const to = call.url.searchParams.get('to') ?? '2026-12-02';
  return {
    period: { from, to },
    prior: { from: '2026-11-19', to: '2026-11-25' },
    asOf: '2026-12-02T15:05:00.000Z',
    metrics: DASHBOARD_METRICS.map((metric) => ({
      key: metric.key,
      ...FIGURES[metric.key]!,
      ...change(metric.key),
      trend: [
        { day: from, ...counts(1, 2) },
        { day: to, ...FIGURES[metric.key]!.current },
      ],
    })),
  };
}

const visitRow = (id: number): MetricVisitRow => ({
  id,
  dateOfService: '2026-11-30',
  startAt: '2026-11-30T15:00:00.000Z',
  timeZone: 'America/Chicago',
  status: 'Staffed',
  patientName: id === 1 ? '=HYPERLINK("x")' : `Doe, Jane ${id}`,
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
});

function recordsAnswer(call: ApiCall, total = 3): MetricDrill {
  const params = call.url.searchParams;
  const pageNumber = Number(params.get('pageNumber') ?? 1);
  const pageSize = Number(params.get('pageSize') ?? 10);
  const first = (pageNumber - 1) * pageSize + 1;
  const count = Math.max(0, Math.min(pageSize, total - first + 1));
  return {
    subject: 'visits',
    rows: Array.from({ length: count }, (_, i) => visitRow(first + i)),
    paging: paging(total, pageNumber, pageSize),
  };
}

const activityItem = (visitId: number, extra: Partial<ActivityItem> = {}): ActivityItem => ({
  visitId,
  episodeId: 40 + visitId,
  at: '2026-12-02T14:00:00.000Z',
  dateOfService: '2026-12-03',
  startAt: '2026-12-03T15:00:00.000Z',
  timeZone: 'America/Chicago',
  organizationName: 'Sunrise Home Health',
  visitTypeName: 'Skilled nursing visit',
  ...extra,
});

const kind = (name: ActivityKindCount['kind'], count: number, ids: number[] = []): ActivityKindCount => ({
  kind: name,
  count,
  items: ids.map((id) => activityItem(id, name === 'notesReviewed' ? { outcome: 'approved' } : {})),
});

/** Staff's activity: nothing today, two visits staffed and a note reviewed this week, seven staffed this month. */
const STAFF_ACTIVITY: MyActivity = {
  timeZone: 'America/Chicago',
  asOf: '2026-12-02T15:05:00.000Z',
  windows: [
    {
      window: 'today',
      from: '2026-12-02',
      to: '2026-12-02',
      kinds: [kind('visitsStaffed', 0), kind('notesReviewed', 0)],
    },
    {
      window: 'week',
      from: '2026-11-30',
      to: '2026-12-02',
      kinds: [kind('visitsStaffed', 2, [11, 12]), kind('notesReviewed', 1, [21])],
    },
    {
      window: 'month',
      from: '2026-12-01',
      to: '2026-12-02',
      kinds: [kind('visitsStaffed', 7, [11, 12, 13, 14, 15]), kind('notesReviewed', 1, [21])],
    },
  ],
};

type Answers = {
  dashboard?: (call: ApiCall) => Response;
  records?: (call: ApiCall) => Response;
  activity?: (call: ApiCall) => Response;
};

function open(url: string, answers: Answers = {}, roleId = 1): RenderedPage {
  return renderPage(<DashboardPage />, {
    url,
    roleId,
    ...(roleId === 9 ? { referralSourceId: 3 } : {}),
    route: (call) => {
      const path = call.url.pathname;
      if (path === DASHBOARD) return answers.dashboard?.(call) ?? jsonResponse(dashboardAnswer(call));
      if (path === RECORDS) return answers.records?.(call) ?? jsonResponse(recordsAnswer(call));
      if (path === ACTIVITY) return answers.activity?.(call) ?? jsonResponse(STAFF_ACTIVITY);
      return lookupAnswer(call);
    },
  });
}

const day = (offset: number) => dayjs().add(offset, 'day');

/** A clinician's activity: a visit completed and two notes submitted today. */
const CLINICIAN_ACTIVITY: MyActivity = {
  ...STAFF_ACTIVITY,
  windows: STAFF_ACTIVITY.windows.map((w) => ({
    ...w,
    kinds: [kind('visitsCompleted', 1, [30]), kind('notesSubmitted', 2, [31, 32])],
  })),
};

const activitySection = async () =>
  (await screen.findByRole('heading', { level: 2, name: 'My activity' })).closest('section')!;

async function cards() {
  const list = await screen.findByRole('list', { name: 'Metrics' });
  return within(list).getAllByRole('listitem');
}

describe('DashboardPage', () => {
  it('shows the seven metrics in SPEC order, computed from the counts, for the last 7 days by default', async () => {
    const page = open('/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
    const items = await cards();
    expect(items.map((item) => within(item).getByRole('heading', { level: 2 }).textContent)).toEqual([
      'Staffing rate',
      'Utilization rate',
      'Verification rate',
      'Completion rate',
      'Fill rate',
      'Staffing delay',
      'Average completion time',
    ]);
    const card = (index: number) => within(items[index]!);
    expect(card(0).getByText('60.0 %')).toBeTruthy();
    expect(card(0).getByText('Prior period: 40.0 %')).toBeTruthy();
    expect(card(0).getByText(/\+20\.0 pts, better than the prior period/)).toBeTruthy();
    expect(card(0).getByRole('button', { name: '3 Staffed visits' })).toBeTruthy();
    expect(card(0).getByRole('button', { name: 'of 5 Requested visits' })).toBeTruthy();
    expect(card(0).getByText('Requested visits that have a clinician.')).toBeTruthy();
    expect(card(1).getByText('50.0 %')).toBeTruthy();
    expect(card(1).getByText(/±0\.0 pts, the same as the prior period/)).toBeTruthy();
    expect(card(2).getByText('50.0 %')).toBeTruthy();
    expect(card(2).getByText(/−50\.0 pts, worse than the prior period/)).toBeTruthy();
    expect(card(3).getByText('33.3 %')).toBeTruthy();
    expect(card(3).getByText('Prior period: —')).toBeTruthy();
    expect(card(3).getByText(/No change to show/)).toBeTruthy();
    expect(card(4).getByText('40.0 %')).toBeTruthy();
    expect(card(5).getByText('20.0 h')).toBeTruthy();
    expect(card(5).getByText(/\+5\.0 h, worse than the prior period/)).toBeTruthy();
    expect(card(5).getByRole('button', { name: 'Over 3 Staffed visits' })).toBeTruthy();
    expect(card(6).getByText('3.0 h')).toBeTruthy();
    expect(card(6).getByText(/−1\.0 h, better than the prior period/)).toBeTruthy();
    // The trend is decoration: hidden from screen readers, the card's text says the figures.
    expect(items[0]!.querySelector('svg.carelane-sparkline')!.getAttribute('aria-hidden')).toBe('true');
    const params = lastParams(page, DASHBOARD);
    expect(params.get('from')).toBe(day(-6).format('YYYY-MM-DD'));
    expect(params.get('to')).toBe(day(0).format('YYYY-MM-DD'));
    expect(params.has('referralSourceId')).toBe(false);
    expect(
      screen.getByText(
        `${day(-6).format('M/D/YYYY')}–${day(0).format('M/D/YYYY')}, compared with ${day(-13).format('M/D/YYYY')}–${day(-7).format('M/D/YYYY')}`,
      ),
    ).toBeTruthy();
    expect(screen.getByText(`As of ${dayjs('2026-12-02T15:05:00.000Z').format('h:mm A')}`)).toBeTruthy();
    page.done();
  });

  it('asks for the period, organization and provider type the URL names, and writes the filters to it', async () => {
    const page = open('/dashboard?from=2026-11-26&to=2026-12-02');
    await cards();
    expect(lastParams(page, DASHBOARD).get('from')).toBe('2026-11-26');
    expect(lastParams(page, DASHBOARD).get('to')).toBe('2026-12-02');
    expect(screen.getByText('11/26/2026–12/2/2026, compared with 11/19/2026–11/25/2026')).toBeTruthy();
    await choose('Organization', 'Lakeside Care');
    await waitFor(() => expect(pageSearch().get('referralSourceId')).toBe('4'));
    await waitFor(() => expect(lastParams(page, DASHBOARD).get('referralSourceId')).toBe('4'));
    await choose('Provider type', 'PT');
    await waitFor(() => expect(pageSearch().get('providerTypeId')).toBe('2'));
    await waitFor(() => expect(lastParams(page, DASHBOARD).get('providerTypeId')).toBe('2'));
    expect(lastParams(page, DASHBOARD).get('from')).toBe('2026-11-26');
    page.done();
  });

  it('opens the records behind a count in a drawer, the figure in the URL, and closes it', async () => {
    const page = open('/dashboard?from=2026-11-26&to=2026-12-02&referralSourceId=3');
    const items = await cards();
    const figure = within(items[0]!).getByRole('button', { name: '3 Staffed visits' });
    figure.focus();
    fireEvent.click(figure);
    await waitFor(() => expect(pageSearch().get('metric')).toBe('staffingRate'));
    expect(pageSearch().get('part')).toBe('numerator');
    expect(pageSearch().has('period')).toBe(false);
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText('Staffing rate — Staffed visits, 11/26/2026–12/2/2026')).toBeTruthy();
    expect(await within(drawer).findByText('3 visits')).toBeTruthy();
    const params = lastParams(page, RECORDS);
    expect(params.get('metric')).toBe('staffingRate');
    expect(params.get('part')).toBe('numerator');
    expect(params.get('period')).toBe('current');
    expect(params.get('pageSize')).toBe('10');
    expect(params.get('referralSourceId')).toBe('3');
    expect(params.get('from')).toBe('2026-11-26');
    const table = await within(drawer).findByRole('table');
    const row = (await within(table).findByText('Doe, Jane 2')).closest('tr')!;
    expect(within(row).getByText('11/30/2026')).toBeTruthy();
    expect(within(row).getByText('9:00 AM CST')).toBeTruthy();
    expect(within(row).getByText('Rivera, Casey')).toBeTruthy();
    expect(within(row).getByText('Staffed')).toBeTruthy();
    fireEvent.click(within(drawer).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(pageSearch().has('metric')).toBe(false));
    expect(pageSearch().has('part')).toBe(false);
    expect(pageSearch().get('referralSourceId')).toBe('3');
    await waitFor(() => expect(document.activeElement).toBe(figure));
    page.done();
  });

  it("opens the prior period's records with period=prior", async () => {
    const page = open('/dashboard?from=2026-11-26&to=2026-12-02');
    const items = await cards();
    fireEvent.click(within(items[0]!).getByRole('button', { name: 'of 5 Requested visits (prior)' }));
    await waitFor(() => expect(pageSearch().get('period')).toBe('prior'));
    expect(pageSearch().get('part')).toBe('denominator');
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText('Staffing rate — Requested visits, 11/19/2026–11/25/2026')).toBeTruthy();
    await waitFor(() => expect(lastParams(page, RECORDS).get('period')).toBe('prior'));
    page.done();
  });

  it('exports every record behind the figure, every page, as formula-safe CSV', async () => {
    const page = open('/dashboard?from=2026-11-26&to=2026-12-02&metric=staffingRate&part=numerator', {
      records: (call) => jsonResponse(recordsAnswer(call, 501)),
    });
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('501 visits')).toBeTruthy();
    const { saved, restore } = captureDownloads();
    fireEvent.click(within(drawer).getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toBe('staffingRate-numerator-2026-11-26-to-2026-12-02.csv');
    const pages = callsTo(page, RECORDS).filter((call) => call.url.searchParams.get('pageSize') === '500');
    expect(pages.map((call) => call.url.searchParams.get('pageNumber'))).toEqual(['1', '2']);
    for (const call of pages) expect(call.url.searchParams.get('metric')).toBe('staffingRate');
    const lines = (await saved[0]!.text()).split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(502);
    expect(lines[0]).toContain('Date of service,Start,Patient,Organization');
    expect(lines[1]).toContain(`11/30/2026,9:00 AM CST,"'=HYPERLINK(""x"")",Sunrise Home Health`);
    expect(await within(drawer).findByText('Exported 501 visits.')).toBeTruthy();
    await waitFor(() =>
      expect(within(drawer).getByRole('button', { name: 'Export CSV' }).className).not.toContain('loading'),
    );
    restore();
    page.done();
  });

  it('shows an organization user their own figures, without the organization picker', async () => {
    const page = open('/dashboard?referralSourceId=4', {}, 9);
    const [staffing, utilization] = await cards();
    expect(screen.queryByRole('combobox', { name: 'Organization' })).toBeNull();
    // The clinicians behind the utilization rate are for staff: its counts are text, not buttons.
    expect(within(utilization!).queryAllByRole('button')).toHaveLength(0);
    expect(within(utilization!).getByText('2 Clinicians with a visit')).toBeTruthy();
    expect(within(staffing!).getByRole('button', { name: '3 Staffed visits' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Provider type' })).toBeTruthy();
    expect(lastParams(page, DASHBOARD).has('referralSourceId')).toBe(false);
    page.done();
  });

  it('shows a clinician their activity above the pointer to their visits and notes, and asks for no metrics', async () => {
    const page = open('/dashboard', { activity: () => jsonResponse(CLINICIAN_ACTIVITY) }, 4);
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
    const section = await activitySection();
    expect(await within(section).findByText('1 visit completed')).toBeTruthy();
    expect(within(section).getByText('2 notes submitted')).toBeTruthy();
    const completed = within(within(section).getByRole('list', { name: 'Visits completed' })).getByRole(
      'link',
    );
    expect(completed.getAttribute('href')).toBe('/providervisits');
    expect(completed.textContent).toBe('12/3/2026 9:00 AM CST, Skilled nursing visit, Sunrise Home Health');
    const notes = within(within(section).getByRole('list', { name: 'Notes submitted' })).getAllByRole('link');
    expect(notes.map((link) => link.getAttribute('href'))).toEqual(['/note?visitId=31', '/note?visitId=32']);
    const notice = screen.getByText(/Your visits and notes are in/);
    expect(section.compareDocumentPosition(notice) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByRole('link', { name: 'My visits' }).getAttribute('href')).toBe('/providervisits');
    expect(screen.getByRole('link', { name: 'Visit notes' }).getAttribute('href')).toBe('/notes');
    expect(callsTo(page, DASHBOARD)).toHaveLength(0);
    expect(callsTo(page, ACTIVITY)).toHaveLength(1);
    page.done();
  });

  it('says why there is nothing to show when no visit is dated in the period', async () => {
    const page = open('/dashboard?from=2026-11-26&to=2026-12-02', {
      dashboard: (call) =>
        jsonResponse(dashboardAnswer(call, () => ({ current: counts(0, 0), prior: counts(0, 0) }))),
    });
    expect(await screen.findByText('No visits dated in this period')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Metrics' })).toBeNull();
    page.done();
  });

  it('shows a load failure with a retry', async () => {
    const page = open('/dashboard', { dashboard: () => apiError(500, 'Something went wrong.') });
    expect(await screen.findByText(/Sorry, the dashboard activity could not be loaded/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
    page.done();
  });

  it('reads the figures again when the server says a visit changed', async () => {
    const page = open('/dashboard');
    await cards();
    const before = callsTo(page, DASHBOARD).length;
    getBus().entityChanged$.next({ entity: 'user', id: 1, action: 'updated', at: new Date().toISOString() });
    getBus().entityChanged$.next({ entity: 'visit', id: 5, action: 'updated', at: new Date().toISOString() });
    await waitFor(() => expect(callsTo(page, DASHBOARD)).toHaveLength(before + 1));
    page.done();
  });

  it('reads the figures again when the server says the rollup took in a change', async () => {
    const page = open('/dashboard');
    await cards();
    const before = callsTo(page, DASHBOARD).length;
    getBus().entityChanged$.next({
      entity: 'reportRollup',
      id: null,
      action: 'updated',
      at: new Date().toISOString(),
    });
    await waitFor(() => expect(callsTo(page, DASHBOARD)).toHaveLength(before + 1));
    page.done();
  });

  it('stacks the cards and lists the records as cards on a 390 px phone', async () => {
    const restore = phoneScreen();
    try {
      const page = open('/dashboard?from=2026-11-26&to=2026-12-02&metric=staffingRate&part=numerator');
      expect(await cards()).toHaveLength(7);
      const drawer = await screen.findByRole('dialog');
      const list = await within(drawer).findByRole('list', {
        name: 'Staffing rate — Staffed visits, 11/26/2026–12/2/2026',
      });
      expect(within(drawer).queryByRole('table')).toBeNull();
      const card = within(list).getAllByRole('listitem')[0]!;
      expect(cardValues(card)).toMatchObject({
        Time: '9:00 AM CST',
        Patient: '=HYPERLINK("x")',
        Clinician: 'Rivera, Casey',
        Status: 'Staffed',
      });
      page.done();
    } finally {
      restore();
    }
  });

  it('has no serious or critical axe violations, drawer open', async () => {
    const page = open('/dashboard?metric=utilizationRate&part=denominator', {
      records: (call) =>
        jsonResponse({
          subject: 'clinicians',
          rows: [{ id: 7, name: 'Rivera, Casey', providerTypeName: 'RN', state: 'TX', staffedVisits: 2 }],
          paging: paging(1, Number(call.url.searchParams.get('pageNumber') ?? 1)),
        }),
    });
    await cards();
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('1 clinician')).toBeTruthy();
    expect(within(drawer).getByText('Rivera, Casey')).toBeTruthy();
    const { default: axe } = await import('axe-core');
    const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
    const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
    page.done();
  });
});

describe('My activity on the dashboard', () => {
  it('shows today by default below the figures, and switches to this week and this month, the URL following', async () => {
    const page = open('/dashboard');
    await cards();
    const section = await activitySection();
    const metrics = screen.getByRole('list', { name: 'Metrics' });
    expect(metrics.compareDocumentPosition(section) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(await within(section).findByText('Nothing yet today')).toBeTruthy();
    expect((within(section).getByRole('radio', { name: 'Today' }) as HTMLInputElement).checked).toBe(true);
    expect(within(section).getByText('12/2/2026')).toBeTruthy();
    expect(pageSearch().has('activity')).toBe(false);

    fireEvent.click(within(section).getByRole('radio', { name: 'This week' }));
    await waitFor(() => expect(pageSearch().get('activity')).toBe('week'));
    expect(await within(section).findByText('2 visits staffed')).toBeTruthy();
    expect(within(section).getByText('11/30/2026–12/2/2026')).toBeTruthy();
    expect(within(section).getByRole('heading', { level: 3, name: 'Visits staffed' })).toBeTruthy();
    const staffed = within(within(section).getByRole('list', { name: 'Visits staffed' })).getAllByRole(
      'link',
    );
    expect(staffed.map((link) => link.getAttribute('href'))).toEqual(['/episode?id=51', '/episode?id=52']);
    expect(staffed[0]!.textContent).toBe('12/3/2026 9:00 AM CST, Skilled nursing visit, Sunrise Home Health');
    expect(within(section).getByText('1 note reviewed')).toBeTruthy();
    const reviewed = within(within(section).getByRole('list', { name: 'Notes reviewed' })).getByRole('link');
    expect(reviewed.getAttribute('href')).toBe('/note?visitId=21');
    expect(reviewed.textContent).toContain('— approved');
    expect(screen.queryByText('Nothing yet today')).toBeNull();

    fireEvent.click(within(section).getByRole('radio', { name: 'This month' }));
    await waitFor(() => expect(pageSearch().get('activity')).toBe('month'));
    expect(await within(section).findByText('7 visits staffed, the newest 5 below')).toBeTruthy();
    expect(
      within(within(section).getByRole('list', { name: 'Visits staffed' })).getAllByRole('link'),
    ).toHaveLength(5);
    // The windows come in one answer: switching asks nothing again.
    expect(callsTo(page, ACTIVITY)).toHaveLength(1);
    fireEvent.click(within(section).getByRole('radio', { name: 'Today' }));
    await waitFor(() => expect(pageSearch().get('activity')).toBe('today'));
    expect(await within(section).findByText('Nothing yet today')).toBeTruthy();
    page.done();
  });

  it('opens the window the URL names, and says there is nothing yet in an empty one', async () => {
    const empty: MyActivity = {
      ...STAFF_ACTIVITY,
      windows: STAFF_ACTIVITY.windows.map((w) => ({ ...w, kinds: [kind('visitsRequested', 0)] })),
    };
    const page = open('/dashboard?activity=month', { activity: () => jsonResponse(empty) }, 9);
    const section = await activitySection();
    expect((within(section).getByRole('radio', { name: 'This month' }) as HTMLInputElement).checked).toBe(
      true,
    );
    expect(await within(section).findByText('Nothing yet this month')).toBeTruthy();
    fireEvent.click(within(section).getByRole('radio', { name: 'This week' }));
    expect(await within(section).findByText('Nothing yet this week')).toBeTruthy();
    page.done();
  });

  it('shows an organization user the visits they requested, each opening its service request', async () => {
    const requested: MyActivity = {
      ...STAFF_ACTIVITY,
      windows: STAFF_ACTIVITY.windows.map((w) => ({ ...w, kinds: [kind('visitsRequested', 1, [61])] })),
    };
    const page = open('/dashboard', { activity: () => jsonResponse(requested) }, 9);
    const section = await activitySection();
    expect(await within(section).findByText('1 visit requested')).toBeTruthy();
    const link = within(within(section).getByRole('list', { name: 'Visits requested' })).getByRole('link');
    expect(link.getAttribute('href')).toBe('/episode?id=101');
    expect(within(section).queryByText(/staffed|reviewed|tasks|messages/i)).toBeNull();
    page.done();
  });

  it('shows its load failure with a retry, the figures still shown', async () => {
    let fail = true;
    const page = open('/dashboard?activity=week', {
      activity: () => (fail ? apiError(500, 'Something went wrong.') : jsonResponse(STAFF_ACTIVITY)),
    });
    expect(await cards()).toHaveLength(7);
    const section = await activitySection();
    expect(
      await within(section).findByText(/Sorry, the dashboard activity could not be loaded/),
    ).toBeTruthy();
    fail = false;
    fireEvent.click(within(section).getByRole('button', { name: 'Retry' }));
    expect(await within(section).findByText('2 visits staffed')).toBeTruthy();
    page.done();
  });

  it('reads the activity again with the figures when the server says a visit changed', async () => {
    const page = open('/dashboard');
    await cards();
    await within(await activitySection()).findByText('Nothing yet today');
    const before = callsTo(page, ACTIVITY).length;
    getBus().entityChanged$.next({ entity: 'visit', id: 5, action: 'updated', at: new Date().toISOString() });
    await waitFor(() => expect(callsTo(page, ACTIVITY)).toHaveLength(before + 1));
    page.done();
  });

  it('keeps the activity in one column of links on a 390 px phone', async () => {
    const restore = phoneScreen();
    try {
      const page = open('/dashboard?activity=month');
      const section = await activitySection();
      const kinds = await within(section).findByRole('list', { name: 'My activity, this month' });
      expect(within(kinds).getByRole('heading', { level: 3, name: 'Visits staffed' })).toBeTruthy();
      expect(kinds.style.gridTemplateColumns).toContain('min(100%, 280px)');
      page.done();
    } finally {
      restore();
    }
  });
});

describe('dashboard pieces', () => {
  it('draws the trend as runs of known days', () => {
    expect(sparklineRuns([])).toEqual([]);
    expect(sparklineRuns([null, null])).toEqual([]);
    expect(sparklineRuns([10, null, 20, 30])).toHaveLength(2);
  });

  it('writes clinicians as CSV', () => {
    const text = drillCsv({
      subject: 'clinicians',
      rows: [{ id: 7, name: '@Rivera', providerTypeName: 'RN', state: null, staffedVisits: 2 }],
      paging: paging(1),
    });
    expect(text).toBe("Clinician,Provider type,State,Staffed visits\r\n'@Rivera,RN,,2\r\n");
  });
});
