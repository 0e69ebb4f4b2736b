import { eq, sql } from 'drizzle-orm';
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
