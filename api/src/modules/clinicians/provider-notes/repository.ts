// SQL of the clinician's notes: a page newest first with each author's name, the count, and one insert.
import { desc, eq, sql } from 'drizzle-orm';
import { providerNotes, users } from '../../../db/schema';
import type { Executor } from '../../../db/client';

const noteColumns = {
  id: providerNotes.id,
  providerId: providerNotes.providerId,
  text: providerNotes.text,
  authorUserId: providerNotes.authorUserId,
  authorName: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
  createdAt: providerNotes.createdAt,
};

function selectNotes(ex: Executor) {
  return ex
    .select(noteColumns)
    .from(providerNotes)
    .innerJoin(users, eq(users.id, providerNotes.authorUserId));
}

/** A page of the clinician's notes, newest first, and how many they have. */
export async function listNotes(
  ex: Executor,
  providerId: number,
  page: { pageNumber: number; pageSize: number },
) {
  const [rows, [count]] = await Promise.all([
    selectNotes(ex)
      .where(eq(providerNotes.providerId, providerId))
      .orderBy(desc(providerNotes.createdAt), desc(providerNotes.id))
      .limit(page.pageSize)
      .offset((page.pageNumber - 1) * page.pageSize),
    ex
      .select({ n: sql<number>`count(*)::int` })
      .from(providerNotes)
      .where(eq(providerNotes.providerId, providerId)),
  ]);
  return { rows, totalCount: count?.n ?? 0 };
}

export async function insertNote(
  ex: Executor,
  values: { providerId: number; text: string; authorUserId: number },
): Promise<number> {
  const [row] = await ex.insert(providerNotes).values(values).returning({ id: providerNotes.id });
  return row!.id;
}

export async function findNote(ex: Executor, id: number) {
  const [row] = await selectNotes(ex).where(eq(providerNotes.id, id));
  return row;
}
