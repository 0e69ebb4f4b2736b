import { signOut, type SessionExpiredEvent } from '@carelane/shared-session';
import { loginPathFor, redirect } from '../routing/location';
import { safeReturnPath } from '../routing/routes';
import { setLoginNotice } from './login-notice';
import { forgetUnsavedInput } from './unsaved-input';

/** Ends the session on this page and goes back to login with the reason, remembering the page. */
export async function endSession(event: SessionExpiredEvent): Promise<void> {
  setLoginNotice(event.message);
  forgetUnsavedInput();
  await signOut();
  redirect(loginPathFor(safeReturnPath(event.returnTo)));
}
