import { screen } from '@testing-library/react';
import { jsonResponse, paging, renderPage } from '../common/test-kit';
import ReferralSourcesPage from './ReferralSourcesPage';

jest.setTimeout(120_000);

describe('ReferralSourcesPage', () => {
  it('asks for the organizations with the default status ACTIVE, 10 a page, under its title and button', async () => {
    const page = renderPage(<ReferralSourcesPage />, {
      url: '/referralSources',
      route: (call) =>
        call.url.pathname === '/api/admin/referralSources'
          ? jsonResponse({ rows: [], paging: paging(0) })
          : undefined,
    });
    expect(await screen.findByText('No organizations match these filters.')).toBeTruthy();
    const params = page.calls.find((call) => call.url.pathname === '/api/admin/referralSources')!.url
      .searchParams;
    expect([params.get('status'), params.get('pageNumber'), params.get('pageSize')]).toEqual([
      'ACTIVE',
      '1',
      '10',
    ]);
    expect(screen.getByRole('button', { name: 'New organization' })).toBeTruthy();
    expect(screen.getByRole('searchbox', { name: 'Search organizations' })).toBeTruthy();
    page.done();
  });
});
