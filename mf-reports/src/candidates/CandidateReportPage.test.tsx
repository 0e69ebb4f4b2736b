import type { CandidateFigure, CandidateRecords, CandidateReport } from '@carelane/shared-domain';
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
import { lookupAnswer } from '../report-kit/report-test-lookups';
import CandidateReportPage from './CandidateReportPage';

jest.setTimeout(90_000);

const REPORT = '/api/admin/reports/candidateReport';
const RECORDS = '/api/admin/reports/candidateReport/records';

const stage = (
  id: CandidateFigure,
  label: string,
  count: number,
  priorCount: number,
  conversion: number | null,
) => ({
  id,
  label,
  rule: `${label} rule.`,
  count,
  priorCount,
  conversion,
  priorConversion: null,
});

/** Decision 058's worked example, as the API answers it. */
function reportAnswer(call: ApiCall, empty: boolean): CandidateReport {
  const period = { from: call.url.searchParams.get('from')!, to: call.url.searchParams.get('to')! };
  const prior = { from: '2026-11-17', to: '2026-11-23' };
  const base = { period, prior, asOf: '2026-12-01T00:00:00.000Z' };
  if (empty)
    return {
      ...base,
      stages: [stage('invited', 'Invited', 0, 0, null)],
      medianHoursToRegister: null,
      priorMedianHoursToRegister: null,
      groups: [],
    };
  return {
    ...base,
    stages: [
      stage('invited', 'Invited', 6, 2, null),
      stage('registered', 'Registered', 4, 1, 66.7),
      stage('onboarded', 'Onboarded', 1, 1, 25),
      stage('firstVisit', 'First visit staffed', 1, 0, 100),
      stage('expired', 'Expired unregistered', 1, 1, 16.7),
    ],
    medianHoursToRegister: 5,
    priorMedianHoursToRegister: 30,
    groups: [
      {
        providerTypeId: 2,
        providerTypeName: 'PT',
        invited: 3,
        registered: 2,
        onboarded: 0,
        firstVisit: 0,
        expired: 1,
        onboardedRate: 0,
        medianHoursToRegister: 5,
        priorInvited: 0,
        priorOnboardedRate: null,
      },
      {
        providerTypeId: 1,
        providerTypeName: 'RN',
        invited: 3,
        registered: 2,
        onboarded: 1,
        firstVisit: 1,
        expired: 0,
        onboardedRate: 1 / 3,
        medianHoursToRegister: 6,
        priorInvited: 2,
        priorOnboardedRate: 0.5,
      },
    ],
  };
}

function recordsAnswer(call: ApiCall): CandidateRecords {
  const rows = [
    {
      invitationId: 7,
      providerId: 70,
      name: 'Eve Candidate',
      providerTypeName: 'PT',
      onboardStep: 'Contract',
      invitedAt: '2026-11-28T18:00:00.000Z',
      registeredAt: null,
      expiresAt: '2026-11-28T19:00:00.000Z',
      invitedByName: 'Avery Admin',
      staffed: false,
    },
  ];
  return { rows, paging: paging(rows.length, Number(call.url.searchParams.get('pageNumber') ?? 1)) };
}

function open(url: string, options: { empty?: boolean } = {}): RenderedPage {
  return renderPage(<CandidateReportPage />, {
    url,
    route: (call) => {
      const path = call.url.pathname;
      if (path === REPORT) return jsonResponse(reportAnswer(call, options.empty ?? false));
      if (path === RECORDS) return jsonResponse(recordsAnswer(call));
      return lookupAnswer(call);
    },
  });
}

const callsTo = (page: RenderedPage, path: string) => page.calls.filter((call) => call.url.pathname === path);
const lastParams = (page: RenderedPage, path = REPORT) => callsTo(page, path).at(-1)!.url.searchParams;
const search = () => new URLSearchParams(location.search);
const csvLines = async (text: string) =>
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

