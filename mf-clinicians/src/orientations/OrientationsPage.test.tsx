import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse } from '@carelane/shared-session/testing';
import { paging, renderPage } from '@carelane/shared-ui/testing';
import OrientationsPage from './OrientationsPage';
import { summary } from './test-fixtures';

jest.setTimeout(60_000);

const route = (call: { url: URL }) =>
  call.url.pathname === '/api/admin/orientations'
    ? jsonResponse({ rows: [summary], paging: paging(11) })
    : undefined;

describe('OrientationsPage', () => {
  it('lists orientations with the paging summary, keeps its filters in the URL, and lets a clinician manager create', async () => {
    const page = renderPage(<OrientationsPage />, { url: '/orientations?status=ALL', roleId: 13, route });
    const link = await screen.findByRole('link', { name: 'Welcome to Carelane' });
    expect(link.getAttribute('href')).toBe('/orientation?orientationId=4');
    expect(await screen.findByText('Showing 1–10 of 11')).toBeTruthy();
    expect(screen.getByText('67%')).toBeTruthy();
    expect(page.calls[0]!.url.searchParams.get('status')).toBe('ALL');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Search orientations'), 'welcome{Enter}');
    await waitFor(() => expect(globalThis.location.search).toBe('?status=ALL&search=welcome'));
    await waitFor(() => expect(page.calls.at(-1)!.url.searchParams.get('search')).toBe('welcome'));
    await user.click(screen.getByRole('button', { name: 'New orientation' }));
    expect(page.navigations).toEqual(['/orientation']);
    page.done();
  });

  it('shows no "New orientation" to a care coordinator, who only reads them', async () => {
    const page = renderPage(<OrientationsPage />, { url: '/orientations', roleId: 5, route });
    await screen.findByRole('link', { name: 'Welcome to Carelane' });
    expect(screen.queryByRole('button', { name: 'New orientation' })).toBeNull();
    expect(page.calls[0]!.url.searchParams.get('status')).toBe('ACTIVE');
    page.done();
  });
});
