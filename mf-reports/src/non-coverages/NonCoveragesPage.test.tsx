import type { NonCoverage, NonCoverageTrend } from '@carelane/shared-domain';
import { jsonResponse } from '@carelane/shared-session/testing';
import {
  captureDownloads,
  apiError,
  cardValues,
  choose,
  organizationFixture,
  phoneScreen,
  paging,
  renderPage,
  type ApiCall,
  type RenderedPage,
} from '@carelane/shared-ui/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { nonCoverageCsv } from './non-coverage-csv';
import NonCoveragesPage, { urlPeriods } from './NonCoveragesPage';
import { callsTo, pageSearch } from '../report-kit/report-test-lookups';

jest.setTimeout(90_000);

const LIST = '/api/admin/nonCoverages';
const TREND = '/api/admin/nonCoverages/trend';
const EPISODES = '/api/admin/episodes';

const active: NonCoverage = {
  id: 5,
  episodeId: 41,
  visitId: 410,
  referralSourceId: 3,
  organizationName: 'Sunrise Home Health',
  providerTypeId: 1,
  providerTypeName: 'RN',
  patientName: 'Doe, Jane',
  episodeTitle: 'Wound care',
  visitDate: '2030-06-04',
  visitStartAt: '2030-06-04T14:00:00.000Z',
  visitTimeZone: 'America/Chicago',
  reason: 'No clinician available',
  note: null,
  status: 'Active',
  reportedBy: 2,
  reporterName: 'Casey Coordinator',
  reportedAt: '2030-06-01T15:00:00.000Z',
  resolvedBy: null,
  resolverName: null,
  resolvedAt: null,
  resolution: null,
  version: 0,
};
const resolved: NonCoverage = {
  ...active,
  id: 6,
  visitId: null,
  visitDate: null,
  visitStartAt: null,
  visitTimeZone: null,
  patientName: 'Roe, Sam',
  reason: 'Other',
  note: '=cmd|calc',
  status: 'Resolved',
  resolvedBy: 3,
  resolverName: 'Morgan Manager',
  resolvedAt: '2030-06-03T15:00:00.000Z',
  resolution: 'Covered by a PRN nurse',
  version: 1,
};
const TREND_ANSWER: NonCoverageTrend = {
  period: { from: '2030-05-20', to: '2030-06-02' },
  weeks: [
    { from: '2030-05-20', to: '2030-05-26', reported: 2, resolved: 0, activeAtEnd: 2 },
    { from: '2030-05-27', to: '2030-06-02', reported: 1, resolved: 2, activeAtEnd: 1 },
  ],
};

type Answers = {
  list?: (call: ApiCall) => Response;
  report?: (call: ApiCall) => Response;
  resolve?: (call: ApiCall) => Response;
};

function open(url: string, answers: Answers = {}): RenderedPage {
  return renderPage(<NonCoveragesPage />, {
    url,
    roleId: 1,
    route: (call) => {
      const path = call.url.pathname;
      if (path === LIST && call.method === 'GET')
        return answers.list?.(call) ?? jsonResponse({ rows: [active], paging: paging(1) });
      if (path === LIST && call.method === 'POST')
        return (
          answers.report?.(call) ??
          jsonResponse({ message: 'Non Coverage Reported successfully.', nonCoverage: active }, 201)
        );
      if (/^\/api\/admin\/nonCoverages\/\d+\/resolve$/.test(path))
        return (
          answers.resolve?.(call) ??
          jsonResponse({ message: 'Non Coverage resolved.', nonCoverage: { ...active, status: 'Resolved' } })
        );
      if (path === TREND) return jsonResponse(TREND_ANSWER);
      if (path === EPISODES)
        return jsonResponse({
          rows: [
            {
              id: 41,
              title: 'Wound care',
              episodeType: 'Visit',
              status: 'Active',
              startDate: '2030-06-01',
              endDate: null,
              referralSourceId: 3,
              referralSourceName: 'Sunrise Home Health',
              patientId: 9,
              patientName: 'Doe, Jane',
              careCoordinatorName: null,
              createdAt: '2030-05-01T15:00:00.000Z',
            },
          ],
          paging: paging(1),
        });
      if (path === `${EPISODES}/41/visits`) return jsonResponse({ rows: [], paging: paging(0) });
      if (path === '/api/admin/referralSources')
        return jsonResponse({ rows: [organizationFixture(3, 'Sunrise Home Health')], paging: paging(1) });
      if (path === '/api/admin/providerTypes') return jsonResponse({ rows: [{ id: 1, type: 'RN' }] });
      return undefined;
    },
  });
}

