import { LOGIN_BLOCKED_MESSAGE, MESSAGES } from '@carelane/shared-domain';
import {
  SESSION_HINT_KEY,
  SESSION_STORAGE_KEY,
  browserStores,
  type SessionStores,
} from '@carelane/shared-session/session-hint';
import { screen, waitFor } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { renderIndexHtml, staticLoginParameters } from '../../../scripts/webpack/static-login.cjs';
import copy from './copy.json';
import { takeSignedInOnStaticPage } from './hand-over';
import { AUTHENTICATE_PATH, type PageDeps, startPage } from './static-login';

/** index.html as the build writes it for the shell. */
function loadIndexHtml() {
  const html = renderIndexHtml({ staticLogin: staticLoginParameters(copy) });
  const parsed = new DOMParser().parseFromString(html, 'text/html');
  document.documentElement.lang = parsed.documentElement.lang;
  delete document.documentElement.dataset.carelanePage;
  document.head.innerHTML = parsed.head.innerHTML;
  document.body.innerHTML = parsed.body.innerHTML;
}

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

type Options = {
  path?: string;
  stores?: SessionStores;
  online?: boolean;
  fetchAnswer?: () => Promise<Response>;
  appLoads?: boolean;
};

function start({
  path = '/',
  stores = browserStores(),
  online = true,
  fetchAnswer = async () => answer(200, { user: [{ id: 7 }], token: 'fresh' }),
  appLoads = true,
}: Options = {}) {
  const requests: { url: string; method: string; body: unknown }[] = [];
  const loadApp = jest.fn((onError: () => void) => {
    if (!appLoads) onError();
  });
  const deps: PageDeps = {
    fetch: jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      requests.push({
        url: String(input),
        method: init?.method ?? 'GET',
        body: JSON.parse(String(init?.body)),
      });
      return fetchAnswer();
    }) as typeof fetch,
    online: () => online,
    production: true,
    stores,
    loadApp,
  };
  const shown = startPage(document, path, deps);
  return { shown, loadApp, requests };
}

async function signIn(emailId = 'someone@carelane.local', password = 'not-the-password') {
  const user = userEvent.setup();
  await user.click(screen.getByLabelText(copy.emailLabel));
  await user.paste(emailId);
  await user.click(screen.getByLabelText(copy.passwordLabel));
  await user.paste(password);
  await user.click(screen.getByRole('button', { name: copy.submit }));
  return user;
}

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  takeSignedInOnStaticPage();
  loadIndexHtml();
});

