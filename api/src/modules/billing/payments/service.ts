// Payments from organizations (issue 13, decision 029): recorded once, then applied to invoices, each
// application at most the invoice's balance and all of them at most what the payment has left; what is not
// applied stays on the payment as the organization's credit. One transaction per operation, rows locked.
import {
  BILLING_MESSAGES,
  formatCents,
  localDateIn,
  paymentReceivedOnProblem,
  sumCents,
  type ApplyPayment,
  type CreatePayment,
  type Payment,
  type PaymentList,
} from '@carelane/shared-domain';
import { AppError, badRequest, isUniqueViolation, notFound } from '../../../lib/errors';
import { pagingOf } from '../../../lib/paging';
import { recordAudit } from '../../../services/audit';
import type { AppServices } from '../../../services/app-services';
import type { RequestContext } from '../../../services/context';
import { requireBillingUser } from '../access';
import { findOrganization, insertInvoiceEvents, lockInvoices } from '../invoices/repository';
import { balanceOf } from '../invoices/service';
import * as repo from './repository';
import { publishBillingChange } from '../billing-events';
import { organizationTimeZone } from '../../maps/service';

const PAYMENT = 'Payment';

function toPayment(row: NonNullable<repo.PaymentRow>): Payment {
  const p = row.payment;
  return {
    id: p.id,
    referralSourceId: p.referralSourceId,
    organizationName: row.organizationName,
    method: p.method as Payment['method'],
    reference: p.reference,
    amountCents: p.amountCents,
    appliedCents: row.appliedCents,
    unappliedCents: p.amountCents - row.appliedCents,
    receivedOn: p.receivedOn,
  };
}

/** "Check 2041 of $1,234.00 received 2026-11-20 (payment 12)": a payment as the duplicate answer names it. */
const paymentText = (p: Payment) =>
  `${p.method} ${p.reference} of ${formatCents(p.amountCents)} received ${p.receivedOn} (payment ${p.id})`;

/**
 * The answer to a request retried with an Idempotency-Key already used: the payment the first one recorded, when it
 * asked for the same payment; 422 when the key was used for another.
 */
function replayOf(row: NonNullable<repo.PaymentRow>, input: CreatePayment) {
  const p = row.payment;
  const same =
    p.referralSourceId === input.referralSourceId &&
    p.method === input.method &&
    p.reference === input.reference &&
    p.amountCents === input.amountCents &&
    p.receivedOn === input.receivedOn;
  if (!same) {
    const field = 'Idempotency-Key';
    const message = BILLING_MESSAGES.idempotencyKeyReused;
    throw new AppError(422, 'IDEMPOTENCY_KEY_REUSED', `${field}: ${message}`, [{ field, message }]);
  }
  return { message: BILLING_MESSAGES.paymentAdded, payment: toPayment(row) };
}

/**
 * POST /api/operation/payments. Refused (409 DUPLICATE_PAYMENT, naming it) when the organization has a payment of
 * the same reference, amount and received date, unless `allowDuplicate`; with an Idempotency-Key, a retry answers
 * the payment the first request recorded (decision 035).
 */
export async function createPayment(
  services: AppServices,
  ctx: RequestContext,
  input: CreatePayment,
  idempotencyKey?: string,
) {
  const actor = requireBillingUser(ctx);
  const { allowDuplicate, ...payment } = input;
  let recorded: number | NonNullable<repo.PaymentRow>;
  try {
    recorded = await services.db.transaction(async (tx) => {
      // One payment of an organization recorded at a time: a retry or a repeat sent at once sees the first.
      await repo.lockOrganizationPayments(tx, input.referralSourceId);
      const first = idempotencyKey && (await repo.findByIdempotencyKey(tx, actor.userId, idempotencyKey));
      if (first) return first;
      const organization = await findOrganization(tx, input.referralSourceId);
      if (!organization) throw badRequest('referralSourceId', 'is not a known organization');
      const today = localDateIn(new Date(), await organizationTimeZone(tx, organization.id));
      const late = paymentReceivedOnProblem(input.receivedOn, today);
      if (late) throw badRequest('receivedOn', late);
      const same = allowDuplicate ? undefined : await repo.findSamePayment(tx, input);
      if (same) {
        const duplicateOf = toPayment(same);
        throw new AppError(
          409,
          'DUPLICATE_PAYMENT',
          BILLING_MESSAGES.duplicatePayment(paymentText(duplicateOf), organization.name),
          undefined,
          undefined,
          { duplicateOf },
        );
      }
      const paymentId = await repo.insertPayment(tx, {
        ...payment,
        createdBy: actor.userId,
        idempotencyKey: idempotencyKey ?? null,
      });
      await publishBillingChange(tx, ['payment'], 'created');
      await recordAudit(tx, ctx, {
        entity: PAYMENT,
        entityId: paymentId,
        action: 'CREATE',
        after: allowDuplicate ? input : payment,
      });
      return paymentId;
    });
  } catch (error) {
    // The key sent at once for another organization's payment: the first committed its payment.
    const first =
      idempotencyKey && isUniqueViolation(error)
        ? await repo.findByIdempotencyKey(services.db, actor.userId, idempotencyKey)
        : undefined;
    if (first) return replayOf(first, input);
    throw error;
  }
  if (typeof recorded !== 'number') return replayOf(recorded, input);
  const row = await repo.findPayment(services.db, recorded);
  return { message: BILLING_MESSAGES.paymentAdded, payment: toPayment(row!) };
}

