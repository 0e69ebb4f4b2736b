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

/** The short link answer of `/api/admin/shortUrl`: its id, path and the full URL to share. */
export async function makeShortLink(
  services: AppServices,
  ctx: RequestContext,
  input: { path: string; expiresInDays?: number },
) {
  const id = await services.db.transaction((tx) => createShortLink(tx, ctx, input.path, input.expiresInDays));
  return { id, path: input.path, url: `${services.config.publicUrl}/r/${id}` };
}

/** The in-app path of a live link, or the 404. */
export async function shortLinkPath(services: AppServices, id: string): Promise<string> {
  const path = await findLivePath(services.db, id);
  if (!path) throw notFound('This link');
  return path;
}
