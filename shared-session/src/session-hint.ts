// What the browser keeps of a session, without anything else of the session: the shell's static sign-in page
// (shell/src/static-login) reads and writes it before any of the application's JavaScript has loaded, so this
// module imports nothing (subpath `@carelane/shared-session/session-hint`).

/** sessionStorage key of the session's token: a reload of the tab keeps the session. */
export const SESSION_STORAGE_KEY = 'carelane.session';
/**
 * localStorage key set while this browser holds a session (the session cookie cannot be read: httpOnly). A
 * new tab asks the server for the cookie's session only then, so a signed-out visit makes no call that
 * answers 401 (which the browser logs as an error).
 */
export const SESSION_HINT_KEY = 'carelane.signedIn';

export type SessionStores = { session: Storage | null; local: Storage | null };

function storage(kind: 'sessionStorage' | 'localStorage'): Storage | null {
  try {
    return globalThis[kind] ?? null;
  } catch {
    return null; // storage disabled by the browser
  }
}

/** The page's sessionStorage and localStorage; null where the browser refuses them. */
export function browserStores(): SessionStores {
  return { session: storage('sessionStorage'), local: storage('localStorage') };
}

/** The token kept for a reload of this tab ('' when none). */
export function keptToken(stores: SessionStores = browserStores()): string {
  return stores.session?.getItem(SESSION_STORAGE_KEY) ?? '';
}

/**
 * Whether this page may have a session: a token kept by this tab, or the hint that a session cookie exists.
 * True when localStorage is refused (then only the server knows). False means signed out, for certain.
 */
export function mayHaveSession(stores: SessionStores = browserStores()): boolean {
  return keptToken(stores) !== '' || stores.local === null || stores.local.getItem(SESSION_HINT_KEY) !== null;
}

/**
 * Keeps the session's token for a reload and sets the hint; '' is a session held by the cookie alone (the hint
 * only); null, signed out, forgets both.
 */
export function keepToken(token: string | null, stores: SessionStores = browserStores()): void {
  if (stores.session) {
    if (token) stores.session.setItem(SESSION_STORAGE_KEY, token);
    else stores.session.removeItem(SESSION_STORAGE_KEY);
  }
  if (stores.local) {
    if (token !== null) stores.local.setItem(SESSION_HINT_KEY, '1');
    else stores.local.removeItem(SESSION_HINT_KEY);
  }
}
