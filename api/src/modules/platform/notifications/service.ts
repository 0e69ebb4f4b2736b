// In-app notifications (issue 24): `notifyUser` is called by another feature inside its own transaction (a
// rejected note), so the notification exists exactly when what it tells of does; the list is the caller's own.
import type { NotificationKind, NotificationList } from '@carelane/shared-domain';
import type { Executor } from '../../../db/client';
import { pagingOf } from '../../../lib/paging';
import type { AppServices } from '../../../services/app-services';
import { recordAudit } from '../../../services/audit';
import { requireActor, type RequestContext } from '../../../services/context';
import { publishEvent } from '../../../services/events';
import * as repo from './repository';

export type Notice = {
  userId: number;
  kind: NotificationKind;
  title: string;
  body: string;
  link: string | null;
  /** One notification per event: a second call with the same key writes nothing. */
  dedupeKey: string;
};

/** Writes the notification in the caller's transaction, audited, and tells the user's open pages. */
export async function notifyUser(tx: Executor, ctx: RequestContext, notice: Notice): Promise<void> {
  const id = await repo.insertNotification(tx, notice);
  if (id === null) return;
  await recordAudit(tx, ctx, {
    entity: 'userNotification',
    entityId: id,
    action: 'CREATE',
    before: null,
    after: { userId: notice.userId, kind: notice.kind, link: notice.link },
  });
  await publishEvent(tx, { entity: 'userNotification', id, action: 'created' }, { userIds: [notice.userId] });
}

/** GET /api/admin/notifications — the caller's own notifications, newest first. */
export async function listMyNotifications(
  services: AppServices,
  ctx: RequestContext,
  page: { pageNumber: number; pageSize: number },
): Promise<NotificationList> {
  const actor = requireActor(ctx);
  const { rows, totalCount, undismissedCount } = await repo.listNotifications(
    services.db,
    actor.userId,
    page,
  );
  return {
    rows: rows.map((row) => ({
      id: row.id,
      kind: row.kind as NotificationKind,
      title: row.title,
      body: row.body,
      link: row.link,
      createdAt: row.createdAt.toISOString(),
      dismissedAt: row.dismissedAt?.toISOString() ?? null,
    })),
    paging: pagingOf(page, totalCount),
    undismissedCount,
  };
}
