import { and, eq, gt, sql } from 'drizzle-orm';
import {
  LOGIN_BLOCKED_MESSAGE,
  MESSAGES,
  canManageRole,
  canSwitchUser,
  isLoginBlocked,
  mergePrivileges,
  parsePrivilegeMap,
  type AuthenticateResponse,
  type SignedInUser,
} from '@carelane/shared-domain';
import { loginAttempts, roles, users } from '../../db/schema';
import { queryRows, type Db, type Executor } from '../../db/client';
import {
  AppError,
  isUniqueViolation,
  badRequest,
  conflict,
  forbidden,
  notFound,
  unauthorized,
} from '../../lib/errors';
import { decoyPasswordHash, hashPassword, verifyPassword } from '../../lib/crypto';
import { recordAudit } from '../../services/audit';
import type { AppServices } from '../../services/app-services';
import { requireActor, type RequestContext } from '../../services/context';
import { enqueueMessage } from '../../services/outbox';
import { capMessagesTo } from '../../services/message-cap';
import { isTooManyRequests, tooManyRequests, waitText } from '../../plugins/rate-limit-store';
import { findUserRowByEmail, findUserRowById, type UserRow } from '../admin/users';
import { buildSignedInUser, createSession, revokeAllSessions, revokeSession, signInAnswer } from './sessions';
import { consumePhoneCode, consumeToken, issueSecret } from './verification';
import { deviceNonce, issueDeviceCookie, type DeviceCookie } from './device-cookie';
import { linkRegisteredClinician } from '../clinicians/onboarding/service';

export interface ClientMeta {
  ip: string | null;
  userAgent: string | null;
}

const WRONG_CREDENTIALS = 'The email or password is incorrect.';
const RESET_TOKEN_MINUTES = 60;
const EMAIL_TOKEN_MINUTES = 24 * 60;
const PHONE_CODE_MINUTES = 15;

async function privilegesOf(ex: Executor, user: UserRow) {
  const [role] = await ex
    .select({ privileges: roles.privileges })
    .from(roles)
    .where(eq(roles.roleId, user.roleId));
  return mergePrivileges(role?.privileges ?? {}, user.privileges);
}

/**
 * Writes this sign-in attempt as a failure before the password is checked, and tells whether it may go
 * on, and how many failures the account had before it. Failures count since the account's last success within
 * the window. Up to `maxFailures` (this one included) anyone may try; past that the account is locked, but only
 * for client addresses that have already failed on it: its owner, from an address that has not (or from a
 * browser with its device cookie), still gets in with the right password, and each other address gets one try
 * (docs/decisions/017-abuse-limits.md).
 * Writing first, under a per-email lock, makes simultaneous guesses count each other; otherwise a burst
 * of parallel guesses would all pass the check before any of them was recorded.
 */
