// Adjustments (issue 13, decision 029): receivable ones credit an organization's invoice (a credit note, a
// write-off), payable ones add to or take from a clinician's next export. Made Pending, then applied
// ('Adjustment applied.'): a receivable credit at most the invoice's balance when it is applied. Never changed
// after: a wrong adjustment is answered by another.
import {
  PAY_MESSAGES,
  formatCents,
  invoiceNumberText,
  type Adjustment,
  type AdjustmentInput,
} from '@carelane/shared-domain';
import { badRequest, notFound } from '../../../lib/errors';
import { pagingOf } from '../../../lib/paging';
import { recordAudit } from '../../../services/audit';
import type { AppServices } from '../../../services/app-services';
import type { RequestContext } from '../../../services/context';
import { requireBillingUser } from '../access';
import { clinicianExists } from '../bank-accounts/repository';
import { insertInvoiceEvents, lockInvoices } from '../invoices/repository';
import { balanceOf } from '../invoices/service';
import * as repo from './repository';
import { publishBillingChange } from '../billing-events';

const ADJUSTMENT = 'Adjustment';

function toAdjustment(row: repo.AdjustmentRow): Adjustment {
  const a = row.adjustment;
  return {
    id: a.id,
    kind: a.kind as Adjustment['kind'],
    invoiceId: a.invoiceId,
    invoiceNumber: row.invoiceNumber === null ? null : invoiceNumberText(row.invoiceNumber),
    organizationName: row.organizationName,
    providerId: a.providerId,
    clinicianName: row.clinicianName,
    amountCents: a.amountCents,
    reason: a.reason,
    status: a.status as Adjustment['status'],
    appliedAt: a.appliedAt?.toISOString() ?? null,
    nachaFileId: a.nachaFileId,
    createdAt: a.createdAt.toISOString(),
  };
}

/** GET /api/operation/adjustments: applied (the adjustment report) or pending (unapplied), newest first. */
export async function listAdjustments(
  services: AppServices,
  ctx: RequestContext,
  q: {
    pageNumber: number;
    pageSize: number;
    status: string;
    kind: string;
    startDate?: string;
    endDate?: string;
  },
) {
  requireBillingUser(ctx);
  const [rows, total] = await Promise.all([
    repo.listAdjustments(services.db, q, q),
    repo.countAdjustments(services.db, q),
  ]);
  return { rows: rows.map(toAdjustment), paging: pagingOf(q, total) };
}

/** POST /api/operation/adjustments */
export async function createAdjustment(services: AppServices, ctx: RequestContext, input: AdjustmentInput) {
  const actor = requireBillingUser(ctx);
  const id = await services.db.transaction(async (tx) => {
    if (input.kind === 'receivable' && !(await lockInvoices(tx, [input.invoiceId!])).length)
      throw badRequest('invoiceId', 'is not a known invoice');
    if (input.kind === 'payable' && !(await clinicianExists(tx, input.providerId!)))
      throw badRequest('providerId', 'is not a known clinician');
    const adjustmentId = await repo.insertAdjustment(tx, {
      kind: input.kind,
      invoiceId: input.kind === 'receivable' ? input.invoiceId! : null,
      providerId: input.kind === 'payable' ? input.providerId! : null,
      amountCents: input.amountCents,
      reason: input.reason,
      createdBy: actor.userId,
    });
    await publishBillingChange(tx, ['adjustment'], 'created');
    await recordAudit(tx, ctx, {
      entity: ADJUSTMENT,
      entityId: adjustmentId,
      action: 'CREATE',
      after: input,
    });
    return adjustmentId;
  });
  return {
    message: PAY_MESSAGES.adjustmentSaved,
    adjustment: toAdjustment((await repo.findAdjustment(services.db, id))!),
  };
}

/** POST /api/operation/adjustments/:id/apply */
export async function applyAdjustment(services: AppServices, ctx: RequestContext, id: number) {
  const actor = requireBillingUser(ctx);
  await services.db.transaction(async (tx) => {
    const row = await repo.findAdjustment(tx, id, true);
    if (!row) throw notFound(ADJUSTMENT);
    const a = row.adjustment;
    if (a.status === 'Applied') throw badRequest('id', PAY_MESSAGES.adjustmentAlreadyApplied);
    if (a.kind === 'receivable') {
      const [invoice] = await lockInvoices(tx, [a.invoiceId!]);
      const balance = balanceOf(invoice!);
      if (a.amountCents > balance)
        throw badRequest('amountCents', `is more than the invoice's balance (${formatCents(balance)})`);
      await insertInvoiceEvents(tx, [
        {
          invoiceId: a.invoiceId!,
          kind: 'adjustment',
          detail: `${formatCents(a.amountCents)} credited: ${a.reason}`,
          userId: actor.userId,
        },
      ]);
    }
    await repo.markApplied(tx, id, actor.userId);
    await publishBillingChange(tx, ['adjustment', 'providerPay']);
    if (a.invoiceId !== null) await publishBillingChange(tx, ['invoice']);
    await recordAudit(tx, ctx, {
      entity: ADJUSTMENT,
      entityId: id,
      action: 'UPDATE',
      diff: { status: { before: 'Pending', after: 'Applied' } },
    });
  });
  return {
    message: PAY_MESSAGES.adjustmentApplied,
    adjustment: toAdjustment((await repo.findAdjustment(services.db, id))!),
  };
}
