import { DEFAULT_ROLE_PRIVILEGES, ROLE_NAMES, type CurrentUser } from '@carelane/shared-domain';
import { buildSession, type Session } from '@carelane/shared-session';

/** A signed-in session of a demo role, with that role's default privileges. */
export function sessionOf(roleId: number, changes: Partial<CurrentUser> = {}): Session {
  const user: CurrentUser = {
    id: 100 + roleId,
    pin: null,
    emailId: `role${roleId}@carelane.test`,
    firstName: 'Test',
    lastName: `Role ${roleId}`,
    token: `token-${roleId}`,
    referralSourceId: null,
    rolename: ROLE_NAMES[roleId] ?? 'UNKNOWN',
    roleId,
    privileges: JSON.stringify(DEFAULT_ROLE_PRIVILEGES[roleId] ?? {}),
    onboardStep: null,
    onboardStepRS: null,
    firstAssigment: false,
    appDownloaded: false,
    backOfficeSupportId: null,
    changePassword: false,
    idleTimeout: 50,
    impersonatorId: null,
    ...changes,
  };
  return buildSession(user, user.token, []);
}
