import { DEFAULT_ROLE_PRIVILEGES, ROLE, ROLE_NAMES, type User } from '@carelane/shared-domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiError, choose, jsonResponse, paging, renderPage, type ApiCall } from '../../test/page-kit';
import { UserPage } from './UserPage';

jest.setTimeout(60_000);

function user(changes: Partial<User> = {}): User {
  return {
    id: 31,
    emailId: 'ana.lopez@carelane.local',
    firstName: 'Ana',
    lastName: 'Lopez',
    phoneNumber: '5125550101',
    roleId: ROLE.CARE_COORDINATOR,
    rolename: ROLE_NAMES[ROLE.CARE_COORDINATOR]!,
    referralSourceId: null,
    referralSourceName: null,
    status: 'ACTIVE',
    changePassword: false,
    emailVerified: true,
    phoneVerified: false,
    privileges: {},
    lastLogin: null,
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
    version: 4,
    ...changes,
  };
}

const ROLES = {
  rows: [ROLE.CARE_COORDINATOR, ROLE.ORGANIZATION_USER, ROLE.EXECUTIVE].map((roleId) => ({
    roleId,
    rolename: ROLE_NAMES[roleId]!,
    description: '',
    privileges: DEFAULT_ROLE_PRIVILEGES[roleId] ?? {},
    version: 1,
  })),
  manageableRoleIds: [ROLE.CARE_COORDINATOR, ROLE.ORGANIZATION_USER],
};
const ORGANIZATIONS = {
  rows: [
    {
      id: 3,
      name: 'Sunrise Home Health',
      status: 'ACTIVE',
      zipcode: '78701',
      latitude: null,
      longitude: null,
      phone: null,
      fax: null,
      email: null,
      idleTimeout: null,
      dashboardVisitDateRange: null,
      missedVisitDateRange: null,
      tasksDateRange: null,
      incidentsDateRange: null,
      caseManager: false,
      actionType: null,
      onboardStepRS: 'Done',
      createdAt: '2026-11-01T10:00:00.000Z',
      updatedAt: '2026-11-01T10:00:00.000Z',
      version: 1,
    },
  ],
  paging: paging(1),
};

/** The API of the user page: the user, the roles, the organizations; `more` answers the writes. */
function api(more: (call: ApiCall) => Response | undefined = () => undefined, shown: User = user()) {
  return (call: ApiCall) => {
    const route = `${call.method} ${call.url.pathname}`;
    if (route === `GET /api/admin/users/${shown.id}`) return jsonResponse(shown);
    if (route === 'GET /api/admin/roles') return jsonResponse(ROLES);
    if (route === 'GET /api/admin/referralSources') return jsonResponse(ORGANIZATIONS);
    return more(call);
  };
}

const writes = (calls: ApiCall[]) => calls.filter((call) => call.method !== 'GET');

