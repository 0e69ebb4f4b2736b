import { MESSAGES, type ClinicianInvitationRow } from '@carelane/shared-domain';
import { jsonResponse } from '@carelane/shared-session/testing';
import { apiError, organizationFixture, paging, renderPage, type ApiCall } from '@carelane/shared-ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import InvitePage from './InvitePage';

jest.setTimeout(60_000);

const row = (
  id: number,
  status: ClinicianInvitationRow['status'],
  emailId: string,
): ClinicianInvitationRow => ({
  id,
  providerId: 100 + id,
  firstName: 'Rita',
  lastName: `Nurse${id}`,
  emailId,
  phoneNumber: '5125550142',
  providerTypeId: 1,
  status,
  invitedByName: 'Cole Manager',
  invitedAt: '2026-12-01T15:00:00.000Z',
  expiresAt: '2026-12-15T15:00:00.000Z',
});
const ROWS = [
  row(3, 'Pending', 'pending@example.com'),
  row(2, 'Registered', 'registered@example.com'),
  row(1, 'Expired', 'expired@example.com'),
];

function route(call: ApiCall) {
  const path = call.url.pathname;
  if (path === '/api/admin/clinicianInvitations' && call.method === 'GET') {
    const status = call.url.searchParams.get('status');
    const rows = status ? ROWS.filter((r) => r.status === status) : ROWS;
    return jsonResponse({ rows, paging: paging(rows.length) });
  }
  if (path === '/api/admin/clinicianInvitations' && call.method === 'POST')
    return jsonResponse(
      {
        providerId: 101,
        emailId: 'expired@example.com',
        expiresAt: '2026-12-21T15:00:00.000Z',
        message: 'expired@example.com was already invited: the invitation was sent again with a new link.',
      },
      201,
    );
  if (path === '/api/admin/referralSources')
    return jsonResponse({ rows: [organizationFixture(7, 'Sunrise Home Health')], paging: paging(1) });
  if (path === '/api/admin/users' && call.method === 'POST') {
    const body = call.body as { emailId: string };
    if (body.emailId === 'taken@example.com')
      return apiError(409, 'A user with this email already exists.', [
        { field: 'emailId', message: 'is already in use' },
      ]);
    return jsonResponse(
      {
        id: 77,
        emailId: body.emailId,
        firstName: 'Olive',
        lastName: 'Intake',
        phoneNumber: null,
        roleId: 9,
        rolename: 'ORGANIZATION USER',
        referralSourceId: 7,
        referralSourceName: 'Sunrise Home Health',
        status: 'ACTIVE',
        changePassword: false,
        emailVerified: false,
        phoneVerified: false,
        privileges: {},
        lastLogin: null,
        createdAt: '2026-12-07T15:00:00.000Z',
        updatedAt: '2026-12-07T15:00:00.000Z',
        version: 1,
      },
      201,
    );
  }
  return undefined;
}

const listCalls = (calls: ApiCall[]) =>
  calls.filter((c) => c.url.pathname === '/api/admin/clinicianInvitations' && c.method === 'GET');

describe('InvitePage', () => {
  it('lists the clinician invitations with their status, filtered in the URL, and sends one again', async () => {
    const page = renderPage(<InvitePage />, { url: '/invite', roleId: 5, route });
    expect(screen.getByRole('heading', { level: 1, name: 'Invitations' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Clinician invitations' });
    expect(await within(table).findByText('pending@example.com')).toBeTruthy();
    expect(within(table).getByRole('link', { name: 'Rita Nurse3' }).getAttribute('href')).toBe(
      '/providerOnboard?providerId=103',
    );
    // A registered clinician has nothing to send again.
    expect(within(table).getAllByRole('button', { name: /Send again/ })).toHaveLength(2);
    // A care coordinator gives no organization role: only the clinician form.
    expect(screen.getByRole('heading', { name: 'Invite a clinician' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Invite an organization user' })).toBeNull();

    await userEvent.click(within(table).getByRole('button', { name: 'Send again to expired@example.com' }));
    await waitFor(() =>
      expect(page.toasts).toContain(
        'expired@example.com was already invited: the invitation was sent again with a new link.',
      ),
    );
    const sent = page.calls.find((c) => c.method === 'POST')!;
    expect(sent.body).toEqual({
      firstName: 'Rita',
      lastName: 'Nurse1',
      emailId: 'expired@example.com',
      phoneNumber: '5125550142',
      providerTypeId: 1,
    });
    await waitFor(() => expect(listCalls(page.calls).length).toBeGreaterThan(1));

    await userEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    await userEvent.click(await screen.findByTitle('Expired'));
    await waitFor(() => expect(window.location.search).toBe('?status=Expired'));
    await waitFor(() => expect(within(table).queryByText('pending@example.com')).toBeNull());
    expect(listCalls(page.calls).at(-1)!.url.searchParams.get('status')).toBe('Expired');
  });

  it('an administrator invites an organization user, who gets the link to set a password', async () => {
    const page = renderPage(<InvitePage />, { url: '/invite', roleId: 1, route });
    const card = (await screen.findByRole('heading', { name: 'Invite an organization user' })).closest(
      '.ant-card',
    ) as HTMLElement;
    const form = within(card);
    await userEvent.type(form.getByLabelText('First name'), 'Olive');
    await userEvent.type(form.getByLabelText('Last name'), 'Intake');
    await userEvent.type(form.getByLabelText('Email'), 'taken@example.com');
    await userEvent.click(form.getByRole('combobox', { name: 'Organization' }));
    await userEvent.click(await screen.findByTitle('Sunrise Home Health'));
    await userEvent.click(form.getByRole('combobox', { name: 'Role' }));
    await userEvent.click(await screen.findByTitle('Organization user'));
    await userEvent.click(form.getByRole('button', { name: 'Send the invitation' }));
    expect(await form.findByText('is already in use')).toBeTruthy();

    await userEvent.clear(form.getByLabelText('Email'));
    await userEvent.type(form.getByLabelText('Email'), 'olive@example.com');
    await userEvent.click(form.getByRole('button', { name: 'Send the invitation' }));
    await waitFor(() => expect(page.toasts).toContain(MESSAGES.invitationSent));
    const created = page.calls.filter((c) => c.url.pathname === '/api/admin/users').at(-1)!;
    expect(created.body).toEqual({
      firstName: 'Olive',
      lastName: 'Intake',
      emailId: 'olive@example.com',
      phoneNumber: null,
      roleId: 9,
      referralSourceId: 7,
    });
    expect(form.getByRole('status').textContent).toContain(
      'olive@example.com gets a link to set their password.',
    );
  });
});
