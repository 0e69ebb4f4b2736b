import { eq, sql } from 'drizzle-orm';
import { CONSTANT_DEFAULTS, parseConstantReasons, readConstants } from '@carelane/shared-domain';
import { appConstants } from '../../../db/schema';
import type { Executor } from '../../../db/client';
import { randomToken } from '../../../lib/crypto';

export async function listConstants(ex: Executor) {
  return ex.select().from(appConstants).orderBy(appConstants.type, appConstants.name);
}

export async function findConstant(ex: Executor, name: string) {
  const [row] = await ex.select().from(appConstants).where(eq(appConstants.name, name));
  return row;
}

/** The labels of a reason-list constant (e.g. episodeArchiveReasons), with the spec's default when unset. */
export async function reasonLabels(ex: Executor, name: string): Promise<string[]> {
  const text = (await findConstant(ex, name))?.value ?? CONSTANT_DEFAULTS.find((c) => c.name === name)?.value;
  return parseConstantReasons(text).map((reason) => reason.label);
}

/** The typed view of the constants with the spec's defaults for anything missing. */
export async function loadTypedConstants(ex: Executor) {
  return readConstants(await listConstants(ex));
}

/** Adds any constant the database lacks, keeping values an administrator already set. */
export async function ensureConstants(ex: Executor): Promise<void> {
  await ex
    .insert(appConstants)
    .values(
      CONSTANT_DEFAULTS.map((c) => ({
        ...c,
        value: c.name === 'blobEncryptionKey' && !c.value ? randomToken(32) : c.value,
      })),
    )
    .onConflictDoNothing();
}

/** Sets a constant's value with the next version; the row after. */
export async function updateConstantValue(ex: Executor, name: string, value: string) {
  const [after] = await ex
    .update(appConstants)
    .set({ value, updatedAt: sql`now()`, version: sql`${appConstants.version} + 1` })
    .where(eq(appConstants.name, name))
    .returning();
  return after!;
}