describe('CandidateReportPage', () => {
  it('asks for the last 7 days and shows the stages against the prior period, the chart and the provider types worst first', async () => {
    const page = open('/candidateReport');
    expect(await screen.findByRole('heading', { level: 1, name: 'Candidates' })).toBeTruthy();
    await waitFor(() => expect(callsTo(page, REPORT)).toHaveLength(1));
    expect(lastParams(page).get('from')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(lastParams(page).has('referralSourceId')).toBe(false);
    expect(await rowCells('Candidate stages', 'Registered')).toEqual([
      'Registered',
      '4',
      '1',
      '+3',
      '66.7 %',
      'Registered rule.',
    ]);
    expect(await rowCells('Candidate stages', 'Expired unregistered')).toEqual([
      'Expired unregistered',
      '1',
      '1',
      '±0',
      '16.7 % of invited',
      'Expired unregistered rule.',
    ]);
    expect(await rowCells('Candidates by provider type', 'PT')).toEqual([
      'PT',
      '3',
      '2',
      '0',
      '0',
      '1',
      '0% (prior —)',
      '5.0',
      '+3',
    ]);
    const chart = await screen.findByRole('img', { name: /^Candidates invited/ });
    expect(chart.getAttribute('aria-label')).toContain('Registered 4 (prior 1)');
    expect(
      screen.getByText(/Median time from invitation to registration: 5.0 hours \(prior 30.0\)/),
    ).toBeTruthy();
    expect(screen.getByText(/There is no organization filter/)).toBeTruthy();
    expect(screen.queryByLabelText('Organization')).toBeNull();
    page.done();
  });

  it('sends the provider type and the state, never the organization', async () => {
    const page = open('/candidateReport?referralSourceId=3');
    await screen.findByRole('table', { name: 'Candidate stages' });
    await choose('Provider type', 'PT');
    await waitFor(() => expect(lastParams(page).get('providerTypeId')).toBe('2'));
    fireEvent.change(screen.getByLabelText('State'), { target: { value: 'tx' } });
    await waitFor(() => expect(lastParams(page).get('state')).toBe('TX'));
    expect(search().get('state')).toBe('TX');
    expect(lastParams(page).has('referralSourceId')).toBe(false);
    const stages = screen.getByRole('table', { name: 'Candidate stages' });
    fireEvent.click(within(stages).getByText('This period'));
    await waitFor(() => expect(search().get('stageSort')).toBe('count'));
    const firstStage = () => within(stages).getAllByRole('row')[1]!.querySelector('td')?.textContent;
    await waitFor(() => expect(firstStage()).toBe('Onboarded'));
    page.done();
  });

  it("opens a figure's candidates in the drawer, with the figure in the URL, and exports them", async () => {
    const page = open('/candidateReport?from=2026-11-24&to=2026-11-30');
    fireEvent.click(await screen.findByRole('button', { name: '1 expired unregistered, PT' }));
    await waitFor(() => expect(search().get('figure')).toBe('expired'));
    expect(search().get('figureType')).toBe('2');
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('1 candidate')).toBeTruthy();
    expect(within(drawer).getByText('Eve Candidate')).toBeTruthy();
    const params = lastParams(page, RECORDS);
    expect([
      params.get('figure'),
      params.get('providerTypeId'),
      params.get('from'),
      params.has('period'),
    ]).toEqual(['expired', '2', '2026-11-24', false]);
    const { saved, restore } = captureDownloads();
    fireEvent.click(within(drawer).getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(await csvLines(await saved[0]!.text())).toEqual([
      'Clinician,Provider type,Onboarding step,Invited at,Registered at,Link expires at,Invited by,Visit staffed',
      'Eve Candidate,PT,Contract,2026-11-28T18:00:00.000Z,,2026-11-28T19:00:00.000Z,Avery Admin,No',
    ]);
    restore();
    fireEvent.click(within(drawer).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(search().has('figure')).toBe(false));
    fireEvent.click(await screen.findByRole('button', { name: '1 candidates, Registered, prior period' }));
    await waitFor(() => expect(lastParams(page, RECORDS).get('period')).toBe('prior'));
    expect(lastParams(page, RECORDS).get('figure')).toBe('registered');
    expect(lastParams(page, RECORDS).has('providerTypeId')).toBe(false);
    page.done();
  });

  it('exports the stages and the provider types as CSV', async () => {
    const page = open('/candidateReport?from=2026-11-24&to=2026-11-30');
    await screen.findByRole('table', { name: 'Candidate stages' });
    const { saved, restore } = captureDownloads();
    const buttons = screen.getAllByRole('button', { name: 'Export CSV' });
    fireEvent.click(buttons[0]!);
    fireEvent.click(buttons[1]!);
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved.map((f) => f.name)).toEqual([
      'candidates-2026-11-24-to-2026-11-30.csv',
      'candidates-by-provider-type-2026-11-24-to-2026-11-30.csv',
    ]);
    expect((await csvLines(await saved[0]!.text())).slice(0, 2)).toEqual([
      'Stage,This period,Prior period,Change,Conversion from the stage before (%),How counted',
      'Invited,6,2,4,,Invited rule.',
    ]);
    expect(await csvLines(await saved[1]!.text())).toEqual([
      'Provider type,Invited,Registered,Onboarded,First visit staffed,Expired unregistered,Onboarded rate,Median hours to register,Prior invited,Prior onboarded rate',
      'PT,3,2,0,0,1,0.000,5.0,0,',
      'RN,3,2,1,1,0,0.333,6.0,2,0.500',
    ]);
    restore();
    page.done();
  });

  it('says why there is nothing to show when no clinician was invited', async () => {
    const page = open('/candidateReport', { empty: true });
    expect(await screen.findByText('No invitations in this period')).toBeTruthy();
    expect(screen.queryByRole('img', { name: /^Candidates invited/ })).toBeNull();
    page.done();
  });
});
