// The supply and demand gap page (issue 26, decision 057): the default period and worst-first order asked for, the
// chart named with the worst counties' gap beside its table, the county map (replaced here by what it was asked to
// shade: jsdom has no canvas) selecting a county's row, each figure opening the records behind it, the sort and
// filters in the URL, the CSV of every county and the empty state.
import type { MetricDrill, SupplyDemand, SupplyDemandRow } from '@carelane/shared-domain';
import { jsonResponse } from '@carelane/shared-session/testing';
import {
  captureDownloads,
  paging,
  renderPage,
  type ApiCall,
  type RenderedPage,
} from '@carelane/shared-ui/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { callsTo, lastParams, lookupAnswer, pageSearch } from '../report-kit/report-test-lookups';
import type { GapMapProps } from './GapMap';
import { countyShades, shadeLegend } from './gap-map-shades';
import SupplyDemandGapPage from './SupplyDemandGapPage';

// jsdom has no canvas: the map is replaced by a list of the counties it was asked to shade, each a button that
// selects it as a click on the map does.
jest.mock('./GapMap', () => ({
  __esModule: true,
  default: (props: GapMapProps) => (
    <ul aria-label="Map counties">
      {[...props.shades].map(([county, shade]) => (
        <li key={county}>
          <button
            type="button"
            onClick={() => props.onSelect(county)}
          >{`county ${county} shade ${shade}`}</button>
        </li>
      ))}
    </ul>
  ),
}));

jest.setTimeout(90_000);

const REPORT = '/api/admin/reports/supplyDemandGap';
const RECORDS = '/api/admin/reports/supplyDemandGap/records';

const row = (
  county: string,
  name: string,
  activeClinicians: number,
  current: [number, number],
  prior: [number, number],
): SupplyDemandRow => ({
  county,
  state: county === 'unknown' ? null : name.slice(-2),
  name,
  activeClinicians,
  current: { requested: current[0], staffed: current[1] },
  prior: { requested: prior[0], staffed: prior[1] },
});

/** The API's worked example (supply-demand.int.test.ts), worst first. */
const ROWS = [
  row('48113', 'Dallas County, TX', 1, [4, 1], [0, 0]),
  row('48453', 'Travis County, TX', 2, [4, 2], [1, 1]),
  row('unknown', 'County unknown', 0, [1, 0], [0, 0]),
  row('40109', 'Oklahoma County, OK', 1, [1, 1], [0, 0]),
];

function reportAnswer(call: ApiCall, empty: boolean): SupplyDemand {
  const params = call.url.searchParams;
  const all = empty ? [] : ROWS;
  const size = Number(params.get('pageSize') ?? 10);
  const number = Number(params.get('pageNumber') ?? 1);
  const sorted = params.get('sort') === 'name' ? [...all].sort((a, b) => a.name.localeCompare(b.name)) : all;
  return {
    period: { from: params.get('from')!, to: params.get('to')! },
    prior: { from: '2026-11-19', to: '2026-11-25' },
    rows: sorted.slice((number - 1) * size, number * size),
    paging: { ...paging(all.length, number), pageSize: size },
    all,
  };
}

const VISIT = {
  id: 501,
  dateOfService: '2026-12-01',
  startAt: '2026-12-01T15:00:00.000Z',
  timeZone: 'America/Chicago',
  status: 'Active',
  patientName: 'Gus Gap',
  organizationName: 'Gap Texas Home Care',
  providerTypeName: 'RN',
  visitTypeName: 'Routine',
  clinicianName: null,
  requestedAt: '2026-11-28T15:00:00.000Z',
  assignedAt: null,
  timeIn: null,
  timeOut: null,
  notesSubmittedAt: null,
  evvVerified: false,
};

function recordsAnswer(call: ApiCall): MetricDrill {
  if (call.url.searchParams.get('figure') === 'activeClinicians')
    return {
      subject: 'clinicians',
      rows: [{ id: 7, name: 'Di Gap', providerTypeName: 'RN', state: 'TX', staffedVisits: 1 }],
      paging: paging(1),
    };
  const rows = [0, 1, 2].map((i) => ({ ...VISIT, id: VISIT.id + i }));
  return { subject: 'visits', rows, paging: paging(rows.length) };
}

function open(url: string, options: { empty?: boolean } = {}): RenderedPage {
  return renderPage(<SupplyDemandGapPage />, {
    url,
    route: (call) => {
      const path = call.url.pathname;
      if (path === REPORT) return jsonResponse(reportAnswer(call, options.empty ?? false));
      if (path === RECORDS) return jsonResponse(recordsAnswer(call));
      if (path === '/api/admin/constants') return jsonResponse([]);
      return lookupAnswer(call);
    },
  });
}

const TABLE = 'Supply and demand gap by county';

async function cells(name: string, table = TABLE) {
  const found = await screen.findByRole('table', { name: table });
  const tr = within(found).getByText(name).closest('tr')!;
  return within(tr)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);
}

