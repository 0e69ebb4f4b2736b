import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import PhysicianPage, { PHYSICIAN_SAVED } from './PhysicianPage';
import PhysiciansPage from './PhysiciansPage';
import { jsonResponse, paging, renderPage } from '../common/test-kit';

jest.setTimeout(30_000);

const physician = {
  id: 7,
  firstName: 'Ada',
  lastName: 'Lovelace',
  npi: '1234567890',
  specialty: 'Cardiology',
  phoneNumber: '5125550100',
  fax: null,
  email: null,
  addressLine1: null,
  addressLine2: null,
  city: 'Austin',
  state: 'TX',
  zipcode: '78701',
  latitude: null,
  longitude: null,
  status: 'ACTIVE',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  version: 3,
};

describe('PhysiciansPage', () => {
  it('keeps its filters in the URL and asks the server with them', async () => {
    const page = renderPage(<PhysiciansPage />, {
      url: '/physicians?status=ALL',
      route: (call) =>
        call.url.pathname === '/api/admin/physicians'
          ? jsonResponse({ rows: [physician], paging: paging(1) })
          : undefined,
    });
    const link = await screen.findByRole('link', { name: 'Lovelace, Ada' });
    expect(link.getAttribute('href')).toBe('/physician?id=7');
    expect(page.calls[0]!.url.searchParams.get('status')).toBe('ALL');
    expect(page.calls[0]!.url.searchParams.get('pageSize')).toBe('10');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Search physicians'), 'love{Enter}');
    await waitFor(() => expect(globalThis.location.search).toBe('?status=ALL&search=love'));
    await waitFor(() => expect(page.calls.at(-1)!.url.searchParams.get('search')).toBe('love'));
    page.done();
  });
});

describe('PhysicianPage', () => {
  it("shows the server's field error and 'Sorry, physician could not be saved. ' when a save fails", async () => {
    const page = renderPage(<PhysicianPage />, {
      url: '/physician?id=7',
      route: (call) => {
        if (call.url.pathname === '/api/admin/physicians/7' && call.method === 'GET')
          return jsonResponse(physician);
        if (call.url.pathname === '/api/admin/physicians/7/episodes')
          return jsonResponse({
            rows: [
              {
                id: 31,
                title: 'Wound care',
                episodeType: 'Visit',
                status: 'Active',
                startDate: '2026-02-01',
                endDate: null,
                referralSourceId: 2,
                referralSourceName: 'Sunrise Home Health',
                patientId: 5,
                patientName: 'Doe, Jane',
              },
            ],
            paging: paging(1),
          });
        if (call.method === 'PUT')
          return jsonResponse(
            {
              statusCode: 400,
              code: 'VALIDATION',
              error: 'npi: is already used by another physician',
              errors: [{ field: 'npi', message: 'is already used by another physician' }],
            },
            400,
          );
        return undefined;
      },
    });
    expect((await screen.findByRole('link', { name: 'Wound care' })).getAttribute('href')).toBe(
      '/episode?id=31',
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const text = 'Sorry, physician could not be saved. NPI: is already used by another physician';
    expect((await screen.findByRole('alert')).textContent).toBe(text);
    expect(page.errorToasts).toEqual([text]);
    expect(await screen.findByText('is already used by another physician')).toBeTruthy();
    const put = page.calls.find((call) => call.method === 'PUT')!;
    expect(put.body).toMatchObject({ firstName: 'Ada', npi: '1234567890', version: 3, fax: null });
    page.done();
  });

  it('creates a physician and opens it', async () => {
    const page = renderPage(<PhysicianPage />, {
      url: '/physician',
      route: (call) =>
        call.method === 'POST' ? jsonResponse({ ...physician, id: 8, version: 0 }, 201) : undefined,
    });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('First name'), 'Ada');
    await user.type(screen.getByLabelText('Last name'), 'Lovelace');
    await user.type(screen.getByLabelText('NPI'), '123');
    await user.click(screen.getByRole('button', { name: 'Create physician' }));
    expect(await screen.findByText('The NPI is 10 digits.')).toBeTruthy();
    expect(page.calls).toEqual([]);
    await user.type(screen.getByLabelText('NPI'), '4567890');
    await user.click(screen.getByRole('button', { name: 'Create physician' }));
    await waitFor(() => expect(page.navigations).toEqual(['/physician?id=8']));
    expect(page.toasts).toEqual([PHYSICIAN_SAVED]);
    expect(page.calls[0]!.body).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
      npi: '1234567890',
      status: 'ACTIVE',
    });
    page.done();
  });
});
