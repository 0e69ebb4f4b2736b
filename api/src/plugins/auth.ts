import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
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
import type { RouteRead } from '../services/access-log';
import { refuseBadUrlInput } from './input-guard';
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
    /** The answer is a patient's data: a refusal is recorded in the audit log (access-log.ts). */
    patientRead?: RouteRead;
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
  // The cookie (SameSite=Strict) is accepted on reads (the event stream, downloads), and on writes only when
  // the browser says the page making the request is ours (Fetch Metadata): a cross-site or same-site form
  // cannot act with it. A tab holding only the cookie (a new tab) writes this way, since /me never hands
  // the token to script (docs/decisions/036-sessions-and-role-changes.md).
  if (request.method === 'GET' || request.headers['sec-fetch-site'] === 'same-origin')
    return request.cookies?.[SESSION_COOKIE] || undefined;
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

/** Why a session may no longer be used, or null while it may. */
function sessionEnd(row: SessionRow | undefined, idleMs: number): 'ended' | 'expired' | null {
  // A switched session lives only as long as its real user is active.
  if (!row || row.revoked || row.status !== 'ACTIVE' || row.impersonator_status !== 'ACTIVE') return 'ended';
  if (idleMs > row.idle_timeout_minutes * 60_000) return 'expired';
  return null;
}

/** Resolves a bearer token to its actor, or throws 401 for a missing, revoked or idle-expired session. */
export async function resolveActor(db: Db, cache: ReadCache, token: string | undefined): Promise<Actor> {
  if (!token) throw unauthorized();
  const tokenHash = sha256(token);
  const { row, fetchedAt } = await cache.read(`session:${tokenHash}`, SESSION_TABLES, async () => ({
    row: await loadSession(db, sql`s.token_hash = ${tokenHash}`),
    fetchedAt: Date.now(),
  }));
  const idleMs = (row?.idle_ms ?? 0) + (Date.now() - fetchedAt);
  const end = sessionEnd(row, idleMs);
  if (end === 'ended' || !row) throw unauthorized('Your session has ended. Please sign in again.');
  if (end === 'expired') throw sessionExpired();
  if (idleMs > TOUCH_AFTER_MS) {
    await db.execute(sql`update sessions set last_seen_at = now() where id = ${row.session_id}`);
  }
  return actorOf(row);
}

function actorOf(row: SessionRow): Actor {
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

/**
 * The sessions among `sessionIds` that may still use the API: not signed out or revoked, their user (and real
 * user) active and not blocked from signing in, not idle too long. Reads only: it never keeps a session alive.
 */
export async function liveSessionIds(db: Db, sessionIds: number[]): Promise<Set<number>> {
  if (!sessionIds.length) return new Set();
  const ids = sql.join(
    sessionIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const rows = await queryRows<SessionRow>(db, sql`${SESSION_QUERY} where s.id in (${ids})`);
  return new Set(
    rows
      .filter((row) => sessionEnd(row, row.idle_ms) === null)
      .filter((row) => !isLoginBlocked(parsePrivilegeMap(actorOf(row).privileges)))
      .map((row) => row.session_id),
  );
}

const SESSION_TABLES = ['sessions', 'users', 'roles'] as const;

const SESSION_QUERY = sql`
    select s.id as session_id, s.user_id, s.impersonator_id, s.idle_timeout_minutes,
           (extract(epoch from (now() - s.last_seen_at)) * 1000)::float8 as idle_ms,
           s.revoked_at is not null as revoked,
           u.email_id, u.role_id, u.referral_source_id, u.status, u.change_password,
           u.privileges as user_privileges, r.privileges as role_privileges,
           coalesce(i.status, 'ACTIVE') as impersonator_status
    from sessions s
    join users u on u.id = s.user_id
    join roles r on r.role_id = u.role_id
    left join users i on i.id = s.impersonator_id`;

async function loadSession(db: Db, where: SQL): Promise<SessionRow | undefined> {
  const [row] = await queryRows<SessionRow>(db, sql`${SESSION_QUERY} where ${where}`);
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
    // A malformed id or a NUL in the path or query is a 400 before any refusal is recorded for it.
    refuseBadUrlInput(request);
    const config = request.routeOptions.config;
    if (isLoginBlocked(parsePrivilegeMap(actor.privileges))) throw forbidden(LOGIN_BLOCKED_MESSAGE);
    if (actor.changePassword && !config.allowDuringPasswordChange) {
      throw new AppError(403, 'PASSWORD_CHANGE_REQUIRED', 'Please change your password to continue.');
    }
    if (config.page && !holdsPage(actor, config.page)) throw forbidden();
  });
}
