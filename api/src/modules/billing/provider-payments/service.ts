// Clinicians' pay (issue 13, decision 029): the pay of each approved visit by the rate engine, Ready For Export
// until a NACHA file pays it; the export, which builds the file, validates it, and writes the file, the pay rows
// and the fines and adjustments it settled in one transaction (a failure anywhere leaves none of them).
import {
  BILLABLE_VISIT_STATUSES,
  PAY_MESSAGES,
  PROVIDER_PAYMENTS_MAX_DAYS,
  buildNachaFile,
  clampDateRange,
  netPay,
  validateNachaFile,
  type CreateNachaFile,
  type NachaCredit,
  type NachaFile,
  type ProviderPay,
  type ProviderPaymentList,
  type ProviderPaymentsQuery,
} from '@carelane/shared-domain';
import dayjs from 'dayjs';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../../lib/errors';
import { seal, unseal } from '../../../lib/blob-cipher';
import { dataKeys } from '../../../lib/data-key';
import { localIsoDate } from '../../../lib/local-date';
import { pagingOf } from '../../../lib/paging';
import { recordAudit } from '../../../services/audit';
import { noteRead, patientIdsOf } from '../../../services/access-log';
import type { AppServices } from '../../../services/app-services';
import { requireActor, type RequestContext } from '../../../services/context';
import { findBankAccounts } from '../bank-accounts/repository';
import { openAccounts } from '../bank-accounts/service';
import { isPayStaff, payScope, requirePayStaff, type BillingServices } from '../access';
import { price } from '../pricing';
import { FILE_ID_MODIFIERS, NACHA_ORIGINATOR } from './originator';
import * as repo from './repository';
import { publishBillingChange } from '../billing-events';

const NACHA_FILE = 'NACHA file';

/** SPEC §9/§5: dates of service from 30 days ago to 30 days ahead, at most 180 days (the end moved to fit). */
function payRange(q: { startDate?: string; endDate?: string }) {
  const today = dayjs(localIsoDate(new Date()));
  const start = q.startDate ?? today.subtract(30, 'day').format('YYYY-MM-DD');
  const end = q.endDate ?? today.add(30, 'day').format('YYYY-MM-DD');
  const clamped = clampDateRange(
    { start: dayjs(start).toDate(), end: dayjs(end).toDate() },
    PROVIDER_PAYMENTS_MAX_DAYS,
  );
  return { startDate: localIsoDate(clamped.start), endDate: localIsoDate(clamped.end) };
}

/** GET /api/operation/providerPayments: Ready For Export first (oldest first), then Exported (newest first). */
export async function listProviderPayments(
  services: AppServices,
  ctx: RequestContext,
  q: ProviderPaymentsQuery,
): Promise<ProviderPaymentList> {
  const range = payRange(q);
  const filter = { providerId: await payScope(services, ctx, q.providerId), ...range };
  const ex = services.db;
  const wantReady = q.status !== 'Exported';
  const wantExported = q.status !== 'ReadyForExport';
  const [readyCount, exportedCount] = await Promise.all([
    wantReady ? repo.countReady(ex, filter) : 0,
    wantExported ? repo.countExported(ex, filter) : 0,
  ]);
  const offset = (q.pageNumber - 1) * q.pageSize;
  const ready = wantReady && offset < readyCount ? await repo.listReady(ex, filter, q.pageSize, offset) : [];
  const left = q.pageSize - ready.length;
  const exported =
    wantExported && left > 0
      ? await repo.listExported(ex, filter, left, Math.max(0, offset - readyCount))
      : [];
  const withAccounts = new Set(
    (
      await findBankAccounts(ex, [
        ...new Set([...ready.map((r) => r.visit.providerId!), ...exported.map((r) => r.pay.providerId)]),
      ])
    ).map((a) => a.providerId),
  );
  const rows: ProviderPay[] = [
    ...ready.map((row) => {
      const priced = price(row);
      return {
        visitId: row.visit.id,
        dateOfService: row.visit.dateOfService,
        providerId: row.visit.providerId!,
        clinicianName: row.clinicianName,
        patientName: row.patientName,
        organizationName: row.organizationName,
        visitType: row.visitType,
        status: 'ReadyForExport' as const,
        amountCents: priced.clinicianCents,
        breakdown: priced.breakdown,
        problem: priced.problem,
        hasBankAccount: withAccounts.has(row.visit.providerId!),
        nachaFileId: null,
        exportedAt: null,
      };
    }),
    ...exported.map((row) => ({
      visitId: row.pay.visitId,
      dateOfService: row.pay.dateOfService,
      providerId: row.pay.providerId,
      clinicianName: row.clinicianName,
      patientName: row.patientName,
      organizationName: row.organizationName,
      visitType: row.visitType,
      status: 'Exported' as const,
      amountCents: row.pay.amountCents,
      breakdown: row.pay.breakdown,
      problem: null,
      hasBankAccount: withAccounts.has(row.pay.providerId),
      nachaFileId: row.pay.nachaFileId,
      exportedAt: row.exportedAt.toISOString(),
    })),
  ];
  noteRead(ctx, {
    kind: 'payList',
    entityId: null,
    patientIds: patientIdsOf([...ready.map((row) => row.visit), ...exported]),
  });
  return { rows, paging: pagingOf(q, readyCount + exportedCount), ...range };
}

