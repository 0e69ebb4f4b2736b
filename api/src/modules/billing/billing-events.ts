// What billing tells open pages (GET /api/events): each list whose query key starts with an entity named here
// reloads. Billing is staff's, except an invoice, which its organization also sees.
import type { Executor } from '../../db/client';
import { publishEvent } from '../../services/events';

export type BillingEntity =
  'visit' | 'invoice' | 'payment' | 'adjustment' | 'fine' | 'providerPay' | 'nachaFile' | 'bankAccount';

export async function publishBillingChange(
  tx: Executor,
  entities: readonly BillingEntity[],
  action: 'created' | 'updated' = 'updated',
  invoice?: { id: number; referralSourceId: number },
): Promise<void> {
  for (const entity of entities) await publishEvent(tx, { entity, id: null, action }, { staffOnly: true });
  if (invoice)
    await publishEvent(
      tx,
      { entity: 'invoice', id: invoice.id, action },
      { referralSourceId: invoice.referralSourceId },
    );
}
