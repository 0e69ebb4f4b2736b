// The broadcast's reads and writes in SQL (decision 065): one statement each, so a broadcast to thousands is a
// handful of round trips. Id lists go to PostgreSQL as one int[] literal (not one parameter per id).
import { sql } from 'drizzle-orm';
import type { Broadcast, BroadcastRecipient, BroadcastRecipientStatus } from '@carelane/shared-domain';
import { queryRows, type Executor } from '../../../db/client';

/** `ids` as one PostgreSQL int[] parameter. */
export const intArray = (ids: readonly number[]) => sql`${`{${ids.map(Number).join(',')}}`}::int[]`;

type BroadcastRow = {
  id: number;
  episode_id: number;
  episode_title: string | null;
  visit_ids: number[] | string;
  status: Broadcast['status'];
  recipient_count: number;
  sent_count: number;
  skipped_count: number;
  failed_count: number;
  sms_blocked_ids: number[] | string;
  created_at: Date | string;
  created_by_name: string | null;
  finished_at: Date | string | null;
};

/** PGlite and node-postgres both answer int[] as arrays; a text form is parsed just in case. */
export const intsOf = (value: number[] | string | null): number[] =>
  Array.isArray(value)
    ? value.map(Number)
    : value
      ? value.replace(/[{}]/g, '').split(',').filter(Boolean).map(Number)
      : [];
const iso = (value: Date | string) => new Date(value).toISOString();

export function toBroadcast(row: BroadcastRow): Broadcast & { smsBlockedIds: number[] } {
  return {
    id: Number(row.id),
    episodeId: Number(row.episode_id),
    episodeTitle: row.episode_title ?? '',
    visitIds: intsOf(row.visit_ids),
    status: row.status,
    recipientCount: Number(row.recipient_count),
    sentCount: Number(row.sent_count),
    skippedCount: Number(row.skipped_count),
    failedCount: Number(row.failed_count),
    createdAt: iso(row.created_at),
    createdByName: row.created_by_name,
    finishedAt: row.finished_at ? iso(row.finished_at) : null,
    smsBlockedIds: intsOf(row.sms_blocked_ids),
  };
}

const BROADCAST_SELECT = sql`select b.*, e.title as episode_title,
    nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') as created_by_name
  from broadcasts b
  join episodes e on e.id = b.episode_id
  left join users u on u.id = b.created_by_user_id`;

export async function findBroadcast(ex: Executor, id: number) {
  const [row] = await queryRows<BroadcastRow>(ex, sql`${BROADCAST_SELECT} where b.id = ${id}`);
  return row ? toBroadcast(row) : null;
}

export async function findByKey(ex: Executor, userId: number, key: string) {
  const [row] = await queryRows<BroadcastRow>(
    ex,
    sql`${BROADCAST_SELECT} where b.created_by_user_id = ${userId} and b.idempotency_key = ${key}`,
  );
  return row ? toBroadcast(row) : null;
}

export async function listBroadcasts(
  ex: Executor,
  page: { pageNumber: number; pageSize: number; episodeId?: number },
) {
  const where = page.episodeId ? sql`where b.episode_id = ${page.episodeId}` : sql``;
  const rows = await queryRows<BroadcastRow>(
    ex,
    sql`${BROADCAST_SELECT} ${where} order by b.created_at desc, b.id desc
      limit ${page.pageSize} offset ${(page.pageNumber - 1) * page.pageSize}`,
  );
  const [count] = await queryRows<{ n: number }>(
    ex,
    sql`select count(*)::int as n from broadcasts b ${where}`,
  );
  return { rows: rows.map(toBroadcast), totalCount: Number(count?.n ?? 0) };
}

export async function listRecipients(
  ex: Executor,
  broadcastId: number,
  page: { pageNumber: number; pageSize: number; status?: BroadcastRecipientStatus },
): Promise<{ rows: BroadcastRecipient[]; totalCount: number }> {
  const where = sql`where r.broadcast_id = ${broadcastId} ${page.status ? sql`and r.status = ${page.status}` : sql``}`;
  const rows = await queryRows<{
    provider_id: number;
    name: string;
    credential_state: number | null;
    status: BroadcastRecipientStatus;
    channels: string[] | string;
    reason: string | null;
  }>(
    ex,
    sql`select r.provider_id, p.given_name || ' ' || p.family_name as name, p.credential_state, r.status,
        r.channels, r.reason
      from broadcast_recipients r join providers p on p.id = r.provider_id
      ${where}
      order by p.family_name, p.given_name, r.provider_id
      limit ${page.pageSize} offset ${(page.pageNumber - 1) * page.pageSize}`,
  );
  const [count] = await queryRows<{ n: number }>(
    ex,
    sql`select count(*)::int as n from broadcast_recipients r ${where}`,
  );
  return {
    rows: rows.map((r) => ({
      providerId: Number(r.provider_id),
      name: r.name,
      credentialState: Number(r.credential_state ?? 0),
      status: r.status,
      channels: (Array.isArray(r.channels)
        ? r.channels
        : r.channels.replace(/[{}]/g, '').split(',').filter(Boolean)) as BroadcastRecipient['channels'],
      reason: r.reason,
    })),
    totalCount: Number(count?.n ?? 0),
  };
}