async function reserveAttempt(
  db: Executor,
  emailId: string,
  ip: string | null,
  { maxFailures, windowSeconds }: { maxFailures: number; windowSeconds: number },
  knownDevice: boolean,
): Promise<{ attemptId: number; allowed: boolean; earlierFailures: number }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`login:${emailId}`}))`);
    const [attempt] = await tx
      .insert(loginAttempts)
      .values({ emailId, success: false, ip })
      .returning({ id: loginAttempts.id });
    const [row] = await tx
      .select({
        failures: sql<number>`count(*)::int`,
        fromHere: sql<number>`(count(*) filter (where ${loginAttempts.ip} is not distinct from ${ip}))::int`,
      })
      .from(loginAttempts)
      .where(
        and(
          eq(loginAttempts.emailId, emailId),
          eq(loginAttempts.success, false),
          gt(loginAttempts.at, sql`now() - make_interval(secs => ${windowSeconds})`),
          // A success resets the count.
          gt(
            loginAttempts.id,
            sql`coalesce((select max(la.id) from login_attempts la where la.email_id = ${emailId} and la.success), 0)`,
          ),
        ),
      );
    const failures = row?.failures ?? 0;
    const fromHere = row?.fromHere ?? 0;
    return {
      attemptId: attempt!.id,
      allowed: knownDevice || failures <= maxFailures || fromHere <= 1,
      earlierFailures: failures - 1,
    };
  });
}

/** Takes back a reserved attempt that turned out not to be a wrong password. */
async function withdrawAttempt(ex: Executor, attemptId: number): Promise<void> {
  await ex.delete(loginAttempts).where(eq(loginAttempts.id, attemptId));
}

function auditLoginFailure(
  ex: Executor,
  ctx: RequestContext,
  userId: number | null,
  emailId: string,
  reason: string,
) {
  return recordAudit(ex, ctx, {
    entity: 'session',
    entityId: null,
    action: 'LOGIN_FAILED',
    userId,
    userEmail: emailId,
    diff: { reason: { before: null, after: reason } },
  });
}

/** A sign-in refused for a reason other than the password: the reserved attempt is withdrawn, the refusal audited. */
function refuseLogin(
  db: Db,
  ctx: RequestContext,
  attemptId: number,
  userId: number | null,
  emailId: string,
  reason: string,
) {
  return db.transaction(async (tx) => {
    await withdrawAttempt(tx, attemptId);
    await auditLoginFailure(tx, ctx, userId, emailId, reason);
  });
}

const addressHeld = (retryAfterSeconds: number) =>
  tooManyRequests(retryAfterSeconds, {
    code: 'TOO_MANY_ATTEMPTS',
    message: (wait) =>
      `Too many failed sign-in attempts from your network. Please wait ${waitText(wait)} and try again.`,
  });

/**
 * Signs in. The limits (docs/decisions/017-abuse-limits.md): per account (reserveAttempt); per client address
 * against spraying: an address with `loginFailures.address` failures in the window is held, and from it only an
 * account with no failure in the window has its password checked (a limited number of times); a browser holding
 * this account's device cookie passes both, limited per cookie instead. Answers the sign-in and the device
 * cookie to set.
 */
export async function authenticate(
  services: AppServices,
  ctx: RequestContext,
  input: { emailId: string; password: string },
  meta: ClientMeta,
  cookies: Record<string, string | undefined> = {},
): Promise<{ answer: AuthenticateResponse; deviceCookie: DeviceCookie }> {
  const { db, config, limits } = services;
  const emailId = input.emailId.trim().toLowerCase();
  const { windowSeconds } = config.loginThrottle;

  // Taken before the password is checked, so a burst of guesses with one cookie counts each other; given
  // back below unless the password was wrong.
  const nonce = await deviceNonce(db, emailId, cookies);
  const knownDevice = nonce !== null && (await limits.take('loginFailures.device', nonce));

  let held: { retryAfterSeconds: number } | null = null;
  if (meta.ip && !knownDevice) {
    const usage = await limits.usage('loginFailures.address', meta.ip);
    if (usage.points >= config.rateLimits['loginFailures.address'].points) held = usage;
  }

  const { attemptId, allowed, earlierFailures } = await reserveAttempt(
    db,
    emailId,
    meta.ip,
    config.loginThrottle,
    knownDevice,
  );
  if (held && (earlierFailures > 0 || !(await limits.take('loginFailures.heldAddress', meta.ip!)))) {
    await refuseLogin(db, ctx, attemptId, null, emailId, 'too many failed attempts from the address');
    throw addressHeld(held.retryAfterSeconds);
  }
  if (!allowed) {
    // Refused attempts do not extend the window.
    await refuseLogin(db, ctx, attemptId, null, emailId, 'too many failed attempts');
    const minutes = Math.ceil(windowSeconds / 60);
    throw new AppError(
      429,
      'TOO_MANY_ATTEMPTS',
      `Too many failed sign-in attempts for this account. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again, or reset your password.`,
      undefined,
      windowSeconds,
    );
  }

  const user = await findUserRowByEmail(db, emailId);
  // An unknown email, or an account with no password (not chosen yet, or reset by an administrator), is
  // checked against the decoy: the answer takes as long as for a real one.
  const passwordOk = await verifyPassword(
    user?.passwordHash ?? (await decoyPasswordHash(config.argon2)),
    input.password,
  ).then((ok) => ok && Boolean(user?.passwordHash));

  if (!user || !passwordOk) {
    // The reserved attempt stays as the recorded failure.
    if (meta.ip) await limits.record('loginFailures.address', meta.ip);
    await auditLoginFailure(db, ctx, user?.id ?? null, emailId, 'wrong email or password');
    // Held, a wrong password answers as the hold does.
    throw held ? addressHeld(held.retryAfterSeconds) : unauthorized(WRONG_CREDENTIALS);
  }
  if (held) await limits.giveBack('loginFailures.heldAddress', meta.ip!);
  if (knownDevice) await limits.giveBack('loginFailures.device', nonce);
  if (user.status !== 'ACTIVE') {
    await refuseLogin(db, ctx, attemptId, user.id, emailId, 'account inactive');
    throw forbidden('This account is inactive. Please contact your administrator.');
  }
  if (isLoginBlocked(parsePrivilegeMap(await privilegesOf(db, user)))) {
    await refuseLogin(db, ctx, attemptId, user.id, emailId, 'login blocked by privilege');
    throw new AppError(403, 'LOGIN_BLOCKED', LOGIN_BLOCKED_MESSAGE);
  }

  const answer = await db.transaction(async (tx) => {
    const session = await createSession(tx, user, meta);
    await tx.update(loginAttempts).set({ success: true }).where(eq(loginAttempts.id, attemptId));
    await tx
      .update(users)
      .set({ lastLogin: sql`now()` })
      .where(eq(users.id, user.id));
    await recordAudit(tx, ctx, {
      entity: 'session',
      entityId: session.sessionId,
      action: 'LOGIN',
      userId: user.id,
      userEmail: emailId,
      diff: null,
    });
    return signInAnswer(tx, user.id, session, null);
  });
  return { answer, deviceCookie: await issueDeviceCookie(db, emailId) };
}

export async function logout(services: AppServices, ctx: RequestContext): Promise<void> {
  const actor = requireActor(ctx);
  await services.db.transaction(async (tx) => {
    await revokeSession(tx, actor.sessionId);
    await recordAudit(tx, ctx, {
      entity: 'session',
      entityId: actor.sessionId,
      action: 'LOGOUT',
      diff: null,
    });
  });
}

/** `GET /api/security/me`: never the token, so a page holding only the HttpOnly cookie cannot learn it. */
export async function currentUser(services: AppServices, ctx: RequestContext): Promise<SignedInUser> {
  const actor = requireActor(ctx);
  const [session] = await queryRows<{ idle_timeout_minutes: number }>(
    services.db,
    sql`select idle_timeout_minutes from sessions where id = ${actor.sessionId}`,
  );
  return buildSignedInUser(services.db, actor.userId, {
    idleTimeoutMinutes: session?.idle_timeout_minutes ?? 50,
    impersonatorId: actor.impersonatorId,
  });
}

/** Always answers the same, whether or not the email exists, so the form cannot be used to find accounts. */
export async function forgotPassword(
  services: AppServices,
  ctx: RequestContext,
  emailId: string,
): Promise<string> {
  const user = await findUserRowByEmail(services.db, emailId);
  if (user && user.status === 'ACTIVE') {
    await services.db.transaction(async (tx) => {
      // Over the cap of messages to this address: the answer stays the same, nothing is sent.
      const capped = await sendResetLink(services, tx, user).then(
        () => false,
        (error: unknown) => {
          if (isTooManyRequests(error)) return true;
          throw error;
        },
      );
      if (capped) return;
      await recordAudit(tx, ctx, {
        entity: 'user',
        entityId: user.id,
        action: 'PASSWORD',
        userId: null,
        userEmail: user.emailId,
        diff: { resetLink: { before: null, after: 'sent' } },
      });
    });
  }
  return MESSAGES.resetLinkSent;
}

export async function sendResetLink(services: AppServices, ex: Executor, user: UserRow): Promise<void> {
  await capMessagesTo(services, ex, 'email', user.emailId);
  const token = await issueSecret(ex, user.id, 'reset', RESET_TOKEN_MINUTES);
  await enqueueMessage(ex, {
    channel: 'email',
    to: user.emailId,
    subject: 'Reset your Carelane password',
    body:
      `Hello ${user.firstName},\n\nUse this link within ${RESET_TOKEN_MINUTES} minutes to choose a new password:\n` +
      `${services.config.publicUrl}/resetPassword?token=${token}\n\nIf you did not ask for this, you can ignore this email.`,
  });
}

export async function resetPassword(
  services: AppServices,
  ctx: RequestContext,
  input: { token: string; password: string },
): Promise<string> {
  const passwordHash = await hashPassword(input.password, services.config.argon2);
  return services.db.transaction(async (tx) => {
    const userId = await consumeToken(tx, 'reset', input.token);
    if (userId === null) {
      throw new AppError(
        400,
        'TOKEN_INVALID',
        'This reset link is invalid or has expired. Please ask for a new one.',
        [{ field: 'token', message: 'is invalid or has expired' }],
      );
    }
    const [updated] = await tx
      .update(users)
      .set({ passwordHash, changePassword: false, updatedAt: sql`now()` })
      .where(eq(users.id, userId))
      .returning({ emailId: users.emailId });
    // Proving the mailbox lifts the sign-in throttle, as its 429 text promises ("or reset your password"):
    // failures are counted only since the last success.
    await tx.insert(loginAttempts).values({ emailId: updated!.emailId, success: true, ip: ctx.ip });
    await revokeAllSessions(tx, userId);
    await recordAudit(tx, ctx, {
      entity: 'user',
      entityId: userId,
      action: 'PASSWORD',
      userId,
      diff: { password: { before: '[redacted]', after: '[redacted]' } },
    });
    return MESSAGES.passwordUpdated;
  });
}

export async function changePassword(
  services: AppServices,
  ctx: RequestContext,
  input: { currentPassword: string; newPassword: string },
): Promise<string> {
  const actor = requireActor(ctx);
  const user = await findUserRowById(services.db, actor.userId);
  if (!user || !(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw badRequest('currentPassword', 'is incorrect');
  }
  if (input.currentPassword === input.newPassword)
    throw badRequest('newPassword', 'must differ from the current password');
  const passwordHash = await hashPassword(input.newPassword, services.config.argon2);
  await services.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, changePassword: false, updatedAt: sql`now()` })
      .where(eq(users.id, user.id));
    // Whoever else holds a session of this account (a stolen token, a forgotten browser) is signed out.
    await revokeAllSessions(tx, user.id, { except: actor.sessionId });
    await recordAudit(tx, ctx, {
      entity: 'user',
      entityId: user.id,
      action: 'PASSWORD',
      diff: {
        password: { before: '[redacted]', after: '[redacted]' },
        changePassword: { before: user.changePassword, after: false },
      },
    });
  });
  return MESSAGES.passwordUpdated;
}

async function sendEmailVerificationTo(
  services: AppServices,
  ex: Executor,
  user: Pick<UserRow, 'id' | 'emailId' | 'firstName'>,
) {
  await capMessagesTo(services, ex, 'email', user.emailId);
  const token = await issueSecret(ex, user.id, 'email', EMAIL_TOKEN_MINUTES);
  await enqueueMessage(ex, {
    channel: 'email',
    to: user.emailId,
    subject: 'Verify your email for Carelane',
    body: `Hello ${user.firstName},\n\nPlease verify your email address:\n${services.config.publicUrl}/verifyEmail?token=${token}\n`,
  });
}

async function sendPhoneCodeTo(
  services: AppServices,
  ex: Executor,
  user: Pick<UserRow, 'id' | 'phoneNumber'>,
) {
  if (!user.phoneNumber) throw badRequest('phoneNumber', 'is missing on this account');
  await capMessagesTo(services, ex, 'sms', user.phoneNumber);
  const code = await issueSecret(ex, user.id, 'phone', PHONE_CODE_MINUTES);
  await enqueueMessage(ex, {
    channel: 'sms',
    to: user.phoneNumber,
    body: `Your Carelane verification code is ${code}. It expires in ${PHONE_CODE_MINUTES} minutes.`,
    secrets: [code],
  });
}

const emailTaken = () =>
  new AppError(
    409,
    'EMAIL_TAKEN',
    'An account with this email already exists. Sign in, or reset your password.',
    [{ field: 'emailId', message: 'is already registered' }],
  );

export async function register(
  services: AppServices,
  ctx: RequestContext,
  input: {
    emailId: string;
    password: string;
    firstName: string;
    lastName: string;
    phoneNumber: string;
    providerTypeId?: number;
    invitationToken?: string;
  },
  normalizePhone: (p: string) => string | null,
): Promise<string> {
  const passwordHash = await hashPassword(input.password, services.config.argon2);
  const registered = services.db.transaction(async (tx) => {
    if (await findUserRowByEmail(tx, input.emailId)) throw emailTaken();
    const [user] = await tx
      .insert(users)
      .values({
        emailId: input.emailId,
        passwordHash,
        firstName: input.firstName,
        lastName: input.lastName,
        phoneNumber: normalizePhone(input.phoneNumber),
        roleId: 4,
        onboardStep: 'Contract',
      })
      .returning();
    // The clinician's record: the invited one linked, or a new one of the chosen type (decision 020).
    await linkRegisteredClinician(tx, user!, input);
    await recordAudit(tx, ctx, {
      entity: 'user',
      entityId: user!.id,
      action: 'CREATE',
      userId: user!.id,
      userEmail: user!.emailId,
      before: null,
      after: { ...user!, passwordHash: user!.passwordHash },
    });
    await sendEmailVerificationTo(services, tx, user!);
    await sendPhoneCodeTo(services, tx, user!);
    return MESSAGES.registrationSuccessful;
  });
  // Two registrations racing for one email: the unique index decides, and the loser hears the same 409.
  return registered.catch((error: unknown) => {
    throw isUniqueViolation(error) ? emailTaken() : error;
  });
}

export async function resendEmailVerification(services: AppServices, ctx: RequestContext): Promise<void> {
  const actor = requireActor(ctx);
  await services.db.transaction(async (tx) => {
    const user = await findUserRowById(tx, actor.userId);
    if (!user) throw notFound('The user');
    await sendEmailVerificationTo(services, tx, user);
  });
}

export async function verifyEmail(
  services: AppServices,
  ctx: RequestContext,
  token: string,
): Promise<string> {
  return services.db.transaction(async (tx) => {
    const userId = await consumeToken(tx, 'email', token);
    if (userId === null)
      throw new AppError(400, 'EMAIL_VERIFICATION_FAILED', MESSAGES.emailVerificationFailed, [
        { field: 'token', message: 'is invalid or has expired' },
      ]);
    await tx.update(users).set({ emailVerified: true }).where(eq(users.id, userId));
    await recordAudit(tx, ctx, {
      entity: 'user',
      entityId: userId,
      action: 'UPDATE',
      userId,
      diff: { emailVerified: { before: false, after: true } },
    });
    return MESSAGES.emailVerified;
  });
}

export async function resendPhoneCode(services: AppServices, ctx: RequestContext): Promise<void> {
  const actor = requireActor(ctx);
  await services.db.transaction(async (tx) => {
    const user = await findUserRowById(tx, actor.userId);
    if (!user) throw notFound('The user');
    await sendPhoneCodeTo(services, tx, user);
  });
}

export async function verifyPhone(services: AppServices, ctx: RequestContext, code: string): Promise<string> {
  const actor = requireActor(ctx);
  // The refusal is thrown after the commit: a wrong try must stay counted, or the code could be guessed.
  const verified = await services.db.transaction(async (tx) => {
    if (!(await consumePhoneCode(tx, actor.userId, code))) return false;
    await tx.update(users).set({ phoneVerified: true }).where(eq(users.id, actor.userId));
    await recordAudit(tx, ctx, {
      entity: 'user',
      entityId: actor.userId,
      action: 'UPDATE',
      diff: { phoneVerified: { before: false, after: true } },
    });
    return true;
  });
  if (!verified) {
    throw new AppError(400, 'PHONE_VERIFICATION_FAILED', MESSAGES.phoneVerificationFailed, [
      { field: 'code', message: 'is incorrect or has expired' },
    ]);
  }
  return 'Phone Number Verified Successfully!';
}

/** Switch user: a new session as the target, remembering the real user; only into roles the real user manages. */
export async function switchUser(
  services: AppServices,
  ctx: RequestContext,
  targetId: number,
  meta: ClientMeta,
): Promise<AuthenticateResponse> {
  const actor = requireActor(ctx);
  const realUserId = actor.impersonatorId ?? actor.userId;
  const realUser = await findUserRowById(services.db, realUserId);
  if (!realUser) throw unauthorized();
  const realPrivileges = parsePrivilegeMap(await privilegesOf(services.db, realUser));
  if (!canSwitchUser(realPrivileges)) throw forbidden('Sorry, you may not switch user.');
  const target = await findUserRowById(services.db, targetId);
  if (!target || !canManageRole(realUser.roleId, target.roleId)) throw notFound('The user');
  if (target.status !== 'ACTIVE') throw conflict('This user is inactive and cannot be switched to.');
  if (target.id === realUser.id) throw badRequest('userId', 'is you already');
  return services.db.transaction(async (tx) => {
    await revokeSession(tx, actor.sessionId);
    const session = await createSession(tx, target, { ...meta, impersonatorId: realUser.id });
    await recordAudit(tx, ctx, {
      entity: 'session',
      entityId: session.sessionId,
      action: 'SWITCH_USER',
      userId: realUser.id,
      userEmail: realUser.emailId,
      diff: { user: { before: actor.emailId, after: target.emailId } },
    });
    return signInAnswer(tx, target.id, session, realUser.id);
  });
}

/** Ends a switched session and signs the real user back in. */
export async function switchBack(
  services: AppServices,
  ctx: RequestContext,
  meta: ClientMeta,
): Promise<AuthenticateResponse> {
  const actor = requireActor(ctx);
  if (actor.impersonatorId === null) throw badRequest('session', 'is not a switched session');
  const realUser = await findUserRowById(services.db, actor.impersonatorId);
  if (!realUser || realUser.status !== 'ACTIVE') throw unauthorized();
  return services.db.transaction(async (tx) => {
    await revokeSession(tx, actor.sessionId);
    const session = await createSession(tx, realUser, meta);
    await recordAudit(tx, ctx, {
      entity: 'session',
      entityId: session.sessionId,
      action: 'SWITCH_USER',
      userId: realUser.id,
      userEmail: realUser.emailId,
      diff: { user: { before: actor.emailId, after: realUser.emailId } },
    });
    return signInAnswer(tx, realUser.id, session, null);
  });
}
