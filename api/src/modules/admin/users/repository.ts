import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { User, UserListQuery } from '@carelane/shared-domain';
import { referralSources, roles, users } from '../../../db/schema';
import type { Executor } from '../../../db/client';
import { containsPattern } from '../../../lib/like-pattern';

export type UserRow = typeof users.$inferSelect;

const userColumns = {
  id: users.id,
  emailId: users.emailId,
  firstName: users.firstName,
  lastName: users.lastName,
  phoneNumber: users.phoneNumber,
  roleId: users.roleId,
  rolename: roles.rolename,
  referralSourceId: users.referralSourceId,
  referralSourceName: referralSources.name,
  status: users.status,
  changePassword: users.changePassword,
  emailVerified: users.emailVerified,
  phoneVerified: users.phoneVerified,
  privileges: users.privileges,
  lastLogin: users.lastLogin,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
  version: users.version,
};

type UserSelection = { [K in keyof typeof userColumns]: unknown };

export function toUser(row: UserSelection): User {
  const r = row as {
    lastLogin: Date | null;
    createdAt: Date;
    updatedAt: Date;
    status: string;
  } & Omit<User, 'lastLogin' | 'createdAt' | 'updatedAt' | 'status'>;
  return {
    ...r,
    status: r.status === 'INACTIVE' ? 'INACTIVE' : 'ACTIVE',
    lastLogin: r.lastLogin ? r.lastLogin.toISOString() : null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

function selectUsers(ex: Executor) {
  return ex
    .select(userColumns)
    .from(users)
    .innerJoin(roles, eq(roles.roleId, users.roleId))
    .leftJoin(referralSources, eq(referralSources.id, users.referralSourceId));
}

export async function findUserById(ex: Executor, id: number): Promise<User | undefined> {
  const [row] = await selectUsers(ex).where(eq(users.id, id));
  return row ? toUser(row) : undefined;
}

export async function findUserRowByEmail(ex: Executor, emailId: string): Promise<UserRow | undefined> {
  const [row] = await ex.select().from(users).where(eq(users.emailId, emailId.trim().toLowerCase()));
  return row;
}

export async function findUserRowById(ex: Executor, id: number): Promise<UserRow | undefined> {
  const [row] = await ex.select().from(users).where(eq(users.id, id));
  return row;
}

export interface UserScope {
  /** Only users of these roles (the roles the actor manages). */
  roleIds: readonly number[];
  /** Only users of this organization (organization actors); null, an organization actor with none, sees nobody. */
  referralSourceId?: number | null;
}

export async function listUsers(ex: Executor, query: UserListQuery, scope: UserScope) {
  if (!scope.roleIds.length || scope.referralSourceId === null) return { rows: [], totalCount: 0 };
  const filters: SQL[] = [inArray(users.roleId, [...scope.roleIds])];
  if (scope.referralSourceId !== undefined) filters.push(eq(users.referralSourceId, scope.referralSourceId));
  if (query.roleId !== undefined) filters.push(eq(users.roleId, query.roleId));
  if (query.referralSourceId !== undefined) filters.push(eq(users.referralSourceId, query.referralSourceId));
  if (query.status) filters.push(eq(users.status, query.status));
  if (query.search) {
    const pattern = containsPattern(query.search);
    filters.push(
      or(
        ilike(users.firstName, pattern),
        ilike(users.lastName, pattern),
        ilike(users.emailId, pattern),
      ) as SQL,
    );
  }
  const where = and(...filters);
  const dir = query.order === 'desc' ? desc : asc;
  const orderBy = {
    name: [dir(users.lastName), dir(users.firstName), dir(users.id)],
    emailId: [dir(users.emailId)],
    roleId: [dir(users.roleId), dir(users.lastName), dir(users.id)],
    lastLogin: [dir(users.lastLogin), dir(users.id)],
    createdAt: [dir(users.createdAt), dir(users.id)],
  }[query.sort];
  const [rows, [count]] = await Promise.all([
    selectUsers(ex)
      .where(where)
      .orderBy(...orderBy)
      .limit(query.pageSize)
      .offset((query.pageNumber - 1) * query.pageSize),
    ex
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(where),
  ]);
  return { rows: rows.map(toUser), totalCount: count?.n ?? 0 };
}
