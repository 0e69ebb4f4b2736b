import { z } from 'zod';
import { constantSchema } from '@carelane/shared-domain';
import {
  ApiCallError,
  apiClient,
  createApiClient,
  errorMessage,
  isApiCallError,
  type ApiClientOptions,
} from './api-client';
import type * as ApiClientModule from './api-client';
import { getBus, type SessionExpiredEvent } from './bus';
import { apiError, jsonResponse, mockFetch, session } from './test-support';

const userSchema = z.object({ id: z.number(), name: z.string() });

function client(overrides: Partial<ApiClientOptions> = {}) {
  const expired: SessionExpiredEvent[] = [];
  let token: string | null = 'secret-token';
  const api = createApiClient({
    getToken: () => token,
    onUnauthorized: (event) => expired.push(event),
    ...overrides,
  });
  return { api, expired, signOutLocally: () => (token = null) };
}

async function failure(promise: Promise<unknown>): Promise<ApiCallError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiCallError);
    return error as ApiCallError;
  }
  throw new Error('the call did not fail');
}

afterEach(() => {
  getBus().session$.next(null);
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => true });
});

describe('createApiClient', () => {
  it('sends the bearer token and the query, and answers what the schema parsed', async () => {
    const { calls } = mockFetch(() => jsonResponse({ id: 3, name: 'Ann', extra: 'dropped' }));
    const { api } = client();
    const user = await api.get('/api/admin/user/3', userSchema, {
      searchParams: { detail: 'full', roleId: [5, 6], empty: '', missing: undefined },
    });
    expect(user).toEqual({ id: 3, name: 'Ann' });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.method).toBe('GET');
    expect(calls[0]!.headers.get('authorization')).toBe('Bearer secret-token');
    expect(calls[0]!.url.href).toBe('http://localhost/api/admin/user/3?detail=full&roleId=5&roleId=6');
  });

  it('sends a JSON body on post, put and delete, against the base URL given', async () => {
    const { calls } = mockFetch(() => jsonResponse({ id: 4, name: 'Bo' }));
    const { api } = client({ baseUrl: 'https://api.example.com/' });
    await api.post('/api/admin/user', { name: 'Bo' }, userSchema);
    await api.put('/api/admin/user/4', { name: 'Bo' }, userSchema);
    await api.delete('/api/admin/user/4', userSchema);
    expect(calls.map((call) => [call.method, call.url.href, call.body])).toEqual([
      ['POST', 'https://api.example.com/api/admin/user', { name: 'Bo' }],
      ['PUT', 'https://api.example.com/api/admin/user/4', { name: 'Bo' }],
      ['DELETE', 'https://api.example.com/api/admin/user/4', undefined],
    ]);
    expect(calls[0]!.headers.get('content-type')).toContain('application/json');
  });

  it('sends a save that outlives the page (keepalive) with the session, when asked', async () => {
    const { calls, fetch } = mockFetch(() => jsonResponse({ id: 4, name: 'Bo' }));
    const { api } = client();
    await api.put('/api/notes/visits/1/note', { name: 'Bo' }, userSchema, { keepalive: true });
    await api.put('/api/notes/visits/1/note', { name: 'Bo' }, userSchema);
    const [kept, plain] = fetch.mock.calls.map(([input]) => input as Request);
    expect(kept!.keepalive).toBe(true);
    expect(plain!.keepalive).toBe(false);
    expect(calls[0]!.headers.get('authorization')).toBe('Bearer secret-token');
    expect(calls[0]!.body).toEqual({ name: 'Bo' });
  });

  it('sends no Authorization header without a token', async () => {
    const { calls } = mockFetch(() => jsonResponse([]));
    const { api, signOutLocally } = client();
    signOutLocally();
    await api.get('/api/admin/constants', constantSchema.array());
    expect(calls[0]!.headers.has('authorization')).toBe(false);
  });

  it("builds the spec's error text from a failed answer", async () => {
    mockFetch(() => jsonResponse({ statusCode: 409, code: 'CONFLICT', error: 'email taken' }, 409));
    const { api } = client();
    const error = await failure(api.post('/api/admin/user', { name: 'Bo' }, userSchema));
    expect(error).toMatchObject({ kind: 'http', status: 409, code: 'CONFLICT', text: 'email taken' });
    expect(errorMessage(error, 'user', 'saved')).toBe('Sorry, user could not be saved. email taken');
  });

  it('reads an answer with only an error text, and keeps field errors for forms', async () => {
    mockFetch(() => jsonResponse({ error: 'email taken' }, 400));
    const { api } = client();
    const error = await failure(api.post('/api/admin/user', {}, userSchema));
    expect(errorMessage(error, 'user', 'saved')).toBe('Sorry, user could not be saved. email taken');
    expect(error.code).toBe('HTTP_400');

    mockFetch(() =>
      jsonResponse(
        {
          statusCode: 400,
          code: 'VALIDATION',
          error: 'emailId: must be a valid email address',
          errors: [{ field: 'emailId', message: 'must be a valid email address' }],
        },
        400,
      ),
    );
    const invalid = await failure(api.post('/api/admin/user', {}, userSchema));
    expect(invalid.fieldErrors).toEqual([{ field: 'emailId', message: 'must be a valid email address' }]);
  });

  it('hides server texts about json, sql or crypt in production', async () => {
    mockFetch(() => apiError(500, 'INTERNAL', 'Unexpected token in JSON at position 3'));
    const error = await failure(client({ production: true }).api.get('/api/x', userSchema));
    expect(errorMessage(error, 'user list', 'loaded')).toBe('Sorry, user list could not be loaded. ');
    const shown = await failure(client({ production: false }).api.get('/api/x', userSchema));
    expect(shown.text).toBe('Unexpected token in JSON at position 3');
  });

  it('emits session expiry once on 401, with the reason, the message and the page to return to', async () => {
    window.history.pushState(null, '', '/visits?status=OPEN');
    mockFetch(() => apiError(401, 'SESSION_EXPIRED', 'Your session has expired. Please sign in again.'));
    const { api, expired } = client();
    const first = await failure(api.get('/api/operation/visits', userSchema));
    await failure(api.get('/api/operation/visits', userSchema));
    expect(first.status).toBe(401);
    expect(expired).toEqual([
      {
        reason: 'expired',
        message: 'Your session has expired. Please sign in again.',
        returnTo: '/visits?status=OPEN',
      },
    ]);
    expect(window.location.pathname).toBe('/visits');
  });

  it('reports a revoked session as such', async () => {
    mockFetch(() => apiError(401, 'UNAUTHORIZED', 'Your session has ended. Please sign in again.'));
    const { api, expired } = client();
    await failure(api.get('/api/security/me', userSchema));
    expect(expired.map((event) => event.reason)).toEqual(['revoked']);
  });

  it('does not report a session expiry for a call made without a session (wrong password)', async () => {
    mockFetch(() => apiError(401, 'UNAUTHORIZED', 'Wrong email or password.'));
    const { api, expired, signOutLocally } = client();
    signOutLocally();
    const error = await failure(api.post('/api/security/authenticate', {}, userSchema));
    expect(error.text).toBe('Wrong email or password.');
    expect(expired).toEqual([]);
  });

  it('the default client uses the session on the bus and emits sessionExpired$', async () => {
    const { calls } = mockFetch(() => apiError(401, 'SESSION_EXPIRED', 'Your session has expired.'));
    getBus().session$.next(session({ token: 'bus-token' }));
    const seen: SessionExpiredEvent[] = [];
    const subscription = getBus().sessionExpired$.subscribe((event) => seen.push(event));
    await failure(apiClient.get('/api/admin/user', userSchema));
    subscription.unsubscribe();
    expect(calls[0]!.headers.get('authorization')).toBe('Bearer bus-token');
    expect(seen).toEqual([
      expect.objectContaining({ reason: 'expired', message: 'Your session has expired.' }),
    ]);
  });

  it("gives the spec's unreachable text when fetch fails with 'Failed to fetch'", async () => {
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await failure(client().api.post('/api/admin/user', { name: 'Bo' }, userSchema));
    expect(error).toMatchObject({ kind: 'network', status: 0, code: 'NETWORK' });
    expect(error.text).toBe('Server could not be reached. Please ensure you are online and then try again.');
    expect(errorMessage(error, 'user', 'saved')).toBe(
      'Server could not be reached. Please ensure you are online and then try again.',
    );
  });

  it("gives the spec's offline text for 'Network request failed' and whenever the browser is offline", async () => {
    mockFetch(() => Promise.reject(new TypeError('Network request failed')));
    const error = await failure(client().api.get('/api/admin/user', userSchema));
    expect(errorMessage(error, 'user list', 'loaded')).toBe(
      'Please make sure you are online and then try again.',
    );

    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const offline = await failure(client().api.get('/api/admin/user', userSchema));
    expect(offline.text).toBe('Please make sure you are online and then try again.');
  });

  it('never retries a write, nor a read (react-query retries reads)', async () => {
    const { fetch } = mockFetch(() => apiError(503, 'UNAVAILABLE', 'Try again later.'));
    const { api } = client();
    await failure(api.post('/api/admin/user', {}, userSchema));
    await failure(api.put('/api/admin/user/1', {}, userSchema));
    await failure(api.delete('/api/admin/user/1', userSchema));
    await failure(api.get('/api/admin/user/1', userSchema));
    expect(fetch).toHaveBeenCalledTimes(4);
  });

  it('refuses an answer that does not match the schema', async () => {
    mockFetch(() => jsonResponse({ id: 'three' }));
    const error = await failure(client().api.get('/api/admin/user/3', userSchema));
    expect(error).toMatchObject({
      kind: 'invalid-response',
      status: 200,
      code: 'INVALID_RESPONSE',
      text: '',
    });
    expect(errorMessage(error, 'user', 'loaded')).toBe('Sorry, user could not be loaded. ');
  });

  it('lets a call its caller cancelled stay an AbortError', async () => {
    mockFetch(
      (call) =>
        new Promise<Response>((_resolve, reject) => {
          void call;
          setTimeout(() => reject(new DOMException('The operation was aborted.', 'AbortError')), 10);
        }),
    );
    const controller = new AbortController();
    const pending = client().api.get('/api/admin/user', userSchema, { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('recognises a failure made by another copy of this module', async () => {
    let other: typeof ApiClientModule | undefined;
    await jest.isolateModulesAsync(async () => {
      other = await import('./api-client');
    });
    const foreign = new other!.ApiCallError({
      kind: 'http',
      status: 409,
      code: 'CONFLICT',
      body: { error: 'email taken' },
      text: 'email taken',
      message: 'Request failed with status code 409',
    });
    expect(foreign).not.toBeInstanceOf(ApiCallError);
    expect(isApiCallError(foreign)).toBe(true);
    expect(errorMessage(foreign, 'user', 'saved')).toBe('Sorry, user could not be saved. email taken');
    expect(isApiCallError(new Error('plain'))).toBe(false);
  });
});
