// The funnel page (issue 26, decision 053) on /visitFunnel: the default period asked for, the stages with the
// counts, change, conversion and time in stage shared-domain computes, the chart named with its figures beside the
// table, a stage's count opening its records with the same filters, the CSV of every stage, the empty state.
import { jsonResponse } from '@carelane/shared-session/testing';
import { captureDownloads, paging, renderPage, type ApiCall } from '@carelane/shared-ui/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { lookupAnswer } from '../report-kit/report-test-lookups';
import { VisitFunnelPage } from './FunnelReportPage';

jest.setTimeout(90_000);

const FUNNEL = '/api/admin/reports/funnels/visitFunnel';
const stage = (id: string, count: number, prior: number, medianHours: number | null = null) => ({
  id,
  current: { count, medianHours },
  prior: { count: prior, medianHours: null },
});
const today = dayjs().format('YYYY-MM-DD');
const period = { from: dayjs().subtract(6, 'day').format('YYYY-MM-DD'), to: today };
const priorPeriod = {
  from: dayjs().subtract(13, 'day').format('YYYY-MM-DD'),
  to: dayjs().subtract(7, 'day').format('YYYY-MM-DD'),
};

function answer(stages: ReturnType<typeof stage>[]) {
  return (call: ApiCall) => {
    const lookup = lookupAnswer(call);
    if (lookup) return lookup;
    if (call.url.pathname === FUNNEL)
      return jsonResponse({ funnel: 'visitFunnel', period, prior: priorPeriod, stages });
    if (call.url.pathname.startsWith(`${FUNNEL}/stages/`))
      return jsonResponse({ subject: 'visits', rows: [], paging: paging(4) });
    return undefined;
  };
}

const STAGES = [
  stage('requested', 5, 1),
  stage('covered', 4, 1),
  stage('staffed', 3, 0, 4),
  stage('checkedIn', 2, 0, 26),
  stage('completed', 1, 0),
];

describe('/visitFunnel', () => {
  it('shows each stage with its change, conversion and time in stage, and opens a stage with the same filters', async () => {
    const page = renderPage(<VisitFunnelPage />, {
      url: '/visitFunnel?providerTypeId=7',
      route: answer(STAGES),
    });
    const table = await screen.findByRole('table', { name: 'Visit funnel stages' });
    const staffed = within(table).getByText('Staffed').closest('tr')!;
    expect(staffed.textContent).toContain('75.0 %');
    expect(staffed.textContent).toContain('+3');
    expect(staffed.textContent).toContain('4.0 h');
    expect(screen.getByRole('img', { name: /Visit funnel.*Requested 5 \(prior 1\)/ })).toBeTruthy();
    const call = page.calls.find((c) => c.url.pathname === FUNNEL)!;
    expect(call.url.searchParams.get('from')).toBe(period.from);
    expect(call.url.searchParams.get('providerTypeId')).toBe('7');
    fireEvent.click(within(staffed).getByRole('button', { name: /3 Staffed, this period/ }));
    await waitFor(() =>
      expect(page.calls.some((c) => c.url.pathname === `${FUNNEL}/stages/staffed/records`)).toBe(true),
    );
    const drill = page.calls.find((c) => c.url.pathname === `${FUNNEL}/stages/staffed/records`)!;
    expect(drill.url.searchParams.get('providerTypeId')).toBe('7');
    expect(drill.url.searchParams.get('period')).toBe('current');
    expect(globalThis.location.search).toContain('stage=staffed');
    page.done();
  });

  it('exports every stage as CSV', async () => {
    const page = renderPage(<VisitFunnelPage />, { url: '/visitFunnel', route: answer(STAGES) });
    await screen.findByRole('table', { name: 'Visit funnel stages' });
    const { saved, restore } = captureDownloads();
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    const text = await saved[0]!.text();
    expect(text).toContain('Covered within 5 miles');
    expect(text.trim().split(/\r?\n/)).toHaveLength(6);
    restore();
    page.done();
  });

  it('says why it is empty', async () => {
    const page = renderPage(<VisitFunnelPage />, {
      url: '/visitFunnel',
      route: answer(STAGES.map((s) => stage(s.id, 0, 0))),
    });
    expect(await screen.findByText('Nothing in this period')).toBeTruthy();
    page.done();
  });
});
