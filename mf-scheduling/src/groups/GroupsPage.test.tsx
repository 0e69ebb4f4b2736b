import { screen } from '@testing-library/react';
import { jsonResponse, paging, renderPage } from '../common/test-kit';
import GroupsPage from './GroupsPage';

jest.setTimeout(120_000);

describe('GroupsPage', () => {
  it('asks for the groups with the default status ALL, 10 a page, under its title and button', async () => {
    const page = renderPage(<GroupsPage />, {
      url: '/groups',
      route: (call) =>
        call.url.pathname === '/api/admin/groups' ? jsonResponse({ rows: [], paging: paging(0) }) : undefined,
    });
    expect(await screen.findByText('No groups match these filters.')).toBeTruthy();
    const params = page.calls.find((call) => call.url.pathname === '/api/admin/groups')!.url.searchParams;
    expect([params.get('status'), params.get('pageNumber'), params.get('pageSize')]).toEqual([
      'ALL',
      '1',
      '10',
    ]);
    expect(screen.getByRole('button', { name: 'New group' })).toBeTruthy();
    expect(screen.getByRole('searchbox', { name: 'Search groups' })).toBeTruthy();
    page.done();
  });
});
