import { LOGIN_BLOCKED_MESSAGE } from '@carelane/shared-domain';
import { getBus, setSession } from '@carelane/shared-session';
import { currentUser } from '@carelane/shared-session/testing';
import { AppProviders } from '@carelane/shared-ui';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setLoginNotice } from '../session/login-notice';
import { LoginPage } from './LoginPage';

function answer(status: number, body: unknown) {
  return Promise.resolve(
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );
}

async function signInWith(fetchAnswer: () => Promise<Response>) {
  // Like the network, read the request before answering (ky waits for its body to be consumed).
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    await new Request(input, init).text();
    return fetchAnswer();
  }) as typeof fetch;
  const errorToasts: string[] = [];
  const subscription = getBus().errorToast$.subscribe((text) => errorToasts.push(text));
  render(
    <AppProviders>
      <LoginPage />
    </AppProviders>,
  );
  // Pasted, not typed key by key: quicker on a busy machine.
  const user = userEvent.setup();
  await user.click(screen.getByLabelText('Email'));
  await user.paste('someone@carelane.local');
  await user.click(screen.getByLabelText('Password'));
  await user.paste('not-the-password');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return { errorToasts, done: () => subscription.unsubscribe() };
}

// antd's first render in jsdom is slow; the default 5 s is too tight on two busy cores.
jest.setTimeout(20_000);

describe('LoginPage', () => {
  afterEach(() => setSession(null));

  it('shows why a session ended as a warning, with the email left empty', async () => {
    setLoginNotice('Your session has ended. Please sign in again.');
    render(
      <AppProviders>
        <LoginPage />
      </AppProviders>,
    );
    const box = (await screen.findByText('Your session has ended. Please sign in again.')).closest(
      '.ant-alert',
    );
    expect(box?.className).toContain('ant-alert-warning');
    expect(screen.getByLabelText('Email')).toHaveProperty('value', '');
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));
    setLoginNotice(null);
  });

  it("shows 'Sorry, login failed. ' and the server's text when the password is wrong", async () => {
    const { errorToasts, done } = await signInWith(() =>
      answer(401, { statusCode: 401, code: 'UNAUTHORIZED', error: 'The email or password is incorrect.' }),
    );
    const text = 'Sorry, login failed. The email or password is incorrect.';
    expect((await screen.findByRole('alert')).textContent).toBe(text);
    expect(errorToasts).toEqual([text]);
    expect(getBus().session$.getValue()).toBeNull();
    done();
  });

  it('shows the blocked-login text alone when header.blockLogin is set', async () => {
    const { done } = await signInWith(() =>
      answer(403, { statusCode: 403, code: 'LOGIN_BLOCKED', error: LOGIN_BLOCKED_MESSAGE }),
    );
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(LOGIN_BLOCKED_MESSAGE));
    done();
  });

  it('asks for the email and the password before sending anything, and clears each message on typing', async () => {
    const fetchSpy = jest.fn();
    globalThis.fetch = fetchSpy as unknown as typeof fetch;
    render(
      <AppProviders>
        <LoginPage />
      </AppProviders>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      'Please enter your email.',
      'Please enter your password.',
    ]);
    expect(screen.getByLabelText('Email')).toHaveProperty('ariaInvalid', 'true');
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));
    await user.paste('someone@carelane.local');
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      'Please enter your password.',
    ]);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(document.activeElement).toBe(screen.getByLabelText('Password'));
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('sends the trimmed email and the password as typed, and puts the session on the bus', async () => {
    const bodies: unknown[] = [];
    globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      const path = new URL(request.url).pathname;
      if (path === '/api/security/authenticate') {
        bodies.push(JSON.parse(await request.text()));
        return answer(200, { user: [currentUser({ token: 'fresh' })], token: 'fresh' });
      }
      return answer(200, []); // the constants
    }) as typeof fetch;
    const toasts: string[] = [];
    const subscription = getBus().toast$.subscribe((text) => toasts.push(text));
    render(
      <AppProviders>
        <LoginPage />
      </AppProviders>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('Email'));
    await user.paste('  someone@carelane.local ');
    await user.click(screen.getByLabelText('Password'));
    await user.paste(' pass word ');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(getBus().session$.getValue()?.token).toBe('fresh'));
    expect(bodies).toEqual([{ emailId: 'someone@carelane.local', password: ' pass word ' }]);
    expect(toasts).toEqual(['Login successful.']);
    subscription.unsubscribe();
  });

  it('shows the offline text when the server cannot be reached', async () => {
    const { done } = await signInWith(() => Promise.reject(new TypeError('Failed to fetch')));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Server could not be reached. Please ensure you are online and then try again.',
    );
    done();
  });
});
