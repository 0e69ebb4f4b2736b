import { and, eq, sql } from 'drizzle-orm';
import {
  ROLE,
  ROLE_NAMES,
  canManageRole,
  isOrganizationRole,
  managedRoleIds,
  normalizePhone,
  type CreateUserRequest,
  type PrivilegeMap,
  type UpdateUserRequest,
  type User,
  type UserListQuery,
} from '@carelane/shared-domain';
import { referralSources, users } from '../../../db/schema';
import type { Executor } from '../../../db/client';
import { AppError, badRequest, conflict, forbidden, notFound, staleVersion } from '../../../lib/errors';
import { hashPassword } from '../../../lib/crypto';
import { pagingOf } from '../../../lib/paging';
import { recordAudit } from '../../../services/audit';
import type { AppServices } from '../../../services/app-services';
import { publishEvent } from '../../../services/events';
import { requireActor, type Actor, type RequestContext } from '../../../services/context';
import { revokeAllSessions } from '../../security/sessions';
import { sendResetLink } from '../../security/service';
import { assertPrivilegeManagersRemain } from '../roles/service';
import {
  findUserById,
  findUserRowById,
  findUserRowByEmail,
  listUsers as listUserRows,
  type UserRow,
} from './repository';

const roleName = (roleId: number) => ROLE_NAMES[roleId] ?? `role ${roleId}`;

function scopeOf(actor: Actor) {
  return {
    roleIds: managedRoleIds(actor.roleId),
    referralSourceId: isOrganizationRole(actor.roleId) ? actor.referralSourceId : undefined,
  };
}

/** True when the actor may see and act on this user: the role matrix, and for organization actors their own organization. */
function inScope(actor: Actor, user: Pick<UserRow, 'roleId' | 'referralSourceId'>): boolean {
  if (!canManageRole(actor.roleId, user.roleId)) return false;
  if (
    isOrganizationRole(actor.roleId) &&
    (actor.referralSourceId === null || user.referralSourceId !== actor.referralSourceId)
  )
    return false;
  return true;
}

/** A user outside the actor's scope answers 404, so nothing leaks about who exists elsewhere. */
async function loadManagedUser(ex: Executor, actor: Actor, id: number): Promise<UserRow> {
  const user = await findUserRowById(ex, id);
  if (!user || !inScope(actor, user)) throw notFound('The user');
  return user;
}

function assertMayAssignRole(actor: Actor, roleId: number) {
  if (!ROLE_NAMES[roleId]) throw badRequest('roleId', `${roleId} is not a known role`);
  if (!canManageRole(actor.roleId, roleId)) {
    throw forbidden(`Sorry, your role may not manage users with the role ${roleName(roleId)}.`);
  }
}

async function resolveOrganization(
  ex: Executor,
  actor: Actor,
  roleId: number,
  requested: number | null | undefined,
) {
  if (!isOrganizationRole(roleId)) {
    if (requested != null)
      throw badRequest('referralSourceId', `must be empty for the role ${roleName(roleId)}`);
    return null;
  }
  if (isOrganizationRole(actor.roleId)) {
    if (actor.referralSourceId === null || (requested != null && requested !== actor.referralSourceId))
      throw forbidden('Sorry, you may only manage users of your own organization.');
    return actor.referralSourceId;
  }
  if (requested == null) throw badRequest('referralSourceId', `is required for the role ${roleName(roleId)}`);
  const [org] = await ex
    .select({ id: referralSources.id })
    .from(referralSources)
    .where(eq(referralSources.id, requested));
  if (!org) throw badRequest('referralSourceId', `${requested} is not a known organization`);
  return requested;
}

export async function listUsers(services: AppServices, ctx: RequestContext, query: UserListQuery) {
  const actor = requireActor(ctx);
  const scope = scopeOf(actor);
  const { rows, totalCount } = await services.readCache.read(
    `users:${JSON.stringify([scope, query])}`,
    ['users', 'roles', 'referral_sources'],
    () => listUserRows(services.db, query, scope),
  );
  return { rows, paging: pagingOf(query, totalCount) };
}

export async function getUser(services: AppServices, ctx: RequestContext, id: number): Promise<User> {
  const actor = requireActor(ctx);
  await loadManagedUser(services.db, actor, id);
  return (await findUserById(services.db, id))!;
}

export async function createUser(
  services: AppServices,
  ctx: RequestContext,
  input: CreateUserRequest,
): Promise<User> {
  const actor = requireActor(ctx);
  assertMayAssignRole(actor, input.roleId);
  const passwordHash = input.password ? await hashPassword(input.password, services.config.argon2) : null;
  return services.db.transaction(async (tx) => {
    const referralSourceId = await resolveOrganization(tx, actor, input.roleId, input.referralSourceId);
    if (await findUserRowByEmail(tx, input.emailId)) {
      throw new AppError(409, 'EMAIL_TAKEN', 'A user with this email already exists.', [
        { field: 'emailId', message: 'is already in use' },
      ]);
    }
    const [created] = await tx
      .insert(users)
      .values({
        emailId: input.emailId,
        firstName: input.firstName,
        lastName: input.lastName,
        phoneNumber: input.phoneNumber ? normalizePhone(input.phoneNumber) : null,
        roleId: input.roleId,
        referralSourceId,
        passwordHash,
        // A password chosen by someone else must be replaced at first sign-in.
        changePassword: passwordHash !== null,
        onboardStep: input.roleId === ROLE.CLINICIAN ? 'Contract' : null,
      })
      .returning();
    await recordAudit(tx, ctx, {
      entity: 'user',
      entityId: created!.id,
      action: 'CREATE',
      before: null,
      after: created,
    });
    if (!passwordHash) await sendResetLink(services, tx, created!);
    await publishEvent(
      tx,
      { entity: 'user', id: created!.id, action: 'created' },
      { staffOnly: referralSourceId === null, referralSourceId },
    );
    return (await findUserById(tx, created!.id))!;
  });
}