async function modalTitled(title: string): Promise<HTMLElement> {
  const heading = await screen.findByText(title, { selector: '.ant-modal-title' });
  return heading.closest('.ant-modal') as HTMLElement;
}
async function expectAccessible(element: Element) {
  const { default: axe } = await import('axe-core');
  const results = await axe.run(element, { rules: { 'color-contrast': { enabled: false } } });
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
}

/** Picks the service request in the report form: types a name, then chooses the option. */
async function pickEpisode(dialog: HTMLElement) {
  const box = within(dialog).getByRole('combobox', { name: 'Service request' });
  fireEvent.mouseDown(box);
  fireEvent.change(box, { target: { value: 'Doe' } });
  fireEvent.click(await screen.findByTitle(/Doe, Jane — #41 Wound care/, {}, { timeout: 3000 }));
}

describe('urlPeriods', () => {
  it('asks for no period unless the URL names one; the trend shows the last 12 weeks by default', () => {
    expect(urlPeriods({}, '2030-06-02')).toEqual({
      asked: null,
      shown: { startDate: '2030-03-11', endDate: '2030-06-02' },
    });
    expect(urlPeriods({ from: '2030-05-01', to: '2030-05-31' }, '2030-06-02').asked).toEqual({
      startDate: '2030-05-01',
      endDate: '2030-05-31',
    });
  });

  it('writes the CSV with formula-safe cells', () => {
    const lines = nonCoverageCsv([resolved]).split('\r\n');
    expect(lines[0]).toBe(
      'Reported,Status,Patient,Organization,Provider type,Service request,Visit,Reason,Note,Reported by,Resolved,Resolved by,Resolution',
    );
    expect(lines[1]).toContain(
      ',Resolved,"Roe, Sam",Sunrise Home Health,RN,#41 Wound care,,Other,\'=cmd|calc,',
    );
  });
});

describe('NonCoveragesPage', () => {
  it('asks for the Active ones by default and shows them with the weekly trend', async () => {
    const page = open('/noncoverages');
    expect(await screen.findByRole('heading', { name: 'Non-coverages', level: 1 })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Non-coverages' });
    expect(await within(table).findByText('Doe, Jane')).toBeTruthy();
    expect(within(table).getByText('No clinician available')).toBeTruthy();
    const params = callsTo(page, LIST).at(-1)!.url.searchParams;
    expect(params.get('status')).toBe('Active');
    expect(params.get('order')).toBe('newest');
    expect(params.has('from')).toBe(false);
    expect(await screen.findByText(/3 reported, 2 resolved, 1 still active at the end/)).toBeTruthy();
    expect(
      within(screen.getByRole('list', { name: 'Non-coverages per week' })).getAllByRole('listitem'),
    ).toHaveLength(2);

    await expectAccessible(document.body);
    await choose('Status', 'Active and resolved');
    await waitFor(() => expect(pageSearch().get('status')).toBe('All'));
    await waitFor(() => expect(callsTo(page, LIST).at(-1)!.url.searchParams.get('status')).toBe('All'));
    page.done();
  });

  it('says why the list is empty', async () => {
    const page = open('/noncoverages', { list: () => jsonResponse({ rows: [], paging: paging(0) }) });
    expect(
      await screen.findByText('No service request or visit is reported as not covered right now.'),
    ).toBeTruthy();
    page.done();
  });

  it('reports a non-coverage: the toast, and the list read again', async () => {
    const page = open('/noncoverages');
    await screen.findByRole('table', { name: 'Non-coverages' });
    const before = callsTo(page, LIST).length;
    fireEvent.click(screen.getByRole('button', { name: 'Report non-coverage' }));
    const dialog = await modalTitled('Report non-coverage');
    await pickEpisode(dialog);
    await choose('Reason', 'Rate too low');
    fireEvent.click(within(dialog.parentElement!).getByRole('button', { name: 'Report' }));
    await waitFor(() => expect(page.toasts).toEqual(['Non Coverage Reported successfully.']));
    const [sent] = callsTo(page, LIST, 'POST');
    expect(sent!.body).toEqual({ episodeId: 41, reason: 'Rate too low' });
    await waitFor(() => expect(callsTo(page, LIST).length).toBeGreaterThan(before));
    page.done();
  });

  it('shows the server’s field error under its field', async () => {
    const page = open('/noncoverages', {
      report: () =>
        apiError(400, 'Invalid input', [
          { field: 'visitId', message: 'is not a visit of this service request' },
        ]),
    });
    await screen.findByRole('table', { name: 'Non-coverages' });
    fireEvent.click(screen.getByRole('button', { name: 'Report non-coverage' }));
    const dialog = await modalTitled('Report non-coverage');
    await pickEpisode(dialog);
    await choose('Reason', 'Other');
    fireEvent.click(within(dialog.parentElement!).getByRole('button', { name: 'Report' }));
    // Other needs a note: refused before any call.
    expect(await within(dialog).findByText('Note is required when the reason is Other.')).toBeTruthy();
    expect(callsTo(page, LIST, 'POST')).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText('Note'), { target: { value: 'Family asked' } });
    fireEvent.click(within(dialog.parentElement!).getByRole('button', { name: 'Report' }));
    expect(await within(dialog).findByText(/Visit.*is not a visit of this service request/)).toBeTruthy();
    expect(page.toasts).toEqual([]);
    page.done();
  });

  it('resolves one after asking how it was resolved', async () => {
    const page = open('/noncoverages');
    const table = await screen.findByRole('table', { name: 'Non-coverages' });
    fireEvent.click(
      await within(table).findByRole('button', { name: /^Resolve the non-coverage of Doe, Jane/ }),
    );
    const dialog = await modalTitled('Resolve this non-coverage?');
    fireEvent.click(within(dialog.parentElement!).getByRole('button', { name: 'Resolve' }));
    expect(await within(dialog).findByText('Say how it was resolved.')).toBeTruthy();
    expect(callsTo(page, `${LIST}/5/resolve`, 'POST')).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText('Resolution'), { target: { value: 'Covered by PRN' } });
    fireEvent.click(within(dialog.parentElement!).getByRole('button', { name: 'Resolve' }));
    await waitFor(() => expect(page.toasts).toEqual(['Non Coverage resolved.']));
    expect(callsTo(page, `${LIST}/5/resolve`, 'POST')[0]!.body).toEqual({
      resolution: 'Covered by PRN',
      version: 0,
    });
    page.done();
  });

  it('exports every row of the filters as CSV', async () => {
    const page = open('/noncoverages?status=All', {
      list: () => jsonResponse({ rows: [active, resolved], paging: paging(2) }),
    });
    await screen.findByRole('table', { name: 'Non-coverages' });
    const { saved, restore } = captureDownloads();
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toBe('non-coverages-all.csv');
    expect(screen.getByText('Exported 2 non-coverages.')).toBeTruthy();
    expect((await saved[0]!.text()).split('\r\n').filter(Boolean)).toHaveLength(3);
    restore();
    page.done();
  });

  it('shows the rows as cards on a 390 px phone, Resolve still in reach', async () => {
    const restore = phoneScreen();
    try {
      const page = open('/noncoverages');
      const cards = await screen.findByRole('list', { name: 'Non-coverages' });
      const card = within(cards).getAllByRole('listitem')[0]!;
      expect(cardValues(card)).toMatchObject({ Organization: 'Sunrise Home Health', 'Provider type': 'RN' });
      expect(
        within(card).getByRole('button', { name: /^Resolve the non-coverage of Doe, Jane/ }),
      ).toBeTruthy();
      expect(screen.queryByRole('table')).toBeNull();
      page.done();
    } finally {
      restore();
    }
  });
});
