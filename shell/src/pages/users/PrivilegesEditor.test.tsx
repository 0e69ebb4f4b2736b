import { ROLE, ROLE_NAMES, type User } from '@carelane/shared-domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiError, choose, jsonResponse, renderPage, type ApiCall } from '../../test/page-kit';
import { PrivilegesEditor } from './PrivilegesEditor';

jest.setTimeout(60_000);

const coordinator: User = {
  id: 31,
  emailId: 'ana.lopez@carelane.local',
  firstName: 'Ana',
  lastName: 'Lopez',
  phoneNumber: null,
  roleId: ROLE.CARE_COORDINATOR,
  rolename: ROLE_NAMES[ROLE.CARE_COORDINATOR]!,
  referralSourceId: null,
  referralSourceName: null,
  status: 'ACTIVE',
  changePassword: false,
  emailVerified: true,
  phoneVerified: false,
  // Reports granted with options, the dashboard removed, everything else as the role.
  privileges: { reports: '{"export":1}', dashboard: 'null' },
  lastLogin: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  version: 4,
};

const ROLES = {
  rows: [
    {
      roleId: ROLE.CARE_COORDINATOR,
      rolename: ROLE_NAMES[ROLE.CARE_COORDINATOR]!,
      description: '',
      privileges: { serviceRequest: '{"defaultShowMine":0}', reports: '{}', dashboard: '{}' },
      version: 1,
    },
  ],
  manageableRoleIds: [ROLE.CARE_COORDINATOR],
};

function open(save: (call: ApiCall) => Response = () => jsonResponse(coordinator)) {
  const onSaved = jest.fn();
  const page = renderPage(<PrivilegesEditor user={coordinator} onSaved={onSaved} />, {
    url: '/user?id=31',
    roleId: ROLE.ADMINISTRATOR,
    route: (call) => {
      if (call.url.pathname === '/api/admin/roles') return jsonResponse(ROLES);
      if (call.method === 'PUT' && call.url.pathname === '/api/admin/users/31/privileges') return save(call);
      return undefined;
    },
  });
  return { page, onSaved };
}

const combobox = (name: string) => screen.getByRole('combobox', { name });
const saveButton = () => screen.getByRole('button', { name: 'Save privileges' });

describe('PrivilegesEditor', () => {
  it("lists every page with the role's privilege and this user's own choice", async () => {
    const { page } = open();
    // The role's privilege of a page it holds, as its JSON text.
    expect(await screen.findByText('{"defaultShowMine":0}')).toBeTruthy();
    expect(screen.getAllByText('not held').length).toBeGreaterThan(0); // e.g. users
    expect(combobox('reports for this user').closest('.ant-select')?.textContent).toBe('Granted');
    expect(screen.getByRole('textbox', { name: 'reports options' })).toHaveProperty('value', '{"export":1}');
    expect(combobox('dashboard for this user').closest('.ant-select')?.textContent).toBe('Removed');
    expect(combobox('users for this user').closest('.ant-select')?.textContent).toBe('As the role');
    expect(screen.queryByRole('textbox', { name: 'users options' })).toBeNull();
    page.done();
  });

  it('grants a page with options, refuses to save options that are not a JSON object, then saves', async () => {
    const { page, onSaved } = open();
    await screen.findByRole('textbox', { name: 'reports options' });
    await choose('users for this user', 'Granted');
    const options = await screen.findByRole('textbox', { name: 'users options' });
    expect(options).toHaveProperty('value', '{}');
    fireEvent.change(options, { target: { value: '{"switch": ' } });
    expect(saveButton()).toHaveProperty('disabled', true);
    fireEvent.change(options, { target: { value: '["a list"]' } });
    expect(saveButton()).toHaveProperty('disabled', true);
    fireEvent.change(options, { target: { value: '{"readOnly":1}' } });
    expect(saveButton()).toHaveProperty('disabled', false);
    await choose('dashboard for this user', 'As the role');
    await userEvent.setup().click(saveButton());
    await waitFor(() => expect(page.toasts).toEqual(['User information saved.']));
    const put = page.calls.find((call) => call.method === 'PUT');
    expect(put?.body).toEqual({
      privileges: { reports: '{"export":1}', users: '{"readOnly":1}' },
      version: 4,
    });
    expect(onSaved).toHaveBeenCalledTimes(1);
    page.done();
  });

  it('removes a page for this user as the JSON text null', async () => {
    const { page } = open();
    await screen.findByRole('textbox', { name: 'reports options' });
    await choose('reports for this user', 'Removed');
    await userEvent.setup().click(saveButton());
    await waitFor(() => expect(page.calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(page.calls.find((call) => call.method === 'PUT')?.body).toEqual({
      privileges: { reports: 'null', dashboard: 'null' },
      version: 4,
    });
    page.done();
  });

  it('says why a save failed (someone else saved the user first), and calls nothing back', async () => {
    const { page, onSaved } = open(() =>
      apiError(409, 'The user was changed by someone else. Reload and try again.'),
    );
    await screen.findByRole('textbox', { name: 'reports options' });
    await userEvent.setup().click(saveButton());
    await waitFor(() =>
      expect(page.errorToasts).toEqual([
        'Sorry, user could not be saved. The user was changed by someone else. Reload and try again.',
      ]),
    );
    expect(onSaved).not.toHaveBeenCalled();
    expect(saveButton()).toHaveProperty('disabled', false);
    page.done();
  });
});
