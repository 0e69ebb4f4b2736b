// The rules of the sign-in form, for both its forms: the static page the shell's index.html carries (before any
// of the application's JavaScript loads) and the React LoginPage (after a sign-out). Imports only texts and
// pure rules: the static page's script is bundled from this.
import { LOGIN_BLOCKED_MESSAGE, LOGIN_FAILED_PREFIX } from '@carelane/shared-domain';
import copy from './copy.json';

/** The form's visible texts (index.html is written from the same file at build time). */
export const LOGIN_COPY: Readonly<typeof copy> = copy;

export type LoginField = 'emailId' | 'password';

export const MISSING: Readonly<Record<LoginField, string>> = {
  emailId: copy.missingEmail,
  password: copy.missingPassword,
};

/** The message of each empty field, in the form's order (the first one takes the focus). */
export function missingFields(emailId: string, password: string): Partial<Record<LoginField, string>> {
  const missing: Partial<Record<LoginField, string>> = {};
  if (!emailId) missing.emailId = MISSING.emailId;
  if (!password) missing.password = MISSING.password;
  return missing;
}

/** What the form needs to know of a failed sign-in (an ApiCallError has these). */
export type LoginFailure = {
  kind: 'http' | 'network' | 'invalid-response';
  code: string;
  /** The server's error text, or the offline text when the server was not reached. */
  text: string;
};

/** SPEC §8: 'Sorry, login failed. ' + the server's text; a blocked login shows SPEC §5's text alone. */
export function loginFailureText(failure: LoginFailure | null): string {
  if (!failure) return LOGIN_FAILED_PREFIX;
  if (failure.code === 'LOGIN_BLOCKED') return LOGIN_BLOCKED_MESSAGE;
  if (failure.kind === 'network') return failure.text;
  return `${LOGIN_FAILED_PREFIX}${failure.text}`;
}
