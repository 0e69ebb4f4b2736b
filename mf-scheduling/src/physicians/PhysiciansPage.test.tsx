import { screen } from '@testing-library/react';
import { jsonResponse, paging, renderPage } from '../common/test-kit';
import PhysiciansPage from './PhysiciansPage';

jest.setTimeout(120_000);

describe('PhysiciansPage', () => {
  it('asks for the physicians with the default status ACTIVE, 10 a page, under its title and button', async () => {
    const page = renderPage(<PhysiciansPage />, {
      url: '/physicians',
      route: (call) =>
        call.url.pathname === '/api/admin/physicians'
          ? jsonResponse({ rows: [], paging: paging(0) })
          : undefined,
    });
    expect(await screen.findByText('No physicians match these filters.')).toBeTruthy();
    const params = page.calls.find((call) => call.url.pathname === '/api/admin/physicians')!.url.searchParams;
    expect([params.get('status'), params.get('pageNumber'), params.get('pageSize')]).toEqual([
      'ACTIVE',
      '1',
      '10',
    ]);
    expect(screen.getByRole('button', { name: 'New physician' })).toBeTruthy();
    expect(screen.getByRole('searchbox', { name: 'Search physicians' })).toBeTruthy();
    page.done();
  });
});
