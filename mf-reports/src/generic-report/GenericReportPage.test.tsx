// /genericReport's page (issue 26, decision 054): the definition in the URL is run, a grouping draws its chart
// with its table, a group's count opens its records (as many as the count), a bad definition is named before any
// call, and a report with no rows says why.
import { jsonResponse } from '@carelane/shared-session/testing';
import { paging, renderPage, type ApiCall } from '@carelane/shared-ui/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import GenericReportPage from './GenericReportPage';

jest.setTimeout(60_000);

const BASE = '/api/admin/reports/genericReport';
const period = { from: '2026-11-01', to: '2026-11-07' };
const grouped = { subject: 'visits', columns: ['status', 'patientName'], filters: [], groupBy: 'status' };
const urlOf = (def: object) =>
  `/genericReport?from=${period.from}&to=${period.to}&def=${encodeURIComponent(JSON.stringify(def))}`;

const SAVED = {
  id: 7,
  name: 'Visits by status',
  definition: grouped,
  createdAt: '2026-11-20T15:00:00.000Z',
  updatedAt: '2026-11-20T15:00:00.000Z',
};

function route(rows: number, saved: object[] = []) {
  return (call: ApiCall) => {
    const path = call.url.pathname;
    if (path === `${BASE}/saved`) return jsonResponse({ rows: saved });
    if (path === `${BASE}/run`) {
      const body = call.body as { definition: { groupBy?: string } };
      if (body.definition.groupBy)
        return jsonResponse({
          kind: 'groups',
          period,
          groupBy: { key: 'status', label: 'Status', type: 'enum' },
          groups: [
            { value: 'Staffed', count: 2 },
            { value: 'Active', count: 1 },
          ],
          total: 3,
          truncated: false,
        });
      return jsonResponse({
        kind: 'rows',
        period,
        columns: [
          { key: 'status', label: 'Status', type: 'enum' },
          { key: 'clinicianAmountCents', label: 'Clinician amount', type: 'money-cents' },
        ],
        rows: Array.from({ length: rows }, (_, i) => ({
          id: i + 1,
          cells: { status: 'Staffed', clinicianAmountCents: 12550 + i },
        })),
        paging: paging(rows),
      });
    }
    if (path === `${BASE}/drill`)
      return jsonResponse({
        kind: 'rows',
        period,
        columns: [
          { key: 'status', label: 'Status', type: 'enum' },
          { key: 'patientName', label: 'Patient', type: 'text' },
        ],
        rows: [
          { id: 1, cells: { status: 'Staffed', patientName: 'Dana Doe' } },
          { id: 2, cells: { status: 'Staffed', patientName: 'Eli Roe' } },
        ],
        paging: paging(2),
      });
    return undefined;
  };
}

