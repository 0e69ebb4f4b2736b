import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { shortLinks } from '../../../db/schema';
import type { Executor } from '../../../db/client';

export async function insertShortLink(
  ex: Executor,
  link: { id: string; path: string; createdBy: number | null; expiresInDays?: number },
): Promise<void> {
  await ex.insert(shortLinks).values({
    id: link.id,
    path: link.path,
    createdBy: link.createdBy,
    expiresAt: link.expiresInDays ? sql`now() + make_interval(days => ${link.expiresInDays})` : null,
  });
}

/** The path of a link that exists and has not expired. */
export async function findLivePath(ex: Executor, id: string): Promise<string | undefined> {
  const [row] = await ex
    .select({ path: shortLinks.path })
    .from(shortLinks)
    .where(
      and(eq(shortLinks.id, id), or(isNull(shortLinks.expiresAt), gt(shortLinks.expiresAt, sql`now()`))),
    );
  return row?.path;
}
