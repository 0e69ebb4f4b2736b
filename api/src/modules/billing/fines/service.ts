// Fines (issue 13): billing staff fine a clinician (a missed visit, late notes …); an Active fine is deducted from
// the clinician's next export (netPay). The clinician may contest it ('Fine contested.': held, not deducted),
// staff may remove it ('Fine removed.', kept with why) or uphold a contested one (Active again). A fine an export
// has deducted is settled: it is corrected by a payable adjustment, not changed.
import {
  FINE_MESSAGES,
  type FINE_KINDS,
  PAY_MESSAGES,
  type Fine,
  type FineInput,
  type FineVisit,
} from '@carelane/shared-domain';
import { badRequest, forbidden, notFound } from '../../../lib/errors';
import { pagingOf } from '../../../lib/paging';
import { noteRead, patientIdsOf } from '../../../services/access-log';
import { recordAudit } from '../../../services/audit';
import type { AppServices } from '../../../services/app-services';
import { requireActor, type RequestContext } from '../../../services/context';
import { ownClinicianId } from '../../clinicians/access';
import { clinicianExists } from '../bank-accounts/repository';
import { payScope, requirePayStaff } from '../access';
import * as repo from './repository';
import { publishBillingChange } from '../billing-events';

const FINE = 'Fine';

function toFine(row: repo.FineRow): Fine {
  const f = row.fine;
  return {
    id: f.id,
    providerId: f.providerId,
    clinicianName: row.clinicianName,
    visitId: f.visitId,
    kind: f.kind as (typeof FINE_KINDS)[number],
    amountCents: f.amountCents,
    reason: f.reason,
    status: f.status as Fine['status'],
    contestNote: f.contestNote,
    removedNote: f.removedNote,
    nachaFileId: f.nachaFileId,
    createdAt: f.createdAt.toISOString(),
  };
}

/** GET /api/operation/fines: staff all (or one clinician's), a clinician their own. */
export async function listFines(
  services: AppServices,
  ctx: RequestContext,
  q: { pageNumber: number; pageSize: number; providerId?: number; status: string },
) {
  const filter = { providerId: await payScope(services, ctx, q.providerId), status: q.status };
  const [rows, total] = await Promise.all([
    repo.listFines(services.db, filter, q),
    repo.countFines(services.db, filter),
  ]);
  return { rows: rows.map(toFine), paging: pagingOf(q, total) };
}

/** GET /api/operation/fines/visits: the clinician's visits a fine may be for (billing staff). */
export async function fineableVisits(
  services: AppServices,
  ctx: RequestContext,
  providerId: number,
): Promise<{ rows: FineVisit[] }> {
  requirePayStaff(ctx);
  const rows = await repo.listFineableVisits(services.db, providerId);
  noteRead(ctx, { kind: 'billingVisitList', entityId: null, patientIds: patientIdsOf(rows) });
  return { rows: rows.map(({ patientId: _patientId, ...row }) => row) };
}

/** POST /api/operation/fines */
export async function createFine(services: AppServices, ctx: RequestContext, input: FineInput) {
  const actor = requirePayStaff(ctx);
  const id = await services.db.transaction(async (tx) => {
    if (!(await clinicianExists(tx, input.providerId)))
      throw badRequest('providerId', 'is not a known clinician');
    if (input.visitId !== undefined && !(await repo.isFineableVisit(tx, input.providerId, input.visitId)))
      throw badRequest('visitId', FINE_MESSAGES.notTheirVisit);
    const fineId = await repo.insertFine(tx, { ...input, createdBy: actor.userId });
    await recordAudit(tx, ctx, { entity: FINE, entityId: fineId, action: 'CREATE', after: input });
    await publishBillingChange(tx, ['fine'], 'created');
    return fineId;
  });
  return { message: PAY_MESSAGES.fineAdded, fine: toFine((await repo.findFine(services.db, id))!) };
}

async function changeFine(
  services: AppServices,
  ctx: RequestContext,
  id: number,
  /** What to set; runs inside the transaction, so it must not query outside it. */
  change: (row: repo.FineRow, actorId: number) => Promise<Parameters<typeof repo.updateFine>[2]>,
) {
  const actor = requireActor(ctx);
  await services.db.transaction(async (tx) => {
    const row = await repo.findFine(tx, id, true);
    if (!row) throw notFound(FINE);
    if (row.fine.nachaFileId !== null)
      throw badRequest('id', 'was deducted by an export already: correct it with a payable adjustment');
    const set = await change(row, actor.userId);
    await repo.updateFine(tx, id, set);
    await publishBillingChange(tx, ['fine']);
    await recordAudit(tx, ctx, {
      entity: FINE,
      entityId: id,
      action: 'UPDATE',
      before: row.fine,
      after: { ...row.fine, ...set },
    });
  });
  return toFine((await repo.findFine(services.db, id))!);
}

/** POST /api/operation/fines/:id/contest: the fined clinician says why it is wrong; held until staff decide. */
export async function contestFine(services: AppServices, ctx: RequestContext, id: number, note: string) {
  const own = await ownClinicianId(services.db, requireActor(ctx)).catch(() => null);
  const fine = await changeFine(services, ctx, id, async (row) => {
    if (own !== row.fine.providerId) throw forbidden('Only the fined clinician can contest a fine.');
    if (row.fine.status !== 'Active') throw badRequest('id', PAY_MESSAGES.fineNotActive);
    return { status: 'Contested', contestNote: note, contestedAt: new Date() };
  });
  return { message: PAY_MESSAGES.fineContested, fine };
}

/** POST /api/operation/fines/:id/remove */
export async function removeFine(services: AppServices, ctx: RequestContext, id: number, note: string) {
  requirePayStaff(ctx);
  const fine = await changeFine(services, ctx, id, async (row, actorId) => {
    if (row.fine.status === 'Removed') throw badRequest('id', PAY_MESSAGES.fineRemovedAlready);
    return { status: 'Removed', removedNote: note, removedBy: actorId, removedAt: new Date() };
  });
  return { message: PAY_MESSAGES.fineRemoved, fine };
}

/** POST /api/operation/fines/:id/uphold: a contested fine stands (Active again, deducted at the next export). */
export async function upholdFine(services: AppServices, ctx: RequestContext, id: number) {
  requirePayStaff(ctx);
  const fine = await changeFine(services, ctx, id, async (row) => {
    if (row.fine.status !== 'Contested') throw badRequest('id', 'is not contested');
    return { status: 'Active' };
  });
  return { message: PAY_MESSAGES.fineUpheld, fine };
}
