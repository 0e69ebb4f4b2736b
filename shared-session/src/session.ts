import { useSyncExternalStore } from 'react';
import {
  canOpenPage,
  effectiveIdleTimeoutMinutes,
  parsePrivilegeText,
  privilegeOption,
  readConstants,
  type Constant,
  type SignedInUser,
  type PageKey,
} from '@carelane/shared-domain';
import { ApiCallError, apiClient, isApiCallError } from './api-client';
import { getBus, type Session, type SiteRoute } from './bus';
import { getQueryClient } from './query';
import { anyAnswer, authenticateAnswer, constantListAnswer, signedInUserAnswer } from './session-answers';
import { keepToken, keptToken, mayHaveSession } from './session-hint';

export { SESSION_HINT_KEY, SESSION_STORAGE_KEY } from './session-hint';

function isSetFlag(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value !== 0 && Number.isFinite(value);
  if (typeof value === 'string') return ['1', 'true'].includes(value.trim().toLowerCase());
  return false;
}

/**
 * The idle timeout is off when the `header.noIdleTimer` privilege option is set, or when the
 * `noIdleTimer` constant is set ('1' / 'true') or is a JSON list holding the user's id.
 */
function idleTimerOff(user: SignedInUser, privileges: Session['privileges'], list: Constant[]): boolean {
  if (isSetFlag(privilegeOption(privileges, 'header', 'noIdleTimer'))) return true;
  const constant = list.find((item) => item.name === 'noIdleTimer')?.value;
  if (constant === undefined) return false;
  if (isSetFlag(constant)) return true;
  try {
    const ids: unknown = JSON.parse(constant);
    return Array.isArray(ids) && ids.some((id) => String(id) === String(user.id));
  } catch {
    return false;
  }
}

/** Builds the bus's session from the signed-in user and the constants list ('' token: the cookie's session). */
export function buildSession(user: SignedInUser, token: string, constantList: Constant[]): Session {
  const privileges = parsePrivilegeText(user.privileges);
  const constants = readConstants(constantList);
  return {
    user,
    token,
    privileges,
    constants,
    idleTimeoutMs: effectiveIdleTimeoutMinutes(constants.idleTimeoutMinutes, user.idleTimeout) * 60_000,
    noIdleTimer: idleTimerOff(user, privileges, constantList),
    startedAt: Date.now(),
  };
}

/** The constants list; when it cannot be read, an empty list (every constant then has its default). */
async function loadConstants(token: string): Promise<Constant[]> {
  try {
    return await apiClient.get('/api/admin/constants', constantListAnswer, { token });
  } catch {
    return [];
  }
}

/** Puts a session on the bus (or clears it), keeps its token for a reload, and forgets other users' data. */
export function setSession(session: Session | null): void {
  const bus = getBus();
  const previous = bus.session$.getValue();
  if (
    previous?.user.id !== session?.user.id ||
    previous?.user.impersonatorId !== session?.user.impersonatorId
  ) {
    getQueryClient().clear();
  }
  keepToken(session?.token ?? null);
  bus.session$.next(session);
}

async function startSession(user: SignedInUser | undefined, token: string): Promise<Session> {
  if (!user) {
    throw new ApiCallError({
      kind: 'invalid-response',
      status: 200,
      code: 'INVALID_RESPONSE',
      body: undefined,
      text: '',
      message: 'The server signed in no user.',
    });
  }
  const session = buildSession(user, token, await loadConstants(token));
  setSession(session);
  return session;
}

/**
 * Signs in: authenticates, loads the constants, puts the session on the bus and keeps its token in
 * sessionStorage. Rejects with an `ApiCallError` (show 'Sorry, login failed. ' + `error.text`).
 */
export async function signIn(emailId: string, password: string): Promise<Session> {
  const answer = await apiClient.post(
    '/api/security/authenticate',
    { emailId, password },
    authenticateAnswer,
    // A 401 here is a wrong password, never the end of a session.
    { token: '', quietUnauthorized: true },
  );
  return startSession(answer.user[0], answer.token);
}

/**
 * Restores the session after a reload: the token kept in sessionStorage (else the session cookie,
 * for a new tab) is checked with /api/security/me. A new tab never learns the cookie's token (/me does not
 * tell it): its session's token is '' and its calls go with the cookie alone. Null when there is no session
 * any more; rejects with an `ApiCallError` when the server cannot be reached (the session may still be good).
 */
export async function restoreSession(): Promise<Session | null> {
  if (!mayHaveSession()) {
    setSession(null);
    return null;
  }
  const stored = keptToken();
  let user: SignedInUser;
  try {
    user = await apiClient.get('/api/security/me', signedInUserAnswer, {
      token: stored,
      quietUnauthorized: true,
    });
  } catch (error) {
    if (isApiCallError(error) && (error.status === 401 || error.status === 403)) {
      setSession(null);
      return null;
    }
    throw error;
  }
  return startSession(user, stored);
}

/** Signs out: the server revokes the session (failures ignored), then the bus, storage and cache are cleared. */
export async function signOut(): Promise<void> {
  const session = getBus().session$.getValue();
  if (session) {
    await apiClient
      .post('/api/security/logout', {}, anyAnswer, { token: session.token, quietUnauthorized: true })
      .catch(() => undefined);
  }
  setSession(null);
}

/** Acts as another user (for the roles allowed); the server audits it. */
export async function switchUser(userId: number): Promise<Session> {
  const answer = await apiClient.post('/api/security/switchUser', { userId }, authenticateAnswer);
  return startSession(answer.user[0], answer.token);
}

/** Returns from a switched session to the real user. */
export async function switchBack(): Promise<Session> {
  const answer = await apiClient.post('/api/security/switchBack', {}, authenticateAnswer);
  return startSession(answer.user[0], answer.token);
}

function subscribeSession(onChange: () => void): () => void {
  const subscription = getBus().session$.subscribe(onChange);
  return () => subscription.unsubscribe();
}

function sessionSnapshot(): Session | null {
  return getBus().session$.getValue();
}

/** The current session (null when signed out); re-renders when it changes. */
export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, sessionSnapshot, sessionSnapshot);
}

function subscribeRoutes(onChange: () => void): () => void {
  const subscription = getBus().routes$.subscribe(onChange);
  return () => subscription.unsubscribe();
}

const routesSnapshot = () => getBus().routes$.getValue();

/** Every page the shell serves (empty until it has read the deployment); re-renders when published. */
export function useSiteRoutes(): readonly SiteRoute[] {
  return useSyncExternalStore(subscribeRoutes, routesSnapshot, routesSnapshot);
}

/** Whether the session's user may open the page with this privilege key (SPEC §6). */
export function canOpen(session: Session | null | undefined, pageKey: PageKey | (string & {})): boolean {
  return session ? canOpenPage(session.privileges, pageKey) : false;
}

/**
 * Whether the session (null: signed out) may open a page guarded by `pages`: a public page always; a signed-in
 * user a page with no keys, or holding any one of its keys.
 */
export function canOpenRoute(
  session: Session | null | undefined,
  route: { pages: readonly string[]; public: boolean },
): boolean {
  if (route.public) return true;
  if (!session) return false;
  return route.pages.length === 0 || route.pages.some((page) => canOpen(session, page));
}
