import { and, eq, sql } from 'drizzle-orm';
import { providerBankAccounts, providers } from '../../../db/schema';
import { idsParam, type Executor } from '../../../db/client';

export async function findBankAccount(ex: Executor, providerId: number) {
  const [row] = await ex
    .select()
    .from(providerBankAccounts)
    .where(eq(providerBankAccounts.providerId, providerId));
  return row;
}

export function findBankAccounts(ex: Executor, providerIds: readonly number[]) {
  return ex
    .select()
    .from(providerBankAccounts)
    .where(sql`${providerBankAccounts.providerId} = any(${idsParam(providerIds)})`);
}

export async function saveBankAccount(tx: Executor, row: typeof providerBankAccounts.$inferInsert) {
  const [saved] = await tx
    .insert(providerBankAccounts)
    .values(row)
    .onConflictDoUpdate({
      target: providerBankAccounts.providerId,
      set: {
        routingNumber: row.routingNumber,
        accountType: row.accountType,
        accountSealed: row.accountSealed,
        accountLast4: row.accountLast4,
        updatedBy: row.updatedBy,
        updatedAt: sql`now()`,
      },
    })
    .returning();
  return saved!;
}

export async function clinicianExists(ex: Executor, providerId: number): Promise<boolean> {
  const [row] = await ex.select({ id: providers.id }).from(providers).where(eq(providers.id, providerId));
  return !!row;
}

/** The accounts whose number is not sealed under the key named `keyPrefix` (decision 035's re-seal at start). */
export function accountsNotSealedUnder(ex: Executor, keyPrefix: string) {
  return ex
    .select({
      providerId: providerBankAccounts.providerId,
      accountSealed: providerBankAccounts.accountSealed,
    })
    .from(providerBankAccounts)
    .where(sql`not starts_with(${providerBankAccounts.accountSealed}, ${keyPrefix})`);
}

/** Seals an account number again; false when it changed since it was read (someone saved it meanwhile). */
export async function resealAccount(ex: Executor, providerId: number, before: string, after: string) {
  const rows = await ex
    .update(providerBankAccounts)
    .set({ accountSealed: after })
    .where(
      and(eq(providerBankAccounts.providerId, providerId), eq(providerBankAccounts.accountSealed, before)),
    )
    .returning({ providerId: providerBankAccounts.providerId });
  return rows.length > 0;
}
