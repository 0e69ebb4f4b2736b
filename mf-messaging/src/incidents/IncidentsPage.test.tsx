import { renderPage } from '@carelane/shared-ui/testing';
import { jsonResponse } from '@carelane/shared-session/testing';
import { INCIDENT_MESSAGES, ROLE, type Incident } from '@carelane/shared-domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import IncidentsPage from './IncidentsPage';

jest.setTimeout(60_000);

const fall: Incident = {
  id: 21,
  description: 'Patient fell during the visit',
  occurredAt: '2026-12-05T15:30:00.000Z',
  severity: 'High',
  providerId: null,
  providerName: null,
  involved: null,
  visitId: null,
  referralSourceId: 2,
  organizationName: 'Sunrise Home Health',
  followUp: null,
  reportedBy: 5,
  reporterName: 'Cora Coordinator',
  reportedAt: '2026-12-05T16:00:00.000Z',
  closedAt: null,
  closedBy: null,
  closerName: null,
  version: 0,
};

const route = (call: { url: URL; method: string }) => {
  if (call.url.pathname === '/api/admin/incidentReports' && call.method === 'GET')
    return jsonResponse({
      rows: [fall],
      paging: { pageNumber: 1, pageSize: 10, pageCount: 1, totalCount: 1 },
      period: { from: '2026-11-07', to: '2026-12-07' },
    });
  if (call.url.pathname === '/api/admin/incidentReports/21/close')
    return jsonResponse({
      message: INCIDENT_MESSAGES.closed,
      incidentReport: { ...fall, closedAt: fall.reportedAt },
    });
  return undefined;
};

describe('IncidentsPage', () => {
  it('lists with the URL filters and closes a report only after confirmation', async () => {
    const page = renderPage(<IncidentsPage />, { url: '/incidents?severity=High', route });
    const table = await screen.findByRole('table', { name: 'Incident reports' });
    expect(await within(table).findByText('Patient fell during the visit')).toBeTruthy();
    const list = page.calls.find((call) => call.url.pathname === '/api/admin/incidentReports')!;
    expect(list.url.searchParams.get('severity')).toBe('High');
    expect((screen.getByLabelText('Happened from') as HTMLInputElement).value).toBe('2026-11-07');
    const user = userEvent.setup();
    await user.click(within(table).getByRole('button', { name: 'Close' }));
    expect(page.calls.some((call) => call.method === 'POST')).toBe(false);
    await user.click(await screen.findByRole('button', { name: 'Close report' }));
    await waitFor(() => expect(page.toasts).toEqual([INCIDENT_MESSAGES.closed]));
    const closed = page.calls.find((call) => call.method === 'POST')!;
    expect(closed.body).toEqual({ version: 0 });
    page.done();
  });

  it('lets an organization user read, not write', async () => {
    const page = renderPage(<IncidentsPage />, {
      url: '/incidents',
      roleId: ROLE.ORGANIZATION_USER,
      referralSourceId: 2,
      route,
    });
    const table = await screen.findByRole('table', { name: 'Incident reports' });
    expect(await within(table).findByText('Patient fell during the visit')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Report an incident' })).toBeNull();
    expect(within(table).queryByRole('button', { name: 'Close' })).toBeNull();
    page.done();
  });
});
