// The user_notifications table (migration 0028): one user's notifications, newest first, and the writing of one.
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import { userNotifications } from '../../../db/schema';
import type { Executor } from '../../../db/client';

export type NewNotification = typeof userNotifications.$inferInsert;

/** Inserts the notification; answers its id, or null when one with its dedupe key is already there. */
export async function insertNotification(tx: Executor, row: NewNotification): Promise<number | null> {
  const [written] = await tx
    .insert(userNotifications)
    .values(row)
    .onConflictDoNothing()
    .returning({ id: userNotifications.id });
  return written?.id ?? null;
}

export async function listNotifications(
  ex: Executor,
  userId: number,
  page: { pageNumber: number; pageSize: number },
) {
  const mine = eq(userNotifications.userId, userId);
  const [rows, [total], [undismissed]] = await Promise.all([
    ex
      .select()
      .from(userNotifications)
      .where(mine)
      .orderBy(desc(userNotifications.createdAt), desc(userNotifications.id))
      .limit(page.pageSize)
      .offset((page.pageNumber - 1) * page.pageSize),
    ex.select({ n: count() }).from(userNotifications).where(mine),
    ex
      .select({ n: count() })
      .from(userNotifications)
      .where(and(mine, isNull(userNotifications.dismissedAt))),
  ]);
  return { rows, totalCount: Number(total?.n ?? 0), undismissedCount: Number(undismissed?.n ?? 0) };
}