/** GET /api/operation/payments */
export async function listPayments(
  services: AppServices,
  ctx: RequestContext,
  q: { pageNumber: number; pageSize: number; referralSourceId?: number; unappliedOnly?: boolean },
): Promise<PaymentList> {
  requireBillingUser(ctx);
  const filter = { referralSourceId: q.referralSourceId, unappliedOnly: q.unappliedOnly };
  const [rows, [count]] = await Promise.all([
    repo.listPaymentsPage(services.db, filter, q),
    repo.countPayments(services.db, filter),
  ]);
  return { rows: rows.map(toPayment), paging: pagingOf(q, count?.n ?? 0) };
}

/** POST /api/operation/payments/:id/apply */
export async function applyPayment(
  services: AppServices,
  ctx: RequestContext,
  paymentId: number,
  input: ApplyPayment,
) {
  const actor = requireBillingUser(ctx);
  await services.db.transaction(async (tx) => {
    const payment = await repo.findPayment(tx, paymentId, true);
    if (!payment) throw notFound(PAYMENT);
    const ids = input.applications.map((a) => a.invoiceId);
    const twice = ids.findIndex((id, index) => ids.indexOf(id) !== index);
    if (twice >= 0) throw badRequest(`applications.${twice}.invoiceId`, 'is listed twice');
    const invoices = new Map((await lockInvoices(tx, ids)).map((row) => [row.invoice.id, row]));
    input.applications.forEach((application, index) => {
      const invoice = invoices.get(application.invoiceId);
      if (!invoice) throw badRequest(`applications.${index}.invoiceId`, 'is not a known invoice');
      if (invoice.invoice.referralSourceId !== payment.payment.referralSourceId)
        throw badRequest(`applications.${index}.invoiceId`, BILLING_MESSAGES.otherOrganization);
      const balance = balanceOf(invoice);
      if (application.amountCents > balance)
        throw badRequest(
          `applications.${index}.amountCents`,
          BILLING_MESSAGES.overBalance(formatCents(balance)),
        );
    });
    const left = payment.payment.amountCents - payment.appliedCents;
    if (sumCents(input.applications.map((a) => a.amountCents)) > left)
      throw badRequest('applications', BILLING_MESSAGES.overApplied(formatCents(left)));
    await repo.insertAllocations(
      tx,
      input.applications.map((a) => ({
        paymentId,
        invoiceId: a.invoiceId,
        amountCents: a.amountCents,
        appliedBy: actor.userId,
      })),
    );
    await publishBillingChange(tx, ['payment']);
    for (const invoice of invoices.values())
      await publishBillingChange(tx, [], 'updated', {
        id: invoice.invoice.id,
        referralSourceId: invoice.invoice.referralSourceId,
      });
    const from = `${payment.payment.method} ${payment.payment.reference}`;
    await insertInvoiceEvents(
      tx,
      input.applications.map((a) => ({
        invoiceId: a.invoiceId,
        kind: 'payment',
        detail: `${formatCents(a.amountCents)} applied from ${from}`,
        userId: actor.userId,
      })),
    );
    await recordAudit(tx, ctx, {
      entity: PAYMENT,
      entityId: paymentId,
      action: 'UPDATE',
      diff: { applied: { before: null, after: input.applications } },
    });
  });
  const row = await repo.findPayment(services.db, paymentId);
  return { message: BILLING_MESSAGES.paymentApplied, payment: toPayment(row!) };
}
