import { sql } from 'drizzle-orm';
import { AUDIT_RETENTION_YEARS } from '@carelane/shared-domain';
import { queryRows, type Db } from '../db/client';

/** Months of partitions kept ready ahead of the current one. */
const MONTHS_AHEAD = 2;
const DAY_MS = 86_400_000;

/** The first instant of the oldest month still inside the retention period. */
export function retentionStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear() - AUDIT_RETENTION_YEARS, now.getUTCMonth(), 1));
}

/**
 * The audit log's monthly partitions (migration 0007): this month's and the next ones exist before an entry
 * needs them, and whole months older than the retention period are dropped. Nothing inside it is removed.
 */
export async function maintainAuditPartitions(db: Db, now = new Date()): Promise<{ dropped: number }> {
  for (let i = 0; i <= MONTHS_AHEAD; i++) {
    const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + i, 1));
    await db.execute(sql`select carelane_audit_partition(${month.toISOString()}::timestamptz)`);
  }
  const [row] = await queryRows<{ dropped: number }>(
    db,
    sql`select carelane_drop_audit_partitions(${retentionStart(now).toISOString()}::timestamptz) as dropped`,
  );
  return { dropped: Number(row?.dropped ?? 0) };
}

/** Runs maintainAuditPartitions now and once a day; returns the stop function. */
export function startAuditPartitionJob(db: Db, onError: (error: unknown) => void): () => void {
  const run = () => void maintainAuditPartitions(db).catch(onError);
  run();
  const timer = setInterval(run, DAY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
