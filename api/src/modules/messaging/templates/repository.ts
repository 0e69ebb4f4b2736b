// Message templates in the database (decision 063): a purpose's rows with who saved each last, one row locked for
// an edit, and the versioned edit itself (refused when stale, audited, announced to staff).
import { asc, eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Executor } from '../../../db/client';
import { messageTemplates, users } from '../../../db/schema';
import { updateVersioned } from '../../../lib/versioned-update';
import type { RequestContext } from '../../../services/context';

export type TemplateRow = typeof messageTemplates.$inferSelect;
export type TemplateWithName = { row: TemplateRow; updatedByName: string | null };

function selectTemplates(ex: Executor) {
  return ex
    .select({
      row: messageTemplates,
      updatedByName: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
    })
    .from(messageTemplates)
    .leftJoin(users, eq(users.id, messageTemplates.updatedByUserId));
}

export function listTemplates(ex: Executor, purpose: string): Promise<TemplateWithName[]> {
  return selectTemplates(ex)
    .where(eq(messageTemplates.purpose, purpose))
    .orderBy(asc(messageTemplates.credentialState));
}

export async function findTemplate(ex: Executor, id: number): Promise<TemplateWithName | undefined> {
  const [row] = await selectTemplates(ex).where(eq(messageTemplates.id, id));
  return row;
}

export async function lockTemplate(tx: Executor, id: number): Promise<TemplateRow | undefined> {
  const [row] = await tx.select().from(messageTemplates).where(eq(messageTemplates.id, id)).for('update');
  return row;
}

/** The versioned edit: refused with `stale()` when someone saved it meanwhile; audited; staff hear of it. */
export function updateTemplate(
  tx: Executor,
  ctx: RequestContext,
  before: TemplateRow,
  changes: PgUpdateSetSource<typeof messageTemplates>,
  stale: () => Error,
) {
  return updateVersioned(tx, ctx, messageTemplates, before, changes, {
    entity: 'messageTemplate',
    stale,
    audience: () => ({ staffOnly: true }),
  });
}
