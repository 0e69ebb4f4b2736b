// The sign-in page as index.html carries it (docs/decisions/018): shown at once when the visitor is signed out
// for certain and asks for the login path, without the application's JavaScript (main.js: the federation
// runtime, React, antd), which loads only after signing in. Any other visit loads main.js straight away.
// Built alone as login.js (scripts/webpack/static-login.cjs), which index.html runs from <head>.
import { serverErrorText, unreachableText } from '@carelane/shared-domain';
import { type SessionStores, keepToken, mayHaveSession } from '@carelane/shared-session/session-hint';
import { readBody } from '@carelane/shared-session/read-body';
import { markSignedInOnStaticPage } from './hand-over';
import { type LoginFailure, type LoginField, loginFailureText, missingFields } from './login-form';

/** The login page's path (shell/src/routing/routes.ts: '/' is 'Sign in'). */
const LOGIN_PATH = '/';
export const AUTHENTICATE_PATH = '/api/security/authenticate';
/** As the API client (shared-session) gives up a call. */
const TIMEOUT_MS = 60_000;

/** Whether this visit gets the static page: the login path, and no session this browser could hold. */
export function showsStaticLogin(pathname: string, stores: SessionStores): boolean {
  return pathname === LOGIN_PATH && !mayHaveSession(stores);
}

export type SignInOutcome = { token: string } | { failure: LoginFailure };

export type SignInDeps = {
  fetch: typeof fetch;
  /** navigator.onLine: offline, a failed call says 'Please make sure you are online…' (SPEC §8). */
  online: () => boolean;
  production: boolean;
};

function tokenOf(body: unknown): string | null {
  const answer = body as { token?: unknown; user?: unknown } | null | undefined;
  const signedIn =
    typeof answer?.token === 'string' &&
    answer.token !== '' &&
    Array.isArray(answer.user) &&
    answer.user.length > 0;
  return signedIn ? (answer.token as string) : null;
}

/** The request shared-session's signIn makes, its answer read as the API client reads one. */
export async function authenticate(
  emailId: string,
  password: string,
  deps: SignInDeps,
): Promise<SignInOutcome> {
  let response: Response;
  let body: unknown;
  try {
    response = await deps.fetch(AUTHENTICATE_PATH, {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify({ emailId, password }),
      credentials: 'same-origin',
      signal: typeof AbortSignal.timeout === 'function' ? AbortSignal.timeout(TIMEOUT_MS) : undefined,
    });
    body = await readBody(response);
  } catch (error) {
    return {
      failure: { kind: 'network', code: 'NETWORK', text: unreachableText(error, deps.online()) },
    };
  }
  if (!response.ok) {
    const code = (body as { code?: unknown } | undefined)?.code;
    return {
      failure: {
        kind: 'http',
        code: typeof code === 'string' ? code : `HTTP_${response.status}`,
        text: serverErrorText(body, { production: deps.production }),
      },
    };
  }
  const token = tokenOf(body);
  return token ? { token } : { failure: { kind: 'invalid-response', code: 'INVALID_RESPONSE', text: '' } };
}

export type PageDeps = SignInDeps & {
  stores: SessionStores;
  /** Loads the application (main.js) into this page; calls back if it cannot be loaded. */
  loadApp: (onError: () => void) => void;
};

