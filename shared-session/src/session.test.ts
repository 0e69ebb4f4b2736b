import { act, renderHook } from '@testing-library/react';
import { getBus, type Session, type SessionExpiredEvent } from './bus';
import { apiClient } from './api-client';
import { getQueryClient } from './query';
import { anyAnswer } from './session-answers';
import {
  SESSION_HINT_KEY,
  SESSION_STORAGE_KEY,
  canOpen,
  restoreSession,
  signIn,
  signOut,
  switchBack,
  switchUser,
  useSession,
} from './session';
import {
  apiError,
  currentUser,
  jsonResponse,
  mockFetch,
  session,
  signedInUser,
  type FetchCall,
} from './test-support';

const constants = [
  { type: 'session', name: 'idleTimeout', value: '40', description: '' },
  { type: 'files', name: 'fileSizeLimit', value: '8', description: '' },
];

function server(overrides: Partial<Record<string, (call: FetchCall) => Response>> = {}) {
  return mockFetch((call) => {
    const route = `${call.method} ${call.url.pathname}`;
    const answer = overrides[route];
    if (answer) return answer(call);
    switch (route) {
      case 'POST /api/security/authenticate':
        return jsonResponse({ user: [currentUser({ token: 'fresh' })], token: 'fresh' });
      case 'GET /api/admin/constants':
        return jsonResponse(constants);
      case 'GET /api/security/me':
        return jsonResponse(signedInUser());
      case 'POST /api/security/logout':
        return jsonResponse({ message: 'You have been signed out.' });
      default:
        return apiError(404, 'NOT_FOUND', `${route} was not found.`);
    }
  });
}

afterEach(() => {
  getBus().session$.next(null);
  sessionStorage.clear();
  localStorage.clear();
});

describe('signIn', () => {
  it('authenticates, loads the constants, puts the session on the bus and keeps its token', async () => {
    const { calls } = server();
    const seen: (Session | null)[] = [];
    const subscription = getBus().session$.subscribe((value) => seen.push(value));

    const signedIn = await signIn('ops@example.com', 'correct horse battery');

    subscription.unsubscribe();
    expect(calls.map((call) => `${call.method} ${call.url.pathname}`)).toEqual([
      'POST /api/security/authenticate',
      'GET /api/admin/constants',
    ]);
    expect(calls[0]!.body).toEqual({ emailId: 'ops@example.com', password: 'correct horse battery' });
    expect(calls[1]!.headers.get('authorization')).toBe('Bearer fresh');
    expect(signedIn).toMatchObject({
      token: 'fresh',
      user: { id: 7, emailId: 'ops@example.com' },
      privileges: { header: { switchUser: 1 }, dashboard: {}, users: {} },
      constants: { idleTimeoutMinutes: 40, fileSizeLimitMb: 8, autoSaveIntervalSeconds: 30 },
      idleTimeoutMs: 50 * 60_000, // the user's (organization's) idle timeout wins over the constant
      noIdleTimer: false,
    });
    expect(seen).toEqual([null, signedIn]);
    expect(sessionStorage.getItem(SESSION_STORAGE_KEY)).toBe('fresh');
  });

  it('falls back to the constant idle timeout, and to the default constants when they cannot be read', async () => {
    server({
      'POST /api/security/authenticate': () =>
        jsonResponse({ user: [currentUser({ token: 't', idleTimeout: 0 })], token: 't' }),
      'GET /api/admin/constants': () => apiError(500, 'INTERNAL', 'Something went wrong.'),
    });
    const signedIn = await signIn('ops@example.com', 'correct horse battery');
    expect(signedIn.constants.idleTimeoutMinutes).toBe(50);
    expect(signedIn.idleTimeoutMs).toBe(3_000_000);
  });

  it('rejects with the server text for a wrong password, signs no one in, and reports no expiry', async () => {
    server({
      'POST /api/security/authenticate': () => apiError(401, 'UNAUTHORIZED', 'Wrong email or password.'),
    });
    const expired: SessionExpiredEvent[] = [];
    const subscription = getBus().sessionExpired$.subscribe((event) => expired.push(event));
    await expect(signIn('ops@example.com', 'wrong')).rejects.toMatchObject({
      status: 401,
      text: 'Wrong email or password.',
    });
    subscription.unsubscribe();
    expect(getBus().session$.getValue()).toBeNull();
    expect(expired).toEqual([]);
  });

  it('turns the idle timer off for the noIdleTimer privilege', async () => {
    server({
      'POST /api/security/authenticate': () =>
        jsonResponse({
          user: [currentUser({ privileges: JSON.stringify({ header: '{"noIdleTimer":1}' }) })],
          token: 't',
        }),
    });
    expect((await signIn('ops@example.com', 'pw')).noIdleTimer).toBe(true);
  });
});

