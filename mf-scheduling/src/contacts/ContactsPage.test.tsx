import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, paging, renderPage } from '../common/test-kit';
import ContactsPage, { CONTACT_DELETED } from './ContactsPage';

jest.setTimeout(60_000);

const amy = {
  id: 11,
  firstName: 'Amy',
  lastName: 'Adams',
  title: 'Case manager',
  relationship: null,
  email: 'amy@sunrise.test',
  phoneNumber: '5125550142',
  primaryPhone: null,
  referralSourceId: 2,
  referralSourceName: 'Sunrise Home Health',
  isCaseManager: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  version: 2,
};

describe('ContactsPage', () => {
  it('shows the chosen contact beside the list and deletes it only after confirmation', async () => {
    const page = renderPage(<ContactsPage />, {
      url: '/contacts?isCaseManager=true',
      route: (call) => {
        if (call.url.pathname === '/api/admin/referralSources')
          return jsonResponse({ rows: [], paging: paging(0, 1, 1000) });
        if (call.url.pathname === '/api/admin/contacts')
          return jsonResponse({ rows: [amy], paging: paging(1) });
        if (call.url.pathname === '/api/admin/contacts/11' && call.method === 'GET') return jsonResponse(amy);
        if (call.url.pathname === '/api/admin/contacts/11' && call.method === 'DELETE')
          return jsonResponse({ message: 'Contact deleted.' });
        return undefined;
      },
    });
    expect(await screen.findByText('Choose a contact to see their details.')).toBeTruthy();
    const user = userEvent.setup();
    const name = await screen.findByRole('button', { name: 'Adams, Amy' });
    const list = page.calls.find((call) => call.url.pathname === '/api/admin/contacts');
    expect(list?.url.searchParams.get('isCaseManager')).toBe('true');
    await user.click(name);
    await waitFor(() => expect(globalThis.location.search).toBe('?isCaseManager=true&contactId=11'));
    const panel = screen.getByLabelText('Selected contact');
    expect(await within(panel).findByText('512-555-0142')).toBeTruthy();
    expect(within(panel).getByText('Sunrise Home Health')).toBeTruthy();
    await user.click(within(panel).getByRole('button', { name: 'Delete' }));
    expect(page.calls.some((call) => call.method === 'DELETE')).toBe(false);
    expect(await screen.findByText('Delete Amy Adams?')).toBeTruthy();
    await user.click(screen.getAllByRole('button', { name: 'Delete' }).at(-1)!);
    await waitFor(() => expect(page.toasts).toEqual([CONTACT_DELETED]));
    const remove = page.calls.find((call) => call.method === 'DELETE')!;
    expect(remove.url.pathname + remove.url.search).toBe('/api/admin/contacts/11?version=2');
    await waitFor(() => expect(globalThis.location.search).toBe('?isCaseManager=true'));
    page.done();
  });
});
