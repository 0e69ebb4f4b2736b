import { pagingOf } from '../../../lib/paging';
import type { AppServices } from '../../../services/app-services';
import { listOutboxRows, type OutboxListQuery } from './repository';

export async function listOutbox(services: AppServices, q: OutboxListQuery) {
  const { rows, totalCount } = await listOutboxRows(services.db, q);
  return {
    rows: rows.map((r) => ({
      id: r.id,
      channel: r.channel === 'sms' ? ('sms' as const) : ('email' as const),
      to: r.to,
      cc: r.cc,
      bcc: r.bcc,
      subject: r.subject,
      body: r.body,
      status: r.status as 'PENDING' | 'SENDING' | 'SENT' | 'FAILED',
      attempts: r.attempts,
      lastError: r.lastError,
      createdAt: r.createdAt.toISOString(),
      sentAt: r.sentAt?.toISOString() ?? null,
    })),
    paging: pagingOf(q, totalCount),
  };
}