describe('restoreSession', () => {
  it('restores the session of a reloaded tab from its kept token', async () => {
    sessionStorage.setItem(SESSION_STORAGE_KEY, 'kept');
    const { calls } = server();
    const restored = await restoreSession();
    expect(calls[0]!.headers.get('authorization')).toBe('Bearer kept');
    expect(restored).toMatchObject({ token: 'kept', user: { id: 7 } });
    expect(getBus().session$.getValue()).toBe(restored);
  });

  it('answers null, quietly, when the session is gone', async () => {
    sessionStorage.setItem(SESSION_STORAGE_KEY, 'revoked');
    server({ 'GET /api/security/me': () => apiError(401, 'SESSION_EXPIRED', 'Your session has expired.') });
    const expired: SessionExpiredEvent[] = [];
    const subscription = getBus().sessionExpired$.subscribe((event) => expired.push(event));
    expect(await restoreSession()).toBeNull();
    subscription.unsubscribe();
    expect(expired).toEqual([]);
    expect(sessionStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(getBus().session$.getValue()).toBeNull();
  });

  it('in a new tab, uses the session cookie the server set, without ever learning its token', async () => {
    localStorage.setItem(SESSION_HINT_KEY, '1'); // signed in, in another tab of this browser
    const { calls } = server();
    const restored = await restoreSession();
    expect(calls[0]!.headers.has('authorization')).toBe(false);
    expect(restored).toMatchObject({ token: '', user: { id: 7 } });
    expect(getBus().session$.getValue()).toBe(restored);
    // The constants were read with the cookie too; the hint stays, no token is kept.
    expect(calls.map((call) => [call.url.pathname, call.headers.has('authorization')])).toEqual([
      ['/api/security/me', false],
      ['/api/admin/constants', false],
    ]);
    expect(sessionStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(localStorage.getItem(SESSION_HINT_KEY)).toBe('1');
  });

  it('a tab holding only the cookie hears when its session ends', async () => {
    localStorage.setItem(SESSION_HINT_KEY, '1');
    server({
      'POST /api/visits': () =>
        apiError(401, 'UNAUTHORIZED', 'Your session has ended. Please sign in again.'),
    });
    await restoreSession();
    const expired: SessionExpiredEvent[] = [];
    const subscription = getBus().sessionExpired$.subscribe((event) => expired.push(event));
    await expect(apiClient.post('/api/visits', {}, anyAnswer)).rejects.toMatchObject({ status: 401 });
    subscription.unsubscribe();
    expect(expired).toEqual([
      expect.objectContaining({
        reason: 'revoked',
        message: 'Your session has ended. Please sign in again.',
      }),
    ]);
  });

  it('a wrong password at sign-in is not an ended session', async () => {
    localStorage.setItem(SESSION_HINT_KEY, '1');
    server();
    await restoreSession();
    server({
      'POST /api/security/authenticate': () =>
        apiError(401, 'UNAUTHORIZED', 'The email or password is incorrect.'),
    });
    const expired: SessionExpiredEvent[] = [];
    const subscription = getBus().sessionExpired$.subscribe((event) => expired.push(event));
    await expect(signIn('ops@example.com', 'wrong')).rejects.toMatchObject({ status: 401 });
    subscription.unsubscribe();
    expect(expired).toEqual([]);
  });

  it('asks the server nothing on a first visit, so a signed-out page logs no 401', async () => {
    const { calls } = server({
      'GET /api/security/me': () => apiError(401, 'UNAUTHORIZED', 'Please sign in.'),
    });
    expect(await restoreSession()).toBeNull();
    expect(calls).toEqual([]);
    expect(getBus().session$.getValue()).toBeNull();
  });

  it('keeps the hint that a session cookie may exist while signed in, and drops it when the session is gone', async () => {
    server();
    await signIn('ops@example.com', 'a-good-password');
    expect(localStorage.getItem(SESSION_HINT_KEY)).toBe('1');
    server({ 'GET /api/security/me': () => apiError(401, 'UNAUTHORIZED', 'Please sign in.') });
    sessionStorage.clear(); // a new tab
    expect(await restoreSession()).toBeNull();
    expect(localStorage.getItem(SESSION_HINT_KEY)).toBeNull();
    const { calls } = server();
    expect(await restoreSession()).toBeNull();
    expect(calls).toEqual([]);
  });

  it('rejects when the server cannot be reached, keeping the token', async () => {
    sessionStorage.setItem(SESSION_STORAGE_KEY, 'kept');
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(restoreSession()).rejects.toMatchObject({ kind: 'network' });
    expect(sessionStorage.getItem(SESSION_STORAGE_KEY)).toBe('kept');
  });
});

describe('signOut', () => {
  it('revokes the session on the server and clears the bus, the storage and the query cache', async () => {
    const { calls } = server();
    await signIn('ops@example.com', 'pw');
    getQueryClient().setQueryData(['user', 1], { id: 1 });
    await signOut();
    const logout = calls.find((call) => call.url.pathname === '/api/security/logout');
    expect(logout?.headers.get('authorization')).toBe('Bearer fresh');
    expect(getBus().session$.getValue()).toBeNull();
    expect(sessionStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(getQueryClient().getQueryData(['user', 1])).toBeUndefined();
  });

  it('signs out locally even when the server cannot be reached', async () => {
    getBus().session$.next(session());
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await signOut();
    expect(getBus().session$.getValue()).toBeNull();
  });
});

describe('switchUser and switchBack', () => {
  it('switches to another user and back, each time with a new token', async () => {
    const { calls } = server({
      'POST /api/security/switchUser': () =>
        jsonResponse({ user: [currentUser({ id: 12, token: 'as-12', impersonatorId: 7 })], token: 'as-12' }),
      'POST /api/security/switchBack': () =>
        jsonResponse({ user: [currentUser({ token: 'back' })], token: 'back' }),
    });
    await signIn('ops@example.com', 'pw');
    const switched = await switchUser(12);
    expect(calls.find((call) => call.url.pathname === '/api/security/switchUser')).toMatchObject({
      body: { userId: 12 },
    });
    expect(switched).toMatchObject({ token: 'as-12', user: { id: 12, impersonatorId: 7 } });
    expect(sessionStorage.getItem(SESSION_STORAGE_KEY)).toBe('as-12');
    const back = await switchBack();
    expect(back).toMatchObject({ token: 'back', user: { id: 7, impersonatorId: null } });
    expect(getBus().session$.getValue()).toBe(back);
  });
});

describe('useSession and canOpen', () => {
  it('re-renders with each session', () => {
    const { result } = renderHook(() => useSession());
    expect(result.current).toBeNull();
    const signedIn = session();
    act(() => getBus().session$.next(signedIn));
    expect(result.current).toBe(signedIn);
    act(() => getBus().session$.next(null));
    expect(result.current).toBeNull();
  });

  it('opens only the pages the privileges hold', () => {
    const signedIn = session();
    expect(canOpen(signedIn, 'users')).toBe(true);
    expect(canOpen(signedIn, 'invoices')).toBe(false);
    expect(canOpen(null, 'dashboard')).toBe(false);
  });
});
