// Fixtures for this package's tests (not exported from the package).
import type { CurrentUser, SignedInUser } from '@carelane/shared-domain';
import { type Session } from './bus';
import { buildSession } from './session';

export function currentUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: 7,
    pin: null,
    emailId: 'ops@example.com',
    firstName: 'Olive',
    lastName: 'Ops',
    token: 'token-7',
    referralSourceId: null,
    rolename: 'OPERATIONS DIRECTOR',
    roleId: 14,
    privileges: JSON.stringify({ header: '{"switchUser":1}', dashboard: '{}', users: '{}' }),
    onboardStep: null,
    onboardStepRS: null,
    firstAssigment: false,
    appDownloaded: false,
    backOfficeSupportId: null,
    changePassword: false,
    idleTimeout: 50,
    impersonatorId: null,
    ...overrides,
  };
}

/** The user as /api/security/me answers: without the token. */
export function signedInUser(overrides: Partial<SignedInUser> = {}): SignedInUser {
  const { token: _token, ...user } = currentUser(overrides);
  return user;
}

export function session(overrides: Partial<CurrentUser> = {}): Session {
  const user = currentUser(overrides);
  return buildSession(user, user.token, []);
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

export function apiError(statusCode: number, code: string, error: string): Response {
  return jsonResponse({ statusCode, code, error }, statusCode);
}

export type FetchCall = { url: URL; method: string; headers: Headers; body: unknown };

/** Replaces fetch (the network) with `answer`; returns the calls it received. */
export function mockFetch(answer: (call: FetchCall) => Response | Promise<Response>): {
  calls: FetchCall[];
  fetch: jest.Mock;
} {
  const calls: FetchCall[] = [];
  const fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const text = request.body ? await request.text() : '';
    const call: FetchCall = {
      url: new URL(request.url),
      method: request.method,
      headers: request.headers,
      body: text ? (JSON.parse(text) as unknown) : undefined,
    };
    calls.push(call);
    return answer(call);
  });
  globalThis.fetch = fetch as unknown as typeof globalThis.fetch;
  return { calls, fetch };
}
