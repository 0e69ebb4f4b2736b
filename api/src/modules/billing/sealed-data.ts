// What billing keeps sealed under the server's data key (decision 035): clinicians' account numbers and released
// NACHA files. At start, whatever is not sealed under the current key (a file released before migration 0024,
// kept in clear; a value sealed under DATA_KEY_PREVIOUS, or before values named their key) is sealed again under
// it, one row per statement. A rotation is therefore a restart with the new key and the previous one. A value no
// key of the ring opens stops the start: the server would fail at the next export instead.
import type { Db } from '../../db/client';
import { DataKeyError } from '../../lib/data-key';
import { keyIdOf, seal, unseal, type KeyRing } from '../../lib/blob-cipher';
import { accountsNotSealedUnder, resealAccount } from './bank-accounts/repository';
import { filesNotSealedUnder, findFileText, resealFile } from './provider-payments/repository';

export interface Resealed {
  accounts: number;
  files: number;
}

/** Seals under `keys.current` every account number and bank file that is not; answers how many it sealed. */
export async function resealBillingData(db: Db, keys: KeyRing): Promise<Resealed> {
  const prefix = `${keyIdOf(keys.current)}:`;
  const done: Resealed = { accounts: 0, files: 0 };
  const unopened: string[] = [];
  for (const row of await accountsNotSealedUnder(db, prefix)) {
    let text: string;
    try {
      text = unseal(keys, row.accountSealed);
    } catch {
      unopened.push(`the bank account of clinician ${row.providerId}`);
      continue;
    }
    if (await resealAccount(db, row.providerId, row.accountSealed, seal(keys, text))) done.accounts += 1;
  }
  for (const id of await filesNotSealedUnder(db, prefix)) {
    const kept = await findFileText(db, id);
    if (!kept) continue;
    let text: string;
    try {
      text = kept.content ?? unseal(keys, kept.contentSealed!);
    } catch {
      unopened.push(`NACHA file ${id}`);
      continue;
    }
    if (await resealFile(db, id, kept, seal(keys, text))) done.files += 1;
  }
  if (unopened.length)
    throw new DataKeyError(
      `${unopened.length} sealed value(s) open with neither DATA_KEY nor DATA_KEY_PREVIOUS (${unopened
        .slice(0, 5)
        .join(', ')}${unopened.length > 5 ? ', …' : ''}): start with DATA_KEY_PREVIOUS set to the key they ` +
        'were sealed with (docs/decisions/035-sealed-bank-files-and-data-key.md).',
    );
  return done;
}