/**
 * POST /api/operation/nachaFiles: pays the chosen Ready For Export visits, one credit per clinician (their visits'
 * pay, plus applied payable adjustments, less Active fines: netPay), in a file validated before it is released.
 */
export async function releaseNachaFile(
  services: BillingServices,
  ctx: RequestContext,
  input: CreateNachaFile,
): Promise<{ message: string; file: NachaFile }> {
  const actor = requirePayStaff(ctx);
  const ids = [...new Set(input.visitIds)];
  const field = (visitId: number) => `visitIds.${input.visitIds.indexOf(visitId)}`;
  const now = new Date();
  const effectiveDate = input.effectiveDate ?? dayjs(localIsoDate(now)).add(1, 'day').format('YYYY-MM-DD');
  const fileId = await services.db.transaction(async (tx) => {
    const rows = await repo.lockVisitsToPay(tx, ids);
    const found = new Map(rows.map((row) => [row.visit.id, row]));
    // After the lock: a concurrent export of the same visits has committed its pay rows, or has not begun.
    const exported = await repo.exportedVisitIds(tx, ids);
    for (const id of ids) {
      if (exported.has(id))
        throw conflict(`Visit ${id} ${PAY_MESSAGES.alreadyExported}.`, 'ALREADY_EXPORTED');
      const row = found.get(id);
      if (!row) throw badRequest(field(id), 'is not a known visit');
      if (!(BILLABLE_VISIT_STATUSES as readonly string[]).includes(row.visit.status) || !row.visit.providerId)
        throw badRequest(field(id), PAY_MESSAGES.notPayable);
    }
    const priced = rows.map(price);
    for (const p of priced)
      if (p.problem) throw badRequest(field(p.row.visit.id), PAY_MESSAGES.unpriced(p.problem));
    const byClinician = new Map<number, typeof priced>();
    for (const p of priced) {
      const providerId = p.row.visit.providerId!;
      byClinician.set(providerId, [...(byClinician.get(providerId) ?? []), p]);
    }
    const clinicianIds = [...byClinician.keys()];
    const accounts = await openAccounts(services, tx, clinicianIds);
    const [finesOf, adjustmentsOf] = await Promise.all([
      repo.lockDeductibleFines(tx, clinicianIds),
      repo.lockPayableAdjustments(tx, clinicianIds),
    ]);
    const entries: NachaCredit[] = [];
    const settledFines: number[] = [];
    const settledAdjustments: number[] = [];
    for (const [providerId, pays] of byClinician) {
      const name = pays[0]!.row.clinicianName;
      const account = accounts.get(providerId);
      if (!account) throw badRequest(field(pays[0]!.row.visit.id), PAY_MESSAGES.noBankAccount(name));
      const net = netPay(
        pays.map((p) => p.clinicianCents),
        finesOf.filter((f) => f.providerId === providerId),
        adjustmentsOf.filter((a) => a.providerId === providerId),
      );
      if (net.netCents <= 0) throw badRequest(field(pays[0]!.row.visit.id), PAY_MESSAGES.notPositive(name));
      settledFines.push(...net.fineIds);
      settledAdjustments.push(...net.adjustmentIds);
      entries.push({
        ...account,
        amountCents: net.netCents,
        individualId: `CL${providerId}`,
        individualName: name,
      });
    }
    const modifier = FILE_ID_MODIFIERS[(await repo.filesToday(tx)) % FILE_ID_MODIFIERS.length]!;
    const text = buildNachaFile({
      originator: NACHA_ORIGINATOR,
      createdAt: now,
      effectiveEntryDate: effectiveDate,
      fileIdModifier: modifier,
      entries,
    });
    const check = validateNachaFile(text);
    if (!check.ok)
      throw new AppError(
        500,
        'NACHA_INVALID',
        PAY_MESSAGES.fileInvalid,
        check.problems
          .slice(0, 20)
          .map((p) => ({ field: `line ${p.line ?? '-'} ${p.field}`, message: p.message })),
      );
    const fileId = await repo.insertFile(tx, {
      fileName: `carelane-${localIsoDate(now)}-${modifier}.ach`,
      // The file names every paid clinician's account number: kept sealed, like the accounts (decision 035).
      contentSealed: seal(dataKeys(services.config), text),
      effectiveDate,
      entryCount: check.summary.entryCount,
      totalCreditCents: check.summary.totalCreditCents,
      createdBy: actor.userId,
    });
    await repo.insertPay(
      tx,
      priced.map((p) => ({
        providerId: p.row.visit.providerId!,
        visitId: p.row.visit.id,
        dateOfService: p.row.visit.dateOfService,
        amountCents: p.clinicianCents,
        breakdown: p.breakdown,
        nachaFileId: fileId,
      })),
    );
    await repo.markDeducted(tx, fileId, settledFines, settledAdjustments);
    await publishBillingChange(tx, ['providerPay', 'nachaFile', 'fine', 'adjustment']);
    await recordAudit(tx, ctx, {
      entity: NACHA_FILE,
      entityId: fileId,
      action: 'CREATE',
      after: {
        visits: ids.length,
        entries: check.summary.entryCount,
        totalCreditCents: check.summary.totalCreditCents,
        fines: settledFines,
        adjustments: settledAdjustments,
      },
    });
    return fileId;
  });
  const file = await repo.findFile(services.db, fileId);
  return { message: PAY_MESSAGES.fileReleased(ids.length), file: toNachaFile(file!) };
}