/** The form of index.html, wired: checks, signs in, then hands the page to the application. */
function wireForm(page: HTMLElement, deps: PageDeps): void {
  const form = page.querySelector('form')!;
  const inputs: Record<LoginField, HTMLInputElement> = {
    emailId: form.querySelector<HTMLInputElement>('[name="emailId"]')!,
    password: form.querySelector<HTMLInputElement>('[name="password"]')!,
  };
  const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]')!;
  const failureTemplate = form.querySelector<HTMLTemplateElement>('#static-login-failure')!;
  let busy = false;
  let failure: HTMLElement | null = null;

  const setMissing = (field: LoginField, text: string | undefined) => {
    const input = inputs[field];
    const errorId = `${input.id}-error`;
    const holder = input.closest('.static-login-field')!;
    holder.querySelector(`#${errorId}`)?.remove();
    holder.classList.toggle('is-invalid', Boolean(text));
    if (!text) {
      input.removeAttribute('aria-invalid');
      input.removeAttribute('aria-describedby');
      return;
    }
    const message = page.ownerDocument.createElement('div');
    message.id = errorId;
    message.className = 'static-login-field-error';
    message.setAttribute('role', 'alert');
    message.textContent = text;
    holder.append(message);
    input.setAttribute('aria-invalid', 'true');
    input.setAttribute('aria-describedby', errorId);
  };

  const showFailure = (text: string | null) => {
    failure?.remove();
    failure = null;
    if (text === null) return;
    failure = failureTemplate.content.firstElementChild!.cloneNode(true) as HTMLElement;
    failure.querySelector('[role="alert"]')!.textContent = text;
    submit.before(failure);
  };

  const setBusy = (value: boolean) => {
    busy = value;
    if (value) submit.setAttribute('aria-busy', 'true');
    else submit.removeAttribute('aria-busy');
  };

  for (const field of Object.keys(inputs) as LoginField[]) {
    // Typing in a field that was reported empty takes its message away, as on the React page.
    inputs[field].addEventListener('input', () => {
      if (inputs[field].hasAttribute('aria-invalid')) setMissing(field, undefined);
    });
  }

  const eye = form.querySelector<HTMLButtonElement>('.static-login-eye');
  eye?.addEventListener('click', () => {
    const shown = inputs.password.type === 'password';
    inputs.password.type = shown ? 'text' : 'password';
    eye.setAttribute('aria-pressed', String(shown));
    eye.querySelector('[data-when-shown]')?.toggleAttribute('hidden', !shown);
    eye.querySelector('[data-when-hidden]')?.toggleAttribute('hidden', shown);
  });

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (busy) return;
    const emailId = inputs.emailId.value.trim();
    const password = inputs.password.value;
    const missing = missingFields(emailId, password);
    setMissing('emailId', missing.emailId);
    setMissing('password', missing.password);
    const first = (Object.keys(missing) as LoginField[])[0];
    if (first) {
      inputs[first].focus();
      return;
    }
    setBusy(true);
    showFailure(null);
    void authenticate(emailId, password, deps).then((outcome) => {
      if ('failure' in outcome) {
        showFailure(loginFailureText(outcome.failure));
        setBusy(false);
        return;
      }
      keepToken(outcome.token, deps.stores);
      markSignedInOnStaticPage();
      deps.loadApp(() => {
        showFailure(unreachableText(undefined, deps.online()));
        setBusy(false);
      });
    });
  });
}

/** Set on <html> for the static page: index.html's CSS then shows the form instead of "Loading Carelane…". */
export const SIGN_IN_PAGE_MARK = 'sign-in';

/**
 * Runs the page: the static sign-in form (answers 'static'), or the application (answers 'app'). login.js runs
 * from <head> before the body is parsed, so the mark is on <html> before the first layout and the form is wired
 * once the document is parsed.
 */
export function startPage(document: Document, pathname: string, deps: PageDeps): 'static' | 'app' {
  if (!showsStaticLogin(pathname, deps.stores)) {
    deps.loadApp(() => undefined);
    return 'app';
  }
  document.documentElement.dataset.carelanePage = SIGN_IN_PAGE_MARK;
  const wire = () => {
    const page = document.getElementById('static-login');
    if (!page) return;
    wireForm(page, deps);
    page.querySelector<HTMLInputElement>('[name="emailId"]')?.focus();
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', wire, { once: true });
  else wire();
  return 'static';
}

/** Adds main.js (named by the login script's data-app-src) to the page. */
export function appLoader(document: Document): PageDeps['loadApp'] {
  const src = document.querySelector<HTMLScriptElement>('script[data-app-src]')?.dataset.appSrc ?? '/main.js';
  return (onError) => {
    const script = document.createElement('script');
    script.src = src;
    script.addEventListener('error', () => {
      script.remove();
      onError();
    });
    document.head.append(script);
  };
}
