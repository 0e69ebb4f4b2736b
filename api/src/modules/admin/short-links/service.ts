import type { Executor } from '../../../db/client';
import { shortId } from '../../../lib/crypto';
import { notFound } from '../../../lib/errors';
import { recordAudit } from '../../../services/audit';
import type { AppServices } from '../../../services/app-services';
import type { RequestContext } from '../../../services/context';
import { findLivePath, insertShortLink } from './repository';

/** Makes a short link to an in-app path; used by messages that must fit an SMS. */
export async function createShortLink(
  ex: Executor,
  ctx: RequestContext,
  path: string,
  expiresInDays?: number,
) {
  const id = shortId();
  await insertShortLink(ex, { id, path, createdBy: ctx.actor?.userId ?? null, expiresInDays });
  await recordAudit(ex, ctx, {
    entity: 'shortLink',
    entityId: id,
    action: 'CREATE',
    before: null,
    after: { id, path },
  });
  return id;
}

const LOOPBACK_HOST = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

/**
 * The origin a shared link names: PUBLIC_URL, unless it names this machine only (its default is
 * http://localhost:PORT), when the origin the caller's page was opened on is the one others can reach.
 */
export function linkOrigin(publicUrl: string, requestOrigin: string): string {
  return LOOPBACK_HOST.test(new URL(publicUrl).hostname) ? requestOrigin : publicUrl;
}

/** The short link answer of `/api/admin/shortUrl`: its id, path and the full URL to share. */
export async function makeShortLink(
  services: AppServices,
  ctx: RequestContext,
  input: { path: string; expiresInDays?: number },
  requestOrigin: string,
) {
  const id = await services.db.transaction((tx) => createShortLink(tx, ctx, input.path, input.expiresInDays));
  return { id, path: input.path, url: `${linkOrigin(services.config.publicUrl, requestOrigin)}/r/${id}` };
}

/** The in-app path of a live link, or undefined. */
export const liveShortLinkPath = (services: AppServices, id: string): Promise<string | undefined> =>
  findLivePath(services.db, id);

/** The in-app path of a live link, or the 404. */
export async function shortLinkPath(services: AppServices, id: string): Promise<string> {
  const path = await findLivePath(services.db, id);
  if (!path) throw notFound('This link');
  return path;
}