function toNachaFile(row: NonNullable<Awaited<ReturnType<typeof repo.findFile>>>): NachaFile {
  return {
    id: row.id,
    fileName: row.fileName,
    effectiveDate: row.effectiveDate,
    entryCount: row.entryCount,
    totalCreditCents: row.totalCreditCents,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy,
  };
}

/** GET /api/operation/nachaFiles */
export async function listNachaFiles(services: AppServices, ctx: RequestContext) {
  requirePayStaff(ctx);
  return { rows: (await repo.listFiles(services.db)).map(toNachaFile) };
}

/**
 * GET /api/operation/nachaFiles/:id: the file as released, opened from its seal, to pay staff only. Every attempt
 * is an entry of the audit log (the file's entity and id, READ, ALLOWED or REFUSED; decision 035), written before
 * the file or the refusal is answered.
 */
export async function nachaFileText(services: BillingServices, ctx: RequestContext, id: number) {
  const allowed = isPayStaff(requireActor(ctx));
  const file = allowed ? await repo.findFile(services.db, id) : undefined;
  const kept = file && (await repo.findFileText(services.db, id));
  const download = { entity: NACHA_FILE, entityId: id, action: 'READ', diff: null } as const;
  if (!file || !kept) {
    await recordAudit(services.db, ctx, { ...download, outcome: 'REFUSED' });
    throw allowed ? notFound(NACHA_FILE) : forbidden();
  }
  const content = kept.content ?? unseal(dataKeys(services.config), kept.contentSealed!);
  await recordAudit(services.db, ctx, { ...download, outcome: 'ALLOWED' });
  return { fileName: file.fileName, content };
}