describe('GenericReportPage', () => {
  it("runs the URL's grouped definition: chart and table, and a group's records in the drawer", async () => {
    const page = renderPage(<GenericReportPage />, { url: urlOf(grouped), route: route(0) });
    const table = await screen.findByRole('table', { name: 'visits by Status' });
    expect(within(table).getByText('Staffed')).toBeTruthy();
    expect(
      screen.getAllByRole('img', { name: /^visits by Status: Staffed 2, Active 1/ }).length,
    ).toBeGreaterThan(0);
    const run = page.calls.find((c) => c.url.pathname === `${BASE}/run`)!;
    expect(run.body).toMatchObject({ definition: grouped, ...period });
    fireEvent.click(screen.getByRole('button', { name: '2 visits, Staffed' }));
    await waitFor(() => expect(screen.getByText('2 visits')).toBeTruthy());
    const drill = page.calls.find((c) => c.url.pathname === `${BASE}/drill`)!;
    expect(drill.body).toMatchObject({ definition: grouped, group: 'Staffed' });
    expect(await screen.findByText('Dana Doe')).toBeTruthy();
    page.done();
  });

  it('names the field of a definition the allow-list refuses, before any call', async () => {
    const page = renderPage(<GenericReportPage />, { url: '/genericReport', route: route(0) });
    expect(await screen.findByText('No report run yet')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add filter' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Filter 1 value' }), { target: { value: 'abc' } });
    fireEvent.click(screen.getByRole('button', { name: 'Run' }));
    expect((await screen.findByRole('alert')).textContent).toBe('filters[0].value: must be a number');
    expect(page.calls.some((c) => c.url.pathname === `${BASE}/run`)).toBe(false);
    page.done();
  });

  it('says why a report has no rows', async () => {
    const page = renderPage(<GenericReportPage />, {
      url: urlOf({ subject: 'visits', columns: ['status'], filters: [] }),
      route: route(0),
    });
    expect(await screen.findByText('No visits match this report')).toBeTruthy();
    page.done();
  });

  it('opens a saved report from its id alone in the URL, as a link to it would', async () => {
    const page = renderPage(<GenericReportPage />, {
      url: `/genericReport?from=${period.from}&to=${period.to}&reportId=7`,
      route: route(0, [SAVED]),
    });
    await new Promise((r) => setTimeout(r, 2000));
    screen.debug(undefined, 3000);
    console.log(
      location.search,
      page.calls.map((c) => c.url.pathname),
    );
    expect(await screen.findByRole('table', { name: 'visits by Status' })).toBeTruthy();
    const run = page.calls.find((c) => c.url.pathname === `${BASE}/run`)!;
    expect(run.body).toMatchObject({ definition: grouped, ...period });
    expect(JSON.parse(new URLSearchParams(location.search).get('def')!)).toEqual(grouped);
    page.done();
  });

  it('says so when the saved report of the URL is not one of yours', async () => {
    const page = renderPage(<GenericReportPage />, {
      url: '/genericReport?reportId=99',
      route: route(0, [SAVED]),
    });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'reportId: no saved report of yours has this id',
    );
    page.done();
  });

  it('sorts the rows by a column header: the server is asked for that order', async () => {
    const def = { subject: 'visits', columns: ['status', 'clinicianAmountCents'], filters: [] };
    const page = renderPage(<GenericReportPage />, { url: urlOf(def), route: route(3) });
    const table = await screen.findByRole('table', { name: 'Report of visits' });
    expect(within(table).getByText('125.50')).toBeTruthy();
    fireEvent.click(within(table).getByText('Clinician amount ($)'));
    await waitFor(() =>
      expect(JSON.parse(new URLSearchParams(location.search).get('def')!).sort).toEqual({
        column: 'clinicianAmountCents',
        order: 'asc',
      }),
    );
    await waitFor(() =>
      expect(page.calls.filter((c) => c.url.pathname === `${BASE}/run`).at(-1)!.body).toMatchObject({
        definition: { sort: { column: 'clinicianAmountCents', order: 'asc' } },
      }),
    );
    page.done();
  });

  it('reads a money filter as dollars and sends whole cents', async () => {
    const def = {
      subject: 'visits',
      columns: ['status', 'clinicianAmountCents'],
      filters: [{ column: 'clinicianAmountCents', op: 'gte', value: 10000 }],
    };
    const page = renderPage(<GenericReportPage />, { url: urlOf(def), route: route(1) });
    const value = await screen.findByRole('textbox', { name: 'Filter 1 value' });
    expect((value as HTMLInputElement).value).toBe('100.00');
    fireEvent.change(screen.getByRole('textbox', { name: 'Filter 1 value' }), {
      target: { value: '$1,125.5' },
    });
    expect((screen.getByRole('textbox', { name: 'Filter 1 value' }) as HTMLInputElement).value).toBe(
      '$1,125.5',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Run' }));
    await waitFor(() => expect(page.calls.filter((c) => c.url.pathname === `${BASE}/run`)).toHaveLength(2));
    const run = page.calls.filter((c) => c.url.pathname === `${BASE}/run`).at(-1)!;
    expect(run.body).toMatchObject({
      definition: { filters: [{ column: 'clinicianAmountCents', op: 'gte', value: 112550 }] },
    });
    page.done();
  });
});