describe('UserPage', () => {
  it('creates a user: checks the form first, then posts it and opens the new user', async () => {
    const page = renderPage(<UserPage />, {
      url: '/user',
      roleId: ROLE.ADMINISTRATOR,
      route: api((call) =>
        call.method === 'POST' && call.url.pathname === '/api/admin/users'
          ? jsonResponse(user({ id: 77 }), 201)
          : undefined,
      ),
    });
    expect(await screen.findByRole('heading', { name: 'New user' })).toBeTruthy();
    const user_ = userEvent.setup();
    await user_.click(screen.getByRole('button', { name: 'Create user' }));
    expect(await screen.findByText('Choose a role.')).toBeTruthy();
    expect(writes(page.calls)).toEqual([]);

    await user_.type(screen.getByLabelText('First name'), 'Ana');
    await user_.type(screen.getByLabelText('Last name'), 'Lopez');
    await user_.type(screen.getByLabelText('Email'), 'ana.lopez@carelane.local');
    await choose('Role', ROLE_NAMES[ROLE.CARE_COORDINATOR]!);
    await user_.type(screen.getByLabelText('Password'), 'short');
    await user_.click(screen.getByRole('button', { name: 'Create user' }));
    expect(await screen.findByText('At least 10 characters.')).toBeTruthy();
    expect(writes(page.calls)).toEqual([]);

    await user_.clear(screen.getByLabelText('Password'));
    await user_.click(screen.getByRole('button', { name: 'Create user' }));
    await waitFor(() => expect(page.toasts).toEqual(['User information saved.']));
    expect(writes(page.calls).map((call) => call.body)).toEqual([
      {
        firstName: 'Ana',
        lastName: 'Lopez',
        emailId: 'ana.lopez@carelane.local',
        phoneNumber: null,
        roleId: ROLE.CARE_COORDINATOR,
      },
    ]);
    await waitFor(() => expect(window.location.pathname + window.location.search).toBe('/user?id=77'));
    page.done();
  });

  it('asks an administrator for the organization of an organization role, and sends it', async () => {
    const page = renderPage(<UserPage />, {
      url: '/user',
      roleId: ROLE.ADMINISTRATOR,
      route: api((call) => (call.method === 'POST' ? jsonResponse(user({ id: 78 }), 201) : undefined)),
    });
    await screen.findByRole('heading', { name: 'New user' });
    expect(screen.queryByRole('combobox', { name: 'Organization' })).toBeNull();
    await choose('Role', ROLE_NAMES[ROLE.ORGANIZATION_USER]!);
    const user_ = userEvent.setup();
    await user_.type(screen.getByLabelText('First name'), 'Olga');
    await user_.type(screen.getByLabelText('Last name'), 'Org');
    await user_.type(screen.getByLabelText('Email'), 'olga@sunrise.example');
    await user_.click(screen.getByRole('button', { name: 'Create user' }));
    expect(await screen.findByText('Choose the organization.')).toBeTruthy();
    await choose('Organization', 'Sunrise Home Health');
    await user_.click(screen.getByRole('button', { name: 'Create user' }));
    await waitFor(() => expect(writes(page.calls)).toHaveLength(1));
    expect(writes(page.calls)[0]!.body).toMatchObject({
      roleId: ROLE.ORGANIZATION_USER,
      referralSourceId: 3,
    });
    page.done();
  });

  it('edits a user: shows who they are, sends the version read, and shows the saved toast', async () => {
    const page = renderPage(<UserPage />, {
      url: '/user?id=31',
      roleId: ROLE.ADMINISTRATOR,
      route: api((call) =>
        call.method === 'PUT' && call.url.pathname === '/api/admin/users/31'
          ? jsonResponse(user({ lastName: 'Lopez-Reyes', version: 5 }))
          : undefined,
      ),
    });
    expect(await screen.findByRole('heading', { name: 'Ana Lopez' })).toBeTruthy();
    expect(screen.getByText('CARE COORDINATOR · ana.lopez@carelane.local')).toBeTruthy();
    expect(screen.getByLabelText('Email')).toHaveProperty('disabled', true);
    expect(screen.queryByLabelText('Password')).toBeNull();
    const last = screen.getByLabelText('Last name');
    const user_ = userEvent.setup();
    await user_.clear(last);
    await user_.type(last, 'Lopez-Reyes');
    await user_.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(page.toasts).toEqual(['User information saved.']));
    expect(writes(page.calls)[0]!.body).toEqual({
      firstName: 'Ana',
      lastName: 'Lopez-Reyes',
      phoneNumber: '5125550101',
      roleId: ROLE.CARE_COORDINATOR,
      version: 4,
    });
    page.done();
  });

  it("puts the server's field errors on the fields and says why the save failed", async () => {
    const page = renderPage(<UserPage />, {
      url: '/user?id=31',
      roleId: ROLE.ADMINISTRATOR,
      route: api((call) =>
        call.method === 'PUT'
          ? apiError(400, 'phoneNumber: must be a 10-digit phone number', [
              { field: 'phoneNumber', message: 'must be a 10-digit phone number' },
            ])
          : undefined,
      ),
    });
    await screen.findByRole('heading', { name: 'Ana Lopez' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('must be a 10-digit phone number')).toBeTruthy();
    const failure = 'Sorry, user could not be saved. phoneNumber: must be a 10-digit phone number';
    expect(screen.getAllByRole('alert').some((alert) => alert.textContent === failure)).toBe(true);
    expect(page.errorToasts).toEqual([failure]);
    page.done();
  });

  it('shows the error state when the user cannot be loaded, and Retry loads it', async () => {
    let fail = true;
    const page = renderPage(<UserPage />, {
      url: '/user?id=31',
      roleId: ROLE.ADMINISTRATOR,
      route: (call) => {
        if (call.url.pathname === '/api/admin/users/31') {
          return fail ? apiError(404, 'The user was not found.') : jsonResponse(user());
        }
        return api()(call);
      },
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Sorry, the user could not be loaded. The user was not found.');
    fail = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Ana Lopez' })).toBeTruthy();
    page.done();
  });

  it('deactivates after confirmation, and emails a reset-password link', async () => {
    const page = renderPage(<UserPage />, {
      url: '/user?id=31',
      roleId: ROLE.ADMINISTRATOR,
      route: api((call) => {
        if (call.url.pathname === '/api/admin/users/31/deactivate')
          return jsonResponse(user({ status: 'INACTIVE' }));
        if (call.url.pathname === '/api/admin/users/31/resetPassword')
          return jsonResponse({ message: 'sent' });
        return undefined;
      }),
    });
    await screen.findByRole('heading', { name: 'Ana Lopez' });
    const user_ = userEvent.setup();
    await user_.click(screen.getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('Deactivate this user?')).toBeTruthy();
    expect(writes(page.calls)).toEqual([]);
    const confirm = screen.getAllByRole('button', { name: 'Deactivate' }).at(-1)!;
    fireEvent.click(confirm);
    await waitFor(() => expect(page.toasts).toEqual(['User information saved.']));
    await user_.click(screen.getByRole('button', { name: 'Email a reset-password link' }));
    await waitFor(() =>
      expect(page.toasts).toEqual([
        'User information saved.',
        'A reset password link has been sent to your registered email.',
      ]),
    );
    expect(writes(page.calls).map((call) => call.url.pathname)).toEqual([
      '/api/admin/users/31/deactivate',
      '/api/admin/users/31/resetPassword',
    ]);
    page.done();
  });

  it('shows the privileges editor to administrators only', async () => {
    const admin = renderPage(<UserPage />, { url: '/user?id=31', roleId: ROLE.ADMINISTRATOR, route: api() });
    await screen.findByRole('heading', { name: 'Ana Lopez' });
    expect(screen.getByText('Privileges')).toBeTruthy();
    admin.done();
    const director = renderPage(<UserPage />, {
      url: '/user?id=31',
      roleId: ROLE.OPERATIONS_DIRECTOR,
      route: api(),
    });
    await screen.findByRole('heading', { name: 'Ana Lopez' });
    expect(screen.queryByText('Privileges')).toBeNull();
    director.done();
  });
});
