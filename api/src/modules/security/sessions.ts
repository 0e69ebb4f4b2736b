import { and, eq, isNull, ne, or, sql } from 'drizzle-orm';
import {
  effectiveIdleTimeoutMinutes,
  mergePrivileges,
  type AuthenticateResponse,
  type SignedInUser,
} from '@carelane/shared-domain';
import { providers, referralSources, roles, sessions, users } from '../../db/schema';
import type { Executor } from '../../db/client';
import { randomToken, sha256 } from '../../lib/crypto';
import { loadTypedConstants } from '../admin/constants';
import type { UserRow } from '../admin/users';

export async function idleTimeoutFor(ex: Executor, user: Pick<UserRow, 'referralSourceId'>): Promise<number> {
  const constants = await loadTypedConstants(ex);
  let organizationMinutes: number | null = null;
  if (user.referralSourceId != null) {
    const [org] = await ex
      .select({ idleTimeout: referralSources.idleTimeout })
      .from(referralSources)
      .where(eq(referralSources.id, user.referralSourceId));
    organizationMinutes = org?.idleTimeout ?? null;
  }
  return effectiveIdleTimeoutMinutes(constants.idleTimeoutMinutes, organizationMinutes);
}

export async function createSession(
  ex: Executor,
  user: UserRow,
  meta: { ip: string | null; userAgent: string | null; impersonatorId?: number | null },
): Promise<{ token: string; sessionId: number; idleTimeoutMinutes: number }> {
  const token = randomToken();
  const idleTimeoutMinutes = await idleTimeoutFor(ex, user);
  const [session] = await ex
    .insert(sessions)
    .values({
      tokenHash: sha256(token),
      userId: user.id,
      impersonatorId: meta.impersonatorId ?? null,
      idleTimeoutMinutes,
      ip: meta.ip,
      userAgent: meta.userAgent?.slice(0, 300) ?? null,
    })
    .returning({ id: sessions.id });
  return { token, sessionId: session!.id, idleTimeoutMinutes };
}

export async function revokeSession(ex: Executor, sessionId: number): Promise<void> {
  await ex
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/**
 * Ends every session of the user, including those in which they act as someone else (switch user);
 * `except` keeps the one the user is acting in.
 */
export async function revokeAllSessions(
  ex: Executor,
  userId: number,
  options: { except?: number } = {},
): Promise<void> {
  await ex
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        or(eq(sessions.userId, userId), eq(sessions.impersonatorId, userId)),
        isNull(sessions.revokedAt),
        options.except === undefined ? undefined : ne(sessions.id, options.except),
      ),
    );
}

/** The signed-in user as SPEC §3 lists it, without the session token (only a sign-in's answer carries it). */
export async function buildSignedInUser(
  ex: Executor,
  userId: number,
  session: { idleTimeoutMinutes: number; impersonatorId: number | null },
): Promise<SignedInUser> {
  const [row] = await ex
    .select({
      user: users,
      rolename: roles.rolename,
      rolePrivileges: roles.privileges,
      onboardStepRS: referralSources.onboardStepRS,
      // A clinician's step lives on their clinician record, which onboarding moves (decision 020).
      providerOnboardStep: providers.onboardStep,
    })
    .from(users)
    .innerJoin(roles, eq(roles.roleId, users.roleId))
    .leftJoin(referralSources, eq(referralSources.id, users.referralSourceId))
    .leftJoin(providers, eq(providers.userId, users.id))
    .where(eq(users.id, userId));
  if (!row) throw new Error(`user ${userId} vanished while signing in`);
  const { user } = row;
  return {
    id: user.id,
    pin: user.pin,
    emailId: user.emailId,
    firstName: user.firstName,
    lastName: user.lastName,
    referralSourceId: user.referralSourceId,
    rolename: row.rolename,
    roleId: user.roleId,
    privileges: JSON.stringify(mergePrivileges(row.rolePrivileges, user.privileges)),
    onboardStep: row.providerOnboardStep ?? user.onboardStep,
    onboardStepRS: row.onboardStepRS ?? null,
    firstAssigment: user.firstAssignment,
    appDownloaded: user.appDownloaded,
    backOfficeSupportId: user.backOfficeSupportId,
    changePassword: user.changePassword,
    idleTimeout: session.idleTimeoutMinutes,
    impersonatorId: session.impersonatorId,
  };
}

/** The answer of a sign-in (and of switch user): the user array and the new session's token (SPEC §5). */
export async function signInAnswer(
  ex: Executor,
  userId: number,
  session: { token: string; idleTimeoutMinutes: number },
  impersonatorId: number | null,
): Promise<AuthenticateResponse> {
  const user = await buildSignedInUser(ex, userId, { ...session, impersonatorId });
  return { user: [{ ...user, token: session.token }], token: session.token };
}
