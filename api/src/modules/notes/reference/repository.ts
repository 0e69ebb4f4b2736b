// The note types with their definition versions, the ICD-10 codes, and the goal phrase library.
import { and, asc, eq, sql } from 'drizzle-orm';
import { goalTemplates, icdCodes, noteDefinitions, noteTypes } from '../../../db/schema';
import type { Executor } from '../../../db/client';
import { containsPattern } from '../../../lib/like-pattern';

export async function listNoteTypes(ex: Executor) {
  return ex
    .select({
      code: noteTypes.code,
      name: noteTypes.name,
      versions: sql<number[]>`coalesce((select array_agg(d.version order by d.version)
        from ${noteDefinitions} d where d.note_type = ${noteTypes.code}), '{}')`,
    })
    .from(noteTypes)
    .orderBy(asc(noteTypes.code));
}

/**
 * Codes starting with `q` (the dot optional: 'E119' finds E11.9), then codes whose description holds every word
 * of `q`; the code matches first.
 */
export async function searchIcdCodes(ex: Executor, q: string, limit: number) {
  const prefix = `${q.replace(/\./g, '').replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const words = q.split(/\s+/).filter(Boolean);
  const byCode = sql`replace(${icdCodes.code}, '.', '') ilike ${prefix}`;
  const byWords = sql.join(
    words.map((word) => sql`${icdCodes.description} ilike ${containsPattern(word)}`),
    sql` and `,
  );
  return ex
    .select({ code: icdCodes.code, description: icdCodes.description })
    .from(icdCodes)
    .where(sql`(${byCode}) or (${byWords})`)
    .orderBy(sql`case when ${byCode} then 0 else 1 end`, asc(icdCodes.code))
    .limit(limit);
}

export async function listGoalTemplates(ex: Executor) {
  return ex
    .select()
    .from(goalTemplates)
    .orderBy(
      asc(goalTemplates.category),
      asc(goalTemplates.person),
      asc(goalTemplates.action),
      asc(goalTemplates.id),
    );
}

export async function findGoalTemplate(ex: Executor, id: number, options: { lock?: boolean } = {}) {
  const query = ex.select().from(goalTemplates).where(eq(goalTemplates.id, id));
  const [row] = await (options.lock ? query.for('update') : query);
  return row ?? null;
}

export async function insertGoalTemplate(tx: Executor, values: typeof goalTemplates.$inferInsert) {
  const [row] = await tx.insert(goalTemplates).values(values).returning();
  return row!;
}

export async function updateGoalTemplate(
  tx: Executor,
  id: number,
  version: number,
  values: Partial<typeof goalTemplates.$inferInsert>,
) {
  const [row] = await tx
    .update(goalTemplates)
    .set({ ...values, version: version + 1, updatedAt: sql`now()` })
    .where(and(eq(goalTemplates.id, id), eq(goalTemplates.version, version)))
    .returning();
  return row ?? null;
}
