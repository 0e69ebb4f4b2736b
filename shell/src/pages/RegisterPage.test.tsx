import { jsonResponse } from '@carelane/shared-session/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setLoginNotice } from '../session/login-notice';
import { apiError, choose, renderPage, type RenderedPage, type Route } from '../test/page-kit';
import { LoginPage } from './LoginPage';
import { RegisterPage } from './RegisterPage';

jest.setTimeout(60_000);

const TOKEN = 'invitation-token-0123456789';
const registered = () => jsonResponse({ message: 'Registration successful.' }, 201);

let page: RenderedPage | undefined;
afterEach(() => {
  page?.done();
  setLoginNotice(null);
});

function open(url: string, route: Route) {
  page = renderPage(<RegisterPage />, { url, route });
  return { view: page, user: userEvent.setup() };
}

async function fillPerson(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('First name'), 'Sam');
  await user.type(screen.getByLabelText('Last name'), 'Lee');
  await user.type(screen.getByLabelText('Email'), 'sam.lee@example.com');
  await user.type(screen.getByLabelText('Mobile phone'), '5125550123');
  await user.type(screen.getByLabelText('Password'), 'A-long-password-1');
}

describe('RegisterPage', () => {
  it("asks the provider type without an invitation, sends it, and says 'Registration successful.'", async () => {
    const posted: unknown[] = [];
    const { view, user } = open('/register', (call) => {
      if (call.url.pathname !== '/api/security/register') return undefined;
      posted.push(call.body);
      return registered();
    });
    await fillPerson(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Choose your provider type.')).toBeTruthy();
    expect(posted).toEqual([]);

    await choose('Provider type', 'PT');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(view.toasts).toEqual(['Registration successful.']));
    expect(posted).toEqual([
      {
        firstName: 'Sam',
        lastName: 'Lee',
        emailId: 'sam.lee@example.com',
        phoneNumber: '512-555-0123',
        password: 'A-long-password-1',
        providerTypeId: 3,
      },
    ]);
  });

  it('then opens sign-in with the success in a success box and the email filled in, the email not in the address', async () => {
    const { view, user } = open('/register', (call) =>
      call.url.pathname === '/api/security/register' ? registered() : undefined,
    );
    await fillPerson(user);
    await choose('Provider type', 'RN');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(globalThis.location.pathname).toBe('/'));
    expect(globalThis.location.href).not.toContain('sam.lee');
    view.done();
    page = renderPage(<LoginPage />, { url: '/', route: () => undefined });
    const box = (await screen.findByText('Registration successful.')).closest('.ant-alert');
    expect(box?.className).toContain('ant-alert-success');
    expect(box?.className).not.toContain('ant-alert-warning');
    expect(screen.getByLabelText('Email')).toHaveProperty('value', 'sam.lee@example.com');
    expect(document.activeElement).toBe(screen.getByLabelText('Password'));
  });

  it('fills in the invitation (email fixed to the invited one) and sends its token, without a provider type', async () => {
    const posted: unknown[] = [];
    const { view, user } = open(`/register?invitation=${TOKEN}`, (call) => {
      if (call.url.pathname === '/api/security/invitation') {
        expect(call.url.searchParams.get('token')).toBe(TOKEN);
        return jsonResponse({
          firstName: 'Rita',
          lastName: 'Newhire',
          emailId: 'rita@example.com',
          phoneNumber: '5125550199',
          providerTypeId: 1,
        });
      }
      if (call.url.pathname !== '/api/security/register') return undefined;
      posted.push(call.body);
      return registered();
    });
    expect(await screen.findByText(/invited to join Carelane as a clinician \(RN\)/)).toBeTruthy();
    expect(screen.getByLabelText('First name')).toHaveProperty('value', 'Rita');
    expect(screen.getByLabelText('Last name')).toHaveProperty('value', 'Newhire');
    const email = screen.getByLabelText('Email');
    expect(email).toHaveProperty('value', 'rita@example.com');
    expect(email).toHaveProperty('readOnly', true);
    expect(screen.queryByLabelText('Provider type')).toBeNull();
    await user.type(screen.getByLabelText('Password'), 'A-long-password-1');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(view.toasts).toEqual(['Registration successful.']));
    expect(posted).toEqual([
      expect.objectContaining({
        firstName: 'Rita',
        lastName: 'Newhire',
        emailId: 'rita@example.com',
        invitationToken: TOKEN,
      }),
    ]);
    expect(posted[0]).not.toHaveProperty('providerTypeId');
  });

  it("shows the server's text for a spent or expired invitation and offers plain registration", async () => {
    const { user } = open(`/register?invitation=${TOKEN}`, (call) =>
      call.url.pathname === '/api/security/invitation'
        ? apiError(400, 'token: is invalid or has expired', [
            { field: 'token', message: 'is invalid or has expired' },
          ])
        : undefined,
    );
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Sorry, the invitation could not be opened. The invitation link is invalid or has expired.',
    );
    await user.click(screen.getByRole('button', { name: 'Register without the invitation' }));
    expect(await screen.findByRole('combobox', { name: 'Provider type' })).toBeTruthy();
    expect(screen.getByLabelText('Email')).toHaveProperty('readOnly', false);
  });

  it("keeps the failure behaviour: the server's text, on the form and as an error toast", async () => {
    const { view, user } = open('/register', (call) =>
      call.url.pathname === '/api/security/register'
        ? jsonResponse(
            {
              statusCode: 409,
              code: 'EMAIL_TAKEN',
              error: 'An account with this email already exists. Sign in, or reset your password.',
              errors: [{ field: 'emailId', message: 'is already registered' }],
            },
            409,
          )
        : undefined,
    );
    await fillPerson(user);
    await choose('Provider type', 'RN');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    const text = 'An account with this email already exists. Sign in, or reset your password.';
    await waitFor(() => expect(view.errorToasts).toEqual([text]));
    expect(screen.getByText(text)).toBeTruthy();
    expect(screen.getByText('is already registered')).toBeTruthy();
    expect(view.toasts).toEqual([]);
  });

  it('counts the view once on open, without cookies and without the invitation token, and ignores a failure', async () => {
    const { view } = open(`/register?invitation=${TOKEN}&utm_source=Indeed`, (call) => {
      if (call.url.pathname === '/api/security/invitation')
        return jsonResponse({
          firstName: 'Rita',
          lastName: 'Newhire',
          emailId: 'rita@example.com',
          phoneNumber: '5125550199',
          providerTypeId: 1,
        });
      if (call.url.pathname === '/api/public/page-views') return jsonResponse({ message: 'down' }, 503);
      return undefined;
    });
    expect(await screen.findByText(/invited to join Carelane as a clinician/)).toBeTruthy();
    const beacons = view.calls.filter((call) => call.url.pathname === '/api/public/page-views');
    expect(beacons).toHaveLength(1);
    expect(beacons[0]!.method).toBe('POST');
    expect(beacons[0]!.body).toEqual({ page: '/register', source: 'Indeed', invitation: true });
    expect(JSON.stringify(beacons[0]!.body)).not.toContain(TOKEN);
    const [, init] = (globalThis.fetch as jest.Mock).mock.calls.find(([input]) =>
      String(input).includes('/api/public/page-views'),
    ) as [unknown, RequestInit];
    expect(init).toMatchObject({ credentials: 'omit', keepalive: true });
    expect(view.errorToasts).toEqual([]);
    expect(screen.getByLabelText('First name')).toHaveProperty('value', 'Rita');
  });

  it('counts a view without an invitation too, and a refused beacon leaves the page working', async () => {
    const { view } = open('/register', () => undefined);
    expect(await screen.findByRole('combobox', { name: 'Provider type' })).toBeTruthy();
    const beacons = view.calls.filter((call) => call.url.pathname === '/api/public/page-views');
    expect(beacons.map((call) => call.body)).toEqual([{ page: '/register', invitation: false }]);
    expect(view.errorToasts).toEqual([]);
  });
});
