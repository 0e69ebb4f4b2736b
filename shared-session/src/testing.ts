// Fixtures for the tests of the packages that use shared-session (`@carelane/shared-session/testing`);
// never imported by product code.
import { DEFAULT_ROLE_PRIVILEGES, ROLE_NAMES, type CurrentUser } from '@carelane/shared-domain';
import type { Session } from './bus';
import { buildSession } from './session';
import { currentUser } from './test-support';

export { apiError, currentUser, jsonResponse, mockFetch, session, type FetchCall } from './test-support';

/** A signed-in session of a demo role, with that role's default privileges. */
export function sessionOf(roleId: number, changes: Partial<CurrentUser> = {}): Session {
  const user = currentUser({
    id: 100 + roleId,
    emailId: `role${roleId}@carelane.test`,
    firstName: 'Test',
    lastName: `Role ${roleId}`,
    token: `token-${roleId}`,
    rolename: ROLE_NAMES[roleId] ?? 'UNKNOWN',
    roleId,
    privileges: JSON.stringify(DEFAULT_ROLE_PRIVILEGES[roleId] ?? {}),
    ...changes,
  });
  return buildSession(user, user.token, []);
}
