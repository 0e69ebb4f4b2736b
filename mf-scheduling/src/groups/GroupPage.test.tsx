import { MESSAGES } from '@carelane/shared-domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderPage } from '../common/test-kit';
import GroupPage from './GroupPage';

jest.setTimeout(60_000);

const member = (providerId: number, givenName: string, providerType = 'RN') => ({
  providerId,
  givenName,
  familyName: 'Nurse',
  providerTypeId: 1,
  providerType,
  city: 'Austin',
  state: 'TX',
});

const group = {
  id: 4,
  name: 'Weekend team',
  description: '',
  status: 'ACTIVE',
  memberCount: 2,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  version: 6,
  members: [member(1, 'Ann'), member(2, 'Bo', 'PT')],
};

describe('GroupPage', () => {
  it('removes and adds members found by name, and saves the whole list with the version', async () => {
    const page = renderPage(<GroupPage />, {
      url: '/group?id=4',
      route: (call) => {
        if (call.url.pathname === '/api/admin/groups/4' && call.method === 'GET') return jsonResponse(group);
        if (call.url.pathname === '/api/admin/groups/memberCandidates')
          return jsonResponse({ rows: [member(1, 'Ann'), member(3, 'Cy', 'HHA')] });
        if (call.url.pathname === '/api/admin/groups/4' && call.method === 'PUT')
          return jsonResponse({ ...group, version: 7 });
        return undefined;
      },
    });
    const user = userEvent.setup();
    const members = await screen.findByRole('table', { name: 'Members' });
    await user.click(within(members).getByRole('button', { name: 'Remove Nurse, Ann' }));
    expect(within(members).queryByText('Nurse, Ann')).toBeNull();
    await user.type(screen.getByLabelText('Add a clinician'), 'nurse');
    const option = await screen.findByText('Nurse, Cy (HHA, Austin)');
    await user.click(option);
    expect(await within(members).findByText('Nurse, Cy')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save group' }));
    await waitFor(() => expect(page.toasts).toEqual([MESSAGES.groupSaved]));
    const put = page.calls.find((call) => call.method === 'PUT')!;
    expect(put.body).toEqual({
      name: 'Weekend team',
      description: '',
      status: 'ACTIVE',
      providerIds: [2, 3],
      version: 6,
    });
    page.done();
  });
});
