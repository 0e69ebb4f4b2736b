import type { GoalTracker, GoalTrackerRecords } from '@carelane/shared-domain';
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
import GoalTrackerPage from './GoalTrackerPage';

jest.setTimeout(90_000);

const REPORT = '/api/admin/reports/goalTracker';
const RECORDS = '/api/admin/reports/goalTracker/records';

/** The API's worked example (goal-tracker.int.test.ts, decision 056), worst first. */
function reportAnswer(call: ApiCall, empty: boolean): GoalTracker {
  const groupBy = (call.url.searchParams.get('groupBy') ?? 'patient') as GoalTracker['groupBy'];
  const period = { from: call.url.searchParams.get('from')!, to: call.url.searchParams.get('to')! };
  if (empty) return { period, groupBy, rows: [] };
  const rows =
    groupBy === 'patient'
      ? [
          { id: 20, name: 'Quinn Goal', goals: 2, met: 0, inProgress: 1, notMet: 1, metRate: 0 },
          { id: 30, name: 'Rae Goal', goals: 1, met: 0, inProgress: 1, notMet: 0, metRate: 0 },
          { id: 10, name: 'Pat Goal', goals: 2, met: 2, inProgress: 0, notMet: 0, metRate: 1 },
        ]
      : [
          { id: 100, name: 'Ann Goal', goals: 3, met: 1, inProgress: 1, notMet: 1, metRate: 1 / 3 },
          { id: 200, name: 'Ben Goal', goals: 2, met: 1, inProgress: 1, notMet: 0, metRate: 0.5 },
        ];
  return { period, groupBy, rows };
}

function recordsAnswer(call: ApiCall): GoalTrackerRecords {
  const rows = [
    {
      episodeId: 5,
      visitId: 51,
      noteId: 61,
      dateOfService: '2026-11-30',
      category: 'Falls',
      text: 'Patient will have no falls.',
      status: 'notMet' as const,
      patientName: 'Quinn Goal',
      clinicianName: 'Ann Goal',
    },
  ];
  return { rows, paging: paging(rows.length, Number(call.url.searchParams.get('pageNumber') ?? 1)) };
}

function open(url: string, options: { empty?: boolean } = {}): RenderedPage {
  return renderPage(<GoalTrackerPage />, {
    url,
    route: (call) => {
      const path = call.url.pathname;
      if (path === REPORT) return jsonResponse(reportAnswer(call, options.empty ?? false));
      if (path === RECORDS) return jsonResponse(recordsAnswer(call));
      return lookupAnswer(call);
    },
  });
}

async function rowCells(name: string) {
  const table = await screen.findByRole('table', { name: /^Care-plan goals by/ });
  const row = within(table).getByText(name).closest('tr')!;
  return within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);
}

describe('GoalTrackerPage', () => {
  it("asks for the last 7 days by patient and shows each patient's goals worst first, with the chart", async () => {
    const page = open('/goalTracker');
    expect(await screen.findByRole('heading', { level: 1, name: 'Goal tracker' })).toBeTruthy();
    await waitFor(() => expect(callsTo(page, REPORT)).toHaveLength(1));
    const params = lastParams(page, REPORT);
    expect(params.get('groupBy')).toBe('patient');
    expect(params.get('from')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(await rowCells('Quinn Goal')).toEqual(['Quinn Goal', '2', '0', '1', '1', '0%']);
    expect(await rowCells('Pat Goal')).toEqual(['Pat Goal', '2', '2', '0', '0', '100%']);
    const table = screen.getByRole('table', { name: 'Care-plan goals by patient' });
    const names = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.querySelector('td')?.textContent);
    expect(names).toEqual(['Quinn Goal', 'Rae Goal', 'Pat Goal']);
    const chart = await screen.findByRole('img', { name: /^Care-plan goals by patient, worst first/ });
    expect(chart.getAttribute('aria-label')).toContain('Quinn Goal: 0 met, 1 in progress, 1 not met');
    page.done();
  });

  it('writes the grouping and the filters to the URL and asks for them', async () => {
    const page = open('/goalTracker');
    await screen.findByRole('table', { name: 'Care-plan goals by patient' });
    await choose('Group by', 'By clinician');
    await waitFor(() => expect(pageSearch().get('groupBy')).toBe('clinician'));
    await waitFor(() => expect(lastParams(page, REPORT).get('groupBy')).toBe('clinician'));
    expect(await rowCells('Ann Goal')).toEqual(['Ann Goal', '3', '1', '1', '1', '33.3%']);
    await choose('Provider type', 'PT');
    await waitFor(() => expect(lastParams(page, REPORT).get('providerTypeId')).toBe('2'));
    expect(pageSearch().get('providerTypeId')).toBe('2');
    page.done();
  });

  it("opens a figure's goals in the drawer with the figure in the URL, and exports them", async () => {
    const page = open('/goalTracker?from=2026-11-24&to=2026-11-30');
    fireEvent.click(await screen.findByRole('button', { name: '1 goals not met, Quinn Goal' }));
    await waitFor(() => expect(pageSearch().get('figure')).toBe('notMet'));
    expect(pageSearch().get('group')).toBe('20');
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('1 goal')).toBeTruthy();
    expect(within(drawer).getByText('Patient will have no falls.')).toBeTruthy();
    const params = lastParams(page, RECORDS);
    expect([params.get('groupId'), params.get('status'), params.get('groupBy'), params.get('from')]).toEqual([
      '20',
      'notMet',
      'patient',
      '2026-11-24',
    ]);
    const { saved, restore } = captureDownloads();
    fireEvent.click(within(drawer).getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    const lines = (await saved[0]!.text())
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean);
    expect(lines).toEqual([
      'Goal,Status,Category,Patient,Clinician,Latest note date,Episode,Visit',
      'Patient will have no falls.,Not met,Falls,Quinn Goal,Ann Goal,2026-11-30,5,51',
    ]);
    restore();
    fireEvent.click(within(drawer).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(pageSearch().has('figure')).toBe(false));
    fireEvent.click(await screen.findByRole('button', { name: '2 goals, Pat Goal' }));
    await waitFor(() => expect(pageSearch().get('group')).toBe('10'));
    await waitFor(() => expect(lastParams(page, RECORDS).get('groupId')).toBe('10'));
    expect(lastParams(page, RECORDS).has('status')).toBe(false);
    page.done();
  });

  it('exports the groups as CSV', async () => {
    const page = open('/goalTracker?from=2026-11-24&to=2026-11-30');
    await screen.findByRole('table', { name: 'Care-plan goals by patient' });
    const { saved, restore } = captureDownloads();
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toBe('goal-tracker-patient-2026-11-24-to-2026-11-30.csv');
    const lines = (await saved[0]!.text())
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean);
    expect(lines).toEqual([
      'Patient,Goals,Met,In progress,Not met,Met rate',
      'Quinn Goal,2,0,1,1,0.000',
      'Rae Goal,1,0,1,0,0.000',
      'Pat Goal,2,2,0,0,1.000',
    ]);
    restore();
    page.done();
  });

  it('says why there is nothing to show when no goal is in the period', async () => {
    const page = open('/goalTracker', { empty: true });
    expect(await screen.findByText('No care-plan goals in this period')).toBeTruthy();
    expect(screen.queryByRole('img', { name: /^Care-plan goals by/ })).toBeNull();
    page.done();
  });
});
