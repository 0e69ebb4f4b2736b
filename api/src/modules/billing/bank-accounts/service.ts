// A clinician's bank account (issue 13): billing staff (the providerPayments page) read and change anyone's, a
// clinician only their own. The account number is sealed at rest and answered masked; the routing number's
// check digit and the account number's digits are checked by the NACHA module's rules.
import {
  PAY_MESSAGES,
  maskAccountNumber,
  type BankAccount,
  type BankAccountInput,
} from '@carelane/shared-domain';
import { seal, unseal } from '../../../lib/blob-cipher';
import { dataKeys } from '../../../lib/data-key';
import { notFound } from '../../../lib/errors';
import { recordAudit } from '../../../services/audit';
import type { AppServices } from '../../../services/app-services';
import { requirePayAccess, type BillingServices } from '../access';
import { requireActor, type RequestContext } from '../../../services/context';
import * as repo from './repository';
import { publishBillingChange } from '../billing-events';

function toBankAccount(row: Awaited<ReturnType<typeof repo.findBankAccount>> & object): BankAccount {
  return {
    providerId: row.providerId,
    routingNumber: row.routingNumber,
    accountType: row.accountType as BankAccount['accountType'],
    accountMasked: maskAccountNumber(`0000${row.accountLast4}`),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** GET /api/operation/providers/:id/bankAccount */
export async function getBankAccount(services: AppServices, ctx: RequestContext, providerId: number) {
  await requirePayAccess(services, requireActor(ctx), providerId);
  const row = await repo.findBankAccount(services.db, providerId);
  return { bankAccount: row ? toBankAccount(row) : null };
}

/** PUT /api/operation/providers/:id/bankAccount */
export async function saveBankAccount(
  services: BillingServices,
  ctx: RequestContext,
  providerId: number,
  input: BankAccountInput,
) {
  const actor = requireActor(ctx);
  await requirePayAccess(services, actor, providerId);
  const saved = await services.db.transaction(async (tx) => {
    if (!(await repo.clinicianExists(tx, providerId))) throw notFound('Clinician');
    const before = await repo.findBankAccount(tx, providerId);
    const row = await repo.saveBankAccount(tx, {
      providerId,
      routingNumber: input.routingNumber,
      accountType: input.accountType,
      accountSealed: seal(dataKeys(services.config), input.accountNumber),
      // Kept only of a number longer than four digits: a shorter one would be the whole number ('****' then).
      accountLast4: input.accountNumber.length > 4 ? input.accountNumber.slice(-4) : '',
      updatedBy: actor.userId,
    });
    await publishBillingChange(tx, ['bankAccount', 'providerPay']);
    // The audit names what changed, never the number itself.
    await recordAudit(tx, ctx, {
      entity: 'providerBankAccount',
      entityId: providerId,
      action: before ? 'UPDATE' : 'CREATE',
      diff: {
        routingNumber: { before: before?.routingNumber ?? null, after: row.routingNumber },
        accountNumber: {
          before: before ? maskAccountNumber(`0000${before.accountLast4}`) : null,
          after: maskAccountNumber(`0000${row.accountLast4}`),
        },
      },
    });
    return row;
  });
  return { message: PAY_MESSAGES.bankAccountSaved, bankAccount: toBankAccount(saved) };
}

/** The clinicians' account numbers in clear, for building a NACHA file inside its transaction. */
export async function openAccounts(
  services: BillingServices,
  tx: Parameters<typeof repo.findBankAccounts>[0],
  providerIds: number[],
) {
  const rows = await repo.findBankAccounts(tx, providerIds);
  const keys = dataKeys(services.config);
  return new Map(
    rows.map((row) => [
      row.providerId,
      {
        routingNumber: row.routingNumber,
        accountType: row.accountType as BankAccount['accountType'],
        accountNumber: unseal(keys, row.accountSealed),
      },
    ]),
  );
}