describe('SupplyDemandGapPage', () => {
  it('asks for the last 7 days and shows each county worst first, the chart of the worst gaps and the map', async () => {
    const page = open('/supplyDemandGap');
    expect(await screen.findByRole('heading', { level: 1, name: 'Supply and demand gap' })).toBeTruthy();
    await waitFor(() => expect(callsTo(page, REPORT)).toHaveLength(1));
    const params = lastParams(page, REPORT);
    expect(params.get('to')).toBe(dayjs().format('YYYY-MM-DD'));
    expect(params.get('from')).toBe(dayjs().subtract(6, 'day').format('YYYY-MM-DD'));
    expect(params.has('sort')).toBe(false);
    expect(await cells('Dallas County, TX')).toEqual([
      'Dallas County, TX',
      '4prior 0, +4',
      '1prior 0, +1',
      '3prior 0, +3',
      '1as of today',
      '4.0prior 0.0, +4.0',
    ]);
    const table = screen.getByRole('table', { name: TABLE });
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((r) => within(r).getAllByRole('cell')[0]!.textContent),
    ).toEqual(['Dallas County, TX', 'Travis County, TX', 'County unknown', 'Oklahoma County, OK']);
    const chart = await screen.findByRole('img', {
      name: /^Unstaffed visits in the 4 counties with the largest gap/,
    });
    expect(chart.getAttribute('aria-label')).toContain(
      'Dallas County, TX 3 (prior 0), Travis County, TX 2 (prior 0)',
    );
    const map = await screen.findByRole('list', { name: 'Map counties' });
    expect(within(map).getByText('county 48113 shade 4')).toBeTruthy();
    expect(within(map).getByText('county 40109 shade 0')).toBeTruthy();
    expect(within(map).queryByText(/county unknown/)).toBeNull();
    expect(screen.getByText('No gap')).toBeTruthy();
    page.done();
  });

  it("selects a county's row from the map, and opens a figure's visits or clinicians, the figure in the URL", async () => {
    const page = open('/supplyDemandGap');
    fireEvent.click(await screen.findByRole('button', { name: 'county 48453 shade 3' }));
    await waitFor(() => expect(pageSearch().get('county')).toBe('48453'));
    expect(await cells('Travis County, TX', 'Selected county')).toHaveLength(6);

    fireEvent.click(screen.getByRole('button', { name: '3 gap (unstaffed), Dallas County, TX' }));
    await waitFor(() => expect(pageSearch().get('figure')).toBe('unstaffed'));
    expect(pageSearch().get('county')).toBe('48113');
    const drawer = await screen.findByRole('dialog');
    await waitFor(() => expect(lastParams(page, RECORDS).get('county')).toBe('48113'));
    expect(lastParams(page, RECORDS).get('figure')).toBe('unstaffed');
    expect(lastParams(page, RECORDS).get('period')).toBe('current');
    expect(await within(drawer).findByText('3 visits')).toBeTruthy();
    expect(within(drawer).getAllByText('Gus Gap')).toHaveLength(3);
    fireEvent.click(within(drawer).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(pageSearch().has('figure')).toBe(false));

    // Dallas is selected now (its figure was opened): its row is shown above the table too.
    const [selectedButton] = await screen.findAllByRole('button', {
      name: '1 active clinicians, Dallas County, TX',
    });
    fireEvent.click(selectedButton!);
    const clinicians = await screen.findByRole('dialog');
    expect(await within(clinicians).findByText('Di Gap')).toBeTruthy();
    expect(lastParams(page, RECORDS).get('figure')).toBe('activeClinicians');
    page.done();
  });

  it('keeps the sort, the page and the filters in the URL and asks for them', async () => {
    const page = open('/supplyDemandGap?sort=name&order=descend&state=tx&providerTypeId=2');
    await screen.findByRole('table', { name: TABLE });
    const params = lastParams(page, REPORT);
    expect(params.get('sort')).toBe('name');
    expect(params.get('order')).toBe('descend');
    expect(params.get('state')).toBe('TX');
    expect(params.get('providerTypeId')).toBe('2');
    expect(screen.getByText('Sorted as chosen.')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'State' }), { target: { value: 'ok' } });
    await waitFor(() => expect(lastParams(page, REPORT).get('state')).toBe('OK'));
    expect(pageSearch().get('state')).toBe('OK');
    page.done();
  });

  it('exports every county as CSV', async () => {
    const page = open('/supplyDemandGap?from=2026-11-26&to=2026-12-02&pageSize=2');
    await screen.findByRole('table', { name: TABLE });
    const { saved, restore } = captureDownloads();
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toBe('supply-demand-gap-2026-11-26-to-2026-12-02.csv');
    const lines = (await saved[0]!.text())
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean);
    expect(lines[0]).toBe(
      'County,State,FIPS code,Requested visits,Requested visits (prior period),Requested visits (change),Staffed visits,Staffed visits (prior period),Staffed visits (change),Gap (unstaffed),Gap (unstaffed) (prior period),Gap (unstaffed) (change),Active clinicians,Visits per clinician,Visits per clinician (prior period),Visits per clinician (change)',
    );
    expect(lines).toHaveLength(ROWS.length + 1);
    expect(lines[3]).toBe("County unknown,,unknown,1,0,'+1,0,0,±0,1,0,'+1,0,—,—,");
    restore();
    page.done();
  });

  it('says why there is nothing to show', async () => {
    const page = open('/supplyDemandGap', { empty: true });
    expect(await screen.findByText('No visits asked for')).toBeTruthy();
    expect(screen.queryByRole('table', { name: TABLE })).toBeNull();
    page.done();
  });
});

describe('the map’s shading', () => {
  it('shades each mapped county by its gap over the largest, and the legend names the steps', () => {
    expect([...countyShades(ROWS)]).toEqual([
      ['48113', 4],
      ['48453', 3],
      ['40109', 0],
    ]);
    expect(shadeLegend(ROWS).map((s) => s.label)).toEqual(['No gap', '1', '2', '3']);
    expect(shadeLegend([row('1', 'A', 0, [10, 0], [0, 0])]).map((s) => [s.shade, s.label])).toEqual([
      [0, 'No gap'],
      [1, '1–2'],
      [2, '3–5'],
      [3, '6–7'],
      [4, '8–10'],
    ]);
  });
});
