// In-app notifications (issue 24): `notifyUser` is called by another feature inside its own transaction (a
// rejected note), so the notification exists exactly when what it tells of does; the list is the caller's own.
import type {
  NotificationDismissed,
  NotificationKind,
  NotificationList,
  NotificationListQuery,
  NotificationsDismissed,
  UserNotification,
} from '@carelane/shared-domain';
import { notFound } from '../../../lib/errors';
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
  page: NotificationListQuery,
): Promise<NotificationList> {
  const actor = requireActor(ctx);
  const { rows, totalCount, undismissedCount } = await repo.listNotifications(
    services.db,
    actor.userId,
    page,
  );
  return { rows: rows.map(toNotification), paging: pagingOf(page, totalCount), undismissedCount };
}

function toNotification(row: repo.NotificationRow): UserNotification {
  return {
    id: row.id,
    kind: row.kind as NotificationKind,
    title: row.title,
    body: row.body,
    link: row.link,
    createdAt: row.createdAt.toISOString(),
    dismissedAt: row.dismissedAt?.toISOString() ?? null,
  };
}

/** POST /api/admin/notifications/:id/dismiss — one of the caller's own; another's is "not found". */
export async function dismissMyNotification(
  services: AppServices,
  ctx: RequestContext,
  id: number,
): Promise<NotificationDismissed> {
  const actor = requireActor(ctx);
  return services.db.transaction(async (tx) => {
    const before = await repo.findNotification(tx, actor.userId, id);
    if (!before) throw notFound('This notification');
    const row = (await repo.dismissNotification(tx, actor.userId, id))!;
    if (!before.dismissedAt) {
      await recordAudit(tx, ctx, {
        entity: 'userNotification',
        entityId: id,
        action: 'UPDATE',
        before: { dismissedAt: null },
        after: { dismissedAt: row.dismissedAt?.toISOString() ?? null },
      });
      await publishEvent(
        tx,
        { entity: 'userNotification', id, action: 'updated' },
        { userIds: [actor.userId] },
      );
    }
    return {
      notification: toNotification(row),
      undismissedCount: await repo.countUndismissed(tx, actor.userId),
    };
  });
}

/** POST /api/admin/notifications/dismissAll — every one of the caller's not yet dismissed. */
export async function dismissAllMyNotifications(
  services: AppServices,
  ctx: RequestContext,
): Promise<NotificationsDismissed> {
  const actor = requireActor(ctx);
  return services.db.transaction(async (tx) => {
    const ids = await repo.dismissAllNotifications(tx, actor.userId);
    const at = new Date().toISOString();
    for (const id of ids)
      await recordAudit(tx, ctx, {
        entity: 'userNotification',
        entityId: id,
        action: 'UPDATE',
        before: { dismissedAt: null },
        after: { dismissedAt: at },
      });
    if (ids.length)
      await publishEvent(
        tx,
        { entity: 'userNotification', id: ids[0]!, action: 'updated' },
        { userIds: [actor.userId] },
      );
    return { dismissed: ids.length, undismissedCount: 0 };
  });
}
