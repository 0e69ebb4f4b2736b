import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, paging, renderPage } from '../common/test-kit';
import SupplyRequestsPage, { SUPPLY_REQUEST_SAVED } from './SupplyRequestsPage';

jest.setTimeout(60_000);

const request = {
  id: 3,
  referralSourceId: 2,
  referralSourceName: 'Sunrise Home Health',
  providerTypeId: 1,
  providerType: 'RN',
  zipcode: '78701',
  city: 'Austin',
  state: 'TX',
  requestedCount: 2,
  notes: 'Weekend cover',
  status: 'Open',
  createdBy: 1,
  createdByName: 'Avery Admin',
  createdAt: '2026-01-05T12:00:00.000Z',
  updatedAt: '2026-01-05T12:00:00.000Z',
  version: 1,
};

describe('SupplyRequestsPage', () => {
  it('asks for the last 90 days by default and saves a status change with the version', async () => {
    const page = renderPage(<SupplyRequestsPage />, {
      url: '/supplyRequest?status=Open',
      route: (call) => {
        if (call.url.pathname === '/api/admin/referralSources')
          return jsonResponse({ rows: [], paging: paging(0, 1, 1000) });
        if (call.url.pathname === '/api/admin/supplyRequests' && call.method === 'GET')
          return jsonResponse({ rows: [request], paging: paging(1) });
        if (call.url.pathname === '/api/admin/supplyRequests/3' && call.method === 'PUT')
          return jsonResponse({ ...request, version: 2 });
        return undefined;
      },
    });
    const user = userEvent.setup();
    const edit = await screen.findByRole('button', { name: 'Edit the request of 1/5/2026' });
    const list = page.calls.find((call) => call.url.pathname === '/api/admin/supplyRequests')!;
    expect(list.url.searchParams.get('status')).toBe('Open');
    const start = Date.parse(list.url.searchParams.get('startDate')!);
    const end = Date.parse(list.url.searchParams.get('endDate')!);
    expect(Math.round((end - start) / 86_400_000)).toBe(91);
    expect(end).toBeGreaterThan(Date.now());
    await user.click(edit);
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    await waitFor(() => expect(page.toasts).toEqual([SUPPLY_REQUEST_SAVED]));
    expect(page.calls.find((call) => call.method === 'PUT')!.body).toMatchObject({
      providerTypeId: 1,
      zipcode: '78701',
      requestedCount: 2,
      status: 'Open',
      version: 1,
    });
    page.done();
  });
});
