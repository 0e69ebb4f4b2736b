// Payments and what each applied: the SQL. A payment's applied amount is the sum of its allocations.
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { paymentAllocations, payments, referralSources } from '../../../db/schema';
import type { Executor } from '../../../db/client';

const appliedCents = sql<number>`coalesce((select sum(a.amount_cents) from ${paymentAllocations} a
  where a.payment_id = ${payments.id}), 0)::bigint`.mapWith(Number);

function selectPayments(ex: Executor) {
  return ex
    .select({ payment: payments, organizationName: referralSources.name, appliedCents })
    .from(payments)
    .innerJoin(referralSources, eq(referralSources.id, payments.referralSourceId));
}
export type PaymentRow = Awaited<ReturnType<typeof findPayment>>;

export type PaymentFilter = { referralSourceId?: number; unappliedOnly?: boolean };

function paymentWhere(f: PaymentFilter): SQL | undefined {
  return and(
    f.referralSourceId !== undefined ? eq(payments.referralSourceId, f.referralSourceId) : undefined,
    f.unappliedOnly ? sql`${appliedCents} < ${payments.amountCents}` : undefined,
  );
}

export function listPaymentsPage(
  ex: Executor,
  filter: PaymentFilter,
  page: { pageNumber: number; pageSize: number },
) {
  return selectPayments(ex)
    .where(paymentWhere(filter))
    .orderBy(desc(payments.receivedOn), desc(payments.id))
    .limit(page.pageSize)
    .offset((page.pageNumber - 1) * page.pageSize);
}

export function countPayments(ex: Executor, filter: PaymentFilter) {
  return ex
    .select({ n: sql<number>`count(*)::int` })
    .from(payments)
    .where(paymentWhere(filter));
}

export async function findPayment(ex: Executor, id: number, lock = false) {
  const query = selectPayments(ex).where(eq(payments.id, id));
  const [row] = await (lock ? query.for('update', { of: payments }) : query);
  return row;
}

export async function insertPayment(tx: Executor, payment: typeof payments.$inferInsert) {
  const [row] = await tx.insert(payments).values(payment).returning({ id: payments.id });
  return row!.id;
}

export async function insertAllocations(tx: Executor, rows: (typeof paymentAllocations.$inferInsert)[]) {
  await tx.insert(paymentAllocations).values(rows);
}

/** Waits for any other payment being recorded for the organization (until its transaction ends). */
export async function lockOrganizationPayments(tx: Executor, referralSourceId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('carelane.payments'), ${referralSourceId})`);
}

/** A payment of the organization with the same reference (any case), amount and received date, if any. */
export async function findSamePayment(
  ex: Executor,
  p: { referralSourceId: number; reference: string; amountCents: number; receivedOn: string },
) {
  const [row] = await selectPayments(ex)
    .where(
      and(
        eq(payments.referralSourceId, p.referralSourceId),
        sql`lower(${payments.reference}) = lower(${p.reference})`,
        eq(payments.amountCents, p.amountCents),
        eq(payments.receivedOn, p.receivedOn),
      ),
    )
    .orderBy(payments.id)
    .limit(1);
  return row;
}

/** The payment a user recorded with this Idempotency-Key, if any. */
export async function findByIdempotencyKey(ex: Executor, userId: number, key: string) {
  const [row] = await selectPayments(ex).where(
    and(eq(payments.createdBy, userId), eq(payments.idempotencyKey, key)),
  );
  return row;
}
