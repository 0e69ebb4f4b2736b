// The user_notifications table (migration 0028): one user's notifications, newest first, and the writing of one.
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { userNotifications } from '../../../db/schema';
import type { Executor } from '../../../db/client';

export type NewNotification = typeof userNotifications.$inferInsert;
export type NotificationRow = typeof userNotifications.$inferSelect;

export async function findNotification(ex: Executor, userId: number, id: number) {
  const [row] = await ex
    .select()
    .from(userNotifications)
    .where(and(eq(userNotifications.id, id), eq(userNotifications.userId, userId)));
  return row;
}

/** Inserts the notification; answers its id, or null when one with its dedupe key is already there. */
export async function insertNotification(tx: Executor, row: NewNotification): Promise<number | null> {
  const [written] = await tx
    .insert(userNotifications)
    .values(row)
    .onConflictDoNothing()
    .returning({ id: userNotifications.id });
  return written?.id ?? null;
}

const undismissedOf = (userId: number) =>
  and(eq(userNotifications.userId, userId), isNull(userNotifications.dismissedAt));

export async function listNotifications(
  ex: Executor,
  userId: number,
  page: { pageNumber: number; pageSize: number; undismissed?: boolean },
) {
  const mine = page.undismissed ? undismissedOf(userId) : eq(userNotifications.userId, userId);
  const [rows, [total], [undismissed]] = await Promise.all([
    ex
      .select()
      .from(userNotifications)
      .where(mine)
      .orderBy(desc(userNotifications.createdAt), desc(userNotifications.id))
      .limit(page.pageSize)
      .offset((page.pageNumber - 1) * page.pageSize),
    ex.select({ n: count() }).from(userNotifications).where(mine),
    ex.select({ n: count() }).from(userNotifications).where(undismissedOf(userId)),
  ]);
  return { rows, totalCount: Number(total?.n ?? 0), undismissedCount: Number(undismissed?.n ?? 0) };
}

export async function countUndismissed(ex: Executor, userId: number): Promise<number> {
  const [row] = await ex.select({ n: count() }).from(userNotifications).where(undismissedOf(userId));
  return Number(row?.n ?? 0);
}

/** Dismisses one of the user's notifications (kept dismissed if it already was); undefined when not theirs. */
export async function dismissNotification(tx: Executor, userId: number, id: number) {
  const [row] = await tx
    .update(userNotifications)
    .set({ dismissedAt: sql`coalesce(${userNotifications.dismissedAt}, now())` })
    .where(and(eq(userNotifications.id, id), eq(userNotifications.userId, userId)))
    .returning();
  return row;
}

/** Dismisses every notification of the user not yet dismissed; answers their ids. */
export async function dismissAllNotifications(tx: Executor, userId: number): Promise<number[]> {
  const rows = await tx
    .update(userNotifications)
    .set({ dismissedAt: sql`now()` })
    .where(undismissedOf(userId))
    .returning({ id: userNotifications.id });
  return rows.map((row) => row.id);
}