export async function updateUser(
  services: AppServices,
  ctx: RequestContext,
  id: number,
  input: UpdateUserRequest,
): Promise<User> {
  const actor = requireActor(ctx);
  return services.db.transaction(async (tx) => {
    const before = await loadManagedUser(tx, actor, id);
    if (before.version !== input.version) throw staleVersion('user');
    const roleId = input.roleId ?? before.roleId;
    if (roleId !== before.roleId) assertMayAssignRole(actor, roleId);
    const referralSourceId =
      input.referralSourceId !== undefined || roleId !== before.roleId
        ? await resolveOrganization(
            tx,
            actor,
            roleId,
            input.referralSourceId !== undefined
              ? input.referralSourceId
              : // Moving to a staff role leaves the organization behind.
                isOrganizationRole(roleId)
                ? before.referralSourceId
                : null,
          )
        : before.referralSourceId;
    if (input.status === 'INACTIVE' && id === actor.userId)
      throw badRequest('status', 'you cannot deactivate yourself');
    const [after] = await tx
      .update(users)
      .set({
        firstName: input.firstName ?? before.firstName,
        lastName: input.lastName ?? before.lastName,
        phoneNumber:
          input.phoneNumber !== undefined
            ? input.phoneNumber
              ? normalizePhone(input.phoneNumber)
              : null
            : before.phoneNumber,
        roleId,
        referralSourceId,
        status: input.status ?? before.status,
        updatedAt: sql`now()`,
        version: before.version + 1,
      })
      // The version check again in the write: a save that committed since we read loses nothing.
      .where(and(eq(users.id, id), eq(users.version, before.version)))
      .returning();
    if (!after) throw staleVersion('user');
    // An administrator demoted or deactivated: someone must still be able to manage users and privileges.
    if (before.roleId === ROLE.ADMINISTRATOR && (after.roleId !== before.roleId || after.status !== 'ACTIVE'))
      await assertPrivilegeManagersRemain(tx, after.roleId !== before.roleId ? 'roleId' : 'status');
    if (after.status === 'INACTIVE' && before.status !== 'INACTIVE') await revokeAllSessions(tx, id);
    await recordAudit(tx, ctx, { entity: 'user', entityId: id, action: 'UPDATE', before, after });
    await publishEvent(
      tx,
      { entity: 'user', id, action: 'updated' },
      { staffOnly: referralSourceId === null, referralSourceId },
    );
    return (await findUserById(tx, id))!;
  });
}

export async function setUserStatus(
  services: AppServices,
  ctx: RequestContext,
  id: number,
  status: 'ACTIVE' | 'INACTIVE',
) {
  const actor = requireActor(ctx);
  const current = await loadManagedUser(services.db, actor, id);
  return updateUser(services, ctx, id, { status, version: current.version });
}

export async function sendPasswordReset(
  services: AppServices,
  ctx: RequestContext,
  id: number,
): Promise<string> {
  const actor = requireActor(ctx);
  await services.db.transaction(async (tx) => {
    const user = await loadManagedUser(tx, actor, id);
    if (user.status !== 'ACTIVE')
      throw conflict('This user is inactive; activate them before resetting the password.');
    // An administrator resets a password they believe is known to someone else: it and every session of the
    // account stop now, not when the user gets round to the link.
    await tx
      .update(users)
      .set({ passwordHash: null, updatedAt: sql`now()` })
      .where(eq(users.id, id));
    await revokeAllSessions(tx, id);
    await sendResetLink(services, tx, user);
    await recordAudit(tx, ctx, {
      entity: 'user',
      entityId: id,
      action: 'PASSWORD',
      diff: {
        resetLink: { before: null, after: 'sent' },
        password: { before: '[redacted]', after: null },
        sessions: { before: null, after: 'ended' },
      },
    });
  });
  return 'A reset password link has been sent to the user’s email.';
}

/** Per-user privilege overrides: administrators only, since they can grant any page. */
export async function setUserPrivileges(
  services: AppServices,
  ctx: RequestContext,
  id: number,
  input: { privileges: PrivilegeMap; version: number },
): Promise<User> {
  const actor = requireActor(ctx);
  if (actor.roleId !== ROLE.ADMINISTRATOR)
    throw forbidden('Sorry, only administrators may change privileges.');
  return services.db.transaction(async (tx) => {
    const before = await loadManagedUser(tx, actor, id);
    if (before.version !== input.version) throw staleVersion('user');
    const [after] = await tx
      .update(users)
      .set({ privileges: input.privileges, updatedAt: sql`now()`, version: before.version + 1 })
      .where(and(eq(users.id, id), eq(users.version, before.version)))
      .returning();
    if (!after) throw staleVersion('user');
    if (before.roleId === ROLE.ADMINISTRATOR) await assertPrivilegeManagersRemain(tx, 'privileges');
    await recordAudit(tx, ctx, { entity: 'user', entityId: id, action: 'UPDATE', before, after });
    await publishEvent(tx, { entity: 'user', id, action: 'updated' }, { userIds: [id, actor.userId] });
    return (await findUserById(tx, id))!;
  });
}
