import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import {
  LOGIN_BLOCKED_MESSAGE,
  isLoginBlocked,
  mergePrivileges,
  parsePrivilegeMap,
} from '@carelane/shared-domain';
import { queryRows, type Db } from '../db/client';
import type { AppServices } from '../services/app-services';
import type { ReadCache } from '../services/read-cache';
import { AppError, forbidden, unauthorized } from '../lib/errors';
import { sha256 } from '../lib/crypto';
import type { Actor, RequestContext } from '../services/context';

declare module 'fastify' {
  interface FastifyRequest {
    ctx: RequestContext;
  }
  interface FastifyContextConfig {
    /** Page key(s) of SPEC §6: the signed-in user must hold one of them. */
    page?: string | string[];
    /** Reachable while the user must still change their password. */
    allowDuringPasswordChange?: boolean;
  }
}

export const SESSION_COOKIE = 'carelane_session';
const TOUCH_AFTER_MS = 30_000;

export const sessionExpired = () =>
  new AppError(401, 'SESSION_EXPIRED', 'Your session has expired. Please sign in again.');

export function bearerToken(request: FastifyRequest): string | undefined {
  // RFC 7235: the scheme is case-insensitive.
  const bearer = /^bearer +(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  if (bearer) return bearer[1];
  // The cookie is accepted only on reads (the event stream, downloads): writes need the header, so a
  // cross-site form cannot act with it.
  if (request.method === 'GET') return request.cookies?.[SESSION_COOKIE] || undefined;
  return undefined;
}

interface SessionRow {
  session_id: number;
  user_id: number;
  impersonator_id: number | null;
  idle_timeout_minutes: number;
  idle_ms: number;
  revoked: boolean;
  email_id: string;
  role_id: number;
  referral_source_id: number | null;
  status: string;
  change_password: boolean;
  user_privileges: Record<string, string>;
  role_privileges: Record<string, string>;
  impersonator_status: string;
}

/** Resolves a bearer token to its actor, or throws 401 for a missing, revoked or idle-expired session. */
export async function resolveActor(db: Db, cache: ReadCache, token: string | undefined): Promise<Actor> {
  if (!token) throw unauthorized();
  const tokenHash = sha256(token);
  const { row, fetchedAt } = await cache.read(`session:${tokenHash}`, SESSION_TABLES, async () => ({
    row: await loadSession(db, tokenHash),
    fetchedAt: Date.now(),
  }));
  // A switched session lives only as long as its real user is active.
  if (!row || row.revoked || row.status !== 'ACTIVE' || row.impersonator_status !== 'ACTIVE')
    throw unauthorized('Your session has ended. Please sign in again.');
  const idleMs = row.idle_ms + (Date.now() - fetchedAt);
  if (idleMs > row.idle_timeout_minutes * 60_000) throw sessionExpired();
  if (idleMs > TOUCH_AFTER_MS) {
    await db.execute(sql`update sessions set last_seen_at = now() where id = ${row.session_id}`);
  }
  return {
    userId: row.user_id,
    emailId: row.email_id,
    roleId: row.role_id,
    referralSourceId: row.referral_source_id,
    privileges: mergePrivileges(row.role_privileges ?? {}, row.user_privileges ?? {}),
    sessionId: row.session_id,
    impersonatorId: row.impersonator_id,
    changePassword: row.change_password,
  };
}

const SESSION_TABLES = ['sessions', 'users', 'roles'] as const;

async function loadSession(db: Db, tokenHash: string): Promise<SessionRow | undefined> {
  const [row] = await queryRows<SessionRow>(
    db,
    sql`
    select s.id as session_id, s.user_id, s.impersonator_id, s.idle_timeout_minutes,
           (extract(epoch from (now() - s.last_seen_at)) * 1000)::float8 as idle_ms,
           s.revoked_at is not null as revoked,
           u.email_id, u.role_id, u.referral_source_id, u.status, u.change_password,
           u.privileges as user_privileges, r.privileges as role_privileges,
           coalesce(i.status, 'ACTIVE') as impersonator_status
    from sessions s
    join users u on u.id = s.user_id
    join roles r on r.role_id = u.role_id
    left join users i on i.id = s.impersonator_id
    where s.token_hash = ${tokenHash}`,
  );
  return row;
}

export function holdsPage(actor: Actor, page: string | string[]): boolean {
  const pages = Array.isArray(page) ? page : [page];
  return pages.some((p) => Object.prototype.hasOwnProperty.call(actor.privileges, p));
}

/** Applied to the whole protected scope: every route in it needs a live session, and its page privilege. */
export function requireSession(
  scope: FastifyInstance,
  services: Pick<AppServices, 'db' | 'readCache'>,
): void {
  scope.addHook('onRequest', async (request) => {
    const actor = await resolveActor(services.db, services.readCache, bearerToken(request));
    request.ctx.actor = actor;
    const config = request.routeOptions.config;
    if (isLoginBlocked(parsePrivilegeMap(actor.privileges))) throw forbidden(LOGIN_BLOCKED_MESSAGE);
    if (actor.changePassword && !config.allowDuringPasswordChange) {
      throw new AppError(403, 'PASSWORD_CHANGE_REQUIRED', 'Please change your password to continue.');
    }
    if (config.page && !holdsPage(actor, config.page)) throw forbidden();
  });
}
