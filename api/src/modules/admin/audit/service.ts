import type { AppServices } from '../../../services/app-services';
import { badRequest } from '../../../lib/errors';
import { pagingOf } from '../../../lib/paging';
import { AUDIT_COUNT_CAP, listAuditEntries, type AuditListQuery } from './repository';

const DAY_MS = 86_400_000;

/** The audit log page: default the last 30 days. */
export async function listAudit(services: AppServices, q: AuditListQuery) {
  const end = q.endDate ? new Date(q.endDate) : new Date();
  const start = q.startDate ? new Date(q.startDate) : new Date(end.getTime() - 30 * DAY_MS);
  if (Number.isNaN(start.getTime())) throw badRequest('startDate', 'is not a date');
  if (Number.isNaN(end.getTime())) throw badRequest('endDate', 'is not a date');
  const { rows, totalCount } = await listAuditEntries(services.db, q, start, end);
  return {
    auditList: rows.map((r) => ({
      ...r,
      at: r.at.toISOString(),
      action: r.action as never,
      outcome: r.outcome as never,
    })),
    auditCount: totalCount,
    paging: pagingOf(q, totalCount, AUDIT_COUNT_CAP),
  };
}