describe('the static sign-in page of index.html', () => {
  it('shows the form at once on the login path when this browser holds no session, and loads nothing', () => {
    const { shown, loadApp } = start();
    expect(shown).toBe('static');
    expect(loadApp).not.toHaveBeenCalled();
    expect(document.documentElement.dataset.carelanePage).toBe('sign-in');
    expect(getComputedStyle(screen.getByRole('main')).display).toBe('flex');
    expect(getComputedStyle(screen.getByText('Loading Carelane…')).display).toBe('none');
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));
    expect(screen.getByRole('link', { name: 'Forgot your password?' }).getAttribute('href')).toBe(
      '/resetPassword',
    );
    expect(screen.getByRole('link', { name: 'Register as a clinician' }).getAttribute('href')).toBe(
      '/register',
    );
    expect(document.documentElement.lang).toBe('en');
  });

  it('run from <head> while the document is parsed, marks the page at once and wires the form once it is parsed', () => {
    const readyState = jest.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    const { shown } = start();
    expect(shown).toBe('static');
    expect(document.documentElement.dataset.carelanePage).toBe('sign-in');
    expect(document.activeElement).not.toBe(screen.getByLabelText('Email'));
    readyState.mockRestore();
    document.dispatchEvent(new Event('DOMContentLoaded'));
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));
  });

  it.each([
    ['another path', { path: '/episodes' }],
    ['a token kept by this tab', { token: 'kept' }],
    ['the hint that a session cookie exists', { hint: true }],
    ['localStorage refused (only the server knows)', { refused: true }],
  ])('loads the application instead with %s', (_what, setup) => {
    const { path, token, hint, refused } = setup as {
      path?: string;
      token?: string;
      hint?: boolean;
      refused?: boolean;
    };
    if (token) sessionStorage.setItem(SESSION_STORAGE_KEY, token);
    if (hint) localStorage.setItem(SESSION_HINT_KEY, '1');
    const stores = refused ? { session: sessionStorage, local: null } : browserStores();
    const { shown, loadApp } = start({ path, stores });
    expect(shown).toBe('app');
    expect(loadApp).toHaveBeenCalledTimes(1);
    expect(document.documentElement.dataset.carelanePage).toBeUndefined();
    expect(getComputedStyle(document.getElementById('static-login')!).display).toBe('none');
    expect(getComputedStyle(screen.getByText('Loading Carelane…')).display).toBe('flex');
  });

  it('asks for the email and the password before sending anything, and clears each message on typing', async () => {
    const { requests } = start();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      'Please enter your email.',
      'Please enter your password.',
    ]);
    const email = screen.getByLabelText('Email');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(email.getAttribute('aria-describedby')).toBe('login-email-error');
    expect(document.getElementById('login-email-error')!.textContent).toBe('Please enter your email.');
    expect(document.activeElement).toBe(email);
    await user.paste('someone@carelane.local');
    expect(email.hasAttribute('aria-invalid')).toBe(false);
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      'Please enter your password.',
    ]);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(document.activeElement).toBe(screen.getByLabelText('Password'));
    expect(requests).toEqual([]);
  });

  it("shows 'Sorry, login failed. ' and the server's text when the password is wrong", async () => {
    const { requests, loadApp } = start({
      fetchAnswer: async () =>
        answer(401, { statusCode: 401, code: 'UNAUTHORIZED', error: 'The email or password is incorrect.' }),
    });
    await signIn('  someone@carelane.local ', ' pass word ');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Sorry, login failed. The email or password is incorrect.',
    );
    expect(requests).toEqual([
      {
        url: AUTHENTICATE_PATH,
        method: 'POST',
        body: { emailId: 'someone@carelane.local', password: ' pass word ' },
      },
    ]);
    expect(loadApp).not.toHaveBeenCalled();
    expect(sessionStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(screen.getByRole('button', { name: 'Sign in' }).hasAttribute('aria-busy')).toBe(false);
  });

  it('shows the blocked-login text alone when header.blockLogin is set', async () => {
    start({
      fetchAnswer: async () =>
        answer(403, { statusCode: 403, code: 'LOGIN_BLOCKED', error: LOGIN_BLOCKED_MESSAGE }),
    });
    await signIn();
    expect((await screen.findByRole('alert')).textContent).toBe(LOGIN_BLOCKED_MESSAGE);
  });

  it('offline, asks to come back online; online but unreachable, says the server could not be reached', async () => {
    start({ online: false, fetchAnswer: () => Promise.reject(new TypeError('Failed to fetch')) });
    await signIn();
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.offline);

    loadIndexHtml();
    start({ fetchAnswer: () => Promise.reject(new TypeError('Failed to fetch')) });
    await signIn();
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.serverUnreachable);
  });

  it('an answer without a session is a failed login with no server text', async () => {
    start({ fetchAnswer: async () => answer(200, { user: [], token: '' }) });
    await signIn();
    expect((await screen.findByRole('alert')).textContent).toBe('Sorry, login failed. ');
  });

  it('signed in: keeps the token as the session does, tells the shell, and loads the application', async () => {
    const { loadApp } = start();
    await signIn();
    await waitFor(() => expect(loadApp).toHaveBeenCalledTimes(1));
    expect(sessionStorage.getItem(SESSION_STORAGE_KEY)).toBe('fresh');
    expect(localStorage.getItem(SESSION_HINT_KEY)).toBe('1');
    expect(takeSignedInOnStaticPage()).toBe(true);
    expect(takeSignedInOnStaticPage()).toBe(false);
    expect(screen.getByRole('button', { name: 'Sign in' }).getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('when the application cannot be loaded after signing in, says so and lets the user try again', async () => {
    const { loadApp } = start({ appLoads: false, online: false });
    await signIn();
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.offline);
    expect(loadApp).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Sign in' }).hasAttribute('aria-busy')).toBe(false);
  });

  it('shows and hides the password with its eye button', async () => {
    start();
    const user = userEvent.setup();
    const password = screen.getByLabelText<HTMLInputElement>('Password');
    const eye = screen.getByRole('button', { name: 'Show' });
    expect(password.type).toBe('password');
    await user.click(eye);
    expect(password.type).toBe('text');
    expect(eye.getAttribute('aria-pressed')).toBe('true');
    await user.click(eye);
    expect(password.type).toBe('password');
    expect(eye.getAttribute('aria-pressed')).toBe('false');
  });
});
